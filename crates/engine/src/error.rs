//! Why an engine operation did not produce a result.

use kt_memory::Bytes;

/// Why an engine operation did not produce a result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The manager's inner-node capacity is exhausted.
    #[error(
        "the decision-diagram manager is full: its node capacity of {capacity} nodes is exhausted"
    )]
    OutOfNodes { capacity: usize },
    /// A traversal's memo table cannot grow: the larger table would pass
    /// the memo's share of the memory budget (`limit`), or the system
    /// refused to allocate it (`limit` is `None`).
    #[error("{}", memo_limit(*.entries, *.needed, *.limit))]
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
    #[error("interrupted")]
    Interrupted,
    /// The operation does not apply to this input on this engine.
    #[error("{0}")]
    Unsupported(String),
}

/// [`EngineError::MemoLimit`]'s message: against a limit, or refused by the system.
fn memo_limit(entries: usize, needed: usize, limit: Option<usize>) -> String {
    match limit {
        Some(limit) => format!(
            "the filter's memo cannot grow past {entries} entries: growing it needs {}, \
             more than its limit of {}",
            Bytes::of(needed),
            Bytes::of(limit)
        ),
        None => format!(
            "the filter's memo cannot grow past {entries} entries: the system refused \
             the {} its next table needs",
            Bytes::of(needed)
        ),
    }
}
