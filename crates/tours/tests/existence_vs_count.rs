//! The existence theorems against the backtracking counter: on every board
//! of at most 30 squares (both orientations), a tour exists exactly when
//! the counter finds at least one.

use kt_board::{Board, TourKind};
use kt_tours::backtrack::{CountLimits, count_tours};
use kt_tours::tour_exists;

#[test]
fn theorems_agree_with_exhaustive_counts() {
    let mut checked = 0;
    for rows in 1..=30 {
        for cols in 1..=30 {
            if rows * cols > 30 {
                continue;
            }
            let board = Board::new(rows, cols).unwrap();
            for kind in [TourKind::Open, TourKind::Closed] {
                let count = count_tours(&board, kind, &CountLimits::default()).unwrap();
                assert_eq!(
                    count > 0,
                    tour_exists(&board, kind).is_ok(),
                    "{board} {kind}: {count} tours, theorem says {:?}",
                    tour_exists(&board, kind)
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 200);
}

#[test]
fn larger_known_counts() {
    let count = |rows, cols, kind| {
        count_tours(
            &Board::new(rows, cols).unwrap(),
            kind,
            &CountLimits::default(),
        )
        .unwrap()
    };
    assert_eq!(count(5, 6, TourKind::Open), 37_568);
    assert_eq!(count(6, 5, TourKind::Open), 37_568);
    assert_eq!(count(6, 6, TourKind::Closed), 9_862);
    assert_eq!(count(3, 12, TourKind::Open), 114_496);
    assert_eq!(count(3, 12, TourKind::Closed), 176);
}
