//! The glue of `mirror.rs`: the closed tours that a strip's reflection
//! left to right or half turn fixes, against the search on the quotient
//! board (kt-tours), which shares nothing with the sweep.

use std::sync::atomic::AtomicBool;

use kt_board::{Board, Symmetry, TourKind};
use kt_frontier::mirror::fixed_of_label;
use kt_frontier::{Options, Order, Sweep, Unwatched, count_sweep};

/// The closed tours of `board` that `symmetry` maps onto themselves,
/// by kt-tours' search on the quotient board: another method.
fn fixed_by_search(board: &Board, symmetry: Symmetry) -> u64 {
    kt_tours::symmetric::count_fixed(*board, TourKind::Closed, symmetry, &AtomicBool::new(false))
        .unwrap()
        .tours
}

/// The fixed tours the glue finds on `rows × 2m` for every `m` the
/// sweep of a strip of `cols` columns reaches, by the board's columns.
fn fixed_by_sweep(rows: usize, cols: usize, symmetry: Symmetry, fold: bool) -> Vec<(usize, u64)> {
    let strip = Board::new(rows, cols).unwrap();
    let sweep = Sweep::prefixes(&Order::columns(strip), TourKind::Closed, true, fold)
        .fixed_by(symmetry)
        .unwrap();
    let counted = count_sweep(
        &sweep,
        &Options::default(),
        &Unwatched,
        &AtomicBool::new(false),
    )
    .unwrap();
    counted
        .prefixes
        .iter()
        .filter_map(|(label, tours)| {
            let (cells, _) = fixed_of_label(*label)?;
            Some((cells / rows, u64::try_from(tours).unwrap()))
        })
        .fold(Vec::new(), |mut by_n: Vec<(usize, u64)>, (n, tours)| {
            match by_n.iter_mut().find(|(m, _)| *m == n) {
                Some((_, sum)) => *sum += tours,
                None => by_n.push((n, tours)),
            }
            by_n
        })
}

#[test]
fn the_glue_finds_every_fixed_tour_a_search_finds() {
    // 7×6 and 7×8 agree too (by hand, in a release build: the
    // search on 7×8 takes seconds).
    // 6×7: 564 tours the half turn fixes, by the glue of the board one
    // column longer than the even one.
    for (rows, cols, widest) in [(3, 12, 20), (4, 8, 13), (5, 7, 10), (6, 6, 9)] {
        for symmetry in [Symmetry::FlipCols, Symmetry::Rot180] {
            for fold in [false, true] {
                let swept = fixed_by_sweep(rows, cols, symmetry, fold);
                // No glue where the strip ends within two columns of the
                // board's half: its states were not kept for that board.
                assert!(
                    swept.iter().all(|(n, _)| *n <= 2 * (cols - 2) + 1),
                    "{swept:?}"
                );
                // The half turn of an even number of rows has odd boards
                // too; elsewhere an odd board's fixed tours are none.
                for n in 4..=widest.min(2 * (cols - 2) + 1) {
                    let glued_odd = symmetry == Symmetry::Rot180 && rows.is_multiple_of(2);
                    if !n.is_multiple_of(2) && !glued_odd {
                        continue;
                    }
                    let board = Board::new(rows, n).unwrap();
                    let searched = fixed_by_search(&board, symmetry);
                    let glued = swept.iter().find(|(m, _)| *m == n).map_or(0, |(_, t)| *t);
                    assert_eq!(
                        glued, searched,
                        "{rows}x{n} fixed by {symmetry:?} (fold {fold})"
                    );
                }
            }
        }
    }
}

#[test]
fn a_sweep_of_another_kind_or_order_takes_no_glue() {
    let strip = Board::new(3, 8).unwrap();
    let order = Order::columns(strip);
    assert!(
        Sweep::prefixes(&order, TourKind::Open, true, false)
            .fixed_by(Symmetry::FlipCols)
            .is_none()
    );
    assert!(
        Sweep::prefixes(&order, TourKind::Closed, true, false)
            .fixed_by(Symmetry::FlipRows)
            .is_none()
    );
    assert!(
        Sweep::new(strip, TourKind::Closed)
            .fixed_by(Symmetry::FlipCols)
            .is_none()
    );
    // A strip taller than long is swept along its rows.
    let tall = Board::new(8, 3).unwrap();
    assert!(
        Sweep::prefixes(&Order::columns(tall), TourKind::Closed, true, false)
            .fixed_by(Symmetry::FlipCols)
            .is_none()
    );
}
