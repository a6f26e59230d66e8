//! Why a frontier count gave no number.

use std::fmt;

use kt_board::{Board, TourKind};

use crate::report::LevelReport;
use crate::state;

/// Why a frontier count gave no number.
#[derive(Debug)]
pub enum FrontierError {
    /// The frontier is too wide for the state packing (more than
    /// `state::MAX_SLOTS` slots).
    TooWide {
        board: Board,
        kind: TourKind,
        slots: usize,
    },
    /// The cancel flag was raised; the levels finished before it.
    Cancelled { levels: Vec<LevelReport> },
    /// A spill file could not be written or read.
    Io(std::io::Error),
    /// A checkpoint could not be written.
    Checkpoint(String),
    /// The checkpoint to resume from is damaged, or belongs to another
    /// board or kind.
    Resume(String),
    /// The order asked for is of another board, or not every square of
    /// its board once (why; the caller names the option it came from).
    Order(String),
}

impl fmt::Display for FrontierError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrontierError::TooWide { board, kind, slots } => write!(
                f,
                "{board} {kind}: the frontier method packs at most {} frontier slots into a state, and this board's frontier has {slots} (its short side is {})",
                state::MAX_SLOTS,
                board.rows().min(board.cols())
            ),
            FrontierError::Cancelled { levels } => {
                write!(f, "stopped after {} steps", levels.len())
            }
            FrontierError::Io(e) => write!(f, "cannot spill a level to disk: {e}"),
            FrontierError::Checkpoint(why) | FrontierError::Resume(why) => f.write_str(why),
            FrontierError::Order(why) => write!(f, "the order of the squares: {why}"),
        }
    }
}

impl std::error::Error for FrontierError {}

impl From<std::io::Error> for FrontierError {
    fn from(e: std::io::Error) -> FrontierError {
        FrontierError::Io(e)
    }
}
