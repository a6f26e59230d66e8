//! Paths the work will write, checked before it starts: a run must not
//! fail at its first checkpoint five minutes in, or at its first spill
//! twenty minutes in, because a directory is missing.
//!
//! A directory the user asked for (`--spill-dir`) is created; a file
//! (`--checkpoint`, `dot -o`, `tour --svg`) must be in a directory that
//! exists. Either way a probe file is created and removed in the
//! directory, which is the one test that also holds for root and for
//! read-only file systems; an existing file is opened for appending, which
//! does not change it.

use std::fs::OpenOptions;
use std::path::Path;

use crate::failure::Failure;

fn refused(flag: &str, path: &Path, why: &str) -> Failure {
    Failure::refused(format!("{flag} {}: {why}", path.display()))
}

/// Creates `dir` if it does not exist, and checks that files can be
/// written in it.
pub fn writable_dir(flag: &str, dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| refused(flag, dir, &format!("cannot create the directory: {e}")))?;
    if !dir.is_dir() {
        return Err(refused(flag, dir, "not a directory"));
    }
    probe(flag, dir, dir)
}

/// Checks that the work can make the directory `dir` (or write in it, if
/// it exists): a checkpoint, which like a file must be in a directory that
/// exists.
pub fn makeable_dir(flag: &str, dir: &Path) -> Result<(), Failure> {
    if dir.as_os_str().is_empty() {
        return Err(Failure::refused(format!("{flag}: an empty name")));
    }
    if dir.exists() {
        if !dir.is_dir() {
            return Err(refused(
                flag,
                dir,
                "is a file; this is the name of a directory the count makes",
            ));
        }
        return probe(flag, dir, dir);
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !parent.is_dir() {
        return Err(refused(
            flag,
            dir,
            &format!("the directory {} does not exist", parent.display()),
        ));
    }
    probe(flag, dir, parent)
}

/// Checks that `file` can be written: an existing file is writable, or its
/// directory exists and files can be created in it.
pub fn writable_file(flag: &str, file: &Path) -> Result<(), Failure> {
    if file.as_os_str().is_empty() {
        return Err(Failure::refused(format!("{flag}: an empty file name")));
    }
    if file.is_dir() {
        return Err(refused(flag, file, "is a directory, not a file"));
    }
    if file.exists() {
        return OpenOptions::new()
            .append(true)
            .open(file)
            .map(drop)
            .map_err(|e| refused(flag, file, &format!("cannot write it: {e}")));
    }
    let parent = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !parent.is_dir() {
        return Err(refused(
            flag,
            file,
            &format!("the directory {} does not exist", parent.display()),
        ));
    }
    probe(flag, file, parent)
}

/// Creates and removes a file in `dir`.
fn probe(flag: &str, named: &Path, dir: &Path) -> Result<(), Failure> {
    tempfile::Builder::new()
        .prefix(".knights-tour-probe")
        .tempfile_in(dir)
        .map(drop)
        .map_err(|e| refused(flag, named, &format!("cannot write there: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_directories_of_files_are_refused_and_asked_ones_created() {
        let scratch = tempfile::tempdir().unwrap();
        let missing = scratch.path().join("missing/x.dot");
        let refusal = writable_file("-o", &missing).unwrap_err();
        assert!(refusal.message.contains("x.dot"), "{}", refusal.message);
        assert!(
            refusal.message.contains("does not exist"),
            "{}",
            refusal.message
        );
        assert!(writable_file("-o", &scratch.path().join("x.dot")).is_ok());
        assert!(
            !scratch.path().join("x.dot").exists(),
            "nothing is left behind"
        );
        let spill = scratch.path().join("a/b/spill");
        assert!(writable_dir("--spill-dir", &spill).is_ok());
        assert!(spill.is_dir());
        let refusal = writable_file("--svg", scratch.path()).unwrap_err();
        assert!(
            refusal.message.contains("is a directory"),
            "{}",
            refusal.message
        );
        let checkpoint = scratch.path().join("ckpt");
        assert!(makeable_dir("--checkpoint", &checkpoint).is_ok());
        assert!(!checkpoint.exists(), "made by the count, not the plan");
        assert!(makeable_dir("--checkpoint", &scratch.path().join("no/ckpt")).is_err());
        let under_a_file = scratch.path().join("x.dot");
        std::fs::write(&under_a_file, "").unwrap();
        assert!(writable_dir("--spill-dir", &under_a_file.join("d")).is_err());
        assert!(writable_file("-o", &under_a_file).is_ok());
    }
}
