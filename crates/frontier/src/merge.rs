//! Reading a partition: its runs merged by key as they are read, the
//! weights of equal states added up.
//!
//! The runs of one partition come from different batches of successors, so
//! a state can be in several of them. The next step never needs them
//! merged on disk: it reads the runs side by side, always taking the
//! smallest key (a heap of the runs' next keys), and sees each state once
//! with its whole weight — the merge of external-memory decision diagrams
//! (Adiar's sorted streams), done while reading. A partition's fan-in is
//! capped when its level is sealed (`level.rs`), so a merge holds a few
//! dozen small read buffers at most.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io;

use crate::run::{Run, RunReader};
use crate::state::Key;
use crate::store::{Released, Store};
use crate::weight::Weight;

/// The states of a set of runs, in key order, each once.
pub struct RunMerge<'s, K: Key> {
    readers: Vec<RunReader<K>>,
    /// Each reader's next entry.
    heads: Vec<Option<(K, Weight)>>,
    /// (next key, reader) of every reader that has one.
    heap: BinaryHeap<Reverse<(K, usize)>>,
    /// What to free once the runs are read (or the merge is dropped).
    released: Vec<(u64, Released)>,
    store: &'s Store,
}

impl<'s, K: Key> RunMerge<'s, K> {
    /// A merge of `runs`, which it takes over and frees when dropped.
    pub fn new(runs: Vec<Run>, store: &'s Store) -> io::Result<RunMerge<'s, K>> {
        let released = runs.iter().map(|r| (r.bytes, Released::of(r))).collect();
        let mut merged = RunMerge {
            readers: Vec::with_capacity(runs.len()),
            heads: Vec::with_capacity(runs.len()),
            heap: BinaryHeap::with_capacity(runs.len()),
            released,
            store,
        };
        for run in runs {
            merged.readers.push(RunReader::open(run)?);
        }
        if merged.readers.len() > 1 {
            for i in 0..merged.readers.len() {
                merged.heads.push(None);
                merged.advance(i)?;
            }
        }
        Ok(merged)
    }

    /// Reads reader `i`'s next entry into its head, and its key into the
    /// heap.
    fn advance(&mut self, i: usize) -> io::Result<()> {
        let next = self.readers[i].next_entry()?;
        if let Some((key, _)) = &next {
            self.heap.push(Reverse((*key, i)));
        }
        self.heads[i] = next;
        Ok(())
    }

    /// Takes the weight of the reader at the top of the heap and moves it
    /// on: its next key replaces the top in place (one sift down, where a
    /// pop and a push would take two), or the top goes if the run is done.
    fn take_top(&mut self) -> io::Result<Weight> {
        let mut top = self.heap.peek_mut().expect("a reader at the top");
        let i = top.0.1;
        let (_, weight) = self.heads[i]
            .take()
            .expect("a head for each reader in the heap");
        let next = self.readers[i].next_entry()?;
        match &next {
            Some((key, _)) => top.0 = (*key, i),
            None => {
                std::collections::binary_heap::PeekMut::pop(top);
            }
        }
        self.heads[i] = next;
        Ok(weight)
    }

    /// The next state with its whole weight, or `None` at the end.
    #[inline]
    pub fn next_state(&mut self) -> io::Result<Option<(K, Weight)>> {
        match self.readers.len() {
            0 => Ok(None),
            1 => self.readers[0].next_entry(),
            _ => {
                let Some(&Reverse((key, _))) = self.heap.peek() else {
                    return Ok(None);
                };
                let mut weight = self.take_top()?;
                while let Some(&Reverse((next, _))) = self.heap.peek() {
                    if next != key {
                        break;
                    }
                    let more = self.take_top()?;
                    weight = weight.plus(&more);
                }
                Ok(Some((key, weight)))
            }
        }
    }
}

impl<K: Key> Drop for RunMerge<'_, K> {
    fn drop(&mut self) {
        self.readers.clear();
        for (bytes, place) in self.released.drain(..) {
            self.store.release(bytes, &place);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Encoder;
    use num_bigint::BigUint;

    fn run(store: &Store, entries: &[(u64, Weight)], disk: bool) -> Run {
        let mut encoder = Encoder::<u64>::with_capacity(entries.len());
        for (k, w) in entries {
            encoder.push_weight(*k, w);
        }
        let (bytes, n) = encoder.finish();
        if disk {
            store.write(&bytes, n).unwrap()
        } else {
            store.keep(bytes, n).unwrap()
        }
    }

    /// Equal states in different runs come out once, with the sum of their
    /// weights, also when the sum passes `u64` — counted once, whatever
    /// moves it to a big weight.
    #[test]
    fn merged_runs_add_equal_states_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), u64::MAX, u64::MAX);
        let a = run(
            &store,
            &[(1, Weight::Small(u64::MAX)), (4, Weight::Small(2))],
            false,
        );
        let b = run(
            &store,
            &[
                (1, Weight::Small(5)),
                (3, Weight::Small(7)),
                (4, Weight::Small(1)),
            ],
            true,
        );
        let c = run(
            &store,
            &[(4, Weight::Big(BigUint::from(u64::MAX) * 2u32))],
            false,
        );
        let mut merged = RunMerge::<u64>::new(vec![a, b, c], &store).unwrap();
        let mut all = Vec::new();
        while let Some((k, w)) = merged.next_state().unwrap() {
            all.push((k, w.to_biguint()));
        }
        assert_eq!(
            all,
            [
                (1, BigUint::from(u64::MAX) + 5u32),
                (3, BigUint::from(7u32)),
                (4, BigUint::from(u64::MAX) * 2u32 + 3u32),
            ]
        );
        drop(merged);
        assert_eq!(store.memory(), 0);
        assert_eq!(store.disk(), 0);
    }
}
