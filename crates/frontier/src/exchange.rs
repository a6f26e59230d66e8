//! The seam a sweep spread over several processes plugs into: the level
//! loop ([`run`]) is kt-frontier's, written once; the other side
//! implements [`Exchange`] (where a step's successors go, how a step's
//! figures become the level's, where a level starts and where its
//! checkpoint goes; `kt-distributed` is such a side, over timely).
//!
//! These are the types such a side handles, and no more: a level and its
//! builder ([`Level`], [`Builder`], [`Sink`], read back as [`RunMerge`]
//! partitions; a round hands them over as an [`Expansion`]), where its runs
//! are kept ([`Store`]), the threads that expand it ([`Workers`],
//! [`expand`], [`Successors`]), the packed state ([`Key`], whose digits are
//! the frontier's degrees and mates, docs/frontier.md) and its [`Weight`].
//! The modules behind them (runs, merging, the state encoding, the
//! transition tables) stay private to kt-frontier, so that they can change
//! without a caller noticing.

pub use crate::count::key_bits;
pub use crate::level::{Builder, Level, Sink};
pub use crate::merge::RunMerge;
pub use crate::state::{Digits, Key};
pub use crate::step::{Expanded, Successors, expand};
pub use crate::store::Store;
pub use crate::sweep_loop::{Exchange, Expansion, Looping, Started, StepFigures, Swept, run};
pub use crate::transition::Transition;
pub use crate::weight::{Total, Weight, WeightOverflow};
pub use crate::workers::Workers;
