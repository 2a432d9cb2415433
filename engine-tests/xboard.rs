//! Black-box tests of the real binary (xboard): see the module body.

mod common;
