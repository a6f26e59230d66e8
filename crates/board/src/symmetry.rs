//! The symmetries of a board: the maps of squares onto squares that carry
//! knight's moves to knight's moves, and so tours to tours.
//!
//! A rectangle has four (the identity, the two reflections and the half
//! turn); a square has eight (also the quarter turns and the two diagonal
//! reflections). Row 0 is the top row, as everywhere in the project.

use std::fmt;

use crate::{Board, Square};

/// One symmetry of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// Every square stays.
    Identity,
    /// A quarter turn clockwise: `(r, c) → (c, n−1−r)` (square boards).
    Rot90,
    /// A half turn: `(r, c) → (rows−1−r, cols−1−c)`.
    Rot180,
    /// A quarter turn anticlockwise: `(r, c) → (n−1−c, r)` (square boards).
    Rot270,
    /// The rows in reverse order, top to bottom: `(r, c) → (rows−1−r, c)`.
    FlipRows,
    /// The columns in reverse order, left to right: `(r, c) → (r, cols−1−c)`.
    FlipCols,
    /// The reflection in the main diagonal: `(r, c) → (c, r)` (square boards).
    Diagonal,
    /// The reflection in the other diagonal: `(r, c) → (n−1−c, n−1−r)`
    /// (square boards).
    Antidiagonal,
}

impl Symmetry {
    /// The eight symmetries of a square, in the order reports list them.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rot90,
        Symmetry::Rot180,
        Symmetry::Rot270,
        Symmetry::FlipRows,
        Symmetry::FlipCols,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
    ];

    /// The name in reports: `id`, `rot90`, `rot180`, `rot270`,
    /// `flip_rows`, `flip_cols`, `diag`, `antidiag`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "id",
            Symmetry::Rot90 => "rot90",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot270 => "rot270",
            Symmetry::FlipRows => "flip_rows",
            Symmetry::FlipCols => "flip_cols",
            Symmetry::Diagonal => "diag",
            Symmetry::Antidiagonal => "antidiag",
        }
    }

    /// Whether the symmetry needs a square board.
    pub fn needs_square(self) -> bool {
        matches!(
            self,
            Symmetry::Rot90 | Symmetry::Rot270 | Symmetry::Diagonal | Symmetry::Antidiagonal
        )
    }

    /// The symmetry group of `board`: all eight on a square board, the four
    /// of the rectangle otherwise.
    pub fn group(board: &Board) -> Vec<Symmetry> {
        Symmetry::ALL
            .into_iter()
            .filter(|s| board.is_square() || !s.needs_square())
            .collect()
    }

    /// The image of `square`. Symmetries of square boards must only be
    /// applied to square boards.
    pub fn apply(self, board: &Board, square: Square) -> Square {
        let (rows, cols) = (board.rows(), board.cols());
        let (r, c) = board.row_col(square);
        debug_assert!(board.is_square() || !self.needs_square());
        let (r2, c2) = match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rot90 => (c, rows - 1 - r),
            Symmetry::Rot180 => (rows - 1 - r, cols - 1 - c),
            Symmetry::Rot270 => (cols - 1 - c, r),
            Symmetry::FlipRows => (rows - 1 - r, c),
            Symmetry::FlipCols => (r, cols - 1 - c),
            Symmetry::Diagonal => (c, r),
            Symmetry::Antidiagonal => (cols - 1 - c, rows - 1 - r),
        };
        board.square_at(r2, c2)
    }

    /// The images of every square, as a table indexed by square.
    pub fn table(self, board: &Board) -> Vec<Square> {
        board.squares().map(|s| self.apply(board, s)).collect()
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symmetry_maps_knight_moves_to_knight_moves() {
        for (r, c) in [(5, 5), (6, 6), (3, 4), (4, 7)] {
            let b = Board::new(r, c).unwrap();
            let group = Symmetry::group(&b);
            assert_eq!(group.len(), if r == c { 8 } else { 4 });
            for g in group {
                let t = g.table(&b);
                let mut seen = t.clone();
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len(), b.cells(), "{g} is a bijection");
                for s in b.squares() {
                    for u in b.knight_moves(s) {
                        assert!(b.is_knight_move(t[s], t[u]), "{g} on {b}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_group_is_closed_and_quarter_turns_compose() {
        let b = Board::square(5).unwrap();
        let rot90 = Symmetry::Rot90.table(&b);
        let twice: Vec<Square> = b.squares().map(|s| rot90[rot90[s]]).collect();
        assert_eq!(twice, Symmetry::Rot180.table(&b));
        let thrice: Vec<Square> = b.squares().map(|s| rot90[twice[s]]).collect();
        assert_eq!(thrice, Symmetry::Rot270.table(&b));
        // The corner (0,0) goes to the top-right corner under a quarter turn clockwise.
        assert_eq!(Symmetry::Rot90.apply(&b, 0), b.square_at(0, 4));
    }
}
