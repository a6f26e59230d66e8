//! The frontier method behind the seam: kt-frontier's sweep, with the
//! library's budget, watchdog, cancellation and report.

use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use kt_frontier::{FrontierError, Options, Watcher};
use kt_memory::{Bytes, Watchdog};

use crate::cancel::{CancelToken, Cause};
use crate::failure::{Failure, FailureKind};
use crate::observer::{Observer, Progress};
use crate::plan::Plan;
use crate::report::{FrontierReport, LevelReport, RunReport, Status};
use crate::request::Request;

/// The share of the budget, in fifths, the two levels' tables may hold
/// before shards spill: the rest is per-thread buffers, the allocator's
/// slack and the watchdog's margin.
const TABLE_FIFTHS: u64 = 4;

/// The share of the budget, in tenths, the resident set may reach before
/// shards spill whatever the tables count: below the watchdog, which stops
/// the run at the whole budget.
const RESIDENT_TENTHS: u64 = 9;

/// How often a checkpoint is written when none is asked for explicitly.
pub const CHECKPOINT_EVERY: Duration = Duration::from_mins(5);

/// Refuses boards whose frontier does not fit the state packing, and a
/// checkpoint of another board or kind, before any work.
pub(crate) fn supports(request: &Request) -> Result<(), Failure> {
    kt_frontier::supports(request.board, request.kind).map_err(|e| {
        Failure::refused(format!(
            "{e}; boards with a short side of up to 13 fit, the time-sliced ZDD (--method zdd) takes up to 128 squares"
        ))
    })?;
    if let Some(path) = &request.resume {
        let header =
            kt_frontier::checkpoint::inspect(path).map_err(|e| Failure::refused(e.to_string()))?;
        let board = request.board;
        if (header.rows, header.cols) != (board.rows(), board.cols()) || header.kind != request.kind
        {
            return Err(Failure::refused(format!(
                "{}: it is a checkpoint of {} tours of {}x{}, not of {} tours of {board}",
                path.display(),
                header.kind,
                header.rows,
                header.cols,
                request.kind
            )));
        }
    }
    Ok(())
}

/// Passes the sweep's progress on, and keeps the report of its levels.
struct Levels<'a> {
    observer: &'a dyn Observer,
    report: Mutex<RunReport>,
    steps: usize,
}

impl Watcher for Levels<'_> {
    fn step_started(&self, step: usize, steps: usize, states: u64) {
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
        let frontier = report.frontier.get_or_insert_with(empty_report);
        frontier.levels.push(LevelReport {
            step: level.step,
            slots: level.slots,
            states: level.states,
            read: level.read,
            successors: level.successors,
            time_ms: level.time_ms,
            states_per_second_per_thread: level.rate_per_thread,
            stored: level.stored,
            runs: level.runs,
            bytes: level.bytes,
            memory_bytes: level.memory_bytes,
            spilled_bytes: level.spilled_bytes,
            disk_bytes: level.disk_bytes,
            rss_bytes: level.rss_bytes,
        });
        frontier.peak_states = frontier.peak_states.max(level.states);
        frontier.spilled_bytes += level.spilled_bytes;
        frontier.disk_peak_bytes = frontier.disk_peak_bytes.max(level.disk_bytes);
        self.observer.report(&report);
    }

    fn checkpointed(&self, step: usize, path: &Path) {
        self.observer.note(&format!(
            "checkpoint after {step} of {} steps written to {}",
            self.steps,
            path.display()
        ));
    }
}

fn empty_report() -> FrontierReport {
    FrontierReport {
        width: 0,
        peak_states: 0,
        spilled_bytes: 0,
        disk_peak_bytes: 0,
        resumed_from: None,
        levels: Vec::new(),
    }
}

/// The sweep's options for `request`.
fn options(request: &Request, plan: &Plan) -> Options {
    Options {
        threads: plan.threads as usize,
        memory: plan.budget.0 / 5 * TABLE_FIFTHS,
        resident_limit: plan.budget.0 / 10 * RESIDENT_TENTHS,
        spill_dir: request.spill_dir.clone().unwrap_or_else(std::env::temp_dir),
        checkpoint: request.checkpoint.clone(),
        checkpoint_every: request.checkpoint_every.unwrap_or(CHECKPOINT_EVERY),
        resume: request.resume.clone(),
    }
}

/// Counts the undirected tours with the required `ends` (open tours; with
/// `only`, no other square may be an end) or through the move `through`
/// (closed tours): one sweep, under the budget's watchdog.
pub(crate) fn count_restricted(
    request: &Request,
    plan: &Plan,
    ends: &[kt_board::Square],
    only: bool,
    through: Option<(kt_board::Square, kt_board::Square)>,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<num_bigint::BigUint, Failure> {
    let restriction = kt_frontier::Restriction {
        ends: ends.to_vec(),
        only_these_ends: only,
        moves: through.into_iter().collect(),
    };
    let budget = plan.budget;
    let _watchdog = watch(budget, cancel)?;
    let levels = Levels {
        observer,
        report: Mutex::new(RunReport::new(
            crate::report::Benchmark::of(
                &request.board,
                request.kind,
                crate::report::Benchmark::EDGES,
            ),
            crate::report::Settings {
                method: "frontier",
                method_reason: None,
                schedule: None,
                threads: plan.threads,
                node_capacity: 0,
                cache_capacity: 0,
                memory_budget_bytes: budget.0,
            },
        )),
        steps: request.board.cells(),
    };
    kt_frontier::count_restricted(
        request.board,
        request.kind,
        &restriction,
        &options(request, plan),
        &levels,
        cancel.flag(),
    )
    .map(|outcome| outcome.cycles)
    .map_err(|e| {
        let report = levels
            .report
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        failure(
            &e,
            report,
            cancel,
            budget,
            &request.spill_dir.clone().unwrap_or_else(std::env::temp_dir),
            Instant::now(),
        )
    })
}

/// Starts the watchdog that cancels the count when the resident set passes
/// `budget`.
fn watch(budget: Bytes, cancel: &CancelToken) -> Result<Watchdog, Failure> {
    let cancel = cancel.clone();
    Watchdog::start(budget, move |resident| {
        cancel.cancel(Cause::MemoryBudget { resident, budget });
    })
    .map_err(|e| Failure::other(format!("cannot start the memory watchdog: {e}")))
}

/// Counts by frontier-based search, filling `report`.
pub(crate) fn count(
    request: &Request,
    plan: &Plan,
    mut report: RunReport,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<RunReport, Failure> {
    let started = Instant::now();
    let budget = plan.budget;
    let options = options(request, plan);
    let sweep_steps = request.board.cells();
    report.frontier = Some(FrontierReport {
        width: kt_frontier::Sweep::frontier_width(request.board, request.kind),
        ..empty_report()
    });
    observer.report(&report);
    let watchdog = watch(budget, cancel)?;
    let levels = Levels {
        observer,
        report: Mutex::new(report),
        steps: sweep_steps,
    };
    let result = kt_frontier::count_tours(
        request.board,
        request.kind,
        &options,
        &levels,
        cancel.flag(),
    );
    drop(watchdog);
    let mut report = levels
        .report
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match result {
        Ok(counted) => {
            if let Some(frontier) = &mut report.frontier {
                frontier.resumed_from = counted.outcome.resumed_from;
                frontier.disk_peak_bytes = counted.outcome.disk_peak_bytes;
            }
            report.count = Some(counted.tours.to_string());
            report.close(started);
            Ok(report)
        }
        Err(error) => Err(failure(
            &error,
            report,
            cancel,
            budget,
            &options.spill_dir,
            started,
        )),
    }
}

/// The failure a frontier error means, with the partial report.
fn failure(
    error: &FrontierError,
    mut report: RunReport,
    cancel: &CancelToken,
    budget: Bytes,
    spill_dir: &Path,
    started: Instant,
) -> Failure {
    let done = report.frontier.as_ref().map_or(0, |f| f.levels.len());
    let (kind, status, message) = match (&error, cancel.cause()) {
        (FrontierError::Cancelled { .. }, Some(Cause::MemoryBudget { resident, .. })) => (
            FailureKind::Limit,
            Status::OutOfMemory,
            format!(
                "memory budget of {budget} exceeded (resident {resident}) after {done} levels; raise --memory, or let levels spill sooner with a smaller --memory"
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
            format!("interrupted after {done} levels"),
        ),
        (FrontierError::TooWide { .. } | FrontierError::Resume(_), _) => {
            return Failure::refused(error.to_string());
        }
        (FrontierError::Io(e), _) => (
            FailureKind::Other,
            Status::Failed,
            format!("cannot spill a level to {}: {e}", spill_dir.display()),
        ),
        (FrontierError::Checkpoint(_), _) => {
            (FailureKind::Other, Status::Failed, error.to_string())
        }
    };
    report.stop(status, &message, started);
    Failure {
        kind,
        message,
        report: None,
    }
    .with_report(report)
}
