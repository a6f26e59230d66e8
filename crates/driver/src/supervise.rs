//! Running library work under the terminal's control: signals, the grace
//! period, and one printing path.
//!
//! SIGINT, SIGTERM and SIGHUP (Ctrl-C, `timeout`, batch schedulers, a
//! closed terminal) all go through one listener thread, which only tells
//! the main thread; the main thread cancels the work and waits for it. The
//! work notices the cancellation at its next check and returns its partial
//! report, which the main thread prints. If the work is inside an
//! operation that cannot look at the token (an oxidd apply), the main
//! thread stops waiting after a grace period and prints the last report
//! the observer kept. Either way exactly one thread prints, once.
//!
//! `timeout -s INT` signals the whole process group, so the same signal
//! can arrive twice within microseconds; only a signal more than
//! [`SECOND_PRESS`] after the first counts as a second press, which stops
//! waiting at once.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use kt_count::{CancelToken, Cause, Failure};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// A signal this soon after the first is the same press, not a second.
pub const SECOND_PRESS: Duration = Duration::from_secs(1);
/// How long the work may take to notice a stop request.
pub const GRACE: Duration = Duration::from_millis(1500);
/// How long the work may take to notice that memory ran out: it is still
/// growing meanwhile.
pub const MEMORY_GRACE: Duration = Duration::from_millis(300);
/// How often the main thread looks at signals while it waits.
const POLL: Duration = Duration::from_millis(20);

/// How supervised work ended.
pub enum Ended<T> {
    /// The work returned.
    Done(Result<T, Failure>),
    /// The work was cancelled and did not return within its grace period;
    /// the caller prints what it has and ends the process.
    Abandoned { cause: Cause },
}

/// Runs `work` on its own thread, cancelling it on SIGINT, SIGTERM or
/// SIGHUP, and waits for it on this one.
pub fn run<T: Send + 'static>(
    work: impl FnOnce(CancelToken) -> Result<T, Failure> + Send + 'static,
) -> Ended<T> {
    let cancel = CancelToken::new();
    let (signal_tx, signal_rx) = mpsc::channel();
    // Without handlers (an unusual sandbox), signals keep their default
    // effect; the work still runs.
    let listener = Signals::new([SIGINT, SIGTERM, SIGHUP]).ok().map(|mut signals| {
        let handle = signals.handle();
        thread::spawn(move || {
            for signal in signals.forever() {
                if signal_tx.send(signal).is_err() {
                    break;
                }
            }
        });
        handle
    });

    let (result_tx, result_rx) = mpsc::channel();
    let token = cancel.clone();
    let spawned = thread::Builder::new()
        .name("knights-tour work".into())
        .spawn(move || {
            let _ = result_tx.send(work(token));
        });
    let ended = match spawned {
        Err(e) => Ended::Done(Err(Failure::other(format!("cannot start a thread: {e}")))),
        Ok(_) => wait(&result_rx, &signal_rx, &cancel),
    };
    if let Some(handle) = listener {
        handle.close();
    }
    ended
}

fn wait<T>(
    results: &mpsc::Receiver<Result<T, Failure>>,
    signals: &mpsc::Receiver<i32>,
    cancel: &CancelToken,
) -> Ended<T> {
    let mut first_signal: Option<Instant> = None;
    let mut cancelled_at: Option<Instant> = None;
    loop {
        match results.recv_timeout(POLL) {
            Ok(result) => return Ended::Done(result),
            Err(RecvTimeoutError::Disconnected) => {
                return Ended::Done(Err(Failure::other(
                    "internal error: the counting thread ended without a result",
                )));
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
        let mut second_press = false;
        while let Ok(signal) = signals.try_recv() {
            match first_signal {
                None => {
                    first_signal = Some(Instant::now());
                    cancel.cancel(Cause::Stop {
                        signal: Some(signal),
                    });
                }
                Some(first) if first.elapsed() > SECOND_PRESS => second_press = true,
                Some(_) => {}
            }
        }
        if let Some(cause) = cancel.cause() {
            let since = *cancelled_at.get_or_insert_with(Instant::now);
            let grace = match cause {
                Cause::Stop { .. } => GRACE,
                Cause::MemoryBudget { .. } => MEMORY_GRACE,
            };
            if second_press || since.elapsed() > grace {
                return Ended::Abandoned {
                    cause: cause.clone(),
                };
            }
        }
    }
}

/// The name of a signal, for messages.
pub fn signal_name(signal: Option<i32>) -> &'static str {
    match signal {
        Some(SIGINT) | None => "SIGINT",
        Some(SIGTERM) => "SIGTERM",
        Some(SIGHUP) => "SIGHUP",
        Some(_) => "a signal",
    }
}
