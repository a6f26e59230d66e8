//! Why a frontier count gave no number.

use kt_board::{Board, TourKind};

use crate::report::LevelReport;
use crate::state;

/// Why a frontier count gave no number.
#[derive(Debug, thiserror::Error)]
pub enum FrontierError {
    /// The frontier is too wide for the state packing (more than
    /// `state::MAX_SLOTS` slots).
    #[error(
        "{board} {kind}: the frontier method packs at most {} frontier slots into a state, and this board's frontier has {slots} (its short side is {})",
        state::MAX_SLOTS,
        .board.rows().min(.board.cols())
    )]
    TooWide {
        board: Board,
        kind: TourKind,
        slots: usize,
    },
    /// The cancel flag was raised; the levels finished before it.
    #[error("stopped after {steps_done} steps")]
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
    #[error("cannot spill a level to disk: {0}")]
    Io(std::io::Error),
    /// A checkpoint could not be written.
    #[error("{0}")]
    Checkpoint(String),
    /// The checkpoint to resume from is damaged, or belongs to another
    /// board or kind.
    #[error("{0}")]
    Resume(String),
    /// The order asked for is of another board, or not every square of
    /// its board once (why; the caller names the option it came from).
    #[error("the order of the squares: {0}")]
    Order(String),
    /// A sum of weights passed the width chosen for its step
    /// (`weight.rs`): the sweep stopped rather than go on with a weight
    /// that wrapped. The bound that chooses the width makes this
    /// unreachable but where a test forces a width too narrow.
    #[error(
        "at step {step}, a weight passed the {bits}-bit width chosen for it; the count stopped rather than go on with a wrong weight"
    )]
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
    #[error("{0}")]
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

impl From<std::io::Error> for FrontierError {
    fn from(e: std::io::Error) -> FrontierError {
        FrontierError::from_io(e)
    }
}
