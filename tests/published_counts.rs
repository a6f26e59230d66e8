//! The counts of the shipped published table that the suite can afford,
//! reproduced through the library, the same code path as the command line.
//!
//! The expected values come from the table's rows (each names its source:
//! an OEIS sequence, Knuth's pre-fascicle, a paper); the computed values
//! come from the product. Nothing here compares the table with itself.

use kt_board::TourKind;
use kt_count::known;
use kt_count::zdd::Schedule;
use kt_engine::EngineKind;
use kt_tests::zdd_count;

/// Boards the suite runs: open ones up to 30 squares, closed up to 36
/// (the filtered schedule takes well under a second on each).
fn affordable(row: &known::Published) -> bool {
    let cells = row.rows * row.cols;
    match row.kind {
        TourKind::Open => cells <= 30,
        TourKind::Closed => cells <= 36,
    }
}

#[test]
fn every_affordable_row_of_the_table_reproduces() {
    let rows: Vec<_> = known::table().into_iter().filter(affordable).collect();
    assert!(rows.len() >= 100, "the table lost its small boards");
    let mut nonzero = 0;
    for row in rows {
        let Some(expected) = row.in_project_convention() else {
            continue;
        };
        let board = format!("{}x{}", row.rows, row.cols);
        let got = zdd_count(&board, row.kind, EngineKind::Zbdd, Schedule::Fused);
        assert_eq!(got, expected.to_string(), "{row}");
        if got != "0" {
            nonzero += 1;
        }
    }
    assert!(nonzero >= 20, "only {nonzero} rows with tours were reproduced");
}
