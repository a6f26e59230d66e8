//! The order of the squares changes what a frontier sweep holds, never
//! what it counts: every order — the columns, `auto` (shipped or
//! searched), random permutations and mirror-symmetric ones (one by hand,
//! one of the search's half-turn pairs) — counts what
//! the independent counter (`support/independent.rs`) counts on every
//! board of up to 30 squares in both orientations, open, closed and with
//! fixed ends; and the orders that change the levels change them a lot.

use std::sync::atomic::AtomicBool;

use kt_board::{Board, Symmetry, TourKind};
use kt_frontier::order::search;
use kt_frontier::{Options, Order, OrderChoice, Unwatched};
use kt_tests::boards_up_to;
use kt_tests::independent::{closed_tours, open_tours, open_tours_from_to};

/// A permutation of the board's squares from a seed (a Fisher–Yates
/// shuffle driven by a linear congruential generator: any permutation
/// will do, and the test must not depend on another crate's stream).
fn shuffled(board: Board, seed: u64) -> Order {
    let mut squares: Vec<usize> = board.squares().collect();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for i in (1..squares.len()).rev() {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        squares.swap(i, (state >> 33) as usize % (i + 1));
    }
    Order::from_squares(board, squares).unwrap()
}

/// An order that takes each square of the left half with its mirror image
/// across the vertical axis, column by column from the edges in: the
/// squares taken after each pair are a mirror-symmetric set.
fn mirrored(board: Board) -> Order {
    let (rows, cols) = (board.rows(), board.cols());
    let mut squares = Vec::with_capacity(board.cells());
    for c in 0..cols.div_ceil(2) {
        for r in 0..rows {
            squares.push(board.square_at(r, c));
            let m = cols - 1 - c;
            if m != c {
                squares.push(board.square_at(r, m));
            }
        }
    }
    Order::from_squares(board, squares).unwrap()
}

fn orders(board: Board) -> Vec<(String, OrderChoice)> {
    let mut orders = vec![
        ("columns".to_string(), OrderChoice::Columns),
        ("auto".to_string(), OrderChoice::Auto),
        ("mirrored".to_string(), OrderChoice::Given(mirrored(board))),
    ];
    // The search's own mirrored orders, in pairs of images under the half
    // turn (an involution of every rectangle), as the mirror fold needs.
    let budget = search::Budget {
        evaluations: 5_000,
        restarts: 1,
        seed: 0,
    };
    if let Some(order) =
        search::search_mirrored(board, &budget, &search::Score::new(board), Symmetry::Rot180)
    {
        orders.push((
            "searched, half-turn pairs".to_string(),
            OrderChoice::Given(order),
        ));
    }
    for seed in 1..=3 {
        orders.push((
            format!("random {seed}"),
            OrderChoice::Given(shuffled(board, seed)),
        ));
    }
    orders
}

fn options(order: &OrderChoice) -> Options {
    Options {
        threads: 2,
        order: order.clone(),
        ..Options::default()
    }
}

#[test]
fn every_order_counts_the_same_tours_on_every_board_up_to_30_squares() {
    let cancel = AtomicBool::new(false);
    for (rows, cols) in boards_up_to(30) {
        let board = Board::new(rows, cols).unwrap();
        let expected = [
            (TourKind::Open, open_tours(rows, cols)),
            (TourKind::Closed, closed_tours(rows, cols)),
        ];
        for (name, order) in orders(board) {
            for (kind, count) in expected {
                let got =
                    kt_frontier::count_tours(board, kind, &options(&order), &Unwatched, &cancel)
                        .unwrap_or_else(|e| panic!("{kind} {board} in the {name} order: {e}"));
                assert_eq!(
                    got.tours.to_string(),
                    count.to_string(),
                    "{kind} {board} in the {name} order"
                );
            }
        }
    }
}

#[test]
fn every_order_counts_the_same_paths_between_two_squares() {
    let cancel = AtomicBool::new(false);
    for (rows, cols) in [(3, 4), (4, 5), (5, 5), (3, 7), (5, 6)] {
        let board = Board::new(rows, cols).unwrap();
        let cells = board.cells();
        // A corner to every square, and two inner pairs.
        let pairs: Vec<(usize, usize)> = (1..cells)
            .map(|to| (0, to))
            .chain([(cells / 2, 1), (cols + 1, cells - 2)])
            .collect();
        for (name, order) in orders(board) {
            for &(from, to) in &pairs {
                let got = kt_frontier::count_between(
                    board,
                    from,
                    to,
                    &options(&order),
                    &Unwatched,
                    &cancel,
                )
                .unwrap();
                assert_eq!(
                    got.cycles.to_string(),
                    open_tours_from_to(rows, cols, from, to).to_string(),
                    "{board} from {from} to {to} in the {name} order"
                );
            }
        }
    }
}

/// The searched orders are what the method is for: on 6×6 closed the
/// widest level of the `auto` order is a small fraction of the columns'
/// (16,926 states, with the states that the squares left rule out
/// dropped every eighth step; 43,192 without).
#[test]
fn the_auto_order_holds_far_fewer_states_than_the_columns() {
    let cancel = AtomicBool::new(false);
    let board = Board::new(6, 6).unwrap();
    let peak = |order: OrderChoice| {
        kt_frontier::count_tours(
            board,
            TourKind::Closed,
            // Unfolded: the orders' own figures (the fold halves the
            // columns' levels of a strip, not a searched order's).
            &Options {
                fold: false,
                ..options(&order)
            },
            &Unwatched,
            &cancel,
        )
        .unwrap()
        .outcome
        .peak_states()
    };
    let (columns, auto) = (peak(OrderChoice::Columns), peak(OrderChoice::Auto));
    assert_eq!(columns, 16_926);
    assert!(auto * 10 < columns, "auto {auto}, columns {columns}");
}

/// An order of another board, or one whose frontier no key holds, is
/// refused before any work.
#[test]
fn orders_that_cannot_run_are_refused() {
    let cancel = AtomicBool::new(false);
    let board = Board::new(5, 5).unwrap();
    let other = OrderChoice::Given(Order::columns(Board::new(5, 6).unwrap()));
    let error =
        kt_frontier::count_tours(board, TourKind::Open, &options(&other), &Unwatched, &cancel)
            .unwrap_err();
    assert!(error.to_string().contains("5x6"), "{error}");
    // A random order of 10x10 is far wider than 28 slots.
    let wide = Board::new(10, 10).unwrap();
    let random = OrderChoice::Given(shuffled(wide, 7));
    let error = kt_frontier::count_tours(
        wide,
        TourKind::Closed,
        &options(&random),
        &Unwatched,
        &cancel,
    )
    .unwrap_err();
    assert!(error.to_string().contains("slots"), "{error}");
}

/// A checkpoint means something only in the order that wrote it: resumed
/// in another order it is refused, in its own it gives the count.
#[test]
fn a_checkpoint_of_another_order_is_refused() {
    let cancel = AtomicBool::new(false);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("5x6.checkpoint");
    let board = Board::new(5, 6).unwrap();
    let writing = Options {
        checkpoint: Some(path.clone()),
        checkpoint_every: std::time::Duration::ZERO,
        spill_dir: dir.path().to_path_buf(),
        ..options(&OrderChoice::Columns)
    };
    let whole = kt_frontier::count_tours(board, TourKind::Open, &writing, &Unwatched, &cancel)
        .unwrap()
        .tours;
    let resuming = |order: OrderChoice| Options {
        resume: Some(path.clone()),
        ..options(&order)
    };
    let other = kt_frontier::count_tours(
        board,
        TourKind::Open,
        &resuming(OrderChoice::Auto),
        &Unwatched,
        &cancel,
    );
    match other {
        Err(kt_frontier::FrontierError::Resume(why)) => {
            assert!(why.contains("differently"), "{why}");
        }
        other => panic!("resumed in another order: {other:?}"),
    }
    let same = kt_frontier::count_tours(
        board,
        TourKind::Open,
        &resuming(OrderChoice::Columns),
        &Unwatched,
        &cancel,
    )
    .unwrap();
    assert_eq!(same.tours, whole);
    assert!(same.outcome.resumed_from.is_some());
}
