//! The engines from libraries other than oxidd, one file each.
//!
//! An engine here implements [`crate::Engine`] with its library's own
//! operations where it has them (making nodes, intersection, union, its
//! own exact count if it has one) and [`crate::ReadNodes`], through which
//! [`crate::generic`] supplies the rest: the filtered rebuild, snapshots
//! and, where the library counts in floating point, the exact count.

mod biodivine;
#[cfg(feature = "buddy")]
mod buddy;
#[cfg(not(feature = "buddy"))]
mod unavailable;

pub use biodivine::{Biodivine, BiodivineFunc};
#[cfg(feature = "buddy")]
pub use buddy::Buddy;
/// BuDDy is not in this build (the `buddy` feature is off): a stand-in
/// that cannot be created, so that code naming `Buddy` still compiles and
/// [`crate::EngineKind::refusal`] says why before any work.
#[cfg(not(feature = "buddy"))]
pub type Buddy = unavailable::Unavailable;

pub(crate) const BIODIVINE_MAX_VARIABLES: crate::Var = biodivine::MAX_VARIABLES;
/// BuDDy's 22-bit level field, less the level its terminals take.
pub(crate) const BUDDY_MAX_VARIABLES: crate::Var = (1 << 21) - 1;
