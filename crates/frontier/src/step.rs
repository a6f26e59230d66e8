//! One step of a sweep: every state of a level expanded, the successors
//! handed to a [`Successors`] sink.
//!
//! This is the seam between the sweep and where the next level lives. A
//! count on one machine hands successors to its [`Builder`]'s sinks
//! (`level.rs`); a count spread over processes hands them to an exchange
//! that routes each state to the worker that owns it, which puts it in its
//! own builder. The transitions, the reading and merging of runs, the
//! cancellation and the tally of closed tours are the same code either
//! way.
//!
//! [`Builder`]: crate::level::Builder

use std::io;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use num_bigint::BigUint;

use crate::error::FrontierError;
use crate::level::{Level, Sink};
use crate::merge::RunMerge;
use crate::state::Key;
use crate::store::Store;
use crate::transition::Transition;
use crate::weight::{Total, Weight, WeightOverflow};
use crate::workers::Workers;

/// How many states a worker expands between looks at the cancel flag.
const CHECK_EVERY: u64 = 1 << 12;

/// Where one thread puts the successors it makes, with weights of the
/// step's width `W`.
pub trait Successors<K: Key, W: Weight> {
    /// A successor of weight `weight`.
    fn push(&mut self, key: K, weight: W);
    /// Whether the sink has failed, so that its thread can stop early; the
    /// error itself comes from [`Successors::finish`].
    fn failed(&self) -> bool {
        false
    }
    /// Hands over what the sink still holds.
    fn finish(self) -> io::Result<()>;
}

impl<K: Key, W: Weight> Successors<K, W> for Sink<'_, '_, K, W> {
    #[inline]
    fn push(&mut self, key: K, weight: W) {
        Sink::push(self, key, weight);
    }

    fn failed(&self) -> bool {
        Sink::failed(self)
    }

    fn finish(self) -> io::Result<()> {
        self.flush()
    }
}

/// What a step found.
#[derive(Clone, Debug, PartialEq)]
pub struct Expanded {
    /// Distinct states read: the level's exact size.
    pub read: u64,
    /// The weight of the tours that closed at this step.
    pub closed: BigUint,
    /// A sweep of every prefix: the weight of the cycles that closed at
    /// this step by the prefix they answer (its squares), increasing.
    pub prefixes: Prefixes,
}

/// Weights by label, increasing: by prefix (its squares) in a sweep of
/// every prefix ([`crate::Sweep::prefixes`]), by class of start square in
/// a sweep with tallies ([`crate::Sweep::tallied`], the directed tours
/// from the class). Empty in a whole count. One channel for both: a sweep
/// is never both, and the checkpoint, the cluster and the report carry
/// them the same way.
pub type Prefixes = Vec<(usize, BigUint)>;

/// Adds `more` into `into`, both increasing by prefix.
pub fn add_prefixes(into: &mut Prefixes, more: &[(usize, BigUint)]) {
    for (m, weight) in more {
        match into.binary_search_by_key(m, |(k, _)| *k) {
            Ok(at) => into[at].1 += weight,
            Err(at) => into.insert(at, (*m, weight.clone())),
        }
    }
}

/// Adds `weight` `times` over into the total labelled `label`.
fn add_labelled<W: Weight>(totals: &mut Vec<(usize, Total)>, label: usize, weight: W, times: u32) {
    if let Some((_, total)) = totals.iter_mut().find(|(k, _)| *k == label) {
        total.add_times(weight, times);
    } else {
        let mut total = Total::default();
        total.add_times(weight, times);
        totals.push((label, total));
    }
}

/// Expands every state of `level` through `transition` on all `workers`,
/// each handing its successors to a sink of its own from `sink`, with
/// weights of width `W`; reports the states read so far to `progress`
/// after each partition. The level is consumed: each partition is freed
/// once read.
pub fn expand<K: Key, W: Weight, S: Successors<K, W>>(
    level: &Level<K>,
    transition: &Transition,
    workers: &Workers,
    store: &Store,
    cancel: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
    sink: &(dyn Fn() -> S + Sync),
) -> Result<Expanded, FrontierError> {
    let next_partition = AtomicUsize::new(0);
    let done = AtomicU64::new(0);
    let read = AtomicU64::new(0);
    let closed = Mutex::new(Total::default());
    let prefixes: Mutex<Prefixes> = Mutex::new(Vec::new());
    let failure: Mutex<Option<io::Error>> = Mutex::new(None);
    let work = || {
        let mut sink = sink();
        let mut local = Total::default();
        // A prefix sweep's closures by the prefix they answer: at most
        // `MAX_SLOTS` prefixes end after one step's vertex.
        let mut local_prefixes: Vec<(usize, Total)> = Vec::new();
        let mut seen = 0u64;
        let mut states = 0u64;
        // A sweep with tallies: the closed tours' tallies by class of
        // start square, and the class a path ends in at this step.
        let mut local_ends = vec![Total::default(); W::TALLIES];
        let end_class = transition.end_class();
        let result = (|| -> io::Result<()> {
            loop {
                let p = next_partition.fetch_add(1, Ordering::Relaxed);
                if p >= level.partitions() || cancel.load(Ordering::Relaxed) {
                    return Ok(());
                }
                let mut merged = RunMerge::<K, W>::new(level.take(p), store)?;
                while let Some((key, weight)) = merged.next_state()? {
                    states += 1;
                    seen += 1;
                    if seen.is_multiple_of(CHECK_EVERY)
                        && (cancel.load(Ordering::Relaxed) || sink.failed())
                    {
                        return Ok(());
                    }
                    // A sweep with tallies: the weight of the paths that
                    // end at this step's square, once a state (a plain
                    // weight never ends, nor a square no tally counts:
                    // this is the weight itself).
                    let ended = match end_class {
                        Some(class) if W::TALLIES > 0 => {
                            weight.ended(class).ok_or_else(WeightOverflow::of::<W>)?
                        }
                        _ => weight,
                    };
                    // Half-way along a board: the tours a symmetry fixes
                    // through this state (`mirror.rs`), once a state.
                    for glue in transition.glues() {
                        for (class, ways) in glue.ways(key).into_iter().enumerate() {
                            if ways > 0 {
                                let label = crate::mirror::fixed_label(glue.cells, class);
                                add_labelled(&mut local_prefixes, label, weight, ways);
                            }
                        }
                    }
                    let closing = transition.expand_closing(key, |successor: K, ends| {
                        sink.push(successor, if ends { ended } else { weight });
                    });
                    if W::TALLIES > 0 && closing.tours > 0 {
                        weight.add_tallies(closing.tours - closing.ended, &mut local_ends);
                        ended.add_tallies(closing.ended, &mut local_ends);
                    }
                    if closing.tours > 0 {
                        local.add_times(weight, closing.tours);
                        if let Some(m) = transition.prefix_answered(closing) {
                            add_labelled(&mut local_prefixes, m, weight, closing.tours);
                        }
                    }
                }
                progress(done.fetch_add(seen, Ordering::Relaxed) + seen);
                seen = 0;
            }
        })();
        let finished = sink.finish();
        if let Some(e) = result.err().or(finished.err()) {
            failure
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .get_or_insert(e);
        }
        read.fetch_add(states, Ordering::Relaxed);
        closed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .add_big(&local.value());
        // Tallies travel as the prefixes do, labelled by class.
        local_prefixes.extend(
            local_ends
                .into_iter()
                .enumerate()
                .filter(|(_, total)| *total != Total::default()),
        );
        local_prefixes.sort_unstable_by_key(|(m, _)| *m);
        let found: Prefixes = local_prefixes
            .iter()
            .map(|(m, total)| (*m, total.value()))
            .collect();
        add_prefixes(
            &mut prefixes
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
            &found,
        );
    };
    workers.each(level.entries(), &work);
    if let Some(e) = failure
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        return Err(FrontierError::from_io(e));
    }
    Ok(Expanded {
        read: read.into_inner(),
        closed: closed
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .value(),
        prefixes: prefixes
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    })
}
