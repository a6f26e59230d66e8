//! One ZDD computation from board to final family, with everything around
//! it: the resource plan, the engine (chosen at run time), a worker thread
//! with a deep stack, progress, Ctrl-C and the memory watchdog.
//!
//! A report is kept up to date in [`Live`] after every step, so that an
//! interrupted or overrunning run can still print what it measured.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kt_board::{Board, TourKind};
use kt_constraints::{Encoding, closed_squares};
use kt_engine::{Bcdd, Bdd, Engine, EngineError, EngineKind, Zbdd};
use tracing::info;

use crate::progress::Monitor;
use crate::report::{Benchmark, Init, Package, RunReport, SatCount, Settings, Status};
use crate::resources::{self, Bytes, Requests, ResourcePlan, Watchdog};
use crate::run::{self, RunLimits, millis};
use crate::schedule::{self, Schedule};
use crate::{ExitCode, Failure};

/// Stack of the worker thread: oxidd's apply and the filters recurse once
/// per level on a path, and a path can cross every one of the cells²
/// levels. Reserved, not touched, unless a run needs it.
const WORKER_STACK: usize = 1 << 30;

/// What to compute.
#[derive(Clone, Debug)]
pub struct Job {
    pub board: Board,
    pub kind: TourKind,
    pub engine: EngineKind,
    pub schedule: Schedule,
    pub requests: Requests,
    pub progress: bool,
    /// What a run that stops early prints on stdout (Ctrl-C, a limit).
    pub partial: Partial,
}

/// The partial report of a run that stops early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partial {
    /// Nothing (commands whose output is not a report: `tour`, `dot`).
    Silent,
    /// The text summary.
    Text,
    /// The JSON report.
    Json,
}

impl Job {
    /// The job the command-line arguments describe.
    pub fn new(
        problem: &crate::cli::ProblemArgs,
        engine: &crate::cli::EngineArgs,
        progress: bool,
        partial: Partial,
    ) -> Result<Job, Failure> {
        Ok(Job {
            board: problem.board().map_err(Failure::input)?,
            kind: problem.kind(),
            engine: engine.engine.into(),
            schedule: engine.schedule,
            requests: Requests {
                budget: engine.memory,
                nodes: engine.nodes.map(|n| n as usize),
                cache: engine.cache.map(|n| n as usize),
                threads: engine.threads,
            },
            progress,
            partial,
        })
    }
}

/// What to do with the family of tours once it is built.
pub trait Finish: Send + 'static {
    type Output: Send + 'static;
    fn finish<E: Engine>(
        self,
        engine: &E,
        enc: &Encoding,
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
        _: &Encoding,
        _: &E::Func,
        _: &mut RunReport,
    ) -> Result<(), Failure> {
        Ok(())
    }
}

/// State shared with the Ctrl-C handler and the watchdog.
pub struct Live {
    pub report: Mutex<RunReport>,
    pub interrupt: Arc<AtomicBool>,
    printed: AtomicBool,
    partial: Partial,
    started: Instant,
}

impl Live {
    fn new(report: RunReport, partial: Partial) -> Arc<Live> {
        Arc::new(Live {
            report: Mutex::new(report),
            interrupt: Arc::new(AtomicBool::new(false)),
            printed: AtomicBool::new(false),
            partial,
            started: Instant::now(),
        })
    }

    fn snapshot(&self) -> RunReport {
        let mut report = self
            .report
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        report.total_time_ms = millis(self.started.elapsed());
        report.peak_rss_bytes = resources::peak_resident().0;
        report.summarise_steps();
        report
    }

    /// Prints the partial report, once, from whichever thread gets here
    /// first; returns whether this call was the one.
    fn print_partial(&self, status: Status, error: &str) -> bool {
        if self.printed.swap(true, Ordering::SeqCst) {
            return false;
        }
        let mut report = self.snapshot();
        report.status = status;
        report.error = Some(error.to_string());
        let mut out = std::io::stdout().lock();
        let _ = match self.partial {
            Partial::Silent => Ok(()),
            Partial::Text => report.write_text(&mut out),
            Partial::Json => report.write_json(&mut out),
        };
        let _ = out.flush();
        true
    }

    /// For the Ctrl-C and watchdog threads, which cannot return to `main`:
    /// prints the partial report and the error, and ends the process.
    pub fn stop(&self, status: Status, error: String, code: ExitCode) -> ! {
        if self.print_partial(status, &error) {
            eprintln!("error: {error}");
        }
        std::process::exit(code as i32)
    }
}

/// The report a run starts with.
fn initial_report(job: &Job, plan: Option<&ResourcePlan>) -> RunReport {
    RunReport::new(
        Benchmark::of(&job.board, job.kind),
        Settings {
            method: "zdd",
            schedule: Some(job.schedule.to_string()),
            threads: plan.map(|p| p.engine.threads).unwrap_or(1),
            node_capacity: plan.map(|p| p.engine.node_capacity).unwrap_or(0),
            cache_capacity: plan.map(|p| p.engine.cache_capacity).unwrap_or(0),
            memory_budget_bytes: plan.map(|p| p.budget.0).unwrap_or(0),
        },
    )
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
    let by_budget = (budget.0 / 8 / kt_engine::EngineConfig::BYTES_PER_CACHE_ENTRY as u64) as usize;
    by_size.min(by_budget.max(1 << 10))
}

/// Runs `job` and hands the family to `finish`. Returns the report (and the
/// output of `finish`, unless the count was settled without a diagram), or
/// the failure, after printing the partial report as `job.partial` says.
pub fn compute<F: Finish>(job: Job, finish: F) -> Result<(RunReport, Option<F::Output>), Failure> {
    let started = Instant::now();
    let enc = Encoding::new(job.board).map_err(|e| Failure::input(e.to_string()))?;

    // Closed tours need the corner's two neighbours.
    if job.kind == TourKind::Closed
        && let Err(no_start) = closed_squares(&enc)
    {
        let mut report = initial_report(&job, None);
        report.settings.schedule = None;
        report.count = Some("0".into());
        report.reason = Some(no_start.to_string());
        report.total_time_ms = millis(started.elapsed());
        report.peak_rss_bytes = resources::peak_resident().0;
        return Ok((report, None));
    }

    let budget = job
        .requests
        .budget
        .unwrap_or_else(resources::default_budget);
    let plan = resources::plan(
        &format!("the {} encoding of board {}", job.engine, job.board),
        job.engine,
        enc.num_vars(),
        default_cache(job.schedule, enc.num_vars(), budget),
        &Requests {
            budget: Some(budget),
            ..job.requests
        },
    )
    .map_err(|e| Failure::input(e.to_string()))?;
    let steps = schedule::plan(job.schedule, &enc, job.kind);
    info!(
        board = %job.board, kind = %job.kind, engine = %job.engine, schedule = %job.schedule,
        nodes = plan.engine.node_capacity, cache = plan.engine.cache_capacity,
        budget = %plan.budget, steps = steps.len(), "plan"
    );

    let live = Live::new(initial_report(&job, Some(&plan)), job.partial);
    install_interrupt(&live);
    let _watchdog = {
        let live = live.clone();
        let budget = plan.budget;
        Watchdog::start(budget, move |rss| {
            let step = live
                .report
                .lock()
                .map(|r| r.steps.len())
                .unwrap_or_default();
            live.stop(
                Status::OutOfMemory,
                format!(
                    "memory budget of {budget} exceeded (resident {rss}) after {step} completed steps; raise --memory or choose another --schedule"
                ),
                ExitCode::Limit,
            )
        })
    };

    let monitor = Monitor::new(live.clone(), job.progress, steps.len());
    let worker_live = live.clone();
    let handle = std::thread::Builder::new()
        .name("knights-tour worker".into())
        .stack_size(WORKER_STACK)
        .spawn(move || {
            let limits = RunLimits {
                memo_bytes: plan.memo_bytes,
                interrupt: Some(worker_live.interrupt.clone()),
            };
            match job.engine {
                EngineKind::Zbdd => {
                    work::<Zbdd, F>(&plan, &enc, &job, &steps, &limits, &monitor, finish)
                }
                EngineKind::Bdd => {
                    work::<Bdd, F>(&plan, &enc, &job, &steps, &limits, &monitor, finish)
                }
                EngineKind::Bcdd => {
                    work::<Bcdd, F>(&plan, &enc, &job, &steps, &limits, &monitor, finish)
                }
            }
        })
        .map_err(|e| Failure::other(format!("cannot start the worker thread: {e}")))?;
    let result = handle
        .join()
        .unwrap_or_else(|_| Err(Failure::other("the worker thread panicked".into())));

    match result {
        Ok((mut report, output)) => {
            report.total_time_ms = millis(started.elapsed());
            report.peak_rss_bytes = resources::peak_resident().0;
            report.summarise_steps();
            Ok((report, Some(output)))
        }
        Err(failure) => {
            let status = match failure.code {
                ExitCode::Limit => Status::OutOfMemory,
                ExitCode::Interrupted => Status::Interrupted,
                _ => Status::Failed,
            };
            if live.print_partial(status, &failure.message) {
                Err(failure)
            } else {
                // Ctrl-C or the watchdog got there first and is ending the
                // process; let it.
                loop {
                    std::thread::park();
                }
            }
        }
    }
}

/// The work on the worker thread, for one engine type.
fn work<E: Engine, F: Finish>(
    plan: &ResourcePlan,
    enc: &Encoding,
    job: &Job,
    steps: &[schedule::Step],
    limits: &RunLimits,
    monitor: &Monitor,
    finish: F,
) -> Result<(RunReport, F::Output), Failure> {
    let init_started = Instant::now();
    let engine = E::new(&plan.engine, enc.num_vars())
        .map_err(|e| engine_failure(e, "creating the manager"))?;
    let info = engine.info();
    monitor.update(|report| {
        report.package = Some(Package {
            name: info.package.into(),
            kind: info.kind.to_string(),
            version: info.version.into(),
        });
        report.init = Some(Init {
            time_ms: millis(init_started.elapsed()),
            variables: enc.num_vars() as u64,
            rss_bytes: resources::resident().0,
        });
    });

    let outcome = run::run(&engine, enc, job.kind, steps, limits, monitor).map_err(|e| {
        monitor.update(|report| report.steps = e.completed.clone());
        engine_failure(
            e.error,
            &format!("step {} of {} ({})", e.step + 1, steps.len(), e.step_name),
        )
    })?;
    monitor.finish();

    let count_started = Instant::now();
    let count = engine.count(&outcome.family);
    let count_ms = millis(count_started.elapsed());
    let mut report = monitor.report();
    report.steps = outcome.steps;
    report.satcount = Some(SatCount {
        result: count.to_string(),
        time_ms: count_ms,
    });
    report.count = Some(count.to_string());
    let output = finish.finish(&engine, enc, &outcome.family, &mut report)?;
    Ok((report, output))
}

/// Turns an engine error into a failure with the right exit code.
fn engine_failure(error: EngineError, at: &str) -> Failure {
    match error {
        EngineError::OutOfNodes { .. } => Failure {
            code: ExitCode::Limit,
            message: format!("{error} at {at}; raise --memory or --nodes"),
        },
        EngineError::MemoLimit { .. } => Failure {
            code: ExitCode::Limit,
            message: format!("{error} at {at}; raise --memory"),
        },
        EngineError::Interrupted => Failure {
            code: ExitCode::Interrupted,
            message: format!("interrupted at {at}"),
        },
        EngineError::Unsupported(_) => Failure::other(format!("{error} ({at})")),
    }
}

/// Ctrl-C: the first press asks the run to stop at its next check and
/// prints the partial report; if the engine is inside a long operation
/// that cannot notice, the report is printed after a grace period anyway.
/// A second press ends the process at once.
fn install_interrupt(live: &Arc<Live>) {
    let live = live.clone();
    let presses = AtomicBool::new(false);
    // Only one handler per process; a second computation in the same
    // process (tests) keeps the first handler, which is harmless.
    let _ = ctrlc::set_handler(move || {
        if presses.swap(true, Ordering::SeqCst) {
            std::process::exit(ExitCode::Interrupted as i32);
        }
        live.interrupt.store(true, Ordering::SeqCst);
        let live = live.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(1500));
            live.stop(
                Status::Interrupted,
                "interrupted (Ctrl-C) during an engine operation".into(),
                ExitCode::Interrupted,
            )
        });
    });
}
