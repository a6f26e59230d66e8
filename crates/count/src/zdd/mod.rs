//! Decision diagrams of the tours on an engine: the N⁴ time-sliced ZDD
//! built step by step, the frontier method's edge diagram ([`edges`]), and
//! what is done with a finished diagram ([`Finish`]: count it, copy it out
//! for tours ([`extract`]), draw it ([`dot`])).
//!
//! This is the toolkit the diagram methods (`time_sliced`, `edges` in
//! `crate::methods`) are built from; it knows nothing of requests.
//! [`ZddJob::prepare`] resolves engine settings (or refuses them before
//! anything is allocated); [`compute`] builds the family on a worker thread
//! with a deep stack, step by step as the schedule says, and hands it to a
//! [`Finish`].
//!
//! The report is kept up to date after every step and given to the
//! observer, so that a run which stops early (cancelled, out of memory)
//! still reports what it measured.

pub mod dot;
pub mod edges;
pub mod extract;
pub mod resources;
mod run;
pub mod schedule;

use std::time::Instant;

use kt_board::{Board, TourKind};
use kt_constraints::{Encoding, MAX_SQUARES_ALL_AT_ONCE, closed_squares};
use kt_engine::{Bcdd, Bdd, Biodivine, Buddy, Engine, EngineError, EngineKind, Family, Zbdd};
use kt_memory::{Bytes, Watchdog};
use tracing::info;

pub use dot::Drawing;
pub use extract::Decoder;
pub use resources::{MIN_CACHE, ResourcePlan};
pub use schedule::Schedule;

use crate::cancel::Cause;
use crate::failure::{Failure, FailureKind};
use crate::observer::{Observer, Watch};
use crate::report::{Counted, Init, Package, RunReport, SatCount, Status, millis};
use crate::words::Setting;
use crate::words::message;
use resources::Requests;
use run::RunLimits;

/// Stack of the worker thread: oxidd's apply and the filters recurse once
/// per level on a path, and a path can cross every one of the cells²
/// levels. Reserved, not touched, unless a run needs it.
const WORKER_STACK: usize = 1 << 30;

/// Engine settings as asked; `None` means "derive from the budget".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    pub engine: EngineKind,
    /// The manager's node capacity.
    pub nodes: Option<u64>,
    /// Apply-cache entries.
    pub cache: Option<u64>,
}

impl EngineOptions {
    /// Refuses an apply cache below the working minimum.
    pub fn check_cache(&self) -> Result<(), Failure> {
        match self.cache {
            Some(cache) if cache < MIN_CACHE => Err(Failure::refused(message!(
                Setting::Cache.given(cache),
                format!(
                    " is below the working minimum of {MIN_CACHE} entries: with fewer, the intersections recompute the same results endlessly"
                )
            ))),
            _ => Ok(()),
        }
    }
}

/// A board resolved for the time-sliced ZDD.
#[derive(Clone, Debug)]
pub struct ZddJob {
    pub board: Board,
    pub kind: TourKind,
    pub enc: Encoding,
    pub engine: EngineKind,
    pub schedule: Schedule,
    pub plan: ResourcePlan,
}

impl ZddJob {
    /// Resolves the engine settings for `kind` tours of `board`, or refuses
    /// them: boards whose encoding cannot be represented, the fused
    /// schedule beyond 128 squares, a cache below the working minimum, a
    /// budget too small for the fixed costs, a node capacity that does not
    /// fit.
    pub fn prepare(
        board: Board,
        kind: TourKind,
        schedule: Schedule,
        options: &EngineOptions,
        budget: Bytes,
        threads: u32,
    ) -> Result<ZddJob, Failure> {
        let engine = options.engine;
        let enc =
            Encoding::new(board).map_err(|e| Failure::refused(format!("{board} {kind}: {e}")))?;
        if schedule.filters_all_at_once() && board.cells() > MAX_SQUARES_ALL_AT_ONCE {
            return Err(Failure::refused(format!(
                "{board} {kind}: the time-sliced ZDD supports at most {MAX_SQUARES_ALL_AT_ONCE} squares with the fused schedule; this board has {}",
                board.cells()
            )));
        }
        options.check_cache()?;
        let plan = resources::plan(
            &format!("the time-sliced ZDD of {board} ({engine})"),
            engine,
            enc.num_vars(),
            default_cache(schedule, enc.num_vars(), budget),
            &Requests {
                budget,
                nodes: options.nodes,
                cache: options.cache,
                threads,
            },
        )
        .map_err(|e| Failure::refused(&e))?;
        Ok(ZddJob {
            board,
            kind,
            enc,
            engine,
            schedule,
            plan,
        })
    }

    /// Fills the zdd settings into a report.
    pub(crate) fn describe(&self, report: &mut RunReport) {
        let s = &mut report.settings;
        s.schedule = Some(self.schedule.to_string());
        s.threads = self.plan.engine.threads;
        s.node_capacity = self.plan.engine.node_capacity;
        s.cache_capacity = self.plan.engine.cache_capacity;
        s.memory_budget_bytes = self.plan.budget.0;
    }
}

/// The apply cache a schedule gets when none is requested.
///
/// The filtered schedules use the cache only to multiply the transitions,
/// whose product is tiny; the plain ones live on it, and an undersized
/// cache makes them several times slower, so it grows with the encoding
/// (4096 entries per variable, 2¹⁶ … 2²⁶) within an eighth of the budget.
fn default_cache(schedule: Schedule, num_vars: u32, budget: Bytes) -> usize {
    if !schedule.uses_apply_cache() {
        return 1 << 16;
    }
    let by_size = (num_vars as usize)
        .saturating_mul(4096)
        .clamp(1 << 16, 1 << 26);
    let by_budget = budget.as_usize() / 8 / kt_engine::EngineConfig::BYTES_PER_CACHE_ENTRY;
    by_size.min(by_budget.max(1 << 10))
}

/// What to do with the family of tours once it is built, on the worker
/// thread where the diagram lives. `decoder` tells what the diagram's
/// variables mean (the time-sliced encoding or the frontier method's
/// edges).
pub trait Finish: Send {
    type Output: Send;
    fn finish<E: Engine>(
        self,
        engine: &E,
        decoder: &dyn Decoder,
        family: &E::Func,
        report: &mut RunReport,
    ) -> Result<Self::Output, Failure>;
}

/// Only count.
pub struct JustCount;

impl Finish for JustCount {
    type Output = ();
    fn finish<E: Engine>(
        self,
        _: &E,
        _: &dyn Decoder,
        _: &E::Func,
        _: &mut RunReport,
    ) -> Result<(), Failure> {
        Ok(())
    }
}

/// What to do with a finished diagram, as data: the methods behind a
/// trait object cannot take a generic [`Finish`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finishing {
    /// Only count it.
    JustCount,
    /// Copy it out ([`CopyOut`]).
    CopyOut,
    /// Draw it ([`Drawing`]).
    Draw(Drawing),
}

/// What a [`Finishing`] gives.
#[derive(Clone, Debug)]
pub enum Built {
    Counted,
    Family(Family),
    Dot(Vec<u8>),
}

impl Finish for Finishing {
    type Output = Built;
    fn finish<E: Engine>(
        self,
        engine: &E,
        decoder: &dyn Decoder,
        family: &E::Func,
        report: &mut RunReport,
    ) -> Result<Built, Failure> {
        match self {
            Finishing::JustCount => Ok(Built::Counted),
            Finishing::CopyOut => CopyOut
                .finish(engine, decoder, family, report)
                .map(Built::Family),
            Finishing::Draw(drawing) => drawing
                .finish(engine, decoder, family, report)
                .map(Built::Dot),
        }
    }
}

/// Copy the family out of the manager, with exact path counts.
pub struct CopyOut;

impl Finish for CopyOut {
    type Output = Family;
    fn finish<E: Engine>(
        self,
        engine: &E,
        _: &dyn Decoder,
        family: &E::Func,
        _: &mut RunReport,
    ) -> Result<Family, Failure> {
        engine
            .snapshot(family)
            .map_err(|e| Failure::other(format!("cannot copy the diagram out: {e}")))
    }
}

/// Builds the family of `job` and hands it to `finish`. Returns the
/// report and the output of `finish`, which is `None` when the count was
/// settled without a diagram (closed tours of a board narrower than 3).
pub fn compute<F: Finish>(
    job: &ZddJob,
    mut report: RunReport,
    finish: F,
    watch: Watch<'_>,
) -> Result<(Counted, Option<F::Output>), Failure> {
    let started = Instant::now();
    job.describe(&mut report);

    // Closed tours need the corner's two neighbours.
    if job.kind == TourKind::Closed
        && let Err(no_start) = closed_squares(&job.enc)
    {
        report.settings.schedule = None;
        report.reason = Some(no_start.to_string());
        report.close(started);
        return Ok((Counted::new(num_bigint::BigUint::ZERO, report), None));
    }

    let steps = schedule::plan(job.schedule, &job.enc, job.kind);
    info!(
        board = %job.board, kind = %job.kind, engine = %job.engine, schedule = %job.schedule,
        nodes = job.plan.engine.node_capacity, cache = job.plan.engine.cache_capacity,
        budget = %job.plan.budget, steps = steps.len(), "plan"
    );
    watch.observer.report(&report);

    let watchdog = {
        let cancel = watch.cancel.clone();
        let budget = job.plan.budget;
        Watchdog::start(budget, move |resident| {
            cancel.cancel(Cause::MemoryBudget { resident, budget });
        })
        .map_err(|e| Failure::other(format!("cannot start the memory watchdog: {e}")))?
    };

    let worker = Worker {
        job,
        steps: &steps,
        watch,
        started,
    };
    let result = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("knights-tour zdd".into())
            .stack_size(WORKER_STACK)
            .spawn_scoped(scope, move || match job.engine {
                EngineKind::Zbdd => worker.run::<Zbdd, F>(report, finish),
                EngineKind::Bdd => worker.run::<Bdd, F>(report, finish),
                EngineKind::Bcdd => worker.run::<Bcdd, F>(report, finish),
                EngineKind::Biodivine => worker.run::<Biodivine, F>(report, finish),
                EngineKind::Buddy => worker.run::<Buddy, F>(report, finish),
            })
            .map_err(|e| Failure::other(format!("cannot start the worker thread: {e}")))?
            .join()
            .unwrap_or_else(|_| Err(Failure::other("the worker thread panicked")))
    });
    drop(watchdog);
    result.map(|(counted, output)| (counted, Some(output)))
}

/// The work on the worker thread.
struct Worker<'a> {
    job: &'a ZddJob,
    steps: &'a [schedule::Step],
    watch: Watch<'a>,
    started: Instant,
}

impl Worker<'_> {
    fn run<E: Engine, F: Finish>(
        &self,
        mut report: RunReport,
        finish: F,
    ) -> Result<(Counted, F::Output), Failure> {
        let job = self.job;
        let init_started = Instant::now();
        let engine = E::new(&job.plan.engine, job.enc.num_vars())
            .map_err(|e| self.failure(&e, "creating the manager", &report))?;
        let info = engine.info();
        report.package = Some(Package {
            name: info.package.into(),
            kind: info.kind.to_string(),
            version: info.version.into(),
        });
        report.init = Some(Init {
            time_ms: millis(init_started.elapsed()),
            variables: u64::from(job.enc.num_vars()),
            rss_bytes: kt_memory::resident().0,
        });
        self.watch.observer.report(&report);

        let limits = RunLimits {
            memo_bytes: job.plan.memo_bytes,
            interrupt: Some(self.watch.cancel.flag().clone()),
        };
        let tracker = StepTracker {
            observer: self.watch.observer,
            report: std::sync::Mutex::new(report.clone()),
        };
        let outcome = run::run(&engine, &job.enc, job.kind, self.steps, &limits, &tracker)
            .map_err(|e| {
                report.steps = e.completed;
                let at = format!(
                    "step {} of {} ({})",
                    e.step + 1,
                    self.steps.len(),
                    e.step_name
                );
                self.failure(&e.error, &at, &report)
            })?;

        let count_started = Instant::now();
        let count = engine.count(&outcome.family);
        report.steps = outcome.steps;
        report.satcount = Some(SatCount {
            result: count.to_string(),
            time_ms: millis(count_started.elapsed()),
        });
        let output = finish.finish(&engine, &job.enc, &outcome.family, &mut report)?;
        report.close(self.started);
        Ok((Counted::new(count, report), output))
    }

    /// Turns an engine error into a failure with the partial report.
    fn failure(&self, error: &EngineError, at: &str, report: &RunReport) -> Failure {
        let (kind, status, message) = match (error, self.watch.cancel.cause()) {
            (EngineError::OutOfNodes { .. }, _) => (
                FailureKind::Limit,
                Status::OutOfMemory,
                message!(
                    format!("{error} at {at}; raise "),
                    Setting::Memory,
                    " or ",
                    Setting::Nodes
                ),
            ),
            (EngineError::MemoLimit { .. }, _) => (
                FailureKind::Limit,
                Status::OutOfMemory,
                message!(format!("{error} at {at}; raise "), Setting::Memory),
            ),
            (EngineError::Interrupted, Some(Cause::MemoryBudget { resident, budget })) => (
                FailureKind::Limit,
                Status::OutOfMemory,
                message!(
                    crate::failure::budget_exceeded(*budget, *resident, format_args!("at {at}; ")),
                    "raise ",
                    Setting::Memory,
                    " or choose another ",
                    Setting::Schedule
                ),
            ),
            (EngineError::Interrupted, cause) => (
                FailureKind::Stopped {
                    signal: match cause {
                        Some(Cause::Stop { signal }) => *signal,
                        _ => None,
                    },
                },
                Status::Interrupted,
                format!("interrupted at {at}").into(),
            ),
            (EngineError::Unsupported(_), _) => (
                FailureKind::Other,
                Status::Failed,
                format!("{error} ({at})").into(),
            ),
        };
        let mut partial = report.clone();
        partial.stop(status, &message, self.started);
        Failure {
            kind,
            message,
            report: None,
        }
        .with_report(partial)
    }
}

/// Keeps the report of a run up to date for the observer: a step that
/// finishes is added and the whole report is passed on.
struct StepTracker<'a> {
    observer: &'a dyn Observer,
    report: std::sync::Mutex<RunReport>,
}

impl Observer for StepTracker<'_> {
    fn report(&self, report: &RunReport) {
        self.observer.report(report);
    }

    fn step_started(&self, index: usize, total: usize, name: &str) {
        self.observer.step_started(index, total, name);
    }

    fn step_finished(&self, step: &crate::report::StepReport, total: usize) {
        self.observer.step_finished(step, total);
        let mut report = self
            .report
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        report.steps.push(step.clone());
        report.summarise_steps();
        self.observer.report(&report);
    }

    fn progress(&self, progress: crate::observer::Progress) {
        self.observer.progress(progress);
    }

    fn note(&self, note: &crate::words::Message) {
        self.observer.note(note);
    }
}
