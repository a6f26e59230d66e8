//! How a memory budget becomes an engine's settings, and what is refused
//! before anything is allocated.
//!
//! Three mechanisms keep a ZDD run inside its budget:
//!
//! 1. **Up front** (this module), a board whose fixed costs alone (oxidd's
//!    per-level tables, the apply cache, the smallest diagrams it must
//!    hold) exceed the budget is refused, and so is a requested node
//!    capacity or cache that cannot fit.
//! 2. **In the engine**, the manager's node capacity and the filter's memo
//!    limit are derived from the budget; exhausting either is an error.
//! 3. **A watchdog** ([`kt_memory::Watchdog`]) samples the resident set and
//!    cancels the run when it passes the budget, since oxidd's unique
//!    tables and the memo grow beyond what the two limits describe.

use std::fmt;

use kt_engine::{EngineConfig, EngineKind, Var};
use kt_memory::Bytes;

use crate::words::message;
use crate::words::{Message, Setting};

/// How a budget is turned into engine settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourcePlan {
    pub budget: Bytes,
    pub engine: EngineConfig,
    /// Bytes a filtered rebuild's memo table may hold, growth included:
    /// what the budget leaves after the levels and the apply cache (the
    /// watchdog still guards the whole resident set).
    pub memo_bytes: usize,
}

/// Requested settings; `None` means "derive from the budget".
#[derive(Clone, Copy, Debug, Default)]
pub struct Requests {
    pub budget: Bytes,
    pub nodes: Option<u64>,
    pub cache: Option<u64>,
    pub threads: u32,
}

/// Why a run cannot start within its budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanError {
    /// The encoding's fixed costs exceed the budget.
    TooLarge {
        what: String,
        needed: Bytes,
        budget: Bytes,
    },
    /// The requested node capacity does not fit next to the fixed costs.
    NodesDoNotFit {
        nodes: u64,
        needed: Bytes,
        free: Bytes,
        budget: Bytes,
    },
    /// More nodes than oxidd's 32-bit node indices can address.
    NodesBeyondEngine { nodes: u64 },
    /// The engine cannot run this encoding in this build (see
    /// [`EngineKind::refusal`]).
    Engine { what: String, why: String },
}

impl From<&PlanError> for Message {
    fn from(error: &PlanError) -> Message {
        match error {
            PlanError::TooLarge {
                what,
                needed,
                budget,
            } => message!(
                format!(
                    "{what} needs at least {needed} before the first intersection, more than the memory budget of {budget} (set with "
                ),
                Setting::Memory,
                ")"
            ),
            PlanError::NodesDoNotFit {
                nodes,
                needed,
                free,
                budget,
            } => message!(
                Setting::Nodes.given(nodes),
                format!(
                    " needs {needed} at {} bytes a node, more than the {free} the memory budget of {budget} leaves for nodes (raise ",
                    EngineConfig::BYTES_PER_NODE
                ),
                Setting::Memory,
                " or lower ",
                Setting::Nodes,
                ")"
            ),
            PlanError::NodesBeyondEngine { nodes } => message!(
                Setting::Nodes.given(nodes),
                format!(
                    " is more than the {} nodes oxidd's 32-bit node indices can address",
                    EngineConfig::MAX_NODE_CAPACITY
                )
            ),
            PlanError::Engine { what, why } => format!("{what}: {why}").into(),
        }
    }
}

impl fmt::Display for PlanError {
    /// In the library's stable words ([`Message`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Message::from(self).fmt(f)
    }
}

/// The smallest apply cache a run accepts. Below it, the plain
/// intersections re-derive the same results over and over: 5×5 open took
/// 18 ms with the default cache and over a minute with one entry
/// (`docs/benchmarks.md`, hostile inputs).
pub const MIN_CACHE: u64 = 1 << 12;

/// Splits the budget for an encoding of `num_vars` variables on `kind`.
///
/// `default_cache` is the apply-cache size to use when none is requested
/// (the schedule knows how much it relies on the cache).
pub fn plan(
    what: &str,
    kind: EngineKind,
    num_vars: Var,
    default_cache: usize,
    requests: &Requests,
) -> Result<ResourcePlan, PlanError> {
    if let Some(why) = kind.refusal(num_vars) {
        return Err(PlanError::Engine {
            what: what.to_string(),
            why,
        });
    }
    let cache = requests
        .cache
        .map_or(default_cache, |c| usize::try_from(c).unwrap_or(usize::MAX))
        .max(1);
    let per_node = EngineConfig::BYTES_PER_NODE as u64;
    let fixed_levels = u64::from(num_vars) * EngineConfig::bytes_per_level(kind) as u64;
    let cache_bytes = (cache.next_power_of_two() * EngineConfig::BYTES_PER_CACHE_ENTRY) as u64;
    // The largest constraint has about two nodes per variable, and the
    // running intersection is at least as large as the product of walks.
    let min_nodes = EngineConfig::fixed_nodes(kind, num_vars) as u64 + 4 * u64::from(num_vars);
    let needed = fixed_levels + cache_bytes + min_nodes * per_node;
    let (budget, threads) = within_address_space(requests.budget, requests.threads.max(1), needed);
    if needed > budget.0 {
        return Err(PlanError::TooLarge {
            what: what.to_string(),
            needed: Bytes(needed),
            budget,
        });
    }
    let free = budget.0 - fixed_levels - cache_bytes;
    let node_capacity = match requests.nodes {
        Some(nodes) if nodes > EngineConfig::MAX_NODE_CAPACITY as u64 => {
            return Err(PlanError::NodesBeyondEngine { nodes });
        }
        Some(nodes) if nodes.saturating_mul(per_node) > free => {
            return Err(PlanError::NodesDoNotFit {
                nodes,
                needed: Bytes(nodes.saturating_mul(per_node)),
                free: Bytes(free),
                budget,
            });
        }
        Some(nodes) => nodes as usize,
        None => usize::try_from(free / per_node)
            .unwrap_or(usize::MAX)
            .min(EngineConfig::MAX_NODE_CAPACITY),
    };
    Ok(ResourcePlan {
        budget,
        engine: EngineConfig {
            node_capacity,
            cache_capacity: cache,
            threads,
        },
        memo_bytes: usize::try_from(free).unwrap_or(usize::MAX),
    })
}

/// The stack oxidd reserves for each of its worker threads: 1 GiB, unless
/// `OXIDD_STACK_SIZE` says otherwise (oxidd's own rule); the run's own
/// worker thread reserves as much (`WORKER_STACK`).
fn engine_thread_stack() -> u64 {
    std::env::var("OXIDD_STACK_SIZE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1 << 30)
}

/// What the address space holds besides the engine's tables and the
/// threads' stacks: the program, its other threads, the allocator's arenas.
const ADDRESS_SPACE_SLACK: u64 = 512 << 20;

/// The budget and threads that fit this process's address-space limit
/// (`ulimit -v`), if it has one: each engine thread reserves a deep stack
/// that is never resident but counts against the limit, so under 4 GiB
/// the 7.2 GB a two-thread 5×5 run reserved aborted it (issue 38). Threads
/// are dropped, down to one, until `needed` bytes of tables fit beside
/// their stacks; the tables then get at most what is left.
fn within_address_space(budget: Bytes, threads: u32, needed: u64) -> (Bytes, u32) {
    let Some(limit) = kt_memory::address_space_limit() else {
        return (budget, threads);
    };
    let stack = engine_thread_stack().max(1);
    // The run's worker thread, and the slack.
    let room = limit.0.saturating_sub(stack + ADDRESS_SPACE_SLACK);
    let fitting = room.saturating_sub(needed) / stack;
    let threads = threads
        .min(u32::try_from(fitting).unwrap_or(u32::MAX))
        .max(1);
    let tables = room.saturating_sub(u64::from(threads) * stack);
    (budget.min(Bytes(tables)), threads)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn requests(budget: u64) -> Requests {
        Requests {
            budget: Bytes(budget),
            threads: 1,
            ..Requests::default()
        }
    }

    #[test]
    fn refuses_encodings_beyond_the_budget() {
        let small = requests(64 * Bytes::MIB);
        // 16x16: 65,536 variables fit in 64 MiB ...
        assert!(plan("16x16", EngineKind::Zbdd, 65_536, 1 << 10, &small).is_ok());
        // ... 40x40 (2.56 million variables) do not.
        let err = plan("40x40", EngineKind::Zbdd, 2_560_000, 1 << 10, &small).unwrap_err();
        assert!(err.to_string().contains("memory budget of 64 MiB"), "{err}");
    }

    #[test]
    fn requested_nodes_must_fit_the_budget_and_the_engine() {
        let mut r = requests(Bytes::GIB);
        r.nodes = Some(u64::MAX);
        let err = plan("5x5", EngineKind::Zbdd, 625, 1 << 10, &r).unwrap_err();
        assert!(matches!(err, PlanError::NodesBeyondEngine { .. }), "{err}");
        r.nodes = Some(1 << 30);
        let err = plan("5x5", EngineKind::Zbdd, 625, 1 << 10, &r).unwrap_err();
        assert!(err.to_string().contains("nodes 1073741824 needs"), "{err}");
        r.nodes = Some(1 << 20);
        let ok = plan("5x5", EngineKind::Zbdd, 625, 1 << 10, &r).unwrap();
        assert_eq!(ok.engine.node_capacity, 1 << 20);
    }
}
