use std::sync::Mutex;
use std::sync::atomic::Ordering;

use super::*;

fn board(rows: usize, cols: usize) -> Board {
    Board::new(rows, cols).unwrap()
}

fn count(rows: usize, cols: usize, kind: TourKind) -> u128 {
    count_tours(&board(rows, cols), kind, &CountLimits::default()).unwrap()
}

fn open_between(b: &Board, from: Option<Square>, to: Option<Square>) -> u128 {
    let ends = Endpoints { from, to };
    count_open_tours(b, ends, &CountLimits::default(), None)
        .unwrap()
        .tours
}

fn by_start(b: &Board) -> ByStart {
    count_open_tours_by_start(b, &CountLimits::default(), None).unwrap()
}

#[test]
fn known_open_counts() {
    assert_eq!(count(1, 1, TourKind::Open), 1);
    assert_eq!(count(3, 4, TourKind::Open), 16);
    assert_eq!(count(4, 3, TourKind::Open), 16);
    assert_eq!(count(4, 5, TourKind::Open), 164);
    assert_eq!(count(5, 5, TourKind::Open), 1728);
    assert_eq!(count(4, 4, TourKind::Open), 0);
    assert_eq!(count(1, 5, TourKind::Open), 0);
}

#[test]
fn known_closed_counts() {
    assert_eq!(count(3, 10, TourKind::Closed), 16);
    assert_eq!(count(10, 3, TourKind::Closed), 16);
    assert_eq!(count(5, 6, TourKind::Closed), 8);
    assert_eq!(count(3, 8, TourKind::Closed), 0);
    assert_eq!(count(5, 5, TourKind::Closed), 0);
    assert_eq!(count(1, 1, TourKind::Closed), 0);
    assert_eq!(count(2, 8, TourKind::Closed), 0);
}

/// Hamiltonian paths by dynamic programming over subsets, a different
/// algorithm for cross-checking on small boards: `ways[mask][v]` counts the
/// paths from `from` (from any square if `None`) that visit exactly `mask`
/// and end on `v`. Returns the row of the full mask: paths by last square.
fn paths_by_end(board: &Board, from: Option<Square>) -> Vec<u128> {
    let n = board.cells();
    let adj: Vec<usize> = board
        .squares()
        .map(|s| board.knight_moves(s).fold(0, |m, t| m | 1 << t))
        .collect();
    let mut ways = vec![vec![0u128; n]; 1 << n];
    for v in board.squares() {
        if from.is_none_or(|f| f == v) {
            ways[1 << v][v] = 1;
        }
    }
    for mask in 1..1usize << n {
        for v in 0..n {
            let w = ways[mask][v];
            if w == 0 {
                continue;
            }
            let mut next = adj[v] & !mask;
            while next != 0 {
                let y = next.trailing_zeros() as usize;
                next &= next - 1;
                ways[mask | 1 << y][y] += w;
            }
        }
    }
    ways.pop().expect("at least one square")
}

/// Undirected Hamiltonian cycles from the same table: the paths from
/// square 0 that end next to it, each cycle counted in both directions.
fn cycles(board: &Board) -> u128 {
    if board.cells() < 3 {
        return 0;
    }
    let ends = paths_by_end(board, Some(0));
    board.knight_moves(0).map(|v| ends[v]).sum::<u128>() / 2
}

#[test]
fn agrees_with_dynamic_programming_on_small_boards() {
    for rows in 1..=16 {
        for cols in 1..=16 {
            let b = board(rows, cols);
            if b.cells() > 16 {
                continue;
            }
            let limits = CountLimits::default();
            let all: u128 = paths_by_end(&b, None).iter().sum();
            assert_eq!(count_tours(&b, TourKind::Open, &limits), Ok(all), "{b}");
            assert_eq!(
                count_tours(&b, TourKind::Closed, &limits),
                Ok(cycles(&b)),
                "{b}"
            );
            // Restricted to a start, an end, or both (on the smaller
            // boards: this is a table per start square).
            if b.cells() > 12 {
                continue;
            }
            let mut to_totals = vec![0; b.cells()];
            for from in b.squares() {
                let ends = paths_by_end(&b, Some(from));
                assert_eq!(
                    open_between(&b, Some(from), None),
                    ends.iter().sum(),
                    "{b} from {from}"
                );
                for to in b.squares() {
                    assert_eq!(
                        open_between(&b, Some(from), Some(to)),
                        ends[to],
                        "{b} {from}->{to}"
                    );
                    to_totals[to] += ends[to];
                }
            }
            for to in b.squares() {
                assert_eq!(
                    open_between(&b, None, Some(to)),
                    to_totals[to],
                    "{b} to {to}"
                );
            }
        }
    }
}

#[test]
fn five_by_five_from_a_corner_and_from_the_centre() {
    // Jelliss; Knuth: 304 open tours from each corner, 64 from the centre.
    let b = board(5, 5);
    assert_eq!(open_between(&b, Some(0), None), 304);
    assert_eq!(open_between(&b, Some(b.square_at(2, 2)), None), 64);
    let table = by_start(&b);
    assert_eq!(table.tours[0], 304);
    assert_eq!(table.tours[b.square_at(2, 2)], 64);
    assert_eq!(table.tours[b.square_at(0, 2)], 56);
    assert_eq!(table.tours[b.square_at(1, 1)], 56);
    // Minority-colour squares start nothing.
    assert_eq!(table.tours[1], 0);
    assert_eq!(open_between(&b, Some(1), None), 0);
}

#[test]
fn three_by_four_by_start() {
    let b = board(3, 4);
    let table = by_start(&b);
    assert_eq!(table.tours, vec![2, 0, 0, 2, 4, 0, 0, 4, 2, 0, 0, 2]);
    assert_eq!(table.total(), 16);
}

#[test]
fn by_start_sums_to_the_total() {
    for (rows, cols) in [
        (1, 1),
        (3, 4),
        (4, 3),
        (4, 5),
        (5, 5),
        (3, 7),
        (5, 6),
        (4, 4),
    ] {
        let b = board(rows, cols);
        let table = by_start(&b);
        let total = count_tours_with_nodes(&b, TourKind::Open, &CountLimits::default()).unwrap();
        assert_eq!(table.total(), total.tours, "{b}");
        // The same searches, so the same work.
        assert_eq!(table.nodes, total.nodes, "{b}");
    }
}

/// The table searches one start per symmetry orbit; searching every start
/// on its own gives the same table, which is therefore invariant under
/// the board's symmetries.
#[test]
fn by_start_tables_are_invariant_under_the_symmetries() {
    for (rows, cols) in [(3, 4), (4, 5), (5, 5), (3, 7), (5, 6)] {
        let b = board(rows, cols);
        let table = by_start(&b);
        for s in b.squares() {
            assert_eq!(table.tours[s], open_between(&b, Some(s), None), "{b} {s}");
            for image in symmetry::images(&b, s) {
                assert_eq!(table.tours[image], table.tours[s], "{b} {s}->{image}");
            }
        }
    }
}

#[test]
fn tours_between_ends_add_up_to_tours_from_the_start() {
    let b = board(5, 5);
    for from in [0, b.square_at(2, 2), b.square_at(0, 2)] {
        let total: u128 = b
            .squares()
            .map(|to| open_between(&b, Some(from), Some(to)))
            .sum();
        assert_eq!(total, open_between(&b, Some(from), None), "from {from}");
    }
    // Reversal: as many tours end on a square as start there.
    let b = board(4, 5);
    for s in b.squares() {
        assert_eq!(
            open_between(&b, None, Some(s)),
            open_between(&b, Some(s), None)
        );
    }
}

#[test]
#[should_panic(expected = "not on the 3x4 board")]
fn ends_must_be_on_the_board() {
    open_between(&board(3, 4), Some(12), None);
}

#[test]
fn refuses_large_boards_and_honours_limits() {
    let b = board(5, 13);
    assert!(matches!(
        count_tours(&b, TourKind::Open, &CountLimits::default()),
        Err(CountError::TooLarge { .. })
    ));
    let b = board(6, 6);
    let limits = CountLimits {
        node_limit: Some(1000),
        stop: None,
    };
    assert_eq!(
        count_tours(&b, TourKind::Closed, &limits),
        Err(CountError::NodeLimit { nodes: 1001 })
    );
    let stop = AtomicBool::new(true);
    let limits = CountLimits {
        node_limit: None,
        stop: Some(&stop),
    };
    assert!(matches!(
        count_tours(&b, TourKind::Closed, &limits),
        Err(CountError::Stopped { .. })
    ));
}

#[test]
fn progress_is_reported_while_counting() {
    // 3x12 open: 114,496 tours, about 1.9 million nodes, 6 start orbits.
    let b = board(3, 12);
    let seen = Mutex::new(Vec::new());
    let record = |p: &SearchProgress| seen.lock().unwrap().push(*p);
    let report =
        count_tours_with_progress(&b, TourKind::Open, &CountLimits::default(), Some(&record))
            .unwrap();
    let seen = seen.into_inner().unwrap();
    assert_eq!(report.tours, 114_496);
    assert!(seen.iter().any(|p| p.nodes == 1 << 20), "{seen:?}");
    assert!(seen.windows(2).all(|w| w[0].nodes <= w[1].nodes
        && w[0].tours <= w[1].tours
        && w[0].starts_done <= w[1].starts_done));
    let last = seen.last().unwrap();
    assert_eq!(last.starts_total, symmetry::start_orbits(&b).len());
    assert_eq!(
        *last,
        SearchProgress {
            nodes: report.nodes,
            tours: report.tours,
            starts_done: last.starts_total,
            starts_total: last.starts_total,
        }
    );
}

#[test]
fn a_stopped_count_reports_its_nodes() {
    // The progress callback raises the stop flag when it is first called
    // (when the first start square is done); the count stops at the next
    // reading of the flag, at a multiple of 2¹⁶ nodes.
    let b = board(3, 12);
    let stop = AtomicBool::new(false);
    let raised_at = Mutex::new(None);
    let raise = |p: &SearchProgress| {
        raised_at.lock().unwrap().get_or_insert(p.nodes);
        stop.store(true, Ordering::Relaxed);
    };
    let limits = CountLimits {
        node_limit: None,
        stop: Some(&stop),
    };
    let result = count_tours_with_progress(&b, TourKind::Open, &limits, Some(&raise));
    let raised_at = raised_at.into_inner().unwrap().unwrap();
    let nodes = (raised_at / (1 << 16) + 1) * (1 << 16);
    assert_eq!(result, Err(CountError::Stopped { nodes }));
}

#[test]
fn estimates_are_near_the_true_number_of_nodes() {
    for (rows, cols, kind, probes) in [
        (3, 4, TourKind::Open, 2_000),
        (5, 5, TourKind::Open, 20_000),
        (5, 6, TourKind::Closed, 20_000),
        (4, 5, TourKind::Open, 5_000),
        (6, 6, TourKind::Closed, 20_000),
    ] {
        let b = board(rows, cols);
        let exact = count_tours_with_nodes(&b, kind, &CountLimits::default())
            .unwrap()
            .nodes as f64;
        let estimate = estimate_tree(&b, kind, probes, 7).unwrap();
        let ratio = estimate.nodes_mean / exact;
        assert!(
            (0.67..1.5).contains(&ratio),
            "{b} {kind}: {estimate:?} against {exact}"
        );
        assert!(
            estimate.relative_std_error < 0.2,
            "{b} {kind}: {estimate:?}"
        );
        assert_eq!(estimate.probes, probes);
        assert_eq!(estimate_tree(&b, kind, probes, 7).unwrap(), estimate);
    }
}

#[test]
fn estimates_of_trees_without_branches_are_exact() {
    // One square: one node, on every probe. A board whose cycles the
    // counter does not search at all (2x8) is estimated at zero.
    let one = estimate_tree(&board(1, 1), TourKind::Open, 10, 1).unwrap();
    assert_eq!((one.nodes_mean, one.relative_std_error), (1.0, 0.0));
    let none = estimate_tree(&board(2, 8), TourKind::Closed, 10, 1).unwrap();
    assert_eq!((none.nodes_mean, none.relative_std_error), (0.0, 0.0));
    assert!(matches!(
        estimate_tree(&board(9, 9), TourKind::Open, 10, 1),
        Err(CountError::TooLarge { .. })
    ));
}
