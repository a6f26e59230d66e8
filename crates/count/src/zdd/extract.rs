//! Tours out of the final family: by index, first, uniformly at random, all.
//!
//! The family is copied into a [`Family`] snapshot whose nodes carry exact
//! `BigUint` path counts, so "the k-th tour" is a walk down the diagram
//! choosing, at each node, the branch whose count contains k. A uniform
//! tour is the tour at a uniform index below the count, drawn exactly with
//! `num-bigint`: no floating point, so that even counts far beyond 2⁵³
//! give every tour the same chance.

use kt_board::{Board, Square, Tour, TourKind};
use kt_constraints::Encoding;
use kt_engine::{Family, Var};
use kt_frontier::EdgeEncoding;
use num_bigint::{BigRng010, BigUint};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::failure::Failure;

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

/// How the sets of a diagram are tours.
pub trait Decoder: Sync {
    fn board(&self) -> Board;
    /// The tour a set stands for, as squares in order; `None` if the set is
    /// not a tour (a bug in the encoding, reported as such).
    fn decode(&self, set: &[Var]) -> Option<Vec<Square>>;
    /// How many of the project's tours one set stands for: the edge
    /// encoding holds an open tour once, undirected, and the project counts
    /// it once per direction.
    fn directions(&self, kind: TourKind) -> u32;
    /// A variable's name, for drawing the diagram.
    fn var_name(&self, var: Var) -> String;
    /// How many sets of the family one undirected tour is: the
    /// time-sliced encoding holds an open path once per direction.
    fn sets_per_tour(&self, kind: TourKind) -> u64;
    /// The variable every open tour starting on `square` contains (the
    /// edge diagram holds tours undirected: its mark of an end); `None`
    /// where the diagram has no such variable.
    fn start_mark(&self, square: Square) -> Option<Var>;
    /// The variable every open tour ending on `square` contains.
    fn end_mark(&self, square: Square) -> Option<Var>;
    /// The closed tours of `family` that make the move `a`–`b`.
    fn through_move(&self, family: &Family, a: Square, b: Square) -> BigUint;
}

impl Decoder for Encoding {
    fn board(&self) -> Board {
        *Encoding::board(self)
    }

    fn decode(&self, set: &[Var]) -> Option<Vec<Square>> {
        Encoding::decode(self, set)
    }

    /// A time-sliced set is a directed tour already.
    fn directions(&self, _: TourKind) -> u32 {
        1
    }

    fn var_name(&self, var: Var) -> String {
        Encoding::var_name(self, var)
    }

    fn sets_per_tour(&self, kind: TourKind) -> u64 {
        if kind == TourKind::Open && self.cells() > 1 {
            2
        } else {
            1
        }
    }

    fn start_mark(&self, square: Square) -> Option<Var> {
        Some(self.var(square, 0))
    }

    fn end_mark(&self, square: Square) -> Option<Var> {
        Some(self.var(square, self.last_time()))
    }

    /// A move s–e is made when s and e follow each other at some time, or
    /// are the first and last squares.
    fn through_move(&self, family: &Family, a: Square, b: Square) -> BigUint {
        let last = self.last_time();
        let with = |x: Var, y: Var| family.counts_containing(&[x, y]).total;
        let mut sum =
            with(self.var(a, 0), self.var(b, last)) + with(self.var(b, 0), self.var(a, last));
        for t in 0..last {
            sum += with(self.var(a, t), self.var(b, t + 1));
            sum += with(self.var(b, t), self.var(a, t + 1));
        }
        sum
    }
}

impl Decoder for EdgeEncoding {
    fn board(&self) -> Board {
        EdgeEncoding::board(self)
    }

    fn decode(&self, set: &[Var]) -> Option<Vec<Square>> {
        EdgeEncoding::decode(self, set)
    }

    fn directions(&self, kind: TourKind) -> u32 {
        if kind == TourKind::Open && EdgeEncoding::board(self).cells() > 1 {
            2
        } else {
            1
        }
    }

    fn var_name(&self, var: Var) -> String {
        EdgeEncoding::var_name(self, var)
    }

    /// A set is an undirected tour.
    fn sets_per_tour(&self, _: TourKind) -> u64 {
        1
    }

    /// The apex edge of `square`: the square is an end of the path.
    fn start_mark(&self, square: Square) -> Option<Var> {
        let sweep = self.sweep();
        let apex = sweep.apex()?;
        let v = sweep.vertex_of(square);
        edge_var(self, (v.min(apex), v.max(apex)))
    }

    fn end_mark(&self, square: Square) -> Option<Var> {
        self.start_mark(square)
    }

    fn through_move(&self, family: &Family, a: Square, b: Square) -> BigUint {
        let sweep = self.sweep();
        let (v, w) = (sweep.vertex_of(a), sweep.vertex_of(b));
        edge_var(self, (v.min(w), v.max(w)))
            .map_or(BigUint::ZERO, |var| family.counts_containing(&[var]).total)
    }
}

/// The variable of the edge `(v, w)`, lower vertex first, if the swept
/// graph has that edge.
fn edge_var(enc: &EdgeEncoding, edge: (usize, usize)) -> Option<Var> {
    (0..enc.num_vars()).find(|&var| enc.edge(var) == edge)
}

/// The number of tours `family` stands for under `decoder`.
pub fn total(family: &Family, decoder: &dyn Decoder, kind: TourKind) -> BigUint {
    family.count() * decoder.directions(kind)
}

/// Tours with their index in the family's order.
#[derive(Clone, Debug)]
pub struct Picked {
    pub total: BigUint,
    pub tours: Vec<(BigUint, Tour)>,
}

/// The tour at `index` of the family's order: with two directions per set,
/// the set `index / 2`, reversed when `index` is odd.
pub fn tour_at(
    family: &Family,
    decoder: &dyn Decoder,
    kind: TourKind,
    index: &BigUint,
) -> Result<Tour, Failure> {
    let directions = decoder.directions(kind);
    let set = family
        .nth(&(index / directions))
        .ok_or_else(|| Failure::refused(format!("there is no tour number {index}")))?;
    let mut squares = decoder.decode(&set).ok_or_else(|| {
        Failure::other("internal error: a set of the family does not decode to a tour")
    })?;
    if index % directions == BigUint::from(1u32) {
        squares.reverse();
    }
    let tour = Tour::new(decoder.board(), kind, squares);
    // Every tour the project prints passes the one checker; a failure here
    // would be a bug in the encoding, reported rather than printed.
    tour.check()
        .map_err(|e| Failure::other(format!("internal error: tour {index} is invalid: {e}")))?;
    Ok(tour)
}

/// The indices a selection takes from a family of `total` sets, lazily:
/// a million uniform draws need no more memory than one.
pub fn indices(selection: &Selection, total: &BigUint) -> Box<dyn Iterator<Item = BigUint>> {
    let total = total.clone();
    match *selection {
        Selection::First { count: limit } | Selection::All { limit } => Box::new(
            (0..limit as u64)
                .map(BigUint::from)
                .take_while(move |i| i < &total),
        ),
        Selection::Random { count, seed } => {
            if total == BigUint::ZERO {
                return Box::new(std::iter::empty());
            }
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            Box::new((0..count).map(move |_| rng.random_biguint_below(&total)))
        }
    }
}

/// The selected tours of `family`, one at a time, each with its index.
pub fn tours<'a>(
    family: &'a Family,
    decoder: &'a dyn Decoder,
    kind: TourKind,
    selection: &Selection,
) -> impl Iterator<Item = Result<(BigUint, Tour), Failure>> + 'a {
    indices(selection, &total(family, decoder, kind))
        .map(move |i| tour_at(family, decoder, kind, &i).map(|t| (i, t)))
}

/// Takes the selected tours from `family` into memory (for small
/// selections and tests; the command line streams [`tours`]).
pub fn pick(
    family: &Family,
    decoder: &dyn Decoder,
    kind: TourKind,
    selection: &Selection,
) -> Result<Picked, Failure> {
    Ok(Picked {
        total: total(family, decoder, kind),
        tours: tours(family, decoder, kind, selection).collect::<Result<_, _>>()?,
    })
}
