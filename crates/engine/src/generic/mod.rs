//! Operations written once, in terms of the seam, for the engines that do
//! not have them: every engine that can show its nodes ([`ReadNodes`])
//! gets the filtered rebuild ([`filter`]), the snapshot ([`snapshot`]) and
//! an exact count ([`count`]) from here, whatever its library offers.
//!
//! BuDDy's own model count is a `double` (`bdd_satcount`), exact only below
//! 2⁵³; biodivine-lib-bdd has an exact one, which its engine uses and the
//! tests compare with [`count`].

mod built;
mod filter;
mod read_back;

pub(crate) use built::reachable;
pub use filter::filter;
pub use read_back::{count, node_count, snapshot};
