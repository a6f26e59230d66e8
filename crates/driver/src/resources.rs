//! Memory: the budget, how it is split, and the guard that enforces it.
//!
//! A count can need more memory than the machine has. The project's promise
//! is that such a run stops with a message naming the limit, never that the
//! kernel kills it. Three mechanisms keep it:
//!
//! 1. **Up front**, a board whose fixed costs alone (oxidd's per-level tables,
//!    the apply cache, the constraints) exceed the budget is refused before
//!    anything is allocated.
//! 2. **In the engine**, the manager's node capacity and the filter's memo
//!    limit are derived from the budget; exhausting either is an error.
//! 3. **A watchdog** thread reads the resident set size every few tens of
//!    milliseconds and stops the run when it passes the budget, since oxidd's
//!    unique tables and our memo grow beyond what the two limits describe.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

pub use kt_engine::Bytes;
use kt_engine::{EngineConfig, EngineKind, Var};

/// Reads a field such as `MemTotal` (kB) from a `/proc` file.
fn proc_kib(path: &str, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The machine's physical memory, if it can be read.
pub fn physical_memory() -> Option<Bytes> {
    proc_kib("/proc/meminfo", "MemTotal:").map(|k| Bytes(k * Bytes::KIB))
}

/// The default budget: three quarters of physical memory (8 GiB if unknown),
/// which leaves room for the rest of the machine.
pub fn default_budget() -> Bytes {
    physical_memory()
        .map(|m| Bytes(m.0 / 4 * 3))
        .unwrap_or(Bytes(8 * Bytes::GIB))
}

/// The resident set size of this process now.
pub fn resident() -> Bytes {
    Bytes(proc_kib("/proc/self/status", "VmRSS:").unwrap_or(0) * Bytes::KIB)
}

/// The largest resident set size this process has had.
pub fn peak_resident() -> Bytes {
    Bytes(proc_kib("/proc/self/status", "VmHWM:").unwrap_or(0) * Bytes::KIB)
}

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

/// Why a run cannot start within its budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    pub what: String,
    pub needed: Bytes,
    pub budget: Bytes,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} needs at least {} before the first intersection, more than the memory budget of {} (set with --memory)",
            self.what, self.needed, self.budget
        )
    }
}

/// Requested settings; `None` means "derive from the budget".
#[derive(Clone, Copy, Debug, Default)]
pub struct Requests {
    pub budget: Option<Bytes>,
    pub nodes: Option<usize>,
    pub cache: Option<usize>,
    pub threads: u32,
}

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
) -> Result<ResourcePlan, TooLarge> {
    let budget = requests.budget.unwrap_or_else(default_budget);
    let cache = requests.cache.unwrap_or(default_cache).max(1);
    let per_node = EngineConfig::BYTES_PER_NODE as u64;
    let fixed_levels = num_vars as u64 * EngineConfig::bytes_per_level(kind) as u64;
    let cache_bytes = (cache.next_power_of_two() * EngineConfig::BYTES_PER_CACHE_ENTRY) as u64;
    // The largest constraint has about two nodes per variable, and the
    // running intersection is at least as large as the product of walks.
    let min_nodes = EngineConfig::fixed_nodes(kind, num_vars) as u64 + 4 * num_vars as u64;
    let needed = fixed_levels + cache_bytes + min_nodes * per_node;
    if needed > budget.0 {
        return Err(TooLarge {
            what: what.to_string(),
            needed: Bytes(needed),
            budget,
        });
    }
    let free = budget.0 - fixed_levels - cache_bytes;
    let node_capacity = requests
        .nodes
        .unwrap_or((free / per_node) as usize)
        .min(EngineConfig::MAX_NODE_CAPACITY);
    Ok(ResourcePlan {
        budget,
        engine: EngineConfig {
            node_capacity,
            cache_capacity: cache,
            threads: requests.threads.max(1),
        },
        memo_bytes: usize::try_from(free).unwrap_or(usize::MAX),
    })
}

/// Stops the run when the resident set passes the budget.
///
/// The watchdog cannot interrupt an engine operation in progress, so on
/// overrun it calls `on_exceed` (which reports and exits the process) from
/// its own thread.
pub struct Watchdog {
    stop: Arc<AtomicBool>,
}

impl Watchdog {
    /// How often the resident set is sampled.
    const PERIOD: Duration = Duration::from_millis(25);

    pub fn start(budget: Bytes, on_exceed: impl Fn(Bytes) + Send + 'static) -> Watchdog {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        thread::Builder::new()
            .name("memory watchdog".into())
            .spawn(move || {
                while !flag.load(Ordering::Relaxed) {
                    let now = resident();
                    if now > budget {
                        on_exceed(now);
                        return;
                    }
                    thread::sleep(Self::PERIOD);
                }
            })
            .expect("spawn the memory watchdog");
        Watchdog { stop }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sizes() {
        assert_eq!("8GiB".parse(), Ok(Bytes(8 << 30)));
        assert_eq!("8g".parse(), Ok(Bytes(8 << 30)));
        assert_eq!("512M".parse(), Ok(Bytes(512 << 20)));
        assert_eq!("1.5G".parse(), Ok(Bytes(3 << 29)));
        assert_eq!("4096".parse(), Ok(Bytes(4096)));
        for bad in ["", "G", "-1G", "1.2.3G", "12 parsecs", "0", "NaNG"] {
            assert!(bad.parse::<Bytes>().is_err(), "{bad}");
        }
    }

    #[test]
    fn refuses_encodings_beyond_the_budget() {
        let requests = Requests {
            budget: Some(Bytes(64 * Bytes::MIB)),
            ..Default::default()
        };
        // 16x16: 65,536 variables fit in 64 MiB ...
        assert!(plan("16x16", EngineKind::Zbdd, 65_536, 1 << 10, &requests).is_ok());
        // ... 40x40 (2.56 million variables) do not.
        let err = plan("40x40", EngineKind::Zbdd, 2_560_000, 1 << 10, &requests).unwrap_err();
        assert!(err.to_string().contains("memory budget of 64 MiB"));
    }
}
