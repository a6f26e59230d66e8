//! The workspace's end-to-end tests, one binary: each file beside this
//! one is a module of it, so the whole stack is linked once for them all,
//! not once a file. `cargo test -p kt-tests --test workspace MODULE::`
//! runs one file's tests; `module_layers.rs` checks that every file here
//! is named below.

mod bfiles;
mod cluster;
mod engines_agree;
mod engines_and_schedules;
mod filters;
mod independent_counter;
mod module_layers;
mod orders;
mod published_counts;
mod questions;
mod shipped_tables;
mod tours_from_the_zdd;
