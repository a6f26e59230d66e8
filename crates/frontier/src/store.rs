//! Where a count's runs live: in memory while they fit the budget, in the
//! spill directory beyond it.
//!
//! A run is made once, in memory, by sorting and adding up a batch of
//! successors (`level.rs`). [`Store::keep`] then decides where it stays:
//! if the runs and batches already in memory, plus this run, pass the
//! budget — or the process's resident set passes its own limit — the
//! run's bytes go to a file, unchanged, and the memory is freed. Either
//! way the run is read back the same way, once, by the next step, and then
//! [`Store::release`] frees it. There is no second copy and no merge that
//! writes one: the next step merges a partition's runs as it reads them.
//!
//! The store also keeps the figures a report gives: bytes in memory, bytes
//! on disk now and at most, and bytes ever written.
//!
//! **After a kill.** The spill directory (`knights-tour-spill-<host>-<pid>-*`
//! inside the directory asked for) is removed when the count ends, but a
//! process killed with SIGKILL, or by the kernel for memory, leaves it
//! behind: gigabytes, in a temporary directory nobody looks at. So the
//! first spill of a count removes the spill directories of processes of
//! this machine that no longer run (their pid is gone from `/proc`), and
//! in them only the `run-<n>.bin` files a store writes. Directories of
//! other machines sharing the file system, and of processes that run, are
//! left alone; where there is no `/proc`, nothing is removed.
//!
//! **After an abandoned count.** A count stopped by its memory budget or a
//! signal while a step is deep in an operation is abandoned: the program
//! ends without waiting for its store to be dropped, which left the spill
//! directory behind (issue 38: 16 to 34 MB after `--memory 16MiB`, 2.2 GB
//! after a SIGINT). So every spill directory this process makes is
//! registered until its store removes it, and the program's last act,
//! however the count ended, is [`remove_spill_directories`].

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::run::{Encoded, Place, Run};

/// The spill directories of this process's stores that exist now, and
/// whether the program is ending ([`remove_spill_directories`] has run):
/// then no store makes a new one.
static MADE: Mutex<Spills> = Mutex::new(Spills {
    dirs: Vec::new(),
    ended: false,
});

struct Spills {
    dirs: Vec<PathBuf>,
    ended: bool,
}

fn made() -> std::sync::MutexGuard<'static, Spills> {
    MADE.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Removes the spill directories of this process's stores, whether or
/// not their counts have ended: the last act of a program whose count may
/// have been abandoned. In them only the `run-<n>.bin` files a store
/// writes are removed, and a directory that still holds anything else is
/// left. After it no store of this process makes a spill directory: its
/// spills fail, as the program ends.
///
/// An abandoned count may still be writing: so each directory is first
/// renamed (its name keeps the prefix that marks it as a spill), after
/// which every new file the store makes under the old name fails, and
/// only then emptied and removed.
pub fn remove_spill_directories() {
    let dirs = {
        let mut spills = made();
        // Held while a store makes and registers a directory, so none is
        // made after this.
        spills.ended = true;
        std::mem::take(&mut spills.dirs)
    };
    for dir in dirs {
        let mut moved = dir.clone().into_os_string();
        moved.push("-removed");
        let moved = PathBuf::from(moved);
        let dir = if std::fs::rename(&dir, &moved).is_ok() {
            moved
        } else {
            dir
        };
        if let Ok(entries) = std::fs::read_dir(&dir) {
            for entry in entries.flatten() {
                let name = entry.file_name();
                let ours = name.to_str().is_some_and(|n| {
                    n.strip_prefix("run-")
                        .and_then(|n| n.strip_suffix(".bin"))
                        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
                });
                if ours {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
        let _ = std::fs::remove_dir(&dir);
    }
}

/// How often a store reads the process's resident set at most. Reading it
/// parses `/proc/self/status`, which took 2.5% of an 8×7 closed count when
/// it was read for every run kept (`perf record`); the resident set grows
/// by far less than the margin below the budget in 20 ms.
const RESIDENT_EVERY_MS: u64 = 20;

/// The runs of a count.
pub struct Store {
    dir: PathBuf,
    /// The spill directory, made on first use and removed with the store.
    temp: Mutex<Option<tempfile::TempDir>>,
    files: AtomicU64,
    /// Bytes that runs and batches may hold in memory.
    limit: u64,
    /// The resident set past which new runs go to disk whatever the
    /// accounts say (`u64::MAX`: never looked at). The accounts miss what
    /// the allocator keeps after freeing; the resident set is what the
    /// memory watchdog reads.
    resident_limit: u64,
    /// The resident set last read, and when (milliseconds after `made`):
    /// see [`RESIDENT_EVERY_MS`].
    resident: AtomicU64,
    resident_read_ms: AtomicU64,
    made: std::time::Instant,
    /// Bytes of runs in memory.
    memory: AtomicU64,
    /// Bytes of batches waiting to become runs (see `level.rs`).
    pending: AtomicU64,
    /// Bytes of owned run files now, and at most.
    disk: AtomicU64,
    disk_peak: AtomicU64,
    /// Bytes written to run files in all.
    written: AtomicU64,
}

impl Store {
    /// Runs in memory up to `limit` bytes (and a resident set up to
    /// `resident_limit`), the rest in a fresh directory inside `dir`.
    pub fn new(dir: &Path, limit: u64, resident_limit: u64) -> Store {
        Store {
            dir: dir.to_path_buf(),
            temp: Mutex::new(None),
            files: AtomicU64::new(0),
            limit,
            resident_limit,
            resident: AtomicU64::new(0),
            resident_read_ms: AtomicU64::new(0),
            made: std::time::Instant::now(),
            memory: AtomicU64::new(0),
            pending: AtomicU64::new(0),
            disk: AtomicU64::new(0),
            disk_peak: AtomicU64::new(0),
            written: AtomicU64::new(0),
        }
    }

    /// The memory budget of runs and batches.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// A new file name in the spill directory.
    fn new_file(&self) -> io::Result<PathBuf> {
        let mut temp = self
            .temp
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if temp.is_none() {
            let owner = owner();
            if let Some(owner) = &owner {
                remove_stale(&self.dir, owner);
            }
            let prefix = match &owner {
                Some(owner) => format!("{SPILL_PREFIX}{}-{}-", owner.host, owner.pid),
                None => SPILL_PREFIX.to_string(),
            };
            let mut spills = made();
            if spills.ended {
                return Err(io::Error::other("the program is ending: no more spills"));
            }
            let made_now = tempfile::Builder::new()
                .prefix(&prefix)
                .tempdir_in(&self.dir)
                .map_err(|e| {
                    io::Error::new(
                        e.kind(),
                        format!("cannot make a directory in {}: {e}", self.dir.display()),
                    )
                })?;
            spills.dirs.push(made_now.path().to_path_buf());
            *temp = Some(made_now);
        }
        let n = self.files.fetch_add(1, Ordering::Relaxed);
        Ok(temp
            .as_ref()
            .expect("just made")
            .path()
            .join(format!("run-{n}.bin")))
    }

    /// Whether `more` bytes still fit in memory.
    fn fits(&self, more: u64) -> bool {
        let held = self.memory.load(Ordering::Relaxed) + self.pending.load(Ordering::Relaxed);
        held.saturating_add(more) <= self.limit
            && (self.resident_limit == u64::MAX || self.resident() <= self.resident_limit)
    }

    /// The resident set, read again at most every [`RESIDENT_EVERY_MS`].
    fn resident(&self) -> u64 {
        let now = u64::try_from(self.made.elapsed().as_millis()).unwrap_or(u64::MAX);
        let read = self.resident_read_ms.load(Ordering::Relaxed);
        let seen = self.resident.load(Ordering::Relaxed);
        if seen != 0 && now < read.saturating_add(RESIDENT_EVERY_MS) {
            return seen;
        }
        let resident = kt_memory::resident().0;
        self.resident.store(resident, Ordering::Relaxed);
        self.resident_read_ms.store(now, Ordering::Relaxed);
        resident
    }

    /// Keeps the bytes of a new run: in memory if they fit, else in a file.
    pub fn keep(&self, encoded: Encoded) -> io::Result<Run> {
        let size = encoded.bytes.len() as u64;
        if self.fits(size) {
            self.memory.fetch_add(size, Ordering::Relaxed);
            return Ok(Run {
                entries: encoded.entries,
                bytes: size,
                crc: crc32fast::hash(&encoded.bytes),
                weight_bits: encoded.weight_bits,
                place: Place::Memory(encoded.bytes),
            });
        }
        self.write(&encoded)
    }

    /// Writes run bytes to a new file of the spill directory.
    pub fn write(&self, encoded: &Encoded) -> io::Result<Run> {
        let bytes = &encoded.bytes[..];
        let path = self.new_file()?;
        let mut file = std::fs::File::create(&path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        file.write_all(bytes)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        let size = bytes.len() as u64;
        self.written.fetch_add(size, Ordering::Relaxed);
        let now = self.disk.fetch_add(size, Ordering::Relaxed) + size;
        self.disk_peak.fetch_max(now, Ordering::Relaxed);
        Ok(Run {
            entries: encoded.entries,
            bytes: size,
            crc: crc32fast::hash(bytes),
            weight_bits: encoded.weight_bits,
            place: Place::Disk { path, owned: true },
        })
    }

    /// Frees a run that has been read: its memory, or its file if the
    /// store made it (a checkpoint's files are left alone).
    pub fn release(&self, bytes: u64, place: &Released) {
        match place {
            Released::Memory => {
                self.memory.fetch_sub(bytes, Ordering::Relaxed);
            }
            Released::Disk { path, owned: true } => {
                let _ = std::fs::remove_file(path);
                self.disk.fetch_sub(bytes, Ordering::Relaxed);
            }
            Released::Disk { owned: false, .. } => {}
        }
    }

    /// Counts `bytes` of batches as held in memory (negative: freed).
    pub fn hold_pending(&self, bytes: i64) {
        if bytes >= 0 {
            self.pending
                .fetch_add(bytes.unsigned_abs(), Ordering::Relaxed);
        } else {
            self.pending
                .fetch_sub(bytes.unsigned_abs(), Ordering::Relaxed);
        }
    }

    /// Bytes of runs in memory now.
    pub fn memory(&self) -> u64 {
        self.memory.load(Ordering::Relaxed)
    }

    /// Bytes of run files now.
    pub fn disk(&self) -> u64 {
        self.disk.load(Ordering::Relaxed)
    }

    /// The most bytes of run files at any time.
    pub fn disk_peak(&self) -> u64 {
        self.disk_peak.load(Ordering::Relaxed)
    }

    /// Bytes written to run files in all.
    pub fn written(&self) -> u64 {
        self.written.load(Ordering::Relaxed)
    }
}

impl Drop for Store {
    /// The spill directory goes with the store (its `TempDir`), and out of
    /// the register of those left to remove.
    fn drop(&mut self) {
        let temp = self
            .temp
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(dir) = temp.as_ref() {
            made().dirs.retain(|d| d != dir.path());
        }
    }
}

/// How every spill directory's name begins.
pub const SPILL_PREFIX: &str = "knights-tour-spill-";

/// This process, as a spill directory's name records it.
struct Owner {
    host: String,
    pid: u32,
}

/// This process and its machine, where `/proc` can tell which processes
/// run (`None` elsewhere: nothing is cleaned there).
fn owner() -> Option<Owner> {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").ok()?;
    let host: String = host
        .trim()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '.')
        .collect();
    (!host.is_empty() && Path::new("/proc/self").exists()).then(|| Owner {
        host,
        pid: std::process::id(),
    })
}

/// Removes the spill directories in `dir` of processes of `owner`'s
/// machine that no longer run: their run files, then the directory if
/// nothing else is in it. Failures are ignored: this is tidying, and the
/// count goes on.
fn remove_stale(dir: &Path, owner: &Owner) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let ours = format!("{SPILL_PREFIX}{}-", owner.host);
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(&ours))
            .and_then(|rest| rest.split_once('-'))
            .and_then(|(pid, _)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == owner.pid || Path::new("/proc").join(pid.to_string()).exists() {
            continue;
        }
        let Ok(files) = std::fs::read_dir(entry.path()) else {
            continue;
        };
        for file in files.flatten() {
            let run = file.file_name();
            let is_run = run
                .to_str()
                .and_then(|n| n.strip_prefix("run-"))
                .and_then(|n| n.strip_suffix(".bin"))
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            if is_run {
                let _ = std::fs::remove_file(file.path());
            }
        }
        let _ = std::fs::remove_dir(entry.path());
    }
}

/// What is left to free of a run once a reader has taken it over.
#[derive(Debug)]
pub enum Released {
    Memory,
    Disk { path: PathBuf, owned: bool },
}

impl Released {
    /// What `run` will leave to free.
    pub fn of(run: &Run) -> Released {
        match &run.place {
            Place::Memory(_) => Released::Memory,
            Place::Disk { path, owned } => Released::Disk {
                path: path.clone(),
                owned: *owned,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first spill removes the runs of dead processes of this machine,
    /// and nothing else: not a live process's, not another machine's, not
    /// a file a store does not write.
    #[test]
    fn the_first_spill_removes_spill_directories_of_dead_processes() {
        let Some(me) = owner() else {
            return;
        };
        let dir = tempfile::tempdir().unwrap();
        let dead = (4_000_000..u32::MAX)
            .find(|pid| !Path::new("/proc").join(pid.to_string()).exists())
            .unwrap();
        let make = |name: &str, files: &[&str]| {
            let path = dir.path().join(name);
            std::fs::create_dir(&path).unwrap();
            for file in files {
                std::fs::write(path.join(file), b"x").unwrap();
            }
            path
        };
        let stale = make(
            &format!("{SPILL_PREFIX}{}-{dead}-a1", me.host),
            &["run-0.bin", "run-17.bin"],
        );
        let with_notes = make(
            &format!("{SPILL_PREFIX}{}-{dead}-b2", me.host),
            &["run-3.bin", "notes.txt"],
        );
        let live = make(&format!("{SPILL_PREFIX}{}-1-c3", me.host), &["run-0.bin"]);
        let elsewhere = make(
            &format!("{SPILL_PREFIX}otherhost-{dead}-d4"),
            &["run-0.bin"],
        );
        let store = Store::new(dir.path(), 0, u64::MAX);
        let run = store
            .keep(Encoded {
                bytes: vec![1, 2, 3],
                entries: 1,
                weight_bits: 1,
            })
            .unwrap();
        assert!(!run.in_memory());
        assert!(!stale.exists());
        assert!(with_notes.join("notes.txt").exists());
        assert!(!with_notes.join("run-3.bin").exists());
        assert!(live.join("run-0.bin").exists());
        assert!(elsewhere.join("run-0.bin").exists());
    }
}
