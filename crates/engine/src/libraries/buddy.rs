//! BuDDy behind the [`Engine`] trait: the classic C BDD package, through
//! the small safe wrapper in `kt-buddy` (the `buddy` feature).
//!
//! What sets it apart from the other engines:
//!
//! * **one node table per process**, in C globals: the wrapper lets one
//!   engine exist at a time (a second waits for the first to be dropped)
//!   and holds a mutex around every call;
//! * a shared, hash-consed node table like oxidd's, **without complement
//!   edges**; garbage is collected by mark and sweep when the table is
//!   full, and the table then doubles if less than a fifth of it came
//!   free, up to the node capacity from the memory budget;
//! * **six operation caches** (apply, if-then-else, quantifiers, ...), all
//!   allocated at start with the same number of entries: the budget's
//!   cache share is split between them;
//! * one thread; no variable reordering (the order is the encoding's);
//! * its model count `bdd_satcount` is a `double`, so this engine counts
//!   exactly through [`generic::count`] instead.
//!
//! A node is made with `bdd_ite(x_var, hi, lo)`, which, with `var` above
//! both children, is one lookup in BuDDy's unique table.

use std::io;
use std::sync::Arc;

use kt_buddy::{Bdd as BuddyBdd, Child, NodeId, Session, Settings, View};
use num_bigint::BigUint;

use crate::generic;
use crate::nodes::{NodeView, ReadNodes};
use crate::{
    Engine, EngineConfig, EngineError, EngineInfo, EngineKind, Family, FamilyNode, FilterLimits,
    Filtered, Link, SetFilter, Var,
};

/// BuDDy's BDD over the variables of the encoding.
pub struct Buddy {
    session: Arc<Session>,
    config: EngineConfig,
    num_vars: Var,
    accept: BuddyBdd,
    reject: BuddyBdd,
}

fn engine_error(error: kt_buddy::Error) -> EngineError {
    match error {
        kt_buddy::Error::OutOfNodes { max_nodes } => EngineError::OutOfNodes {
            capacity: max_nodes,
        },
        other => EngineError::Unsupported(other.to_string()),
    }
}

impl Engine for Buddy {
    type Func = BuddyBdd;

    fn new(config: &EngineConfig, num_vars: Var) -> Result<Self, EngineError> {
        if let Some(why) = EngineKind::Buddy.refusal(num_vars) {
            return Err(EngineError::Unsupported(why));
        }
        let caches = kt_buddy::CACHES * kt_buddy::BYTES_PER_CACHE_ENTRY;
        let session = Session::open(&Settings {
            variables: num_vars,
            max_nodes: config.node_capacity,
            cache_entries: (config.cache_bytes() / caches).max(1 << 14),
        })
        .map_err(engine_error)?;
        Ok(Buddy {
            config: EngineConfig {
                node_capacity: session.max_nodes(),
                threads: 1,
                ..*config
            },
            num_vars,
            accept: session.constant(true),
            reject: session.constant(false),
            session,
        })
    }

    fn info(&self) -> EngineInfo {
        EngineInfo {
            package: "BuDDy",
            // Debian's libbdd-dev; another release says so in the report.
            version: match self.session.version() {
                "2.4" => "2.4",
                _ => "2 (not 2.4)",
            },
            kind: EngineKind::Buddy,
        }
    }

    fn config(&self) -> &EngineConfig {
        &self.config
    }

    fn num_vars(&self) -> Var {
        self.num_vars
    }

    fn reject(&self) -> BuddyBdd {
        self.reject.clone()
    }

    fn accept(&self) -> BuddyBdd {
        self.accept.clone()
    }

    fn node(&self, var: Var, hi: &BuddyBdd, lo: &BuddyBdd) -> Result<BuddyBdd, EngineError> {
        self.session.node(var, hi, lo).map_err(engine_error)
    }

    fn free(&self, _: Var, child: &BuddyBdd) -> Result<BuddyBdd, EngineError> {
        Ok(child.clone())
    }

    fn forced_out(&self, var: Var, child: &BuddyBdd) -> Result<BuddyBdd, EngineError> {
        self.node(var, &self.reject, child)
    }

    fn import(&self, nodes: &[FamilyNode], root: Link) -> Result<BuddyBdd, EngineError> {
        let child = |link: Link| match link {
            Family::REJECT => Child::False,
            Family::ACCEPT => Child::True,
            i => Child::Node(i as usize),
        };
        self.session
            .import(
                nodes.iter().map(|n| (n.var, child(n.hi), child(n.lo))),
                child(root),
            )
            .map_err(engine_error)
    }

    fn intersect(&self, f: &BuddyBdd, g: &BuddyBdd) -> Result<BuddyBdd, EngineError> {
        self.session.and(f, g).map_err(engine_error)
    }

    fn union(&self, f: &BuddyBdd, g: &BuddyBdd) -> Result<BuddyBdd, EngineError> {
        self.session.or(f, g).map_err(engine_error)
    }

    fn count(&self, f: &BuddyBdd) -> BigUint {
        generic::count(self, f)
    }

    fn node_count(&self, f: &BuddyBdd) -> usize {
        self.session.node_count(f)
    }

    fn live_nodes(&self) -> usize {
        self.session.nodes_in_use()
    }

    fn collect_garbage(&self) -> usize {
        self.session.collect_garbage()
    }

    fn filter<A: SetFilter>(
        &self,
        f: &BuddyBdd,
        filter: &A,
        limits: &FilterLimits<'_>,
    ) -> Result<Filtered<BuddyBdd>, EngineError> {
        generic::filter(self, f, filter, limits)
    }

    fn snapshot(&self, f: &BuddyBdd) -> Result<Family, EngineError> {
        generic::snapshot(self, f)
    }

    /// BuDDy prints DOT only to a C `FILE*`; this writes the diagram from
    /// its snapshot instead.
    fn write_manager_dot(&self, f: &BuddyBdd, out: &mut dyn io::Write) -> io::Result<()> {
        let family = self
            .snapshot(f)
            .map_err(|e| io::Error::other(e.to_string()))?;
        family.write_dot(out, "BuDDy", &|v| format!("x{v}"))
    }
}

impl ReadNodes for Buddy {
    type Id = NodeId;

    fn root(&self, f: &BuddyBdd) -> NodeId {
        f.root()
    }

    fn view(&self, _: &BuddyBdd, id: NodeId) -> NodeView<NodeId> {
        // A node reached from a live handle is referenced, so BuDDy's
        // collector has not freed it and its checks pass.
        match self
            .session
            .view(id)
            .expect("a node reachable from a live handle is a live node")
        {
            View::False => NodeView::Reject,
            View::True => NodeView::Accept,
            View::Inner { var, high, low } => NodeView::Inner {
                var,
                hi: high,
                lo: low,
            },
        }
    }
}
