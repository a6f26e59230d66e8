//! Frontier-based search over the board's edges (`--method frontier`;
//! Knuth's DYNAHAM, `docs/frontier.md`): kt-frontier's sweep, run by the
//! library's one sweep runner (`crate::sweep_runner`: budget, watchdog,
//! levels, failure words). It reaches 8×8 closed, spills levels that do
//! not fit the budget to disk, writes checkpoints, and counts with fixed
//! ends, through a required move, or with its ends tallied by class.
//!
//! The method's own parts, a file each: this one, the method and its
//! settings; `restricted.rs`, the questions answered a sweep a run
//! (fixed ends, a required move) and by tallies; `prefixes.rs`, a whole
//! sequence from one sweep of every prefix of a strip; `cost.rs`, what a
//! sweep costs, before any work.

mod cost;
mod prefixes;
mod restricted;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use kt_board::TourKind;
use kt_frontier::{FrontierError, Options, Order, OrderChoice};

pub use cost::{
    ColumnsEstimate, estimate_board_count, estimate_columns_sweep, estimate_strip_sweep,
};
pub(crate) use cost::{check_weights, sweep_reach};

use super::{
    CountsByEnd, CountsByStart, CountsFixedEnds, CountsRequiredMove, Descriptor, GivenOptions, Job,
    Method, MethodSettings, Outputs, Reach, Resources, Setting,
};
use crate::cancel::CancelToken;
use crate::failure::Failure;
use crate::observer::Watch;
use crate::report::{Benchmark, Counted, RunReport};
use crate::sweep_runner::{SweepSettings, sweep_failure, watched_sweep};
use crate::words::{Word, message};

/// The frontier method, with its settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frontier {
    pub resources: Resources,
    /// Where levels that do not fit the budget spill (default: the
    /// system's temporary directory); created if it does not exist.
    pub spill_dir: Option<PathBuf>,
    /// Write the level reached to a file now and then, to resume from.
    pub checkpoint: Option<Checkpointing>,
    /// Go on from this checkpoint.
    pub resume: Option<PathBuf>,
    /// The order of the squares (default: `auto`, the shipped or searched
    /// order of the board; `kt_frontier::order`).
    pub order: Option<OrderChoice>,
}

/// Where and how often to write checkpoints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpointing {
    pub path: PathBuf,
    /// How often (default: [`crate::CHECKPOINT_EVERY`]).
    pub every: Option<Duration>,
}

impl Frontier {
    /// These settings keeping their checkpoint in `dir` (every `every`,
    /// the library's default where `None`) and going on from the one
    /// there where `dir` holds one: the command line's `--checkpoint DIR
    /// --resume`, without its refusal of an empty directory, which a
    /// caller that runs the same work again and again asks (Python's
    /// `sequence(…, checkpoint=DIR)`). The plan still refuses a directory
    /// that holds another sweep's checkpoint, or one in use.
    #[must_use]
    pub fn keeping_checkpoint_in(mut self, dir: PathBuf, every: Option<Duration>) -> Frontier {
        self.resume = kt_frontier::checkpoint::holds_checkpoint(&dir).then(|| dir.clone());
        self.checkpoint = Some(Checkpointing { path: dir, every });
        self
    }

    /// What the one sweep runner is given for `job`: the plan's threads
    /// and budget, this method's spill and checkpoint directories.
    pub(crate) fn sweep_settings(&self, job: &Job) -> SweepSettings {
        SweepSettings {
            threads: job.threads as usize,
            budget: job.budget,
            spill_dir: self.spill_dir.clone(),
            checkpoint: self.checkpoint.as_ref().map(|c| c.path.clone()),
            checkpoint_every: self.checkpoint.as_ref().and_then(|c| c.every),
            resume: self.resume.clone(),
        }
    }

    /// The sweep's options for `job`, folded wherever the sweep can. The
    /// order is the plan's (`Job::order`): the sweeps take it as resolved,
    /// so `options.order` is not read.
    pub(crate) fn options(&self, job: &Job) -> Options {
        self.sweep_settings(job)
            .options(self.order.clone().unwrap_or_default(), true)
    }

    /// One whole sweep of `job` by `sweep`, in the plan's order with this
    /// method's options, run by the one sweep runner (its levels in
    /// `report`, the watchdog on): a process's own sweep or a cluster's
    /// share, whose errors each caller says in its own terms.
    pub(super) fn watched<T>(
        &self,
        job: &Job,
        report: &mut RunReport,
        watch: Watch<'_>,
        sweep: impl FnOnce(&Order, &Options, &dyn kt_frontier::Watcher) -> T,
    ) -> Result<T, Failure> {
        let order = job.order()?;
        let options = self.options(job);
        watched_sweep(
            (job.board, job.kind),
            order,
            job.budget,
            report,
            watch,
            |levels| sweep(order, &options, levels),
        )
    }

    /// One whole sweep of `job` by `sweep` (a plain count, or one with
    /// tallies): [`Frontier::watched`], its error the runner's failure
    /// with the report so far.
    pub(super) fn whole_sweep<T>(
        &self,
        job: &Job,
        report: &mut RunReport,
        watch: Watch<'_>,
        sweep: impl FnOnce(&Order, &Options, &dyn kt_frontier::Watcher) -> Result<T, FrontierError>,
    ) -> Result<T, Failure> {
        let started = Instant::now();
        self.watched(job, report, watch, sweep)?
            .map_err(|error| self.failure(job, &error, report, watch.cancel, started))
    }

    /// The runner's failure for `error` in a sweep of `job` with these
    /// settings, with `report` as far as it got.
    pub(super) fn failure(
        &self,
        job: &Job,
        error: &FrontierError,
        report: &RunReport,
        cancel: &CancelToken,
        started: Instant,
    ) -> Failure {
        sweep_failure(
            error,
            report.clone(),
            cancel,
            job.budget,
            &self.sweep_settings(job).spill_dir(),
            started,
        )
    }

    /// Refuses a checkpoint of another board or kind, or a cluster
    /// process's share of one.
    pub(super) fn check_resume(&self, job: &Job) -> Result<(), Failure> {
        let Some(path) = &self.resume else {
            return Ok(());
        };
        // A count by endpoint pairs keeps the classes it has done beside
        // the sweep of the one in progress, which it may not have begun.
        if crate::pairs::has_part(path) && !path.join("manifest").exists() {
            return Ok(());
        }
        let header =
            kt_frontier::checkpoint::inspect(path).map_err(|e| Failure::refused(e.to_string()))?;
        let board = job.board;
        if (header.rows, header.cols) != (board.rows(), board.cols()) || header.kind != job.kind {
            return Err(Failure::refused(format!(
                "{}: it is a checkpoint of {} tours of {}x{}, not of {} tours of {board}",
                path.display(),
                header.kind,
                header.rows,
                header.cols,
                job.kind
            )));
        }
        if let Some(why) = kt_frontier::checkpoint::share_mismatch(header.share, None) {
            return Err(Failure::refused(format!("{}: {why}", path.display())));
        }
        Ok(())
    }
}

impl Method for Frontier {
    fn descriptor(&self) -> &'static Descriptor {
        &Descriptor {
            name: "frontier",
            summary: "frontier-based search over the board's edges (boards with a short side of up to 13; reaches 8x8 closed)",
            breadth: 4,
            encoding: Benchmark::EDGES,
            takes: &[
                Setting::Threads,
                Setting::Memory,
                Setting::SpillDir,
                Setting::Checkpoint,
                Setting::Resume,
                Setting::Order,
            ],
        }
    }

    fn resources(&self) -> Option<Resources> {
        Some(self.resources)
    }

    fn configure(&self, given: &GivenOptions) -> Result<MethodSettings, Setting> {
        Ok(MethodSettings::Frontier(Frontier {
            resources: given.resources,
            spill_dir: given.spill_dir.clone().or_else(|| self.spill_dir.clone()),
            checkpoint: given.checkpoint.clone().or_else(|| self.checkpoint.clone()),
            resume: given.resume.clone().or_else(|| self.resume.clone()),
            order: given.order.clone().or_else(|| self.order.clone()),
        }))
    }

    fn outputs(&self) -> Outputs {
        // A checkpoint is a directory of runs and a manifest
        // (`kt_frontier::checkpoint`), which the count makes in a
        // directory that exists.
        Outputs {
            dirs: self
                .spill_dir
                .iter()
                .map(|d| (Setting::SpillDir, d.clone()))
                .collect(),
            made_dirs: self
                .checkpoint
                .iter()
                .map(|c| (Setting::Checkpoint, c.path.clone()))
                .collect(),
            checkpoints: self.checkpoint.is_some() || self.resume.is_some(),
            checkpoint: self
                .checkpoint
                .as_ref()
                .map(|c| crate::paths::CheckpointTarget {
                    write: c.path.clone(),
                    resume: self.resume.clone(),
                    share: None,
                }),
        }
    }

    fn order_choice(&self) -> Option<OrderChoice> {
        Some(self.order.clone().unwrap_or_default())
    }

    fn checkpoint_dirs(&self) -> super::CheckpointDirs {
        super::CheckpointDirs {
            write: self.checkpoint.as_ref().map(|c| c.path.clone()),
            resume: self.resume.clone(),
        }
    }

    /// The sweep's widest level and work, measured or modelled
    /// (`measured::frontier_sweep_states`), at the bytes and seconds of one
    /// thread a state that `measured` records.
    fn reach(&self, job: &Job) -> Result<Reach, Failure> {
        let order = job.order()?;
        self.check_resume(job)?;
        check_weights(job)?;
        Ok(sweep_reach(job, order, 1))
    }

    fn count(
        &self,
        job: &Job,
        mut report: RunReport,
        watch: Watch<'_>,
    ) -> Result<Counted, Failure> {
        let started = Instant::now();
        let counted = self.whole_sweep(job, &mut report, watch, |order, options, levels| {
            kt_frontier::count_tours_in(order, job.kind, options, levels, watch.cancel.flag())
        })?;
        note_outcome(&mut report, &counted.outcome);
        report.close(started);
        Ok(Counted::new(counted.tours, report))
    }

    fn fixed_ends(&self) -> Option<&dyn CountsFixedEnds> {
        Some(self)
    }

    fn required_move(&self) -> Option<&dyn CountsRequiredMove> {
        Some(self)
    }

    fn start_tallies(&self) -> Option<&dyn CountsByStart> {
        Some(self)
    }

    fn end_tallies(&self) -> Option<&dyn CountsByEnd> {
        Some(self)
    }

    fn prefixes(&self) -> Option<&dyn super::CountsPrefixes> {
        Some(self)
    }
}

/// What a whole sweep's outcome adds to the report's frontier section
/// beyond its levels: the step it resumed from, and its disk at the most.
pub(super) fn note_outcome(report: &mut RunReport, outcome: &kt_frontier::SweepCount) {
    if let Some(frontier) = &mut report.frontier {
        frontier.resumed_from = outcome.resumed_from;
        frontier.disk_peak_bytes = outcome.disk_peak_bytes;
    }
}

/// `choice` resolved for `board`'s `kind` tours, or the one-line refusal:
/// an order of another board, or a frontier no key holds.
pub(crate) fn resolve_order(
    choice: &OrderChoice,
    board: kt_board::Board,
    kind: TourKind,
) -> Result<Order, Failure> {
    let options = Options {
        order: choice.clone(),
        ..Options::default()
    };
    kt_frontier::resolve_order(board, kind, &options).map_err(|e| match e {
        FrontierError::TooWide { .. } => Failure::refused(message!(
            format!("{e}; boards with a short side of up to 13 fit, the time-sliced ZDD ("),
            Word::Method.given("zdd"),
            ") takes up to 128 squares"
        )),
        other => Failure::refused(crate::sweep_runner::frontier_words(&other)),
    })
}
