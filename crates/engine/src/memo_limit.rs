//! Growing a traversal's hash table within a byte limit.
//!
//! A hash table grows by allocating a table twice its size next to the
//! old one, and for the time of the rehash both are held. On 6×7 open a
//! memo of 470 million entries (13.4 GB) once asked for a 26.8 GB table at
//! once; refused by the system, the allocation would abort the process
//! instead of failing the run. So growth is checked first, against the
//! limit and against what the system will give.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};

use crate::EngineError;

/// Bytes of a std (hashbrown) hash table with `buckets` slots of `T`: the
/// slots and one control byte each.
pub(crate) fn table_bytes<T>(buckets: usize) -> usize {
    buckets.saturating_mul(size_of::<T>() + 1)
}

/// Buckets of a std hash table of this capacity: hashbrown fills a table
/// of eight or more buckets to 7/8, and its bucket counts are powers of 2.
pub(crate) fn buckets_for(capacity: usize) -> usize {
    (capacity.saturating_mul(8) / 7).next_power_of_two()
}

/// Bytes `map` occupies now.
pub(crate) fn map_bytes<K, V, S>(map: &HashMap<K, V, S>) -> usize {
    table_bytes::<(K, V)>(buckets_for(map.capacity()))
}

/// Makes room for one more entry in `map` if it is full. `beside` is what
/// the traversal holds in other tables, counted against the same
/// `max_bytes` (0: no limit).
pub(crate) fn grow<K: Hash + Eq, V, S: BuildHasher>(
    map: &mut HashMap<K, V, S>,
    max_bytes: usize,
    beside: usize,
) -> Result<(), EngineError> {
    if map.len() < map.capacity() {
        return Ok(());
    }
    let old = map_bytes(map);
    let new = 2 * old;
    let needed = old + new;
    if max_bytes != 0 && beside.saturating_add(needed) > max_bytes {
        return Err(EngineError::MemoLimit {
            entries: map.len(),
            needed,
            limit: Some(max_bytes.saturating_sub(beside)),
        });
    }
    map.try_reserve(1).map_err(|_| EngineError::MemoLimit {
        entries: map.len(),
        needed: new,
        limit: None,
    })
}
