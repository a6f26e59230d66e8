//! Which boards have knight's tours: two classical theorems, stated exactly,
//! so that callers can tell "there is none" from "none was found".
//!
//! Sources:
//! - A. J. Schwenk, "Which rectangular chessboards have a knight's tour?",
//!   *Mathematics Magazine* 64(5), 1991, 325–332 (closed tours).
//! - A. Conrad, T. Hindrichs, H. Morsy, I. Wegener, "Solution of the
//!   knight's Hamiltonian path problem on chessboards", *Discrete Applied
//!   Mathematics* 50(2), 1994, 125–134 (open tours).
//!
//! The project's conventions: an open tour is a Hamiltonian path, a closed
//! tour a Hamiltonian cycle. A single square is an open tour (of the 1×1
//! board) but not a cycle.

use kt_board::{Board, TourKind};

const SCHWENK: &str = "Schwenk's theorem (1991)";
const CHMW: &str = "the theorem of Conrad, Hindrichs, Morsy and Wegener (1994)";

/// Why a board has no tour of the requested kind, with the theorem that says
/// so. The fields give the board (`rows`, `cols`) and, where it matters, its
/// shorter side `short` or longer side `long`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum NoTour {
    /// Closed: both sides odd, so the board has an odd number of squares,
    /// and a knight's cycle alternates colours, so it has even length.
    #[error(
        "the {rows}x{cols} board has no closed knight's tour: both sides are odd, so it has an odd number of squares and no cycle through all of them ({SCHWENK})"
    )]
    BothSidesOdd { rows: usize, cols: usize },
    /// Closed: a side of 1, 2 or 4 (Schwenk's conditions; for 4 the outer
    /// rows are an independent set that would have to alternate with the
    /// inner rows in two incompatible ways).
    #[error(
        "the {rows}x{cols} board has no closed knight's tour: no board with a side of {short} has one ({SCHWENK}: none when the shorter side is 1, 2 or 4)"
    )]
    NarrowBoard {
        rows: usize,
        cols: usize,
        short: usize,
    },
    /// Closed: the 3×4, 3×6 and 3×8 boards (Schwenk's third condition).
    #[error(
        "the {rows}x{cols} board has no closed knight's tour: the 3x{long} board is one of the exceptions 3x4, 3x6 and 3x8 ({SCHWENK})"
    )]
    ThreeByShort {
        rows: usize,
        cols: usize,
        long: usize,
    },
    /// Open: a single row or column of more than one square has no knight
    /// moves at all.
    #[error(
        "the {rows}x{cols} board has no knight's tour: a knight cannot move at all on a single line of squares ({CHMW})"
    )]
    SingleLine { rows: usize, cols: usize },
    /// Open: a board two squares wide splits into disconnected pieces.
    #[error(
        "the {rows}x{cols} board has no knight's tour: a knight's graph two squares wide is disconnected ({CHMW})"
    )]
    TwoWide { rows: usize, cols: usize },
    /// Open: the 3×3, 3×5 and 3×6 boards.
    #[error(
        "the {rows}x{cols} board has no knight's tour: the 3x{long} board is one of the exceptions 3x3, 3x5 and 3x6 ({CHMW})"
    )]
    ThreeBySmall {
        rows: usize,
        cols: usize,
        long: usize,
    },
    /// Open: the 4×4 board.
    #[error("the 4x4 board has no knight's tour: it is the exception 4x4 ({CHMW})")]
    FourByFour,
}

/// Whether `board` has an open knight's tour (a Hamiltonian path of its
/// knight's graph), by the theorem of Conrad, Hindrichs, Morsy and Wegener
/// (1994): with `m ≤ n`, none when `m = 1 < n`, `m = 2`, `m = 3` and
/// `n ∈ {3, 5, 6}`, or `m = n = 4`; every other board has one.
pub fn open_tour_exists(board: &Board) -> Result<(), NoTour> {
    let (rows, cols) = (board.rows(), board.cols());
    let (m, n) = (rows.min(cols), rows.max(cols));
    match (m, n) {
        (1, 1) => Ok(()),
        (1, _) => Err(NoTour::SingleLine { rows, cols }),
        (2, _) => Err(NoTour::TwoWide { rows, cols }),
        (3, 3 | 5 | 6) => Err(NoTour::ThreeBySmall {
            rows,
            cols,
            long: n,
        }),
        (4, 4) => Err(NoTour::FourByFour),
        _ => Ok(()),
    }
}

/// Whether `board` has a closed knight's tour (a Hamiltonian cycle of its
/// knight's graph), by Schwenk's theorem (1991): with `m ≤ n`, there is one
/// unless `m` and `n` are both odd, `m ∈ {1, 2, 4}`, or `m = 3` and
/// `n ∈ {4, 6, 8}`.
pub fn closed_tour_exists(board: &Board) -> Result<(), NoTour> {
    let (rows, cols) = (board.rows(), board.cols());
    let (m, n) = (rows.min(cols), rows.max(cols));
    if m % 2 == 1 && n % 2 == 1 {
        Err(NoTour::BothSidesOdd { rows, cols })
    } else if matches!(m, 1 | 2 | 4) {
        Err(NoTour::NarrowBoard {
            rows,
            cols,
            short: m,
        })
    } else if m == 3 && matches!(n, 4 | 6 | 8) {
        Err(NoTour::ThreeByShort {
            rows,
            cols,
            long: n,
        })
    } else {
        Ok(())
    }
}

/// [`open_tour_exists`] or [`closed_tour_exists`], by `kind`.
pub fn tour_exists(board: &Board, kind: TourKind) -> Result<(), NoTour> {
    match kind {
        TourKind::Open => open_tour_exists(board),
        TourKind::Closed => closed_tour_exists(board),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(r: usize, c: usize) -> Board {
        Board::new(r, c).unwrap()
    }

    #[test]
    fn closed_tours_follow_schwenk() {
        assert_eq!(closed_tour_exists(&b(6, 6)), Ok(()));
        assert_eq!(closed_tour_exists(&b(5, 6)), Ok(()));
        assert_eq!(closed_tour_exists(&b(10, 3)), Ok(()));
        assert_eq!(closed_tour_exists(&b(3, 12)), Ok(()));
        assert!(matches!(
            closed_tour_exists(&b(1, 1)),
            Err(NoTour::BothSidesOdd { .. })
        ));
        assert!(matches!(
            closed_tour_exists(&b(5, 5)),
            Err(NoTour::BothSidesOdd { .. })
        ));
        assert!(matches!(
            closed_tour_exists(&b(4, 100)),
            Err(NoTour::NarrowBoard { short: 4, .. })
        ));
        assert!(matches!(
            closed_tour_exists(&b(2, 1)),
            Err(NoTour::NarrowBoard { short: 1, .. })
        ));
        assert!(matches!(
            closed_tour_exists(&b(8, 3)),
            Err(NoTour::ThreeByShort { long: 8, .. })
        ));
    }

    #[test]
    fn open_tours_follow_conrad_et_al() {
        for ok in [(1, 1), (3, 4), (4, 3), (3, 7), (4, 5), (5, 5), (7, 3)] {
            assert_eq!(open_tour_exists(&b(ok.0, ok.1)), Ok(()), "{ok:?}");
        }
        for none in [
            (1, 2),
            (9, 1),
            (2, 2),
            (2, 9),
            (3, 3),
            (5, 3),
            (3, 6),
            (4, 4),
        ] {
            assert!(open_tour_exists(&b(none.0, none.1)).is_err(), "{none:?}");
        }
    }

    #[test]
    fn reasons_are_one_sentence_naming_the_theorem() {
        let closed = closed_tour_exists(&b(3, 8)).unwrap_err().to_string();
        assert!(
            closed.contains("Schwenk") && closed.contains("3x8"),
            "{closed}"
        );
        let open = open_tour_exists(&b(4, 4)).unwrap_err().to_string();
        assert!(open.contains("Conrad"), "{open}");
        for text in [closed, open] {
            assert!(!text.contains('\n'));
        }
    }
}
