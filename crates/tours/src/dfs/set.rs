//! Sets of squares as the bits of one machine integer: visited sets and
//! neighbourhoods in a handful of instructions each.
//!
//! The counter uses `u64` (boards of at most 64 squares, the fastest); the
//! finder uses `u128`, since the pieces of the divide-and-conquer
//! construction have up to 100 squares.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of squares numbered `0..CAPACITY`.
pub(crate) trait SquareSet:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
{
    /// No square.
    const EMPTY: Self;
    /// How many squares a set can number.
    const CAPACITY: usize;

    /// `{square}`.
    fn unit(square: u32) -> Self;

    /// The squares numbered higher than `square`.
    fn above(square: u32) -> Self;

    fn contains(self, square: u32) -> bool;

    fn len(self) -> u32;

    /// The lowest square; meaningless on the empty set.
    fn lowest(self) -> u32;

    /// The set without its lowest square.
    fn without_lowest(self) -> Self;

    /// The squares in increasing order.
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
}

/// The squares of a set in increasing order.
pub(crate) struct Squares<S>(S);

impl<S: SquareSet> Iterator for Squares<S> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.0 == S::EMPTY {
            return None;
        }
        let square = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(square)
    }
}

macro_rules! square_set {
    ($bits:ty) => {
        impl SquareSet for $bits {
            const EMPTY: Self = 0;
            const CAPACITY: usize = <$bits>::BITS as usize;

            fn unit(square: u32) -> Self {
                1 << square
            }

            fn above(square: u32) -> Self {
                // `2 << 63` (for u64) is 0: nothing is above the last square.
                let two: $bits = 2;
                !(two << square).wrapping_sub(1)
            }

            fn contains(self, square: u32) -> bool {
                self >> square & 1 != 0
            }

            fn len(self) -> u32 {
                self.count_ones()
            }

            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }

            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

square_set!(u64);
square_set!(u128);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_of_both_widths() {
        let s: u64 = 0b1010_0110;
        assert_eq!(s.squares().collect::<Vec<_>>(), vec![1, 2, 5, 7]);
        assert_eq!(s.len(), 4);
        assert!(s.contains(5) && !s.contains(4));
        assert_eq!(s & u64::above(2), 0b1010_0000);
        assert_eq!(u64::above(63), 0);
        assert_eq!(u128::above(127), 0);
        assert_eq!(u128::unit(100).squares().collect::<Vec<_>>(), vec![100]);
        assert_eq!(u64::CAPACITY, 64);
    }
}
