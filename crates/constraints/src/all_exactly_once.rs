//! Every exactly-once constraint at once, as one filter.
//!
//! **Definition.** The conjunction of `exactly_once(s)` over all squares `s`.
//!
//! Applied to a family of knight walks (the product of all transitions, or
//! that product with the closed start), this leaves exactly the tours. Read as
//! a [`SetFilter`], its state is the set of squares visited so far, and the
//! memo key of the one-pass rebuild is that set. The rebuild therefore visits
//! one entry per reachable (walk node, visited set) pair instead of building
//! the 2·cells intermediate families that applying the constraints one by one
//! creates, which for 6×6 open peak at tens of millions of nodes.
//!
//! Most (visited set, square) states of a self-avoiding walk cannot be
//! completed to a tour: on 6×6 there are billions of them, against 3.3
//! million that lie on a tour. The filter carries the knight's current
//! square alongside the visited set and rejects a state as soon as one of the
//! following *necessary* conditions for completing it fails. Each is a fact
//! about Hamiltonian paths, so a rejected branch holds no tour and the
//! rebuilt diagram is exactly the one plain intersection gives (the tests
//! check this on every board they run):
//!
//! 1. **Exit.** Unless the tour is complete, the knight has a move into the
//!    unvisited squares.
//! 2. **Colour.** Knight moves alternate square colours, so the k unvisited
//!    squares, entered from the current square, hold ⌈k/2⌉ squares of the
//!    opposite colour and ⌊k/2⌋ of the current square's colour.
//! 3. **Dead ends.** On the rest of the path every square but the last needs
//!    two neighbours among the unvisited squares and the current square; so
//!    at most one unvisited square has fewer than two, none has zero, and if
//!    the tour's last square is known (closed tours end on (2,1)), only that
//!    square may have one.
//! 4. **Connected.** The unvisited squares are connected and reachable from
//!    the knight's square.
//!
//! The current square is not part of the memo key: it only ever *rejects*,
//! and only branches that contain no tour, which the contract of
//! [`SetFilter`] allows.

use kt_board::Square;
use kt_engine::{Engine, EngineError, FilterLimits, Filtered, SetFilter, Var};

use crate::Encoding;
use crate::square_set::SquareSet;

/// The all-squares exactly-once filter with completion pruning.
#[derive(Clone, Debug)]
pub struct AllExactlyOnce<S: SquareSet> {
    enc: Encoding,
    all: S,
    /// Squares with even `row + col`.
    light: S,
    neighbours: Vec<S>,
    /// The square every accepted set ends on, if the family guarantees one.
    end: Option<Square>,
}

/// The filter's state: what has been visited, and where the knight stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walk<S> {
    visited: S,
    at: Option<Square>,
}

impl<S: SquareSet> AllExactlyOnce<S> {
    /// `end`: the last square every set of the filtered family visits, if
    /// the family fixes it (the closed start fixes (2,1)); `None` otherwise.
    /// A wrong `end` would reject tours, so pass one only when it is implied.
    pub fn new(enc: &Encoding, end: Option<Square>) -> AllExactlyOnce<S> {
        let board = enc.board();
        assert!(
            enc.cells() <= S::CAPACITY,
            "{} squares do not fit this set type",
            enc.cells()
        );
        let set_of =
            |squares: &mut dyn Iterator<Item = Square>| squares.fold(S::EMPTY, SquareSet::with);
        AllExactlyOnce {
            enc: *enc,
            all: set_of(&mut board.squares()),
            light: set_of(&mut board.squares().filter(|&s| {
                let (r, c) = board.row_col(s);
                (r + c) % 2 == 0
            })),
            neighbours: board
                .squares()
                .map(|s| set_of(&mut board.knight_moves(s)))
                .collect(),
            end,
        }
    }

    /// Whether the knight on `at`, having visited `visited`, can possibly
    /// finish a tour (conditions 1–4 of the module documentation).
    fn completable(&self, visited: S, at: Square) -> bool {
        let rest = self.all.minus(visited);
        if rest.is_empty() {
            return true;
        }
        // 1. Exit.
        let exits = self.neighbours[at].intersection(rest);
        if exits.is_empty() {
            return false;
        }
        // 2. Colour.
        let k = rest.len();
        let same_colour = if self.light.contains(at) {
            self.light
        } else {
            self.all.minus(self.light)
        };
        if rest.intersection(same_colour).len() != k / 2 {
            return false;
        }
        // 3. Dead ends.
        let reachable = rest.with(at);
        let mut dead_ends = 0;
        for r in rest.squares() {
            let degree = self.neighbours[r].intersection(reachable).len();
            if degree <= 1 {
                let only_exit_is_knight = self.neighbours[r].intersection(rest).is_empty();
                if degree == 0 || (only_exit_is_knight && k > 1) || self.end.is_some_and(|e| e != r)
                {
                    return false;
                }
                dead_ends += 1;
                if dead_ends > 1 {
                    return false;
                }
            }
        }
        // 4. Connected.
        let mut seen = exits;
        let mut frontier = exits;
        while !frontier.is_empty() {
            let mut next = S::EMPTY;
            for s in frontier.squares() {
                next = next.union(self.neighbours[s]);
            }
            frontier = next.intersection(rest).minus(seen);
            seen = seen.union(frontier);
        }
        seen == rest
    }
}

impl<S: SquareSet> SetFilter for AllExactlyOnce<S> {
    type State = Walk<S>;
    type Key = S;

    fn start(&self) -> Walk<S> {
        Walk {
            visited: S::EMPTY,
            at: None,
        }
    }

    fn key(&self, walk: &Walk<S>) -> S {
        walk.visited
    }

    fn include(&self, walk: &Walk<S>, var: Var) -> Option<Walk<S>> {
        let square = self.enc.square_of(var);
        if walk.visited.contains(square) {
            return None;
        }
        let visited = walk.visited.with(square);
        self.completable(visited, square).then_some(Walk {
            visited,
            at: Some(square),
        })
    }

    fn accepts(&self, walk: &Walk<S>) -> bool {
        walk.visited == self.all
    }
}

/// The most squares [`apply_all_exactly_once`] handles (the widest set type).
pub const MAX_SQUARES_ALL_AT_ONCE: usize = u128::BITS as usize;

/// `walks ∩ ⋂ₛ exactly_once(s)` in one filtered rebuild.
///
/// `walks` must be a family of knight walks with one square per time step
/// (the product of all transitions, possibly with the closed start), and
/// `end` the last square if `walks` fixes it. Boards of more than
/// [`MAX_SQUARES_ALL_AT_ONCE`] squares are refused.
pub fn apply_all_exactly_once<E: Engine>(
    engine: &E,
    walks: &E::Func,
    enc: &Encoding,
    end: Option<Square>,
    limits: &FilterLimits<'_>,
) -> Result<Filtered<E::Func>, EngineError> {
    if enc.cells() <= u64::BITS as usize {
        engine.filter(walks, &AllExactlyOnce::<u64>::new(enc, end), limits)
    } else if enc.cells() <= MAX_SQUARES_ALL_AT_ONCE {
        engine.filter(walks, &AllExactlyOnce::<u128>::new(enc, end), limits)
    } else {
        Err(EngineError::Unsupported(format!(
            "applying every exactly-once constraint in one pass supports boards of up to {MAX_SQUARES_ALL_AT_ONCE} squares; this one has {}",
            enc.cells()
        )))
    }
}
