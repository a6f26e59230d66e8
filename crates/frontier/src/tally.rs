//! A weight that also tallies the paths' ends by class of square: the
//! table by start square in one sweep.
//!
//! An open tour is a Hamiltonian cycle through the apex, and its two ends
//! are the two squares that take an apex edge. A [`Tally`] carries, beside
//! a state's weight `W` (the partial paths it stands for), one number
//! `ends[c]` for each class `c` of squares: the apex edges those paths
//! have taken at squares of class `c`, summed over the paths. A step that
//! takes the apex edge at its vertex adds `W` to the vertex's class
//! ([`Weight::ended`]); states that merge add their tallies as they add
//! their weights. When a tour closes, `ends[c]` is the number of its
//! directed tours that start in class `c` (each undirected tour with an
//! end in `c` is one directed tour from that end), so the closed tallies,
//! summed over the sweep, are the table by start square by class; their
//! sum is twice the cycles, a check the sweep carries in itself.
//!
//! The classes are orbits of the board's whole symmetry group, so a
//! state's mirror image has the same tallies, and the fold applies
//! unchanged (`docs/frontier.md`, *The table by start square in one
//! sweep*).
//!
//! **Width.** Each path has at most two apex edges, so `Σ ends[c] ≤ 2W`:
//! a tally needs one bit more than its weight. A sweep with tallies takes
//! a width with room for that bit and for every sum of equal successors
//! (`sweep_loop.rs`), so a sum never passes it; one that would is a
//! [`crate::weight::WeightOverflow`], never a wrapped tally.
//!
//! **In a run.** A tally whose `ends` are all 0 (every state before its
//! paths reach an end) is written as its weight alone; any other as a
//! mask of the classes whose tally is not 0 (a bit a class), then the
//! weight and those tallies, each a length byte and its significant
//! little-endian bytes: most of a state's classes are 0 (7×7's runs took
//! 20.8 bytes a state with a length byte for every class, 15.9 with the
//! mask; the whole count's 5.7).

use num_bigint::BigUint;

use crate::weight::{Total, Weight};

/// A weight and its tallies by class of end square, `N` classes at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally<W: Weight, const N: usize> {
    weight: W,
    ends: [W; N],
}

impl<W: Weight, const N: usize> Default for Tally<W, N> {
    fn default() -> Self {
        Tally {
            weight: W::default(),
            ends: [W::default(); N],
        }
    }
}

impl<W: Weight, const N: usize> Tally<W, N> {
    /// The bytes of the mask of the classes whose tally is not 0.
    const MASK_BYTES: usize = N.div_ceil(8);

    fn plain(&self) -> bool {
        self.ends.iter().all(|&e| e == W::default())
    }
}

impl<W: Weight, const N: usize> Weight for Tally<W, N> {
    const BITS: u32 = W::BITS;
    const TALLIES: usize = N;

    #[inline]
    fn from_u64(w: u64) -> Option<Self> {
        Some(Tally {
            weight: W::from_u64(w)?,
            ends: [W::default(); N],
        })
    }

    #[inline]
    fn checked_add(self, other: Self) -> Option<Self> {
        let mut sum = Tally {
            weight: self.weight.checked_add(other.weight)?,
            ends: self.ends,
        };
        for (e, &o) in sum.ends.iter_mut().zip(&other.ends) {
            *e = e.checked_add(o)?;
        }
        Some(sum)
    }

    /// The weight alone, where no path has reached an end yet (so that
    /// the run writes it as a plain weight).
    #[inline]
    fn to_u64(self) -> Option<u64> {
        if self.plain() {
            self.weight.to_u64()
        } else {
            None
        }
    }

    /// The weight: the paths the state stands for.
    fn to_biguint(self) -> BigUint {
        self.weight.to_biguint()
    }

    fn from_le_bytes(bytes: &[u8]) -> Option<Self> {
        let (mask, mut bytes) = bytes.split_at_checked(Self::MASK_BYTES)?;
        let mut part = || -> Option<W> {
            let (&len, rest) = bytes.split_first()?;
            let (number, rest) = rest.split_at_checked(usize::from(len))?;
            bytes = rest;
            W::from_le_bytes(number)
        };
        let mut tally = Tally {
            weight: part()?,
            ends: [W::default(); N],
        };
        for (i, end) in tally.ends.iter_mut().enumerate() {
            if mask[i / 8] & (1 << (i % 8)) != 0 {
                *end = part().filter(|&e| e != W::default())?;
            }
        }
        // No bit past the classes, and nothing after the last part.
        let bits = mask.iter().map(|b| b.count_ones()).sum::<u32>() as usize;
        let set = tally.ends.iter().filter(|&&e| e != W::default()).count();
        (bytes.is_empty() && bits == set).then_some(tally)
    }

    fn write_le_bytes(self, out: &mut Vec<u8>) {
        let at = out.len();
        out.resize(at + Self::MASK_BYTES, 0);
        for (i, &end) in self.ends.iter().enumerate() {
            if end != W::default() {
                out[at + i / 8] |= 1 << (i % 8);
            }
        }
        let ends = self.ends.into_iter().filter(|&e| e != W::default());
        for part in std::iter::once(self.weight).chain(ends) {
            let at = out.len();
            out.push(0);
            part.write_le_bytes(out);
            // At most 128 bytes a part: every width of a tally is far below.
            out[at] = u8::try_from(out.len() - at - 1).unwrap_or(u8::MAX);
        }
    }

    fn le_len(self) -> usize {
        let ends = self.ends.into_iter().filter(|&e| e != W::default());
        Self::MASK_BYTES
            + std::iter::once(self.weight)
                .chain(ends)
                .map(|p| 1 + p.le_len())
                .sum::<usize>()
    }

    /// Bits of the weight: what bounds the next level's width (the
    /// tallies' extra bit is the sweep's margin).
    fn bit_len(self) -> u32 {
        self.weight.bit_len()
    }

    #[inline]
    fn ended(self, class: usize) -> Option<Self> {
        let mut ended = self;
        let end = ended.ends.get_mut(class)?;
        *end = end.checked_add(self.weight)?;
        Some(ended)
    }

    fn add_tallies(self, times: u32, into: &mut [Total]) {
        for (total, &end) in into.iter_mut().zip(&self.ends) {
            if end != W::default() {
                total.add_times(end, times);
            }
        }
    }
}

/// The bits a sweep with tallies adds to its level's sum to choose a
/// width: one for the tallies (`Σ ends ≤ 2W`, `tally.rs`) and six for the
/// sums of equal successors (a state has at most `1 + 9 + 36` successors:
/// none, one or two of a vertex's eight moves and its apex edge), so that
/// no sum passes it.
pub const TALLY_MARGIN_BITS: u32 = 7;

/// The most classes a tally holds: the widest tally, which the table by
/// end square from one square takes (8×8's 32 squares of the other
/// colour, from a square no symmetry fixes; `crate::by_end`).
pub const MAX_TALLY_CLASSES: usize = 32;

/// The widest weight under a tally: a count whose tallies need more is
/// counted a class at a time.
pub const TALLY_MAX_BITS: u32 = 128;

/// [`with_width`] for a sweep that may keep tallies: `$tallies` is the
/// number of classes (`None`: a plain weight of `$width`). A tally is
/// `u64` or 128 bits wide, of ten classes, sixteen or
/// [`MAX_TALLY_CLASSES`]; a wider width than the sweep chose
/// for it only reads and checks at 128 bits. (Each is the whole sweep
/// loop compiled once more: three widths of classes, not one a count.)
macro_rules! with_weight {
    ($tallies:expr, $width:expr, $W:ident => $body:expr) => {{
        use $crate::tally::Tally;
        use $crate::weight::Width;
        const WIDEST: usize = $crate::tally::MAX_TALLY_CLASSES;
        match ($tallies, $width) {
            (None, width) => $crate::weight::with_width!(width, $W => $body),
            (Some(n), Width::W64) if n <= 10 => {
                type $W = Tally<u64, 10>;
                $body
            }
            (Some(n), Width::W64) if n <= 16 => {
                type $W = Tally<u64, 16>;
                $body
            }
            (Some(_), Width::W64) => {
                type $W = Tally<u64, WIDEST>;
                $body
            }
            (Some(n), _) if n <= 10 => {
                type $W = Tally<ruint::Uint<128, 2>, 10>;
                $body
            }
            (Some(n), _) if n <= 16 => {
                type $W = Tally<ruint::Uint<128, 2>, 16>;
                $body
            }
            (Some(_), _) => {
                type $W = Tally<ruint::Uint<128, 2>, WIDEST>;
                $body
            }
        }
    }};
}
pub(crate) use with_weight;

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use ruint::Uint;

    use super::*;

    type T = Tally<Uint<128, 2>, 4>;

    fn tally(weight: u128, ends: [u128; 4]) -> T {
        Tally {
            weight: Uint::from(weight),
            ends: ends.map(Uint::from),
        }
    }

    proptest! {
        #[test]
        fn a_tally_comes_back_from_its_bytes(
            w in 1u128..,
            ends in any::<[u128; 4]>(),
            zero in any::<[bool; 4]>(),
        ) {
            let mut ends = ends;
            for (e, z) in ends.iter_mut().zip(zero) {
                if z {
                    *e = 0;
                }
            }
            let t = tally(w, ends);
            let mut bytes = Vec::new();
            t.write_le_bytes(&mut bytes);
            prop_assert_eq!(bytes.len(), t.le_len());
            prop_assert_eq!(T::from_le_bytes(&bytes), Some(t));
            // A byte more or less is not a tally.
            prop_assert_eq!(T::from_le_bytes(&bytes[..bytes.len() - 1]), None);
            bytes.push(0);
            prop_assert_eq!(T::from_le_bytes(&bytes), None);
        }

        #[test]
        fn tallies_add_part_by_part_and_never_wrap(
            a in any::<[u128; 5]>(),
            b in any::<[u128; 5]>(),
        ) {
            let x = tally(a[0], [a[1], a[2], a[3], a[4]]);
            let y = tally(b[0], [b[1], b[2], b[3], b[4]]);
            let exact: Option<Vec<u128>> =
                a.iter().zip(&b).map(|(p, q)| p.checked_add(*q)).collect();
            match (x.checked_add(y), exact) {
                (Some(sum), Some(parts)) => {
                    prop_assert_eq!(sum, tally(parts[0], [parts[1], parts[2], parts[3], parts[4]]));
                }
                (None, None) => {}
                (got, exact) => prop_assert!(false, "{got:?} against {exact:?}"),
            }
        }
    }

    #[test]
    fn an_end_adds_the_weight_to_its_class() {
        let t = tally(5, [0, 3, 0, 0]).ended(1).unwrap().ended(3).unwrap();
        assert_eq!(t, tally(5, [0, 8, 0, 5]));
        assert_eq!(t.to_u64(), None);
        assert_eq!(tally(5, [0; 4]).to_u64(), Some(5));
        assert_eq!(tally(u128::MAX, [u128::MAX - 1, 0, 0, 0]).ended(0), None);
        let mut totals = vec![Total::default(); 4];
        t.add_tallies(3, &mut totals);
        let values: Vec<BigUint> = totals.iter().map(Total::value).collect();
        assert_eq!(values, [0u32, 24, 0, 15].map(BigUint::from));
    }
}
