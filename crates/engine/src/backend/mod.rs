//! oxidd behind the [`Engine`] trait.
//!
//! One generic implementation, [`Oxidd<K>`], serves the three kinds of
//! diagram; a [`Flavor`] supplies what differs between them (the function
//! type, how a manager is made, which terminal accepts, which apply
//! operations intersect and unite). Everything that walks nodes is written at
//! oxidd's edge level inside one shared lock, so that hot loops pay neither
//! a lock nor a reference-counted handle per node.

mod export;
mod filter_pass;
mod flavors;

pub use flavors::{Bcdd, Bdd, Zbdd};

use std::io;

use num_bigint::BigUint;
use oxidd::util::SatCountCache;
use oxidd::{BooleanFunction, Function, HasLevel, Manager, ManagerRef};
use oxidd_core::function::{EdgeOfFunc, INodeOfFunc, OwnEdgeOfFunc};
use oxidd_core::util::{AllocResult, Ref};
use oxidd_core::{DiagramRules, LevelNo};
use rustc_hash::FxBuildHasher;

use crate::{
    Engine, EngineConfig, EngineError, EngineInfo, EngineKind, Family, FilterLimits, Filtered,
    SetFilter, Var,
};

/// What distinguishes one oxidd diagram kind from another, as far as this
/// project is concerned.
pub trait Flavor: Send + Sync + 'static {
    type F: BooleanFunction<ManagerRef: Send + Sync>
        + Clone
        + Send
        + Sync
        + Eq
        + std::hash::Hash
        + 'static;

    const KIND: EngineKind;

    fn new_manager(
        node_capacity: usize,
        cache_capacity: usize,
        threads: u32,
    ) -> <Self::F as Function>::ManagerRef;

    // The terminals and set operations default to the Boolean function's
    // (⊤, ⊥, ∧, ∨), which is what they are for both kinds of BDD; a ZBDD,
    // whose paths are sets rather than assignments, overrides all four.

    /// The terminal that ends an accepted path: {∅} for a ZBDD, ⊤ for a BDD.
    fn accept_edge<'id>(
        manager: &<Self::F as Function>::Manager<'id>,
    ) -> OwnEdgeOfFunc<'id, Self::F> {
        Self::F::t_edge(manager)
    }
    /// The terminal that rejects: ∅ for a ZBDD, ⊥ for a BDD.
    fn reject_edge<'id>(
        manager: &<Self::F as Function>::Manager<'id>,
    ) -> OwnEdgeOfFunc<'id, Self::F> {
        Self::F::f_edge(manager)
    }

    fn intersect(f: &Self::F, g: &Self::F) -> AllocResult<Self::F> {
        f.and(g)
    }
    fn union(f: &Self::F, g: &Self::F) -> AllocResult<Self::F> {
        f.or(g)
    }
    fn write_dot(f: &Self::F, out: &mut dyn io::Write) -> io::Result<()>;
}

/// An oxidd manager of flavour `K` with all variables of the encoding.
pub struct Oxidd<K: Flavor> {
    manager: <K::F as Function>::ManagerRef,
    config: EngineConfig,
    num_vars: Var,
    /// The singleton functions are not needed to make nodes (levels are),
    /// but the accepting and rejecting terminals are needed constantly.
    accept: K::F,
    reject: K::F,
}

/// The level of the node `edge` points to; terminals sit at `num_vars`.
fn level_of<'id, F>(
    manager: &F::Manager<'id>,
    edge: Ref<'_, EdgeOfFunc<'id, F>>,
    num_vars: Var,
) -> LevelNo
where
    F: Function,
    for<'a> INodeOfFunc<'a, F>: HasLevel,
{
    match manager.get_node(edge) {
        oxidd::Node::Inner(node) => node.level(),
        oxidd::Node::Terminal(_) => num_vars,
    }
}

/// Makes (or finds) the node `(level, hi, lo)` under the diagram's own
/// reduction rule: a ZBDD drops a node whose `hi` is ∅, a BDD one whose
/// children are equal, a BCDD also normalises complement tags.
fn make_node_edge<'id, F>(
    manager: &F::Manager<'id>,
    level: LevelNo,
    hi: OwnEdgeOfFunc<'id, F>,
    lo: OwnEdgeOfFunc<'id, F>,
) -> AllocResult<OwnEdgeOfFunc<'id, F>>
where
    F: Function,
{
    <<F::Manager<'id> as Manager>::Rules as DiagramRules<_, _, _>>::reduce(manager, level, [hi, lo])
        .then_insert(manager, level)
}

impl<K: Flavor> Oxidd<K>
where
    for<'id> INodeOfFunc<'id, K::F>: HasLevel,
{
    fn out_of_nodes(&self) -> EngineError {
        EngineError::OutOfNodes {
            capacity: self.config.node_capacity,
        }
    }

    fn alloc<T>(&self, result: AllocResult<T>) -> Result<T, EngineError> {
        result.map_err(|_| self.out_of_nodes())
    }
}

impl<K: Flavor> Engine for Oxidd<K>
where
    for<'id> INodeOfFunc<'id, K::F>: HasLevel,
    for<'id> <K::F as Function>::Manager<'id>: oxidd::HasWorkers,
    for<'id> EdgeOfFunc<'id, K::F>: Send + Sync,
{
    type Func = K::F;

    fn new(config: &EngineConfig, num_vars: Var) -> Result<Self, EngineError> {
        let capacity = config.node_capacity.min(EngineConfig::MAX_NODE_CAPACITY);
        let config = EngineConfig {
            node_capacity: capacity,
            ..*config
        };
        // A ZBDD manager keeps one tautology node per level and aborts the
        // process (rather than returning an error) if they do not fit.
        let needed = EngineConfig::fixed_nodes(K::KIND, num_vars);
        if capacity < needed {
            return Err(EngineError::OutOfNodes { capacity });
        }
        let manager = K::new_manager(capacity, config.cache_capacity, config.threads.max(1));
        // All variables in one call: oxidd rebuilds per-level structures on
        // every call, and ZBDDs keep a tautology chain over all levels.
        manager.with_manager_exclusive(|m| {
            m.add_vars(num_vars);
        });
        let (accept, reject) = manager.with_manager_shared(|m| {
            (
                K::F::from_edge(m, K::accept_edge(m)),
                K::F::from_edge(m, K::reject_edge(m)),
            )
        });
        Ok(Oxidd {
            manager,
            config,
            num_vars,
            accept,
            reject,
        })
    }

    fn info(&self) -> EngineInfo {
        EngineInfo {
            package: "oxidd",
            version: OXIDD_VERSION,
            kind: K::KIND,
        }
    }

    fn config(&self) -> &EngineConfig {
        &self.config
    }

    fn num_vars(&self) -> Var {
        self.num_vars
    }

    fn reject(&self) -> K::F {
        self.reject.clone()
    }

    fn accept(&self) -> K::F {
        self.accept.clone()
    }

    fn node(&self, var: Var, hi: &K::F, lo: &K::F) -> Result<K::F, EngineError> {
        let result = self.manager.with_manager_shared(|m| {
            debug_assert!(var < level_of::<K::F>(m, hi.as_edge(m), self.num_vars));
            debug_assert!(var < level_of::<K::F>(m, lo.as_edge(m), self.num_vars));
            let hi = m.clone_edge(hi.as_edge(m));
            let lo = m.clone_edge(lo.as_edge(m));
            make_node_edge::<K::F>(m, var, hi, lo).map(|e| K::F::from_edge(m, e))
        });
        self.alloc(result)
    }

    fn free(&self, var: Var, child: &K::F) -> Result<K::F, EngineError> {
        if K::KIND.zero_suppressed() {
            self.node(var, child, child)
        } else {
            Ok(child.clone())
        }
    }

    fn forced_out(&self, var: Var, child: &K::F) -> Result<K::F, EngineError> {
        if K::KIND.zero_suppressed() {
            Ok(child.clone())
        } else {
            self.node(var, &self.reject, child)
        }
    }

    fn intersect(&self, f: &K::F, g: &K::F) -> Result<K::F, EngineError> {
        self.alloc(K::intersect(f, g))
    }

    fn union(&self, f: &K::F, g: &K::F) -> Result<K::F, EngineError> {
        self.alloc(K::union(f, g))
    }

    fn count(&self, f: &K::F) -> BigUint {
        let mut cache: SatCountCache<BigUint, FxBuildHasher> = SatCountCache::default();
        f.sat_count(self.num_vars, &mut cache)
    }

    fn node_count(&self, f: &K::F) -> usize {
        f.node_count()
    }

    fn live_nodes(&self) -> usize {
        self.manager
            .with_manager_shared(|m| m.approx_num_inner_nodes())
    }

    fn collect_garbage(&self) -> usize {
        self.manager.with_manager_shared(|m| m.gc())
    }

    fn filter<A: SetFilter>(
        &self,
        f: &K::F,
        filter: &A,
        limits: &FilterLimits<'_>,
    ) -> Result<Filtered<K::F>, EngineError> {
        filter_pass::run::<K, A>(self, f, filter, limits)
    }

    fn snapshot(&self, f: &K::F) -> Result<Family, EngineError> {
        export::snapshot::<K>(self, f)
    }

    fn write_manager_dot(&self, f: &K::F, out: &mut dyn io::Write) -> io::Result<()> {
        K::write_dot(f, out)
    }
}

/// The oxidd release this project is built and measured against.
pub const OXIDD_VERSION: &str = "0.13";
