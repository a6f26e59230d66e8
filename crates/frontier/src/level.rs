//! A level of the search: every state after one step, with its weight.
//!
//! Only two levels exist at a time, the one being read and the one being
//! built. A level is split into [`SHARDS`] shards by a hash of the state,
//! so that worker threads can build it side by side (each shard behind its
//! own lock) and so that it can leave memory a shard at a time.
//!
//! **Spilling.** When the tables of the level being built, together with
//! what is left of the level being read, would pass the memory share they
//! are given, the shard being written goes to disk: its entries sorted by
//! state, as a *run*, and its table starts afresh. When the level is
//! finished, each shard's runs and its last table are merged by state into
//! one sorted run, the weights of equal states added up — the sorted runs
//! and the merge of external-memory decision-diagram tools such as Adiar,
//! used here for the one thing a count needs. Reading a spilled shard
//! streams its run from disk.
//!
//! Weights beyond `u64` (see [`crate::weight`]) are rare and stay in memory.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use num_bigint::BigUint;
use rustc_hash::FxHashMap;

use crate::state::Key;
use crate::weight::Weight;

/// Shards per level: enough that one shard is a small part of a level
/// (spilling one frees a little at a time, and a table that doubles holds
/// its old and new arrays only for one shard), few enough that a small
/// board does not pay for empty tables.
pub const SHARDS: usize = 256;

/// The shard of a state.
#[inline]
pub fn shard_of<K: Key>(key: K) -> usize {
    (key.mix() >> 56) as usize
}

/// Bytes a hash table of `capacity` entries of `T` occupies: hashbrown
/// fills at most 7/8 of its power-of-two buckets, one control byte each.
fn table_bytes<T>(capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    (capacity.saturating_mul(8) / 7)
        .next_power_of_two()
        .saturating_mul(size_of::<T>() + 1)
}

/// A level being built.
pub struct Building<'a, K: Key> {
    shards: Vec<Mutex<Open<K>>>,
    /// Bytes the tables of all shards occupy.
    bytes: AtomicUsize,
    /// Bytes the tables may occupy before a shard is spilled, together
    /// with `other`.
    limit: usize,
    /// Memory held elsewhere that counts against the limit (the level
    /// being read).
    other: &'a AtomicUsize,
    /// The resident set past which shards spill whatever the tables add up
    /// to (see [`Building::with_resident_limit`]).
    resident_limit: usize,
    spill: &'a Spill,
}

/// An open shard.
#[derive(Default)]
struct Open<K: Key> {
    table: FxHashMap<K, u64>,
    big: FxHashMap<K, BigUint>,
    runs: Vec<PathBuf>,
    /// This shard's share of `Building::bytes`.
    bytes: usize,
}

impl<K: Key> Open<K> {
    fn add(&mut self, key: K, weight: u64) {
        if let Some(big) = self.big.get_mut(&key) {
            *big += weight;
            return;
        }
        let slot = self.table.entry(key).or_insert(0);
        if let Some(sum) = slot.checked_add(weight) {
            *slot = sum;
        } else {
            let sum = BigUint::from(*slot) + weight;
            self.table.remove(&key);
            self.big.insert(key, sum);
        }
    }

    fn add_big(&mut self, key: K, weight: &BigUint) {
        let small = self.table.remove(&key).unwrap_or(0);
        *self.big.entry(key).or_default() += weight + small;
    }
}

/// Where spilled runs go, and how much went there.
pub struct Spill {
    dir: PathBuf,
    /// Created on first use, removed with the spill.
    temp: Mutex<Option<tempfile::TempDir>>,
    files: AtomicU64,
    /// Bytes written to runs, in all.
    pub written: AtomicU64,
}

impl Spill {
    /// Spills go to a fresh directory inside `dir`, made when the first
    /// run is written.
    pub fn new(dir: &Path) -> Spill {
        Spill {
            dir: dir.to_path_buf(),
            temp: Mutex::new(None),
            files: AtomicU64::new(0),
            written: AtomicU64::new(0),
        }
    }

    fn new_file(&self) -> io::Result<PathBuf> {
        let mut temp = self
            .temp
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if temp.is_none() {
            *temp = Some(
                tempfile::Builder::new()
                    .prefix("knights-tour-spill-")
                    .tempdir_in(&self.dir)?,
            );
        }
        let n = self.files.fetch_add(1, Ordering::Relaxed);
        Ok(temp
            .as_ref()
            .expect("just made")
            .path()
            .join(format!("run-{n}.bin")))
    }
}

impl<'a, K: Key> Building<'a, K> {
    /// An empty level whose tables may take `limit` bytes together with
    /// `other`.
    pub fn new(limit: usize, other: &'a AtomicUsize, spill: &'a Spill) -> Building<'a, K> {
        Building {
            shards: (0..SHARDS).map(|_| Mutex::new(Open::default())).collect(),
            bytes: AtomicUsize::new(0),
            limit,
            other,
            resident_limit: usize::MAX,
            spill,
        }
    }

    /// Spills also when the process's resident set passes `bytes`, read
    /// whenever a table grows. The tables' own count misses what the
    /// allocator keeps after a level is freed (its free lists, the gaps
    /// between tables of other sizes): an 8×8 closed run whose tables were
    /// counted at under four fifths of a 16 GiB budget reached 16 GiB
    /// resident at step 31 and was stopped by the watchdog without having
    /// spilled. The resident set is what the watchdog reads, so spilling on
    /// it keeps a run below the watchdog.
    #[must_use]
    pub fn with_resident_limit(mut self, bytes: usize) -> Building<'a, K> {
        self.resident_limit = bytes;
        self
    }

    /// Bytes the tables occupy now.
    pub fn bytes(&self) -> usize {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Adds `entries` (all of shard `shard`) to the level.
    pub fn add_batch(&self, shard: usize, entries: &[(K, u64)]) -> io::Result<()> {
        let mut open = self.shards[shard]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for &(key, weight) in entries {
            open.add(key, weight);
        }
        self.account(&mut open)
    }

    /// Adds one weight beyond `u64`.
    pub fn add_big(&self, key: K, weight: &BigUint) -> io::Result<()> {
        let mut open = self.shards[shard_of(key)]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        open.add_big(key, weight);
        self.account(&mut open)
    }

    /// Updates the byte count after a shard grew, and spills the shard if
    /// the level is over its limit and this shard holds its share.
    fn account(&self, open: &mut Open<K>) -> io::Result<()> {
        let now = table_bytes::<(K, u64)>(open.table.capacity());
        let total = if now >= open.bytes {
            self.bytes.fetch_add(now - open.bytes, Ordering::Relaxed) + now - open.bytes
        } else {
            self.bytes.fetch_sub(open.bytes - now, Ordering::Relaxed) - (open.bytes - now)
        };
        let grew = now > open.bytes;
        open.bytes = now;
        let over = total.saturating_add(self.other.load(Ordering::Relaxed)) > self.limit
            || (grew
                && self.resident_limit != usize::MAX
                && usize::try_from(kt_memory::resident().0).unwrap_or(usize::MAX)
                    > self.resident_limit);
        if over && now > 0 && now >= total / SHARDS / 2 {
            self.spill_shard(open)?;
        }
        Ok(())
    }

    fn spill_shard(&self, open: &mut Open<K>) -> io::Result<()> {
        let mut entries: Vec<(K, u64)> = open.table.drain().collect();
        entries.sort_unstable_by_key(|&(k, _)| k);
        let path = self.spill.new_file()?;
        let mut writer = RunWriter::<K>::create(&path)?;
        for (key, weight) in entries {
            writer.push(key, weight)?;
        }
        self.spill
            .written
            .fetch_add(writer.finish()?, Ordering::Relaxed);
        open.runs.push(path);
        // Give the memory back: a drained table keeps its buckets.
        open.table = FxHashMap::default();
        self.bytes.fetch_sub(open.bytes, Ordering::Relaxed);
        open.bytes = 0;
        Ok(())
    }

    /// Seals the level: shards with runs are merged into one sorted run
    /// each, the others become compact arrays.
    pub fn finish(self) -> io::Result<Level<K>> {
        let spill = self.spill;
        let mut shards = Vec::with_capacity(SHARDS);
        let mut states = 0u64;
        let mut bytes = 0usize;
        for shard in self.shards {
            let open = shard
                .into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let mut big = open.big;
            let sealed = if open.runs.is_empty() {
                let entries: Vec<(K, u64)> = open.table.into_iter().collect();
                states += (entries.len() + big.len()) as u64;
                bytes += entries.len() * size_of::<(K, u64)>();
                Sealed {
                    entries: Stored::Memory(entries),
                    big,
                }
            } else {
                let mut last: Vec<(K, u64)> = open.table.into_iter().collect();
                last.sort_unstable_by_key(|&(k, _)| k);
                let path = spill.new_file()?;
                let (written, distinct) = merge_runs(&open.runs, last, &path, &mut big)?;
                for run in &open.runs {
                    let _ = std::fs::remove_file(run);
                }
                spill.written.fetch_add(written, Ordering::Relaxed);
                states += distinct + big.len() as u64;
                Sealed {
                    entries: Stored::Disk(path),
                    big,
                }
            };
            shards.push(Mutex::new(Some(sealed)));
        }
        Ok(Level {
            shards,
            states,
            memory: AtomicUsize::new(bytes),
        })
    }
}

/// Where a sealed shard's entries are.
enum Stored<K> {
    Memory(Vec<(K, u64)>),
    /// A sorted run, one entry per state.
    Disk(PathBuf),
}

struct Sealed<K: Key> {
    entries: Stored<K>,
    big: FxHashMap<K, BigUint>,
}

impl<K: Key> Sealed<K> {
    /// Hands each state and weight to `visit`, streaming a run from disk.
    fn visit(&self, visit: &mut impl FnMut(K, &Weight)) -> io::Result<()> {
        for (key, weight) in &self.big {
            visit(*key, &Weight::Big(weight.clone()));
        }
        match &self.entries {
            Stored::Memory(entries) => {
                for &(key, weight) in entries {
                    visit(key, &Weight::Small(weight));
                }
            }
            Stored::Disk(path) => {
                let mut reader = RunReader::<K>::open(path)?;
                while let Some((key, weight)) = reader.next_entry()? {
                    visit(key, &Weight::Small(weight));
                }
            }
        }
        Ok(())
    }
}

/// A finished level, read once, a shard at a time.
pub struct Level<K: Key> {
    shards: Vec<Mutex<Option<Sealed<K>>>>,
    states: u64,
    /// Bytes its in-memory shards still hold (shrinks as they are read).
    pub memory: AtomicUsize,
}

impl<K: Key> Level<K> {
    /// A level of one state.
    pub fn single(key: K) -> Level<K> {
        let mut shards: Vec<Mutex<Option<Sealed<K>>>> = (0..SHARDS)
            .map(|_| {
                Mutex::new(Some(Sealed {
                    entries: Stored::Memory(Vec::new()),
                    big: FxHashMap::default(),
                }))
            })
            .collect();
        shards[shard_of(key)] = Mutex::new(Some(Sealed {
            entries: Stored::Memory(vec![(key, 1)]),
            big: FxHashMap::default(),
        }));
        Level {
            shards,
            states: 1,
            memory: AtomicUsize::new(size_of::<(K, u64)>()),
        }
    }

    /// Distinct states.
    pub fn states(&self) -> u64 {
        self.states
    }

    /// Whether any shard lives on disk.
    pub fn spilled(&self) -> bool {
        self.shards.iter().any(|s| {
            matches!(
                s.lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .as_ref(),
                Some(Sealed {
                    entries: Stored::Disk(_),
                    ..
                })
            )
        })
    }

    pub fn shard_count(&self) -> usize {
        self.shards.len()
    }

    /// Takes shard `index` and hands each of its states to `visit`, then
    /// frees it. Each shard can be read once.
    pub fn drain_shard(&self, index: usize, mut visit: impl FnMut(K, &Weight)) -> io::Result<()> {
        let Some(sealed) = self.shards[index]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
        else {
            return Ok(());
        };
        sealed.visit(&mut visit)?;
        match sealed.entries {
            Stored::Memory(entries) => {
                self.memory
                    .fetch_sub(entries.len() * size_of::<(K, u64)>(), Ordering::Relaxed);
            }
            Stored::Disk(path) => {
                let _ = std::fs::remove_file(&path);
            }
        }
        Ok(())
    }

    /// Every state and weight, shard by shard (consumes the level).
    pub fn drain_all(&self, mut visit: impl FnMut(K, &Weight)) -> io::Result<()> {
        for index in 0..self.shards.len() {
            self.drain_shard(index, &mut visit)?;
        }
        Ok(())
    }

    /// Every state and weight, shard by shard, leaving the level as it is:
    /// a checkpoint reads the level this way, so that writing one needs no
    /// memory of its own (a spilled shard is streamed from its run).
    pub fn visit_all(&self, mut visit: impl FnMut(K, &Weight)) -> io::Result<()> {
        for shard in &self.shards {
            let sealed = shard
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(sealed) = sealed.as_ref() {
                sealed.visit(&mut visit)?;
            }
        }
        Ok(())
    }
}

/// Bytes of one run record: the key and a `u64` weight.
fn record_bytes<K: Key>() -> usize {
    K::BYTES + 8
}

/// Reads a run back, in order.
struct RunReader<K: Key> {
    input: BufReader<File>,
    record: Vec<u8>,
    _key: std::marker::PhantomData<K>,
}

impl<K: Key> RunReader<K> {
    fn open(path: &Path) -> io::Result<RunReader<K>> {
        Ok(RunReader {
            input: BufReader::with_capacity(1 << 20, File::open(path)?),
            record: vec![0u8; record_bytes::<K>()],
            _key: std::marker::PhantomData,
        })
    }

    fn next_entry(&mut self) -> io::Result<Option<(K, u64)>> {
        match self.input.read_exact(&mut self.record) {
            Ok(()) => {
                let key = K::from_le(&self.record);
                let weight =
                    u64::from_le_bytes(self.record[K::BYTES..].try_into().expect("8 bytes"));
                Ok(Some((key, weight)))
            }
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// Merges sorted runs and a sorted in-memory tail into one run at `out`,
/// adding up equal states; sums beyond `u64` go to `big`. Returns the bytes
/// written and the number of distinct states in the run.
fn merge_runs<K: Key>(
    runs: &[PathBuf],
    last: Vec<(K, u64)>,
    out: &Path,
    big: &mut FxHashMap<K, BigUint>,
) -> io::Result<(u64, u64)> {
    let mut readers: Vec<RunReader<K>> = runs
        .iter()
        .map(|p| RunReader::open(p))
        .collect::<io::Result<_>>()?;
    let mut tail = last.into_iter();
    // Heap of (key, source); the tail is source `readers.len()`.
    let mut heads: Vec<Option<(K, u64)>> = Vec::with_capacity(readers.len() + 1);
    let mut heap = BinaryHeap::new();
    for (i, reader) in readers.iter_mut().enumerate() {
        let head = reader.next_entry()?;
        if let Some((k, _)) = head {
            heap.push(Reverse((k, i)));
        }
        heads.push(head);
    }
    let tail_index = readers.len();
    let head = tail.next();
    if let Some((k, _)) = head {
        heap.push(Reverse((k, tail_index)));
    }
    heads.push(head);

    let mut writer = RunWriter::<K>::create(out)?;
    let mut distinct = 0u64;
    let mut current: Option<(K, Weight)> = None;
    while let Some(Reverse((key, source))) = heap.pop() {
        let (_, weight) = heads[source].take().expect("a head for each heap entry");
        let next = if source == tail_index {
            tail.next()
        } else {
            readers[source].next_entry()?
        };
        if let Some((k, _)) = next {
            heap.push(Reverse((k, source)));
        }
        heads[source] = next;
        match &mut current {
            Some((k, w)) if *k == key => *w = w.plus(&Weight::Small(weight)),
            _ => {
                if let Some((k, w)) = current.take() {
                    distinct += u64::from(!big.contains_key(&k));
                    emit(&mut writer, k, w, big)?;
                }
                current = Some((key, Weight::Small(weight)));
            }
        }
    }
    if let Some((k, w)) = current.take() {
        distinct += u64::from(!big.contains_key(&k));
        emit(&mut writer, k, w, big)?;
    }
    Ok((writer.finish()?, distinct))
}

/// Writes a merged entry, or folds it into `big` when it does not fit a
/// `u64` or a big weight already exists for the state.
fn emit<K: Key>(
    writer: &mut RunWriter<K>,
    key: K,
    weight: Weight,
    big: &mut FxHashMap<K, BigUint>,
) -> io::Result<()> {
    match (weight, big.get_mut(&key)) {
        (w, Some(b)) => {
            *b += w.to_biguint();
            Ok(())
        }
        (Weight::Small(w), None) => writer.push(key, w),
        (Weight::Big(w), None) => {
            big.insert(key, w);
            Ok(())
        }
    }
}

/// Writes a run record by record.
struct RunWriter<K: Key> {
    out: BufWriter<File>,
    record: Vec<u8>,
    written: u64,
    _key: std::marker::PhantomData<K>,
}

impl<K: Key> RunWriter<K> {
    fn create(path: &Path) -> io::Result<RunWriter<K>> {
        Ok(RunWriter {
            out: BufWriter::with_capacity(1 << 20, File::create(path)?),
            record: vec![0u8; record_bytes::<K>()],
            written: 0,
            _key: std::marker::PhantomData,
        })
    }

    fn push(&mut self, key: K, weight: u64) -> io::Result<()> {
        key.to_le(&mut self.record);
        self.record[K::BYTES..].copy_from_slice(&weight.to_le_bytes());
        self.out.write_all(&self.record)?;
        self.written += self.record.len() as u64;
        Ok(())
    }

    fn finish(mut self) -> io::Result<u64> {
        self.out.flush()?;
        Ok(self.written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same additions with no limit and with a limit so small that
    /// every batch spills give the same level.
    #[test]
    fn spilled_levels_equal_levels_in_memory() {
        let dir = tempfile::tempdir().unwrap();
        let spill = Spill::new(dir.path());
        let nothing = AtomicUsize::new(0);
        let entries: Vec<(u64, u64)> = (0..20_000u64).map(|i| (i % 3001 * 7919, i)).collect();
        let build = |limit: usize| {
            let level = Building::<u64>::new(limit, &nothing, &spill);
            for chunk in entries.chunks(97) {
                for &(k, w) in chunk {
                    level.add_batch(shard_of(k), &[(k, w)]).unwrap();
                }
            }
            level
                .add_big(7919, &(BigUint::from(u64::MAX) * 3u32))
                .unwrap();
            level.finish().unwrap()
        };
        let collect = |level: Level<u64>| {
            let mut all: Vec<(u64, BigUint)> = Vec::new();
            level
                .drain_all(|k, w| all.push((k, w.to_biguint())))
                .unwrap();
            all.sort();
            all
        };
        let in_memory = build(usize::MAX);
        assert!(!in_memory.spilled());
        assert_eq!(in_memory.states(), 3001);
        let spilled = build(1);
        assert!(spilled.spilled());
        assert_eq!(spilled.states(), 3001);
        assert!(spill.written.load(Ordering::Relaxed) > 0);
        // Visiting leaves the level whole; draining empties it.
        let mut visited: Vec<(u64, BigUint)> = Vec::new();
        spilled
            .visit_all(|k, w| visited.push((k, w.to_biguint())))
            .unwrap();
        visited.sort();
        let expected = collect(in_memory);
        assert_eq!(visited, expected);
        assert_eq!(collect(spilled), expected);
    }

    /// A resident set over the limit spills, whatever the tables count.
    #[test]
    fn a_resident_set_over_its_limit_spills() {
        let dir = tempfile::tempdir().unwrap();
        let spill = Spill::new(dir.path());
        let nothing = AtomicUsize::new(0);
        let level = Building::<u64>::new(usize::MAX, &nothing, &spill).with_resident_limit(1);
        for k in 0..20_000u64 {
            level.add_batch(shard_of(k), &[(k, 1)]).unwrap();
        }
        let level = level.finish().unwrap();
        assert!(level.spilled());
        assert_eq!(level.states(), 20_000);
    }

    #[test]
    fn overflowing_weights_move_to_big() {
        let mut open = Open::<u64>::default();
        open.add(5, u64::MAX);
        open.add(5, 2);
        assert!(open.table.is_empty());
        assert_eq!(open.big[&5], BigUint::from(u64::MAX) + 2u32);
        open.add(5, 1);
        assert_eq!(open.big[&5], BigUint::from(u64::MAX) + 3u32);
    }
}
