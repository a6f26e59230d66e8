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
    Cancelled {
        levels: Vec<LevelReport>,
        /// The steps finished, a resumed checkpoint's included: in a
        /// sweep of every prefix, the answers of the prefixes of at most
        /// this many squares are final (a cycle of the first `m` squares
        /// closes at a step of one of them), and an interrupted sequence
        /// still gives its finished terms.
        steps_done: usize,
        /// A sweep of every prefix: the cycles found by prefix, as
        /// [`crate::SweepCount::prefixes`] (final up to `steps_done`).
        prefixes: Vec<(usize, num_bigint::BigUint)>,
    },
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
    /// A sum of weights passed the width chosen for its step
    /// (`weight.rs`): the sweep stopped rather than go on with a weight
    /// that wrapped. The bound that chooses the width makes this
    /// unreachable but where a test forces a width too narrow.
    WeightOverflow {
        /// The width, in bits, and the step that overflowed it.
        bits: u32,
        step: usize,
        /// A sweep of every prefix (or with tallies): what had closed by
        /// then, by prefix, final for every prefix up to the steps done
        /// (as [`FrontierError::Cancelled`]'s), so that the terms finished
        /// are not lost with the sweep.
        prefixes: Vec<(usize, num_bigint::BigUint)>,
    },
    /// A count's own check failed (a sweep with tallies whose tallies do
    /// not add up to twice its cycles): a bug, said rather than answered.
    Inconsistent(String),
}

impl FrontierError {
    /// An I/O error of the level store as the sweep's error: a weight
    /// overflow that a reader or writer carried comes back as itself.
    pub fn from_io(error: std::io::Error) -> FrontierError {
        match crate::weight::WeightOverflow::within(&error) {
            Some(overflow) => FrontierError::WeightOverflow {
                bits: overflow.bits,
                step: 0,
                prefixes: Vec::new(),
            },
            None => FrontierError::Io(error),
        }
    }

    /// The error with what a sweep had finished before it, where it can
    /// carry it: the prefixes' cycles closed in the steps done.
    #[must_use]
    pub fn with_finished(self, finished: &[(usize, num_bigint::BigUint)]) -> FrontierError {
        match self {
            FrontierError::WeightOverflow { bits, step, .. } => FrontierError::WeightOverflow {
                bits,
                step,
                prefixes: finished.to_vec(),
            },
            other => other,
        }
    }

    /// The error with the step it happened at, where it names one.
    #[must_use]
    pub fn at_step(self, at: usize) -> FrontierError {
        match self {
            FrontierError::WeightOverflow { bits, prefixes, .. } => FrontierError::WeightOverflow {
                bits,
                step: at,
                prefixes,
            },
            other => other,
        }
    }
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
            FrontierError::Cancelled { steps_done, .. } => {
                write!(f, "stopped after {steps_done} steps")
            }
            FrontierError::Io(e) => write!(f, "cannot spill a level to disk: {e}"),
            FrontierError::Checkpoint(why)
            | FrontierError::Resume(why)
            | FrontierError::Inconsistent(why) => f.write_str(why),
            FrontierError::Order(why) => write!(f, "the order of the squares: {why}"),
            FrontierError::WeightOverflow { bits, step, .. } => write!(
                f,
                "at step {step}, a weight passed the {bits}-bit width chosen for it; the count stopped rather than go on with a wrong weight"
            ),
        }
    }
}

impl std::error::Error for FrontierError {}

impl From<std::io::Error> for FrontierError {
    fn from(e: std::io::Error) -> FrontierError {
        FrontierError::from_io(e)
    }
}
