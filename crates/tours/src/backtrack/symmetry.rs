//! Start squares that need no search of their own: a symmetry of the board
//! (a reflection, or on a square board also a rotation) maps knight moves
//! to knight moves, so it maps the open tours from one square one-to-one
//! onto those from its image. One search per orbit, times the orbit's
//! size, is therefore exact.

use kt_board::{Board, Square, Symmetry};

/// The images of `square` under the board's symmetries (with repeats when
/// a symmetry fixes it).
pub(super) fn images(board: &Board, square: Square) -> impl Iterator<Item = Square> + '_ {
    Symmetry::group(board)
        .into_iter()
        .map(move |g| g.apply(board, square))
}

/// The orbits of the squares an open tour can start on, each sorted, in
/// order of their least square. On a board with an odd number of squares
/// a path alternates colours and has one more square of its ends' colour,
/// so it starts on the majority colour (that of the corners); the other
/// squares start no tour and are left out.
pub(super) fn start_orbits(board: &Board) -> Vec<Vec<Square>> {
    board
        .squares()
        .filter(|&s| may_end_a_path(board, s))
        .filter_map(|s| {
            let mut orbit: Vec<Square> = images(board, s).collect();
            orbit.sort_unstable();
            orbit.dedup();
            (orbit[0] == s).then_some(orbit)
        })
        .collect()
}

/// Whether an open tour can start or end on `square`, as far as colours
/// go (see [`start_orbits`]).
pub(super) fn may_end_a_path(board: &Board, square: Square) -> bool {
    let (r, c) = board.row_col(square);
    board.cells().is_multiple_of(2) || (r + c).is_multiple_of(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_of_square_and_oblong_boards() {
        let b = Board::square(5).unwrap();
        let orbits = start_orbits(&b);
        // The 13 majority-colour squares of 5x5: the corners, the centre,
        // the middles of the edges and the centre's diagonal neighbours.
        assert_eq!(orbits.len(), 4);
        assert_eq!(orbits.iter().map(Vec::len).sum::<usize>(), 13);
        assert!(orbits.contains(&vec![0, 4, 20, 24]));
        assert!(orbits.contains(&vec![12]));
        // 3x4: the corners, the rest of the long edges, and the two pairs
        // in the middle row.
        let b = Board::new(3, 4).unwrap();
        assert_eq!(
            start_orbits(&b),
            vec![vec![0, 3, 8, 11], vec![1, 2, 9, 10], vec![4, 7], vec![5, 6]]
        );
    }
}
