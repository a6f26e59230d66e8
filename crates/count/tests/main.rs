//! The integration tests of kt-count, one binary: each file beside this one
//! is a module of it, so the whole stack is linked once for them all, not
//! once a file (a fresh build of the suite spent minutes linking a binary
//! for each file). `cargo test -p kt-count --test count MODULE::` runs one
//! file's tests; `tests/module_layers.rs` checks that every file here is
//! named below. `plan_once.rs` is a binary of its own: it counts the spans
//! of every thread of its process, so no other count may run beside it.

mod capabilities;
mod failures;
mod library_api;
mod report_json;
mod sequence_plan;
