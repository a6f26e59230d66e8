//! The integration tests of kt-frontier, one binary: each file beside this one
//! is a module of it, so the whole stack is linked once for them all, not
//! once a file (a fresh build of the suite spent minutes linking a binary
//! for each file). `cargo test -p kt-frontier --test frontier MODULE::` runs one
//! file's tests; `tests/module_layers.rs` checks that every file here is
//! named below.

mod by_end;
mod by_start;
mod ends;
mod long_runs;
mod mirror;
mod restricted;
mod zdd;
