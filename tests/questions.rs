//! Counts beyond the total — from a square, to a square, tables by start
//! and end square, and up to symmetry — against the independent counter,
//! for every method that answers them.

use kt_board::{Board, Square, Symmetry, TourKind};
use kt_count::Question;
use kt_tests::independent::{
    closed_tours, open_tours_by_end_from, open_tours_from, open_tours_from_to, orbits,
};
use kt_tests::{Method, boards_up_to, request, run};

const METHODS: [Method; 4] = [
    Method::Zdd,
    Method::Frontier,
    Method::Edges,
    Method::Backtrack,
];

#[test]
fn tours_from_and_to_a_square() {
    for (rows, cols) in [(3, 4), (4, 5), (5, 5), (3, 7), (4, 4)] {
        let cells = rows * cols;
        for method in METHODS {
            for from in (0..cells).step_by(3) {
                let mut req = request(rows, cols, TourKind::Open, method);
                req.question = Question::From { from };
                let got = run(&req).count;
                assert_eq!(
                    got,
                    open_tours_from(rows, cols, from).into(),
                    "{rows}x{cols} from {from} by {method:?}"
                );
                let to = (from * 7 + 5) % cells;
                // Open tours ending on a square are, reversed, those
                // starting on it.
                req.question = Question::To { to };
                assert_eq!(
                    run(&req).count,
                    open_tours_from(rows, cols, to).into(),
                    "{rows}x{cols} to {to} by {method:?}"
                );
                req.question = Question::FromTo { from, to };
                let got = run(&req).count;
                assert_eq!(
                    got,
                    open_tours_from_to(rows, cols, from, to).into(),
                    "{rows}x{cols} from {from} to {to} by {method:?}"
                );
            }
        }
    }
}

#[test]
fn tables_by_end_square() {
    for (rows, cols) in [(3, 4), (5, 5), (4, 5)] {
        for method in METHODS {
            for from in [0, rows * cols / 2] {
                let mut req = request(rows, cols, TourKind::Open, method);
                req.question = Question::ByEnd { from };
                let counted = run(&req);
                let got: Vec<String> = counted
                    .report
                    .by_end
                    .expect("a table")
                    .decimal()
                    .into_iter()
                    .flatten()
                    .collect();
                let expected: Vec<String> = open_tours_by_end_from(rows, cols, from)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                assert_eq!(got, expected, "{rows}x{cols} from {from} by {method:?}");
                assert_eq!(counted.count, open_tours_from(rows, cols, from).into());
            }
        }
    }
}

/// Closed tours from a square: twice the undirected count (every tour passes
/// every square); to a neighbour: the tours that make that move. Each
/// square's two tour moves split the directed tours from it.
#[test]
fn closed_tours_from_a_square_and_through_a_move() {
    for (rows, cols) in [(5, 6), (3, 10), (6, 6)] {
        let total = closed_tours(rows, cols);
        let board = Board::new(rows, cols).unwrap();
        for method in [Method::Zdd, Method::Frontier, Method::Edges] {
            for from in [0, board.cells() / 2 + 1] {
                let mut req = request(rows, cols, TourKind::Closed, method);
                req.question = Question::From { from };
                assert_eq!(
                    run(&req).count,
                    (2 * total).into(),
                    "{rows}x{cols} closed from {from}"
                );
                req.question = Question::ByEnd { from };
                let counted = run(&req);
                let table: Vec<u128> = counted
                    .report
                    .by_end
                    .expect("a table")
                    .decimal()
                    .into_iter()
                    .flatten()
                    .map(|c| c.parse().unwrap())
                    .collect();
                assert_eq!(table.iter().sum::<u128>(), 2 * total);
                for (e, &n) in table.iter().enumerate() {
                    assert!(
                        n == 0 || board.is_knight_move(from, e),
                        "{rows}x{cols}: {e}"
                    );
                }
            }
        }
    }
}

#[test]
fn orbit_counts_agree_with_brute_force_on_every_board_up_to_25_squares() {
    let mut boards = boards_up_to(25);
    boards.extend([(5, 6), (6, 5), (3, 10), (6, 6)]);
    for (rows, cols) in boards {
        for kind in [TourKind::Open, TourKind::Closed] {
            if kind == TourKind::Open && rows * cols > 25 {
                continue;
            }
            let expected = orbits(rows, cols, kind == TourKind::Closed);
            // The diagram methods (zdd, edges) check every tour of their
            // diagram against each symmetry; the others search each
            // symmetry's quotient board.
            for method in METHODS {
                let mut req = request(rows, cols, kind, method);
                req.question = Question::UpToSymmetry;
                let counted = run(&req);
                let symmetry = counted.report.symmetry.expect("a symmetry report");
                if method == Method::Edges {
                    // Counted from the edge diagram itself, not by a sweep.
                    assert!(
                        symmetry.method.contains("--method edges diagram"),
                        "{}",
                        symmetry.method
                    );
                    assert!(counted.report.frontier.is_none());
                    assert!(!counted.report.steps.is_empty());
                }
                assert_eq!(
                    symmetry.orbits.to_string(),
                    expected.orbits.to_string(),
                    "{kind} {rows}x{cols} by {method:?}"
                );
                assert_eq!(counted.count, expected.orbits.into());
                let board = Board::new(rows, cols).unwrap();
                assert_eq!(symmetry.group_order, Symmetry::group(&board).len());
                for (name, fixed) in &expected.fixed {
                    let got = symmetry
                        .fixed
                        .0
                        .iter()
                        .find(|(n, _)| n == name)
                        .map(|(_, f)| f.as_str());
                    assert_eq!(
                        got,
                        Some(fixed.to_string().as_str()),
                        "fix({name}) {kind} {rows}x{cols} by {method:?}"
                    );
                }
            }
        }
    }
}

/// A board's table by start square maps onto itself under its symmetries.
#[test]
fn tables_by_start_square_are_symmetric() {
    for (rows, cols) in [(5, 5), (4, 5), (3, 8)] {
        let mut req = request(rows, cols, TourKind::Open, Method::Zdd);
        req.question = Question::ByStart;
        let table: Vec<String> = run(&req)
            .report
            .by_start
            .unwrap()
            .decimal()
            .into_iter()
            .flatten()
            .collect();
        let board = Board::new(rows, cols).unwrap();
        for g in Symmetry::group(&board) {
            for s in board.squares() {
                let image: Square = g.apply(&board, s);
                assert_eq!(table[s], table[image], "{g} on {board}");
            }
        }
    }
}
