//! The filtered rebuild of [`crate::SetFilter`], at oxidd's edge level.
//!
//! One recursion serves one and many threads. With one thread the memo is a
//! plain hash map behind a `RefCell`; with more, it is a sharded concurrent
//! map and the recursion forks the two branches of a node onto oxidd's own
//! worker pool down to oxidd's split depth, as oxidd's apply does. Two
//! workers may then compute the same entry at once; both results are the
//! same canonical node, and the second is simply dropped.

use std::cell::RefCell;
use std::hash::Hash;
use std::sync::atomic::{AtomicUsize, Ordering};

use dashmap::DashMap;
use oxidd::{BooleanFunction, Edge, Function, HasLevel, HasWorkers, Manager, WorkerPool};
use oxidd_core::Countable;
use oxidd_core::LevelNo;
use oxidd_core::function::{EdgeOfFunc, INodeOfFunc, OwnEdgeOfFunc};
use oxidd_core::util::{EdgeDropGuard, Own as OwnEdge, Ref};
use rustc_hash::{FxBuildHasher, FxHashMap};

use super::{Flavor, Oxidd, level_of, make_node_edge};
use crate::memo_limit::grow;
use crate::{EngineError, FilterLimits, Filtered, SetFilter};

/// A memo key for an edge: node id and tag in one integer.
pub(super) fn edge_key<E: Edge>(edge: E) -> u64 {
    let tags = <E::Tag as Countable>::MAX_VALUE as u64 + 1;
    edge.node_id() as u64 * tags + edge.tag().as_usize() as u64
}

/// The memo of a pass, keyed by (node, filter key), holding result edges.
trait Memo<K, E: Copy> {
    /// A clone of the stored result, if any.
    fn get(&self, key: &K, clone: impl Fn(Ref<'_, E>) -> OwnEdge<E>) -> Option<OwnEdge<E>>;
    /// Stores `value` and returns how many entries the memo now holds, or
    /// gives `value` back: the key was already present, or the memo would
    /// pass `max_bytes` (0: no limit) to store it.
    fn insert(&self, key: K, value: OwnEdge<E>, max_bytes: usize) -> Result<usize, NotStored<E>>;
    /// Every stored result, for release.
    fn drain(self) -> Vec<OwnEdge<E>>;
}

/// Why a memo gave a result back.
enum NotStored<E: Copy> {
    /// The key was present: another worker computed the same entry.
    Duplicate(OwnEdge<E>),
    /// The memo cannot grow to hold it.
    Full(OwnEdge<E>, EngineError),
}

/// The single-threaded memo.
struct LocalMemo<K, E: Copy>(RefCell<FxHashMap<K, OwnEdge<E>>>);

impl<K: Hash + Eq, E: Copy> Memo<K, E> for LocalMemo<K, E> {
    fn get(&self, key: &K, clone: impl Fn(Ref<'_, E>) -> OwnEdge<E>) -> Option<OwnEdge<E>> {
        self.0.borrow().get(key).map(|e| clone(e.borrowed()))
    }

    fn insert(&self, key: K, value: OwnEdge<E>, max_bytes: usize) -> Result<usize, NotStored<E>> {
        let mut map = self.0.borrow_mut();
        if let Err(err) = grow(&mut map, max_bytes, 0) {
            return Err(NotStored::Full(value, err));
        }
        match map.entry(key) {
            std::collections::hash_map::Entry::Occupied(_) => Err(NotStored::Duplicate(value)),
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(value);
                Ok(map.len())
            }
        }
    }

    fn drain(self) -> Vec<OwnEdge<E>> {
        self.0.into_inner().into_values().collect()
    }
}

/// The shared memo of a multi-threaded pass (with its own entry count:
/// `DashMap::len` visits every shard).
struct SharedMemo<K: Hash + Eq, E: Copy>(DashMap<K, OwnEdge<E>, FxBuildHasher>, AtomicUsize);

impl<K: Hash + Eq, E: Copy> SharedMemo<K, E> {
    /// Bytes per entry of the sharded table at its emptiest, just after a
    /// shard doubled (filled to 7/16). Shards grow one at a time, so the
    /// extra room a growing shard takes is small against the whole.
    const BYTES_PER_ENTRY: usize = (size_of::<(K, OwnEdge<E>)>() + 1) * 16 / 7;
}

impl<K: Hash + Eq, E: Copy> Memo<K, E> for SharedMemo<K, E> {
    fn get(&self, key: &K, clone: impl Fn(Ref<'_, E>) -> OwnEdge<E>) -> Option<OwnEdge<E>> {
        self.0.get(key).map(|e| clone(e.borrowed()))
    }

    fn insert(&self, key: K, value: OwnEdge<E>, max_bytes: usize) -> Result<usize, NotStored<E>> {
        let entries = self.1.load(Ordering::Relaxed);
        let needed = (entries + 1).saturating_mul(Self::BYTES_PER_ENTRY);
        if max_bytes != 0 && needed > max_bytes {
            let err = EngineError::MemoLimit {
                entries,
                needed,
                limit: Some(max_bytes),
            };
            return Err(NotStored::Full(value, err));
        }
        match self.0.entry(key) {
            dashmap::Entry::Occupied(_) => Err(NotStored::Duplicate(value)),
            dashmap::Entry::Vacant(slot) => {
                slot.insert(value);
                Ok(self.1.fetch_add(1, Ordering::Relaxed) + 1)
            }
        }
    }

    fn drain(self) -> Vec<OwnEdge<E>> {
        self.0.into_iter().map(|(_, e)| e).collect()
    }
}

struct Pass<'a, 'id, K: Flavor, A: SetFilter, Mo> {
    manager: &'a <K::F as Function>::Manager<'id>,
    filter: &'a A,
    limits: &'a FilterLimits<'a>,
    capacity: usize,
    zero_suppressed: bool,
    num_vars: LevelNo,
    accept: OwnEdgeOfFunc<'id, K::F>,
    reject: OwnEdgeOfFunc<'id, K::F>,
    /// Results of nodes entered through a `hi` edge (or the root), which in
    /// the product of the transitions are exactly the first node of each
    /// time step: memoising them is enough, and the chains of a time step
    /// below them are short.
    memo: Mo,
}

type Own<'id, K> = OwnEdgeOfFunc<'id, <K as Flavor>::F>;
type EdgeRef<'a, 'id, K> = Ref<'a, EdgeOfFunc<'id, <K as Flavor>::F>>;
/// A memo key: the node (id and tag) and the filter's key.
type MemoKey<A> = (u64, <A as SetFilter>::Key);
/// A pass whose memo is shared between worker threads.
type SharedPass<'a, 'id, K, A> =
    Pass<'a, 'id, K, A, SharedMemo<MemoKey<A>, EdgeOfFunc<'id, <K as Flavor>::F>>>;

/// What entering a node gives: a result at once, or two branches to compute.
enum Entered<'a, 'id, K: Flavor, A: SetFilter> {
    Done(Own<'id, K>),
    Expand {
        level: LevelNo,
        /// The memo key, if this node is memoised.
        key: Option<MemoKey<A>>,
        hi: EdgeRef<'a, 'id, K>,
        lo: EdgeRef<'a, 'id, K>,
        /// The state after including the node's variable; `None` rejects.
        next: Option<A::State>,
    },
}

impl<'a, 'id, K, A, Mo> Pass<'a, 'id, K, A, Mo>
where
    K: Flavor,
    A: SetFilter,
    Mo: Memo<MemoKey<A>, EdgeOfFunc<'id, K::F>>,
    for<'x> INodeOfFunc<'x, K::F>: HasLevel,
{
    fn clone_edge(&self, e: EdgeRef<'_, 'id, K>) -> Own<'id, K> {
        self.manager.clone_edge(e)
    }

    fn reject(&self) -> Own<'id, K> {
        self.clone_edge(self.reject.borrowed())
    }

    /// Terminals, the memo, and the cofactors of an inner node.
    fn enter<'e>(
        &self,
        edge: EdgeRef<'e, 'id, K>,
        state: &A::State,
        memoize: bool,
        expected_level: LevelNo,
    ) -> Result<Entered<'e, 'id, K, A>, EngineError>
    where
        'a: 'e,
    {
        let m = self.manager;
        if edge.raw() == self.reject.borrowed().raw() {
            return Ok(Entered::Done(self.reject()));
        }
        let level = level_of::<K::F>(m, edge, self.num_vars);
        if !self.zero_suppressed && level != expected_level {
            return Err(EngineError::Unsupported(
                "a filtered rebuild on a BDD needs every variable decided on every path \
                 (apply all transition constraints first)"
                    .to_string(),
            ));
        }
        if level == self.num_vars {
            // The accepting terminal: the set ends here.
            return Ok(Entered::Done(if self.filter.accepts(state) {
                self.clone_edge(self.accept.borrowed())
            } else {
                self.reject()
            }));
        }
        let key = memoize.then(|| (edge_key(edge.raw()), self.filter.key(state)));
        if let Some(key) = &key
            && let Some(result) = self.memo.get(key, |e| m.clone_edge(e))
        {
            return Ok(Entered::Done(result));
        }
        let (hi, lo) = K::F::cofactors_edge(m, edge).expect("an inner node has cofactors");
        Ok(Entered::Expand {
            level,
            key,
            hi,
            lo,
            next: self.filter.include(state, level),
        })
    }

    /// Makes the node from its two results and memoises it.
    fn finish(
        &self,
        level: LevelNo,
        key: Option<MemoKey<A>>,
        hi: Result<Own<'id, K>, EngineError>,
        lo: Result<Own<'id, K>, EngineError>,
    ) -> Result<Own<'id, K>, EngineError> {
        let m = self.manager;
        let (hi, lo) = match (hi, lo) {
            (Ok(h), Ok(l)) => (h, l),
            (Ok(e), Err(err)) | (Err(err), Ok(e)) => {
                m.drop_edge(e);
                return Err(err);
            }
            (Err(err), Err(_)) => return Err(err),
        };
        let hi = EdgeDropGuard::new(m, hi);
        let result = make_node_edge::<K::F>(m, level, hi.into_edge(), lo).map_err(|_| {
            EngineError::OutOfNodes {
                capacity: self.capacity,
            }
        })?;
        if let Some(key) = key {
            let copy = self.clone_edge(result.borrowed());
            let stopped = match self.memo.insert(key, copy, self.limits.max_memo_bytes) {
                Err(NotStored::Duplicate(duplicate)) => {
                    m.drop_edge(duplicate);
                    None
                }
                Err(NotStored::Full(copy, err)) => {
                    m.drop_edge(copy);
                    Some(err)
                }
                Ok(entries) => self.limits.check(entries).err(),
            };
            if let Some(err) = stopped {
                // The result is owned: hand it back before giving up.
                m.drop_edge(result);
                return Err(err);
            }
        }
        Ok(result)
    }

    /// Returns every edge the pass holds to the manager, and how many memo
    /// entries there were.
    fn release(self) -> usize {
        let m = self.manager;
        let entries = self.memo.drain();
        let count = entries.len();
        for edge in entries {
            m.drop_edge(edge);
        }
        m.drop_edge(self.accept);
        m.drop_edge(self.reject);
        count
    }
}

/// Sequential recursion (any memo).
fn sequential<'id, K, A, Mo>(
    pass: &Pass<'_, 'id, K, A, Mo>,
    edge: EdgeRef<'_, 'id, K>,
    state: &A::State,
    memoize: bool,
    level: LevelNo,
) -> Result<Own<'id, K>, EngineError>
where
    K: Flavor,
    A: SetFilter,
    Mo: Memo<MemoKey<A>, EdgeOfFunc<'id, K::F>>,
    for<'x> INodeOfFunc<'x, K::F>: HasLevel,
{
    match pass.enter(edge, state, memoize, level)? {
        Entered::Done(result) => Ok(result),
        Entered::Expand {
            level,
            key,
            hi,
            lo,
            next,
        } => {
            let hi_result = match &next {
                Some(next) => sequential(pass, hi, next, true, level + 1)?,
                None => pass.reject(),
            };
            // A failed hi branch has returned above: a stopped pass must
            // not go on to rebuild the lo branch.
            let lo_result = sequential(pass, lo, state, false, level + 1);
            pass.finish(level, key, Ok(hi_result), lo_result)
        }
    }
}

/// Parallel recursion: the two branches of a node run on oxidd's workers
/// while `depth` lasts, sequentially below.
fn parallel<'id, K, A>(
    pass: &SharedPass<'_, 'id, K, A>,
    edge: EdgeRef<'_, 'id, K>,
    state: &A::State,
    memoize: bool,
    level: LevelNo,
    depth: u32,
) -> Result<Own<'id, K>, EngineError>
where
    K: Flavor,
    A: SetFilter,
    <K::F as Function>::Manager<'id>: HasWorkers,
    EdgeOfFunc<'id, K::F>: Send + Sync,
    for<'x> INodeOfFunc<'x, K::F>: HasLevel,
{
    if depth == 0 {
        return sequential(pass, edge, state, memoize, level);
    }
    match pass.enter(edge, state, memoize, level)? {
        Entered::Done(result) => Ok(result),
        Entered::Expand {
            level,
            key,
            hi,
            lo,
            next,
        } => {
            let (hi_result, lo_result) = pass.manager.workers().join(
                || match &next {
                    Some(next) => parallel(pass, hi, next, true, level + 1, depth - 1),
                    None => Ok(pass.reject()),
                },
                || parallel(pass, lo, state, false, level + 1, depth - 1),
            );
            pass.finish(level, key, hi_result, lo_result)
        }
    }
}

pub(super) fn run<K: Flavor, A: SetFilter>(
    engine: &Oxidd<K>,
    f: &K::F,
    filter: &A,
    limits: &FilterLimits<'_>,
) -> Result<Filtered<K::F>, EngineError>
where
    for<'id> INodeOfFunc<'id, K::F>: HasLevel,
    for<'id> <K::F as Function>::Manager<'id>: HasWorkers,
    for<'id> EdgeOfFunc<'id, K::F>: Send + Sync,
{
    f.with_manager_shared(|m, root| {
        // A macro, not a closure: the two passes differ in their memo type.
        macro_rules! new_pass {
            ($memo:expr) => {
                Pass::<K, A, _> {
                    manager: m,
                    filter,
                    limits,
                    capacity: engine.config.node_capacity,
                    zero_suppressed: K::KIND.zero_suppressed(),
                    num_vars: engine.num_vars,
                    accept: K::accept_edge(m),
                    reject: K::reject_edge(m),
                    memo: $memo,
                }
            };
        }
        let depth = m.workers().split_depth();
        let (result, memo_entries) = if depth == 0 || engine.config.threads <= 1 {
            let pass = new_pass!(LocalMemo(RefCell::new(FxHashMap::default())));
            let result = sequential(&pass, root, &filter.start(), true, 0);
            (result, pass.release())
        } else {
            let pass = new_pass!(SharedMemo(DashMap::default(), AtomicUsize::new(0)));
            let result = m
                .workers()
                .install(|| parallel(&pass, root, &filter.start(), true, 0, depth));
            (result, pass.release())
        };
        result.map(|edge| Filtered {
            family: K::F::from_edge(m, edge),
            memo_entries,
        })
    })
}
