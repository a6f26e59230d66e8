//! Warnsdorff's rule (H. C. von Warnsdorf, *Des Rösselsprunges einfachste
//! und allgemeinste Lösung*, 1823): always move to the square with the
//! fewest onward moves. One pass, no backtracking, linear time — and it
//! either completes a tour or gets stuck.
//!
//! How often it gets stuck depends on how ties are broken. Two rules are
//! implemented, tried in this order by [`find_tour`]:
//!
//! - [`TieBreak::FarthestFromCentre`]: among the tied squares take the one
//!   farthest (Euclidean) from the centre of the board, then the first in
//!   [`KNIGHT_OFFSETS`] order. This is Arnd Roth's rule; it keeps the knight
//!   on the rim, where squares are hardest to reach later.
//! - [`TieBreak::Lookahead`]: among the tied squares take the one whose own
//!   least-connected successor has the fewest onward moves, i.e. apply the
//!   rule once more one move ahead. This is the tie-breaking of I. Pohl, "A
//!   method for finding Hamilton paths and Knight's tours", *Communications
//!   of the ACM* 10(7), 1967, 446–449.
//!
//! Neither is guaranteed: the benchmark (`docs/find.md`) records how often
//! each completes. [`find_tour`] falls back on the divide-and-conquer
//! construction when both get stuck, so the heuristic's failures cost time,
//! never a tour.
//!
//! [`find_tour`]: crate::find_tour
//! [`KNIGHT_OFFSETS`]: kt_board::KNIGHT_OFFSETS

use kt_board::{Board, KNIGHT_OFFSETS, Square};

/// How Warnsdorff's rule chooses among squares with equally few onward moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Farthest from the centre first (Roth).
    FarthestFromCentre,
    /// Fewest onward moves one step further first (Pohl, 1967).
    Lookahead,
}

/// Runs Warnsdorff's rule from `start`; the visiting order if it visits
/// every square, `None` if it gets stuck.
///
/// Memory is one byte per square for the onward-move counts plus the
/// result; neighbours are computed on the fly, so it runs on boards of
/// 10⁸ squares.
pub fn warnsdorff(board: &Board, start: Square, tie: TieBreak) -> Option<Vec<Square>> {
    let cells = board.cells();
    if start >= cells {
        return None;
    }
    let (rows, cols) = (board.rows() as i64, board.cols() as i64);
    // `free[s]`: unvisited neighbours of `s`; VISITED marks visited squares.
    const VISITED: u8 = u8::MAX;
    let mut free: Vec<u8> = vec![0; cells];
    for r in 0..rows {
        for c in 0..cols {
            free[(r * cols + c) as usize] = neighbours(r, c, rows, cols).count() as u8;
        }
    }
    let mut order = Vec::with_capacity(cells);
    let mut cur = start;
    loop {
        order.push(cur);
        free[cur] = VISITED;
        let (r, c) = ((cur / cols as usize) as i64, (cur % cols as usize) as i64);
        for (nr, nc) in neighbours(r, c, rows, cols) {
            let s = (nr * cols + nc) as usize;
            if free[s] != VISITED {
                free[s] -= 1;
            }
        }
        if order.len() == cells {
            return Some(order);
        }
        // Fewest onward moves, then the tie-break, then move order.
        let mut best: Option<(u8, i64, Square)> = None;
        for (nr, nc) in neighbours(r, c, rows, cols) {
            let s = (nr * cols + nc) as usize;
            if free[s] == VISITED {
                continue;
            }
            if best.is_some_and(|(d, _, _)| free[s] > d) {
                continue;
            }
            let key = match tie {
                // Negated squared distance (doubled coordinates keep it
                // integral), so that smaller is better.
                TieBreak::FarthestFromCentre => {
                    let (dr, dc) = (2 * nr - (rows - 1), 2 * nc - (cols - 1));
                    -(dr * dr + dc * dc)
                }
                TieBreak::Lookahead => neighbours(nr, nc, rows, cols)
                    .map(|(zr, zc)| free[(zr * cols + zc) as usize])
                    .filter(|&d| d != VISITED)
                    .min()
                    .map_or(i64::MAX, i64::from),
            };
            if best.is_none_or(|(d, k, _)| free[s] < d || key < k) {
                best = Some((free[s], key, s));
            }
        }
        cur = best?.2;
    }
}

/// The on-board knight moves from `(r, c)`, in [`KNIGHT_OFFSETS`] order.
fn neighbours(r: i64, c: i64, rows: i64, cols: i64) -> impl Iterator<Item = (i64, i64)> {
    KNIGHT_OFFSETS
        .iter()
        .map(move |&(dr, dc)| (r + dr, c + dc))
        .filter(move |&(nr, nc)| nr >= 0 && nc >= 0 && nr < rows && nc < cols)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kt_board::{Tour, TourKind};

    #[test]
    fn completes_the_chessboard_from_a_corner() {
        let b = Board::square(8).unwrap();
        for tie in [TieBreak::FarthestFromCentre, TieBreak::Lookahead] {
            let squares = warnsdorff(&b, 0, tie).expect("8x8 from a corner");
            assert_eq!(Tour::new(b, TourKind::Open, squares).check(), Ok(()));
        }
    }

    #[test]
    fn gets_stuck_where_there_is_no_tour() {
        let b = Board::square(4).unwrap();
        for start in 0..16 {
            assert_eq!(warnsdorff(&b, start, TieBreak::FarthestFromCentre), None);
        }
        assert_eq!(warnsdorff(&b, 99, TieBreak::Lookahead), None);
    }

    #[test]
    fn single_square() {
        let b = Board::square(1).unwrap();
        assert_eq!(warnsdorff(&b, 0, TieBreak::Lookahead), Some(vec![0]));
    }
}
