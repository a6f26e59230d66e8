//! Memory where there is no `/proc` (macOS, Windows, the BSDs), read
//! through the `sysinfo` crate.
//!
//! The machine's total and available memory and this process's resident
//! set come from the platform's own interfaces. No portable interface gives
//! the kernel's high-water mark, so the peak here is the largest resident
//! set read so far: every call to [`resident`] (the [`Watchdog`] samples
//! every 25 ms while a budget is enforced) and to [`peak_resident`] itself
//! raises it. A peak between two samples can be missed, which Linux's
//! `VmHWM` never does.
//!
//! On Linux this module is compiled for the tests only, so that the
//! fallback is exercised there too.
//!
//! [`Watchdog`]: crate::Watchdog

use std::sync::atomic::{AtomicU64, Ordering};

use sysinfo::{MemoryRefreshKind, ProcessRefreshKind, ProcessesToUpdate, System};

use crate::Bytes;

/// The largest resident set [`resident`] has read in this process.
static PEAK: AtomicU64 = AtomicU64::new(0);

fn memory() -> System {
    let mut system = System::new();
    system.refresh_memory_specifics(MemoryRefreshKind::nothing().with_ram());
    system
}

pub(crate) fn machine_memory() -> Option<Bytes> {
    let total = memory().total_memory();
    (total > 0).then_some(Bytes(total))
}

pub(crate) fn available_memory() -> Option<Bytes> {
    let available = memory().available_memory();
    (available > 0).then_some(Bytes(available))
}

pub(crate) fn resident() -> Bytes {
    let Ok(pid) = sysinfo::get_current_pid() else {
        return Bytes(0);
    };
    let mut system = System::new();
    system.refresh_processes_specifics(
        ProcessesToUpdate::Some(&[pid]),
        false,
        ProcessRefreshKind::nothing().with_memory(),
    );
    let rss = system.process(pid).map_or(0, sysinfo::Process::memory);
    PEAK.fetch_max(rss, Ordering::Relaxed);
    Bytes(rss)
}

pub(crate) fn peak_resident() -> Bytes {
    let now = resident();
    Bytes(PEAK.load(Ordering::Relaxed).max(now.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_this_process_and_the_machine() {
        let machine = machine_memory().expect("sysinfo reads the machine's memory");
        assert!(machine > Bytes(64 * Bytes::MIB), "{machine}");
        let available = available_memory().expect("sysinfo reads the available memory");
        assert!(available <= machine, "{available} > {machine}");
        let now = resident();
        assert!(now > Bytes(0) && now <= machine, "{now}");
        let peak = peak_resident();
        assert!(peak >= now, "{peak} < {now}");
    }

    #[test]
    fn the_peak_never_falls() {
        let before = peak_resident();
        // Touch 32 MiB so that the resident set grows, then free it: the
        // peak read after must not be below the one read while it was held.
        let block = vec![1_u8; 32 << 20];
        let held = peak_resident();
        assert!(block.iter().all(|&b| b == 1));
        drop(block);
        let after = peak_resident();
        assert!(held >= before, "{held} < {before}");
        assert!(after >= held, "{after} < {held}");
    }

    /// On Linux both sources read the same kernel numbers, so the fallback
    /// must agree with procfs.
    #[cfg(target_os = "linux")]
    #[test]
    fn agrees_with_proc_on_linux() {
        assert_eq!(machine_memory(), crate::linux::machine_memory());
        let portable = resident().0;
        let proc = crate::linux::resident().0;
        let diff = portable.abs_diff(proc);
        assert!(
            diff <= 16 * Bytes::MIB,
            "sysinfo {portable} and procfs {proc} differ by {diff} bytes"
        );
    }
}
