//! Algebraic square names such as `a1` or `c2`.
//!
//! Files are letters from the left (`a`, `b`, …, `z`, then `aa`, `ab`, … as in
//! spreadsheet columns, so wide boards still have names); ranks are numbers
//! from the bottom, as on a chess board seen by White. Row 0 (printed at the
//! top) is therefore rank `rows`.

use crate::{Board, Square};

/// The file letters of column `col` (0 → `a`, 25 → `z`, 26 → `aa`).
pub fn file_name(mut col: usize) -> String {
    let mut letters = Vec::new();
    loop {
        letters.push(b'a' + (col % 26) as u8);
        if col < 26 {
            break;
        }
        col = col / 26 - 1;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

/// The algebraic name of a square, e.g. `a1` for the bottom-left corner.
pub fn square_name(board: &Board, square: Square) -> String {
    let (r, c) = board.row_col(square);
    format!("{}{}", file_name(c), board.rows() - r)
}

/// Why a square name was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{text}' is not a square of the {board} board (expected a file letter and a rank number, e.g. a1)"
)]
pub struct AlgebraicError {
    pub text: String,
    pub board: Board,
}

/// Parses an algebraic square name on `board`.
pub fn parse_square(board: &Board, text: &str) -> Result<Square, AlgebraicError> {
    let err = || AlgebraicError {
        text: text.to_string(),
        board: *board,
    };
    let lower = text.trim().to_ascii_lowercase();
    let split = lower
        .find(|c: char| !c.is_ascii_lowercase())
        .ok_or_else(err)?;
    let (letters, digits) = lower.split_at(split);
    if letters.is_empty() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err());
    }
    let mut col: usize = 0;
    for b in letters.bytes() {
        col = col
            .checked_mul(26)
            .and_then(|v| v.checked_add((b - b'a') as usize + 1))
            .ok_or_else(err)?;
    }
    let col = col - 1;
    let rank: usize = digits.parse().map_err(|_| err())?;
    if col >= board.cols() || rank == 0 || rank > board.rows() {
        return Err(err());
    }
    Ok(board.square_at(board.rows() - rank, col))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_continue_past_z() {
        assert_eq!(file_name(0), "a");
        assert_eq!(file_name(25), "z");
        assert_eq!(file_name(26), "aa");
        assert_eq!(file_name(27), "ab");
        assert_eq!(file_name(26 + 26 * 26), "aaa");
    }

    #[test]
    fn names_round_trip() {
        let b = Board::new(30, 800).unwrap();
        for s in (0..b.cells()).step_by(97) {
            let name = square_name(&b, s);
            assert_eq!(parse_square(&b, &name), Ok(s), "{name}");
        }
        let chess = Board::square(8).unwrap();
        assert_eq!(square_name(&chess, chess.square_at(7, 0)), "a1");
        assert_eq!(square_name(&chess, chess.square_at(0, 7)), "h8");
    }

    #[test]
    fn rejects_off_board_names() {
        let b = Board::square(5).unwrap();
        for text in ["f1", "a6", "a0", "1a", "a", "7", "", "a1b"] {
            assert!(parse_square(&b, text).is_err(), "{text}");
        }
    }
}
