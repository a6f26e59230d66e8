//! Exact weights: the number of edge sets behind a state, at the width its
//! level needs.
//!
//! Weights grow fast. On square boards up to 8×8 they fit a `u64`, but on
//! a strip every count passes 2⁶⁴ from about the eleventh column on, and
//! so do most weights: 6×40 closed is about 2²¹⁸, 8×32 closed past 2²⁶⁰.
//! A level therefore keeps its weights inline, at one fixed width for the
//! whole level ([`Weight`]: `u64`, or ruint's `Uint` of 128 to 8,192 bits),
//! in its batches and, as varints, in its runs: a wide weight costs its
//! width in a batch and its significant bytes in a run, counted in the
//! memory budget and spilled like every other byte of the level.
//!
//! **Which width, and why nothing wraps.** Each step of a sweep picks the
//! narrowest width of [`Width::LADDER`] that holds `T`, the sum of every
//! weight of the level it reads. Every weight that step reads (a state's
//! whole weight, its runs merged) and every successor's weight (its
//! predecessor's) is at most `T`, so the reads, the merges and the
//! batches fit. Only the sums of equal successors made at sealing can pass
//! the width; each addition there is checked, and a sum past it is
//! finished as a `BigUint` and written as one in the run (`level.rs`'s
//! `seal`). A run adds up its weights as it is encoded
//! ([`Run::weight_bits`]), so the next level's `T` is known when it is
//! sealed, and the next step takes the width that holds it: the width
//! follows the counts up the strip, a level at a time, and comes back
//! down where the states die. A weight that a step reads past its width
//! (a test that forces a width too narrow; a damaged run) stops the sweep
//! with [`WeightOverflow`], never a weight that wrapped.
//!
//! **Why not residues.** Counting modulo several 64-bit primes and
//! recombining at the end would make every addition carry-free, but a
//! residue is a uniformly spread 64-bit number: its varint takes 9–10
//! bytes in a run whatever the weight, where a fixed-width weight takes
//! only its significant bytes, and most states' weights are far below the
//! level's largest. On the widest level of 6×30 closed, a weight takes
//! about 12 bytes in a run, against 40 or so for the residues that would
//! hold the count (docs/benchmarks.md, *Weights past 2⁶⁴*).
//!
//! [`Run::weight_bits`]: crate::run::Run::weight_bits

use num_bigint::BigUint;
use ruint::Uint;

/// A state's weight at a fixed width: added with a checked carry, written
/// in a run as a varint while it fits a `u64` and as its little-endian
/// bytes beyond (`run.rs`).
pub trait Weight: Copy + Default + Eq + Send + Sync + std::fmt::Debug + 'static {
    /// The most bits the width holds.
    const BITS: u32;
    /// The weight `w`, or `None` past the width.
    fn from_u64(w: u64) -> Option<Self>;
    /// `self + other`, or `None` past the width.
    fn checked_add(self, other: Self) -> Option<Self>;
    /// The weight as a `u64`, if it is one.
    fn to_u64(self) -> Option<u64>;
    fn to_biguint(self) -> BigUint;
    /// The weight of little-endian bytes, or `None` past the width.
    fn from_le_bytes(bytes: &[u8]) -> Option<Self>;
    /// Appends the weight's little-endian bytes, without trailing zeros.
    fn write_le_bytes(self, out: &mut Vec<u8>);
    /// Bits of the weight (0 for 0).
    fn bit_len(self) -> u32;
    /// The bytes [`Weight::write_le_bytes`] appends.
    fn le_len(self) -> usize {
        self.bit_len().div_ceil(8) as usize
    }

    /// The classes of end squares the weight tallies: 0 for a plain
    /// count, `N` for a tally (`tally.rs`).
    const TALLIES: usize = 0;

    /// The weight of the same paths once each has taken one more end at a
    /// square of `class` (the apex edge there): a tally adds the weight to
    /// that class, a plain weight stays as it is. `None` past the width.
    #[inline]
    fn ended(self, _class: usize) -> Option<Self> {
        Some(self)
    }

    /// Adds `times` × each class's tally into `into` (a tour that closed:
    /// its directed tours by class of start square). Nothing for a plain
    /// weight.
    #[inline]
    fn add_tallies(self, _times: u32, _into: &mut [Total]) {}
}

impl Weight for u64 {
    const BITS: u32 = 64;

    #[inline]
    fn from_u64(w: u64) -> Option<u64> {
        Some(w)
    }

    #[inline]
    fn checked_add(self, other: u64) -> Option<u64> {
        u64::checked_add(self, other)
    }

    #[inline]
    fn to_u64(self) -> Option<u64> {
        Some(self)
    }

    fn to_biguint(self) -> BigUint {
        BigUint::from(self)
    }

    #[inline]
    fn from_le_bytes(bytes: &[u8]) -> Option<u64> {
        let bytes = within(bytes, 8)?;
        Some(word_of(bytes))
    }

    #[inline]
    fn write_le_bytes(self, out: &mut Vec<u8>) {
        let end = out.len() + self.le_len();
        out.extend_from_slice(&self.to_le_bytes());
        out.truncate(end);
    }

    #[inline]
    fn bit_len(self) -> u32 {
        u64::BITS - self.leading_zeros()
    }
}

impl<const BITS: usize, const LIMBS: usize> Weight for Uint<BITS, LIMBS> {
    const BITS: u32 = BITS as u32;

    #[inline]
    fn from_u64(w: u64) -> Option<Self> {
        Uint::try_from(w).ok()
    }

    #[inline]
    fn checked_add(self, other: Self) -> Option<Self> {
        Uint::checked_add(self, other)
    }

    #[inline]
    fn to_u64(self) -> Option<u64> {
        let limbs = self.as_limbs();
        match limbs.split_first() {
            Some((&low, rest)) if rest.iter().all(|&l| l == 0) => Some(low),
            None => Some(0),
            Some(_) => None,
        }
    }

    fn to_biguint(self) -> BigUint {
        let mut bytes = Vec::with_capacity(LIMBS * 8);
        self.write_le_bytes(&mut bytes);
        BigUint::from_bytes_le(&bytes)
    }

    /// A limb at a time: ruint's own reader goes a byte at a time where
    /// the length is not the full width, which every weight in a run is
    /// (8.6% of 7×16 open's time, profiled). Whole limbs are read as
    /// words and the last one a byte at a time, with no copy of a slice
    /// of variable length (a call to `memmove` each), and the trailing
    /// zeros are looked for only past the width (the writer writes none).
    #[inline]
    fn from_le_bytes(bytes: &[u8]) -> Option<Self> {
        let bytes = within(bytes, LIMBS * 8)?;
        let mut limbs = [0u64; LIMBS];
        let (whole, last) = bytes.as_chunks::<8>();
        for (limb, chunk) in limbs.iter_mut().zip(whole) {
            *limb = u64::from_le_bytes(*chunk);
        }
        if !last.is_empty() {
            limbs[whole.len()] = word_of(last);
        }
        let spare = LIMBS * 64 - BITS;
        if spare > 0 && limbs[LIMBS - 1] >> (64 - spare) != 0 {
            return None;
        }
        Some(Uint::from_limbs(limbs))
    }

    /// Whole limbs, then the output cut back to the significant bytes:
    /// copies of eight bytes, never of a slice of variable length.
    #[inline]
    fn write_le_bytes(self, out: &mut Vec<u8>) {
        let len = Uint::bit_len(&self).div_ceil(8);
        let end = out.len() + len;
        for limb in &self.as_limbs()[..len.div_ceil(8)] {
            out.extend_from_slice(&limb.to_le_bytes());
        }
        out.truncate(end);
    }

    #[inline]
    fn bit_len(self) -> u32 {
        Uint::bit_len(&self) as u32
    }
}

/// `bytes` without their trailing (most significant) zeros.
fn significant(bytes: &[u8]) -> &[u8] {
    let end = bytes.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
    &bytes[..end]
}

/// `bytes`, if their significant bytes fit `width` bytes: as they are
/// where they are no longer (a run's weights, written without trailing
/// zeros), else without their trailing zeros.
#[inline]
fn within(bytes: &[u8], width: usize) -> Option<&[u8]> {
    if bytes.len() <= width {
        return Some(bytes);
    }
    let bytes = significant(bytes);
    (bytes.len() <= width).then_some(bytes)
}

/// The little-endian word of at most eight bytes, a byte at a time: no
/// call to `memmove` for a copy of variable length.
#[inline]
fn word_of(bytes: &[u8]) -> u64 {
    debug_assert!(bytes.len() <= 8);
    bytes
        .iter()
        .rev()
        .fold(0u64, |word, &byte| word << 8 | u64::from(byte))
}

/// The widths a level's weights can take, narrowest first: each step of a
/// sweep takes the narrowest that its bound fits (see the module docs).
/// Each is one compiled copy of the step, so the ladder is short: one
/// width per limb up to four, then 384, 512, 1,024, 2,048, 4,096 and
/// 8,192 bits. A level's sum passes 1,024 bits on long strips: 6×n closed
/// in a sweep of every prefix at about column 171 (its level sums grow by
/// about six bits a column, its counts by four), so `sequence 6 --to 200
/// --closed` needs 2,048; and 3×n open's at about column 1,142 (1.8 bits
/// a column), where OEIS's b-file of A118067 goes to about n = 1,870:
/// thin strips' levels are small, so their sweeps can afford the widest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Width {
    /// 16 bits: a test's way to force a width too narrow for its counts.
    #[cfg(test)]
    Test16,
    W64,
    W128,
    W192,
    W256,
    W384,
    W512,
    W1024,
    W2048,
    W4096,
    W8192,
}

impl Width {
    /// Every width a sweep chooses among, narrowest first.
    pub const LADDER: [Width; 10] = [
        Width::W64,
        Width::W128,
        Width::W192,
        Width::W256,
        Width::W384,
        Width::W512,
        Width::W1024,
        Width::W2048,
        Width::W4096,
        Width::W8192,
    ];

    /// The bits the width holds.
    pub fn bits(self) -> u32 {
        match self {
            #[cfg(test)]
            Width::Test16 => 16,
            Width::W64 => 64,
            Width::W128 => 128,
            Width::W192 => 192,
            Width::W256 => 256,
            Width::W384 => 384,
            Width::W512 => 512,
            Width::W1024 => 1024,
            Width::W2048 => 2048,
            Width::W4096 => 4096,
            Width::W8192 => 8192,
        }
    }

    /// The narrowest width that holds `bits` bits, or `None` past the
    /// widest.
    pub fn holding(bits: u32) -> Option<Width> {
        Width::LADDER.into_iter().find(|w| w.bits() >= bits)
    }
}

/// A width that holds any sum of a level's weights up to 2,048 bits, for
/// the rare paths that must hold any sum (a partition's runs merged down to
/// its fan-in, `level.rs`): the widest but two, so that a count of
/// ordinary boards never merges at thousands of bits.
pub type Wide = Uint<2048, 32>;

/// The same past 2,048 bits: the widest rung and a word for the sum of
/// fewer than 2⁶⁴ of its weights.
pub type Widest = Uint<8256, 129>;

/// Runs `$body` with the type `$W` bound to the weight type of `$width`:
/// the one place a width becomes a type.
macro_rules! with_width {
    ($width:expr, $W:ident => $body:expr) => {{
        use $crate::weight::Width;
        match $width {
            #[cfg(test)]
            Width::Test16 => {
                type $W = ruint::Uint<16, 1>;
                $body
            }
            Width::W64 => {
                type $W = u64;
                $body
            }
            Width::W128 => {
                type $W = ruint::Uint<128, 2>;
                $body
            }
            Width::W192 => {
                type $W = ruint::Uint<192, 3>;
                $body
            }
            Width::W256 => {
                type $W = ruint::Uint<256, 4>;
                $body
            }
            Width::W384 => {
                type $W = ruint::Uint<384, 6>;
                $body
            }
            Width::W512 => {
                type $W = ruint::Uint<512, 8>;
                $body
            }
            Width::W1024 => {
                type $W = ruint::Uint<1024, 16>;
                $body
            }
            Width::W2048 => {
                type $W = ruint::Uint<2048, 32>;
                $body
            }
            Width::W4096 => {
                type $W = ruint::Uint<4096, 64>;
                $body
            }
            Width::W8192 => {
                type $W = ruint::Uint<8192, 128>;
                $body
            }
        }
    }};
}
pub(crate) use with_width;

/// Bits of the sum of numbers of at most `bits` bits each (an upper
/// bound): `bits(Σ 2^bᵢ)`, exact in the exponents; a number of 0 bits is
/// 0 and adds nothing.
pub fn sum_bits(bits: impl IntoIterator<Item = u32>) -> u32 {
    let mut sum = BigUint::ZERO;
    for b in bits.into_iter().filter(|&b| b > 0) {
        sum += BigUint::from(1u32) << b;
    }
    // Σ 2^bᵢ bounds Σ (2^bᵢ − 1) from above; its bits bound the sum's.
    sum.bits() as u32
}

/// A sum of weights passed its width: the bound that chose the width was
/// wrong, or a test forced a width too narrow. The sweep stops; it never
/// goes on with a weight that wrapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a weight passed the {bits}-bit width chosen for it")]
pub struct WeightOverflow {
    pub bits: u32,
}

impl WeightOverflow {
    /// The overflow of width `W`, as the I/O error that the level store's
    /// readers and writers carry (the step turns it back into a
    /// [`crate::FrontierError::WeightOverflow`]).
    pub fn of<W: Weight>() -> std::io::Error {
        std::io::Error::other(WeightOverflow { bits: W::BITS })
    }

    /// The overflow an I/O error carries, if it carries one.
    pub fn within(error: &std::io::Error) -> Option<WeightOverflow> {
        error
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<WeightOverflow>())
            .copied()
    }
}

/// A sum of weights of width `W` that may pass it: added with a checked
/// carry in `W`, the part past it kept in a `BigUint`. What sealing a batch
/// (equal successors) and encoding a run (the run's sum) both add with.
#[derive(Clone, Debug, Default)]
pub struct Sum<W: Weight> {
    within: W,
    beyond: Option<BigUint>,
}

impl<W: Weight> Sum<W> {
    /// The sum of one weight.
    pub fn of(weight: W) -> Sum<W> {
        Sum {
            within: weight,
            beyond: None,
        }
    }

    #[inline]
    pub fn add(&mut self, weight: W) {
        if let Some(sum) = self.within.checked_add(weight) {
            self.within = sum;
        } else {
            *self.beyond.get_or_insert_with(BigUint::default) += self.within.to_biguint();
            self.within = weight;
        }
    }

    pub fn add_big(&mut self, weight: &BigUint) {
        *self.beyond.get_or_insert_with(BigUint::default) += weight;
    }

    /// The sum: in `W` where it fits, else the `BigUint`.
    pub fn value(self) -> Result<W, BigUint> {
        match self.beyond {
            None => Ok(self.within),
            Some(beyond) => Err(beyond + self.within.to_biguint()),
        }
    }

    /// Bits of the sum.
    pub fn bits(self) -> u32 {
        match self.value() {
            Ok(w) => w.bit_len(),
            Err(big) => big.bits() as u32,
        }
    }
}

/// A running total that never wraps: `u128` while it fits, then `BigUint`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Total {
    small: u128,
    big: Option<BigUint>,
}

impl Total {
    /// Adds `weight × times` (a state's weight times the tours it closes).
    #[inline]
    pub fn add_times<W: Weight>(&mut self, weight: W, times: u32) {
        if self.big.is_none()
            && let Some(w) = weight.to_u64()
            && let Some(sum) = self.small.checked_add(u128::from(w) * u128::from(times))
        {
            self.small = sum;
            return;
        }
        *self.big_mut() += weight.to_biguint() * times;
    }

    pub fn add_big(&mut self, weight: &BigUint) {
        *self.big_mut() += weight;
    }

    fn big_mut(&mut self) -> &mut BigUint {
        self.big.get_or_insert_with(|| BigUint::from(self.small))
    }

    pub fn value(&self) -> BigUint {
        self.big
            .clone()
            .unwrap_or_else(|| BigUint::from(self.small))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    type U256 = Uint<256, 4>;
    type U16 = Uint<16, 1>;

    /// Every width's checked sum against `BigUint`'s: equal where it fits
    /// the width, `None` exactly where it does not.
    fn sums_agree<W: Weight>(a: &BigUint, b: &BigUint) {
        let (Some(x), Some(y)) = (
            W::from_le_bytes(&a.to_bytes_le()),
            W::from_le_bytes(&b.to_bytes_le()),
        ) else {
            assert!(a.bits() > u64::from(W::BITS) || b.bits() > u64::from(W::BITS));
            return;
        };
        let exact = a + b;
        match x.checked_add(y) {
            Some(sum) => {
                assert_eq!(sum.to_biguint(), exact);
                assert_eq!(u64::from(sum.bit_len()), exact.bits());
                let mut bytes = Vec::new();
                sum.write_le_bytes(&mut bytes);
                assert_eq!(
                    bytes,
                    if exact.bits() == 0 {
                        vec![]
                    } else {
                        exact.to_bytes_le()
                    }
                );
                assert_eq!(sum.to_u64(), u64::try_from(&exact).ok());
            }
            None => assert!(exact.bits() > u64::from(W::BITS), "{a} + {b}"),
        }
    }

    /// A number of `bits` bits made of runs of ones and zeros, so that
    /// every carry pattern (a carry through whole limbs included) comes up.
    fn number(bits: u32, pattern: u64) -> BigUint {
        let mut n = BigUint::ZERO;
        for i in 0..bits {
            if (pattern >> ((i / 7) % 64)) & 1 == 1 {
                n.set_bit(u64::from(i), true);
            }
        }
        n
    }

    proptest! {
        #[test]
        fn fixed_width_sums_are_the_exact_sums(
            a_bits in 0u32..1100, b_bits in 0u32..1100,
            a_pattern: u64, b_pattern: u64, all_ones: bool,
        ) {
            let a = if all_ones {
                (BigUint::from(1u32) << a_bits) - 1u32
            } else {
                number(a_bits, a_pattern)
            };
            let b = number(b_bits, b_pattern);
            sums_agree::<u64>(&a, &b);
            sums_agree::<U16>(&a, &b);
            sums_agree::<Uint<128, 2>>(&a, &b);
            sums_agree::<Uint<192, 3>>(&a, &b);
            sums_agree::<U256>(&a, &b);
            sums_agree::<Uint<384, 6>>(&a, &b);
            sums_agree::<Uint<512, 8>>(&a, &b);
            sums_agree::<Uint<1024, 16>>(&a, &b);
            sums_agree::<Uint<8192, 128>>(&a, &b);
        }
    }

    /// A weight read back from the bytes it wrote, after other bytes and
    /// with trailing zeros up to and past its width; and a number one bit
    /// past the width refused however it is padded.
    fn bytes_round_trip<W: Weight>(n: &BigUint, padding: usize) {
        let mut bytes = n.to_bytes_le();
        if n.bits() == 0 {
            bytes.clear();
        }
        let fits = n.bits() <= u64::from(W::BITS);
        let padded = [bytes.as_slice(), &vec![0; padding]].concat();
        let Some(w) = W::from_le_bytes(&padded) else {
            assert!(!fits, "{n} padded by {padding}");
            return;
        };
        assert!(fits, "{n} read at {} bits", W::BITS);
        assert_eq!(w.to_biguint(), *n);
        let mut out = vec![7u8; padding % 5];
        w.write_le_bytes(&mut out);
        assert_eq!(out[..padding % 5], vec![7u8; padding % 5]);
        assert_eq!(out[padding % 5..], bytes);
    }

    proptest! {
        #[test]
        fn weights_read_back_what_they_write(
            bits in 0u32..1100, pattern: u64, padding in 0usize..140,
        ) {
            let n = number(bits, pattern);
            bytes_round_trip::<u64>(&n, padding);
            bytes_round_trip::<U16>(&n, padding);
            bytes_round_trip::<Uint<128, 2>>(&n, padding);
            bytes_round_trip::<Uint<192, 3>>(&n, padding);
            bytes_round_trip::<Uint<1024, 16>>(&n, padding);
        }
    }

    #[test]
    fn the_carry_out_of_every_width_is_caught() {
        assert_eq!(u64::MAX.checked_add(1u64), None);
        assert_eq!(U16::from(u16::MAX).checked_add(U16::from(1u64)), None);
        let max = U256::MAX;
        assert_eq!(Weight::checked_add(max, U256::from(1u64)), None);
        let low_full = U256::from(u64::MAX);
        assert_eq!(
            Weight::checked_add(low_full, U256::from(1u64))
                .unwrap()
                .to_biguint(),
            BigUint::from(u64::MAX) + 1u32
        );
        assert_eq!(Width::holding(64), Some(Width::W64));
        assert_eq!(Width::holding(65), Some(Width::W128));
        assert_eq!(Width::holding(219), Some(Width::W256));
        assert_eq!(Width::holding(1025), Some(Width::W2048));
        assert_eq!(Width::holding(2049), Some(Width::W4096));
        assert_eq!(Width::holding(8192), Some(Width::W8192));
        assert_eq!(Width::holding(8193), None);
        // The widest rung's carry, and a sum of its weights held by the
        // width its runs merge at (`Widest`).
        let top = Uint::<8192, 128>::MAX;
        assert_eq!(
            Weight::checked_add(top, Uint::<8192, 128>::from(1u64)),
            None
        );
        let merged = Weight::checked_add(Widest::from(top), Widest::from(top)).unwrap();
        assert_eq!(merged.bit_len(), 8193);
        assert_eq!(sum_bits([3, 3]), 5);
        assert_eq!(sum_bits([10]), 11);
        assert_eq!(sum_bits([0, 0]), 0);
    }

    #[test]
    fn totals_never_wrap() {
        let mut total = Total::default();
        for _ in 0..3 {
            total.add_times(u64::MAX, u32::MAX);
        }
        total.add_times(U256::MAX, 2);
        assert_eq!(
            total.value(),
            BigUint::from(u64::MAX) * u32::MAX * 3u32 + U256::MAX.to_biguint() * 2u32
        );
        let mut small = Total::default();
        small.add_times(5u64, 1);
        small.add_times(7u64, 2);
        assert_eq!(small.value(), BigUint::from(19u32));
    }
}
