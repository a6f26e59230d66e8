//! The integration tests of knights-tour, one binary: each file beside this one
//! is a module of it, so the whole stack is linked once for them all, not
//! once a file (a fresh build of the suite spent minutes linking a binary
//! for each file). `cargo test -p knights-tour --test driver MODULE::` runs one
//! file's tests; `tests/module_layers.rs` checks that every file here is
//! named below.

mod charts;
mod cli;
mod cluster;
mod common;
mod console_examples;
mod docs_agree;
mod hostile;
mod hostile_props;
mod json_docs;
mod sequence;
