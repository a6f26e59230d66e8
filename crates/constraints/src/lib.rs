//! The knight's-tour constraints of the N⁴ time-sliced encoding.
//!
//! A tour of an `r × c` board is the set of its (square, time) variables
//! ([`Encoding`]). The family of all tours is the intersection of
//!
//! * [`transition`]`(t)` for every `t = 0 .. cells−2`: one square at `t`, one
//!   at `t+1`, a knight's move apart;
//! * [`exactly_once`]`(s)` for every square `s`: `s` is visited at exactly
//!   one time step;
//! * for closed tours, [`closed_start`]: time 0 on (0,0), time 1 on (1,2),
//!   the last time on (2,1) — one representative per undirected cycle.
//!
//! Each constraint is built bottom-up, node by node, in descending variable
//! order, against the [`kt_engine::Engine`] trait, so that the same
//! definition builds a ZBDD, a BDD or a BCDD. The exactly-once constraints
//! also exist as one-pass filters ([`ExactlyOnce`], [`AllExactlyOnce`]) that
//! compute the same intersection without walking the constraint's
//! don't-care chains; see `docs/encoding.md` for the whole story.

mod all_exactly_once;
mod closed_start;
mod encoding;
mod exactly_once;
mod square_set;
mod transition;

pub use all_exactly_once::{AllExactlyOnce, MAX_SQUARES_ALL_AT_ONCE, Walk, apply_all_exactly_once};
pub use closed_start::{ClosedStartError, NoClosedStart, closed_squares, closed_start};
pub use encoding::{Encoding, EncodingError};
pub use exactly_once::{ExactlyOnce, exactly_once};
pub use square_set::SquareSet;
pub use transition::transition;
