//! The worker threads of a count, made once and used by every phase.
//!
//! Every phase of a step runs on all of them: expanding a level, sealing
//! the batches left at its end, writing a checkpoint. The threads live as
//! long as the count (a rayon pool), so a step pays a wake-up, not a
//! thread start, and a step too small to share runs on the calling thread
//! alone: a board of a thousand states per level then costs microseconds
//! per step, not the milliseconds of starting threads.

use std::io;

/// Below this many items (states, partitions) a phase runs on the calling
/// thread: handing it out would cost more than it saves.
pub const SHARE_FROM: u64 = 4096;

/// The threads of a count.
pub struct Workers {
    pool: Option<rayon::ThreadPool>,
    threads: usize,
}

impl Workers {
    /// `threads` workers (the calling thread alone for 1).
    pub fn new(threads: usize) -> io::Result<Workers> {
        let threads = threads.max(1);
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .thread_name(|i| format!("frontier-{i}"))
                    .build()
                    .map_err(io::Error::other)?,
            )
        } else {
            None
        };
        Ok(Workers { pool, threads })
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Runs `work` on every worker at once and waits for all of them; on
    /// the calling thread alone if there is one worker or `items` is below
    /// `SHARE_FROM`. `work` takes its items from a shared counter.
    pub fn each(&self, items: u64, work: &(dyn Fn() + Sync)) {
        match &self.pool {
            Some(pool) if items >= SHARE_FROM => {
                pool.broadcast(|_| work());
            }
            _ => work(),
        }
    }
}
