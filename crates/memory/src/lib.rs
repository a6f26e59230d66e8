//! Memory, as knights-tour measures and limits it.
//!
//! A count can need more memory than the machine has. The project's promise
//! is that such a run stops with a message naming the limit, never that the
//! kernel kills it. This crate holds the pieces every counting method uses
//! to keep that promise:
//!
//! * [`Bytes`]: sizes, parsed from `--memory 8GiB` and shown in messages;
//! * [`machine_memory`], [`resident`], [`peak_resident`]: what the machine
//!   has and what this process holds, read from `/proc` through the
//!   `procfs` crate on Linux and through `sysinfo` elsewhere;
//! * [`Watchdog`]: a thread that samples the resident set and calls back
//!   when it passes a budget, for work that cannot check its own size
//!   (an oxidd apply in progress, a hash table about to double).

mod bytes;
mod watchdog;

pub use bytes::Bytes;
pub use watchdog::Watchdog;

#[cfg(target_os = "linux")]
mod linux;
#[cfg(any(not(target_os = "linux"), test))]
mod portable;

#[cfg(target_os = "linux")]
use linux as source;
#[cfg(not(target_os = "linux"))]
use portable as source;

/// The machine's physical memory (`MemTotal` on Linux), if it can be read.
pub fn machine_memory() -> Option<Bytes> {
    source::machine_memory()
}

/// The memory the kernel can give without swapping now (`MemAvailable` on
/// Linux): physical memory less what other processes hold.
pub fn available_memory() -> Option<Bytes> {
    source::available_memory()
}

/// This process's address-space limit (`RLIMIT_AS`, what `ulimit -v`
/// sets), if there is one: batch systems set it (SGE's `h_vmem`, job
/// scripts), and beyond it every allocation fails, which aborts the
/// program however much memory the machine has.
pub fn address_space_limit() -> Option<Bytes> {
    #[cfg(all(unix, not(target_os = "openbsd")))]
    {
        rustix::process::getrlimit(rustix::process::Resource::As)
            .current
            .map(Bytes)
    }
    #[cfg(not(all(unix, not(target_os = "openbsd"))))]
    {
        None
    }
}

/// The memory limit of this process's control group (Linux: cgroup v2's
/// `memory.max` or v1's `memory.limit_in_bytes`), if one is set: a
/// container's or a batch job's memory, which may be far below the
/// machine's.
pub fn cgroup_limit() -> Option<Bytes> {
    #[cfg(target_os = "linux")]
    {
        linux::cgroup_limit()
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// The largest budget an address-space limit leaves room for: half of it.
/// The address space holds much that is never resident — the program's
/// code, every thread's stack (the decision-diagram engines reserve deep
/// ones), the allocator's arenas — and a budget is a resident set.
pub fn address_space_budget() -> Option<Bytes> {
    address_space_limit().map(|limit| Bytes(limit.0 / 2))
}

/// The memory budget a run gets when none is asked for: three quarters of
/// physical memory, which leaves room for the rest of the machine, or nine
/// tenths of the memory available now if that is less, so that a run
/// beside another large one stops with a message at its limit instead of
/// being killed by the kernel (8 GiB if neither can be read); and at most
/// [`address_space_budget`], so that a run under `ulimit -v` stops at its
/// budget instead of aborting at an allocation, and at most nine tenths of
/// [`cgroup_limit`], so that a run in a container stops at its budget
/// instead of being killed (issue 38).
pub fn default_budget() -> Bytes {
    let share = machine_memory().map(|m| Bytes(m.0 / 4 * 3));
    let free = available_memory().map(|a| Bytes(a.0 / 10 * 9));
    let budget = match (share, free) {
        (Some(share), Some(free)) => share.min(free),
        (Some(only), None) | (None, Some(only)) => only,
        (None, None) => Bytes(8 * Bytes::GIB),
    };
    let budget = address_space_budget().map_or(budget, |room| budget.min(room));
    cgroup_limit().map_or(budget, |limit| budget.min(Bytes(limit.0 / 10 * 9)))
}

/// The resident set size of this process now (0 if it cannot be read).
pub fn resident() -> Bytes {
    source::resident()
}

/// The largest resident set size this process has had (0 if it cannot be
/// read). On Linux this is the kernel's own high-water mark (`VmHWM`),
/// which no sampling can miss; elsewhere it is the largest resident set
/// read so far (see the portable fallback's notes).
pub fn peak_resident() -> Bytes {
    source::peak_resident()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_this_process_and_the_machine() {
        let machine = machine_memory().expect("the machine's memory can be read");
        assert!(machine > Bytes(64 * Bytes::MIB), "{machine}");
        let now = resident();
        let peak = peak_resident();
        assert!(now > Bytes(0) && now <= machine, "{now}");
        assert!(peak >= now, "{peak} < {now}");
        let available = available_memory().expect("the available memory can be read");
        assert!(available <= machine, "{available}");
        assert!(default_budget() < machine);
        assert!(default_budget() < available);
    }
}
