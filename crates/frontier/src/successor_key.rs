//! A successor's key worked out from its state's key, not packed anew.
//!
//! A step reads a state onto the slots after the step (its *base*, see
//! `transition.rs`) and makes each successor by adding one derived edge
//! `a—b` to the base. The successor differs from the base in at most four
//! slots: `a` and `b`, which become inner where they were path ends, and
//! their far ends `ma` and `mb`, which become the two ends of the joined
//! path. Packing each successor anew (classify every slot, number the
//! paths by their first ends, pack the digits) was two fifths of a
//! transition's instructions and its least predictable loop (one round a
//! path; docs/benchmarks.md, *The floor of a state*).
//!
//! **The arithmetic.** A key is linear in its digits: `key = Σ digit(s) ·
//! place(s)` over the slots, where a slot's digit is 1 for an inner slot
//! and, for both ends of a path, its label `2 + i`, `i` being the number
//! of paths whose first end (their lower slot) comes before its own
//! ([`crate::state`]). Write `w(p) = place(f) + place(g)` for a path `p`
//! with ends `f < g`, and `above(s)` for the sum of `w` over the paths
//! whose first end is after slot `s`. Then, relative to the base's key:
//!
//! * removing a path `p` takes off `label(p) · w(p)`, and every path after
//!   it loses one from its label: `above(f)` more;
//! * adding a path `n` adds `label(n) · w(n)` and one to every later
//!   path's label: `above(f_n)`;
//! * a slot that becomes inner adds `place(s)`.
//!
//! The join removes the path through `a` and the one through `b` (a bare
//! slot has none), adds the one from `ma` to `mb`, and makes `a` and `b`
//! inner where they were ends. Each term needs only the base's key, its
//! first ends (for the labels: how many are below a slot), and `above`
//! (one pass over the base's slots, once per state read). A successor's
//! key is then a few dozen word operations (three of them popcounts)
//! with no loop over the paths and no branch on them.
//! The sums wrap (a term subtracted before another is added may pass
//! below zero); the result is exact because the key it arrives at has
//! every digit in range, as the canonical key does.
//!
//! The incremental key and the key packed anew are the same key, state by
//! state and successor by successor: `transition.rs` checks it in every
//! debug build, and `tests::the_key_of_every_successor_is_the_key_packed_anew`
//! on every step of small boards.

use crate::state::{ARRAY, Key, Mates};

/// What a successor's key is worked out from: the base's key, its first
/// ends, and for each slot the weights of the paths whose first end comes
/// after it (see the module docs).
#[derive(Clone, Copy, Debug)]
pub struct BaseCode<K> {
    key: K,
    first_ends: u32,
    above: [K; ARRAY],
}

/// `place(s) + place(t)`: the weight a path's label multiplies.
#[inline]
fn pair<K: Key>(s: usize, t: usize) -> K {
    K::place(s, 1).advance(K::place(t, 1))
}

/// `digit · (place(s) + place(t))`.
#[inline]
fn labelled<K: Key>(s: usize, t: usize, digit: u8) -> K {
    K::place(s, digit).advance(K::place(t, digit))
}

/// `x` where `keep`, else 0 (a select, not a branch: which it is depends
/// on the state).
#[inline]
fn kept<K: Key>(keep: bool, x: K) -> K {
    std::hint::select_unpredictable(keep, x, K::default())
}

impl<K: Key> BaseCode<K> {
    /// The code of `base`, whose key is `key` and whose first ends (the
    /// path ends whose mate is a later slot) are `first_ends`, over its
    /// first `q` slots.
    #[inline]
    pub fn new(base: &Mates, key: K, first_ends: u32, q: usize) -> BaseCode<K> {
        let mut above = [K::default(); ARRAY];
        let mut sum = K::default();
        for s in (0..q.min(ARRAY)).rev() {
            above[s] = sum;
            let w = pair::<K>(s, usize::from(base[s]) & (ARRAY - 1));
            sum = sum.advance(kept(first_ends >> s & 1 == 1, w));
        }
        BaseCode {
            key,
            first_ends,
            above,
        }
    }

    /// The base's own key.
    #[inline]
    pub fn key(&self) -> K {
        self.key
    }

    /// The paths whose first end is below slot `s`.
    #[inline]
    fn below(&self, s: usize) -> u8 {
        (self.first_ends & ((1u32 << s) - 1)).count_ones() as u8
    }

    /// The key of the base with the derived edge `a—b` joined, where that
    /// joins two paths or extends one (not a cycle closing, nor a slot
    /// that is inner): `ma` and `mb` are the base's mates of `a` and `b`
    /// (a bare slot is its own).
    #[inline]
    pub fn joined(&self, a: usize, b: usize, ma: usize, mb: usize) -> K {
        let (a_end, b_end) = (ma != a, mb != b);
        let (fa, ga) = (a.min(ma), a.max(ma));
        let (fb, gb) = (b.min(mb), b.max(mb));
        let (wa, wb) = (pair::<K>(fa, ga), pair::<K>(fb, gb));
        let mut key = self.key;
        // The path through `a` goes; `a` is inner.
        let la = 2 + self.below(fa);
        let gone_a = labelled::<K>(fa, ga, la).advance(self.above[fa]);
        key = key.delta_from(kept(a_end, gone_a));
        key = key.advance(kept(a_end, K::place(a, 1)));
        // The path through `b` goes, with the one through `a` gone
        // already; `b` is inner.
        let lb = 2 + self.below(fb) - u8::from(a_end && fa < fb);
        let after_b = self.above[fb].delta_from(kept(a_end && fa > fb, wa));
        let gone_b = labelled::<K>(fb, gb, lb).advance(after_b);
        key = key.delta_from(kept(b_end, gone_b));
        key = key.advance(kept(b_end, K::place(b, 1)));
        // The path from `ma` to `mb` comes.
        let (fj, gj) = (ma.min(mb), ma.max(mb));
        let lj = 2 + self.below(fj) - u8::from(a_end && fa < fj) - u8::from(b_end && fb < fj);
        let after_j = self.above[fj]
            .delta_from(kept(a_end && fa > fj, wa))
            .delta_from(kept(b_end && fb > fj, wb));
        key.advance(labelled::<K>(fj, gj, lj)).advance(after_j)
    }
}
