//! One module per subcommand, and the way they all run library work.

mod bench;
mod checkpoint_cache;
mod completions;
mod count;
mod dot;
pub(crate) mod find;
mod heat_map;
mod known;
mod long_runs;
mod man;
mod merge;
mod order;
mod plot;
mod png;
pub(crate) mod sequence;
mod shards;
mod tour;
mod verify;

use std::sync::Arc;

use kt_count::report::Status;
use kt_count::{CancelToken, Cause, Failure, RunReport};

use crate::cli::Command;
use crate::exit::{CliError, ExitCode};
use crate::progress::Monitor;
use crate::supervise::{self, Ended};

/// Runs a parsed command; `progress` says whether a progress bar may be
/// drawn, `quiet` whether `-q` asked for no word beyond the result and
/// errors.
pub fn run(command: Command, progress: bool, quiet: bool) -> Result<ExitCode, CliError> {
    // Before any command reads or writes anything: never an output over
    // an input (issue 38).
    command.files().check()?;
    match command {
        Command::Count(args) => count::run(&args, progress, quiet),
        Command::Bench(args) => count::bench(&args, progress, quiet),
        Command::Sequence(args) => sequence::run(&args, progress, quiet),
        Command::Known(args) => known::run(&args),
        Command::Tour(args) => tour::run(&args, progress),
        Command::Dot(args) => dot::run(&args, progress),
        Command::Find(args) => find::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Shards(args) => shards::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Order(args) => order::run(&args, quiet),
        Command::Plot(args) => plot::run(&args),
        Command::Completions(args) => completions::run(&args),
        Command::Man(args) => man::run(&args),
    }
}

/// Library work that did not give a result: the error to exit with and
/// the partial report to print, if there is one.
pub struct Unfinished {
    pub error: CliError,
    pub report: Option<Box<RunReport>>,
}

/// Runs `work` under the supervisor with `monitor` as its observer, and
/// sorts out how it ended. The bar is cleared before this returns.
pub fn supervised<T: Send + 'static>(
    monitor: &Arc<Monitor>,
    work: impl FnOnce(&Monitor, &CancelToken) -> Result<T, Failure> + Send + 'static,
) -> Result<T, Unfinished> {
    let observer = monitor.clone();
    let ended = supervise::run(move |cancel| work(&observer, &cancel));
    monitor.clear();
    match ended {
        Ended::Done(Ok(value)) => Ok(value),
        Ended::Done(Err(failure)) => Err(unfinished(failure)),
        Ended::Abandoned { cause } => Err(abandoned(monitor, &cause)),
    }
}

/// The error of library work that failed, and its partial report, as the
/// command line says them: what [`supervised`] gives for work that
/// returned a failure, and what a command gives for one that its work
/// handed back beside a partial answer (a sequence's finished terms).
pub fn unfinished(failure: Failure) -> Unfinished {
    let mut report = failure.report.clone();
    let mut error = CliError::from(failure);
    // The report records the failure in the library's words; the
    // command line's report says it as the command line does.
    if let Some(report) = report.as_mut().filter(|r| r.error.is_some()) {
        report.error = Some(error.message.clone());
    }
    if let ExitCode::Signal(signal) = error.code {
        error.message = format!(
            "{} ({})",
            error.message,
            supervise::signal_name(Some(signal))
        );
    }
    Unfinished { error, report }
}

/// Plans work with the stop signals taken over, as [`supervised`] runs it.
///
/// A plan may measure a big board's first levels, which takes seconds on
/// a loaded machine; a Ctrl-C that landed meanwhile used to end the
/// program by the signal's default effect, with no word at all. Now the
/// plan finishes (or is abandoned after the grace period) and the
/// program says it was interrupted while planning, exit 130 (SIGINT).
/// The plan's own refusals come back as they are.
pub fn planned<T: Send + 'static>(
    plan: impl FnOnce() -> Result<T, Failure> + Send + 'static,
) -> Result<T, CliError> {
    match plan_watched(plan)? {
        (_, Some(signal)) => Err(stopped_while_planning(signal)),
        (planned, None) => planned.map_err(CliError::from),
    }
}

/// Runs `plan` with the stop signals taken over, as [`planned`] does,
/// and hands back what it returned with the stop signal that landed
/// meanwhile, if one did (`Some(None)`: a stop with no signal's number):
/// for a front end whose interrupted run still writes a document of what
/// it planned (`sequence --json`, `"complete": false`). A plan that does
/// not end within the grace period after a stop is abandoned with the
/// error [`planned`] gives.
pub fn plan_watched<T: Send + 'static>(
    plan: impl FnOnce() -> T + Send + 'static,
) -> Result<(T, Option<Option<i32>>), CliError> {
    let ended = supervise::run_before_more(move |cancel| {
        let planned = plan();
        let stop = match cancel.cause() {
            Some(Cause::Stop { signal }) => Some(*signal),
            _ => None,
        };
        Ok((planned, stop))
    });
    match ended {
        Ended::Done(Ok(done)) => Ok(done),
        Ended::Done(Err(failure)) => Err(CliError::from(failure)),
        Ended::Abandoned {
            cause: Cause::Stop { signal },
        } => Err(stopped_while_planning(signal)),
        Ended::Abandoned {
            cause: Cause::MemoryBudget { resident, budget },
        } => Err(CliError {
            code: ExitCode::Limit,
            message: kt_count::budget_exceeded(budget, resident, "while planning"),
        }),
    }
}

/// The error of work stopped by `signal` while it was being planned.
pub fn stopped_while_planning(signal: Option<i32>) -> CliError {
    CliError {
        code: ExitCode::Signal(signal.unwrap_or(2)),
        message: format!(
            "interrupted by {} while planning; nothing was counted",
            supervise::signal_name(signal)
        ),
    }
}

/// The error and partial report of work that did not stop in time: the
/// last report the monitor kept, marked with the cause.
fn abandoned(monitor: &Monitor, cause: &Cause) -> Unfinished {
    let last = monitor.last_report();
    // Where the work was, in the words of its method: a sweep of levels
    // (the frontier method, the cluster) reports its levels, an engine its
    // steps.
    let sweeping = last.as_ref().is_some_and(|r| r.frontier.is_some());
    // A resume is advised only where there is a checkpoint to resume.
    let checkpointed = last
        .as_ref()
        .and_then(|r| r.frontier.as_ref())
        .is_some_and(|f| f.checkpoint_step.is_some());
    let (during, outgrown) = if sweeping {
        (
            "while a level was being built",
            kt_count::Outgrown::Sweep { checkpointed },
        )
    } else {
        ("during an engine operation", kt_count::Outgrown::Engine)
    };
    let (status, error) = match cause {
        Cause::Stop { signal } => (
            Status::Interrupted,
            CliError {
                code: ExitCode::Signal(signal.unwrap_or(2)),
                message: format!(
                    "interrupted by {} {during}",
                    supervise::signal_name(*signal)
                ),
            },
        ),
        Cause::MemoryBudget { resident, budget } => (
            Status::OutOfMemory,
            CliError {
                code: ExitCode::Limit,
                message: format!(
                    "{}; {}",
                    kt_count::budget_exceeded(*budget, *resident, during),
                    crate::spelling::spelled(&kt_count::memory_advice(*budget, outgrown))
                ),
            },
        ),
    };
    let report = last.map(|mut report| {
        report.stop(status, &error.message, monitor.started());
        Box::new(report)
    });
    Unfinished { error, report }
}
