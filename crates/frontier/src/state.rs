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

/// Writes the code of `mates` (first `q` slots) into `digits` (the digits
/// from `q` on are 0).
///
/// Two passes instead of one that carries a label from slot to slot: a
/// fixed-length pass, which the compiler vectorises, marks the inner
/// slots (digit 1) and finds the *first ends* (a path end whose mate is
/// further on); then each first end, in slot order, gives the next label
/// to itself and to its mate. That loop runs once per path (a handful),
/// not once per slot, and has no unpredictable branch.
#[inline]
pub fn encode(mates: &Mates, q: usize, digits: &mut Digits) {
    encode_live(mates, &live_words(q), digits);
}

/// [`encode`] with the live bytes of the frontier's width precomputed
/// ([`live_words`]), as a transition does once per step.
#[inline]
pub fn encode_live(mates: &Mates, live: &[u64; 4], digits: &mut Digits) {
    let mut first_ends = classify(mates, live, Some(digits)).first_ends;
    let mut label = 1u8;
    while first_ends != 0 {
        let f = first_ends.trailing_zeros() as usize;
        first_ends &= first_ends - 1;
        label += 1;
        digits[f] = label;
        digits[(mates[f] as usize) & NOWHERE] = label;
    }
}

/// The bytes of the four 8-slot words of a mate table that hold one of a
/// frontier's `q` slots (`0xFF` in each such byte).
pub fn live_words(q: usize) -> [u64; 4] {
    let mut live = [0u64; 4];
    for (k, word) in live.iter_mut().enumerate() {
        *word = match q.saturating_sub(8 * k) {
            0 => 0,
            n if n >= 8 => u64::MAX,
            n => (1u64 << (8 * n)) - 1,
        };
    }
    live
}

/// The inner slots and the first ends of a mate table, as slot masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Classes {
    pub inner: u32,
    /// Path ends whose mate is a later slot.
    pub first_ends: u32,
}

/// Bytes whose high bit is set, one bit per byte.
const HIGH: u64 = 0x8080_8080_8080_8080;
const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// [`INNER`] in every byte.
const INNER_BYTES: u64 = 0xFEFE_FEFE_FEFE_FEFE;

/// Byte `j` of word `k` holds `8k + j + 1`: a slot's mate is a later slot
/// when it is at least this.
const NEXT_SLOT: [u64; 4] = {
    let mut words = [0u64; 4];
    let mut k = 0;
    while k < 4 {
        let mut j = 0;
        while j < 8 {
            words[k] |= ((8 * k + j + 1) as u64) << (8 * j);
            j += 1;
        }
        k += 1;
    }
    words
};

/// The high bits of the eight bytes of `x`, as an 8-bit mask (the
/// multiply gathers bit `8j + 7` at bit `56 + j`).
#[inline]
fn high_bits(x: u64) -> u32 {
    ((x & HIGH).wrapping_mul(0x0002_0408_1020_4081) >> 56) as u32
}

/// Classifies the first `q` slots of `mates` eight at a time, with word
/// arithmetic (SWAR) instead of a loop of compares per slot, which the
/// baseline x86-64 target does not vectorise; with `digits`, also writes
/// 1 for every inner slot and 0 for every other slot.
///
/// A byte is `INNER` exactly when `byte ^ 0xFE` is zero, which the usual
/// zero-byte test finds; a mate (below 32 or `INNER`) is later than slot
/// `i` when `(mate | 0x80) − (i + 1)` keeps its high bit, and no byte
/// borrows from the next.
#[inline]
pub fn classify(mates: &Mates, live: &[u64; 4], digits: Option<&mut Digits>) -> Classes {
    let mut inner = 0u32;
    let mut first_ends = 0u32;
    let mut out = [0u64; 4];
    for k in 0..4 {
        let w = u64::from_le_bytes([
            mates[8 * k],
            mates[8 * k + 1],
            mates[8 * k + 2],
            mates[8 * k + 3],
            mates[8 * k + 4],
            mates[8 * k + 5],
            mates[8 * k + 6],
            mates[8 * k + 7],
        ]);
        let t = w ^ INNER_BYTES;
        let is_inner = !(((t & LOW7) + LOW7) | t) & HIGH & live[k];
        let later = ((w | HIGH) - NEXT_SLOT[k]) & HIGH & !is_inner & live[k];
        inner |= high_bits(is_inner) << (8 * k);
        first_ends |= high_bits(later) << (8 * k);
        out[k] = is_inner >> 7;
    }
    if let Some(digits) = digits {
        for k in 0..4 {
            digits[8 * k..8 * k + 8].copy_from_slice(&out[k].to_le_bytes());
        }
    }
    Classes { inner, first_ends }
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
    /// Bytes of a key unpacked.
    const BYTES: usize;

    fn pack(digits: &Digits, q: usize) -> Self;
    fn unpack(self, q: usize, digits: &mut Digits);
    /// A well-mixed 64-bit hash: the high bits choose a state's partition.
    fn mix(self) -> u64;
    /// `self − earlier`, for runs that store differences of sorted keys.
    #[must_use]
    fn delta_from(self, earlier: Self) -> Self;
    /// `self + delta`, the inverse of [`Key::delta_from`].
    #[must_use]
    fn advance(self, delta: Self) -> Self;
    /// Appends the LEB128 varint of `self`.
    fn write_varint(self, out: &mut Vec<u8>);
    /// Reads a LEB128 varint; `None` if `bytes` does not start with one.
    fn read_varint(bytes: &[u8]) -> Option<(Self, &[u8])>;
}

// Two digits below 11 make a pair below 128 (7 bits), and nine pairs of 7
// bits fit a u64.
const _: () = assert!(<u64 as Key>::MAX_SLOTS <= 2 * 9);

/// What digit `i` is worth in a `u64` key: the low digit of pair `i/2`
/// counts 1, the high one 11, at bit `7·(i/2)`.
const PAIR_WEIGHTS: [u64; 18] = {
    let mut weights = [0u64; 18];
    let mut i = 0;
    while i < 18 {
        weights[i] = (if i % 2 == 0 { 1 } else { 11 }) << (7 * (i / 2));
        i += 1;
    }
    weights
};

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
        // Σ digit·weight over a fixed 18 slots (digits past `q` count as
        // 0): no loop-carried shifts, and the compiler vectorises it.
        let mut key = 0;
        for (i, (&d, &w)) in digits.iter().zip(&PAIR_WEIGHTS).enumerate() {
            key += u64::from(if i < q { d } else { 0 }) * w;
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

    #[inline]
    fn delta_from(self, earlier: u64) -> u64 {
        self.wrapping_sub(earlier)
    }

    #[inline]
    fn advance(self, delta: u64) -> u64 {
        self.wrapping_add(delta)
    }

    #[inline]
    fn write_varint(self, out: &mut Vec<u8>) {
        let mut buffer = unsigned_varint::encode::u64_buffer();
        out.extend_from_slice(unsigned_varint::encode::u64(self, &mut buffer));
    }

    #[inline]
    fn read_varint(bytes: &[u8]) -> Option<(u64, &[u8])> {
        unsigned_varint::decode::u64(bytes).ok()
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

    #[inline]
    fn delta_from(self, earlier: u128) -> u128 {
        self.wrapping_sub(earlier)
    }

    #[inline]
    fn advance(self, delta: u128) -> u128 {
        self.wrapping_add(delta)
    }

    #[inline]
    fn write_varint(self, out: &mut Vec<u8>) {
        let mut buffer = unsigned_varint::encode::u128_buffer();
        out.extend_from_slice(unsigned_varint::encode::u128(self, &mut buffer));
    }

    #[inline]
    fn read_varint(bytes: &[u8]) -> Option<(u128, &[u8])> {
        unsigned_varint::decode::u128(bytes).ok()
    }
}

/// The keys that [`encode`] and both packings give a fixed set of mate
/// tables: what a checkpoint's fingerprint holds of the state code, so
/// that any change to it makes old checkpoints unreadable rather than
/// wrong.
pub fn sample_codes() -> Vec<u128> {
    // Bare, inner, nested and crossing paths, on narrow and wide frontiers.
    let samples: [&[Slot]; 5] = [
        &[0, 1, 2],
        &[INNER, 3, 2, 1, INNER],
        &[5, 4, INNER, 6, 1, 0, 3, 7],
        &[
            2, 3, 0, 1, 4, 9, 8, INNER, 6, 5, 10, 11, 12, 16, INNER, 17, 13, 15,
        ],
        &[
            27, 1, 2, 26, INNER, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
            23, 24, 25, 3, 0,
        ],
    ];
    let mut codes = Vec::new();
    for sample in samples {
        let q = sample.len();
        let mut mates: Mates = [0; ARRAY];
        mates[..q].copy_from_slice(sample);
        let mut digits: Digits = [0; ARRAY];
        encode(&mates, q, &mut digits);
        if q <= <u64 as Key>::MAX_SLOTS {
            codes.push(u128::from(<u64 as Key>::pack(&digits, q)));
        }
        codes.push(<u128 as Key>::pack(&digits, q));
    }
    codes
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

    /// The word arithmetic of `classify` agrees with a compare per slot on
    /// every kind of slot, at every width.
    #[test]
    fn classes_are_found_slot_by_slot() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            let mut mates: Mates = [0; ARRAY];
            for (i, m) in mates.iter_mut().enumerate() {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                *m = match seed >> 61 {
                    0 | 1 => INNER,
                    2 => i as Slot,
                    _ => ((seed >> 32) % 32) as Slot,
                };
            }
            let q = ((seed >> 40) % 33) as usize;
            let mut digits = [7u8; ARRAY];
            let classes = classify(&mates, &live_words(q), Some(&mut digits));
            let (mut inner, mut first) = (0u32, 0u32);
            for i in 0..q.min(32) {
                inner |= u32::from(mates[i] == INNER) << i;
                first |= u32::from(mates[i] != INNER && mates[i] as usize > i) << i;
                assert_eq!(digits[i], u8::from(mates[i] == INNER));
            }
            assert!(digits[q.min(32)..].iter().all(|&d| d == 0));
            assert_eq!(
                classes,
                Classes {
                    inner,
                    first_ends: first
                },
                "{mates:?} q {q}"
            );
        }
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
