//! Tours and the one validity checker every printed tour goes through.

use std::fmt;

use crate::{Board, Square, square_name};

/// Whether a tour must return to its start.
///
/// Serialised as `"open"` / `"closed"`, as reports and the published-count
/// table spell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TourKind {
    /// A Hamiltonian path of the knight's graph.
    Open,
    /// A Hamiltonian cycle: the last square is a knight's move from the first.
    Closed,
}

impl fmt::Display for TourKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TourKind::Open => "open",
            TourKind::Closed => "closed",
        })
    }
}

/// A sequence of squares claimed to be a knight's tour.
///
/// Construction does not check anything; [`Tour::check`] does, and every
/// tour the project prints has passed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tour {
    pub board: Board,
    pub kind: TourKind,
    /// `squares[t]` is the square visited at time `t`.
    pub squares: Vec<Square>,
}

/// The first thing wrong with a claimed tour.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TourError {
    /// The tour does not have one step per square.
    #[error("the tour has {found} squares but the board has {expected}")]
    WrongLength { expected: usize, found: usize },
    /// A square index is not on the board.
    #[error("step {step} names square {square}, which is off the board")]
    OffBoard { step: usize, square: Square },
    /// A square is visited twice.
    #[error("square {square} is visited twice, at steps {first} and {second}")]
    Repeated {
        square: String,
        first: usize,
        second: usize,
    },
    /// Two consecutive squares are not a knight's move apart.
    #[error("the move from {from} to {to} (step {step} to {}) is not a knight's move", .step + 1)]
    NotAKnightMove {
        step: usize,
        from: String,
        to: String,
    },
    /// A closed tour whose last square is not a knight's move from its first.
    #[error(
        "the tour is not closed: its last square {last} is not a knight's move from its first square {first}"
    )]
    NotClosed { last: String, first: String },
    /// A closed tour on a board too small to hold a cycle.
    #[error("a closed tour needs at least 3 squares; this board has {cells}")]
    TooSmallForCycle { cells: usize },
}

impl Tour {
    pub fn new(board: Board, kind: TourKind, squares: Vec<Square>) -> Tour {
        Tour {
            board,
            kind,
            squares,
        }
    }

    /// Checks that every square is visited exactly once, every step is a
    /// knight's move and, for a closed tour, the last square is a move away
    /// from the first. Steps are reported 1-based, as they are printed.
    pub fn check(&self) -> Result<(), TourError> {
        let board = &self.board;
        let cells = board.cells();
        if self.squares.len() != cells {
            return Err(TourError::WrongLength {
                expected: cells,
                found: self.squares.len(),
            });
        }
        let mut first_visit = vec![usize::MAX; cells];
        for (t, &s) in self.squares.iter().enumerate() {
            if s >= cells {
                return Err(TourError::OffBoard {
                    step: t + 1,
                    square: s,
                });
            }
            if first_visit[s] != usize::MAX {
                return Err(TourError::Repeated {
                    square: square_name(board, s),
                    first: first_visit[s] + 1,
                    second: t + 1,
                });
            }
            first_visit[s] = t;
        }
        for (t, pair) in self.squares.windows(2).enumerate() {
            if !board.is_knight_move(pair[0], pair[1]) {
                return Err(TourError::NotAKnightMove {
                    step: t + 1,
                    from: square_name(board, pair[0]),
                    to: square_name(board, pair[1]),
                });
            }
        }
        if self.kind == TourKind::Closed {
            if cells < 3 {
                return Err(TourError::TooSmallForCycle { cells });
            }
            let (first, last) = (self.squares[0], self.squares[cells - 1]);
            if !board.is_knight_move(last, first) {
                return Err(TourError::NotClosed {
                    last: square_name(board, last),
                    first: square_name(board, first),
                });
            }
        }
        Ok(())
    }

    /// The step (0-based time) at which each square is visited.
    pub fn step_of_square(&self) -> Vec<usize> {
        let mut steps = vec![usize::MAX; self.board.cells()];
        for (t, &s) in self.squares.iter().enumerate() {
            if s < steps.len() {
                steps[s] = t;
            }
        }
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of the 16 directed open tours of the 3x4 board.
    fn three_by_four() -> Tour {
        let b = Board::new(3, 4).unwrap();
        // Rows top to bottom: squares 0..3, 4..7, 8..11.
        let squares = vec![0, 6, 8, 1, 7, 9, 2, 4, 10, 3, 5, 11];
        Tour::new(b, TourKind::Open, squares)
    }

    #[test]
    fn accepts_a_valid_open_tour() {
        assert_eq!(three_by_four().check(), Ok(()));
    }

    #[test]
    fn reports_the_first_fault() {
        let mut t = three_by_four();
        t.squares.swap(1, 3);
        assert!(matches!(
            t.check(),
            Err(TourError::NotAKnightMove { step: 1, .. })
        ));
        let mut t = three_by_four();
        t.squares[5] = 0;
        assert!(matches!(
            t.check(),
            Err(TourError::Repeated {
                first: 1,
                second: 6,
                ..
            })
        ));
        let mut t = three_by_four();
        t.squares.pop();
        assert!(matches!(t.check(), Err(TourError::WrongLength { .. })));
        let mut t = three_by_four();
        t.kind = TourKind::Closed;
        assert!(matches!(t.check(), Err(TourError::NotClosed { .. })));
    }

    #[test]
    fn single_square_is_an_open_tour_but_not_a_cycle() {
        let b = Board::square(1).unwrap();
        assert_eq!(Tour::new(b, TourKind::Open, vec![0]).check(), Ok(()));
        assert!(Tour::new(b, TourKind::Closed, vec![0]).check().is_err());
    }
}
