//! A run of the library's on a thread of its own, with the interpreter
//! released, while the calling thread looks at Python's signals: Ctrl-C
//! cancels the run (kt-count's `CancelToken`), waits for it to stop and
//! raises `KeyboardInterrupt`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use kt_count::{CancelToken, Cause, Failure, FailureKind, Request, Supervised, Waited};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::errors::{CancelledError, failure_error, refused};
use crate::progress::Callback;
use crate::spelling::spelled;

/// How often the calling thread looks at Python's signals while a count runs.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a thread of its own (kt-count's [`Supervised`], the
/// helper the command line shares) with the interpreter released, looking
/// at Python's signals every [`SIGNAL_POLL`] from this thread.
///
/// On a signal whose handler raises (Ctrl-C: `KeyboardInterrupt`), cancels
/// the work through `cancel`, waits for it to stop and returns the
/// handler's error. A second such signal while it stops, or the first
/// where the work does not look at its token (`listens` false), returns
/// at once, leaving the thread to finish on its own (it holds nothing of
/// Python's). At `deadline`, stops the work the same way and waits for
/// its answer (a failure that says it was stopped).
pub fn supervised<T: Send + 'static>(
    py: Python<'_>,
    cancel: CancelToken,
    listens: bool,
    deadline: Option<Instant>,
    work: impl FnOnce(CancelToken) -> Result<T, Failure> + Send + 'static,
) -> PyResult<Result<T, Failure>> {
    let mut running = Supervised::start_with("knights-tour", cancel, work)
        .map_err(|failure| PyRuntimeError::new_err(spelled(&failure.message)))?;
    let mut interrupted: Option<PyErr> = None;
    let mut deadline = deadline;
    loop {
        // The work goes to the detached closure and back (it may be sent
        // to another thread, not shared with one).
        let (back, waited) = py.detach(move || {
            let waited = running.wait(SIGNAL_POLL, || None);
            (running, waited)
        });
        running = back;
        match waited {
            Waited::Done(result) => {
                return match interrupted {
                    Some(err) => Err(err),
                    None => Ok(result),
                };
            }
            Waited::Running => {
                if let Err(err) = py.check_signals() {
                    if listens && interrupted.is_none() {
                        running.stop(Cause::Stop { signal: None });
                        interrupted = Some(err);
                    } else {
                        return Err(err);
                    }
                }
                // The time allowed is up: stop the work once, and wait
                // for it to say so.
                if deadline.is_some_and(|at| Instant::now() >= at) {
                    running.stop(Cause::Stop { signal: None });
                    deadline = None;
                }
            }
        }
    }
}

/// Runs `job` (a count, or a family of tours built) under [`supervised`],
/// with the progress going to `progress`, and turns its failure into the
/// Python exception: the callback's own where it raised one.
pub fn run<T: Send + 'static>(
    py: Python<'_>,
    watch: Watch,
    job: impl FnOnce(&Callback, &CancelToken) -> Result<T, Failure> + Send + 'static,
) -> PyResult<T> {
    let cancel = CancelToken::new();
    let callback = Arc::new(Callback::new(watch.progress, cancel.clone()));
    let observer = Arc::clone(&callback);
    let deadline = watch.timeout.map(|t| Instant::now() + t);
    let result = supervised(py, cancel, true, deadline, move |token| {
        job(&observer, &token)
    })?;
    if let Some(err) = callback.take_raised() {
        return Err(err);
    }
    result.map_err(|failure| match (failure.kind, watch.timeout) {
        (FailureKind::Stopped { .. }, Some(timeout)) => CancelledError::new_err(format!(
            "stopped at timeout={}: {}",
            timeout.as_secs_f64(),
            spelled(&failure.message)
        )),
        _ => failure_error(&failure),
    })
}

/// What watches a run besides Ctrl-C: the progress callback, and the
/// time it is allowed (`timeout=`, in seconds; past it the run stops and
/// raises `CancelledError`).
pub struct Watch {
    pub progress: Option<Py<PyAny>>,
    pub timeout: Option<Duration>,
}

impl Watch {
    pub fn new(progress: Option<Py<PyAny>>, timeout: Option<f64>) -> PyResult<Watch> {
        let timeout = timeout
            .map(|seconds| {
                Duration::try_from_secs_f64(seconds)
                    .ok()
                    .filter(|t| !t.is_zero())
                    .ok_or_else(|| {
                        refused(format!(
                            "timeout is a positive number of seconds, not {seconds}"
                        ))
                    })
            })
            .transpose()?;
        Ok(Watch { progress, timeout })
    }
}

/// The count `request` asks for.
pub fn count(py: Python<'_>, request: Request, watch: Watch) -> PyResult<kt_count::Counted> {
    run(py, watch, move |observer, cancel| {
        kt_count::count(&request, observer, cancel)
    })
}

/// The sequence `request` asks for, planned and counted as a count is
/// (its finished terms are dropped where it stops: Python raises).
pub fn sequence(py: Python<'_>, request: Request, watch: Watch) -> PyResult<kt_count::Sequenced> {
    run(py, watch, move |observer, cancel| {
        kt_count::sequence(&request, observer, cancel).map_err(|stopped| stopped.failure)
    })
}

/// The family of tours `request` describes, built once.
pub fn tours(py: Python<'_>, request: Request, watch: Watch) -> PyResult<kt_count::Tours> {
    run(py, watch, move |observer, cancel| {
        kt_count::tours(&request, observer, cancel)
    })
}
