//! Each constraint alone against its combinatorial meaning, and the
//! one-pass filters against the plain intersections they replace.

use kt_board::Board;
use kt_constraints::{
    AllExactlyOnce, Encoding, ExactlyOnce, closed_squares, closed_start, exactly_once, transition,
};
use kt_engine::{Bcdd, Bdd, Engine, EngineConfig, FilterLimits, Zbdd};
use num_bigint::BigUint;
use proptest::prelude::*;

fn engine<E: Engine>(enc: &Encoding) -> E {
    engine_with_threads(enc, 1)
}

fn engine_with_threads<E: Engine>(enc: &Encoding, threads: u32) -> E {
    let config = EngineConfig {
        node_capacity: 1 << 22,
        cache_capacity: 1 << 16,
        threads,
    };
    E::new(&config, enc.num_vars()).unwrap()
}

fn pow2(e: usize) -> BigUint {
    BigUint::from(1u32) << e
}

/// Every variable free: 2^(cells²) sets.
fn check_universe<E: Engine>(enc: &Encoding) {
    let e = engine::<E>(enc);
    assert_eq!(
        e.count(&e.universe().unwrap()),
        pow2(enc.num_vars() as usize)
    );
}

/// `exactly_once(s)`: choose the time step (cells ways); every variable of
/// another square is free.
fn check_exactly_once<E: Engine>(enc: &Encoding, square: usize) {
    let e = engine::<E>(enc);
    let f = exactly_once(&e, enc, square).unwrap();
    let n = enc.cells();
    assert_eq!(e.count(&f), BigUint::from(n) * pow2(n * n - n));
}

/// `transition(t)`: an ordered knight move (p, q) at times t, t+1, and the
/// movable squares free at every other time.
fn check_transition<E: Engine>(enc: &Encoding, t: usize) {
    let e = engine::<E>(enc);
    let f = transition(&e, enc, t).unwrap();
    let board = enc.board();
    let moves: usize = board.squares().map(|s| board.degree(s)).sum();
    let movable = board.squares().filter(|&s| board.degree(s) > 0).count();
    let n = enc.cells();
    assert_eq!(e.count(&f), BigUint::from(moves) * pow2((n - 2) * movable));
}

/// `closed_start`: three fixed variables at times 0, 1 and last; in the
/// n−3 other time steps, the n−3 other squares are free.
fn check_closed_start<E: Engine>(enc: &Encoding) {
    let e = engine::<E>(enc);
    let f = closed_start(&e, enc).unwrap();
    let n = enc.cells();
    assert_eq!(e.count(&f), pow2((n - 3) * (n - 3)));
}

/// Knight walks visiting `cells` squares, by dynamic programming over the
/// adjacency lists (an independent count of the product of transitions).
fn walks(board: &Board) -> BigUint {
    let n = board.cells();
    let mut ending: Vec<BigUint> = vec![BigUint::from(1u32); n];
    for _ in 1..n {
        ending = board
            .squares()
            .map(|s| board.knight_moves(s).map(|p| ending[p].clone()).sum())
            .collect();
    }
    ending.into_iter().sum()
}

fn product_of_transitions<E: Engine>(e: &E, enc: &Encoding) -> E::Func {
    let mut f = e.universe().unwrap();
    for t in 0..enc.cells() - 1 {
        f = e.intersect(&f, &transition(e, enc, t).unwrap()).unwrap();
    }
    f
}

fn check_walks<E: Engine>(enc: &Encoding) {
    let e = engine::<E>(enc);
    let f = product_of_transitions(&e, enc);
    assert_eq!(e.count(&f), walks(enc.board()), "walks on {}", enc.board());
}

/// The one-square filter is the intersection with the diagram, exactly
/// (same canonical function), and so is the all-squares filter with all of
/// them.
fn check_filters<E: Engine>(enc: &Encoding, closed: bool, threads: u32) {
    let e = engine_with_threads::<E>(enc, threads);
    let mut walks = product_of_transitions(&e, enc);
    let mut end = None;
    if closed {
        walks = e
            .intersect(&walks, &closed_start(&e, enc).unwrap())
            .unwrap();
        end = Some(closed_squares(enc).unwrap()[2]);
    }
    let limits = FilterLimits::default();
    let mut plain = walks.clone();
    for s in enc.board().squares() {
        let diagram = exactly_once(&e, enc, s).unwrap();
        let by_intersection = e.intersect(&walks, &diagram).unwrap();
        let by_filter = e
            .filter(&walks, &ExactlyOnce::new(enc, s), &limits)
            .unwrap()
            .family;
        assert!(
            by_filter == by_intersection,
            "exactly_once({s}) on {}",
            enc.board()
        );
        plain = e.intersect(&plain, &diagram).unwrap();
    }
    let fused = if enc.cells() <= 64 {
        e.filter(&walks, &AllExactlyOnce::<u64>::new(enc, end), &limits)
            .unwrap()
            .family
    } else {
        unreachable!("the tests use small boards")
    };
    assert!(fused == plain, "all exactly_once on {}", enc.board());
    // The wide set type gives the same result.
    let wide = e
        .filter(&walks, &AllExactlyOnce::<u128>::new(enc, end), &limits)
        .unwrap()
        .family;
    assert!(wide == plain);
}

fn boards() -> impl Strategy<Value = Encoding> {
    (1usize..=4, 1usize..=5)
        .prop_filter("at least two squares", |(r, c)| r * c >= 2)
        .prop_map(|(r, c)| Encoding::new(Board::new(r, c).unwrap()).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn exactly_once_counts(enc in boards(), pick in 0usize..100) {
        let s = pick % enc.cells();
        check_exactly_once::<Zbdd>(&enc, s);
        check_exactly_once::<Bdd>(&enc, s);
        check_exactly_once::<Bcdd>(&enc, s);
    }

    #[test]
    fn transition_counts(enc in boards(), pick in 0usize..100) {
        let t = pick % (enc.cells() - 1);
        check_transition::<Zbdd>(&enc, t);
        check_transition::<Bdd>(&enc, t);
        check_transition::<Bcdd>(&enc, t);
    }

    #[test]
    fn products_of_transitions_count_walks(enc in boards()) {
        check_walks::<Zbdd>(&enc);
        check_walks::<Bdd>(&enc);
        check_walks::<Bcdd>(&enc);
    }

}

#[test]
fn universe_counts() {
    let enc = Encoding::new(Board::new(2, 3).unwrap()).unwrap();
    check_universe::<Zbdd>(&enc);
    check_universe::<Bdd>(&enc);
    check_universe::<Bcdd>(&enc);
}

#[test]
fn closed_start_counts() {
    for (r, c) in [(3, 3), (3, 4), (4, 4), (3, 5)] {
        let enc = Encoding::new(Board::new(r, c).unwrap()).unwrap();
        check_closed_start::<Zbdd>(&enc);
        check_closed_start::<Bdd>(&enc);
        check_closed_start::<Bcdd>(&enc);
    }
}

/// The one-pass filters give exactly the plain intersection's diagram (the
/// same canonical function) on every board of at most 20 squares, open and
/// (where a closed start exists) closed, with one thread and with two (the
/// parallel pass shares its memo between workers); the BDD engines, whose
/// diagrams are larger, on every board of at most 12 squares. Beyond 20
/// squares plain intersection takes minutes (4×6: two minutes), so the
/// workspace test `tests/filters.rs` checks the filters there against the
/// exact set of tours listed by the independent counter instead.
#[test]
fn filters_equal_intersections_on_every_board_up_to_20_squares() {
    for rows in 1..=20 {
        for cols in 1..=20 / rows {
            if rows * cols < 2 {
                continue;
            }
            let enc = Encoding::new(Board::new(rows, cols).unwrap()).unwrap();
            let closed_start = rows >= 3 && cols >= 3;
            for threads in [1, 2] {
                check_filters::<Zbdd>(&enc, false, threads);
                if closed_start {
                    check_filters::<Zbdd>(&enc, true, threads);
                }
            }
            if rows * cols <= 12 {
                check_filters::<Bdd>(&enc, false, 1);
                check_filters::<Bcdd>(&enc, false, 1);
                if closed_start {
                    check_filters::<Bdd>(&enc, true, 1);
                }
            }
        }
    }
}

#[test]
fn closed_start_needs_three_rows_and_columns() {
    let enc = Encoding::new(Board::new(2, 8).unwrap()).unwrap();
    let e = engine::<Zbdd>(&enc);
    assert!(closed_start(&e, &enc).is_err());
}

/// A filtered rebuild whose memo cannot grow within its byte limit stops
/// with the limit in its error, before allocating the larger table, and
/// hands every node it built back to the manager: after a collection, the
/// manager holds what it held before the pass. With one thread (a single
/// hash table that doubles) and with two (a sharded one).
#[test]
fn a_stopped_filter_leaves_nothing_behind() {
    for threads in [1, 2] {
        stop_a_filter(threads);
    }
}

fn stop_a_filter(threads: u32) {
    let enc = Encoding::new(Board::new(5, 5).unwrap()).unwrap();
    let e = engine_with_threads::<Zbdd>(&enc, threads);
    let walks = product_of_transitions(&e, &enc);
    e.collect_garbage();
    let before = e.live_nodes();
    // Far enough in for the pass to have built nodes of its own: a few
    // hundred entries fit in 48 KiB.
    let limits = FilterLimits {
        max_memo_bytes: 48 << 10,
        ..FilterLimits::default()
    };
    let stopped = e.filter(&walks, &AllExactlyOnce::<u64>::new(&enc, None), &limits);
    let held = match stopped {
        Err(kt_engine::EngineError::MemoLimit {
            entries,
            needed,
            limit: Some(limit),
        }) => {
            assert_eq!(limit, 48 << 10);
            assert!(needed > limit, "{needed} bytes needed");
            entries
        }
        other => panic!("{threads} threads: {:?}", other.err()),
    };
    assert!(held > 100, "{threads} threads: {held} entries");
    e.collect_garbage();
    assert_eq!(e.live_nodes(), before, "{threads} threads");
    // The manager still works: the unstopped pass gives the published count.
    let tours = e
        .filter(
            &walks,
            &AllExactlyOnce::<u64>::new(&enc, None),
            &FilterLimits::default(),
        )
        .unwrap();
    assert_eq!(e.count(&tours.family), BigUint::from(1728u32));
    assert!(tours.memo_entries > held, "{}", tours.memo_entries);
}
