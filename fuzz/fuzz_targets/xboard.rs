//! An XBoard (CECP) session fed any bytes through the engine's own stdin reader: it
//! never panics and always ends, searches kept tiny by the engine's sandbox.
#![no_main]

#[path = "sandbox.rs"]
mod sandbox;

use khun::protocol::Protocol;

libfuzzer_sys::fuzz_target!(init: sandbox::build_tables(), |data: &[u8]| {
    sandbox::serve(data, Protocol::Xboard)
});
