//! Tours out of the final family: by index, first, uniformly at random, all.
//!
//! The family is copied into a [`Family`] snapshot whose nodes carry exact
//! `BigUint` path counts, so "the k-th tour" is a walk down the diagram
//! choosing, at each node, the branch whose count contains k. A uniform
//! tour is the tour at a uniform index below the count, drawn exactly with
//! `num-bigint`: no floating point, so that even counts far beyond 2⁵³
//! give every tour the same chance.

use kt_board::{Tour, TourKind};
use kt_constraints::Encoding;
use kt_engine::{Engine, Family};
use num_bigint::{BigRng010, BigUint};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::Failure;

/// Which tours to take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    /// The first `count` tours in the family's order (index 0 is the
    /// lexicographically first tour, squares read in time order).
    First { count: usize },
    /// `count` tours drawn uniformly and independently.
    Random { count: usize, seed: u64 },
    /// Every tour, in order, up to `limit`.
    All { limit: usize },
}

/// Tours with their index in the family's order.
#[derive(Clone, Debug)]
pub struct Picked {
    pub total: BigUint,
    pub tours: Vec<(BigUint, Tour)>,
}

/// The tour at `index` of the family's order.
pub fn tour_at(
    family: &Family,
    enc: &Encoding,
    kind: TourKind,
    index: &BigUint,
) -> Result<Tour, Failure> {
    let set = family
        .nth(index)
        .ok_or_else(|| Failure::other(format!("there is no tour number {index}")))?;
    let squares = enc.decode(&set).ok_or_else(|| {
        Failure::other("a set of the family is not one square per time step".into())
    })?;
    let tour = Tour::new(*enc.board(), kind, squares);
    // Every tour the project prints passes the one checker; a failure here
    // would be a bug in the encoding, reported rather than printed.
    tour.check()
        .map_err(|e| Failure::other(format!("internal error: tour {index} is invalid: {e}")))?;
    Ok(tour)
}

/// Takes the selected tours from `family`.
pub fn pick(
    family: &Family,
    enc: &Encoding,
    kind: TourKind,
    selection: &Selection,
) -> Result<Picked, Failure> {
    let total = family.count();
    let indices: Vec<BigUint> = match selection {
        Selection::First { count } => (0..*count as u64)
            .map(BigUint::from)
            .take_while(|i| i < &total)
            .collect(),
        Selection::All { limit } => (0..*limit as u64)
            .map(BigUint::from)
            .take_while(|i| i < &total)
            .collect(),
        Selection::Random { count, seed } => {
            if total == BigUint::ZERO {
                Vec::new()
            } else {
                let mut rng = ChaCha8Rng::seed_from_u64(*seed);
                (0..*count)
                    .map(|_| rng.random_biguint_below(&total))
                    .collect()
            }
        }
    };
    let tours = indices
        .into_iter()
        .map(|i| tour_at(family, enc, kind, &i).map(|t| (i, t)))
        .collect::<Result<_, _>>()?;
    Ok(Picked { total, tours })
}

/// A snapshot of `family` for picking.
pub fn snapshot<E: Engine>(engine: &E, family: &E::Func) -> Result<Family, Failure> {
    engine
        .snapshot(family)
        .map_err(|e| Failure::other(format!("cannot copy the diagram out: {e}")))
}
