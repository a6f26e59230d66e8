//! The edge-variable diagram against the streaming count, across engines,
//! and set by set against the tour checker.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use kt_board::{Board, Tour, TourKind};
use kt_engine::{Bcdd, Bdd, Engine, EngineConfig, EngineError, Zbdd};
use kt_frontier::zdd::{BuildError, EdgeDiagram, EdgeEncoding, build};
use kt_frontier::{Options, Unwatched, count_tours};
use num_bigint::BigUint;

fn board(rows: usize, cols: usize) -> Board {
    Board::new(rows, cols).unwrap()
}

fn engine<E: Engine>(enc: &EdgeEncoding, node_capacity: usize) -> E {
    let config = EngineConfig {
        node_capacity,
        // The build makes nodes only; no apply operation uses the cache.
        cache_capacity: 1 << 10,
        threads: 1,
    };
    E::new(&config, enc.num_vars()).unwrap()
}

/// The diagram of `board`'s `kind` tours in a fresh `E`, and its count.
fn diagram<E: Engine>(board: Board, kind: TourKind) -> (E, EdgeEncoding, EdgeDiagram<E::Func>) {
    let enc = EdgeEncoding::new(board, kind);
    let e = engine::<E>(&enc, 1 << 22);
    let built = build(&e, &enc, &AtomicBool::new(false)).unwrap();
    (e, enc, built)
}

fn count<E: Engine>(board: Board, kind: TourKind) -> BigUint {
    let (e, _, built) = diagram::<E>(board, kind);
    e.count(&built.root)
}

/// Undirected tours by the streaming count: its cycles, except on the 1×1
/// open board, whose one tour no cycle describes (the diagram holds it as
/// the set `{a1-end}`).
fn streaming(board: Board, kind: TourKind) -> BigUint {
    let counted = count_tours(
        board,
        kind,
        &Options::default(),
        &Unwatched,
        &AtomicBool::new(false),
    )
    .unwrap();
    if kind == TourKind::Open && board.cells() == 1 {
        counted.tours
    } else {
        counted.outcome.cycles
    }
}

#[test]
fn counts_agree_with_the_streaming_count_on_every_board_up_to_30_squares() {
    for rows in 1..=30 {
        for cols in 1..=30 / rows {
            for kind in [TourKind::Open, TourKind::Closed] {
                let b = board(rows, cols);
                assert_eq!(
                    count::<Zbdd>(b, kind),
                    streaming(b, kind),
                    "{kind} {rows}x{cols}"
                );
            }
        }
    }
}

#[test]
fn counts_match_the_published_ones() {
    let cases = [
        (3, 4, TourKind::Open, 8u32),
        (5, 5, TourKind::Open, 864),
        (5, 6, TourKind::Closed, 8),
        (3, 10, TourKind::Closed, 16),
        (6, 6, TourKind::Closed, 9862),
        (1, 1, TourKind::Open, 1),
        (1, 1, TourKind::Closed, 0),
        (5, 5, TourKind::Closed, 0),
    ];
    for (rows, cols, kind, expected) in cases {
        for b in [board(rows, cols), board(cols, rows)] {
            assert_eq!(
                count::<Zbdd>(b, kind),
                BigUint::from(expected),
                "{kind} {b}"
            );
        }
    }
}

#[test]
fn bdd_engines_count_the_same_families() {
    for (rows, cols, kind) in [
        (3, 4, TourKind::Open),
        (5, 5, TourKind::Open),
        (5, 6, TourKind::Closed),
        (1, 1, TourKind::Open),
        (2, 3, TourKind::Open),
    ] {
        let b = board(rows, cols);
        let zbdd = count::<Zbdd>(b, kind);
        assert_eq!(count::<Bdd>(b, kind), zbdd, "bdd {kind} {b}");
        assert_eq!(count::<Bcdd>(b, kind), zbdd, "bcdd {kind} {b}");
    }
}

/// Every set of the family, through the snapshot's exact ranking.
fn tours_of<E: Engine>(b: Board, kind: TourKind) -> Vec<Vec<usize>> {
    let (e, enc, built) = diagram::<E>(b, kind);
    let family = e.snapshot(&built.root).unwrap();
    assert_eq!(family.count(), e.count(&built.root));
    let mut tours = Vec::new();
    let mut index = BigUint::ZERO;
    while let Some(set) = family.nth(&index) {
        let squares = enc
            .decode(&set)
            .unwrap_or_else(|| panic!("{kind} {b}: set {index} is no tour: {set:?}"));
        Tour::new(b, kind, squares.clone())
            .check()
            .unwrap_or_else(|e| panic!("{kind} {b}: set {index}: {e}"));
        tours.push(squares);
        index += 1u32;
    }
    let distinct: HashSet<&Vec<usize>> = tours.iter().collect();
    assert_eq!(distinct.len(), tours.len(), "{kind} {b}: a tour twice");
    tours
}

#[test]
fn every_set_is_a_distinct_tour() {
    for (rows, cols, kind, expected) in [
        (3, 4, TourKind::Open, Some(8)),
        (4, 5, TourKind::Open, None),
        (5, 6, TourKind::Closed, Some(8)),
        (3, 10, TourKind::Closed, Some(16)),
        (1, 1, TourKind::Open, Some(1)),
    ] {
        let b = board(rows, cols);
        let tours = tours_of::<Zbdd>(b, kind);
        assert_eq!(BigUint::from(tours.len()), streaming(b, kind), "{kind} {b}");
        if let Some(n) = expected {
            assert_eq!(tours.len(), n, "{kind} {b}");
        }
    }
}

#[test]
fn bdd_sets_are_the_same_tours() {
    // A BDD path leaves no variable free by accident: the same tours come
    // out, in the same order (both orders are by increasing variables).
    let b = board(3, 4);
    let zbdd = tours_of::<Zbdd>(b, TourKind::Open);
    assert_eq!(tours_of::<Bdd>(b, TourKind::Open), zbdd);
    assert_eq!(tours_of::<Bcdd>(b, TourKind::Open), zbdd);
}

#[test]
fn open_tours_have_their_ends_first_and_closed_ones_square_zero() {
    for tour in tours_of::<Zbdd>(board(3, 4), TourKind::Open) {
        assert!(tour[0] < tour[tour.len() - 1], "{tour:?}");
    }
    for tour in tours_of::<Zbdd>(board(5, 6), TourKind::Closed) {
        assert_eq!(tour[0], 0);
        assert!(tour[1] < tour[tour.len() - 1], "{tour:?}");
    }
}

#[test]
fn figures_describe_the_levels() {
    let (_, enc, built) = diagram::<Zbdd>(board(5, 5), TourKind::Open);
    let steps = enc.sweep().steps().len();
    assert_eq!(built.states.len(), steps + 1);
    assert_eq!(built.live.len(), steps + 1);
    assert_eq!(built.states[0], 1);
    assert_eq!(built.live[0], 1);
    assert!(built.live.iter().zip(&built.states).all(|(l, s)| l <= s));
    assert!(built.nodes > 2);
    // A closed board whose corner has a single move dies at once.
    let (e, enc, dead) = diagram::<Zbdd>(board(2, 5), TourKind::Closed);
    assert_eq!(dead.states.len(), enc.sweep().steps().len() + 1);
    assert_eq!(dead.states[..2], [1, 0]);
    assert!(dead.live.iter().all(|&l| l == 0));
    assert!(dead.root == e.reject());
    // On 5x6 every closed tour closes at step 24, after which no state
    // is left: the tours are found all the same.
    let (e, _, late) = diagram::<Zbdd>(board(5, 6), TourKind::Closed);
    assert_eq!(late.states[25..], [0; 6]);
    assert_eq!(e.count(&late.root), BigUint::from(8u32));
}

#[test]
fn stops_when_cancelled() {
    let enc = EdgeEncoding::new(board(5, 5), TourKind::Open);
    let e = engine::<Zbdd>(&enc, 1 << 20);
    let error = build(&e, &enc, &AtomicBool::new(true)).err();
    assert!(matches!(error, Some(BuildError::Cancelled)), "{error:?}");
}

#[test]
fn reports_a_full_manager() {
    let enc = EdgeEncoding::new(board(5, 5), TourKind::Open);
    // Room for the ZBDD manager's own chain and a few dozen nodes more.
    let capacity = enc.num_vars() as usize + 40;
    let e = engine::<Zbdd>(&enc, capacity);
    let error = build(&e, &enc, &AtomicBool::new(false)).err();
    assert!(
        matches!(
            error,
            Some(BuildError::Engine(EngineError::OutOfNodes { .. }))
        ),
        "{error:?}"
    );
}
