//! Stopping a count from outside: the cancellation token.
//!
//! The library never installs signal handlers and never ends the process.
//! Whoever wants a count to stop early — a Ctrl-C handler, a batch
//! scheduler's SIGTERM, the memory watchdog, a test — calls
//! [`CancelToken::cancel`] with the [`Cause`]; every method looks at the
//! token between steps and inside its long loops, stops, and returns a
//! [`crate::Failure`] carrying the report of the work done so far.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use kt_memory::Bytes;

/// Why a count was asked to stop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cause {
    /// Someone asked: a signal (its number, so that a command line can
    /// exit with 128 + n as shells expect), or a caller (`None`).
    Stop { signal: Option<i32> },
    /// The resident set passed the memory budget.
    MemoryBudget { resident: Bytes, budget: Bytes },
}

/// A shared "please stop" flag with the reason of the first request.
///
/// Cheap to clone; all clones are the same token.
#[derive(Clone, Debug, Default)]
pub struct CancelToken {
    /// Shared with the engines' inner loops, which take a plain flag.
    flag: Arc<AtomicBool>,
    cause: Arc<OnceLock<Cause>>,
}

impl CancelToken {
    pub fn new() -> CancelToken {
        CancelToken::default()
    }

    /// Asks the count to stop. The first cause is kept; returns whether
    /// this call was the first.
    pub fn cancel(&self, cause: Cause) -> bool {
        let first = self.cause.set(cause).is_ok();
        self.flag.store(true, Ordering::SeqCst);
        first
    }

    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    /// Why the count was asked to stop, if it was.
    pub fn cause(&self) -> Option<&Cause> {
        self.cause.get()
    }

    /// The flag itself, for loops that take an `AtomicBool`.
    pub fn flag(&self) -> &Arc<AtomicBool> {
        &self.flag
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_cause_wins() {
        let token = CancelToken::new();
        let copy = token.clone();
        assert!(!token.is_cancelled() && token.cause().is_none());
        assert!(copy.cancel(Cause::Stop { signal: Some(15) }));
        assert!(!token.cancel(Cause::Stop { signal: Some(2) }));
        assert!(token.is_cancelled());
        assert_eq!(token.cause(), Some(&Cause::Stop { signal: Some(15) }));
        assert!(token.flag().load(Ordering::SeqCst));
    }
}
