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

/// The memory limit of this process's control group, if one is set:
/// `memory.max` (cgroup v2) or `memory.limit_in_bytes` (v1), as containers
/// and batch systems set them. Beyond it the kernel's OOM killer ends the
/// process, whatever the machine's own memory.
pub(crate) fn cgroup_limit() -> Option<Bytes> {
    let groups = read_small(std::path::Path::new("/proc/self/cgroup"))?;
    let mut candidates = Vec::new();
    for line in groups.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let path = path.trim_start_matches('/');
        if id == "0" && controllers.is_empty() {
            candidates.push(format!("/sys/fs/cgroup/{path}/memory.max"));
            candidates.push("/sys/fs/cgroup/memory.max".to_string());
        } else if controllers.split(',').any(|c| c == "memory") {
            candidates.push(format!(
                "/sys/fs/cgroup/memory/{path}/memory.limit_in_bytes"
            ));
            candidates.push("/sys/fs/cgroup/memory/memory.limit_in_bytes".to_string());
        }
    }
    // An unlimited group reads `max` (v2) or a number near 2^63 (v1).
    candidates.iter().find_map(|file| {
        let text = read_small(std::path::Path::new(file))?;
        let bytes: u64 = text.trim().parse().ok()?;
        (bytes < 1 << 62).then_some(Bytes(bytes))
    })
}

/// A small file of `/proc` or `/sys`, read to at most 64 KiB.
fn read_small(path: &std::path::Path) -> Option<String> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)
        .ok()?
        .take(64 << 10)
        .read_to_string(&mut text)
        .ok()?;
    Some(text)
}
