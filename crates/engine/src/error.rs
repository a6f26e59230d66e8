use std::fmt;

/// Why an engine operation did not produce a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The manager's inner-node capacity is exhausted.
    OutOfNodes { capacity: usize },
    /// A traversal's memo table reached its entry limit.
    MemoLimit { entries: usize },
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
            EngineError::MemoLimit { entries } => write!(
                f,
                "the traversal's memo table reached its limit of {entries} entries"
            ),
            EngineError::Interrupted => f.write_str("interrupted"),
            EngineError::Unsupported(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for EngineError {}
