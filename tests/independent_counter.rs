//! The ZDD count against plain backtracking, on every board of up to 20
//! squares, open and closed, in both orientations.

use kt_count::zdd::Schedule;
use kt_board::TourKind;
use kt_engine::EngineKind;
use kt_tests::{boards_up_to, closed_tours_by_backtracking, open_tours_by_backtracking, zdd_count};

#[test]
fn open_tours_agree_with_backtracking() {
    for (rows, cols) in boards_up_to(20) {
        let board = format!("{rows}x{cols}");
        let expected = open_tours_by_backtracking(rows, cols).to_string();
        let got = zdd_count(&board, TourKind::Open, EngineKind::Zbdd, Schedule::Fused);
        assert_eq!(got, expected, "open tours of {board}");
    }
}

#[test]
fn closed_tours_agree_with_backtracking() {
    for (rows, cols) in boards_up_to(20) {
        let board = format!("{rows}x{cols}");
        let expected = closed_tours_by_backtracking(rows, cols).to_string();
        let got = zdd_count(&board, TourKind::Closed, EngineKind::Zbdd, Schedule::Fused);
        assert_eq!(got, expected, "closed tours of {board}");
    }
}

#[test]
fn closed_tours_of_larger_boards_agree_with_backtracking() {
    // Closed tours are cheap to backtrack from a fixed corner; these are
    // the boards of 21..=30 squares that have any.
    for (rows, cols) in [(3, 10), (10, 3), (5, 6), (6, 5), (4, 6), (3, 8)] {
        let board = format!("{rows}x{cols}");
        let expected = closed_tours_by_backtracking(rows, cols).to_string();
        let got = zdd_count(&board, TourKind::Closed, EngineKind::Zbdd, Schedule::Fused);
        assert_eq!(got, expected, "closed tours of {board}");
    }
}

#[test]
fn transposed_boards_have_the_same_counts() {
    for (rows, cols) in [(3, 7), (4, 5), (5, 6), (3, 10), (4, 6)] {
        for kind in [TourKind::Open, TourKind::Closed] {
            let a = zdd_count(
                &format!("{rows}x{cols}"),
                kind,
                EngineKind::Zbdd,
                Schedule::Fused,
            );
            let b = zdd_count(
                &format!("{cols}x{rows}"),
                kind,
                EngineKind::Zbdd,
                Schedule::Fused,
            );
            assert_eq!(a, b, "{kind} tours of {rows}x{cols} and {cols}x{rows}");
        }
    }
}
