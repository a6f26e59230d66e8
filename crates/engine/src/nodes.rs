//! Reading a diagram back, one node at a time: the capability the
//! operations written once for every engine ([`crate::generic`]) need.
//!
//! oxidd's three kinds walk their nodes at oxidd's edge level, inside one
//! lock (`backend`); the other libraries show their nodes through this
//! trait, and get the filtered rebuild, the snapshot and the exact count
//! from one implementation each.

use std::hash::Hash;

use crate::{Engine, Var};

/// What a node of a diagram is, as a traversal sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeView<Id> {
    /// The rejecting terminal: no set (∅ / ⊥).
    Reject,
    /// The accepting terminal: the set ends here ({∅} / ⊤).
    Accept,
    /// An inner node: the sets through `hi` contain `var`, those through
    /// `lo` do not. On a BDD, variables skipped between a node and its
    /// child are free; on a ZBDD they are absent.
    Inner { var: Var, hi: Id, lo: Id },
}

/// An engine whose diagrams can be read back node by node.
pub trait ReadNodes: Engine {
    /// A node of a function, valid while the function it was reached from
    /// is alive (the caller holds it for the whole traversal).
    type Id: Copy + Eq + Hash + Send + Sync;

    /// The root node of `f`.
    fn root(&self, f: &Self::Func) -> Self::Id;
    /// The node `id` of `f`.
    fn view(&self, f: &Self::Func, id: Self::Id) -> NodeView<Self::Id>;
}
