//! Memory on Linux, read from `/proc` through the `procfs` crate: the
//! machine's `MemTotal` and `MemAvailable`, and this process's `VmRSS` and
//! `VmHWM` (the kernel's own high-water mark).

use procfs::Current;

use crate::Bytes;

pub(crate) fn machine_memory() -> Option<Bytes> {
    procfs::Meminfo::current().ok().map(|m| Bytes(m.mem_total))
}

pub(crate) fn available_memory() -> Option<Bytes> {
    procfs::Meminfo::current()
        .ok()
        .and_then(|m| m.mem_available)
        .map(Bytes)
}

pub(crate) fn resident() -> Bytes {
    status_kib(|s| s.vmrss)
}

pub(crate) fn peak_resident() -> Bytes {
    status_kib(|s| s.vmhwm)
}

fn status_kib(field: impl Fn(&procfs::process::Status) -> Option<u64>) -> Bytes {
    procfs::process::Process::myself()
        .and_then(|p| p.status())
        .ok()
        .and_then(|s| field(&s))
        .map_or(Bytes(0), |kib| Bytes(kib * Bytes::KIB))
}
