//! Whether two paths name one file, and whether a path lies in a
//! directory: what the program needs to know to never write over what it
//! reads or owns (issue 38).
//!
//! Spellings are no guide: `a.json`, `./a.json`, `../d/a.json`, a symbolic
//! link to it and a hard link to it are one file. So a file is known by
//! its device and inode where the system has them (every Unix, macOS
//! included), and by its canonical path elsewhere, which resolves links
//! and `..` but not hard links.

use std::path::{Path, PathBuf};

/// What one file is, as far as the system tells: two paths with the same
/// identity are one file. On Unix its device and inode.
#[cfg(unix)]
type Identity = (u64, u64);
/// Elsewhere its canonical path.
#[cfg(not(unix))]
type Identity = PathBuf;

/// The identity of the file or directory at `path` (links followed), or
/// `None` where there is nothing there.
fn identity(path: &Path) -> Option<Identity> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let metadata = std::fs::metadata(path).ok()?;
        Some((metadata.dev(), metadata.ino()))
    }
    #[cfg(not(unix))]
    {
        std::fs::canonicalize(path).ok()
    }
}

/// Whether `a` and `b` are one existing file. A path where nothing exists
/// is no file that is read, so it is the same as nothing.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (identity(a), identity(b)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// Whether `path` (which need not exist yet) is inside the existing
/// directory `dir`, at any depth, however either is spelled.
pub fn inside(dir: &Path, path: &Path) -> bool {
    let Some(dir) = identity(dir) else {
        return false;
    };
    let Some(resolved) = resolved(path) else {
        return false;
    };
    resolved
        .ancestors()
        .skip(1)
        .any(|ancestor| identity(ancestor).as_ref() == Some(&dir))
}

/// `path` with its links and `..` resolved: the file itself where it
/// exists, else its directory resolved and its name added (the file a
/// write would create).
fn resolved(path: &Path) -> Option<PathBuf> {
    if let Ok(canonical) = std::fs::canonicalize(path) {
        return Some(canonical);
    }
    let name = path.file_name()?;
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::canonicalize(parent).ok().map(|p| p.join(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_and_links_of_one_file_are_one_file() {
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path();
        let a = dir.join("a.json");
        std::fs::write(&a, "{}").unwrap();
        std::fs::create_dir(dir.join("sub")).unwrap();
        assert!(same_file(&a, &a));
        assert!(same_file(&a, &dir.join("sub/../a.json")));
        assert!(same_file(&a, &dir.join("./a.json")));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&a, dir.join("link")).unwrap();
            assert!(same_file(&a, &dir.join("link")));
            std::fs::hard_link(&a, dir.join("hard")).unwrap();
            assert!(same_file(&a, &dir.join("hard")));
        }
        std::fs::write(dir.join("b.json"), "{}").unwrap();
        assert!(!same_file(&a, &dir.join("b.json")));
        assert!(!same_file(&dir.join("missing"), &dir.join("missing")));
    }

    #[test]
    fn paths_inside_a_directory_are_found_however_spelled() {
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path();
        let ck = dir.join("ck");
        std::fs::create_dir_all(ck.join("g3")).unwrap();
        assert!(inside(&ck, &ck.join("part.json")));
        assert!(inside(&ck, &ck.join("g3/run-0")));
        assert!(inside(&ck, &dir.join("ck/../ck/new.svg")));
        assert!(!inside(&ck, &dir.join("x.svg")));
        assert!(!inside(&ck, &ck), "the directory itself is not in it");
        assert!(!inside(&dir.join("missing"), &dir.join("missing/x")));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&ck, dir.join("alias")).unwrap();
            assert!(inside(&ck, &dir.join("alias/x.svg")));
        }
    }
}
