//! The guard that enforces a memory budget from outside the work.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use crate::{Bytes, resident};

/// Samples this process's resident set and calls back, once, when it
/// passes a budget.
///
/// Engines and filters limit what they can count (node capacity, memo
/// bytes), but oxidd's unique tables and allocator overheads grow beyond
/// what those limits describe, and an operation in progress cannot look at
/// the clock. So a thread watches the resident set from outside. What to do
/// on overrun is the owner's decision: the counting library cancels the run
/// and the command line prints the partial report.
///
/// Dropping the watchdog stops it.
pub struct Watchdog {
    stop: Arc<AtomicBool>,
}

impl Watchdog {
    /// How often the resident set is sampled.
    pub const PERIOD: Duration = Duration::from_millis(25);

    /// Starts watching; `on_exceed` gets the resident set that passed
    /// `budget`. Fails only if the thread cannot be started.
    pub fn start(
        budget: Bytes,
        on_exceed: impl FnOnce(Bytes) + Send + 'static,
    ) -> std::io::Result<Watchdog> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        thread::Builder::new()
            .name("memory watchdog".into())
            .spawn(move || {
                while !flag.load(Ordering::Relaxed) {
                    let now = resident();
                    if now > budget {
                        on_exceed(now);
                        return;
                    }
                    thread::sleep(Self::PERIOD);
                }
            })?;
        Ok(Watchdog { stop })
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn calls_back_once_the_budget_is_passed() {
        let (tx, rx) = mpsc::channel();
        let _dog = Watchdog::start(Bytes(1), move |rss| tx.send(rss).unwrap()).unwrap();
        let rss = rx.recv_timeout(Duration::from_secs(5)).unwrap();
        assert!(rss > Bytes(1));
    }

    #[test]
    fn stays_quiet_within_the_budget() {
        let (tx, rx) = mpsc::channel::<Bytes>();
        let dog = Watchdog::start(Bytes(u64::MAX), move |rss| tx.send(rss).unwrap()).unwrap();
        assert!(rx.recv_timeout(Watchdog::PERIOD * 4).is_err());
        drop(dog);
    }
}
