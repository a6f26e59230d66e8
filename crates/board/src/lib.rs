//! Board geometry for knight's tours: rectangular boards, squares, knight
//! moves, algebraic names, and the one checker that every tour the project
//! prints must pass.
//!
//! Squares are numbered row-major: square `cols·r + c` is row `r`, column `c`,
//! with row 0 printed at the top. This is the numbering the ZDD encoding uses
//! for its variable labels (`cells·t + cols·r + c`), so a square index means
//! the same thing in every crate of the workspace.

mod algebraic;
mod board;
mod symmetry;
mod tour;

pub use algebraic::{AlgebraicError, file_name, parse_square, square_name};
pub use board::{Board, BoardError, KNIGHT_OFFSETS, MAX_SIDE, Square};
pub use symmetry::Symmetry;
pub use tour::{Tour, TourError, TourKind};
