//! What a checkpoint directory is of: the question whose work it keeps,
//! recorded in the directory so that the work of one question is never
//! resumed or overwritten by another (issue 38, finding 2).
//!
//! The files of a checkpoint say less than the question: a whole count
//! and the class in progress of a count by start squares are both one
//! sweep's manifest, and until its first class is done a count by classes
//! has nothing else. A count by start squares resuming a whole count's
//! checkpoint used to take it for another class's sweep, start its first
//! class, and write over the whole count's level. So the count that writes
//! a checkpoint directory records its question there first, in the file
//! [`kt_frontier::checkpoint::QUESTION`] (after the marker that makes the
//! directory the program's, before any other file), and the plan compares
//! it with the question asked before any work: a mismatch is refused
//! naming both.
//!
//! The file is one line, in words of its own (not the command line's):
//!
//! ```text
//!   whole 6x7 open          one whole count
//!   classes 6x7 starts all  the classes of start squares (the table by start square)
//!   tallies 6x7 open        the table by start square from one sweep with tallies
//!   tallies 6x7 open from a1   the table by end square from a1 in one sweep with tallies
//!   classes 6x7 pairs 2/5   shard 2 of 5 of the classes of endpoint pairs
//!   cluster 6x7 open 4      a count shared by 4 processes (read, not written: see [`record`])
//!   sequence 7x16 open cols folded   a sequence's sweep of every prefix (`crate::strip`)
//! ```
//!
//! **Directories written before the file existed** hold what their files
//! say: the classes done (`part.json`) are a count by classes, process
//! directories are a cluster's, and a manifest alone is taken for a whole
//! count. A count by classes stopped by such a version before its first
//! class was done is therefore refused as a whole count; its class starts
//! over in a new directory, and nothing is written over.

use std::io::Read;
use std::path::Path;

use kt_board::{Board, Square, TourKind};
use kt_frontier::checkpoint;
use kt_shards::{Ends, Shard};

use crate::failure::Failure;
use crate::words::Setting;

/// The question whose work a checkpoint directory keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CheckpointOf {
    /// One whole count.
    Whole { board: Board, kind: TourKind },
    /// The classes of open tours' start squares or endpoint pairs, all or
    /// one shard's.
    Classes {
        board: Board,
        ends: Ends,
        shard: Option<Shard>,
    },
    /// The table by start square of open tours from one sweep with
    /// tallies by class of square.
    Tallies { board: Board },
    /// The table by end square of the open tours from one square, from
    /// one sweep with tallies by class of square.
    EndTallies { board: Board, from: Square },
    /// One count shared by a cluster of processes.
    Cluster {
        board: Board,
        kind: TourKind,
        processes: usize,
    },
    /// A sequence's sweep of every prefix of a strip: of the boards
    /// (`cells: false`), folded or not, or of every first cells.
    Sequence {
        board: Board,
        kind: TourKind,
        cells: bool,
        folded: bool,
    },
}

/// The file in a checkpoint directory that holds the classes a count by
/// endpoint pairs has done (`crate::pairs`).
pub(crate) const PART_FILE: &str = "part.json";

/// Whether `name` is a cluster process's directory (kt-distributed's
/// layout, asked for, not written here).
pub(crate) use kt_distributed::is_process_dir;

/// The longest question file read: one short line.
const MAX_BYTES: u64 = 256;

impl CheckpointOf {
    /// The file's line.
    fn line(self) -> String {
        match self {
            CheckpointOf::Whole { board, kind } => format!("whole {board} {kind}"),
            CheckpointOf::Tallies { board } => format!("tallies {board} open"),
            CheckpointOf::EndTallies { board, from } => format!(
                "tallies {board} open from {}",
                kt_board::square_name(&board, from)
            ),
            CheckpointOf::Classes { board, ends, shard } => format!(
                "classes {board} {} {}",
                ends_word(ends),
                shard.map_or_else(|| "all".to_string(), |s| s.to_string())
            ),
            CheckpointOf::Cluster {
                board,
                kind,
                processes,
            } => format!("cluster {board} {kind} {processes}"),
            CheckpointOf::Sequence {
                board,
                kind,
                cells,
                folded,
            } => format!(
                "sequence {board} {kind} {} {}",
                if cells { "cells" } else { "cols" },
                if folded { "folded" } else { "unfolded" }
            ),
        }
    }

    /// The question a line names, or `None` for one this version does not
    /// know.
    fn parse(line: &str) -> Option<CheckpointOf> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let kind = |word: &str| match word {
            "open" => Some(TourKind::Open),
            "closed" => Some(TourKind::Closed),
            _ => None,
        };
        match words.as_slice() {
            ["whole", board, k] => Some(CheckpointOf::Whole {
                board: board.parse().ok()?,
                kind: kind(k)?,
            }),
            ["tallies", board, "open"] => Some(CheckpointOf::Tallies {
                board: board.parse().ok()?,
            }),
            ["tallies", board, "open", "from", square] => {
                let board: Board = board.parse().ok()?;
                Some(CheckpointOf::EndTallies {
                    board,
                    from: kt_board::parse_square(&board, square).ok()?,
                })
            }
            ["classes", board, ends, shard] => Some(CheckpointOf::Classes {
                board: board.parse().ok()?,
                ends: match *ends {
                    "starts" => Ends::Starts,
                    "pairs" => Ends::Pairs,
                    _ => return None,
                },
                shard: match *shard {
                    "all" => None,
                    s => Some(s.parse().ok()?),
                },
            }),
            ["cluster", board, k, processes] => Some(CheckpointOf::Cluster {
                board: board.parse().ok()?,
                kind: kind(k)?,
                processes: processes.parse().ok()?,
            }),
            ["sequence", board, k, measure, fold] => Some(CheckpointOf::Sequence {
                board: board.parse().ok()?,
                kind: kind(k)?,
                cells: match *measure {
                    "cols" => false,
                    "cells" => true,
                    _ => return None,
                },
                folded: match *fold {
                    "folded" => true,
                    "unfolded" => false,
                    _ => return None,
                },
            }),
            _ => None,
        }
    }
}

impl std::fmt::Display for CheckpointOf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            CheckpointOf::Whole { board, kind } => {
                write!(f, "a whole count of {kind} tours of {board}")
            }
            CheckpointOf::Tallies { board } => write!(
                f,
                "a count of open tours of {board} by start squares in one sweep"
            ),
            CheckpointOf::EndTallies { board, from } => write!(
                f,
                "a count of open tours of {board} from {} by end square in one sweep",
                kt_board::square_name(&board, from)
            ),
            CheckpointOf::Classes { board, ends, shard } => {
                let classes = match ends {
                    Ends::Starts => "start squares",
                    Ends::Pairs => "endpoint pairs",
                };
                match shard {
                    None => write!(f, "a count of open tours of {board} by {classes}"),
                    Some(s) => write!(
                        f,
                        "shard {s} of a count of open tours of {board} by {classes}"
                    ),
                }
            }
            CheckpointOf::Cluster {
                board,
                kind,
                processes,
            } => write!(
                f,
                "a count of {kind} tours of {board} shared by {processes} processes"
            ),
            CheckpointOf::Sequence {
                board,
                kind,
                cells,
                folded,
            } => write!(
                f,
                "a sequence of {kind} tours along {board} ({}{})",
                if cells { "first cells" } else { "boards" },
                if folded { ", folded" } else { "" }
            ),
        }
    }
}

fn ends_word(ends: Ends) -> &'static str {
    match ends {
        Ends::Starts => "starts",
        Ends::Pairs => "pairs",
    }
}

/// What the directory `dir` says it is of: its question file, or for a
/// directory written before the file existed, what its files say; `None`
/// where it holds no work yet. `Err` for a question file this version
/// cannot read.
pub(crate) fn recorded(dir: &Path) -> Result<Option<Recorded>, String> {
    let path = dir.join(checkpoint::QUESTION);
    match std::fs::File::open(&path) {
        Ok(file) => {
            let mut text = String::new();
            file.take(MAX_BYTES + 1)
                .read_to_string(&mut text)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let question = (text.len() as u64 <= MAX_BYTES)
                .then(|| CheckpointOf::parse(text.trim()))
                .flatten()
                .ok_or_else(|| {
                    format!(
                        "{} does not say which count the checkpoint is of in words this version knows",
                        path.display()
                    )
                })?;
            Ok(Some(Recorded::Said(question)))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(legacy(dir)),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

/// What a directory says it is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Recorded {
    /// Its question file.
    Said(CheckpointOf),
    /// No question file: written by an earlier version, and taken for
    /// what its files hold.
    Holds(Legacy),
}

/// What a directory of an earlier version holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Legacy {
    /// A sweep's manifest alone: taken for a whole count.
    Whole,
    /// The classes done of a count by classes (`part.json`).
    Classes,
    /// One directory per process.
    Cluster,
}

impl std::fmt::Display for Recorded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Recorded::Said(question) => question.fmt(f),
            Recorded::Holds(Legacy::Whole) => f.write_str(
                "a whole count (as an earlier version's checkpoint of one sweep is taken to be)",
            ),
            Recorded::Holds(Legacy::Classes) => f.write_str("a count by classes"),
            Recorded::Holds(Legacy::Cluster) => f.write_str("a count shared by processes"),
        }
    }
}

/// What the files of a directory without a question file say it is of.
fn legacy(dir: &Path) -> Option<Recorded> {
    let holds = if dir.join(PART_FILE).is_file() {
        Legacy::Classes
    } else if checkpoint::holds_checkpoint(dir) {
        Legacy::Whole
    } else if std::fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.file_name().to_str().is_some_and(is_process_dir))
    }) {
        Legacy::Cluster
    } else {
        return None;
    };
    Some(Recorded::Holds(holds))
}

impl Recorded {
    /// Whether the work of `asked` may go on from (or write over) this.
    fn fits(self, asked: CheckpointOf) -> bool {
        match self {
            Recorded::Said(said) => said == asked,
            Recorded::Holds(legacy) => matches!(
                (legacy, asked),
                (Legacy::Whole, CheckpointOf::Whole { .. })
                    | (Legacy::Classes, CheckpointOf::Classes { .. })
                    | (Legacy::Cluster, CheckpointOf::Cluster { .. })
            ),
        }
    }
}

/// Refuses, before any work, a directory (the option `option` names it) that keeps the
/// work of another question than `asked`.
pub(crate) fn check(option: Setting, dir: &Path, asked: CheckpointOf) -> Result<(), Failure> {
    let refused = |why: String| {
        Failure::refused(crate::words::message!(
            option.given(dir.display()),
            format!(": {why}")
        ))
    };
    // Found now, not after the first class is counted.
    let part = dir.join(PART_FILE);
    if part.exists() && !part.is_file() {
        return Err(refused(format!(
            "{} is not a file; the classes done are kept there",
            part.display()
        )));
    }
    let Some(found) = recorded(dir).map_err(refused)? else {
        return Ok(());
    };
    if found.fits(asked) {
        return Ok(());
    }
    // The work asked for by its own name: a sequence is not a count
    // (Python's `sequence` reads this sentence as the command line does).
    let work = if matches!(asked, CheckpointOf::Sequence { .. }) {
        "sequence"
    } else {
        "count"
    };
    Err(refused(format!(
        "it keeps the work of {found}, not of {asked}, which this command asks for; it is left as it is: choose another directory for this {work}"
    )))
}

/// Records `question` in the checkpoint directory `dir` before any other
/// file of the count's: marks the directory the program's (creating it),
/// then writes the question where none is (next to it and renamed: a crash
/// leaves none or the whole line). The plan has checked that a question
/// already there is this one.
///
/// A cluster's directory is left without one: its processes, which may
/// share it on one machine, would race to write it, and its layout (one
/// directory per process, each share's manifest naming its process) already
/// tells it from any other count's.
pub(crate) fn record(dir: &Path, question: CheckpointOf) -> Result<(), Failure> {
    if let CheckpointOf::Cluster { .. } = question {
        return Ok(());
    }
    let failed = |e: String| {
        Failure::other(format!(
            "cannot record the count's question in {}: {e}",
            dir.display()
        ))
    };
    checkpoint::claim(dir).map_err(failed)?;
    let path = dir.join(checkpoint::QUESTION);
    if path.exists() {
        return Ok(());
    }
    let partial = dir.join(format!("{}.partial", checkpoint::QUESTION));
    std::fs::write(&partial, format!("{}\n", question.line()))
        .and_then(|()| std::fs::rename(&partial, &path))
        .map_err(|e| failed(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_question_reads_back_as_itself() {
        let board: Board = "6x7".parse().unwrap();
        for question in [
            CheckpointOf::Whole {
                board,
                kind: TourKind::Closed,
            },
            CheckpointOf::Classes {
                board,
                ends: Ends::Starts,
                shard: None,
            },
            CheckpointOf::Classes {
                board,
                ends: Ends::Pairs,
                shard: Some("2/5".parse().unwrap()),
            },
            CheckpointOf::Cluster {
                board,
                kind: TourKind::Open,
                processes: 4,
            },
        ] {
            assert_eq!(CheckpointOf::parse(&question.line()), Some(question));
        }
        assert_eq!(CheckpointOf::parse("whole 6x7"), None);
        assert_eq!(CheckpointOf::parse("classes 6x7 ends all"), None);
    }

    #[test]
    fn another_question_is_refused_naming_both() {
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path().join("ck");
        let board: Board = "5x5".parse().unwrap();
        let whole = CheckpointOf::Whole {
            board,
            kind: TourKind::Open,
        };
        let starts = CheckpointOf::Classes {
            board,
            ends: Ends::Starts,
            shard: None,
        };
        assert!(
            check(Setting::Resume, &dir, starts).is_ok(),
            "nothing there yet"
        );
        record(&dir, whole).unwrap();
        assert!(check(Setting::Resume, &dir, whole).is_ok());
        let refusal = check(Setting::Resume, &dir, starts).unwrap_err();
        assert!(
            refusal
                .message
                .to_string()
                .contains("a whole count of open tours of 5x5"),
            "{}",
            refusal.message
        );
        assert!(
            refusal.message.to_string().contains("by start squares"),
            "{}",
            refusal.message
        );
        std::fs::write(dir.join(checkpoint::QUESTION), "whatever\n").unwrap();
        assert!(check(Setting::Resume, &dir, whole).is_err(), "unreadable");
    }
}
