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
//! [`kt_count::SECOND_PRESS`] after the first counts as a second press,
//! which stops waiting at once.
//!
//! Once work has ended by itself, the signals get their default effect
//! back, so that writing a long output (`tour --count 1000000`) can be
//! stopped like any Unix tool's.

use std::sync::Mutex;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use kt_count::{CancelToken, Cause, Failure, Supervised, Waited};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

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

/// Runs `work` on its own thread (kt-count's [`Supervised`], the helper
/// Python's front end shares), cancelling it on SIGINT, SIGTERM or
/// SIGHUP, and waits for it on this one.
pub fn run<T: Send + 'static>(
    work: impl FnOnce(CancelToken) -> Result<T, Failure> + Send + 'static,
) -> Ended<T> {
    supervise(work, true)
}

/// [`run`] for work that more work follows under [`run`] (a count's
/// plan): the stop signals do not get their default effect back
/// afterwards, so that one landing in the milliseconds between the two is
/// swallowed (a second press reaches the count's listener) rather than
/// ending the program without a word; and SIGHUP's default effect, once
/// given back, could not be taken away again by the next listener.
pub fn run_before_more<T: Send + 'static>(
    work: impl FnOnce(CancelToken) -> Result<T, Failure> + Send + 'static,
) -> Ended<T> {
    supervise(work, false)
}

fn supervise<T: Send + 'static>(
    work: impl FnOnce(CancelToken) -> Result<T, Failure> + Send + 'static,
    restore: bool,
) -> Ended<T> {
    default_signals(false);
    let (signal_tx, signal_rx) = mpsc::channel();
    // Without handlers (an unusual sandbox), signals keep their default
    // effect; the work still runs.
    let listener = Signals::new([SIGINT, SIGTERM, SIGHUP])
        .ok()
        .map(|mut signals| {
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

    let (ended, stopped) = match Supervised::start("knights-tour work", work) {
        Err(failure) => (Ended::Done(Err(failure)), false),
        Ok(mut supervised) => {
            let ended = wait(&mut supervised, &signal_rx);
            (ended, supervised.cause().is_some())
        }
    };
    if let Some(handle) = listener {
        handle.close();
    }
    // Work that ended by itself leaves its output to be written, which can
    // take long (`tour --count 1000000`): from now on a signal has its
    // usual effect again and stops the program. Without this, the handlers
    // installed above would keep swallowing every signal. After a stop
    // request they stay swallowed: the same press can still be arriving
    // (`timeout -s INT` signals the whole group) and must not cut the
    // partial report short.
    if restore && !stopped {
        default_signals(true);
        // SIGHUP's listener is gone: its default effect back (nohup's
        // ignored SIGHUP was the listener's to take over while work ran).
        let always = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let _ = signal_hook::flag::register_conditional_default(SIGHUP, always);
    }
    ended
}

/// Whether the stop signals have their default effect (end the process)
/// now: everywhere but while [`run`] supervises work, which stops it
/// itself and prints what it has.
static DEFAULT_EFFECT: std::sync::LazyLock<std::sync::Arc<std::sync::atomic::AtomicBool>> =
    std::sync::LazyLock::new(|| {
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        for signal in [SIGINT, SIGTERM] {
            let _ = signal_hook::flag::register_conditional_default(signal, flag.clone());
        }
        flag
    });

/// Gives SIGINT and SIGTERM their default effect, or (`false`)
/// leaves them to [`run`]'s listener.
///
/// Called at start with `true`: every command then stops on Ctrl-C as
/// `count` does, even where the process inherited SIGINT ignored (a
/// background job of a non-interactive shell, `cmd &` in a script). Without
/// it, `count` (whose listener takes the signal over) stopped while `plot`,
/// `find`, `shards` and `merge` ran on. One rule for every command: the
/// program's Ctrl-C is never ignored. SIGHUP is left as inherited, so
/// that `nohup` keeps a command that does not supervise work running.
pub fn default_signals(on: bool) {
    DEFAULT_EFFECT.store(on, std::sync::atomic::Ordering::SeqCst);
}

fn wait<T: Send + 'static>(
    supervised: &mut Supervised<T>,
    signals: &mpsc::Receiver<i32>,
) -> Ended<T> {
    loop {
        if let Waited::Done(result) = supervised.wait(POLL, last_panic) {
            return Ended::Done(result);
        }
        let mut second_press = false;
        while let Ok(signal) = signals.try_recv() {
            second_press |= supervised.stop(Cause::Stop {
                signal: Some(signal),
            });
        }
        if let Some(cause) = supervised.cause().cloned() {
            let grace = match cause {
                Cause::Stop { .. } => GRACE,
                Cause::MemoryBudget { .. } => MEMORY_GRACE,
            };
            if second_press || supervised.overdue(grace) {
                return Ended::Abandoned { cause };
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

/// The message and place of the last panic, kept by the hook
/// [`install_panic_hook`] installs.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Makes a panic — a bug, on any thread — end in one line on stderr
/// rather than Rust's several: the hook only keeps the message and place,
/// and whoever sees the work fail prints them as `error: internal error:
/// …` with exit status 4. `RUST_BACKTRACE` (set and not `0`) keeps Rust's
/// own report, backtrace included, for debugging.
pub fn install_panic_hook() {
    let rust_report = std::panic::take_hook();
    let debugging = std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0");
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        *LAST_PANIC
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) =
            Some(format!("{message}{place} (a bug: please report it)"));
        if debugging {
            rust_report(info);
        }
    }));
}

/// What the last panic said, if there was one.
pub fn last_panic() -> Option<String> {
    LAST_PANIC
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone()
}
