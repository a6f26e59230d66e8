//! biodivine-lib-bdd behind the [`Engine`] trait: BDDs in pure Rust.
//!
//! The library has no shared node table. Each `Bdd` is its own array of
//! nodes, children before parents and the root last, and every operation
//! (`and`, `or`) builds a fresh array by a depth-first apply with its own
//! hash tables, which it drops afterwards. So:
//!
//! * nothing is shared *between* diagrams, and there is no garbage to
//!   collect: a diagram's nodes go when its last handle does. What this
//!   engine reports as live nodes is the sum of the sizes of the diagrams
//!   alive, counted by the handles themselves;
//! * making one node on top of two diagrams copies both into a new array
//!   ([`Engine::node`] merges them); the constraints, built node by node,
//!   are small enough for that, and the filtered rebuild builds its result
//!   outside and converts it in one go ([`Engine::import`]);
//! * no complement edges, no variable reordering (the order is the
//!   encoding's), one thread;
//! * the node limit is the library's own: every apply runs with
//!   `binary_op_with_limit` and gives up past the node capacity.
//!
//! The exact model count is the library's (`exact_cardinality`, a
//! `BigUint` of num-bigint 0.4, converted); variables are 16-bit numbers.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use biodivine_lib_bdd::{Bdd, BddNode, BddPointer, BddVariable, BddVariableSet, op_function};
use num_bigint::BigUint;
use rustc_hash::FxHashMap;

use crate::generic::{self, reachable};
use crate::nodes::{NodeView, ReadNodes};
use crate::{
    Engine, EngineConfig, EngineError, EngineInfo, EngineKind, Family, FamilyNode, FilterLimits,
    Filtered, Link, SetFilter, Var,
};

/// The most variables biodivine-lib-bdd holds: `BddVariable` is a `u16`,
/// and the terminals take the number after the last variable.
pub const MAX_VARIABLES: Var = u16::MAX as Var;

/// The release this project is built and measured against.
const VERSION: &str = "0.6.3";

/// A biodivine-lib-bdd diagram, shared by its clones.
#[derive(Clone)]
pub struct BiodivineFunc(Arc<Held>);

/// A diagram and the engine's count of live nodes, which it leaves when
/// dropped.
struct Held {
    bdd: Bdd,
    live: Arc<AtomicUsize>,
}

impl Drop for Held {
    fn drop(&mut self) {
        self.live.fetch_sub(self.bdd.size(), Ordering::Relaxed);
    }
}

impl BiodivineFunc {
    fn bdd(&self) -> &Bdd {
        &self.0.bdd
    }
}

impl PartialEq for BiodivineFunc {
    /// Equal arrays. Every array this engine makes is reduced and free of
    /// duplicates, so equal functions have the same nodes; the order of
    /// the nodes in the array, though, depends on how it was made, so
    /// only the constants (one array each) compare reliably by value.
    fn eq(&self, other: &BiodivineFunc) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.bdd() == other.bdd()
    }
}

impl Eq for BiodivineFunc {}

impl Hash for BiodivineFunc {
    /// The size and the root node, consistent with equal arrays.
    fn hash<H: Hasher>(&self, state: &mut H) {
        let bdd = self.bdd();
        bdd.size().hash(state);
        let root = bdd.root_pointer();
        (
            bdd.var_of(root),
            bdd.low_link_of(root),
            bdd.high_link_of(root),
        )
            .hash(state);
    }
}

impl fmt::Debug for BiodivineFunc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BiodivineFunc({} nodes)", self.bdd().size())
    }
}

/// biodivine-lib-bdd's BDD over the variables of the encoding.
pub struct Biodivine {
    vars: BddVariableSet,
    config: EngineConfig,
    num_vars: Var,
    /// Nodes of all diagrams alive (each counts its terminals).
    live: Arc<AtomicUsize>,
    accept: BiodivineFunc,
    reject: BiodivineFunc,
}

impl Biodivine {
    fn wrap(&self, bdd: Bdd) -> BiodivineFunc {
        self.live.fetch_add(bdd.size(), Ordering::Relaxed);
        BiodivineFunc(Arc::new(Held {
            bdd,
            live: Arc::clone(&self.live),
        }))
    }

    fn out_of_nodes(&self) -> EngineError {
        EngineError::OutOfNodes {
            capacity: self.config.node_capacity,
        }
    }

    fn limited(&self, bdd: Bdd) -> Result<BiodivineFunc, EngineError> {
        if bdd.size() > self.config.node_capacity {
            return Err(self.out_of_nodes());
        }
        Ok(self.wrap(bdd))
    }

    /// `var ? hi : lo` as a new array: `lo`'s nodes, those of `hi` it
    /// lacks, then the new root. `var` lies above both, so no node of
    /// either changes and the new root is new.
    fn merge(&self, var: Var, hi: &Bdd, lo: &Bdd) -> Result<Bdd, EngineError> {
        let mut nodes = lo.clone().to_nodes();
        if nodes.len() == 1 {
            nodes.push(BddNode::mk_one(self.vars.num_vars()));
        }
        let mut index: FxHashMap<BddNode, BddPointer> = nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (*n, BddPointer::from_index(i)))
            .collect();
        // hi's nodes, children first (an iterative post-order: the array
        // order of a diagram is not promised to be one).
        let mut moved: Vec<Option<BddPointer>> = vec![None; hi.size()];
        moved[0] = Some(BddPointer::zero());
        if hi.size() > 1 {
            moved[1] = Some(BddPointer::one());
        }
        let mut stack = vec![hi.root_pointer()];
        while let Some(&p) = stack.last() {
            if moved[p.to_index()].is_some() {
                stack.pop();
                continue;
            }
            let (h, l) = (hi.high_link_of(p), hi.low_link_of(p));
            match (moved[h.to_index()], moved[l.to_index()]) {
                (Some(h), Some(l)) => {
                    let node = BddNode::mk_node(hi.var_of(p), l, h);
                    let at = *index.entry(node).or_insert_with(|| {
                        nodes.push(node);
                        BddPointer::from_index(nodes.len() - 1)
                    });
                    moved[p.to_index()] = Some(at);
                    stack.pop();
                }
                (h_done, l_done) => {
                    if h_done.is_none() {
                        stack.push(h);
                    }
                    if l_done.is_none() {
                        stack.push(l);
                    }
                }
            }
        }
        let hi_root = moved[hi.root_pointer().to_index()].expect("the root was moved");
        nodes.push(BddNode::mk_node(
            BddVariable::from_index(var as usize),
            lo.root_pointer(),
            hi_root,
        ));
        if nodes.len() > self.config.node_capacity {
            return Err(self.out_of_nodes());
        }
        Bdd::from_nodes(&nodes).map_err(EngineError::Unsupported)
    }

    fn apply(
        &self,
        f: &BiodivineFunc,
        g: &BiodivineFunc,
        op: fn(Option<bool>, Option<bool>) -> Option<bool>,
    ) -> Result<BiodivineFunc, EngineError> {
        Bdd::binary_op_with_limit(self.config.node_capacity, f.bdd(), g.bdd(), op)
            .map(|bdd| self.wrap(bdd))
            .ok_or_else(|| self.out_of_nodes())
    }
}

impl Engine for Biodivine {
    type Func = BiodivineFunc;

    fn new(config: &EngineConfig, num_vars: Var) -> Result<Self, EngineError> {
        if let Some(why) = EngineKind::Biodivine.refusal(num_vars) {
            return Err(EngineError::Unsupported(why));
        }
        let vars = BddVariableSet::new_anonymous(num_vars as u16);
        let live = Arc::new(AtomicUsize::new(0));
        let constant = |bdd: Bdd| {
            live.fetch_add(bdd.size(), Ordering::Relaxed);
            BiodivineFunc(Arc::new(Held {
                bdd,
                live: Arc::clone(&live),
            }))
        };
        let (accept, reject) = (constant(vars.mk_true()), constant(vars.mk_false()));
        Ok(Biodivine {
            vars,
            config: EngineConfig {
                threads: 1,
                ..*config
            },
            num_vars,
            live,
            accept,
            reject,
        })
    }

    fn info(&self) -> EngineInfo {
        EngineInfo {
            package: "biodivine-lib-bdd",
            version: VERSION,
            kind: EngineKind::Biodivine,
        }
    }

    fn config(&self) -> &EngineConfig {
        &self.config
    }

    fn num_vars(&self) -> Var {
        self.num_vars
    }

    fn reject(&self) -> BiodivineFunc {
        self.reject.clone()
    }

    fn accept(&self) -> BiodivineFunc {
        self.accept.clone()
    }

    fn node(
        &self,
        var: Var,
        hi: &BiodivineFunc,
        lo: &BiodivineFunc,
    ) -> Result<BiodivineFunc, EngineError> {
        if hi == lo {
            return Ok(hi.clone());
        }
        let bdd = self.merge(var, hi.bdd(), lo.bdd())?;
        Ok(self.wrap(bdd))
    }

    fn free(&self, _: Var, child: &BiodivineFunc) -> Result<BiodivineFunc, EngineError> {
        Ok(child.clone())
    }

    fn forced_out(&self, var: Var, child: &BiodivineFunc) -> Result<BiodivineFunc, EngineError> {
        self.node(var, &self.reject, child)
    }

    fn import(&self, nodes: &[FamilyNode], root: Link) -> Result<BiodivineFunc, EngineError> {
        let (nodes, root) = reachable(nodes, root);
        let top = self.vars.num_vars();
        let pointer = |link: Link| match link {
            Family::REJECT => BddPointer::zero(),
            Family::ACCEPT => BddPointer::one(),
            i => BddPointer::from_index(i as usize + 2),
        };
        let array: Vec<BddNode> = match root {
            Family::REJECT => vec![BddNode::mk_zero(top)],
            _ => [BddNode::mk_zero(top), BddNode::mk_one(top)]
                .into_iter()
                .chain(nodes.iter().map(|n| {
                    BddNode::mk_node(
                        BddVariable::from_index(n.var as usize),
                        pointer(n.lo),
                        pointer(n.hi),
                    )
                }))
                .collect(),
        };
        let bdd = Bdd::from_nodes(&array).map_err(EngineError::Unsupported)?;
        self.limited(bdd)
    }

    fn intersect(
        &self,
        f: &BiodivineFunc,
        g: &BiodivineFunc,
    ) -> Result<BiodivineFunc, EngineError> {
        self.apply(f, g, op_function::and)
    }

    fn union(&self, f: &BiodivineFunc, g: &BiodivineFunc) -> Result<BiodivineFunc, EngineError> {
        self.apply(f, g, op_function::or)
    }

    fn count(&self, f: &BiodivineFunc) -> BigUint {
        BigUint::from_bytes_le(&f.bdd().exact_cardinality().to_bytes_le())
    }

    /// The array's size, which is every node the root reaches, the
    /// terminals included; a constant reaches one terminal only, though
    /// its array holds both.
    fn node_count(&self, f: &BiodivineFunc) -> usize {
        let bdd = f.bdd();
        if bdd.as_bool().is_some() {
            1
        } else {
            bdd.size()
        }
    }

    fn live_nodes(&self) -> usize {
        self.live.load(Ordering::Relaxed)
    }

    fn collect_garbage(&self) -> usize {
        0
    }

    fn filter<A: SetFilter>(
        &self,
        f: &BiodivineFunc,
        filter: &A,
        limits: &FilterLimits<'_>,
    ) -> Result<Filtered<BiodivineFunc>, EngineError> {
        generic::filter(self, f, filter, limits)
    }

    fn snapshot(&self, f: &BiodivineFunc) -> Result<Family, EngineError> {
        generic::snapshot(self, f)
    }

    fn write_manager_dot(&self, f: &BiodivineFunc, out: &mut dyn io::Write) -> io::Result<()> {
        let mut out = out;
        f.bdd().write_as_dot_string(&mut out, &self.vars, true)
    }
}

impl ReadNodes for Biodivine {
    type Id = BddPointer;

    fn root(&self, f: &BiodivineFunc) -> BddPointer {
        f.bdd().root_pointer()
    }

    fn view(&self, f: &BiodivineFunc, id: BddPointer) -> NodeView<BddPointer> {
        if id.is_zero() {
            NodeView::Reject
        } else if id.is_one() {
            NodeView::Accept
        } else {
            let bdd = f.bdd();
            NodeView::Inner {
                var: bdd.var_of(id).to_index() as Var,
                hi: bdd.high_link_of(id),
                lo: bdd.low_link_of(id),
            }
        }
    }
}
