//! `sequence`: the counts of every board `ROWS × n`, or of every "first
//! `m` cells" of a strip, from one sweep.
#![allow(clippy::doc_markdown, reason = "doc comments here are --help text")]

use std::path::PathBuf;

use clap::Args;
use kt_count::{
    Bytes, Checkpointing, Failure, Frontier, Measure, MethodSettings, Request, Resources, TourKind,
    Work,
};

use super::count::FrontierArgs;
use super::parse::{parse_bytes, whole};

#[derive(Debug, Args, Clone)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "a command line's switches are bools"
)]
pub struct SequenceArgs {
    /// Rows of the strip (1 to 13).
    #[arg(value_parser = whole::<u32>(1, 13), allow_negative_numbers = true)]
    pub rows: u32,

    /// The last term: boards ROWS x 1 to ROWS x N (with --cells, the first
    /// 1 to N cells).
    #[arg(long, value_name = "N", value_parser = whole::<u32>(1, 100_000), allow_negative_numbers = true)]
    pub to: u32,

    /// Closed tours (undirected Hamiltonian cycles) instead of open ones.
    #[arg(long)]
    pub closed: bool,

    /// Count the first m cells for m = 1..N, numbered column by column, the
    /// top row first (the last column partial), as Knuth's sequences
    /// A389754-A389759 and A383660-A383664 do.
    #[arg(long)]
    pub cells: bool,

    /// Use this OEIS sequence's convention (open tours undirected, except
    /// A118067 and A165134) and check every term against the published
    /// terms the program ships (exit 1 on a mismatch); ROWS, --closed and
    /// --cells must be the sequence's.
    #[arg(long, value_name = "A-NUMBER")]
    pub oeis: Option<String>,

    /// Do not keep a state and its mirror image as one at the column
    /// boundaries (the mirror fold, on by default for boards; a count of
    /// first cells never folds): for measuring what the fold saves.
    #[arg(long)]
    pub no_fold: bool,

    /// Print the terms as one JSON document (schema knights-tour/sequence/1).
    #[arg(long, conflicts_with = "bfile")]
    pub json: bool,

    /// Print the terms in OEIS's b-file format: "n a(n)" a line.
    #[arg(long)]
    pub bfile: bool,

    /// Worker threads [default: the machine's available cores].
    #[arg(long, value_parser = whole::<u32>(1, 4096))]
    pub threads: Option<u32>,

    /// Memory budget, e.g. 8GiB [default: 3/4 of physical memory, or 9/10
    /// of the memory available if that is less]; levels beyond it spill.
    #[arg(long, value_parser = parse_bytes)]
    pub memory: Option<Bytes>,

    /// Start even work estimated beyond this machine
    ///
    /// Start even where the estimate says the sweep is beyond this machine
    /// (its memory and the free disk where it spills, or more than 2
    /// hours), which is refused before any work otherwise, as `count`
    /// refuses it.
    #[arg(long)]
    pub force: bool,

    /// The sweep's disk and checkpoints, under a heading of its own: a
    /// sequence takes no `--method`.
    #[command(flatten, next_help_heading = "Sweep options (disk and checkpoints)")]
    pub frontier: FrontierArgs,
}

impl SequenceArgs {
    /// Where the sweep spills, if asked.
    pub fn spill_dir(&self) -> Option<PathBuf> {
        self.frontier.spill_dir.clone()
    }

    /// The kind of tour asked for.
    pub fn kind(&self) -> TourKind {
        if self.closed {
            TourKind::Closed
        } else {
            TourKind::Open
        }
    }

    /// What a term counts.
    pub fn measure(&self) -> Measure {
        if self.cells {
            Measure::Cells
        } else {
            Measure::Cols
        }
    }

    /// The library's request: the sequence, by the frontier method with
    /// these options (the one method that sweeps every prefix), which the
    /// plan checks before any work as it does a count's.
    pub fn request(&self) -> Result<Request, Failure> {
        let mut request = Request::sequence(
            self.rows as usize,
            self.to as usize,
            self.kind(),
            self.measure(),
        )?;
        if let Work::Sequence(sequence) = &mut request.work {
            sequence.fold = !self.no_fold;
        }
        request.force = self.force;
        let frontier = &self.frontier;
        Ok(request.with_method(MethodSettings::Frontier(Frontier {
            resources: Resources {
                threads: self.threads,
                memory: self.memory,
            },
            spill_dir: self.spill_dir(),
            checkpoint: frontier.checkpoint.clone().map(|path| Checkpointing {
                path,
                every: frontier.checkpoint_every,
            }),
            resume: frontier.resume_dir(),
            order: None,
        })))
    }
}
