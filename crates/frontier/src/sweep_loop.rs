//! The level loop of a sweep, written once for a count on one process and
//! for a count spread over a cluster's processes.
//!
//! A sweep is a loop over its steps. Each round reads the level of the
//! step before, expands every state through the step's [`Transition`]
//! into a [`Builder`] (the next level), adds the tours that closed to the
//! total, reports the level before (its distinct states are known only
//! once this step has read it), and now and then writes a checkpoint. A
//! round after the last step counts the last level, which no step reads.
//!
//! What differs between one process and many is behind [`Exchange`]:
//! where a step's successors go (one process keeps them all; a cluster's
//! processes route each to the process that owns it), how a step's figures
//! become the level's (one process's are the level's; a cluster adds up
//! every process's), how a level is started or resumed, and where a
//! checkpoint is written. The loop itself — the start and resume, the
//! transitions and builders, the delayed level report, the checkpoint
//! cadence, the cancel and the last level's drain — is this file.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use num_bigint::BigUint;

use crate::checkpoint::Checkpoint;
use crate::error::FrontierError;
use crate::level::{Builder, Level};
use crate::report::{LevelReport, Watcher};
use crate::state::Key;
use crate::step::{Expanded, Prefixes, add_prefixes};
use crate::store::Store;
use crate::sweep::Sweep;
use crate::tally::{TALLY_MARGIN_BITS, TALLY_MAX_BITS, with_weight};
use crate::transition::Transition;
use crate::weight::{Total, Weight, Width, sum_bits};
use crate::workers::Workers;

/// A step's figures: one process's, or a whole cluster's once gathered
/// (a cluster's processes send theirs to each other as they are, in their
/// serde form).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StepFigures {
    /// States read (the distinct states of the level before).
    pub read: u64,
    /// The weight of the tours that closed.
    pub closed: BigUint,
    /// A sweep of every prefix: that weight by the prefix each answers.
    #[serde(default)]
    pub prefixes: Prefixes,
    pub successors: u64,
    pub stored: u64,
    pub runs: u64,
    pub bytes: u64,
    pub memory_bytes: u64,
    pub spilled_bytes: u64,
    pub disk_bytes: u64,
    pub rss_bytes: u64,
    /// Bits of the sum of the built level's weights (an upper bound): the
    /// next step's width comes from it (`weight.rs`).
    #[serde(default)]
    pub weight_bits: u32,
    /// The bits of the weights the round carried: its width.
    #[serde(default)]
    pub width_bits: u32,
    /// The round's time (a cluster's: its slowest process's).
    pub time_ms: f64,
    /// Whether a checkpoint is due (a cluster's: whether any process's
    /// interval has passed, so that every process writes one together).
    pub checkpoint: bool,
}

/// Where the level a sweep starts from comes from.
pub struct Started<K: Key> {
    pub level: Level<K>,
    /// The steps already done (0 unless resumed).
    pub step: usize,
    /// The tours that closed before `step`.
    pub total: Total,
    /// Bits of the sum of the level's weights over every process (an
    /// upper bound): what chooses the first step's width.
    pub weight_bits: u32,
    /// A sweep of every prefix: the cycles that closed before `step`, by
    /// the prefix they answer.
    pub prefixes: Prefixes,
    /// Whether the level was read from a checkpoint.
    pub resumed: bool,
}

impl<K: Key> Started<K> {
    /// The level before the first step: every slot bare (but a terminal),
    /// one state, held by the process that `holds_start` (one process
    /// alone; process 0 of a cluster, the others starting empty).
    pub fn fresh(sweep: &Sweep, store: &Store, holds_start: bool) -> std::io::Result<Started<K>> {
        Ok(Started {
            level: if holds_start {
                Level::single(K::pack(&sweep.start_digits(), sweep.start_slots()), store)?
            } else {
                Level::from_partitions(0, vec![Vec::new()])
            },
            step: 0,
            total: Total::default(),
            // The start state, of weight 1, wherever it is held.
            weight_bits: 1,
            prefixes: Vec::new(),
            resumed: false,
        })
    }

    /// The level a checkpoint kept, to go on from.
    pub fn resumed(resumed: crate::checkpoint::Resumed<K>) -> Started<K> {
        Started {
            level: resumed.level,
            step: resumed.step,
            weight_bits: resumed.weight_bits,
            total: resumed.total,
            prefixes: resumed.prefixes,
            resumed: true,
        }
    }
}

/// What the loop hands [`Exchange::expand`] for one round: one value
/// rather than seven arguments, so that the loop and every exchange name
/// them alike.
pub struct Expansion<'a, 'b, K: Key, W: Weight> {
    /// The round (0-based): the step done is `round + 1`.
    pub round: usize,
    /// The level to expand: this process's part of it.
    pub level: &'a Level<K>,
    /// The step's transition.
    pub transition: &'a Transition,
    /// The next level, with weights of the round's width `W`.
    pub builder: &'a Builder<'b, K, W>,
    pub workers: &'a Workers,
    pub store: &'a Store,
    /// Takes the states read so far after each partition.
    pub progress: &'a (dyn Fn(u64) + Sync),
}

/// What one process or a cluster's process does differently in the loop.
pub trait Exchange<K: Key> {
    /// The error the exchange fails with; a frontier error is one.
    type Error: From<FrontierError>;

    /// `error` with what the sweep had finished before it (the prefixes'
    /// cycles closed in the steps done), where the error can carry it
    /// ([`FrontierError::with_finished`]); as it is otherwise.
    fn with_finished(error: Self::Error, _finished: &[(usize, BigUint)]) -> Self::Error {
        error
    }

    /// The level the sweep starts from: the checkpoint's, or the start
    /// state (one process holds it).
    fn start(&mut self, workers: &Workers, store: &Store) -> Result<Started<K>, Self::Error>;

    /// Expands the expansion's `level` (this process's part of it)
    /// through its `transition`, every successor into the builder of the
    /// process that owns it, and this process's into its `builder`.
    /// Returns once every process's successors for this process are in
    /// that builder.
    fn expand<W: Weight>(
        &mut self,
        expansion: Expansion<'_, '_, K, W>,
    ) -> Result<Expanded, Self::Error>;

    /// The level's figures from this process's: the sum over the
    /// processes (one process: its own).
    fn gather(&mut self, round: usize, own: StepFigures) -> Result<StepFigures, Self::Error>;

    /// The threads that expand a level, over all processes.
    fn threads(&self, workers: &Workers) -> usize;

    /// Writes a checkpoint of `level` after `step` steps; returns where.
    fn checkpoint(
        &mut self,
        checkpoint: &Checkpoint<'_>,
        level: &Level<K>,
        workers: &Workers,
    ) -> Result<PathBuf, Self::Error>;
}

/// How the loop runs.
pub struct Looping<'a> {
    pub sweep: &'a Sweep,
    /// Steps to do: all of them in a count, fewer in a test that wants a
    /// wide board's first levels.
    pub last: usize,
    /// How often a checkpoint is due (`None`: never).
    pub checkpoint_every: Option<Duration>,
    pub watcher: &'a dyn Watcher,
    pub cancel: &'a AtomicBool,
}

/// What the loop found.
pub struct Swept {
    pub cycles: BigUint,
    /// A sweep of every prefix: its cycles by the prefix they answer.
    pub prefixes: Prefixes,
    pub levels: Vec<LevelReport>,
    /// The step the sweep went on from, when it resumed a checkpoint.
    pub resumed_from: Option<usize>,
}

/// Sweeps the levels of `run.sweep`, the differences between one process
/// and many left to `exchange`.
pub fn run<K: Key, X: Exchange<K>>(
    run: &Looping<'_>,
    exchange: &mut X,
    workers: &Workers,
    store: &Store,
) -> Result<Swept, X::Error> {
    let steps = run.sweep.steps();
    let n = steps.len();
    let last = run.last.min(n);
    let Started {
        mut level,
        step: first,
        mut total,
        mut prefixes,
        mut weight_bits,
        resumed,
    } = exchange.start(workers, store)?;
    let resumed_from = resumed.then_some(first);
    if let Some(step) = resumed_from {
        run.watcher.resumed(step);
    }
    let mut levels: Vec<LevelReport> = Vec::with_capacity(n);
    let mut unreported: Option<LevelReport> = None;
    let mut last_checkpoint = Instant::now();
    // The states of the level being read, over every process: what the
    // progress of a step is measured against.
    let mut known = level.entries();
    let cancelled = || run.cancel.load(Ordering::Relaxed);
    let tallies = run.sweep.tallies();

    for round in first..=last {
        if cancelled() {
            return Err(stopped(levels, round, prefixes).into());
        }
        let started = Instant::now();
        let written_before = store.written();
        let mut own = StepFigures::default();
        let next = if let Some(step) = steps.get(round).filter(|_| round < last) {
            run.watcher.step_started(round + 1, n, known);
            let transition = Transition::new(run.sweep, step);
            // Every weight read, and every successor's, is at most the
            // level's sum; sums past it are sealed whole (`weight.rs`).
            // A width past the ladder, or a sum past the width: the
            // prefixes closed so far go with the error.
            let width = width_for(weight_bits, round + 1, tallies)
                .map_err(|e| e.with_finished(&prefixes))?;
            own.width_bits = width.bits();
            let local = level.entries().max(1);
            let progress = |done: u64| {
                run.watcher
                    .step_progress(round + 1, done.saturating_mul(known) / local, known);
            };
            let (expanded, successors, built) =
                with_weight!(tallies, width, W => expand_round::<K, W, X>(
                    exchange,
                    round,
                    &level,
                    &transition,
                    workers,
                    store,
                    &progress,
                ))
                .map_err(|e| X::with_finished(e, &prefixes))?;
            if cancelled() {
                return Err(stopped(levels, round, prefixes).into());
            }
            own.read = expanded.read;
            own.closed = expanded.closed;
            own.prefixes = expanded.prefixes;
            own.successors = successors;
            own.stored = built.entries();
            own.runs = built.runs() as u64;
            own.bytes = built.bytes();
            own.memory_bytes = built.memory_bytes();
            own.weight_bits = built.weight_bits();
            Some((built, transition.slots_after()))
        } else {
            // The last level: no step reads it, so its states are counted
            // here (every tour has closed by then; what is left is dead).
            let width = width_for(weight_bits, round + 1, tallies)?;
            let mut states = 0u64;
            with_weight!(tallies, width, W => level.drain::<W>(store, |_, _| states += 1))
                .map_err(|e| FrontierError::from_io(e).at_step(round + 1))?;
            own.read = states;
            None
        };
        own.spilled_bytes = store.written() - written_before;
        own.disk_bytes = store.disk();
        own.rss_bytes = kt_memory::resident().0;
        own.time_ms = started.elapsed().as_secs_f64() * 1000.0;
        own.checkpoint = run
            .checkpoint_every
            .is_some_and(|every| last_checkpoint.elapsed() >= every);

        let all = exchange.gather(round, own)?;
        total.add_big(&all.closed);
        add_prefixes(&mut prefixes, &all.prefixes);
        if let Some(mut report) = unreported.take() {
            report.states = all.read;
            run.watcher.step_finished(&report);
            levels.push(report);
        }
        let Some((built, slots)) = next else {
            break;
        };
        known = all.stored;
        unreported = Some(LevelReport {
            step: round + 1,
            steps: n,
            slots,
            states: 0,
            read: all.read,
            successors: all.successors,
            time_ms: all.time_ms,
            states_per_second_per_thread: all.read as f64
                / (all.time_ms / 1000.0).max(1e-9)
                / exchange.threads(workers) as f64,
            stored: all.stored,
            runs: all.runs as usize,
            bytes: all.bytes,
            memory_bytes: all.memory_bytes,
            spilled_bytes: all.spilled_bytes,
            disk_bytes: all.disk_bytes,
            rss_bytes: all.rss_bytes,
            width_bits: all.width_bits,
            weight_bits: all.weight_bits,
        });
        level = built;
        weight_bits = all.weight_bits;

        let done = round + 1;
        if done < n && all.checkpoint {
            let path = exchange.checkpoint(
                &Checkpoint {
                    sweep: run.sweep,
                    step: done,
                    total: &total,
                    prefixes: &prefixes,
                    weight_bits,
                },
                &level,
                workers,
            )?;
            run.watcher.checkpointed(done, &path);
            last_checkpoint = Instant::now();
        }
    }
    Ok(Swept {
        cycles: total.value(),
        prefixes,
        levels,
        resumed_from,
    })
}

/// The error a cancelled sweep stops with after `steps_done` steps: the
/// levels reported and the prefixes closed so far go with it, so that a
/// cancel before a step and one during it say the same.
fn stopped(levels: Vec<LevelReport>, steps_done: usize, prefixes: Prefixes) -> FrontierError {
    FrontierError::Cancelled {
        levels,
        steps_done,
        prefixes,
    }
}

/// The narrowest width that holds `bits` bits for step `step` (with a
/// sweep's `tallies`, their margin too, up to [`TALLY_MAX_BITS`]), or the
/// error that says none does. A test may force a narrower one
/// ([`force_width`]).
fn width_for(bits: u32, step: usize, tallies: Option<usize>) -> Result<Width, FrontierError> {
    #[cfg(test)]
    if let Some(forced) = FORCED_WIDTH.with(std::cell::Cell::get) {
        return Ok(forced);
    }
    let (bits, widest) = match tallies {
        None => (bits, Width::LADDER[Width::LADDER.len() - 1].bits()),
        Some(_) => (bits + TALLY_MARGIN_BITS, TALLY_MAX_BITS),
    };
    Width::holding(bits)
        .filter(|w| w.bits() <= widest)
        .ok_or(FrontierError::WeightOverflow {
            bits: widest,
            step,
            prefixes: Vec::new(),
        })
}

#[cfg(test)]
thread_local! {
    static FORCED_WIDTH: std::cell::Cell<Option<Width>> = const { std::cell::Cell::new(None) };
}

/// Makes every step on this thread take `width` (a test of a width too
/// narrow for its counts), until called again with `None`.
#[cfg(test)]
pub fn force_width(width: Option<Width>) {
    FORCED_WIDTH.with(|forced| forced.set(width));
}

/// One step's expansion at width `W`: the next level built from `level`
/// through `transition`, with the step's figures and the successors made.
fn expand_round<K: Key, W: Weight, X: Exchange<K>>(
    exchange: &mut X,
    round: usize,
    level: &Level<K>,
    transition: &Transition,
    workers: &Workers,
    store: &Store,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(Expanded, u64, Level<K>), X::Error> {
    let builder = Builder::<K, W>::new(level.entries().max(1) * 2, workers.threads(), store);
    let expanded = exchange.expand(Expansion {
        round,
        level,
        transition,
        builder: &builder,
        workers,
        store,
        progress,
    })?;
    let successors = builder.successors();
    let built = builder
        .finish(workers)
        .map_err(|e| FrontierError::from_io(e).at_step(round + 1))?;
    Ok((expanded, successors, built))
}

impl StepFigures {
    /// The sum of every process's figures for one step (the time: the
    /// slowest's; a checkpoint: due if due anywhere). The same step of
    /// sweeps run one after another adds up by
    /// [`LevelReport::add_sweep`]'s rules instead.
    pub fn sum<'a>(all: impl IntoIterator<Item = &'a StepFigures>) -> StepFigures {
        let mut sum = StepFigures::default();
        for f in all {
            sum.read += f.read;
            sum.closed += &f.closed;
            add_prefixes(&mut sum.prefixes, &f.prefixes);
            sum.successors += f.successors;
            sum.stored += f.stored;
            sum.runs += f.runs;
            sum.bytes += f.bytes;
            sum.memory_bytes += f.memory_bytes;
            sum.spilled_bytes += f.spilled_bytes;
            sum.disk_bytes += f.disk_bytes;
            sum.rss_bytes += f.rss_bytes;
            sum.weight_bits = sum_bits([sum.weight_bits, f.weight_bits]);
            sum.width_bits = sum.width_bits.max(f.width_bits);
            sum.time_ms = sum.time_ms.max(f.time_ms);
            sum.checkpoint |= f.checkpoint;
        }
        sum
    }
}
