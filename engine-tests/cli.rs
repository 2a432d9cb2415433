//! Black-box tests of the real binary (cli): see the module body.

mod common;
