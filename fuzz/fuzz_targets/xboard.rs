//! An XBoard (CECP) session fed any bytes through the engine's own stdin reader: it
//! never panics and always ends, searches kept tiny by the engine's sandbox.
#![no_main]

#[path = "sandbox.rs"]
mod sandbox;

use khun::io::{Output, spawn_reader};
use khun::xboard::Xboard;
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

fuzz_target!(
    init: sandbox::build_tables(),
    |data: &[u8]| {
        let out = Arc::new(Output::new(Box::new(std::io::sink())));
        let mut session = Xboard::new(out);
        session.engine_mut().set_sandbox(Some(sandbox::SANDBOX));
        let input = spawn_reader(std::io::Cursor::new(data.to_vec()));
        session.run(None, &input);
    }
);
