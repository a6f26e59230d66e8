//! The small tours the constructions are glued from, each with the moves the
//! gluing needs, found by [`super::search`] the first time they are needed.
//!
//! Parberry (1997) gave his base tours as figures found by computer; here
//! the computer finds them at run time instead of shipping tables. The
//! search is deterministic (fixed seeds, fixed budgets), so every run finds
//! the same pieces, and the tests build every piece there is (there are
//! about fifty), so a piece that could not be found would fail the
//! tests, not a user. Each takes at most a few milliseconds.
//!
//! Coordinates are (row, column) inside the piece; "X" and "Y" moves are
//! named in [`super::construct`], which explains why each is needed.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use kt_board::{Board, Square};

use super::search::{Constraints, Outcome, search_graph};

/// A piece: a small board and what its tour must satisfy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Piece {
    /// A closed tour of a `rows × cols` block (both 5..=10, even area) that
    /// makes both moves `(1,1)–(3,0)` and `(1,1)–(0,3)` at its top-left
    /// corner, so a neighbour on its left or above can be spliced in.
    ClosedBlock { rows: usize, cols: usize },
    /// An open tour of an odd × odd block (both 5..=9) that makes the corner
    /// moves `(0,c−1)–(2,c−2)` and `(r−1,0)–(r−2,2)`, which a closed tour
    /// makes anyway but a path need not.
    OpenBlock { rows: usize, cols: usize },
    /// 3 × `cols` open tour ending at `(2, cols−1)`, a knight's move from
    /// the start `(0, 0)` of a [`Piece::ThreeRowLink`] placed to its right.
    ThreeRowHead { cols: usize },
    /// 3 × 4 open tour from `(0,0)` to `(2,3)`: a chain of them is an open
    /// tour of 3 × 4k.
    ThreeRowLink,
    /// 3 × `cols` closed tour (`cols` 10 or 12); it always makes the corner
    /// move `(0,c−1)–(2,c−2)`, which [`Piece::ThreeRowInsert`] replaces.
    ThreeRowCycle { cols: usize },
    /// 3 × 4 open tour from `(2,0)` to `(1,0)`: inserted into the corner
    /// move of the piece on its left, and itself ending with the same
    /// corner move `(0,3)–(2,2)` for the next insertion.
    ThreeRowInsert,
    /// 4 × `cols` piece covered by two paths ending at `(1,c−1)` and
    /// `(2,c−1)`, stored as one path through the non-move between them.
    FourRowHead { cols: usize },
    /// 4 × 4 piece covered by two paths `(3,0) → (1,3)` and `(2,3) → (0,0)`,
    /// stored as one path through the non-move `(1,3)–(2,3)`.
    FourRowLink,
    /// 4 × 5 open tour from `(3,0)` to `(0,0)`, closing the chain.
    FourRowTail,
    /// Any tour of a whole small board (the 4×5, 4×6 and 4×7 boards, below
    /// the smallest chain).
    Whole {
        rows: usize,
        cols: usize,
        closed: bool,
    },
}

impl Piece {
    /// The piece's board, adjacency (knight moves plus any extra link) and
    /// constraints.
    fn problem(self) -> (Board, Vec<Vec<u32>>, Constraints) {
        let (rows, cols) = self.size();
        let board = Board::new(rows, cols).expect("pieces are small boards");
        let at = |r: usize, c: usize| board.square_at(r, c);
        let mut adjacency: Vec<Vec<u32>> = board
            .adjacency()
            .into_iter()
            .map(|l| l.into_iter().map(|s| s as u32).collect())
            .collect();
        let mut extra = |a: Square, b: Square| {
            adjacency[a].push(b as u32);
            adjacency[b].push(a as u32);
            (a, b)
        };
        let (r, c) = (rows, cols);
        let open = Constraints::open();
        let closed = Constraints::closed();
        let constraints = match self {
            Piece::ClosedBlock { .. } => Constraints {
                required: vec![(at(1, 1), at(3, 0)), (at(1, 1), at(0, 3))],
                ..closed
            },
            Piece::OpenBlock { .. } => Constraints {
                required: vec![(at(0, c - 1), at(2, c - 2)), (at(r - 1, 0), at(r - 2, 2))],
                ..open
            },
            Piece::ThreeRowHead { .. } => Constraints {
                end: Some(at(2, c - 1)),
                ..open
            },
            Piece::ThreeRowLink => Constraints {
                start: Some(at(0, 0)),
                end: Some(at(2, 3)),
                ..open
            },
            Piece::ThreeRowInsert => Constraints {
                start: Some(at(2, 0)),
                end: Some(at(1, 0)),
                ..open
            },
            Piece::FourRowHead { .. } => Constraints {
                required: vec![extra(at(1, c - 1), at(2, c - 1))],
                ..open
            },
            Piece::FourRowLink => Constraints {
                start: Some(at(3, 0)),
                end: Some(at(0, 0)),
                required: vec![extra(at(1, 3), at(2, 3))],
                ..open
            },
            Piece::FourRowTail => Constraints {
                start: Some(at(3, 0)),
                end: Some(at(0, 0)),
                ..open
            },
            Piece::ThreeRowCycle { .. } | Piece::Whole { closed: true, .. } => closed,
            Piece::Whole { .. } => open,
        };
        (board, adjacency, constraints)
    }

    /// `(rows, cols)` of the piece.
    pub fn size(self) -> (usize, usize) {
        match self {
            Piece::ClosedBlock { rows, cols }
            | Piece::OpenBlock { rows, cols }
            | Piece::Whole { rows, cols, .. } => (rows, cols),
            Piece::ThreeRowHead { cols } | Piece::ThreeRowCycle { cols } => (3, cols),
            Piece::ThreeRowLink | Piece::ThreeRowInsert => (3, 4),
            Piece::FourRowHead { cols } => (4, cols),
            Piece::FourRowLink => (4, 4),
            Piece::FourRowTail => (4, 5),
        }
    }

    /// Finds the piece's tour: restarts with fresh tie-breaking seeds and a
    /// slowly growing node budget, since a tour that a few thousand nodes
    /// do not find under one move order is usually found at once under
    /// another. `None` only if no such tour exists (a bug in the piece
    /// definitions, which the tests would catch).
    fn find(self) -> Option<Vec<u32>> {
        let (board, adjacency, constraints) = self.problem();
        let cells = board.cells();
        let starts: Vec<Square> = (0..cells)
            .filter(|&s| {
                let (r, c) = board.row_col(s);
                cells % 2 == 0 || (r + c) % 2 == 0
            })
            .collect();
        for seed in 0..MAX_RESTARTS {
            let budget = 4_000 << (seed / 256);
            match search_graph(&adjacency, &starts, &constraints, budget, seed) {
                Outcome::Found(squares) => {
                    return Some(squares.into_iter().map(|s| s as u32).collect());
                }
                Outcome::Exhausted => return None,
                Outcome::OutOfBudget => {}
            }
        }
        None
    }
}

const MAX_RESTARTS: u64 = 2_048;

/// Each piece's tour once searched (`None`: searched and not found).
type Found = HashMap<Piece, Option<Arc<[u32]>>>;

static CACHE: LazyLock<Mutex<Found>> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// The tour of `piece` (squares of the piece's board in order), found on
/// first use and cached for the life of the process.
pub(crate) fn tour_of(piece: Piece) -> Option<Arc<[u32]>> {
    if let Some(found) = CACHE
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&piece)
    {
        return found.clone();
    }
    // Searched outside the lock: two threads may both search, and find the
    // same deterministic answer.
    let found: Option<Arc<[u32]>> = piece.find().map(Into::into);
    CACHE
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(piece, found.clone());
    found
}

/// Every piece the constructions can ask for (for the tests).
#[cfg(test)]
pub(crate) fn all_pieces() -> Vec<Piece> {
    let mut pieces = Vec::new();
    for rows in 5..=10 {
        for cols in 5..=10 {
            if rows * cols % 2 == 0 {
                pieces.push(Piece::ClosedBlock { rows, cols });
            } else if rows < 10 && cols < 10 {
                pieces.push(Piece::OpenBlock { rows, cols });
            }
        }
    }
    for cols in [4, 7, 9, 10] {
        pieces.push(Piece::ThreeRowHead { cols });
    }
    pieces.extend([Piece::ThreeRowLink, Piece::ThreeRowInsert]);
    for cols in [10, 12] {
        pieces.push(Piece::ThreeRowCycle { cols });
    }
    for cols in 3..=6 {
        pieces.push(Piece::FourRowHead { cols });
    }
    pieces.extend([Piece::FourRowLink, Piece::FourRowTail]);
    for cols in 5..=7 {
        pieces.push(Piece::Whole {
            rows: 4,
            cols,
            closed: false,
        });
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every piece exists, and its tour is a path (or cycle) of the piece's
    /// graph that meets the piece's constraints.
    #[test]
    fn every_piece_is_found_and_meets_its_constraints() {
        for piece in all_pieces() {
            let squares = tour_of(piece).unwrap_or_else(|| panic!("{piece:?} not found"));
            let (board, adjacency, c) = piece.problem();
            assert_eq!(squares.len(), board.cells(), "{piece:?}");
            let mut seen = vec![false; board.cells()];
            for &s in squares.iter() {
                assert!(!std::mem::replace(&mut seen[s as usize], true), "{piece:?}");
            }
            let mut steps: Vec<(u32, u32)> = squares.windows(2).map(|w| (w[0], w[1])).collect();
            if c.kind == kt_board::TourKind::Closed {
                steps.push((squares[squares.len() - 1], squares[0]));
            }
            for &(a, b) in &steps {
                assert!(adjacency[a as usize].contains(&b), "{piece:?}: {a}-{b}");
            }
            for &(a, b) in &c.required {
                let (a, b) = (a as u32, b as u32);
                assert!(
                    steps.contains(&(a, b)) || steps.contains(&(b, a)),
                    "{piece:?}: required {a}-{b}"
                );
            }
            if let Some(s) = c.start {
                assert_eq!(squares[0] as usize, s, "{piece:?}");
            }
            if let Some(e) = c.end {
                assert_eq!(*squares.last().unwrap() as usize, e, "{piece:?}");
            }
        }
    }
}
