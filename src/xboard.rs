//! The XBoard/CECP protocol (to be written).
