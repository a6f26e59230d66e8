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

use std::sync::{Mutex, Once, PoisonError};

/// The first peer lost, with what timely said about it.
static LOST: Mutex<Option<(Option<usize>, String)>> = Mutex::new(None);

static INSTALL: Once = Once::new();

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
