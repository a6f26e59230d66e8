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
//!
//! A checkpoint directory is the program's own (`kt_frontier::checkpoint`,
//! "Only its own files"): a directory that holds anything else is refused,
//! and so is one that already holds a checkpoint, unless the count resumes
//! from it. Replacing a checkpoint unasked would throw away hours of work
//! because a command was run twice; the refusal says how to go on or start
//! over instead. A directory that a count running now holds (its lock,
//! `kt_frontier::checkpoint::hold`) is refused too.

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

use kt_frontier::checkpoint::{self, Directory};

use crate::failure::Failure;
use crate::words::message;
use crate::words::{Setting, Word};

fn refused(option: Word, path: &Path, why: &str) -> Failure {
    Failure::refused(message!(option.given(path.display()), format!(": {why}")))
}

/// Creates `dir` if it does not exist, and checks that files can be
/// written in it.
pub fn writable_dir(option: impl Into<Word>, dir: &Path) -> Result<(), Failure> {
    let option = option.into();
    std::fs::create_dir_all(dir)
        .map_err(|e| refused(option, dir, &format!("cannot create the directory: {e}")))?;
    if !dir.is_dir() {
        return Err(refused(option, dir, "not a directory"));
    }
    probe(option, dir, dir)
}

/// Checks that the work can make the directory `dir` (or write in it, if
/// it exists): a checkpoint, which like a file must be in a directory that
/// exists.
pub fn makeable_dir(option: impl Into<Word>, dir: &Path) -> Result<(), Failure> {
    let option = option.into();
    if dir.as_os_str().is_empty() {
        return Err(Failure::refused(message!(option, ": an empty name")));
    }
    if dir.exists() {
        if !dir.is_dir() {
            return Err(refused(
                option,
                dir,
                "is a file; this is the name of a directory the count makes",
            ));
        }
        return probe(option, dir, dir);
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !parent.is_dir() {
        return Err(refused(
            option,
            dir,
            &format!("the directory {} does not exist", parent.display()),
        ));
    }
    probe(option, dir, parent)
}

/// Checks that `file` can be written: an existing file is writable, or its
/// directory exists and files can be created in it.
pub fn writable_file(option: impl Into<Word>, file: &Path) -> Result<(), Failure> {
    let option = option.into();
    if file.as_os_str().is_empty() {
        return Err(Failure::refused(message!(option, ": an empty file name")));
    }
    if file.is_dir() {
        return Err(refused(option, file, "is a directory, not a file"));
    }
    if file.exists() {
        return OpenOptions::new()
            .append(true)
            .open(file)
            .map(drop)
            .map_err(|e| refused(option, file, &format!("cannot write it: {e}")));
    }
    let parent = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !parent.is_dir() {
        return Err(refused(
            option,
            file,
            &format!("the directory {} does not exist", parent.display()),
        ));
    }
    probe(option, file, parent)
}

/// The file in a checkpoint directory that holds the classes done (kept
/// with what a directory is of, `crate::checkpoint_of`).
pub(crate) use crate::checkpoint_of::PART_FILE;

/// The checkpoint directory a count writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckpointTarget {
    /// `--checkpoint`.
    pub write: PathBuf,
    /// `--resume`, if the count goes on from a checkpoint.
    pub resume: Option<PathBuf>,
    /// For the cluster method, (process, processes): `write` holds one
    /// directory per process (`kt_distributed::resume`).
    pub share: Option<(usize, usize)>,
}

/// Refuses, before any work, a checkpoint directory that is not the
/// program's, or that holds a checkpoint the count does not resume from.
pub(crate) fn checkpoint_dir(target: &CheckpointTarget) -> Result<(), Failure> {
    let option = Word::Setting(Setting::Checkpoint);
    let dir = &target.write;
    let foreign = |path: &Path| {
        let what = if path == dir {
            "not empty and not a knights-tour checkpoint".to_string()
        } else {
            format!(
                "{} is not empty and not a knights-tour checkpoint",
                path.display()
            )
        };
        refused(
            option,
            dir,
            &format!(
                "{what}; a sweep writes checkpoints only into a new or empty directory, or its own, and leaves this one as it is"
            ),
        )
    };
    let unreadable = |e: std::io::Error| refused(option, dir, &format!("cannot read it: {e}"));
    // The directories that hold (or will hold) checkpoints.
    let slots: Vec<PathBuf> = match target.share {
        None => vec![dir.clone()],
        // The cluster's layout is kt-distributed's: it checks that the
        // directory holds nothing else and says where the slots are.
        Some((process, processes)) => {
            kt_distributed::checkpoint_slots(dir, process, processes, &|name| {
                name == checkpoint::MARKER || name == checkpoint::QUESTION
            })
            .map_err(|e| match e {
                kt_distributed::ForeignCheckpoint::Path(path) => foreign(&path),
                kt_distributed::ForeignCheckpoint::Unreadable(e) => unreadable(e),
            })?
        }
    };
    if let Some(slot) = slots.iter().find(|slot| checkpoint::in_use(slot)) {
        return Err(refused(
            option,
            dir,
            &format!(
                "{} is the checkpoint of another count running now; wait for it to end, or choose another directory",
                slot.display()
            ),
        ));
    }
    let mut held = None;
    for slot in &slots {
        match checkpoint::directory(slot).map_err(unreadable)? {
            Directory::Foreign => return Err(foreign(slot)),
            Directory::Ours if held.is_none() => {
                // The question it keeps, where it says (`checkpoint_of`).
                let said = match crate::checkpoint_of::recorded(slot) {
                    Ok(Some(found @ crate::checkpoint_of::Recorded::Said(_))) => Some(found),
                    _ => None,
                };
                let holds = checkpoint::holds_checkpoint(slot) || slot.join(PART_FILE).is_file();
                if let Some(said) = said.filter(|_| holds) {
                    held = Some(format!("of {said}"));
                } else if checkpoint::holds_checkpoint(slot) {
                    held = Some(match checkpoint::inspect(slot) {
                        Ok(h) => format!(
                            "of {} tours of {}x{}, {} steps done",
                            h.kind, h.rows, h.cols, h.step
                        ),
                        Err(_) => "which this program cannot read".to_string(),
                    });
                } else if slot.join(PART_FILE).is_file() {
                    held = Some("of the classes done of a count by classes".to_string());
                }
            }
            _ => {}
        }
    }
    let Some(what) = held else {
        return Ok(());
    };
    let same = |a: &Path, b: &Path| match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    if target.resume.as_deref().is_some_and(|r| same(r, dir)) {
        return Ok(());
    }
    let name = dir.display().to_string();
    Err(Failure::refused(message!(
        option.given(&name),
        format!(": it already holds a checkpoint ({what}); go on from it with "),
        Setting::Resume.given(&name),
        format!(", or remove {name} or choose another directory to start over")
    )))
}

/// Creates and removes a file in `dir`.
fn probe(option: Word, named: &Path, dir: &Path) -> Result<(), Failure> {
    tempfile::Builder::new()
        .prefix(".knights-tour-probe")
        .tempfile_in(dir)
        .map(drop)
        .map_err(|e| refused(option, named, &format!("cannot write there: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Output;

    #[test]
    fn missing_directories_of_files_are_refused_and_asked_ones_created() {
        let scratch = tempfile::tempdir().unwrap();
        let missing = scratch.path().join("missing/x.dot");
        let refusal = writable_file(Output::Drawing, &missing).unwrap_err();
        assert!(
            refusal.message.to_string().contains("x.dot"),
            "{}",
            refusal.message
        );
        assert!(
            refusal.message.to_string().contains("does not exist"),
            "{}",
            refusal.message
        );
        assert!(writable_file(Output::Drawing, &scratch.path().join("x.dot")).is_ok());
        assert!(
            !scratch.path().join("x.dot").exists(),
            "nothing is left behind"
        );
        let spill = scratch.path().join("a/b/spill");
        assert!(writable_dir(Setting::SpillDir, &spill).is_ok());
        assert!(spill.is_dir());
        let refusal = writable_file(Output::Svg, scratch.path()).unwrap_err();
        assert!(
            refusal.message.to_string().contains("is a directory"),
            "{}",
            refusal.message
        );
        let checkpoint = scratch.path().join("ckpt");
        assert!(makeable_dir(Setting::Checkpoint, &checkpoint).is_ok());
        assert!(!checkpoint.exists(), "made by the count, not the plan");
        assert!(makeable_dir(Setting::Checkpoint, &scratch.path().join("no/ckpt")).is_err());
        let under_a_file = scratch.path().join("x.dot");
        std::fs::write(&under_a_file, "").unwrap();
        assert!(writable_dir(Setting::SpillDir, &under_a_file.join("d")).is_err());
        assert!(writable_file(Output::Drawing, &under_a_file).is_ok());
    }
}
