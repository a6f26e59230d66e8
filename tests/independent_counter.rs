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
        let got: Vec<String> = table.decimal().into_iter().flatten().collect();
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

/// The frontier method's level store in every form — in memory, every run
/// spilled, runs partly spilled — with one and two threads, against the
/// independent counter on every board of up to 30 squares.
#[test]
fn every_level_store_agrees_on_every_board_up_to_30_squares() {
    let dir = std::env::temp_dir();
    for (rows, cols) in boards_up_to(30) {
        let board = kt_board::Board::new(rows, cols).unwrap();
        for kind in [TourKind::Open, TourKind::Closed] {
            let expected = independent(rows, cols, kind);
            for (threads, memory) in [(1, u64::MAX), (2, u64::MAX), (1, 1), (2, 1), (2, 48 << 10)] {
                let options = kt_frontier::Options {
                    threads,
                    memory,
                    spill_dir: dir.clone(),
                    ..kt_frontier::Options::default()
                };
                let counted = kt_frontier::count_tours(
                    board,
                    kind,
                    &options,
                    &kt_frontier::Unwatched,
                    &std::sync::atomic::AtomicBool::new(false),
                )
                .unwrap();
                assert_eq!(
                    counted.tours.to_string(),
                    expected.to_string(),
                    "{kind} {rows}x{cols}, {threads} threads, {memory} bytes"
                );
            }
        }
    }
}

/// The fixed-ends sweep against the independent counter: on every board of
/// up to 30 squares, the paths between the two squares of every class of
/// the pair plan; the merge of the classes' counts gives the total, the
/// table by start square and every table by end square.
#[test]
fn every_pair_class_agrees_on_every_board_up_to_30_squares() {
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let options = kt_frontier::Options {
        threads: 1,
        ..kt_frontier::Options::default()
    };
    for (rows, cols) in boards_up_to(30) {
        let board = kt_board::Board::new(rows, cols).unwrap();
        let plan = kt_count::pairs::plan(board);
        let by_end: Vec<Vec<u128>> = board
            .squares()
            .map(|s| kt_tests::independent::open_tours_by_end_from(rows, cols, s))
            .collect();
        let mut classes = Vec::new();
        for class in plan.classes() {
            let to = class.to.expect("a pair class");
            let got = kt_frontier::count_between(
                board,
                class.from,
                to,
                &options,
                &kt_frontier::Unwatched,
                &cancel,
            )
            .unwrap()
            .cycles;
            assert_eq!(
                got.to_string(),
                by_end[class.from][to].to_string(),
                "{rows}x{cols}: class {} from {} to {to}",
                class.id,
                class.from,
            );
            classes.push(kt_shards::ClassCount {
                id: class.id,
                from: kt_board::square_name(&board, class.from),
                to: Some(kt_board::square_name(&board, to)),
                weight: class.weight,
                count: got.to_string(),
                seconds: 0.0,
                peak_states: 0,
            });
        }
        let part = kt_shards::Part {
            schema: kt_shards::part::SCHEMA.into(),
            version: "test".into(),
            commit: None,
            board: format!("{rows}x{cols}"),
            kind: "open".into(),
            plan: plan.fingerprint(),
            plan_classes: plan.classes().len(),
            shard: None,
            method: "frontier".into(),
            order: None,
            classes,
            seconds: 0.0,
            check: None,
            checksum: None,
        };
        let merged =
            kt_count::merge_parts(&plan, &[(std::path::PathBuf::from("all"), part)]).unwrap();
        assert_eq!(
            merged.total.to_string(),
            open_tours(rows, cols).to_string(),
            "{rows}x{cols}"
        );
        let by_start = open_tours_by_start(rows, cols);
        for s in board.squares() {
            assert_eq!(merged.by_start[s].to_string(), by_start[s].to_string());
            // By end square from s: the class of each pair, or none.
            for e in board.squares() {
                let count = plan.class_of(s, e).map_or(0, |c| {
                    merged.classes[c.id - 1]
                        .to_string()
                        .parse::<u128>()
                        .unwrap()
                });
                assert_eq!(count, by_end[s][e], "{rows}x{cols} from {s} to {e}");
            }
        }
    }
}
