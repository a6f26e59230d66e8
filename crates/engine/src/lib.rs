//! The decision-diagram seam of knights-tour.
//!
//! The encoding is written once, against the [`Engine`] trait, and five
//! engines from three libraries sit behind it: oxidd's ZBDD, BDD and BCDD
//! ([`Zbdd`], [`Bdd`], [`Bcdd`]), biodivine-lib-bdd's BDD ([`Biodivine`],
//! pure Rust) and BuDDy's BDD ([`Buddy`], C, behind the `buddy` feature).
//! The trait speaks of *families of sets* of variables, because that is
//! what the encoding means: a tour is the set of its (square, time)
//! variables. The engines differ in one place that matters to the
//! encoding, and the trait makes it explicit:
//!
//! * in a ZBDD a variable absent from a path is **not in the set**, so a
//!   constraint that leaves a variable free must emit a node for it with
//!   `hi == lo`, and "forced out" costs nothing;
//! * in a BDD an absent variable is **free**, so "forced out" needs a node
//!   and "free" costs nothing.
//!
//! [`Engine::free`] and [`Engine::forced_out`] are the two words the
//! constraint builders use for this; each engine emits the right nodes.
//!
//! Besides the engines' own operations (intersection, union, counting), the
//! crate offers two traversals that work on any engine:
//!
//! * [`Engine::filter`] rebuilds a family keeping only the sets a
//!   deterministic [`SetFilter`] accepts, in one pass (how the exactly-once
//!   constraints are applied without walking their don't-care chains);
//! * [`Engine::snapshot`] copies a family into an immutable [`Family`] with
//!   exact path counts, for uniform sampling, enumeration and DOT output.
//!
//! oxidd's kinds implement both at oxidd's edge level; an engine from
//! another library shows its nodes ([`ReadNodes`]) and gets them, and an
//! exact count, from [`generic`], written once.
//!
//! **Adding an engine**: one file under `src/libraries/` implementing
//! [`Engine`] (and [`ReadNodes`], to use [`generic`]), a variant of
//! [`EngineKind`], and its arm where the count crate dispatches on the
//! kind.

mod backend;
mod error;
mod family;
mod filter;
pub mod generic;
mod libraries;
mod memo_limit;
mod nodes;

pub use backend::{Bcdd, Bdd, Oxidd, Zbdd};
pub use error::EngineError;
pub use family::{Containing, Family, FamilyNode, Link};
pub use filter::{FilterLimits, Filtered, SetFilter};
pub use libraries::{Biodivine, BiodivineFunc, Buddy};
pub use nodes::{NodeView, ReadNodes};

use std::fmt;
use std::hash::Hash;
use std::io;

use num_bigint::BigUint;

/// A variable number; in this project variable `v` sits at level `v`.
pub type Var = u32;

/// The engines the project can run on: a library and a kind of diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// oxidd's zero-suppressed BDD: absent variables are not in the set.
    Zbdd,
    /// oxidd's plain BDD: absent variables are free.
    Bdd,
    /// oxidd's BDD with complement edges.
    Bcdd,
    /// biodivine-lib-bdd's BDD (pure Rust; one array per diagram).
    Biodivine,
    /// BuDDy's BDD (C, Debian's libbdd-dev; the `buddy` feature).
    Buddy,
}

impl EngineKind {
    /// Every engine in this build (BuDDy only with the `buddy` feature).
    #[cfg(feature = "buddy")]
    pub const ALL: [EngineKind; 5] = [
        EngineKind::Zbdd,
        EngineKind::Bdd,
        EngineKind::Bcdd,
        EngineKind::Biodivine,
        EngineKind::Buddy,
    ];
    /// Every engine in this build (BuDDy only with the `buddy` feature).
    #[cfg(not(feature = "buddy"))]
    pub const ALL: [EngineKind; 4] = [
        EngineKind::Zbdd,
        EngineKind::Bdd,
        EngineKind::Bcdd,
        EngineKind::Biodivine,
    ];
    /// Every engine the project knows, in this build or not: the names the
    /// command line takes.
    pub const NAMED: [EngineKind; 5] = [
        EngineKind::Zbdd,
        EngineKind::Bdd,
        EngineKind::Bcdd,
        EngineKind::Biodivine,
        EngineKind::Buddy,
    ];
    /// oxidd's three kinds.
    pub const OXIDD: [EngineKind; 3] = [EngineKind::Zbdd, EngineKind::Bdd, EngineKind::Bcdd];

    /// The short name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Zbdd => "zbdd",
            EngineKind::Bdd => "bdd",
            EngineKind::Bcdd => "bcdd",
            EngineKind::Biodivine => "biodivine",
            EngineKind::Buddy => "buddy",
        }
    }

    /// Why this engine cannot hold an encoding of `num_vars` variables in
    /// this build, if it cannot: said before anything is allocated.
    pub fn refusal(self, num_vars: Var) -> Option<String> {
        match self {
            EngineKind::Buddy if !cfg!(feature = "buddy") => Some(
                "the buddy engine is not in this build: BuDDy is a C library (Debian's \
                 libbdd-dev), so it sits behind a cargo feature; install libbdd-dev and \
                 reinstall with it: `cargo install knights-tour --features buddy` \
                 (`cargo install --path crates/driver --features buddy` in a checkout)"
                    .into(),
            ),
            EngineKind::Buddy if num_vars > libraries::BUDDY_MAX_VARIABLES => Some(format!(
                "BuDDy holds at most {} variables; this encoding has {num_vars}",
                libraries::BUDDY_MAX_VARIABLES
            )),
            EngineKind::Biodivine if num_vars > libraries::BIODIVINE_MAX_VARIABLES => {
                Some(format!(
                    "biodivine-lib-bdd numbers variables with 16 bits, so it holds at most {} \
                     variables; this encoding has {num_vars}",
                    libraries::BIODIVINE_MAX_VARIABLES
                ))
            }
            _ => None,
        }
    }

    /// Whether the engine's operations use more than one thread when
    /// given them (oxidd's do; biodivine-lib-bdd and BuDDy run on one).
    pub fn parallel(self) -> bool {
        matches!(self, EngineKind::Zbdd | EngineKind::Bdd | EngineKind::Bcdd)
    }

    /// Whether a variable absent from a path means "not in the set".
    pub fn zero_suppressed(self) -> bool {
        self == EngineKind::Zbdd
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What an engine is, for reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineInfo {
    /// The package, e.g. `oxidd`.
    pub package: &'static str,
    /// The package's version.
    pub version: &'static str,
    pub kind: EngineKind,
}

/// The resources an engine is created with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// Inner-node capacity of the manager; exceeding it is an error, not a crash.
    pub node_capacity: usize,
    /// Entries of the apply cache (rounded up to a power of two by oxidd).
    pub cache_capacity: usize,
    /// Worker threads for the engine's parallel apply.
    pub threads: u32,
}

impl EngineConfig {
    /// Bytes the manager reserves per inner node: a 16-byte slot plus its
    /// unique-table share, as measured for oxidd-manager-index 0.13.
    pub const BYTES_PER_NODE: usize = 34;
    /// Bytes per apply-cache entry (oxidd's direct-mapped cache, 4 operands).
    pub const BYTES_PER_CACHE_ENTRY: usize = 20;
    /// The largest inner-node capacity oxidd's index-based manager supports.
    pub const MAX_NODE_CAPACITY: usize = (1 << 32) - 4;

    /// Bytes the apply cache occupies once allocated (it is filled at start).
    pub fn cache_bytes(&self) -> usize {
        self.cache_capacity.max(1).next_power_of_two() * Self::BYTES_PER_CACHE_ENTRY
    }

    /// Nodes a manager of `kind` holds before any function is built: a
    /// ZBDD manager keeps a tautology chain with one node per level.
    /// BuDDy keeps two nodes per variable (the variable and its negation).
    pub fn fixed_nodes(kind: EngineKind, num_vars: Var) -> usize {
        match kind {
            EngineKind::Zbdd => num_vars as usize + 2,
            EngineKind::Bdd | EngineKind::Bcdd | EngineKind::Biodivine => 2,
            EngineKind::Buddy => 2 * num_vars as usize + 2,
        }
    }

    /// Bytes a manager of `kind` costs per variable level before any
    /// function is built (per-level unique tables, and for a ZBDD the
    /// tautology node), measured with `examples/levels.rs` on oxidd 0.13:
    /// 229–236 B (ZBDD) and 64–67 B (BDD) per level. biodivine-lib-bdd
    /// names every variable (a `String` and a map entry, about 80 B);
    /// BuDDy keeps two nodes and a few integers per variable (about 60 B).
    pub fn bytes_per_level(kind: EngineKind) -> usize {
        match kind {
            EngineKind::Zbdd => 240,
            EngineKind::Bdd | EngineKind::Bcdd => 70,
            EngineKind::Biodivine => 100,
            EngineKind::Buddy => 60,
        }
    }
}

/// A decision-diagram engine representing families of sets over the
/// variables `0 .. num_vars`.
///
/// Functions are reference-counted handles; they keep their nodes alive and
/// may be cloned freely. All operations that create nodes can fail with
/// [`EngineError::OutOfNodes`] when the manager's capacity is exhausted.
pub trait Engine: Sized + Send + Sync {
    /// A family of sets (a decision-diagram function).
    type Func: Clone + Send + Sync + PartialEq + Eq + Hash;

    /// Creates an engine over `num_vars` variables.
    fn new(config: &EngineConfig, num_vars: Var) -> Result<Self, EngineError>;

    fn info(&self) -> EngineInfo;
    fn config(&self) -> &EngineConfig;
    fn num_vars(&self) -> Var;

    /// The empty family ∅.
    fn reject(&self) -> Self::Func;
    /// The family {∅} *after every variable has been decided*: the accepting
    /// end of a path on which each variable was emitted as a node, skipped as
    /// "free" or skipped as "forced out" according to the engine.
    fn accept(&self) -> Self::Func;
    /// `lo ∪ { s ∪ {var} : s ∈ hi }`: the sets of `hi` take `var`, those of
    /// `lo` do not. `var` must lie above every variable of `hi` and `lo`:
    /// build bottom-up, in descending variable order.
    fn node(&self, var: Var, hi: &Self::Func, lo: &Self::Func) -> Result<Self::Func, EngineError>;
    /// `child` with `var` free (in or out). ZBDD: a node with `hi == lo`.
    fn free(&self, var: Var, child: &Self::Func) -> Result<Self::Func, EngineError>;
    /// `child` with `var` forced out. BDD: a node whose `hi` is ∅.
    fn forced_out(&self, var: Var, child: &Self::Func) -> Result<Self::Func, EngineError>;

    /// The family of every subset of the variables (no constraint at all).
    fn universe(&self) -> Result<Self::Func, EngineError> {
        let mut f = self.accept();
        for var in (0..self.num_vars()).rev() {
            f = self.free(var, &f)?;
        }
        Ok(f)
    }

    /// The family of `nodes` (children first, reduced under this engine's
    /// rule, as [`generic`] builds them) from `root`, made in one go.
    /// Made node by node through [`Engine::node`] unless the engine has a
    /// faster way.
    fn import(&self, nodes: &[FamilyNode], root: Link) -> Result<Self::Func, EngineError> {
        let mut made: Vec<Self::Func> = Vec::with_capacity(nodes.len());
        let link = |made: &[Self::Func], link: Link| match link {
            Family::ACCEPT => self.accept(),
            Family::REJECT => self.reject(),
            i => made[i as usize].clone(),
        };
        for node in nodes {
            let f = self.node(node.var, &link(&made, node.hi), &link(&made, node.lo))?;
            made.push(f);
        }
        Ok(link(&made, root))
    }

    fn intersect(&self, f: &Self::Func, g: &Self::Func) -> Result<Self::Func, EngineError>;
    fn union(&self, f: &Self::Func, g: &Self::Func) -> Result<Self::Func, EngineError>;

    /// The number of sets in `f`, exactly, by the engine's own model count
    /// over all `num_vars` variables.
    fn count(&self, f: &Self::Func) -> BigUint;
    /// Nodes of `f`, terminals included (oxidd's `node_count`).
    fn node_count(&self, f: &Self::Func) -> usize;
    /// Inner nodes alive in the manager, dead ones awaiting collection included.
    fn live_nodes(&self) -> usize;
    /// Collects dead nodes now (clears the apply cache); returns how many.
    fn collect_garbage(&self) -> usize;

    /// `f` restricted to the sets `filter` accepts, in one traversal of `f`.
    ///
    /// Preconditions: see [`SetFilter`]; on a BDD engine, `f` must decide
    /// every variable on every path to a set (as the product of all
    /// transition constraints does), or the call fails with
    /// [`EngineError::Unsupported`].
    fn filter<A: SetFilter>(
        &self,
        f: &Self::Func,
        filter: &A,
        limits: &FilterLimits<'_>,
    ) -> Result<Filtered<Self::Func>, EngineError>;

    /// An immutable copy of `f` with exact path counts.
    fn snapshot(&self, f: &Self::Func) -> Result<Family, EngineError>;

    /// The library's own DOT export, for engine debugging: oxidd's shows the
    /// whole manager with `f` marked (every level and every node, including
    /// oxidd's internal ones); the other libraries show `f`.
    fn write_manager_dot(&self, f: &Self::Func, out: &mut dyn io::Write) -> io::Result<()>;
}
