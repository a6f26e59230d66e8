//! One runner for every frontier sweep the library starts: a count by the
//! frontier method (`methods/frontier`), a cluster's process
//! (`methods/cluster.rs`), a sequence's sweep of every prefix (`strip`)
//! and an order's trial (`order_trials`). What each needs around
//! kt-frontier's sweep is written here once:
//!
//! - the shares of the memory budget ([`SweepSettings::options`]): the
//!   level store's, and the resident set at which shards spill whatever
//!   the store counts;
//! - the watchdog that stops the sweep at the whole budget ([`watched`]);
//! - the reporting of levels as they finish ([`watched_sweep`], for the
//!   runs that keep a [`RunReport`]);
//! - what a stopped sweep's error means, in the library's words
//!   ([`Stopping::words`], [`sweep_failure`]).
//!
//! Each caller keeps only its own question: which sweep, with which
//! order and fold, and what its answer is.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use kt_frontier::{FrontierError, Options, Order, OrderChoice, Watcher};
use kt_memory::{Bytes, Watchdog};

use crate::cancel::{CancelToken, Cause};
use crate::failure::{Failure, FailureKind, Outgrown, budget_exceeded, memory_advice};
use crate::observer::{Observer, Progress, Watch};
use crate::report::{FrontierReport, RunReport, Status};
use crate::words::{Message, Setting, message};

/// How often a checkpoint is written when no interval is asked for.
pub const CHECKPOINT_EVERY: Duration = Duration::from_mins(5);

/// The share of the budget, in fifths, the two levels' tables may hold
/// before shards spill: the rest is per-thread buffers, the allocator's
/// slack and the watchdog's margin.
const TABLE_FIFTHS: u64 = 4;

/// The share of the budget, in tenths, the resident set may reach before
/// shards spill whatever the tables count: below the watchdog, which stops
/// the run at the whole budget.
const RESIDENT_TENTHS: u64 = 9;

/// The bytes a sweep's level store may hold in memory (its runs and
/// batches) with a memory `budget`: what a sweep gives the store, and what
/// the estimate sizes the batches from.
pub(crate) fn store_limit(budget: Bytes) -> u64 {
    budget.0 / 5 * TABLE_FIFTHS
}

/// What every sweep is given, whichever question it answers: its threads
/// and budget (resolved by a plan), where it spills, and its checkpoints.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SweepSettings {
    pub threads: usize,
    pub budget: Bytes,
    /// Where levels that do not fit the budget spill (`None`: the
    /// system's temporary directory).
    pub spill_dir: Option<PathBuf>,
    /// Write the level reached here now and then, to resume from.
    pub checkpoint: Option<PathBuf>,
    /// How often (`None`: [`CHECKPOINT_EVERY`]).
    pub checkpoint_every: Option<Duration>,
    /// Go on from this checkpoint.
    pub resume: Option<PathBuf>,
}

impl SweepSettings {
    /// Where the sweep spills.
    pub fn spill_dir(&self) -> PathBuf {
        self.spill_dir.clone().unwrap_or_else(std::env::temp_dir)
    }

    /// kt-frontier's options for a sweep in `order`, folded or not: the
    /// store four fifths of the budget, nine tenths before runs go to disk
    /// whatever the store's accounts say.
    pub fn options(&self, order: OrderChoice, fold: bool) -> Options {
        Options {
            order,
            threads: self.threads,
            memory: store_limit(self.budget),
            resident_limit: self.budget.0 / 10 * RESIDENT_TENTHS,
            spill_dir: self.spill_dir(),
            checkpoint: self.checkpoint.clone(),
            checkpoint_every: self.checkpoint_every.unwrap_or(CHECKPOINT_EVERY),
            resume: self.resume.clone(),
            fold,
        }
    }
}

/// Runs `sweep` with the memory watchdog on: past `budget`, the resident
/// set cancels the work through `cancel`, whose cause then says why.
pub(crate) fn watched<T>(
    budget: Bytes,
    cancel: &CancelToken,
    sweep: impl FnOnce() -> T,
) -> Result<T, Failure> {
    let watchdog = {
        let cancel = cancel.clone();
        Watchdog::start(budget, move |resident| {
            cancel.cancel(Cause::MemoryBudget { resident, budget });
        })
        .map_err(|e| Failure::other(format!("cannot start the memory watchdog: {e}")))?
    };
    let result = sweep();
    drop(watchdog);
    Ok(result)
}

/// The whole count of `kind` tours in `order` (resolved, and checked to
/// fit) with `options`: an order's trial (`order_trials`), which keeps no
/// report and stops at its own budget of states, its search under one
/// watchdog for all its trials ([`watched`]).
pub(crate) fn trial_count(
    order: &Order,
    kind: kt_board::TourKind,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &std::sync::atomic::AtomicBool,
) -> Result<kt_frontier::FrontierCounted, FrontierError> {
    kt_frontier::count_tours_in(order, kind, options, watcher, cancel)
}

/// Runs one whole sweep of `board`'s `kind` tours in `order` through
/// `sweep`, under the watchdog: the report's frontier section started and
/// shown, and every finished level passed on to `observer` and added to
/// the report.
pub(crate) fn watched_sweep<T>(
    (board, kind): (kt_board::Board, kt_board::TourKind),
    order: &Order,
    budget: Bytes,
    report: &mut RunReport,
    watch: Watch<'_>,
    sweep: impl FnOnce(&dyn Watcher) -> T,
) -> Result<T, Failure> {
    let mut frontier = FrontierReport {
        width: order.width(kind),
        sweeps: 1,
        ..FrontierReport::default()
    };
    frontier.name_order(order);
    report.frontier = Some(frontier);
    watch.observer.report(report);
    let levels = LevelWatcher::new(watch.observer, report, board.cells());
    watched(budget, watch.cancel, || sweep(&levels))
}

/// Passes a sweep's progress on to an observer, and adds its levels to
/// the report.
pub(crate) struct LevelWatcher<'a> {
    observer: &'a dyn Observer,
    report: Mutex<&'a mut RunReport>,
    steps: usize,
}

impl<'a> LevelWatcher<'a> {
    /// A watcher of a sweep of `steps` steps.
    pub fn new(observer: &'a dyn Observer, report: &'a mut RunReport, steps: usize) -> Self {
        LevelWatcher {
            observer,
            report: Mutex::new(report),
            steps,
        }
    }

    /// Changes the report's frontier section.
    fn frontier(&self, change: impl FnOnce(&mut FrontierReport)) {
        let mut report = self
            .report
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        change(report.frontier.get_or_insert_with(FrontierReport::default));
    }
}

impl Watcher for LevelWatcher<'_> {
    fn step_started(&self, step: usize, steps: usize, states: u64) {
        self.frontier(|f| f.steps_done = step - 1);
        self.observer
            .step_started(step - 1, steps, &format!("level {step}/{steps}"));
        self.observer.progress(Progress::Level {
            step,
            steps,
            done: 0,
            states,
        });
    }

    fn step_progress(&self, step: usize, done: u64, states: u64) {
        self.observer.progress(Progress::Level {
            step,
            steps: self.steps,
            done,
            states,
        });
    }

    fn step_finished(&self, level: &kt_frontier::LevelReport) {
        let mut report = self
            .report
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let frontier = report.frontier.get_or_insert_with(FrontierReport::default);
        frontier.add_level(level.clone());
        self.observer.report(&report);
    }

    fn checkpointed(&self, step: usize, path: &Path) {
        self.frontier(|f| {
            f.steps_done = f.steps_done.max(step);
            f.checkpoint_step = Some(step);
        });
        // The observer hears of it now, not with the next level: a run
        // stopped right after its checkpoint still writes down the states
        // read up to it, by which a resumed run paces the work left.
        {
            let report = self
                .report
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            self.observer.report(&report);
        }
        self.observer.note(
            &format!(
                "checkpoint after {step} of {} steps written to {}",
                self.steps,
                path.display()
            )
            .into(),
        );
    }

    fn resumed(&self, step: usize) {
        self.frontier(|f| {
            f.steps_done = f.steps_done.max(step);
            f.resumed_from = Some(step);
        });
        self.observer.note(
            &format!(
                "going on from the checkpoint's level after step {step} of {}",
                self.steps
            )
            .into(),
        );
    }
}

/// What a sweep's error means: where the sweep was, and what to say
/// beside the reason.
pub(crate) struct Stopping<'a> {
    pub cancel: &'a CancelToken,
    pub budget: Bytes,
    pub spill_dir: &'a Path,
    /// Where the sweep was when it stopped: "after 12 steps", "while
    /// sweeping the candidate …".
    pub at: String,
    /// How to go on, where a checkpoint holds a level (empty where none).
    pub resumable: Message,
    /// What to do about memory, said after a stop by the budget.
    pub advice: Message,
}

/// A sweep that stopped, in the library's words.
pub(crate) struct Stopped {
    pub kind: FailureKind,
    pub status: Status,
    pub message: Message,
}

impl Stopping<'_> {
    /// The advice for a sweep that outgrew `budget` with no checkpoint to
    /// go on from.
    pub fn sweep_advice(budget: Bytes) -> Message {
        memory_advice(
            budget,
            Outgrown::Sweep {
                checkpointed: false,
            },
        )
    }

    /// What `error` means; `Err` for the errors that are refusals (an
    /// order, a checkpoint to resume or a board the sweep cannot take),
    /// which no work went into.
    pub fn words(&self, error: &FrontierError) -> Result<Stopped, Failure> {
        let at = &self.at;
        let (kind, status, message) = match (error, self.cancel.cause()) {
            (FrontierError::Cancelled { .. }, Some(Cause::MemoryBudget { resident, .. })) => (
                FailureKind::Limit,
                Status::OutOfMemory,
                message!(
                    budget_exceeded(self.budget, *resident, at),
                    self.resumable.clone(),
                    "; ",
                    self.advice.clone()
                ),
            ),
            (FrontierError::Cancelled { .. }, cause) => (
                FailureKind::Stopped {
                    signal: match cause {
                        Some(Cause::Stop { signal }) => *signal,
                        _ => None,
                    },
                },
                Status::Interrupted,
                message!(format!("interrupted {at}"), self.resumable.clone()),
            ),
            (
                FrontierError::TooWide { .. } | FrontierError::Resume(_) | FrontierError::Order(_),
                _,
            ) => {
                return Err(Failure::refused(frontier_words(error)));
            }
            (FrontierError::Io(e), _) if e.kind() == std::io::ErrorKind::InvalidData => (
                FailureKind::Other,
                Status::Failed,
                format!("{e}; the count stopped rather than count from changed data").into(),
            ),
            (FrontierError::Io(e), _) => (
                FailureKind::Other,
                Status::Failed,
                format!("cannot spill a level to {}: {e}", self.spill_dir.display()).into(),
            ),
            (
                FrontierError::Checkpoint(_)
                | FrontierError::WeightOverflow { .. }
                | FrontierError::Inconsistent(_),
                _,
            ) => (FailureKind::Other, Status::Failed, frontier_words(error)),
        };
        Ok(Stopped {
            kind,
            status,
            message,
        })
    }

    /// The failure `error` means, without a report.
    pub fn failure(&self, error: &FrontierError) -> Failure {
        match self.words(error) {
            Ok(stopped) => Failure {
                kind: stopped.kind,
                message: stopped.message,
                report: None,
            },
            Err(refused) => refused,
        }
    }
}

/// The failure a sweep's error means, with the partial report: where the
/// sweep was and what a resume would go on from, as the report recorded
/// them (`LevelWatcher`).
pub(crate) fn sweep_failure(
    error: &FrontierError,
    mut report: RunReport,
    cancel: &CancelToken,
    budget: Bytes,
    spill_dir: &Path,
    started: Instant,
) -> Failure {
    let (done, checkpoint) = report
        .frontier
        .as_ref()
        .map_or((0, None), |f| (f.steps_done, f.checkpoint_step));
    let stopping = Stopping {
        cancel,
        budget,
        spill_dir,
        at: format!("after {done} steps"),
        resumable: checkpoint.map_or_else(Message::default, |step| {
            message!(
                format!("; the checkpoint holds step {step}, to go on from with "),
                Setting::Resume
            )
        }),
        advice: Stopping::sweep_advice(budget),
    };
    match stopping.words(error) {
        Ok(stopped) => {
            report.stop(stopped.status, &stopped.message, started);
            Failure {
                kind: stopped.kind,
                message: stopped.message,
                report: None,
            }
            .with_report(report)
        }
        Err(refused) => refused,
    }
}

/// A frontier error in the library's words: the option an order came
/// from is named as a [`Setting`], for each front end to spell.
pub(crate) fn frontier_words(error: &FrontierError) -> Message {
    match error {
        FrontierError::Order(why) => message!(Setting::Order, format!(": {why}")),
        other => other.to_string().into(),
    }
}
