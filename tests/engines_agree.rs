//! Every engine, one test each, against the independent counter
//! (`support/independent.rs`) on every board of up to 30 squares, open and
//! closed, in both orientations, with the default (fused) schedule; and
//! the BDD engines of three libraries end on the same canonical diagram.
//!
//! The BuDDy test runs with the feature: `cargo test -p kt-tests
//! --features buddy --test workspace engines_agree::` (`.ci/run` does, after
//! installing libbdd-dev).

use kt_board::TourKind;
use kt_count::zdd::Schedule;
use kt_engine::EngineKind;
use kt_tests::independent::{closed_tours, open_tours};
use kt_tests::{boards_up_to, run, zdd_request, zdd_run};

fn agrees_on_every_board(engine: EngineKind) {
    let mut boards = 0;
    for (rows, cols) in boards_up_to(30) {
        for kind in [TourKind::Open, TourKind::Closed] {
            let expected = match kind {
                TourKind::Open => open_tours(rows, cols),
                TourKind::Closed => closed_tours(rows, cols),
            };
            let board = format!("{rows}x{cols}");
            let counted = run(&zdd_request(&board, kind, engine, Schedule::Fused));
            assert_eq!(
                counted.count.to_string(),
                expected.to_string(),
                "{kind} {rows}x{cols} on {engine}"
            );
            if let Some(package) = &counted.report.package {
                assert_eq!(package.kind, engine.name(), "{kind} {rows}x{cols}");
            }
            boards += 1;
        }
    }
    assert!(boards > 200, "only {boards} boards");
}

#[test]
fn oxidd_zbdd_agrees_on_every_board_up_to_30_squares() {
    agrees_on_every_board(EngineKind::Zbdd);
}

#[test]
fn oxidd_bdd_agrees_on_every_board_up_to_30_squares() {
    agrees_on_every_board(EngineKind::Bdd);
}

#[test]
fn oxidd_bcdd_agrees_on_every_board_up_to_30_squares() {
    agrees_on_every_board(EngineKind::Bcdd);
}

#[test]
fn biodivine_agrees_on_every_board_up_to_30_squares() {
    agrees_on_every_board(EngineKind::Biodivine);
}

#[cfg(feature = "buddy")]
#[test]
fn buddy_agrees_on_every_board_up_to_30_squares() {
    agrees_on_every_board(EngineKind::Buddy);
}

/// BDDs are canonical for a variable order, and every BDD engine uses the
/// encoding's: oxidd's BDD, biodivine-lib-bdd and BuDDy end on the same
/// number of nodes, by the fused schedule and (on the boards where it is
/// quick) one filtered pass per square.
#[test]
fn the_bdd_engines_end_on_the_same_diagram() {
    let others: Vec<EngineKind> = EngineKind::ALL
        .into_iter()
        .filter(|e| matches!(e, EngineKind::Biodivine | EngineKind::Buddy))
        .collect();
    for (board, kind) in [
        ("4x5", TourKind::Open),
        ("5", TourKind::Open),
        ("3x10", TourKind::Closed),
        ("5x6", TourKind::Closed),
    ] {
        let reference = zdd_run(board, kind, EngineKind::Bdd, Schedule::Fused);
        for &engine in &others {
            let quick = matches!(board, "4x5" | "3x10");
            let schedules: &[Schedule] = if quick {
                &[Schedule::Fused, Schedule::PerSquare]
            } else {
                &[Schedule::Fused]
            };
            for &schedule in schedules {
                assert_eq!(
                    zdd_run(board, kind, engine, schedule),
                    reference,
                    "{kind} {board} on {engine}, {schedule}"
                );
            }
        }
    }
}

/// Without the feature, `--engine buddy` is refused before any work, with
/// the way to get it.
#[cfg(not(feature = "buddy"))]
#[test]
fn buddy_is_refused_without_the_feature() {
    use kt_count::{CancelToken, FailureKind, Silent, count};
    let request = zdd_request("5", TourKind::Open, EngineKind::Buddy, Schedule::Fused);
    let failure = count(&request, &Silent, &CancelToken::new()).expect_err("refused");
    assert_eq!(failure.kind, FailureKind::Refused, "{}", failure.message);
    assert!(
        failure.message.to_string().contains("--features buddy"),
        "{}",
        failure.message
    );
}
