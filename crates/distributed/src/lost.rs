//! Telling a lost peer from a bug.
//!
//! A peer that stops without closing its connections is recorded here too,
//! by the heartbeat (`crate::liveness`).
//!
//! Timely is fail-stop: when a peer's connection breaks, its send or
//! receive thread for that peer panics with a message that starts with
//! `timely communication error:` (timely keeps that wording for callers
//! that look for it), and the dataflow cannot go on. A panic hook records
//! which peer was lost (from the thread's name, `timely:recv-3`) instead
//! of printing a backtrace; the sweep looks at the record between its
//! steps and stops with one line naming the peer. Any other panic goes to
//! the hook that was there before.
//!
//! The worker's thread (`timely:work-0`) is not let unwind once a peer is
//! lost: unwinding drops its send endpoints, each of which pushes what it
//! holds into a queue the lost peer's threads poisoned, and that push
//! panics again inside a destructor run by the unwinding, which Rust
//! answers by aborting the whole process (`thread caused non-unwinding
//! panic`) before the main thread can say which peer was lost. A worker
//! that panics after a loss, in a step or in the drop after its last one,
//! parks for good instead; [`worker_stopped`] tells the main thread, which
//! leaves the thread to the process's exit. The parked thread keeps the
//! read lock Rust holds on the panic hook while it runs, so no hook may be
//! set after a loss (`std::panic::set_hook` would wait forever); this
//! program sets both of its hooks before the count starts.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once, PoisonError};

/// The first peer lost, with what timely said about it.
static LOST: Mutex<Option<(Option<usize>, String)>> = Mutex::new(None);

static INSTALL: Once = Once::new();

/// Whether the worker's thread panicked after a loss and parked for good.
static WORKER_STOPPED: AtomicBool = AtomicBool::new(false);

/// Installs the hook (once per process).
pub fn watch() {
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let message = info
                .payload()
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| info.payload().downcast_ref::<&str>().copied())
                .unwrap_or("");
            let thread = std::thread::current();
            let name = thread.name().unwrap_or("");
            let timely_thread = name.starts_with("timely:");
            if message.starts_with("timely communication error:")
                || (timely_thread && lost().is_some())
            {
                // `timely:recv-3` and `timely:send-3` talk to process 3;
                // `timely:work-0` is this process's worker.
                let peer = (name.starts_with("timely:recv-") || name.starts_with("timely:send-"))
                    .then(|| name.rsplit_once('-'))
                    .flatten()
                    .and_then(|(_, index)| index.parse().ok());
                LOST.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_or_insert_with(|| (peer, message.to_owned()));
                if name.starts_with("timely:work-") {
                    WORKER_STOPPED.store(true, Ordering::SeqCst);
                    loop {
                        std::thread::park();
                    }
                }
                return;
            }
            previous(info);
        }));
    });
}

/// Records `peer` as lost, with why, unless a peer was lost already (the
/// heartbeat's verdict on a silent peer, `crate::liveness`).
pub fn record(peer: Option<usize>, why: String) {
    LOST.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get_or_insert((peer, why));
}

/// The peer lost, if any: its index where timely's thread name says it,
/// and timely's message.
pub fn lost() -> Option<(Option<usize>, String)> {
    LOST.lock().unwrap_or_else(PoisonError::into_inner).clone()
}

/// Whether the worker's thread stopped for good after a lost peer (it
/// sends nothing more, and joining it would wait forever).
pub fn worker_stopped() -> bool {
    WORKER_STOPPED.load(Ordering::SeqCst)
}

/// The error that says which peer was lost, if one was.
pub fn error(addresses: &[String]) -> Option<crate::error::DistributedError> {
    let (peer, message) = lost()?;
    Some(crate::error::DistributedError::PeerLost(match peer {
        Some(i) if i < addresses.len() => {
            format!("lost process {i} at {}: {message}", addresses[i])
        }
        _ => format!("lost a process of the cluster: {message}"),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// The abort a cluster process met when a peer was killed (the
    /// survivor's exit status was SIGABRT's, not 4): the worker panics on a
    /// poisoned queue, and what it holds panics again as the unwinding
    /// drops it. The worker parks at its first panic instead, so nothing
    /// is dropped during an unwinding and the process lives on to report.
    ///
    /// The parked thread keeps the panic hook's lock, which the test
    /// harness takes again when its tests are done; so the worker parks in
    /// a child process (this binary, running [`a_parked_worker`] alone),
    /// which exits once it has seen the worker stop.
    #[test]
    fn a_worker_that_panics_after_a_loss_parks_instead_of_aborting() {
        let child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "lost::tests::a_parked_worker", "--ignored"])
            .env("KT_LOST_CHILD", "1")
            .output()
            .unwrap();
        assert_eq!(
            child.status.code(),
            Some(0),
            "{}{}",
            String::from_utf8_lossy(&child.stdout),
            String::from_utf8_lossy(&child.stderr)
        );
    }

    /// The child of the test above (ignored, so that only the test runs
    /// it).
    #[test]
    #[ignore = "run by a_worker_that_panics_after_a_loss_parks_instead_of_aborting"]
    fn a_parked_worker() {
        /// Panics when dropped by an unwinding, as timely's send
        /// endpoints do once their queue is poisoned.
        struct SendEndpoint;
        impl Drop for SendEndpoint {
            fn drop(&mut self) {
                assert!(!std::thread::panicking(), "MergeQueue poisoned.");
            }
        }
        if std::env::var_os("KT_LOST_CHILD").is_none() {
            return;
        }
        watch();
        record(Some(1), "timely communication error: a test".into());
        std::thread::Builder::new()
            .name("timely:work-0".into())
            .spawn(|| {
                let _held = SendEndpoint;
                panic!("MergeQueue poisoned.");
            })
            .unwrap();
        let deadline = Instant::now() + Duration::from_mins(1);
        while !worker_stopped() {
            assert!(Instant::now() < deadline, "the worker never stopped");
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(lost().map(|(peer, _)| peer), Some(Some(1)));
        std::process::exit(0);
    }
}
