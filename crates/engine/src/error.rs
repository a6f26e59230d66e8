//! Why an engine operation did not produce a result.

use std::fmt;

use kt_memory::Bytes;

/// Why an engine operation did not produce a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The manager's inner-node capacity is exhausted.
    OutOfNodes { capacity: usize },
    /// A traversal's memo table cannot grow: the larger table would pass
    /// the memo's share of the memory budget (`limit`), or the system
    /// refused to allocate it (`limit` is `None`).
    MemoLimit {
        /// Entries held when growth was refused.
        entries: usize,
        /// Bytes growing needs: the old and the new table together when
        /// checked against a limit, the new table alone when refused.
        needed: usize,
        /// The memo's byte limit; `None` when the system refused the table.
        limit: Option<usize>,
    },
    /// A traversal was stopped from outside (Ctrl-C).
    Interrupted,
    /// The operation does not apply to this input on this engine.
    Unsupported(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::OutOfNodes { capacity } => write!(
                f,
                "the decision-diagram manager is full: its node capacity of {capacity} nodes is exhausted"
            ),
            EngineError::MemoLimit {
                entries,
                needed,
                limit: Some(limit),
            } => write!(
                f,
                "the filter's memo cannot grow past {entries} entries: growing it needs {}, \
                 more than its limit of {}",
                Bytes::of(*needed),
                Bytes::of(*limit)
            ),
            EngineError::MemoLimit {
                entries,
                needed,
                limit: None,
            } => write!(
                f,
                "the filter's memo cannot grow past {entries} entries: the system refused \
                 the {} its next table needs",
                Bytes::of(*needed)
            ),
            EngineError::Interrupted => f.write_str("interrupted"),
            EngineError::Unsupported(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for EngineError {}
