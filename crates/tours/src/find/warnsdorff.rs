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

use kt_board::{Board, Square};

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
/// result; neighbours come from [`Board::knight_moves_at`] on the fly, so
/// it runs on boards of 10⁸ squares.
pub fn warnsdorff(board: &Board, start: Square, tie: TieBreak) -> Option<Vec<Square>> {
    // `free[s]`: unvisited neighbours of `s`; VISITED marks visited squares.
    const VISITED: u8 = u8::MAX;
    let cells = board.cells();
    if start >= cells {
        return None;
    }
    let (rows, cols) = (board.rows(), board.cols());
    let mut free: Vec<u8> = Vec::with_capacity(cells);
    for r in 0..rows {
        free.extend((0..cols).map(|c| board.knight_moves_at(r, c).count() as u8));
    }
    let mut order = Vec::with_capacity(cells);
    let mut cur = start;
    loop {
        order.push(cur);
        free[cur] = VISITED;
        let (r, c) = board.row_col(cur);
        for (nr, nc) in board.knight_moves_at(r, c) {
            // Without a branch: whether a neighbour was visited is
            // unpredictable.
            let count = &mut free[board.square_at(nr, nc)];
            *count -= u8::from(*count != VISITED);
        }
        if order.len() == cells {
            return Some(order);
        }
        // Fewest onward moves, then the tie-break, then move order.
        let mut best: Option<(u8, usize, Square)> = None;
        for (nr, nc) in board.knight_moves_at(r, c) {
            let s = board.square_at(nr, nc);
            if free[s] == VISITED || best.is_some_and(|(d, _, _)| free[s] > d) {
                continue;
            }
            // Smaller is better.
            let key = match tie {
                // The squared distance from the centre (doubled coordinates
                // keep it integral), subtracted from the largest key. The
                // differences wrap below zero, but their squares modulo
                // 2⁶⁴ are exact, and need no branch on the side of the
                // centre (which the processor would mispredict).
                TieBreak::FarthestFromCentre => {
                    let dr = (2 * nr).wrapping_sub(rows - 1);
                    let dc = (2 * nc).wrapping_sub(cols - 1);
                    usize::MAX - (dr.wrapping_mul(dr) + dc.wrapping_mul(dc))
                }
                TieBreak::Lookahead => board
                    .knight_moves_at(nr, nc)
                    .map(|(zr, zc)| free[board.square_at(zr, zc)])
                    .filter(|&d| d != VISITED)
                    .min()
                    .map_or(usize::MAX, usize::from),
            };
            if best.is_none_or(|(d, k, _)| free[s] < d || key < k) {
                best = Some((free[s], key, s));
            }
        }
        cur = best?.2;
    }
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
