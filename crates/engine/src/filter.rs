//! Filtered rebuilds: `F ∩ L(A)` for a deterministic automaton `A`, in one
//! pass over `F`.
//!
//! Intersecting a family with a constraint ZDD walks both diagrams level by
//! level. When the constraint is "square s is visited exactly once", its ZDD
//! is two long don't-care chains, and the walk spends nearly all its time
//! stepping along them. The same intersection can be computed by reading the
//! *definition* instead: walk `F` once, carry a small state (has `s` been
//! seen?), drop branches that break the rule and rebuild the survivors node
//! by node. The result is the same canonical diagram as the intersection.

use std::hash::Hash;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::Var;

/// A deterministic automaton that reads each set of a family in increasing
/// variable order and accepts or rejects it.
///
/// The traversal only visits the variables a set *contains* (a ZBDD skips the
/// others), so the contract is:
///
/// 1. **Absence is silent.** A variable that is not in the set never changes
///    the state. (The exactly-once filters satisfy this: not visiting a square
///    at some time step changes nothing.)
/// 2. **The key decides.** The sets accepted from a node on may depend on
///    `key(state)` only; results are memoised under `(node, key)`. A state may
///    carry more than its key (for instance the square the knight stands on)
///    *only* to reject earlier, and only where the rejected branch provably
///    holds no accepted set. Such pruning never changes the result, only how
///    much of `F` is visited.
pub trait SetFilter: Sync {
    type State: Clone + Send + Sync;
    type Key: Copy + Eq + Hash + Send + Sync;

    /// The state before the first variable.
    fn start(&self) -> Self::State;
    /// The memo key of a state (see the contract above).
    fn key(&self, state: &Self::State) -> Self::Key;
    /// The set contains `var`: the next state, or `None` to reject every set
    /// that continues this way.
    fn include(&self, state: &Self::State, var: Var) -> Option<Self::State>;
    /// Whether a set that ends in `state` is accepted.
    fn accepts(&self, state: &Self::State) -> bool;
}

/// Bounds on one filtered rebuild, and who to tell how far it got.
#[derive(Clone, Default)]
pub struct FilterLimits<'a> {
    /// The bytes the pass's memo may hold, growth included (0: no limit).
    /// A hash table grows by allocating a table twice its size next to
    /// the old one, so a memo that would pass this while growing stops
    /// with [`crate::EngineError::MemoLimit`] before the allocation.
    pub max_memo_bytes: usize,
    /// Set from outside (Ctrl-C, a memory watchdog) to stop the pass early.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Told the number of memo entries every few ten thousand entries: a
    /// pass over a large family runs for minutes without finishing a
    /// step, and this is the measure of its work that keeps moving.
    pub progress: Option<&'a (dyn Fn(usize) + Sync)>,
}

/// How often (in memo insertions) a pass looks at the interrupt flag and
/// reports its progress: 6×6 open inserts about a million entries a second.
const CHECK_EVERY: usize = 1 << 16;

impl FilterLimits<'_> {
    /// Told that a pass's memo now holds `entries` entries: every
    /// [`CHECK_EVERY`] entries, reports the progress and reads the
    /// interrupt flag (shared with whoever may stop the pass), so that
    /// neither costs a pass anything per node. Written once for every
    /// engine's filtered rebuild, so that each stops and reports alike.
    #[inline]
    pub(crate) fn check(&self, entries: usize) -> Result<(), crate::EngineError> {
        if !entries.is_multiple_of(CHECK_EVERY) {
            return Ok(());
        }
        if let Some(progress) = &self.progress {
            progress(entries);
        }
        if let Some(flag) = &self.interrupt
            && flag.load(Ordering::Relaxed)
        {
            return Err(crate::EngineError::Interrupted);
        }
        Ok(())
    }
}

impl std::fmt::Debug for FilterLimits<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FilterLimits")
            .field("max_memo_bytes", &self.max_memo_bytes)
            .field("interrupt", &self.interrupt)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// The result of a filtered rebuild.
#[derive(Clone, Debug)]
pub struct Filtered<F> {
    /// The sets of the input that the filter accepts.
    pub family: F,
    /// Memo entries the pass held at its end: the distinct (node, filter
    /// key) pairs it rebuilt, its measure of work and of memory.
    pub memo_entries: usize,
}
