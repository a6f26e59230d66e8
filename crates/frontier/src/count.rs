//! The count: one level after another, states pushed forward with their
//! weights, tours added up as they close.
//!
//! Only the level being read and the level being built exist. The level
//! being read is taken a shard at a time by `threads` workers; each
//! expands its states ([`Transition::expand`]) into per-shard buffers of
//! the level being built, which go into that shard's table under its lock
//! a few hundred at a time. A shard that has been read is freed at once, so
//! the old level shrinks while the new one grows.

use std::io;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use num_bigint::BigUint;

use crate::FrontierError;
use crate::checkpoint::{self, Checkpoint};
use crate::level::{Building, Level, SHARDS, Spill, shard_of};
use crate::state::{ARRAY, Key};
use crate::sweep::Sweep;
use crate::transition::Transition;
use crate::weight::{Total, Weight};

/// How a count runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Bytes the two levels' tables may hold before shards spill to disk.
    pub memory: u64,
    /// The resident set past which shards spill, whatever the tables
    /// count (`u64::MAX`: never); the caller sets it below its watchdog.
    pub resident_limit: u64,
    /// Where spilled runs go (a fresh directory is made inside).
    pub spill_dir: PathBuf,
    /// Write the level reached to this file every `checkpoint_every`.
    pub checkpoint: Option<PathBuf>,
    pub checkpoint_every: Duration,
    /// Go on from a checkpoint instead of from the start.
    pub resume: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: 1,
            memory: u64::MAX,
            resident_limit: u64::MAX,
            spill_dir: std::env::temp_dir(),
            checkpoint: None,
            checkpoint_every: Duration::from_mins(5),
            resume: None,
        }
    }
}

/// One level of a count, measured.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelReport {
    /// 1-based step: the level holds the states after this many squares.
    pub step: usize,
    pub steps: usize,
    /// Frontier slots after the step.
    pub slots: usize,
    /// Distinct states in the level.
    pub states: u64,
    /// Wall time of the step.
    pub time_ms: f64,
    /// Bytes the level's tables held when it was finished.
    pub table_bytes: u64,
    /// Bytes written to spill runs during the step.
    pub spilled_bytes: u64,
    /// Resident set size at the end of the step.
    pub rss_bytes: u64,
}

/// Receives a count's progress. Every method has a default that does
/// nothing.
pub trait Watcher: Sync {
    /// Step `step` (1-based) of `steps` starts, reading `states` states.
    fn step_started(&self, _step: usize, _steps: usize, _states: u64) {}
    /// `done` of the `states` states being read are expanded.
    fn step_progress(&self, _step: usize, _done: u64, _states: u64) {}
    /// A level is finished.
    fn step_finished(&self, _report: &LevelReport) {}
    /// A checkpoint was written after `step` steps.
    fn checkpointed(&self, _step: usize, _path: &std::path::Path) {}
}

/// A watcher that ignores everything.
pub struct Unwatched;

impl Watcher for Unwatched {}

/// The result of a count.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Hamiltonian cycles of the swept graph: undirected closed tours, or
    /// (with the apex) undirected open tours.
    pub cycles: BigUint,
    pub levels: Vec<LevelReport>,
    /// The most frontier slots of any step.
    pub width: usize,
    /// Whether the count went on from a checkpoint.
    pub resumed_from: Option<usize>,
}

impl Outcome {
    /// The most states any level held.
    pub fn peak_states(&self) -> u64 {
        self.levels.iter().map(|l| l.states).max().unwrap_or(0)
    }
}

/// How many states a worker expands between looks at the cancel flag.
const CHECK_EVERY: u64 = 1 << 12;
/// Entries buffered per shard before they go into its table.
const BATCH: usize = 256;

/// Counts the Hamiltonian cycles of `sweep`'s graph.
pub(crate) fn run<K: Key>(
    sweep: &Sweep,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<Outcome, FrontierError> {
    let steps = sweep.steps();
    let spill = Spill::new(&options.spill_dir);
    let limit = usize::try_from(options.memory).unwrap_or(usize::MAX);
    let resident_limit = usize::try_from(options.resident_limit).unwrap_or(usize::MAX);
    let mut total = Total::default();
    let mut first = 0;
    let mut level = match &options.resume {
        Some(path) => {
            let resumed = checkpoint::read::<K>(path, sweep, limit, &spill)?;
            first = resumed.step;
            total = resumed.total;
            resumed.level
        }
        // Before the first step every slot is bare: the code of all zeros.
        None => Level::single(K::pack(&[0; ARRAY], 0)),
    };
    let resumed_from = options.resume.as_ref().map(|_| first);
    let mut levels = Vec::with_capacity(steps.len());
    let mut last_checkpoint = Instant::now();

    for (index, step) in steps.iter().enumerate().skip(first) {
        if cancel.load(Ordering::Relaxed) {
            return Err(FrontierError::Cancelled { levels });
        }
        let started = Instant::now();
        let written_before = spill.written.load(Ordering::Relaxed);
        watcher.step_started(index + 1, steps.len(), level.states());
        let transition = Transition::new(sweep, step);
        let building =
            Building::<K>::new(limit, &level.memory, &spill).with_resident_limit(resident_limit);
        let closed = expand_level(
            &level,
            &transition,
            &building,
            options.threads.max(1),
            cancel,
            &|done| watcher.step_progress(index + 1, done, level.states()),
        )?;
        if cancel.load(Ordering::Relaxed) {
            return Err(FrontierError::Cancelled { levels });
        }
        total.add(&Weight::Big(closed));
        let table_bytes = building.bytes() as u64;
        level = building.finish()?;
        let report = LevelReport {
            step: index + 1,
            steps: steps.len(),
            slots: transition.slots_after(),
            states: level.states(),
            time_ms: started.elapsed().as_secs_f64() * 1000.0,
            table_bytes,
            spilled_bytes: spill.written.load(Ordering::Relaxed) - written_before,
            rss_bytes: kt_memory::resident().0,
        };
        watcher.step_finished(&report);
        levels.push(report);

        let done = index + 1;
        if let Some(path) = &options.checkpoint
            && done < steps.len()
            && last_checkpoint.elapsed() >= options.checkpoint_every
        {
            checkpoint::write(
                path,
                &Checkpoint {
                    sweep,
                    step: done,
                    total: &total,
                },
                &level,
            )?;
            watcher.checkpointed(done, path);
            last_checkpoint = Instant::now();
        }
    }
    Ok(Outcome {
        cycles: total.value(),
        levels,
        width: sweep.width(),
        resumed_from,
    })
}

/// Expands every state of `level` into `next`; returns the weight of the
/// tours that closed.
fn expand_level<K: Key>(
    level: &Level<K>,
    transition: &Transition,
    next: &Building<'_, K>,
    threads: usize,
    cancel: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<BigUint, FrontierError> {
    let next_shard = AtomicUsize::new(0);
    let done = AtomicU64::new(0);
    let closed = Mutex::new(Total::default());
    let failure: Mutex<Option<io::Error>> = Mutex::new(None);
    let work = || {
        let mut buffers: Vec<Vec<(K, u64)>> = vec![Vec::new(); SHARDS];
        let mut local = Total::default();
        let mut seen = 0u64;
        let result = (|| -> io::Result<()> {
            loop {
                let shard = next_shard.fetch_add(1, Ordering::Relaxed);
                if shard >= level.shard_count() || cancel.load(Ordering::Relaxed) {
                    break;
                }
                let mut pending: Option<io::Error> = None;
                level.drain_shard(shard, |key, weight| {
                    if pending.is_some()
                        || (seen.is_multiple_of(CHECK_EVERY) && cancel.load(Ordering::Relaxed))
                    {
                        return;
                    }
                    seen += 1;
                    let tours = transition.expand(key, |successor: K| match weight {
                        Weight::Small(w) => {
                            let s = shard_of(successor);
                            buffers[s].push((successor, *w));
                            if buffers[s].len() >= BATCH {
                                if let Err(e) = next.add_batch(s, &buffers[s]) {
                                    pending.get_or_insert(e);
                                }
                                buffers[s].clear();
                            }
                        }
                        Weight::Big(w) => {
                            if let Err(e) = next.add_big(successor, w) {
                                pending.get_or_insert(e);
                            }
                        }
                    });
                    if tours > 0 {
                        local.add(&weight.times(tours));
                    }
                })?;
                if let Some(e) = pending {
                    return Err(e);
                }
                progress(done.fetch_add(seen, Ordering::Relaxed) + seen);
                seen = 0;
            }
            for (s, buffer) in buffers.iter().enumerate() {
                if !buffer.is_empty() {
                    next.add_batch(s, buffer)?;
                }
            }
            Ok(())
        })();
        if let Err(e) = result {
            failure
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .get_or_insert(e);
        }
        closed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .add(&Weight::Big(local.value()));
    };
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(work);
            }
        });
    }
    if let Some(e) = failure
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        return Err(FrontierError::Io(e));
    }
    Ok(closed
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .value())
}

/// The key type a sweep needs, by its widest frontier.
pub(crate) fn key_bits(sweep: &Sweep) -> Option<u32> {
    match sweep.width() {
        w if w <= <u64 as Key>::MAX_SLOTS => Some(64),
        w if w <= <u128 as Key>::MAX_SLOTS => Some(128),
        _ => None,
    }
}

/// The Hamiltonian cycles of `sweep`'s graph (used by the public entry
/// points).
pub(crate) fn count_cycles(
    sweep: &Sweep,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<Outcome, FrontierError> {
    let (board, kind) = (sweep.board(), sweep.kind());
    if sweep.impossible() {
        return Ok(Outcome {
            cycles: BigUint::ZERO,
            levels: Vec::new(),
            width: sweep.width(),
            resumed_from: None,
        });
    }
    match key_bits(sweep) {
        Some(64) => run::<u64>(sweep, options, watcher, cancel),
        Some(_) => run::<u128>(sweep, options, watcher, cancel),
        None => Err(FrontierError::TooWide {
            board,
            kind,
            slots: sweep.width(),
        }),
    }
}
