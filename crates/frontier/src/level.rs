//! A level: every state after one step, with its weight, kept as
//! partitions of sorted runs.
//!
//! Only two levels exist at a time: the one being read and the one being
//! built. States go to one of `2^bits` *partitions* by a hash of their key
//! (the high bits of [`Key::placement`], which leaves a key's lowest
//! slots out so that a partition's keys stay close together), so that
//! threads read different partitions side by side, and a partition can be
//! read and freed on its own.
//!
//! **Building** ([`Builder`]). Each thread's [`Sink`] collects successors
//! in small per-partition chunks and hands a full chunk to its partition's
//! *batch*. A batch that reaches its size is taken out by the thread that
//! filled it and *sealed*: sorted by key, equal states added up, and
//! encoded as a run (`run.rs`), which the [`Store`] keeps in memory or
//! writes to disk. No hash table is probed: the successors of a step are
//! written once, sorted in cache-sized batches, and compressed.
//!
//! **Sealing a level** ([`Builder::finish`]). The last batches are sealed,
//! on all threads. A partition with more than [`FAN_IN`] runs has groups of
//! them merged into one, so that reading it merges a bounded number of
//! runs (a multi-pass merge, rare in practice).
//!
//! **Reading** ([`Level::take`]). The next step takes a partition's runs
//! and merges them as it reads (`merge.rs`). So a state can be in several
//! runs while its level is stored; its whole weight is known, and it is
//! counted, when it is read. The level's exact number of distinct states is
//! therefore known after it is read: the reports of a step come one step
//! later (`count.rs`).

use std::io;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::merge::RunMerge;
use crate::run::{Encoder, Run};
use crate::state::Key;
use crate::store::Store;
use crate::weight::{Sum, Weight, WeightOverflow, Wide, Widest, sum_bits};
use crate::workers::Workers;

/// The most partitions a level has (`2^10`, for 128 threads).
pub const MAX_PARTITION_BITS: u32 = 10;

/// The partitions a level has at most with up to 8 threads (`2^6`): few
/// enough that a thread's chunks for all of them (64 × 4 KiB) stay in its
/// L2 cache while it scatters successors among them. With 1,024
/// partitions, 7×8 closed ran at half the speed: every successor written
/// missed the cache. More threads get 8 partitions each, to share the
/// work evenly.
const CACHED_PARTITION_BITS: u32 = 6;

/// Successors per partition a level aims at: a partition of this size is
/// one batch, one run.
const PARTITION_RECORDS: u64 = 1 << 15;

/// The most runs a partition of a sealed level has; more are merged in
/// groups first.
pub const FAN_IN: usize = 64;

/// Successors a sink keeps per partition before handing them over.
const CHUNK: usize = 256;

/// The share of the memory budget batches may take, and its bounds. They
/// also take no more than the level's successors need, so that a small
/// level does not hold memory it does not use.
///
/// Batches as large as the level, up to those bounds, make the fewest
/// runs, and every run a partition is read from repeats states that
/// another run holds, each encoded, decoded and merged again. When
/// batches took at most a quarter of a level, 8×7 closed on one thread
/// took 7.29–7.57 s of CPU; with this and the store's rarer reads of the
/// resident set, 6.53–6.61 s (docs/benchmarks.md, *Fewer runs*).
const BATCH_SHARE: u64 = 8;
const MIN_BATCH_BYTES: u64 = 8 << 20;
const MAX_BATCH_BYTES: u64 = 1 << 30;

/// Bytes of one successor in a batch: its key and its weight, inline at
/// the step's width (`weight.rs`).
fn record_bytes<K: Key, W: Weight>() -> u64 {
    size_of::<(K, W)>() as u64
}

/// The bytes a level's batches may hold, with `limit` bytes for runs and
/// batches, for a level of about `records` successors of `record` bytes
/// each (a key and a weight): what a sweep holds beyond its levels' runs,
/// which the plan's memory estimate adds (`kt-count`'s `SweepCost`).
pub fn batch_bytes(limit: u64, records: u64, record: u64) -> u64 {
    (limit / BATCH_SHARE)
        .min(MAX_BATCH_BYTES)
        .min(records.saturating_mul(record).max(MIN_BATCH_BYTES))
}

/// The partition of `key` among `2^bits`.
#[inline]
pub fn partition_of<K: Key>(key: K, bits: u32) -> usize {
    if bits == 0 {
        0
    } else {
        (key.placement() >> (64 - bits)) as usize
    }
}

/// The partition bits for a level of about `records` successors, shared
/// by `threads`.
fn partition_bits(records: u64, threads: usize) -> u32 {
    let shared = 8 * threads as u64;
    let mut parts = records.div_ceil(PARTITION_RECORDS).max(1);
    if threads > 1 && records >= crate::workers::SHARE_FROM {
        parts = parts.max(shared);
    }
    let most = shared
        .next_power_of_two()
        .trailing_zeros()
        .clamp(CACHED_PARTITION_BITS, MAX_PARTITION_BITS);
    parts.next_power_of_two().trailing_zeros().min(most)
}

/// A sealed level.
pub struct Level<K: Key> {
    bits: u32,
    partitions: Vec<Mutex<Vec<Run>>>,
    /// Records in its runs (at least its distinct states).
    entries: u64,
    runs: usize,
    /// Bytes of its runs, and of those in memory.
    bytes: u64,
    memory_bytes: u64,
    /// Bits of the sum of its weights (an upper bound): what chooses the
    /// width of the step that reads it (`weight.rs`).
    weight_bits: u32,
    _key: std::marker::PhantomData<K>,
}

impl<K: Key> Level<K> {
    /// A level of the given partitions' runs.
    pub fn from_partitions(bits: u32, partitions: Vec<Vec<Run>>) -> Level<K> {
        debug_assert_eq!(partitions.len(), 1 << bits);
        let all = partitions.iter().flatten();
        let entries = all.clone().map(|r| r.entries).sum();
        let runs = all.clone().count();
        let bytes = all.clone().map(|r| r.bytes).sum();
        let memory_bytes = all.clone().filter(|r| r.in_memory()).map(|r| r.bytes).sum();
        let weight_bits = sum_bits(all.map(|r| r.weight_bits));
        Level {
            bits,
            partitions: partitions.into_iter().map(Mutex::new).collect(),
            entries,
            runs,
            bytes,
            memory_bytes,
            weight_bits,
            _key: std::marker::PhantomData,
        }
    }

    /// The level with `bits` as the bound on its weights' sum: a level
    /// read from a checkpoint, whose manifest keeps the bound, or one
    /// process's share of a cluster's level, which takes the whole
    /// level's.
    #[must_use]
    pub fn with_weight_bits(mut self, bits: u32) -> Level<K> {
        self.weight_bits = bits;
        self
    }

    /// A level of one state, of weight 1.
    pub fn single(key: K, store: &Store) -> io::Result<Level<K>> {
        let mut encoder = Encoder::<K, u64>::with_capacity(1);
        encoder.push(key, 1);
        Ok(Level::from_partitions(
            0,
            vec![vec![store.keep(encoder.finish())?]],
        ))
    }

    /// Bits of the sum of the level's weights (an upper bound).
    pub fn weight_bits(&self) -> u32 {
        self.weight_bits
    }

    pub fn bits(&self) -> u32 {
        self.bits
    }

    pub fn partitions(&self) -> usize {
        self.partitions.len()
    }

    /// Records in the level's runs: its distinct states, plus the states
    /// that are in several runs of their partition.
    pub fn entries(&self) -> u64 {
        self.entries
    }

    pub fn runs(&self) -> usize {
        self.runs
    }

    /// Bytes of the level's runs, in memory and on disk.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Bytes of the level's runs held in memory.
    pub fn memory_bytes(&self) -> u64 {
        self.memory_bytes
    }

    /// Takes partition `p`'s runs, to read them (once).
    pub fn take(&self, p: usize) -> Vec<Run> {
        std::mem::take(
            &mut *self.partitions[p]
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }

    /// Hands every run to `visit` with its partition, leaving the level as
    /// it is (a checkpoint links or writes each).
    pub fn visit_runs(
        &self,
        mut visit: impl FnMut(usize, &Run) -> io::Result<()>,
    ) -> io::Result<()> {
        for (p, partition) in self.partitions.iter().enumerate() {
            let runs = partition
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            for run in runs.iter() {
                visit(p, run)?;
            }
        }
        Ok(())
    }

    /// Hands partition `p`'s runs to `visit`, leaving them as they are.
    pub fn visit_partition(
        &self,
        p: usize,
        mut visit: impl FnMut(&Run) -> io::Result<()>,
    ) -> io::Result<()> {
        let runs = self.partitions[p]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        runs.iter().try_for_each(&mut visit)
    }

    /// Every state with its whole weight at width `W`, partition by
    /// partition (consumes the level).
    pub fn drain<W: Weight>(&self, store: &Store, mut visit: impl FnMut(K, W)) -> io::Result<()> {
        for p in 0..self.partitions() {
            let mut merged = RunMerge::<K, W>::new(self.take(p), store)?;
            while let Some((key, weight)) = merged.next_state()? {
                visit(key, weight);
            }
        }
        Ok(())
    }
}

/// A partition of the level being built.
struct Partition<K, W> {
    batch: Vec<(K, W)>,
    /// An emptied batch to fill next, so that sealing a batch does not
    /// give its memory back to the allocator only to ask for it again.
    spare: Vec<(K, W)>,
    runs: Vec<Run>,
}

/// A level being built, its weights of width `W`.
pub struct Builder<'s, K: Key, W: Weight> {
    bits: u32,
    parts: Vec<Mutex<Partition<K, W>>>,
    /// Successors a batch holds before it is sealed.
    batch: usize,
    /// Room a batch starts with: about a partition's share of the level.
    reserve: usize,
    /// Bytes counted as held by batches and chunks.
    held: u64,
    store: &'s Store,
    successors: AtomicU64,
}

impl<'s, K: Key, W: Weight> Builder<'s, K, W> {
    /// A level for about `records` successors, built by `threads` threads.
    pub fn new(records: u64, threads: usize, store: &'s Store) -> Builder<'s, K, W> {
        let bits = partition_bits(records, threads);
        let parts = 1usize << bits;
        let record = record_bytes::<K, W>();
        let budget = batch_bytes(store.limit(), records, record);
        // Half each: a batch being filled, and its spare being sealed.
        let batch = usize::try_from(budget / record / parts as u64 / 2)
            .unwrap_or(usize::MAX)
            .max(CHUNK);
        // A batch in the making, every thread's chunks, and the buffer of
        // the radix sort of each thread sealing a batch (`Key::sort_batch`,
        // a copy of the batch it sorts).
        let held = budget.min((records.saturating_mul(record)).max(record * CHUNK as u64))
            + (threads * parts * CHUNK) as u64 * record
            + threads as u64 * (batch as u64).min(records.max(1)) * record;
        store.hold_pending(i64::try_from(held).unwrap_or(i64::MAX));
        Builder {
            bits,
            parts: (0..parts)
                .map(|_| {
                    Mutex::new(Partition {
                        batch: Vec::new(),
                        spare: Vec::new(),
                        runs: Vec::new(),
                    })
                })
                .collect(),
            batch,
            reserve: usize::try_from(records / parts as u64 + records / parts as u64 / 4)
                .unwrap_or(usize::MAX)
                .clamp(CHUNK, batch),
            held,
            store,
            successors: AtomicU64::new(0),
        }
    }

    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// Successors handed to the level so far.
    pub fn successors(&self) -> u64 {
        self.successors.load(Ordering::Relaxed)
    }

    /// A sink for one thread.
    pub fn sink(&self) -> Sink<'_, 's, K, W> {
        Sink {
            builder: self,
            chunks: (0..self.parts.len()).map(|_| Vec::new()).collect(),
            pushed: 0,
            failed: None,
        }
    }

    fn part(&self, p: usize) -> std::sync::MutexGuard<'_, Partition<K, W>> {
        self.parts[p]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Adds `chunk` to partition `p`'s batch, sealing the batch if it is
    /// full.
    fn hand_over(&self, p: usize, chunk: &mut Vec<(K, W)>) -> io::Result<()> {
        let mut part = self.part(p);
        if part.batch.capacity() == 0 {
            part.batch.reserve_exact(self.reserve);
        }
        part.batch.append(chunk);
        if part.batch.len() < self.batch {
            return Ok(());
        }
        let spare = std::mem::take(&mut part.spare);
        let mut full = std::mem::replace(&mut part.batch, spare);
        drop(part);
        let run = seal(&mut full, self.store)?;
        full.clear();
        let mut part = self.part(p);
        part.runs.extend(run);
        if part.spare.capacity() == 0 {
            part.spare = full;
        }
        Ok(())
    }

    /// Seals the level: the last batches become runs (on all workers), and
    /// partitions with more than `FAN_IN` runs are merged down to it.
    pub fn finish(self, workers: &Workers) -> io::Result<Level<K>> {
        let next = AtomicUsize::new(0);
        let failure: Mutex<Option<io::Error>> = Mutex::new(None);
        let work = || {
            loop {
                let p = next.fetch_add(1, Ordering::Relaxed);
                if p >= self.parts.len() {
                    break;
                }
                if let Err(e) = self.seal_part(p) {
                    failure
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .get_or_insert(e);
                    break;
                }
            }
        };
        workers.each(self.successors(), &work);
        if let Some(e) = failure
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
        {
            return Err(e);
        }
        let partitions = self
            .parts
            .iter()
            .map(|part| {
                std::mem::take(
                    &mut part
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .runs,
                )
            })
            .collect();
        Ok(Level::from_partitions(self.bits, partitions))
    }

    /// Seals partition `p`'s last batch, and caps its runs at [`FAN_IN`].
    fn seal_part(&self, p: usize) -> io::Result<()> {
        let mut part = self.part(p);
        let mut batch = std::mem::take(&mut part.batch);
        part.spare = Vec::new();
        let mut runs = std::mem::take(&mut part.runs);
        drop(part);
        runs.extend(seal(&mut batch, self.store)?);
        drop(batch);
        // The runs' sums may have passed `W` (`seal`), so a group is
        // merged at a width that holds them: a rare path, two compiled
        // copies (`Wide` below 2,048 bits, `Widest` from there). A
        // tally's width holds every sum, and only it holds the tallies.
        while runs.len() > FAN_IN {
            let group: Vec<Run> = runs.drain(..FAN_IN).collect();
            let merged = if W::TALLIES > 0 {
                merge_group::<K, W>(group, self.store)?
            } else if W::BITS < <Wide as Weight>::BITS {
                merge_group::<K, Wide>(group, self.store)?
            } else {
                merge_group::<K, Widest>(group, self.store)?
            };
            runs.push(merged);
        }
        self.part(p).runs = runs;
        Ok(())
    }
}

impl<K: Key, W: Weight> Drop for Builder<'_, K, W> {
    fn drop(&mut self) {
        self.store
            .hold_pending(-i64::try_from(self.held).unwrap_or(i64::MAX));
    }
}

/// Merges `group` into one run, adding equal states' weights at width `W`.
fn merge_group<K: Key, W: Weight>(group: Vec<Run>, store: &Store) -> io::Result<Run> {
    let mut merged = RunMerge::<K, W>::new(group, store)?;
    let mut encoder = Encoder::<K, W>::with_capacity(0);
    while let Some((key, weight)) = merged.next_state()? {
        encoder.push(key, weight);
    }
    drop(merged);
    store.keep(encoder.finish())
}

/// Sorts a batch, adds up equal states, and keeps the result as a run
/// (`None` for an empty batch). Every sum is checked: a sum past `W` (the
/// width of the level being read, which holds every successor's weight
/// but not always their sums) is finished as a `BigUint` and written as
/// one, and the next step reads the level at a width that holds it
/// (`weight.rs`). Nothing wraps.
fn seal<K: Key, W: Weight>(batch: &mut [(K, W)], store: &Store) -> io::Result<Option<Run>> {
    if batch.is_empty() {
        return Ok(None);
    }
    K::sort_batch(batch);
    let mut encoder = Encoder::<K, W>::with_capacity(batch.len());
    let mut i = 0;
    while let Some(&(key, first)) = batch.get(i) {
        let mut sum = Sum::of(first);
        i += 1;
        while let Some(&(k, w)) = batch.get(i) {
            if k != key {
                break;
            }
            sum.add(w);
            i += 1;
        }
        match sum.value() {
            Ok(sum) => encoder.push(key, sum),
            // A tally's width has room for every sum (`tally.rs`): one past
            // it stops the sweep, since a `BigUint` holds no tallies.
            Err(_) if W::TALLIES > 0 => return Err(WeightOverflow::of::<W>()),
            Err(big) => encoder.push_big(key, &big),
        }
    }
    store.keep(encoder.finish()).map(Some)
}

/// Where one thread puts the successors it makes.
pub struct Sink<'b, 's, K: Key, W: Weight> {
    builder: &'b Builder<'s, K, W>,
    chunks: Vec<Vec<(K, W)>>,
    pushed: u64,
    failed: Option<io::Error>,
}

impl<K: Key, W: Weight> Sink<'_, '_, K, W> {
    /// Adds a successor of weight `weight`.
    #[inline]
    pub fn push(&mut self, key: K, weight: W) {
        let p = partition_of(key, self.builder.bits);
        let chunk = &mut self.chunks[p];
        chunk.push((key, weight));
        if chunk.len() >= CHUNK {
            self.pushed += CHUNK as u64;
            if let Err(e) = self.builder.hand_over(p, &mut self.chunks[p]) {
                self.failed.get_or_insert(e);
            }
            self.chunks[p].clear();
        }
    }

    /// Marks the sink failed with `error` (a successor it could not take),
    /// which [`Sink::flush`] returns.
    pub fn fail(&mut self, error: io::Error) {
        self.failed.get_or_insert(error);
    }

    /// Whether a batch this sink sealed could not be kept.
    pub fn failed(&self) -> bool {
        self.failed.is_some()
    }

    /// Hands every chunk over.
    pub fn flush(mut self) -> io::Result<()> {
        for p in 0..self.chunks.len() {
            let mut chunk = std::mem::take(&mut self.chunks[p]);
            if chunk.is_empty() {
                continue;
            }
            self.pushed += chunk.len() as u64;
            if let Err(e) = self.builder.hand_over(p, &mut chunk) {
                self.failed.get_or_insert(e);
            }
        }
        self.builder
            .successors
            .fetch_add(self.pushed, Ordering::Relaxed);
        match self.failed {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use ruint::Uint;

    use super::*;

    type U128 = Uint<128, 2>;

    /// The same successors, built with no limit and with a limit so small
    /// that every run goes to disk, in many batches or few, give the same
    /// level; weights past 2⁶⁴ are added once, and the level's weight
    /// bound holds its sum.
    #[test]
    fn levels_in_memory_and_on_disk_are_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let successors: Vec<(u64, U128)> = (0..200_000u64)
            .map(|i| (i % 30_011 * 7919, U128::from(i + 1)))
            .collect();
        let big = U128::from(u64::MAX) * U128::from(3u64);
        let build = |limit: u64, threads: usize| {
            let store = Store::new(dir.path(), limit, u64::MAX);
            let workers = Workers::new(threads).unwrap();
            let builder = Builder::<u64, U128>::new(successors.len() as u64, threads, &store);
            let mut sink = builder.sink();
            for &(k, w) in &successors {
                sink.push(k, w);
            }
            sink.push(7919, big);
            sink.push(7919, U128::from(u64::MAX));
            sink.flush().unwrap();
            let level = builder.finish(&workers).unwrap();
            let spilled = store.written() > 0;
            let bound = level.weight_bits();
            let mut all: Vec<(u64, BigUint)> = Vec::new();
            level
                .drain::<U128>(&store, |k, w| all.push((k, w.to_biguint())))
                .unwrap();
            assert_eq!(store.memory(), 0);
            assert_eq!(store.disk(), 0);
            let sum: BigUint = all.iter().map(|(_, w)| w).sum();
            assert!(sum.bits() <= u64::from(bound), "{sum} within {bound} bits");
            (all, spilled)
        };
        let (in_memory, spilled) = build(u64::MAX, 1);
        assert!(!spilled);
        assert_eq!(in_memory.len(), 30_011);
        let mut expected = std::collections::BTreeMap::<u64, BigUint>::new();
        for &(k, w) in &successors {
            *expected.entry(k).or_default() += w.to_biguint();
        }
        *expected.get_mut(&7919).unwrap() += big.to_biguint() + u64::MAX;
        let mut sorted = in_memory.clone();
        sorted.sort();
        assert_eq!(sorted, expected.into_iter().collect::<Vec<_>>());
        for threads in [1, 2] {
            let (on_disk, spilled) = build(1, threads);
            assert!(spilled);
            let mut on_disk = on_disk;
            on_disk.sort();
            assert_eq!(on_disk, sorted);
        }
    }

    /// A batch whose sums pass its width seals them exactly, past the
    /// width: read at a width that holds them they are the sums, read at
    /// the batch's own width they are an error, never a wrapped weight.
    #[test]
    fn a_sum_past_the_width_is_kept_whole() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), u64::MAX, u64::MAX);
        let mut batch = vec![(5u64, u64::MAX), (5, 3), (9, 1), (5, u64::MAX)];
        let run = seal(&mut batch, &store).unwrap().unwrap();
        let exact = BigUint::from(u64::MAX) * 2u32 + 3u32;
        assert_eq!(u64::from(run.weight_bits), (&exact + 1u32).bits());
        let level = Level::<u64>::from_partitions(0, vec![vec![run]]);
        let mut all = Vec::new();
        level
            .drain::<U128>(&store, |k, w| all.push((k, w.to_biguint())))
            .unwrap();
        assert_eq!(all, [(5, exact), (9, BigUint::from(1u32))]);
        let run = seal(&mut [(5u64, u64::MAX), (5, 1)], &store)
            .unwrap()
            .unwrap();
        let level = Level::<u64>::from_partitions(0, vec![vec![run]]);
        let error = level.drain::<u64>(&store, |_, _| {}).unwrap_err();
        assert_eq!(
            WeightOverflow::within(&error),
            Some(WeightOverflow { bits: 64 })
        );
    }
}
