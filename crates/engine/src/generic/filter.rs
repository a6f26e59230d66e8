//! The filtered rebuild of [`SetFilter`], written once for every engine
//! that can show its nodes ([`ReadNodes`]).
//!
//! The same recursion as oxidd's edge-level pass (`backend/filter_pass.rs`),
//! on one thread: walk `f` once, carry the filter's state, drop branches it
//! rejects, and rebuild the survivors. Results of nodes entered through a
//! `hi` edge (or the root) are memoised under (node, filter key): in the
//! product of the transitions those are the first node of each time step,
//! and the chains of a time step below them are short. The result is made
//! in a [`Built`] list and handed to the engine at the end
//! ([`crate::Engine::import`]).

use rustc_hash::FxHashMap;

use super::built::Built;
use crate::memo_limit::{grow, map_bytes};
use crate::nodes::{NodeView, ReadNodes};
use crate::{EngineError, Family, FilterLimits, Filtered, Link, SetFilter, Var};

struct Pass<'a, E: ReadNodes, A: SetFilter> {
    engine: &'a E,
    f: &'a E::Func,
    filter: &'a A,
    limits: &'a FilterLimits<'a>,
    zero_suppressed: bool,
    num_vars: Var,
    memo: FxHashMap<(E::Id, A::Key), Link>,
    built: Built,
}

impl<E: ReadNodes, A: SetFilter> Pass<'_, E, A> {
    fn unsupported() -> EngineError {
        EngineError::Unsupported(
            "a filtered rebuild on a BDD needs every variable decided on every path \
             (apply all transition constraints first)"
                .to_string(),
        )
    }

    /// The sets below `id`, read from variable `level` on in `state`,
    /// that the filter accepts.
    fn rebuild(
        &mut self,
        id: E::Id,
        state: &A::State,
        memoize: bool,
        level: Var,
    ) -> Result<Link, EngineError> {
        let (var, hi, lo) = match self.engine.view(self.f, id) {
            NodeView::Reject => return Ok(Family::REJECT),
            NodeView::Accept => {
                if !self.zero_suppressed && level != self.num_vars {
                    return Err(Self::unsupported());
                }
                return Ok(if self.filter.accepts(state) {
                    Family::ACCEPT
                } else {
                    Family::REJECT
                });
            }
            NodeView::Inner { var, hi, lo } => (var, hi, lo),
        };
        if !self.zero_suppressed && var != level {
            return Err(Self::unsupported());
        }
        let key = memoize.then(|| (id, self.filter.key(state)));
        if let Some(key) = &key
            && let Some(&done) = self.memo.get(key)
        {
            return Ok(done);
        }
        let hi = match self.filter.include(state, var) {
            Some(next) => self.rebuild(hi, &next, true, var + 1)?,
            None => Family::REJECT,
        };
        let lo = self.rebuild(lo, state, false, var + 1)?;
        let max = self.limits.max_memo_bytes;
        let result = self.built.make(var, hi, lo, max, map_bytes(&self.memo))?;
        if let Some(key) = key {
            grow(&mut self.memo, max, self.built.bytes())?;
            self.memo.insert(key, result);
            self.limits.check(self.memo.len())?;
        }
        Ok(result)
    }
}

/// `f` restricted to the sets `filter` accepts (see [`crate::Engine::filter`]).
pub fn filter<E: ReadNodes, A: SetFilter>(
    engine: &E,
    f: &E::Func,
    filter: &A,
    limits: &FilterLimits<'_>,
) -> Result<Filtered<E::Func>, EngineError> {
    let zero_suppressed = engine.info().kind.zero_suppressed();
    let mut pass = Pass {
        engine,
        f,
        filter,
        limits,
        zero_suppressed,
        num_vars: engine.num_vars(),
        memo: FxHashMap::default(),
        built: Built::new(zero_suppressed, engine.config().node_capacity),
    };
    let root = pass.rebuild(engine.root(f), &filter.start(), true, 0)?;
    let memo_entries = pass.memo.len();
    drop(pass.memo);
    let family = engine.import(pass.built.nodes(), root)?;
    Ok(Filtered {
        family,
        memo_entries,
    })
}
