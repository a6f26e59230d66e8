//! Work on its own thread, which a front end waits for and can stop: the
//! one helper behind the command line's signals and Python's Ctrl-C.
//!
//! Both front ends run a count (or a search for tours) on a thread of its
//! own and wait on theirs, looking now and then at what asks them to stop:
//! the command line at SIGINT, SIGTERM and SIGHUP (a listener thread
//! passes them on), Python at the interpreter's own signal check, which
//! must run on the thread holding the GIL. How they wait and what they
//! look at differ; what happens is the same, and is written here once:
//!
//! * the work gets a [`CancelToken`] and its result comes back over a
//!   channel; a thread that ends without one panicked, which is an
//!   internal error, never a hang;
//! * the first stop request cancels the work with its [`Cause`]; the work
//!   notices at its next check and returns its partial report;
//! * a request more than [`SECOND_PRESS`] after the first is a second
//!   press, after which the front end stops waiting (`timeout -s INT`
//!   signals the whole process group, so one press can arrive twice
//!   within microseconds);
//! * work that does not stop within its grace period (inside an operation
//!   that cannot look at the token, an oxidd apply) is given up on: the
//!   front end reports what it has, and the thread finishes on its own.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::cancel::{CancelToken, Cause};
use crate::failure::Failure;

/// A stop request this soon after the first is the same press, not a
/// second.
pub const SECOND_PRESS: Duration = Duration::from_secs(1);

/// Work running on its own thread.
pub struct Supervised<T> {
    results: Receiver<Result<T, Failure>>,
    cancel: CancelToken,
    /// When the first stop request came.
    first_stop: Option<Instant>,
    /// When the work was first seen cancelled, by a request or by itself
    /// (the memory watchdog cancels the token from inside).
    cancelled_at: Option<Instant>,
}

/// What one wait for the work saw.
pub enum Waited<T> {
    /// The work returned (or its thread panicked: an internal error,
    /// named by `panic` when the caller keeps the last panic's message).
    Done(Result<T, Failure>),
    /// Not yet.
    Running,
}

impl<T: Send + 'static> Supervised<T> {
    /// Starts `work` on a thread named `name`, with a token it looks at.
    pub fn start(
        name: &str,
        work: impl FnOnce(CancelToken) -> Result<T, Failure> + Send + 'static,
    ) -> Result<Supervised<T>, Failure> {
        Supervised::start_with(name, CancelToken::new(), work)
    }

    /// [`Supervised::start`] with the caller's token, for a caller that
    /// hands it to others too (a progress callback that stops the work
    /// when it raises).
    pub fn start_with(
        name: &str,
        cancel: CancelToken,
        work: impl FnOnce(CancelToken) -> Result<T, Failure> + Send + 'static,
    ) -> Result<Supervised<T>, Failure> {
        let (sender, results) = mpsc::channel();
        let token = cancel.clone();
        thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                // The receiver is gone only once the caller gave up waiting.
                let _ = sender.send(work(token));
            })
            .map_err(|e| Failure::other(format!("cannot start a thread: {e}")))?;
        Ok(Supervised {
            results,
            cancel,
            first_stop: None,
            cancelled_at: None,
        })
    }

    /// Waits at most `poll` for the work's result. A thread that ended
    /// without one panicked: `panic` says what it said, where the caller
    /// keeps it (the command line's panic hook).
    pub fn wait(&self, poll: Duration, panic: impl FnOnce() -> Option<String>) -> Waited<T> {
        match self.results.recv_timeout(poll) {
            Ok(result) => Waited::Done(result),
            Err(RecvTimeoutError::Timeout) => Waited::Running,
            Err(RecvTimeoutError::Disconnected) => {
                let why =
                    panic().unwrap_or_else(|| "the working thread ended without a result".into());
                Waited::Done(Err(Failure::other(format!("internal error: {why}"))))
            }
        }
    }

    /// A stop request from outside: the first cancels the work with
    /// `cause`. Returns whether this one is a second press.
    pub fn stop(&mut self, cause: Cause) -> bool {
        match self.first_stop {
            None => {
                self.first_stop = Some(Instant::now());
                self.cancel.cancel(cause);
                false
            }
            Some(first) => first.elapsed() > SECOND_PRESS,
        }
    }

    /// Why the work was cancelled, if it was: a stop request, or the work
    /// itself (its memory watchdog).
    pub fn cause(&self) -> Option<&Cause> {
        self.cancel.cause()
    }

    /// Whether the work was cancelled more than `grace` ago and has not
    /// returned: time to give up waiting. The grace counts from the first
    /// call that saw the work cancelled.
    pub fn overdue(&mut self, grace: Duration) -> bool {
        if self.cancel.cause().is_none() {
            return false;
        }
        self.cancelled_at.get_or_insert_with(Instant::now).elapsed() > grace
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POLL: Duration = Duration::from_millis(5);

    fn finished<T: Send + 'static>(supervised: &Supervised<T>) -> Result<T, Failure> {
        loop {
            if let Waited::Done(result) = supervised.wait(POLL, || None) {
                return result;
            }
        }
    }

    #[test]
    fn the_result_comes_back() {
        let supervised = Supervised::start("test", |_| Ok(42)).unwrap();
        assert_eq!(finished(&supervised).unwrap(), 42);
    }

    /// The first request cancels the work, which returns what it has; a
    /// repeat within a second is the same press.
    #[test]
    fn a_stop_cancels_the_work() {
        let mut supervised: Supervised<()> = Supervised::start("test", |cancel: CancelToken| {
            while !cancel.is_cancelled() {
                thread::sleep(POLL);
            }
            Err(Failure::other("stopped"))
        })
        .unwrap();
        assert!(matches!(supervised.wait(POLL, || None), Waited::Running));
        assert!(!supervised.overdue(Duration::ZERO));
        assert!(!supervised.stop(Cause::Stop { signal: None }));
        assert!(
            !supervised.stop(Cause::Stop { signal: None }),
            "the same press"
        );
        assert_eq!(supervised.cause(), Some(&Cause::Stop { signal: None }));
        assert!(finished(&supervised).is_err());
    }

    #[test]
    fn a_panic_is_an_internal_error() {
        let supervised: Supervised<()> =
            Supervised::start("test", |_| panic!("on purpose")).unwrap();
        let failure = loop {
            if let Waited::Done(result) = supervised.wait(POLL, || Some("on purpose".into())) {
                break result.unwrap_err();
            }
        };
        assert!(
            failure
                .message
                .to_string()
                .contains("internal error: on purpose"),
            "{}",
            failure.message
        );
    }
}
