//! The counts of the shipped published table that the suite can afford,
//! reproduced through the library — the same code path as the command
//! line — by the time-sliced ZDD and by the frontier method.
//!
//! The expected values come from the table's rows (each names its source:
//! an OEIS sequence, Knuth's pre-fascicle, a paper); the computed values
//! come from the product. Nothing here compares the table with itself.

use kt_board::TourKind;
use kt_count::Question;
use kt_count::known::{self, Convention, Published};
use kt_tests::{Method, request, run};

/// Rows a method reproduces in about a second or less.
fn affordable(row: &Published, method: Method) -> bool {
    let cells = row.rows * row.cols;
    match (method, row.kind) {
        (_, TourKind::Open) => cells <= 30,
        (Method::Zdd, TourKind::Closed) => cells <= 36,
        (_, TourKind::Closed) => cells <= 42,
    }
}

fn reproduce(method: Method) -> usize {
    let mut nonzero = 0;
    let rows: Vec<Published> = known::table()
        .into_iter()
        .filter(|r| affordable(r, method))
        .collect();
    assert!(rows.len() >= 100, "the table lost its small boards");
    for row in rows {
        let Some(expected) = row.in_project_convention() else {
            continue;
        };
        let mut req = request(row.rows, row.cols, row.kind, method);
        match row.convention {
            Convention::Directed | Convention::Undirected => {}
            Convention::Geometric => req.question = Question::UpToSymmetry,
            Convention::From { row: r, col: c } => {
                req.question = Question::From {
                    from: req.board.square_at(r, c),
                };
            }
        }
        let got = run(&req).count;
        assert_eq!(got, expected, "{row} by {method:?}");
        nonzero += usize::from(got != num_bigint::BigUint::ZERO);
    }
    nonzero
}

#[test]
fn the_time_sliced_zdd_reproduces_the_affordable_rows() {
    let nonzero = reproduce(Method::Zdd);
    assert!(
        nonzero >= 20,
        "only {nonzero} rows with tours were reproduced"
    );
}

#[test]
fn the_frontier_method_reproduces_the_affordable_rows() {
    let nonzero = reproduce(Method::Frontier);
    assert!(
        nonzero >= 25,
        "only {nonzero} rows with tours were reproduced"
    );
}
