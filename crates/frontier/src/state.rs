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

/// The most slots a frontier may have (the `u128` packing).
pub const MAX_SLOTS: usize = 28;

/// The length of the arrays that hold a state: the slots, and room for
/// the writes the branch-free loops below send nowhere (slot 31). Indices
/// are masked with 31, so the compiler sees every access in bounds.
pub const ARRAY: usize = 32;

/// The slot that absorbs writes meant for no slot.
const NOWHERE: usize = ARRAY - 1;

/// A slot index within a frontier (frontiers have at most a few dozen
/// slots).
pub type Slot = u8;

/// A degree-2 vertex: it takes no more edges.
pub const INNER: Slot = 0xFE;

/// A decoded state: the mate of every slot.
pub type Mates = [Slot; ARRAY];

/// The digits of a state's code.
pub type Digits = [u8; ARRAY];

/// The mate table in which every slot is bare (its own mate).
pub const ALL_BARE: Mates = {
    let mut mates = [0; ARRAY];
    let mut i = 0;
    while i < ARRAY {
        mates[i] = i as Slot;
        i += 1;
    }
    mates
};

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

/// Slots `8k … 8k + 7` of a mate table as one little-endian word.
#[inline]
fn mate_word(mates: &Mates, k: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&mates[8 * k..8 * k + 8]);
    u64::from_le_bytes(bytes)
}

/// The high bit of every zero byte of `t`, and no other bit (the usual
/// zero-byte test: no byte borrows from the next).
#[inline]
fn zero_bytes(t: u64) -> u64 {
    !(((t & LOW7) + LOW7) | t) & HIGH
}

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
    let (inner_digits, classes) = classify_words(mates, live);
    if let Some(digits) = digits {
        *digits = digits_of(&inner_digits);
    }
    classes
}

/// [`classify`], with the digits of the inner slots (1) and of every other
/// slot (0) as [`Words`].
#[inline]
pub fn classify_words(mates: &Mates, live: &[u64; 4]) -> (Words, Classes) {
    let mut inner = 0u32;
    let mut first_ends = 0u32;
    let mut out = [0u64; 4];
    for k in 0..4 {
        let w = mate_word(mates, k);
        let t = w ^ INNER_BYTES;
        let is_inner = zero_bytes(t) & live[k];
        let later = ((w | HIGH) - NEXT_SLOT[k]) & HIGH & !is_inner & live[k];
        inner |= high_bits(is_inner) << (8 * k);
        first_ends |= high_bits(later) << (8 * k);
        out[k] = is_inner >> 7;
    }
    (out, Classes { inner, first_ends })
}

/// Byte `j` of word `k` holds `8k + j`: a slot is bare when its mate is
/// this.
const OWN_SLOT: [u64; 4] = {
    let mut words = [0u64; 4];
    let mut k = 0;
    while k < 4 {
        let mut j = 0;
        while j < 8 {
            words[k] |= ((8 * k + j) as u64) << (8 * j);
            j += 1;
        }
        k += 1;
    }
    words
};

/// The bare slots of a mate table (those `live` marks), as a slot mask:
/// the bytes equal to their own slot, found as [`classify_words`] finds
/// the inner ones, eight at a time.
#[inline]
pub fn bare_slots(mates: &Mates, live: &[u64; 4]) -> u32 {
    let mut bare = 0u32;
    for k in 0..4 {
        let w = mate_word(mates, k);
        let t = w ^ OWN_SLOT[k];
        let zero = zero_bytes(t) & live[k];
        bare |= high_bits(zero) << (8 * k);
    }
    bare
}

/// The slots among the first `8·words` whose digit is `digit`, as a slot
/// mask: the zero-byte test of [`classify_words`] on the digits XOR the
/// digit in every byte (a read pairs a path's two ends this way, one test
/// per path instead of a pass over the slots).
#[inline]
pub fn slots_holding(digits: &Words, digit: u8, words: usize) -> u32 {
    let spread = u64::from(digit) * 0x0101_0101_0101_0101;
    let mut slots = 0u32;
    for (k, &w) in digits.iter().enumerate().take(words) {
        let t = w ^ spread;
        let zero = zero_bytes(t);
        slots |= high_bits(zero) << (8 * k);
    }
    slots
}

/// The slots among the first `8·words` whose digit is a path label (2 or
/// more; digits are below 16, so adding `0x7E` sets a byte's high bit
/// exactly then, and no byte carries into the next).
#[inline]
pub fn label_slots(digits: &Words, words: usize) -> u32 {
    let mut slots = 0u32;
    for (k, &w) in digits.iter().enumerate().take(words) {
        slots |= high_bits((w + 0x7E7E_7E7E_7E7E_7E7E) & HIGH) << (8 * k);
    }
    slots
}

/// The key of a mate table (its first slots, those `live` marks): the
/// inner slots' digits packed eight at a time, then each path's label
/// placed at both of its ends, the paths numbered by their first ends. No
/// digit array is written and read back.
#[inline]
pub fn key_of<K: Key>(mates: &Mates, live: &[u64; 4]) -> K {
    let (inner_digits, classes) = classify_words(mates, live);
    key_classified(mates, &inner_digits, classes)
}

/// [`key_of`] from the classification [`classify_words`] made of `mates`
/// (a folded step classifies a successor once, to choose between it and
/// its images, and then keys the one it keeps).
#[inline]
pub fn key_classified<K: Key>(mates: &Mates, inner_digits: &Words, classes: Classes) -> K {
    let mut key = K::pack_words(inner_digits);
    let mut first_ends = classes.first_ends;
    let mut label = 1u8;
    while first_ends != 0 {
        let f = first_ends.trailing_zeros() as usize;
        first_ends &= first_ends - 1;
        label += 1;
        key = key
            .plus(K::place(f, label))
            .plus(K::place(mates[f] as usize, label));
    }
    key
}

/// Reads the mates of a code of `q` digits: the inverse of [`encode`],
/// which the tests check (the sweep itself never needs the mates back
/// from a code: the transition reads the digits directly).
#[cfg(test)]
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

    /// The key of the digits of the first `q` slots.
    fn pack(digits: &Digits, q: usize) -> Self {
        let live = live_words(q);
        let mut words = words_of(digits);
        for (word, live) in words.iter_mut().zip(live) {
            *word &= live;
        }
        Self::pack_words(&words)
    }

    /// The digits of the first `q` slots (the others read 0).
    fn unpack(self, q: usize, digits: &mut Digits) {
        let _ = q;
        *digits = digits_of(&self.unpack_words());
    }

    /// The key of digits given as `Words` (digits of slots the key does
    /// not hold must be 0).
    fn pack_words(words: &Words) -> Self;
    /// The digits of the key as `Words`.
    fn unpack_words(self) -> Words;
    /// The key in which slot `slot` holds `digit` and every other slot 0
    /// (0 for a slot the key does not hold): keys add up digit by digit.
    fn place(slot: usize, digit: u8) -> Self;
    /// `self + other`, digit by digit (the digits never carry).
    #[must_use]
    fn plus(self, other: Self) -> Self;
    /// Where a state is kept: a well-mixed 64-bit hash of its digits but
    /// the [`PLACED_FROM`] lowest. Its high bits choose the state's
    /// partition of a level, its remainder the process that owns it in a
    /// cluster.
    ///
    /// **Why not the lowest slots.** A run stores each key as its
    /// difference from the one before, and a partition holds a level's
    /// keys thinned by the hash. Hashed whole, a partition's neighbours
    /// are a random `1/partitions` of the level and lie far apart; hashed
    /// past the six lowest slots, the states that differ only there stay
    /// together, and so stay neighbours in their run. At 8×7 closed's
    /// widest level (64 partitions, 3 runs each: `examples/run_bytes.rs`)
    /// a key's difference fell from 4.36 bytes to 2.59 and a record from
    /// 5.81 to 4.04, the partitions' sizes within 8% of their mean; in
    /// the sweep, 8×8 closed's widest level fell from 9.68 bytes a state
    /// to 6.04 (docs/benchmarks.md, *A partition by the high slots*).
    fn placement(self) -> u64;
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
    /// Sorts a batch of successors by key (the order of equal keys is
    /// free: their weights are added up next).
    ///
    /// A radix sort (`radsort`, least significant byte first, skipping
    /// the bytes every key shares): keys are plain integers, and a batch
    /// is sorted in a few linear passes instead of `n log n` comparisons.
    /// Measured in docs/benchmarks.md, *The batch sort*.
    fn sort_batch<W: Copy>(batch: &mut [(Self, W)]);
}

/// The lowest slots, which [`Key::placement`] leaves out of its hash (an
/// even number: the `u64` packing holds slots in pairs).
pub const PLACED_FROM: usize = 6;
const _: () = assert!(PLACED_FROM.is_multiple_of(2));

/// A multiplicative mix (splitmix64's finaliser): a level's partitions
/// take its high bits, a cluster's owners its remainder.
#[inline]
fn mix(x: u64) -> u64 {
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

// Two digits below 11 make a pair below 128 (7 bits), and nine pairs of 7
// bits fit a u64.
const _: () = assert!(<u64 as Key>::MAX_SLOTS <= 2 * 9);

/// A state's digits as four little-endian words, one byte per slot: the
/// form in which keys are packed and unpacked eight digits at a time with
/// word arithmetic (SWAR), with no loop over digits and no table.
pub type Words = [u64; 4];

/// The digits as [`Words`].
#[inline]
pub fn words_of(digits: &Digits) -> Words {
    let mut words = [0u64; 4];
    for (word, chunk) in words.iter_mut().zip(digits.chunks_exact(8)) {
        *word = u64::from_le_bytes(chunk.try_into().expect("eight digits"));
    }
    words
}

/// [`Words`] as digits.
#[inline]
pub fn digits_of(words: &Words) -> Digits {
    let mut digits = [0u8; ARRAY];
    for (chunk, word) in digits.chunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    digits
}

/// What digit `i` is worth in a `u64` key: the low digit of pair `i/2`
/// counts 1, the high one 11, at bit `7·(i/2)`; slots past 18 count 0.
const PAIR_WEIGHTS: [u64; ARRAY] = {
    let mut weights = [0u64; ARRAY];
    let mut i = 0;
    while i < 18 {
        weights[i] = (if i % 2 == 0 { 1 } else { 11 }) << (7 * (i / 2));
        i += 1;
    }
    weights
};

/// The even bytes of a word: four 16-bit lanes.
const LANES: u64 = 0x00FF_00FF_00FF_00FF;

/// Eight digits (below 11) to the four 7-bit pairs `low + 11·high` they
/// make, at bits 0, 7, 14 and 21. The pairs are made in 16-bit lanes (a
/// pair is below 121, so no lane carries into the next), then moved down
/// to their fields.
#[inline]
fn pair_fields(word: u64) -> u64 {
    let t = (word & LANES) + 11 * ((word >> 8) & LANES);
    (t & 0x7F) | ((t >> 9) & (0x7F << 7)) | ((t >> 18) & (0x7F << 14)) | ((t >> 27) & (0x7F << 21))
}

/// The reverse of [`pair_fields`]: four 7-bit pairs to eight digits. The
/// pairs go to 16-bit lanes; `high = ⌊pair / 11⌋ = (pair · 187) >> 11` for
/// every pair below 121 (checked by a test), computed in all lanes by one
/// multiplication that no lane overflows (120 · 187 < 2^16); `low = pair −
/// 11·high`.
#[inline]
fn digits_of_pairs(fields: u64) -> u64 {
    let t = (fields & 0x7F)
        | ((fields << 9) & (0x7F << 16))
        | ((fields << 18) & (0x7F << 32))
        | ((fields << 27) & (0x7F << 48));
    let high = ((t * 187) >> 11) & 0x000F_000F_000F_000F;
    let low = t - 11 * high;
    low | (high << 8)
}

/// Eight digits below 16 to eight 4-bit fields (32 bits).
#[inline]
fn nibbles_of(word: u64) -> u64 {
    let x = word & 0x0F0F_0F0F_0F0F_0F0F;
    let x = (x | (x >> 4)) & LANES;
    let x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    (x | (x >> 16)) & 0xFFFF_FFFF
}

/// The reverse of [`nibbles_of`].
#[inline]
fn digits_of_nibbles(nibbles: u64) -> u64 {
    let x = nibbles & 0xFFFF_FFFF;
    let x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    let x = (x | (x << 8)) & LANES;
    (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F
}

impl Key for u64 {
    const MAX_SLOTS: usize = 18;
    const BYTES: usize = 8;

    #[inline]
    fn pack_words(words: &Words) -> u64 {
        pair_fields(words[0]) | (pair_fields(words[1]) << 28) | (pair_fields(words[2]) << 56)
    }

    #[inline]
    fn unpack_words(self) -> Words {
        [
            digits_of_pairs(self & 0x0FFF_FFFF),
            digits_of_pairs((self >> 28) & 0x0FFF_FFFF),
            digits_of_pairs(self >> 56),
            0,
        ]
    }

    #[inline]
    fn place(slot: usize, digit: u8) -> u64 {
        PAIR_WEIGHTS[slot & (ARRAY - 1)] * u64::from(digit)
    }

    #[inline]
    fn plus(self, other: u64) -> u64 {
        self + other
    }

    #[inline]
    fn placement(self) -> u64 {
        // Three 7-bit pairs are the six lowest slots.
        mix(self >> (7 * PLACED_FROM / 2))
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

    fn sort_batch<W: Copy>(batch: &mut [(u64, W)]) {
        radsort::sort_by_key(batch, |&(key, _)| key);
    }
}

impl Key for u128 {
    const MAX_SLOTS: usize = MAX_SLOTS;
    const BYTES: usize = 16;

    #[inline]
    fn pack_words(words: &Words) -> u128 {
        u128::from(nibbles_of(words[0]))
            | (u128::from(nibbles_of(words[1])) << 32)
            | (u128::from(nibbles_of(words[2])) << 64)
            | (u128::from(nibbles_of(words[3]) & 0xFFFF) << 96)
    }

    #[inline]
    fn unpack_words(self) -> Words {
        [
            digits_of_nibbles(self as u64),
            digits_of_nibbles((self >> 32) as u64),
            digits_of_nibbles((self >> 64) as u64),
            digits_of_nibbles((self >> 96) as u64),
        ]
    }

    #[inline]
    fn place(slot: usize, digit: u8) -> u128 {
        if slot < MAX_SLOTS {
            u128::from(digit) << (4 * slot)
        } else {
            0
        }
    }

    #[inline]
    fn plus(self, other: u128) -> u128 {
        self + other
    }

    #[inline]
    fn placement(self) -> u64 {
        // Four bits a slot.
        let high = self >> (4 * PLACED_FROM);
        mix((high as u64) ^ ((high >> 64) as u64).rotate_left(29))
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

    fn sort_batch<W: Copy>(batch: &mut [(u128, W)]) {
        radsort::sort_by_key(batch, |&(key, _)| key);
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

    /// The word tests of a read and of the fold agree with a compare per
    /// slot: the slots holding a digit, the slots holding a label, the
    /// bare slots.
    #[test]
    fn word_tests_find_what_a_compare_per_slot_finds() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            let mut digits: Digits = [0; ARRAY];
            let mut mates: Mates = [0; ARRAY];
            let q = {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                ((seed >> 40) % 29) as usize
            };
            for i in 0..q {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                digits[i] = ((seed >> 33) % 16) as u8;
                mates[i] = match seed >> 61 {
                    0 | 1 => INNER,
                    2 | 3 => i as Slot,
                    _ => ((seed >> 20) % 32) as Slot,
                };
            }
            let words = words_of(&digits);
            let used = q.div_ceil(8);
            let slots = |test: &dyn Fn(usize) -> bool| {
                (0..q).fold(0u32, |m, i| m | u32::from(test(i)) << i)
            };
            for digit in 2..16 {
                assert_eq!(
                    slots_holding(&words, digit, used),
                    slots(&|i| digits[i] == digit)
                );
            }
            assert_eq!(label_slots(&words, used), slots(&|i| digits[i] >= 2));
            assert_eq!(
                bare_slots(&mates, &live_words(q)),
                slots(&|i| mates[i] as usize == i)
            );
        }
    }

    /// `(p · 187) >> 11` is `⌊p / 11⌋` for every pair a key holds.
    #[test]
    fn pairs_divide_by_eleven_by_a_multiplication() {
        for p in 0u64..121 {
            assert_eq!((p * 187) >> 11, p / 11, "{p}");
        }
    }

    /// Every key packs and unpacks digit for digit, for random digits.
    #[test]
    fn words_pack_and_unpack_exactly() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % below) as u8
        };
        for _ in 0..10_000 {
            for (q, below) in [(18usize, 11u64), (28, 16)] {
                let mut digits = [0u8; ARRAY];
                for d in digits.iter_mut().take(q) {
                    *d = next(below);
                }
                let mut back = [0u8; ARRAY];
                if q == 18 {
                    let key = <u64 as Key>::pack(&digits, q);
                    let by_place = (0..q).fold(0u64, |k, i| k.plus(u64::place(i, digits[i])));
                    assert_eq!(key, by_place);
                    key.unpack(q, &mut back);
                } else {
                    let key = <u128 as Key>::pack(&digits, q);
                    let by_place = (0..q).fold(0u128, |k, i| k.plus(u128::place(i, digits[i])));
                    assert_eq!(key, by_place);
                    key.unpack(q, &mut back);
                }
                assert_eq!(back, digits, "{q} slots");
            }
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

    /// Keys that differ only in their lowest slots are placed together, so
    /// that they stay neighbours in a partition's runs; the next slot up
    /// moves a state, and the placements spread over the partitions.
    fn placed_by_the_high_slots<K: Key>() {
        let base = (PLACED_FROM..K::MAX_SLOTS)
            .step_by(3)
            .fold(K::default(), |k, s| k.plus(K::place(s, 2)));
        for slot in 0..PLACED_FROM {
            for digit in 1..=9 {
                let low = base.plus(K::place(slot, digit));
                assert_eq!(low.placement(), base.placement(), "slot {slot}");
            }
        }
        assert_ne!(
            base.plus(K::place(PLACED_FROM, 1)).placement(),
            base.placement()
        );
        // 4,096 keys that differ above the lowest slots, over 64 partitions:
        // each gets some and none more than twice its share.
        let mut partitions = [0u32; 64];
        for x in 0..4096u32 {
            let key = (0..4).fold(base, |k, i| {
                k.plus(K::place(PLACED_FROM + 1 + i, ((x >> (3 * i)) & 7) as u8))
            });
            partitions[(key.placement() >> 58) as usize] += 1;
        }
        assert!(
            partitions.iter().all(|&n| (1..=128).contains(&n)),
            "{partitions:?}"
        );
    }

    #[test]
    fn a_key_is_placed_by_its_high_slots() {
        placed_by_the_high_slots::<u64>();
        placed_by_the_high_slots::<u128>();
    }
}
