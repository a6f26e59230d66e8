//! The state of a frontier, and how it is packed into one integer.
//!
//! After step `m` every square `≤ m` has degree 2, and the edges chosen so
//! far form vertex-disjoint paths. What the rest of the search needs to
//! know about a frontier vertex is its degree and, for a path end, the
//! other end of its path — its *mate*:
//!
//! * **bare**: degree 0 (stored as its own slot, `mate[i] == i`);
//! * **inner**: degree 2, it takes no more edges (`mate[i] == INNER`);
//! * **end**: degree 1, `mate[i]` is the slot of the path's other end.
//!
//! Two sets of chosen edges with the same mates complete in exactly the
//! same ways, so the search keeps one weight per distinct mate table: the
//! number of edge sets that lead to it.
//!
//! **The code** (Knuth's "marked involution" name, pre-fascicle 8A
//! ans. 176). A mate table is written as one digit per slot: 0 bare, 1
//! inner, and for path ends `2 + k`, where the paths are numbered
//! `k = 0, 1, …` in the order of their first end. The numbering makes the
//! code canonical: equal mate tables, equal codes. With `q` slots at most
//! `q/2` paths exist, so a digit is below `2 + q/2`.
//!
//! **Packing.** The digits are packed into one integer key:
//! * up to 18 slots (boards whose short side is at most 8, open or
//!   closed) in a `u64`: digits are below 11, so two of them make a number
//!   below 121, which fits 7 bits, and nine such pairs fit 63 bits. Four
//!   bits a digit would take 72 bits, and a `u64` key halves the memory of
//!   a level against a `u128`. Pairs rather than one base-11 number keep
//!   packing and unpacking to shifts, a multiply by 11 and a table lookup,
//!   with no chain of divisions;
//! * up to 28 slots, 4 bits a digit in a `u128` (digits ≤ 15).
//!
//! Wider frontiers are refused before any work.

use std::fmt::Debug;
use std::hash::Hash;

use crate::sweep::Slot;

/// The most slots a frontier may have (the `u128` packing).
pub const MAX_SLOTS: usize = 28;

/// The length of the arrays that hold a state: the slots, and room for
/// the writes the branch-free loops below send nowhere (slot 31). Indices
/// are masked with 31, so the compiler sees every access in bounds.
pub const ARRAY: usize = 32;

/// The slot that absorbs writes meant for no slot.
const NOWHERE: usize = ARRAY - 1;

/// A degree-2 vertex: it takes no more edges.
pub const INNER: Slot = 0xFE;

/// A decoded state: the mate of every slot.
pub type Mates = [Slot; ARRAY];

/// The digits of a state's code.
pub type Digits = [u8; ARRAY];

/// Writes the code of `mates` (first `q` slots) into `digits`.
///
/// Branch-free: which of bare, inner, first end or second end a slot is
/// depends on the state, and a mispredicted branch per slot costs more
/// than computing every case.
#[inline]
pub fn encode(mates: &Mates, q: usize, digits: &mut Digits) {
    // The label a first end gave its partner, at the partner's slot.
    let mut label_at = [0u8; ARRAY];
    let mut last = 1u8;
    for i in 0..q.min(MAX_SLOTS) {
        let m = mates[i];
        let bare = m as usize == i;
        let inner = m == INNER;
        let first = !bare && !inner && (m as usize) > i;
        last += u8::from(first);
        let partner = (m as usize) & NOWHERE;
        label_at[if first { partner } else { NOWHERE }] = last;
        digits[i] = if bare {
            0
        } else if inner {
            1
        } else if first {
            last
        } else {
            label_at[i]
        };
    }
}

/// Reads the mates of a code of `q` digits.
#[inline]
pub fn decode(digits: &Digits, q: usize, mates: &mut Mates) {
    // The first slot holding each path label (labels are below 16).
    let mut first: [Slot; 16] = [Slot::MAX; 16];
    for i in 0..q.min(MAX_SLOTS) {
        let d = digits[i] & 0xF;
        let f = first[d as usize];
        let label = d >= 2;
        let opens = label && f == Slot::MAX;
        let closes = label && !opens;
        first[d as usize] = if opens { i as Slot } else { f };
        // The second end tells the first where its partner is.
        mates[if closes {
            (f as usize) & NOWHERE
        } else {
            NOWHERE
        }] = i as Slot;
        mates[i] = match d {
            0 => i as Slot,
            1 => INNER,
            _ => f,
        };
    }
}

/// A packed state code: the key of a level's tables.
pub trait Key: Copy + Eq + Ord + Hash + Default + Debug + Send + Sync + 'static {
    /// The most slots this packing holds.
    const MAX_SLOTS: usize;
    /// Bytes of a key on disk.
    const BYTES: usize;

    fn pack(digits: &Digits, q: usize) -> Self;
    fn unpack(self, q: usize, digits: &mut Digits);
    /// A well-mixed 64-bit hash, for sharding.
    fn mix(self) -> u64;
    fn to_le(self, out: &mut [u8]);
    fn from_le(bytes: &[u8]) -> Self;
}

// Two digits below 11 make a pair below 128 (7 bits), and nine pairs of 7
// bits fit a u64.
const _: () = assert!(<u64 as Key>::MAX_SLOTS <= 2 * 9);

/// The two digits of each 7-bit pair `11·high + low`.
const PAIRS: [[u8; 2]; 128] = {
    let mut table = [[0u8; 2]; 128];
    let mut p = 0;
    while p < 121 {
        table[p] = [(p % 11) as u8, (p / 11) as u8];
        p += 1;
    }
    table
};

impl Key for u64 {
    const MAX_SLOTS: usize = 18;
    const BYTES: usize = 8;

    #[inline]
    fn pack(digits: &Digits, q: usize) -> u64 {
        let mut key = 0;
        for pair in 0..q.div_ceil(2) {
            let low = u64::from(digits[2 * pair]);
            let high = if 2 * pair + 1 < q {
                u64::from(digits[2 * pair + 1])
            } else {
                0
            };
            key |= (11 * high + low) << (7 * pair);
        }
        key
    }

    #[inline]
    fn unpack(self, q: usize, digits: &mut Digits) {
        for pair in 0..q.div_ceil(2) {
            let [low, high] = PAIRS[((self >> (7 * pair)) & 0x7F) as usize];
            digits[2 * pair] = low;
            digits[2 * pair + 1] = high;
        }
    }

    #[inline]
    fn mix(self) -> u64 {
        // A multiplicative mix (splitmix64's finaliser): sharding takes the
        // high bits, the tables' own hasher the low ones.
        let mut z = self;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn to_le(self, out: &mut [u8]) {
        out[..8].copy_from_slice(&self.to_le_bytes());
    }

    fn from_le(bytes: &[u8]) -> u64 {
        u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"))
    }
}

impl Key for u128 {
    const MAX_SLOTS: usize = MAX_SLOTS;
    const BYTES: usize = 16;

    #[inline]
    fn pack(digits: &Digits, q: usize) -> u128 {
        digits[..q]
            .iter()
            .enumerate()
            .fold(0, |key, (i, &d)| key | u128::from(d) << (4 * i))
    }

    #[inline]
    fn unpack(self, q: usize, digits: &mut Digits) {
        for (i, d) in digits[..q].iter_mut().enumerate() {
            *d = ((self >> (4 * i)) & 0xF) as u8;
        }
    }

    #[inline]
    fn mix(self) -> u64 {
        ((self as u64) ^ ((self >> 64) as u64).rotate_left(29)).mix()
    }

    fn to_le(self, out: &mut [u8]) {
        out[..16].copy_from_slice(&self.to_le_bytes());
    }

    fn from_le(bytes: &[u8]) -> u128 {
        u128::from_le_bytes(bytes[..16].try_into().expect("16 bytes"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bare, inner, and two paths (slots 1–4 and 2–5), one crossing the other.
    fn sample() -> (Mates, usize) {
        let mut mates = [0; ARRAY];
        mates[..6].copy_from_slice(&[0, 4, 5, INNER, 1, 2]);
        (mates, 6)
    }

    #[test]
    fn codes_number_paths_by_their_first_end() {
        let (mates, q) = sample();
        let mut digits = [0; ARRAY];
        encode(&mates, q, &mut digits);
        assert_eq!(&digits[..q], &[0, 2, 3, 1, 2, 3]);
        let mut back = [0; ARRAY];
        decode(&digits, q, &mut back);
        assert_eq!(&back[..q], &mates[..q]);
    }

    fn round_trip<K: Key>(q: usize) {
        // The widest digits: every slot a path end, paths nested.
        let mut mates = [0; ARRAY];
        for i in 0..q / 2 {
            mates[i] = (q - 1 - i) as Slot;
            mates[q - 1 - i] = i as Slot;
        }
        if q % 2 == 1 {
            mates[q / 2] = INNER;
        }
        let mut digits = [0; ARRAY];
        encode(&mates, q, &mut digits);
        let key = K::pack(&digits, q);
        let mut unpacked = [0; ARRAY];
        key.unpack(q, &mut unpacked);
        assert_eq!(&unpacked[..q], &digits[..q], "{q} slots");
    }

    #[test]
    fn keys_hold_their_widest_codes() {
        for q in 1..=u64::MAX_SLOTS {
            round_trip::<u64>(q);
        }
        for q in 1..=u128::MAX_SLOTS {
            round_trip::<u128>(q);
        }
    }
}
