//! The counts of the shipped published table that the suite can afford,
//! reproduced through the same code path as the CLI.

use knights_tour::known::{self, Kind};
use knights_tour::schedule::Schedule;
use kt_board::{Board, TourKind};
use kt_engine::EngineKind;
use kt_tests::zdd_count;

fn count(board: &str, kind: TourKind) -> String {
    zdd_count(board, kind, EngineKind::Zbdd, Schedule::Fused)
}

#[test]
fn square_boards_open() {
    // OEIS A165134: directed open tours on N×N.
    let expected = ["1", "0", "0", "0", "1728"];
    for (n, want) in (1..=5).zip(expected) {
        assert_eq!(count(&n.to_string(), TourKind::Open), want, "open {n}x{n}");
    }
}

#[test]
fn square_boards_closed() {
    // OEIS A001230 (even N) and the bipartite argument (odd N).
    let expected = ["0", "0", "0", "0", "0", "9862"];
    for (n, want) in (1..=6).zip(expected) {
        assert_eq!(
            count(&n.to_string(), TourKind::Closed),
            want,
            "closed {n}x{n}"
        );
    }
}

/// Boards the suite runs: open ones up to 30 squares, closed up to 42
/// (the filtered schedule takes well under a second on each).
fn affordable(row: &known::Published) -> bool {
    let cells = row.rows * row.cols;
    match row.kind {
        Kind::Open => cells <= 30,
        Kind::Closed => cells <= 36,
    }
}

#[test]
fn every_affordable_row_of_the_table_reproduces() {
    let rows: Vec<_> = known::table().into_iter().filter(affordable).collect();
    assert!(rows.len() >= 15, "the table lost its small boards");
    for row in rows {
        let Some(expected) = row.in_project_convention() else {
            continue;
        };
        let kind = match row.kind {
            Kind::Open => TourKind::Open,
            Kind::Closed => TourKind::Closed,
        };
        let board = format!("{}x{}", row.rows, row.cols);
        let got = count(&board, kind);
        assert_eq!(got, expected.to_string(), "{row}");
        let check = known::check(&board.parse::<Board>().unwrap(), kind, &expected);
        assert!(check.passed(), "{row}: {check:?}");
    }
}
