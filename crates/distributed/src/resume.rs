//! Checkpoints of a cluster: each process keeps its share of a level in
//! its own directory, in two slots.
//!
//! Timely is fail-stop, so a cluster that loses a process is restarted and
//! goes on from the last level *every* process has on disk. All processes
//! decide together when to write (one asks, all write: `crate::sweep`), but
//! one may die while the others finish writing. Each process therefore
//! writes alternately into slots `a` and `b` of
//! `DIR/process-I-of-N/`: a write replaces the older slot only, so the
//! level before stays whole until the next write begins, and the levels
//! every process holds always include the last or the one before. At
//! start the processes tell each other the levels they hold (in the
//! hello, `crate::connect`) and all resume from the highest they share.
//!
//! A slot is a checkpoint of kt-frontier (`kt_frontier::checkpoint`): runs
//! linked under a manifest written last, so a slot is either whole or
//! still holds what it held before. Its manifest says whose share it is
//! (process I of N), so that it is never read as a whole count, nor as
//! another process's share.

use std::path::{Path, PathBuf};

/// The directory of process `index` of `processes` under `dir`.
pub fn process_dir(dir: &Path, index: usize, processes: usize) -> PathBuf {
    dir.join(format!("process-{index}-of-{processes}"))
}

/// The two slots.
pub const SLOTS: [&str; 2] = ["a", "b"];

/// Whether `name` is a process's directory, `process-<i>-of-<n>`.
pub fn is_process_dir(name: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    name.strip_prefix("process-")
        .and_then(|rest| rest.split_once("-of-"))
        .is_some_and(|(i, n)| digits(i) && digits(n))
}

/// What a cluster's checkpoint directory holds that is not the cluster's.
#[derive(Debug)]
pub enum Foreign {
    /// This directory holds something else (or is no directory).
    Path(PathBuf),
    /// A directory could not be read.
    Unreadable(std::io::Error),
}

/// The slots that process `process` of `processes` writes under the
/// cluster's checkpoint directory `dir`, after checking that `dir` holds
/// only process directories and the names `also` allows (the checkpoint's
/// own marker and question files), and the process's directory only
/// slots. The layout is this module's alone: a caller asks for the slots
/// and never builds their paths.
pub fn checkpoint_slots(
    dir: &Path,
    process: usize,
    processes: usize,
    also: &dyn Fn(&str) -> bool,
) -> Result<Vec<PathBuf>, Foreign> {
    let mine = process_dir(dir, process, processes);
    let only = |path: &Path, allowed: &dyn Fn(&str) -> bool| -> Result<(), Foreign> {
        let Ok(entries) = std::fs::read_dir(path) else {
            return if path.exists() {
                Err(Foreign::Path(path.to_path_buf()))
            } else {
                Ok(())
            };
        };
        for entry in entries {
            let name = entry.map_err(Foreign::Unreadable)?.file_name();
            if !name.to_str().is_some_and(allowed) {
                return Err(Foreign::Path(path.to_path_buf()));
            }
        }
        Ok(())
    };
    only(dir, &|name| also(name) || is_process_dir(name))?;
    only(&mine, &|name| SLOTS.contains(&name))?;
    Ok(SLOTS.iter().map(|slot| mine.join(slot)).collect())
}

/// The levels the slots of `process_dir` hold, with their slot, for
/// process `process` of `processes` (slots of another process's share, or
/// of a whole count, are not; slots of another board are ignored here:
/// resuming refuses them later if chosen).
///
/// With `workers`, a slot counts only if it is whole: its manifest and
/// every run file's size and CRC-32 (`checkpoint::check_whole`). A
/// damaged newest slot then leaves the older one, which every process may
/// still hold, instead of failing the cluster's resume. That reads each
/// slot once more at the start of a resumed count; without `workers` (the
/// plan's check) only the headers are read.
pub fn held(
    process_dir: &Path,
    process: usize,
    processes: usize,
    workers: Option<&kt_frontier::exchange::Workers>,
) -> Vec<(usize, PathBuf)> {
    let share = Some(kt_frontier::checkpoint::Share { process, processes });
    let mut held: Vec<(usize, PathBuf)> = SLOTS
        .iter()
        .map(|slot| process_dir.join(slot))
        .filter_map(|path| {
            match workers {
                Some(workers) => kt_frontier::checkpoint::check_whole(&path, workers).ok(),
                None => kt_frontier::checkpoint::inspect(&path).ok(),
            }
            .filter(|header| header.share == share)
            .map(|header| (header.step, path))
        })
        .collect();
    held.sort();
    held
}

/// The highest level every process holds.
pub fn common<'a>(levels: impl IntoIterator<Item = &'a [usize]>) -> Option<usize> {
    let mut levels = levels.into_iter();
    let first: Vec<usize> = levels.next()?.to_vec();
    let mut shared = first;
    for other in levels {
        shared.retain(|step| other.contains(step));
    }
    shared.into_iter().max()
}

/// The slot to write next: the one not holding `keep` (the level resumed
/// from or last written), or `a`.
pub fn next_slot(process_dir: &Path, keep: Option<&Path>) -> PathBuf {
    let a = process_dir.join(SLOTS[0]);
    match keep {
        Some(path) if path == a => process_dir.join(SLOTS[1]),
        _ => a,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_common_level_is_the_highest_everyone_has() {
        let a: &[usize] = &[20, 25];
        let b: &[usize] = &[25, 30];
        let c: &[usize] = &[20];
        assert_eq!(common([a, b]), Some(25));
        assert_eq!(common([a, b, c]), None);
        assert_eq!(common([a, c]), Some(20));
        assert_eq!(common(Vec::<&[usize]>::new()), None);
    }
}
