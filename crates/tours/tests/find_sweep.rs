//! `find_tour` on sweeps of board sizes: a checked tour of the requested
//! kind wherever the theorems promise one, the theorem's reason elsewhere.
//! Heavier sweeps (up to 1000 × 1000) are in `scripts/bench-find.sh`.

use kt_board::{Board, TourKind};
use kt_tours::{FindError, FindOptions, Finder, find_tour, tour_exists};

fn options(method: Finder) -> FindOptions {
    FindOptions {
        method,
        ..FindOptions::default()
    }
}

/// Finds with `method` and checks the outcome against the theorems.
fn expect(rows: usize, cols: usize, kind: TourKind, method: Finder) {
    let board = Board::new(rows, cols).unwrap();
    let result = find_tour(&board, kind, &options(method));
    match tour_exists(&board, kind) {
        Ok(()) => {
            let tour = result.unwrap_or_else(|e| panic!("{board} {kind} {method}: {e}"));
            assert_eq!(tour.check(), Ok(()), "{board} {kind} {method}");
            assert_eq!(tour.kind, kind);
            assert_eq!(tour.board, board);
        }
        Err(reason) => assert_eq!(
            result.unwrap_err(),
            FindError::NoTour(reason),
            "{board} {kind}"
        ),
    }
}

#[test]
fn every_board_up_to_30_by_30() {
    for rows in 1..=30 {
        for cols in 1..=30 {
            for kind in [TourKind::Open, TourKind::Closed] {
                expect(rows, cols, kind, Finder::Auto);
            }
        }
    }
}

#[test]
fn construction_alone_on_every_board_up_to_40_by_40() {
    for rows in 1..=40 {
        for cols in 1..=40 {
            for kind in [TourKind::Open, TourKind::Closed] {
                expect(rows, cols, kind, Finder::Construction);
            }
        }
    }
}

#[test]
fn backtracking_alone_on_every_board_of_at_most_64_squares() {
    for rows in 1..=64 {
        for cols in 1..=64 {
            if rows * cols <= 64 {
                for kind in [TourKind::Open, TourKind::Closed] {
                    expect(rows, cols, kind, Finder::Backtracking);
                }
            }
        }
    }
}

#[test]
fn square_boards_up_to_60() {
    for n in 1..=60 {
        for kind in [TourKind::Open, TourKind::Closed] {
            expect(n, n, kind, Finder::Auto);
        }
    }
}

#[test]
fn thin_boards_up_to_60_both_ways() {
    for m in [3, 4] {
        for n in 1..=60 {
            for kind in [TourKind::Open, TourKind::Closed] {
                expect(m, n, kind, Finder::Auto);
                expect(n, m, kind, Finder::Auto);
            }
        }
    }
}

#[test]
fn some_large_boards() {
    for (rows, cols) in [
        (100, 100),
        (201, 200),
        (200, 201),
        (3, 1000),
        (1000, 3),
        (4, 999),
        (5, 1000),
        (99, 101),
    ] {
        for kind in [TourKind::Open, TourKind::Closed] {
            expect(rows, cols, kind, Finder::Auto);
        }
    }
}

/// About a second in an optimised build; run with `--ignored`.
#[test]
#[ignore = "about a second in an optimised build, longer unoptimised"]
fn thousand_by_thousand() {
    for kind in [TourKind::Open, TourKind::Closed] {
        expect(1000, 1000, kind, Finder::Auto);
        expect(1000, 1000, kind, Finder::Construction);
        expect(999, 1000, kind, Finder::Auto);
        expect(999, 999, kind, Finder::Auto);
    }
}

#[test]
fn results_are_deterministic() {
    for (rows, cols, kind) in [
        (8, 8, TourKind::Open),
        (30, 31, TourKind::Closed),
        (3, 77, TourKind::Open),
    ] {
        let board = Board::new(rows, cols).unwrap();
        let a = find_tour(&board, kind, &FindOptions::default()).unwrap();
        let b = find_tour(&board, kind, &FindOptions::default()).unwrap();
        assert_eq!(a, b);
    }
}

#[test]
fn warnsdorff_alone_gives_up_cleanly() {
    // Warnsdorff's rule from the corner gets stuck on 3×10 and does not
    // close the 8×8 tour it finds; the construction does both.
    for (rows, cols, kind) in [(3, 10, TourKind::Open), (8, 8, TourKind::Closed)] {
        let board = Board::new(rows, cols).unwrap();
        assert!(matches!(
            find_tour(&board, kind, &options(Finder::Warnsdorff)),
            Err(FindError::GaveUp {
                method: Finder::Warnsdorff,
                ..
            })
        ));
        expect(rows, cols, kind, Finder::Auto);
    }
}
