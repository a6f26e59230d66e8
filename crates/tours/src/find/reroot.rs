//! Moving the start of an open tour by Pósa rotations (L. Pósa,
//! "Hamiltonian circuits in random graphs", *Discrete Mathematics* 14(4),
//! 1976, 359–364).
//!
//! If the first square `v₀` of a tour `v₀ v₁ … vₙ` is a knight's move from
//! `vᵢ` (i ≥ 2), then `vᵢ₋₁ … v₁ v₀ vᵢ vᵢ₊₁ … vₙ` is a tour too, starting at
//! `vᵢ₋₁`: reverse a prefix. Breadth-first search over such rotations (at
//! either end, since a tour can be read backwards) reaches many other
//! start squares. It is how [`find_tour`] honours a requested start on the
//! boards where neither a closed tour (which can simply be rotated) nor
//! Warnsdorff's rule from that start gives one; it is not guaranteed to
//! reach every possible start, so the search is capped.
//!
//! [`find_tour`]: crate::find_tour

use std::collections::{HashSet, VecDeque};

use kt_board::{Board, Square};

/// A tour of `board` starting at `start`, obtained from `tour` (an open
/// tour of `board`) by at most `max_tours` rotations explored; `None` if
/// none was reached.
pub(crate) fn reroot(
    board: &Board,
    tour: Vec<Square>,
    start: Square,
    max_tours: usize,
) -> Option<Vec<Square>> {
    let n = tour.len();
    let oriented = |mut t: Vec<Square>| {
        if t.last() == Some(&start) {
            t.reverse();
        }
        t
    };
    if tour.first() == Some(&start) || tour.last() == Some(&start) {
        return Some(oriented(tour));
    }
    let mut seen: HashSet<(Square, Square)> = HashSet::new();
    let ends = |t: &[Square]| (t[0].min(t[n - 1]), t[0].max(t[n - 1]));
    seen.insert(ends(&tour));
    let mut queue = VecDeque::from([tour]);
    let mut position = vec![0usize; board.cells()];
    let mut explored = 0;
    while let Some(tour) = queue.pop_front() {
        explored += 1;
        if explored > max_tours {
            return None;
        }
        for forwards in [true, false] {
            let mut t = tour.clone();
            if !forwards {
                t.reverse();
            }
            for (i, &s) in t.iter().enumerate() {
                position[s] = i;
            }
            for w in board.knight_moves(t[0]) {
                let i = position[w];
                if i < 2 {
                    continue;
                }
                let mut rotated = t.clone();
                rotated[..i].reverse();
                if rotated[0] == start {
                    return Some(rotated);
                }
                if seen.insert(ends(&rotated)) {
                    queue.push_back(rotated);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FindOptions, find_tour};
    use kt_board::{Tour, TourKind};

    #[test]
    fn moves_the_start_of_a_thin_tour() {
        let board = Board::new(3, 40).unwrap();
        let tour = find_tour(&board, TourKind::Open, &FindOptions::default()).unwrap();
        let mut reached = 0;
        for start in board.squares() {
            if let Some(squares) = reroot(&board, tour.squares.clone(), start, 500) {
                assert_eq!(squares[0], start);
                assert_eq!(Tour::new(board, TourKind::Open, squares).check(), Ok(()));
                reached += 1;
            }
        }
        assert!(reached > 60, "{reached}");
    }
}
