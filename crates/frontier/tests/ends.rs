//! The open tours by where their ends lie (`Sweep::ends_in_one_column`,
//! `Sweep::first_end_unlike_the_corner`): Knuth's types of the 3×n open
//! tours, against the paths between every pair of squares counted one
//! pair at a time by the fixed-ends sweep (`count_between`: no apex, the
//! two ends tied by a virtual edge), which shares neither rule.

use std::sync::atomic::AtomicBool;

use kt_board::{Board, TourKind};
use kt_frontier::{Options, Order, Sweep, SweepCount, Unwatched, count_between, count_sweep};

/// Each board's paths (each once) by Knuth's types: both ends in one
/// column, and with the ends in different columns, the one further left
/// of the top left corner's colour or of the other: `[same, like,
/// unlike]`, from the fixed-ends sweep of every pair.
/// The count of `sweep` with the defaults, not stopped.
fn counted(sweep: &Sweep) -> SweepCount {
    count_sweep(
        sweep,
        &Options::default(),
        &Unwatched,
        &AtomicBool::new(false),
    )
    .unwrap()
}

fn types_by_pairs(board: Board) -> [u64; 3] {
    let colour = |s: usize| board.colour(s);
    let column = |s: usize| s % board.cols();
    let mut types = [0u64; 3];
    for s in 0..board.cells() {
        for e in s + 1..board.cells() {
            let between = count_between(
                board,
                s,
                e,
                &Options::default(),
                &Unwatched,
                &AtomicBool::new(false),
            )
            .unwrap();
            let paths = u64::try_from(&between.cycles).unwrap();
            let left = if column(s) < column(e) { s } else { e };
            let class = if column(s) == column(e) {
                0
            } else if colour(left) == colour(0) {
                1
            } else {
                2
            };
            types[class] += paths;
        }
    }
    types
}

/// The paths of `rows × n` for every `n` up to `cols` by a sweep of
/// every prefix with `rules`, folded or not.
fn by_prefixes(
    rows: usize,
    cols: usize,
    fold: bool,
    rules: impl Fn(Sweep) -> Option<Sweep>,
) -> Vec<u64> {
    let strip = Board::new(rows, cols).unwrap();
    let sweep = rules(Sweep::prefixes(
        &Order::columns(strip),
        TourKind::Open,
        true,
        fold,
    ))
    .unwrap();
    let counted = counted(&sweep);
    (0..=cols)
        .map(|n| u64::try_from(counted.prefix(rows * n)).unwrap())
        .collect()
}

/// The paths of one whole board by a whole count with `rules`, folded
/// after the rules are set (the fold keeps only the symmetries they allow).
fn whole(board: Board, rules: impl Fn(Sweep) -> Option<Sweep>) -> u64 {
    let sweep = rules(Sweep::new(board, TourKind::Open)).unwrap().folded();
    let counted = counted(&sweep);
    u64::try_from(&counted.cycles).unwrap()
}

fn both(sweep: Sweep) -> Option<Sweep> {
    sweep.ends_in_one_column()?.first_end_unlike_the_corner()
}

#[test]
fn the_ends_rules_sort_every_path_as_the_pairs_do() {
    // 3×4 … 3×10 carry Knuth's types (A169770, A169771, A169772); 4 and
    // 5 rows check the rules on other strips.
    for (rows, cols) in [(3, 10), (4, 7), (5, 6)] {
        // The fold keeps a square's colour on an odd number of rows only.
        let folds: &[bool] = if rows % 2 == 1 {
            &[false, true]
        } else {
            &[false]
        };
        for &fold in folds {
            let all = by_prefixes(rows, cols, fold, Some);
            let same = by_prefixes(rows, cols, true, Sweep::ends_in_one_column);
            let first_unlike = by_prefixes(rows, cols, fold, Sweep::first_end_unlike_the_corner);
            let both_rules = by_prefixes(rows, cols, fold, both);
            for n in rows + 1..=cols {
                let board = Board::new(rows, n).unwrap();
                let [x, like, unlike] = types_by_pairs(board);
                let label = format!("{rows}x{n}, fold {fold}");
                assert_eq!(all[n], x + like + unlike, "{label}: every path");
                assert_eq!(same[n], x, "{label}: both ends in one column");
                assert_eq!(first_unlike[n] - both_rules[n], unlike, "{label}: unlike");
                assert_eq!(
                    whole(board, Sweep::ends_in_one_column),
                    x,
                    "{label}: a whole count, one column"
                );
                assert_eq!(
                    whole(board, Sweep::first_end_unlike_the_corner) - whole(board, both),
                    unlike,
                    "{label}: a whole count, unlike"
                );
            }
        }
    }
}

#[test]
fn the_ends_rules_refuse_what_they_cannot_sort() {
    let strip = Board::new(4, 8).unwrap();
    let order = Order::columns(strip);
    // Closed tours have no ends.
    let closed = Sweep::prefixes(&order, TourKind::Closed, true, false);
    assert!(closed.clone().ends_in_one_column().is_none());
    assert!(closed.first_end_unlike_the_corner().is_none());
    // Folded on an even number of rows, the reflection swaps colours.
    let folded = Sweep::prefixes(&order, TourKind::Open, true, true);
    assert!(folded.clone().first_end_unlike_the_corner().is_none());
    assert!(folded.ends_in_one_column().is_some());
    // A board taller than long is swept along its rows.
    let tall = Sweep::new(Board::new(6, 4).unwrap(), TourKind::Open);
    assert!(tall.ends_in_one_column().is_none());
}
