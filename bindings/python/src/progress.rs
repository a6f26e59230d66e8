//! A count's progress, handed to a Python callable: one dict per event,
//! called from the counting thread with the interpreter held.

use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use kt_count::{CancelToken, Cause, Observer, Progress};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The least time between two `"progress"` events given to the callback
/// (step starts and notes always go through).
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// Hands kt-count's progress to a Python callable, with the interpreter
/// held, one dict per event. The first exception the callable raises is
/// kept, the count is cancelled, and nothing more is called.
pub struct Callback {
    callable: Option<Py<PyAny>>,
    cancel: CancelToken,
    raised: Mutex<Option<PyErr>>,
    last_progress: Mutex<Option<Instant>>,
}

impl Callback {
    pub fn new(callable: Option<Py<PyAny>>, cancel: CancelToken) -> Callback {
        Callback {
            callable,
            cancel,
            raised: Mutex::new(None),
            last_progress: Mutex::new(None),
        }
    }

    /// Calls the callable with the dict `fill` makes.
    fn call(&self, fill: impl FnOnce(&Bound<'_, PyDict>) -> PyResult<()>) {
        let Some(callable) = &self.callable else {
            return;
        };
        // Once the count is asked to stop (Ctrl-C, an exception), the
        // caller has moved on: call nothing more.
        if self.cancel.is_cancelled() {
            return;
        }
        Python::attach(|py| {
            let event = PyDict::new(py);
            let called = fill(&event).and_then(|()| callable.call1(py, (event,)).map(drop));
            if let Err(err) = called {
                let mut raised = self.raised.lock().unwrap_or_else(PoisonError::into_inner);
                if raised.is_none() {
                    *raised = Some(err);
                }
                self.cancel.cancel(Cause::Stop { signal: None });
            }
        });
    }

    pub fn take_raised(&self) -> Option<PyErr> {
        self.raised
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

impl Observer for Callback {
    fn step_started(&self, index: usize, total: usize, name: &str) {
        self.call(|event| {
            event.set_item("event", "step")?;
            event.set_item("index", index)?;
            event.set_item("total", total)?;
            event.set_item("name", name)
        });
    }

    fn progress(&self, progress: Progress) {
        if self.callable.is_none() {
            return;
        }
        {
            let mut last = self
                .last_progress
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let now = Instant::now();
            if last.is_some_and(|at| now.duration_since(at) < PROGRESS_EVERY) {
                return;
            }
            *last = Some(now);
        }
        self.call(|event| {
            event.set_item("event", "progress")?;
            match progress {
                Progress::FilterMemo { entries } => {
                    event.set_item("kind", "filter")?;
                    event.set_item("entries", entries)
                }
                Progress::Level {
                    step,
                    steps,
                    done,
                    states,
                } => {
                    event.set_item("kind", "level")?;
                    event.set_item("step", step)?;
                    event.set_item("steps", steps)?;
                    event.set_item("done", done)?;
                    event.set_item("states", states)
                }
                Progress::Search {
                    nodes,
                    tours,
                    starts_done,
                    starts_total,
                } => {
                    event.set_item("kind", "search")?;
                    event.set_item("nodes", nodes)?;
                    event.set_item("tours", tours)?;
                    event.set_item("starts_done", starts_done)?;
                    event.set_item("starts_total", starts_total)
                }
            }
        });
    }

    fn note(&self, note: &kt_count::Message) {
        self.call(|event| {
            event.set_item("event", "note")?;
            event.set_item("text", crate::spelling::spelled(note))
        });
    }
}
