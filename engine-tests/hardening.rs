//! Black-box tests of the real binary (hardening): see the module body.

mod common;
