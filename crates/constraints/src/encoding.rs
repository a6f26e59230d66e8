//! The N⁴ time-sliced encoding: one variable per (square, time).
//!
//! A tour of an `r × c` board visits `cells = r·c` squares at times
//! `0 .. cells`. Variable `cells·t + s` is true when the knight stands on
//! square `s = cols·row + col` at time `t`, so a tour is the set of its
//! `cells` (square, time) variables, and the whole encoding has `cells²`
//! variables. Labels grow with time first and square second: every time step
//! is a contiguous block (a *slice*) of `cells` levels, ordered as the board
//! is read, row by row. This is the label `cells·t + cols·r + c` of Adiar's
//! example, generalised to rectangles.

use kt_board::{Board, Square};
use kt_engine::Var;

/// The variable layout of one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encoding {
    board: Board,
}

/// Why a board cannot be encoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodingError {
    /// `cells²` variables do not fit in oxidd's 32-bit variable numbers.
    #[error(
        "board {board} needs {variables} variables ({}² squares × time steps), more than the {} that 32-bit variable numbers can hold",
        .board.cells(),
        Encoding::MAX_VARS
    )]
    TooManyVariables { board: Board, variables: u128 },
}

impl Encoding {
    /// The most variables an encoding may have: oxidd numbers variables and
    /// levels with `u32` and reserves the top value.
    pub const MAX_VARS: u64 = u32::MAX as u64 - 1;

    pub fn new(board: Board) -> Result<Encoding, EncodingError> {
        let variables = (board.cells() as u128).pow(2);
        if variables > u128::from(Self::MAX_VARS) {
            return Err(EncodingError::TooManyVariables { board, variables });
        }
        Ok(Encoding { board })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Squares on the board, which is also the number of time steps.
    pub fn cells(&self) -> usize {
        self.board.cells()
    }

    /// The last time step, `cells − 1`.
    pub fn last_time(&self) -> usize {
        self.cells() - 1
    }

    /// `cells²`.
    pub fn num_vars(&self) -> Var {
        (self.cells() * self.cells()) as Var
    }

    /// The variable "the knight is on `square` at time `t`".
    pub fn var(&self, square: Square, t: usize) -> Var {
        debug_assert!(square < self.cells() && t < self.cells());
        (self.cells() * t + square) as Var
    }

    /// The square of a variable.
    pub fn square_of(&self, var: Var) -> Square {
        var as usize % self.cells()
    }

    /// The time step of a variable.
    pub fn time_of(&self, var: Var) -> usize {
        var as usize / self.cells()
    }

    /// A readable name for a variable, e.g. `c2@5` (square c2 at time 5).
    pub fn var_name(&self, var: Var) -> String {
        format!(
            "{}@{}",
            kt_board::square_name(&self.board, self.square_of(var)),
            self.time_of(var)
        )
    }

    /// Decodes a set of variables (one per time step, as every tour has)
    /// into the squares in time order; `None` if it is not one per step.
    pub fn decode(&self, set: &[Var]) -> Option<Vec<Square>> {
        if set.len() != self.cells() {
            return None;
        }
        let mut squares = vec![usize::MAX; self.cells()];
        for &var in set {
            let slot = &mut squares[self.time_of(var)];
            if *slot != usize::MAX {
                return None;
            }
            *slot = self.square_of(var);
        }
        Some(squares)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_time_then_row_then_column() {
        let enc = Encoding::new(Board::new(3, 4).unwrap()).unwrap();
        assert_eq!(enc.num_vars(), 144);
        // cells·t + cols·r + c
        let square = enc.board().square_at(2, 1);
        assert_eq!(enc.var(square, 5), 12 * 5 + 4 * 2 + 1);
        assert_eq!(enc.square_of(enc.var(square, 5)), square);
        assert_eq!(enc.time_of(enc.var(square, 5)), 5);
    }

    #[test]
    fn refuses_boards_beyond_32_bit_labels() {
        assert!(Encoding::new(Board::new(256, 255).unwrap()).is_ok());
        assert!(matches!(
            Encoding::new(Board::new(256, 256).unwrap()),
            Err(EncodingError::TooManyVariables { .. })
        ));
    }
}
