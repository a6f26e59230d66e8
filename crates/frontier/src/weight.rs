//! Exact weights: the number of edge sets behind a state.
//!
//! Weights grow fast — on 8-row boards single states pass 10⁹ by the middle
//! of the board and the counts people cite pass 2⁶⁴ from 8×11 on — but
//! almost all of them fit a `u64`. So a level stores `u64` weights with
//! checked additions, and the few that would overflow move to a side table
//! of `BigUint`s. Nothing ever wraps.

use num_bigint::BigUint;

/// A weight that may be beyond `u64`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Weight {
    Small(u64),
    Big(BigUint),
}

impl Weight {
    pub fn to_biguint(&self) -> BigUint {
        match self {
            Weight::Small(w) => BigUint::from(*w),
            Weight::Big(w) => w.clone(),
        }
    }

    /// `self + other`, small while it fits.
    #[must_use]
    pub fn plus(&self, other: &Weight) -> Weight {
        match (self, other) {
            (Weight::Small(a), Weight::Small(b)) => match a.checked_add(*b) {
                Some(sum) => Weight::Small(sum),
                None => Weight::Big(BigUint::from(*a) + *b),
            },
            _ => Weight::Big(self.to_biguint() + other.to_biguint()),
        }
    }

    /// `self × n` (a state's weight times the tours it closes).
    #[must_use]
    pub fn times(&self, n: u32) -> Weight {
        match self {
            Weight::Small(w) => match w.checked_mul(u64::from(n)) {
                Some(product) => Weight::Small(product),
                None => Weight::Big(BigUint::from(*w) * n),
            },
            Weight::Big(w) => Weight::Big(w * n),
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
    pub fn add(&mut self, weight: &Weight) {
        match (weight, &mut self.big) {
            (Weight::Small(w), None) => match self.small.checked_add(u128::from(*w)) {
                Some(sum) => self.small = sum,
                None => self.big = Some(BigUint::from(self.small) + *w),
            },
            (w, Some(big)) => *big += w.to_biguint(),
            (Weight::Big(w), None) => self.big = Some(BigUint::from(self.small) + w),
        }
    }

    pub fn value(&self) -> BigUint {
        self.big
            .clone()
            .unwrap_or_else(|| BigUint::from(self.small))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_never_wrap() {
        let max = Weight::Small(u64::MAX);
        let sum = max.plus(&Weight::Small(2));
        assert_eq!(sum, Weight::Big(BigUint::from(u64::MAX) + 2u32));
        assert_eq!(max.times(3).to_biguint(), BigUint::from(u64::MAX) * 3u32);
        let mut total = Total::default();
        for _ in 0..3 {
            total.add(&Weight::Big(BigUint::from(u128::MAX)));
        }
        assert_eq!(total.value(), BigUint::from(u128::MAX) * 3u32);
        let mut small = Total::default();
        small.add(&Weight::Small(5));
        small.add(&Weight::Small(7));
        assert_eq!(small.value(), BigUint::from(12u32));
    }
}
