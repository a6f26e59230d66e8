//! The table by end square from one square in one sweep with tallies,
//! against the fixed-ends sweep a square.

use std::sync::atomic::AtomicBool;

use kt_board::{Board, Square, TourKind};
use kt_frontier::{
    Options, Order, Restriction, Unwatched, count_between_in, count_by_end_in, count_restricted,
    end_tallies_fit, resolve_order,
};
use num_bigint::BigUint;

fn one_sweep(order: &Order, from: Square) -> (BigUint, Vec<BigUint>) {
    let counted = count_by_end_in(
        order,
        from,
        &Options::default(),
        &Unwatched,
        &AtomicBool::new(false),
    )
    .unwrap()
    .expect("these boards' classes fit a tally");
    (counted.tours, counted.by_square)
}

fn to_each_square(order: &Order, from: Square) -> Vec<BigUint> {
    order
        .board()
        .squares()
        .map(|to| {
            if to == from {
                return BigUint::ZERO;
            }
            count_between_in(
                order,
                from,
                to,
                &Options::default(),
                &Unwatched,
                &AtomicBool::new(false),
            )
            .unwrap()
            .cycles
        })
        .collect()
}

#[test]
fn the_table_in_one_sweep_is_a_sweep_a_pair_from_every_square_up_to_thirty_squares() {
    for (r, c) in [
        (1, 2),
        (3, 4),
        (3, 7),
        (4, 4),
        (4, 5),
        (3, 8),
        (5, 5),
        (4, 7),
        (5, 6),
    ] {
        let board = Board::new(r, c).unwrap();
        let shipped = resolve_order(board, TourKind::Open, &Options::default()).unwrap();
        for from in board.squares() {
            assert!(end_tallies_fit(board, from), "{board} from {from}");
            let each = to_each_square(&shipped, from);
            // In the shipped order and in the columns: the tallies do not
            // depend on where the start comes in the sweep.
            for order in [&shipped, &Order::columns(board)] {
                let (tours, by_square) = one_sweep(order, from);
                assert_eq!(by_square, each, "{board} from {from}");
                assert_eq!(tours, each.iter().sum::<BigUint>(), "{board} from {from}");
            }
        }
    }
}

#[test]
fn six_by_six_by_end_adds_up_to_the_tours_from_each_square() {
    let board = Board::new(6, 6).unwrap();
    let order = resolve_order(board, TourKind::Open, &Options::default()).unwrap();
    // a1 (row 5, column 0), on a diagonal; b1 and c2, on none; c3, near
    // the centre.
    for from in [30, 31, 25, 20] {
        let (tours, by_square) = one_sweep(&order, from);
        let from_here = count_restricted(
            board,
            TourKind::Open,
            &Restriction {
                ends: vec![from],
                ..Restriction::default()
            },
            &Options::default(),
            &Unwatched,
            &AtomicBool::new(false),
        )
        .unwrap()
        .cycles;
        assert_eq!(tours, from_here, "from {from}");
        assert_eq!(by_square.iter().sum::<BigUint>(), tours, "from {from}");
        // A path of 36 squares ends on the other colour.
        for (to, n) in by_square.iter().enumerate() {
            if board.colour(to) == board.colour(from) {
                assert_eq!(*n, BigUint::ZERO, "from {from} to {to}");
            }
        }
    }
}
