//! Every method's counts against the independent counter
//! (`support/independent.rs`), on every board of up to 30 squares in both
//! orientations, open and closed — including the closed counts that are not
//! zero (5×6: 8, 3×10: 16) — and the tables by start square.

use kt_board::TourKind;
use kt_count::Question;
use kt_tests::independent::{closed_tours, open_tours, open_tours_by_start};
use kt_tests::{Method, boards_up_to, request, run};

fn independent(rows: usize, cols: usize, kind: TourKind) -> u128 {
    match kind {
        TourKind::Open => open_tours(rows, cols),
        TourKind::Closed => closed_tours(rows, cols),
    }
}

fn agrees_on_every_board(method: Method, max_cells: usize) {
    let mut nonzero_closed = 0;
    for (rows, cols) in boards_up_to(max_cells) {
        for kind in [TourKind::Open, TourKind::Closed] {
            let expected = independent(rows, cols, kind);
            let got = run(&request(rows, cols, kind, method)).count;
            assert_eq!(
                got.to_string(),
                expected.to_string(),
                "{kind} {rows}x{cols} by {method:?}"
            );
            nonzero_closed += usize::from(kind == TourKind::Closed && expected > 0);
        }
    }
    // 5x6, 6x5, 3x10 and 10x3 have closed tours.
    assert!(
        nonzero_closed >= 4,
        "only {nonzero_closed} boards with closed tours"
    );
}

#[test]
fn the_time_sliced_zdd_agrees_on_every_board_up_to_30_squares() {
    agrees_on_every_board(Method::Zdd, 30);
}

#[test]
fn the_frontier_method_agrees_on_every_board_up_to_30_squares() {
    agrees_on_every_board(Method::Frontier, 30);
}

#[test]
fn the_edge_diagram_agrees_on_every_board_up_to_30_squares() {
    agrees_on_every_board(Method::Edges, 30);
}

#[test]
fn backtracking_agrees_on_every_board_up_to_30_squares() {
    agrees_on_every_board(Method::Backtrack, 30);
}

fn tables_agree(method: Method, max_cells: usize) {
    for (rows, cols) in boards_up_to(max_cells) {
        let mut req = request(rows, cols, TourKind::Open, method);
        req.question = Question::ByStart;
        let counted = run(&req);
        let table = counted.report.by_start.expect("a table by start square");
        let expected = open_tours_by_start(rows, cols);
        let got: Vec<String> = table.into_iter().flatten().collect();
        let expected: Vec<String> = expected.iter().map(ToString::to_string).collect();
        assert_eq!(got, expected, "by start, {rows}x{cols} by {method:?}");
        assert_eq!(
            counted.count.to_string(),
            open_tours(rows, cols).to_string()
        );
    }
}

#[test]
fn tables_by_start_square_agree_on_every_board_up_to_30_squares() {
    tables_agree(Method::Zdd, 30);
    tables_agree(Method::Frontier, 30);
    tables_agree(Method::Backtrack, 30);
    tables_agree(Method::Edges, 30);
}
