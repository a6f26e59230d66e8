//! Sets of squares as machine words: the state of the all-squares filter.

use std::hash::Hash;

use kt_board::Square;

/// A set of squares held in one integer (bit `s` = square `s`).
pub trait SquareSet: Copy + Eq + Hash + Send + Sync + std::fmt::Debug {
    /// How many squares the type can hold.
    const CAPACITY: usize;
    const EMPTY: Self;

    fn single(square: Square) -> Self;
    #[must_use]
    fn union(self, other: Self) -> Self;
    #[must_use]
    fn intersection(self, other: Self) -> Self;
    #[must_use]
    fn minus(self, other: Self) -> Self;
    fn len(self) -> u32;
    /// The lowest square in the set, if any.
    fn lowest(self) -> Option<Square>;

    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }

    fn contains(self, square: Square) -> bool {
        !self.intersection(Self::single(square)).is_empty()
    }

    #[must_use]
    fn with(self, square: Square) -> Self {
        self.union(Self::single(square))
    }

    /// The squares in increasing order.
    fn squares(self) -> impl Iterator<Item = Square> {
        let mut rest = self;
        std::iter::from_fn(move || {
            let s = rest.lowest()?;
            rest = rest.minus(Self::single(s));
            Some(s)
        })
    }
}

macro_rules! word_set {
    ($t:ty) => {
        impl SquareSet for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;

            #[inline]
            fn single(square: Square) -> Self {
                1 << square
            }
            #[inline]
            fn union(self, other: Self) -> Self {
                self | other
            }
            #[inline]
            fn intersection(self, other: Self) -> Self {
                self & other
            }
            #[inline]
            fn minus(self, other: Self) -> Self {
                self & !other
            }
            #[inline]
            fn len(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> Option<Square> {
                (self != 0).then(|| self.trailing_zeros() as Square)
            }
        }
    };
}

word_set!(u64);
word_set!(u128);
