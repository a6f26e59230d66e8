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
use crate::weight::{Weight, WeightOverflow};

/// The states of a set of runs, in key order, each once, with weights of
/// width `W`.
pub struct RunMerge<'s, K: Key, W: Weight> {
    readers: Vec<RunReader<K>>,
    /// Each reader's next entry.
    heads: Vec<Option<(K, W)>>,
    /// (next key, reader) of every reader that has one.
    heap: BinaryHeap<Reverse<(K, usize)>>,
    /// What to free once the runs are read (or the merge is dropped).
    released: Vec<(u64, Released)>,
    store: &'s Store,
}

impl<'s, K: Key, W: Weight> RunMerge<'s, K, W> {
    /// A merge of `runs`, which it takes over and frees when dropped.
    pub fn new(runs: Vec<Run>, store: &'s Store) -> io::Result<RunMerge<'s, K, W>> {
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
    fn take_top(&mut self) -> io::Result<W> {
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
    pub fn next_state(&mut self) -> io::Result<Option<(K, W)>> {
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
                    weight = weight
                        .checked_add(more)
                        .ok_or_else(WeightOverflow::of::<W>)?;
                }
                Ok(Some((key, weight)))
            }
        }
    }
}

impl<K: Key, W: Weight> Drop for RunMerge<'_, K, W> {
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
    use ruint::Uint;

    type U128 = Uint<128, 2>;

    fn run(store: &Store, entries: &[(u64, U128)], disk: bool) -> Run {
        let mut encoder = Encoder::<u64, U128>::with_capacity(entries.len());
        for &(k, w) in entries {
            encoder.push(k, w);
        }
        let encoded = encoder.finish();
        if disk {
            store.write(&encoded).unwrap()
        } else {
            store.keep(encoded).unwrap()
        }
    }

    fn w(n: u128) -> U128 {
        U128::from(n)
    }

    /// Equal states in different runs come out once, with the sum of their
    /// weights, also when the sum passes `u64`; a sum past the width is an
    /// error, never a weight that wrapped.
    #[test]
    fn merged_runs_add_equal_states_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), u64::MAX, u64::MAX);
        let max = u128::from(u64::MAX);
        let a = run(&store, &[(1, w(max)), (4, w(2))], false);
        let b = run(&store, &[(1, w(5)), (3, w(7)), (4, w(1))], true);
        let c = run(&store, &[(4, w(max * 2))], false);
        let mut merged = RunMerge::<u64, U128>::new(vec![a, b, c], &store).unwrap();
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

        let a = run(&store, &[(1, w(u128::MAX))], false);
        let b = run(&store, &[(1, w(1))], false);
        let mut merged = RunMerge::<u64, U128>::new(vec![a, b], &store).unwrap();
        let error = merged.next_state().unwrap_err();
        assert_eq!(
            WeightOverflow::within(&error),
            Some(WeightOverflow { bits: 128 })
        );
        // Read at a width too narrow for a weight it holds: an error too.
        let a = run(&store, &[(1, w(max + 1))], true);
        let mut narrow = RunMerge::<u64, u64>::new(vec![a], &store).unwrap();
        assert!(WeightOverflow::within(&narrow.next_state().unwrap_err()).is_some());
    }
}
