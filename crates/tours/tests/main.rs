//! The integration tests of kt-tours, one binary: each file beside this one
//! is a module of it, so the whole stack is linked once for them all, not
//! once a file (a fresh build of the suite spent minutes linking a binary
//! for each file). `cargo test -p kt-tours --test tours MODULE::` runs one
//! file's tests; `tests/module_layers.rs` checks that every file here is
//! named below.

mod existence_vs_count;
mod find_sweep;
