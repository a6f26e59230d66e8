//! A checkpoint's directory: whose it is (the marker), whether it holds a
//! checkpoint, the lock a running count holds on it, and the removal of
//! what the program wrote there and nothing else.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use super::{MAGIC, MANIFEST, MARKER, MARKER_TEXT};

/// Whether `name` is `prefix` followed by decimal digits only.
pub(super) fn numbered(name: &std::ffi::OsStr, prefix: &str) -> bool {
    name.to_str()
        .and_then(|n| n.strip_prefix(prefix))
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// What a directory named for a checkpoint holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Directory {
    /// Nothing there yet.
    Missing,
    /// An empty directory.
    Empty,
    /// A directory of this program's checkpoint (marked, or holding its
    /// manifest), whether or not a checkpoint has been written yet.
    Ours,
    /// Anything else: never written to.
    Foreign,
}

/// What the directory `path` is, for a checkpoint.
pub fn directory(path: &Path) -> io::Result<Directory> {
    let entries = match std::fs::read_dir(path) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Directory::Missing),
        Err(_) if path.exists() && !path.is_dir() => return Ok(Directory::Foreign),
        Err(e) => return Err(e),
    };
    let mut empty = true;
    for entry in entries {
        let name = entry?.file_name();
        empty = false;
        if name == MARKER {
            return Ok(Directory::Ours);
        }
    }
    if empty {
        return Ok(Directory::Empty);
    }
    let mut magic = [0u8; 8];
    let manifest = File::open(path.join(MANIFEST)).and_then(|mut f| f.read_exact(&mut magic));
    Ok(if manifest.is_ok() && &magic == MAGIC {
        Directory::Ours
    } else {
        Directory::Foreign
    })
}

/// Whether `path` holds a written checkpoint (its manifest).
pub fn holds_checkpoint(path: &Path) -> bool {
    path.join(MANIFEST).is_file()
}

/// Makes `path` this program's checkpoint directory: creates it if it is
/// missing and marks it, or checks that it is empty or already ours. A
/// directory that holds anything else is refused, and left as it is.
pub fn claim(path: &Path) -> Result<(), String> {
    let name = path.display();
    std::fs::create_dir_all(path).map_err(|e| format!("cannot make {name}: {e}"))?;
    match directory(path).map_err(|e| format!("cannot read {name}: {e}"))? {
        Directory::Foreign => Err(format!(
            "{name} is not empty and is not a knights-tour checkpoint: the program writes checkpoints only into a new or empty directory, or its own"
        )),
        Directory::Ours if path.join(MARKER).is_file() => Ok(()),
        _ => {
            let partial = path.join(format!("{MARKER}.partial"));
            std::fs::write(&partial, MARKER_TEXT)
                .and_then(|()| std::fs::rename(&partial, path.join(MARKER)))
                .map_err(|e| format!("cannot write in {name}: {e}"))
        }
    }
}

/// A checkpoint directory held by one running count: its marker, locked.
///
/// Two counts writing one directory replace each other's manifests and
/// remove each other's runs. The lock is the system's advisory lock
/// (`flock`), which it drops when the process ends however it ends, so a
/// killed count never leaves a stale lock to clear by hand.
pub struct Held {
    _marker: File,
}

/// Claims `path` ([`claim`]) and holds it for this count, or says that
/// another count running now holds it.
pub fn hold(path: &Path) -> Result<Held, String> {
    claim(path)?;
    let name = path.display();
    let marker = File::open(path.join(MARKER)).map_err(|e| format!("cannot open {name}: {e}"))?;
    match marker.try_lock() {
        Ok(()) => Ok(Held { _marker: marker }),
        Err(std::fs::TryLockError::WouldBlock) => Err(format!(
            "{name} is the checkpoint of another count running now; wait for it to end, or choose another directory"
        )),
        Err(std::fs::TryLockError::Error(e)) => Err(format!("cannot lock {name}: {e}")),
    }
}

/// Whether a count running now holds `path` ([`hold`]).
pub fn in_use(path: &Path) -> bool {
    File::open(path.join(MARKER))
        .is_ok_and(|f| matches!(f.try_lock(), Err(std::fs::TryLockError::WouldBlock)))
}

/// Removes a generation directory of runs: its `run-<i>` files, then the
/// directory if nothing else is in it.
pub(super) fn remove_generation(directory: &Path) -> io::Result<()> {
    for entry in std::fs::read_dir(directory)? {
        let entry = entry?;
        if numbered(&entry.file_name(), "run-") && entry.file_type()?.is_file() {
            std::fs::remove_file(entry.path())?;
        }
    }
    // Something of someone else's in it: it stays, and so does the
    // directory.
    let _ = std::fs::remove_dir(directory);
    Ok(())
}
