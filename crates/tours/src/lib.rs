//! Tours without decision diagrams.
