//! Counts with a fixed start, fixed ends or a required move.

use std::sync::atomic::AtomicBool;

use kt_board::{Board, TourKind};
use kt_frontier::{Options, Restriction, Unwatched, count_between, count_restricted};
use num_bigint::BigUint;

fn count(board: &str, kind: TourKind, restriction: &Restriction) -> BigUint {
    let board: Board = board.parse().unwrap();
    count_restricted(
        board,
        kind,
        restriction,
        &Options::default(),
        &Unwatched,
        &AtomicBool::new(false),
    )
    .unwrap()
    .cycles
}

fn ends(ends: &[usize], only: bool) -> Restriction {
    Restriction {
        ends: ends.to_vec(),
        only_these_ends: only,
        ..Restriction::default()
    }
}

#[test]
fn open_tours_from_a_square() {
    // 5x5: 304 directed open tours from a corner, 64 from the centre
    // (A165134's table by start square, quoted in TAOCP pre-fascicle 8A).
    assert_eq!(
        count("5x5", TourKind::Open, &ends(&[0], false)),
        BigUint::from(304u32)
    );
    assert_eq!(
        count("5x5", TourKind::Open, &ends(&[12], false)),
        BigUint::from(64u32)
    );
    // The ends are an unordered pair: from a to b equals from b to a, and
    // summing over the other end gives the count from a.
    let from_corner: u32 = (0..25)
        .filter(|&e| e != 0)
        .map(|e| u32::try_from(count("5x5", TourKind::Open, &ends(&[0, e], true))).unwrap())
        .sum();
    assert_eq!(from_corner, 304);
}

#[test]
fn closed_tours_through_a_move() {
    // A corner has two moves, and every closed tour makes both.
    let b: Board = "6x6".parse().unwrap();
    let corner_move = Restriction {
        moves: vec![(0, b.square_at(1, 2))],
        ..Restriction::default()
    };
    assert_eq!(
        count("6x6", TourKind::Closed, &corner_move),
        BigUint::from(9862u32)
    );
    // A move that is not a knight's move is made by no tour.
    let not_a_move = Restriction {
        moves: vec![(0, 1)],
        ..Restriction::default()
    };
    assert_eq!(count("6x6", TourKind::Closed, &not_a_move), BigUint::ZERO);
}

/// The fixed-ends sweep counts the paths between two squares: on 5×5, the
/// paths from a corner by end square sum to the 304 tours from it, and
/// every pair agrees with the apex sweep restricted to those two ends.
#[test]
fn paths_between_two_squares() {
    let board = Board::new(5, 5).unwrap();
    let cancel = AtomicBool::new(false);
    let options = Options::default();
    let mut from_corner = BigUint::ZERO;
    for to in 1..25 {
        let between = count_between(board, 0, to, &options, &Unwatched, &cancel)
            .unwrap()
            .cycles;
        let restriction = Restriction {
            ends: vec![0, to],
            only_these_ends: true,
            moves: vec![],
        };
        let apex = count_restricted(
            board,
            TourKind::Open,
            &restriction,
            &options,
            &Unwatched,
            &cancel,
        )
        .unwrap()
        .cycles;
        assert_eq!(between, apex, "a5 to square {to}");
        from_corner += between;
    }
    assert_eq!(from_corner, BigUint::from(304u32));
}
