//! The filtered rebuild of [`crate::SetFilter`], at oxidd's edge level.

use std::sync::atomic::Ordering;

use oxidd::{BooleanFunction, Edge, Function, HasLevel, Manager};
use oxidd_core::Countable;
use oxidd_core::LevelNo;
use oxidd_core::function::{EdgeOfFunc, INodeOfFunc, OwnEdgeOfFunc};
use oxidd_core::util::{EdgeDropGuard, Ref};
use rustc_hash::FxHashMap;

use super::{Flavor, Oxidd, level_of, make_node_edge};
use crate::{EngineError, FilterLimits, SetFilter};

/// How often (in memo insertions) the pass looks at its limits.
const CHECK_EVERY: usize = 1 << 16;

/// A memo key for an edge: node id and tag in one integer.
pub(super) fn edge_key<E: Edge>(edge: E) -> u64 {
    let tags = <E::Tag as Countable>::MAX_VALUE as u64 + 1;
    edge.node_id() as u64 * tags + edge.tag().as_usize() as u64
}

struct Pass<'a, 'id, K: Flavor, A: SetFilter> {
    manager: &'a <K::F as Function>::Manager<'id>,
    filter: &'a A,
    limits: &'a FilterLimits,
    capacity: usize,
    zero_suppressed: bool,
    num_vars: LevelNo,
    accept: OwnEdgeOfFunc<'id, K::F>,
    reject: OwnEdgeOfFunc<'id, K::F>,
    /// Results of nodes entered through a `hi` edge (or the root), which in
    /// the product of the transitions are exactly the first node of each
    /// time step: memoising them is enough, and the chains of a time step
    /// below them are short.
    memo: FxHashMap<(u64, A::Key), OwnEdgeOfFunc<'id, K::F>>,
}

impl<'a, 'id, K: Flavor, A: SetFilter> Pass<'a, 'id, K, A>
where
    for<'x> INodeOfFunc<'x, K::F>: HasLevel,
{
    fn clone_edge(&self, e: Ref<'_, EdgeOfFunc<'id, K::F>>) -> OwnEdgeOfFunc<'id, K::F> {
        self.manager.clone_edge(e)
    }

    fn rec(
        &mut self,
        edge: Ref<'_, EdgeOfFunc<'id, K::F>>,
        state: &A::State,
        memoize: bool,
        expected_level: LevelNo,
    ) -> Result<OwnEdgeOfFunc<'id, K::F>, EngineError> {
        let m = self.manager;
        if edge.raw() == self.reject.borrowed().raw() {
            return Ok(self.clone_edge(self.reject.borrowed()));
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
            let accepted = if self.filter.accepts(state) {
                &self.accept
            } else {
                &self.reject
            };
            return Ok(self.clone_edge(accepted.borrowed()));
        }

        let key = memoize.then(|| (edge_key(edge.raw()), self.filter.key(state)));
        if let Some(key) = &key
            && let Some(result) = self.memo.get(key)
        {
            return Ok(self.clone_edge(result.borrowed()));
        }

        let (hi, lo) = K::F::cofactors_edge(m, edge).expect("an inner node has cofactors");
        let hi_result = match self.filter.include(state, level) {
            Some(next) => self.rec(hi, &next, true, level + 1)?,
            None => self.clone_edge(self.reject.borrowed()),
        };
        let hi_result = EdgeDropGuard::new(m, hi_result);
        let lo_result = self.rec(lo, state, false, level + 1)?;
        let result =
            make_node_edge::<K::F>(m, level, hi_result.into_edge(), lo_result).map_err(|_| {
                EngineError::OutOfNodes {
                    capacity: self.capacity,
                }
            })?;

        if let Some(key) = key {
            let copy = self.clone_edge(result.borrowed());
            if let Some(old) = self.memo.insert(key, copy) {
                m.drop_edge(old);
            }
            if self.memo.len() % CHECK_EVERY == 0 {
                self.check_limits()?;
            }
        }
        Ok(result)
    }

    fn check_limits(&self) -> Result<(), EngineError> {
        let limit = self.limits.max_memo_entries;
        if limit != 0 && self.memo.len() >= limit {
            return Err(EngineError::MemoLimit { entries: limit });
        }
        if let Some(flag) = &self.limits.interrupt
            && flag.load(Ordering::Relaxed)
        {
            return Err(EngineError::Interrupted);
        }
        Ok(())
    }

    /// Returns every edge the pass holds to the manager.
    fn release(self) {
        let m = self.manager;
        for (_, edge) in self.memo {
            m.drop_edge(edge);
        }
        m.drop_edge(self.accept);
        m.drop_edge(self.reject);
    }
}

pub(super) fn run<K: Flavor, A: SetFilter>(
    engine: &Oxidd<K>,
    f: &K::F,
    filter: &A,
    limits: &FilterLimits,
) -> Result<K::F, EngineError>
where
    for<'id> INodeOfFunc<'id, K::F>: HasLevel,
{
    f.with_manager_shared(|m, root| {
        let mut pass = Pass::<K, A> {
            manager: m,
            filter,
            limits,
            capacity: engine.config.node_capacity,
            zero_suppressed: K::KIND.zero_suppressed(),
            num_vars: engine.num_vars,
            accept: K::accept_edge(m),
            reject: K::reject_edge(m),
            memo: FxHashMap::default(),
        };
        let result = pass.rec(root, &filter.start(), true, 0);
        pass.release();
        result.map(|edge| K::F::from_edge(m, edge))
    })
}
