//! Memory, as knights-tour measures and limits it.
//!
//! A count can need more memory than the machine has. The project's promise
//! is that such a run stops with a message naming the limit, never that the
//! kernel kills it. This crate holds the pieces every counting method uses
//! to keep that promise:
//!
//! * [`Bytes`]: sizes, parsed from `--memory 8GiB` and shown in messages;
//! * [`machine_memory`], [`resident`], [`peak_resident`]: what the machine
//!   has and what this process holds, read through the `procfs` crate;
//! * [`Watchdog`]: a thread that samples the resident set and calls back
//!   when it passes a budget, for work that cannot check its own size
//!   (an oxidd apply in progress, a hash table about to double).

mod bytes;
mod watchdog;

pub use bytes::Bytes;
pub use watchdog::Watchdog;

use procfs::Current;

/// The machine's physical memory (`MemTotal`), if it can be read.
pub fn machine_memory() -> Option<Bytes> {
    procfs::Meminfo::current().ok().map(|m| Bytes(m.mem_total))
}

/// The memory budget a run gets when none is asked for: three quarters of
/// physical memory (8 GiB if unknown), which leaves room for the rest of
/// the machine.
pub fn default_budget() -> Bytes {
    machine_memory().map_or(Bytes(8 * Bytes::GIB), |m| Bytes(m.0 / 4 * 3))
}

/// The resident set size of this process now (0 if it cannot be read).
pub fn resident() -> Bytes {
    status_kib(|s| s.vmrss)
}

/// The largest resident set size this process has had: the kernel's own
/// high-water mark, which no sampling can miss (0 if it cannot be read).
pub fn peak_resident() -> Bytes {
    status_kib(|s| s.vmhwm)
}

fn status_kib(field: impl Fn(&procfs::process::Status) -> Option<u64>) -> Bytes {
    procfs::process::Process::myself()
        .and_then(|p| p.status())
        .ok()
        .and_then(|s| field(&s))
        .map_or(Bytes(0), |kib| Bytes(kib * Bytes::KIB))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_this_process_and_the_machine() {
        let machine = machine_memory().expect("Linux has /proc/meminfo");
        assert!(machine > Bytes(64 * Bytes::MIB), "{machine}");
        let now = resident();
        let peak = peak_resident();
        assert!(now > Bytes(0) && now <= machine, "{now}");
        assert!(peak >= now, "{peak} < {now}");
        assert!(default_budget() < machine);
    }
}
