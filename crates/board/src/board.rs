//! Rectangular boards and the knight's graph on them.

use std::fmt;
use std::str::FromStr;

/// A square, numbered row-major: `cols·row + col`.
pub type Square = usize;

/// The eight knight moves as (row, column) offsets.
pub const KNIGHT_OFFSETS: [(i64, i64); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// The longest side a board may have.
///
/// Far beyond anything that can be counted; it only keeps `rows·cols` well
/// inside `u32` and memory sane for the tour finder (100 million squares).
pub const MAX_SIDE: usize = 10_000;

/// The most squares a board may have (see [`MAX_SIDE`]).
const MAX_SQUARES: usize = 100_000_000;

/// A board of `rows × cols` squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    rows: usize,
    cols: usize,
}

/// Why a board description was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The text is not `N`, `RxC` or `R×C` with positive integers.
    #[error("invalid board '{0}': expected N (an N×N board) or RxC, e.g. 6 or 5x6")]
    Malformed(String),
    /// A side is zero.
    #[error("invalid board {rows}x{cols}: a board needs at least one row and one column")]
    Empty { rows: usize, cols: usize },
    /// A side or the square count is beyond [`MAX_SIDE`] or 10⁸ squares.
    #[error(
        "board {rows}x{cols} is too large: sides are limited to {MAX_SIDE} and boards to {MAX_SQUARES} squares"
    )]
    TooLarge { rows: usize, cols: usize },
    /// A side written with more digits than a machine word holds: the
    /// board as written (so that the message echoes it, not a number it
    /// was cut to).
    #[error(
        "board {0} is too large: sides are limited to {MAX_SIDE} and boards to {MAX_SQUARES} squares"
    )]
    SideTooLarge(String),
}

impl Board {
    /// The 6×6 board.
    pub const SIX_BY_SIX: Board = Board { rows: 6, cols: 6 };

    /// A `rows × cols` board; both sides must be positive and not absurdly large.
    pub fn new(rows: usize, cols: usize) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::Empty { rows, cols });
        }
        if rows > MAX_SIDE || cols > MAX_SIDE || rows * cols > MAX_SQUARES {
            return Err(BoardError::TooLarge { rows, cols });
        }
        Ok(Board { rows, cols })
    }

    /// The `n × n` board.
    pub fn square(n: usize) -> Result<Board, BoardError> {
        Board::new(n, n)
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of squares, `rows · cols`.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The same board turned on its side (`cols × rows`).
    #[must_use]
    pub fn transposed(&self) -> Board {
        Board {
            rows: self.cols,
            cols: self.rows,
        }
    }

    /// Whether the board is `n × n`.
    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }

    /// The square at `(row, col)`.
    pub fn square_at(&self, row: usize, col: usize) -> Square {
        debug_assert!(row < self.rows && col < self.cols);
        self.cols * row + col
    }

    /// The square at `(row, col)` if both are on the board.
    pub fn checked_square(&self, row: i64, col: i64) -> Option<Square> {
        // Negative coordinates fail the conversion.
        let (row, col) = (usize::try_from(row).ok()?, usize::try_from(col).ok()?);
        (row < self.rows && col < self.cols).then(|| self.square_at(row, col))
    }

    /// `(row, col)` of a square.
    pub fn row_col(&self, square: Square) -> (usize, usize) {
        (square / self.cols, square % self.cols)
    }

    /// The colour of a square as a chessboard paints it: 0 where row +
    /// column is even, 1 where it is odd. A knight's move always changes
    /// it, which makes the knight's graph bipartite.
    pub fn colour(&self, square: Square) -> usize {
        let (row, col) = self.row_col(square);
        (row + col) % 2
    }

    /// All squares in row-major order.
    pub fn squares(&self) -> std::ops::Range<Square> {
        0..self.cells()
    }

    /// The squares a knight on `square` can move to, in increasing order.
    ///
    /// Increasing order matters: the ZDD builders emit nodes in label order
    /// and the tour finders break ties by it, so it is part of the contract.
    pub fn knight_moves(&self, square: Square) -> impl Iterator<Item = Square> + '_ {
        let (r, c) = self.row_col(square);
        self.knight_moves_at(r, c)
            .map(|(row, col)| self.square_at(row, col))
    }

    /// The `(row, col)` a knight on `(row, col)` can move to, in
    /// [`KNIGHT_OFFSETS`] order (the order of [`Board::knight_moves`]).
    ///
    /// For loops over huge boards (10⁸ squares) that walk rows and columns
    /// anyway: it spares the division that turning a square number into
    /// its row and column costs. An offset that leaves the board wraps
    /// around to a huge `usize`, so one comparison per coordinate rejects
    /// both edges.
    pub fn knight_moves_at(
        &self,
        row: usize,
        col: usize,
    ) -> impl Iterator<Item = (usize, usize)> + use<> {
        let (rows, cols) = (self.rows, self.cols);
        KNIGHT_OFFSETS
            .iter()
            .map(move |&(dr, dc)| {
                (
                    row.wrapping_add_signed(dr as isize),
                    col.wrapping_add_signed(dc as isize),
                )
            })
            .filter(move |&(r, c)| r < rows && c < cols)
    }

    /// Number of knight moves from `square`.
    pub fn degree(&self, square: Square) -> usize {
        self.knight_moves(square).count()
    }

    /// Whether `a` and `b` are a knight's move apart.
    pub fn is_knight_move(&self, a: Square, b: Square) -> bool {
        let (ra, ca) = self.row_col(a);
        let (rb, cb) = self.row_col(b);
        let dr = ra.abs_diff(rb);
        let dc = ca.abs_diff(cb);
        (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
    }

    /// The knight's graph as adjacency lists (increasing order in each list).
    pub fn adjacency(&self) -> Vec<Vec<Square>> {
        self.squares()
            .map(|s| self.knight_moves(s).collect())
            .collect()
    }

    /// The square `square` is mapped to when the board is transposed.
    pub fn transpose_square(&self, square: Square) -> Square {
        let (r, c) = self.row_col(square);
        self.transposed().square_at(c, r)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Parses `N` (an N×N board), `RxC`, `RXC` or `R×C`.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let malformed = || BoardError::Malformed(text.to_string());
        let trimmed = text.trim();
        let side = |part: &str| -> Result<usize, BoardError> {
            let part = part.trim();
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(malformed());
            }
            // Digits only: an overflow means "absurdly large", not
            // "malformed"; the message gives the board as written.
            part.parse::<usize>()
                .map_err(|_| BoardError::SideTooLarge(trimmed.to_string()))
        };
        let parts: Vec<&str> = trimmed.split(['x', 'X', '×']).collect();
        let (rows, cols) = match parts.as_slice() {
            [n] => {
                let n = side(n)?;
                (n, n)
            }
            [r, c] => (side(r)?, side(c)?),
            _ => return Err(malformed()),
        };
        Board::new(rows, cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A side past a machine word is too large, and said so with the
    /// board as written, not the number it would be cut to.
    #[test]
    fn a_side_past_a_word_is_echoed_as_written() {
        for text in [
            "99999999999999999999x3",
            "3x99999999999999999999",
            "99999999999999999999",
        ] {
            let error = text.parse::<Board>().unwrap_err();
            assert_eq!(error, BoardError::SideTooLarge(text.to_string()));
            let message = error.to_string();
            assert!(
                message.contains(&format!("board {text} is too large")),
                "{message}"
            );
            assert!(!message.contains("18446744073709551615"), "{message}");
        }
    }

    #[test]
    fn parses_square_and_rectangular_boards() {
        assert_eq!("6".parse::<Board>().unwrap(), Board::new(6, 6).unwrap());
        assert_eq!("5x6".parse::<Board>().unwrap(), Board::new(5, 6).unwrap());
        assert_eq!("5X6".parse::<Board>().unwrap(), Board::new(5, 6).unwrap());
        assert_eq!("5×6".parse::<Board>().unwrap(), Board::new(5, 6).unwrap());
    }

    #[test]
    fn refuses_bad_boards() {
        for text in ["", "abc", "3x", "x3", "-3", "3x4x5", "3.5", "+3", " x "] {
            assert!(
                matches!(text.parse::<Board>(), Err(BoardError::Malformed(_))),
                "{text:?}"
            );
        }
        assert_eq!(
            "0".parse::<Board>(),
            Err(BoardError::Empty { rows: 0, cols: 0 })
        );
        assert!(matches!(
            "99999999999999999999999".parse::<Board>(),
            Err(BoardError::SideTooLarge(_))
        ));
        assert!(matches!(
            "10001x1".parse::<Board>(),
            Err(BoardError::TooLarge { .. })
        ));
    }

    #[test]
    fn knight_moves_match_the_offsets() {
        let b = Board::new(3, 4).unwrap();
        // Corner (0,0) reaches (1,2) and (2,1).
        let moves: Vec<_> = b.knight_moves(0).collect();
        assert_eq!(moves, vec![b.square_at(1, 2), b.square_at(2, 1)]);
        // Every move is symmetric and is a knight move.
        for s in b.squares() {
            for t in b.knight_moves(s) {
                assert!(b.is_knight_move(s, t));
                assert!(b.knight_moves(t).any(|u| u == s));
            }
        }
        // The moves are the offsets that stay on the board, in order, on
        // boards small enough for every square to be near an edge.
        for b in [b, Board::square(1).unwrap(), Board::new(2, 5).unwrap()] {
            for s in b.squares() {
                let (r, c) = b.row_col(s);
                let (r, c) = (i64::try_from(r).unwrap(), i64::try_from(c).unwrap());
                let expected: Vec<_> = KNIGHT_OFFSETS
                    .iter()
                    .filter_map(|&(dr, dc)| b.checked_square(r + dr, c + dc))
                    .collect();
                assert_eq!(b.knight_moves(s).collect::<Vec<_>>(), expected, "{b} {s}");
            }
        }
        // The centre of 3x3 has no moves.
        let b3 = Board::square(3).unwrap();
        assert_eq!(b3.degree(4), 0);
    }

    #[test]
    fn transposition_preserves_moves() {
        let b = Board::new(3, 5).unwrap();
        let t = b.transposed();
        for s in b.squares() {
            for u in b.knight_moves(s) {
                assert!(t.is_knight_move(b.transpose_square(s), b.transpose_square(u)));
            }
        }
    }
}
