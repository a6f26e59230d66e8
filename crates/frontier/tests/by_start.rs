//! The table by start square in one sweep with tallies, against a sweep a
//! square with the start fixed, folded and not.

use std::sync::atomic::AtomicBool;

use kt_board::{Board, TourKind};
use kt_frontier::{
    Options, Order, Restriction, Sweep, Unwatched, count_by_start_in, count_restricted,
    resolve_order,
};
use num_bigint::BigUint;

fn one_sweep(board: Board, fold: bool) -> (BigUint, Vec<BigUint>) {
    let options = Options {
        fold,
        ..Options::default()
    };
    let order = resolve_order(board, TourKind::Open, &options).unwrap();
    let counted = count_by_start_in(&order, &options, &Unwatched, &AtomicBool::new(false))
        .unwrap()
        .expect("a board of at most 32 classes keeps tallies");
    (counted.tours, counted.by_square)
}

fn from_each_square(board: Board) -> Vec<BigUint> {
    board
        .squares()
        .map(|s| {
            count_restricted(
                board,
                TourKind::Open,
                &Restriction {
                    ends: vec![s],
                    ..Restriction::default()
                },
                &Options::default(),
                &Unwatched,
                &AtomicBool::new(false),
            )
            .unwrap()
            .cycles
        })
        .collect()
}

#[test]
fn the_table_in_one_sweep_is_a_sweep_a_square_on_every_board_up_to_thirty_squares() {
    for (r, c) in [
        (1, 2),
        (3, 4),
        (3, 7),
        (4, 4),
        (4, 5),
        (3, 8),
        (5, 5),
        (4, 7),
        (5, 6),
    ] {
        let board = Board::new(r, c).unwrap();
        let each = from_each_square(board);
        let total: BigUint = each.iter().sum();
        for fold in [false, true] {
            let (tours, by_square) = one_sweep(board, fold);
            assert_eq!(by_square, each, "{board}, fold {fold}");
            assert_eq!(tours, total, "{board}, fold {fold}");
        }
    }
}

#[test]
fn six_by_six_from_each_square_adds_up_to_the_published_total() {
    // A165134: 6,637,920 directed open tours of 6x6; 5x5: 304 from a
    // corner, 64 from the centre (TAOCP pre-fascicle 8A).
    let (tours, by_square) = one_sweep(Board::new(6, 6).unwrap(), true);
    assert_eq!(tours, BigUint::from(6_637_920u32));
    assert_eq!(by_square.iter().sum::<BigUint>(), tours);
    let (_, five) = one_sweep(Board::new(5, 5).unwrap(), true);
    assert_eq!(five[0], BigUint::from(304u32));
    assert_eq!(five[12], BigUint::from(64u32));
}

#[test]
fn classes_are_the_orbits_of_the_whole_group() {
    let (classes, count) = Sweep::end_classes(Board::new(8, 8).unwrap());
    assert_eq!(count, 10);
    assert_eq!(classes[0], classes[63]);
    assert_eq!(classes[1], classes[8]);
    assert_eq!(Sweep::end_classes(Board::new(7, 8).unwrap()).1, 16);
    // Closed tours have no ends, and 8x9's twenty classes fit, 6x21's 33
    // do not.
    let order = Order::columns(Board::new(5, 5).unwrap());
    assert!(Sweep::tallied(&order, TourKind::Closed, true).is_none());
    let twenty = Order::columns(Board::new(8, 9).unwrap());
    assert_eq!(
        Sweep::tallied(&twenty, TourKind::Open, true)
            .unwrap()
            .tallies(),
        Some(20)
    );
    let wide = Order::columns(Board::new(6, 21).unwrap());
    assert!(Sweep::tallied(&wide, TourKind::Open, true).is_none());
}

/// Copies the checkpoint directory after step `at`, as it was then.
struct CopyAt {
    at: usize,
    to: std::path::PathBuf,
}

impl kt_frontier::Watcher for CopyAt {
    fn checkpointed(&self, step: usize, path: &std::path::Path) {
        if step == self.at {
            copy_dir(path, &self.to);
        }
    }
}

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

#[test]
fn a_table_resumed_mid_sweep_is_the_uninterrupted_one_and_no_other_count_reads_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let board = Board::new(5, 6).unwrap();
    let (_, whole) = one_sweep(board, true);
    let every_step = Options {
        // Small enough that runs spill, tallies and all.
        memory: 1 << 16,
        spill_dir: dir.path().to_path_buf(),
        checkpoint: Some(dir.path().join("table")),
        checkpoint_every: std::time::Duration::ZERO,
        ..Options::default()
    };
    let order = resolve_order(board, TourKind::Open, &every_step).unwrap();
    let middle = dir.path().join("middle");
    let watcher = CopyAt {
        at: 18,
        to: middle.clone(),
    };
    let checkpointed = count_by_start_in(&order, &every_step, &watcher, &AtomicBool::new(false))
        .unwrap()
        .unwrap();
    assert_eq!(checkpointed.by_square, whole);
    let resuming = Options {
        resume: Some(middle.clone()),
        spill_dir: dir.path().to_path_buf(),
        ..Options::default()
    };
    let resumed = count_by_start_in(&order, &resuming, &Unwatched, &AtomicBool::new(false))
        .unwrap()
        .unwrap();
    assert_eq!(resumed.outcome.resumed_from, Some(18));
    assert_eq!(resumed.by_square, whole);
    // The whole count's sweep keeps no tallies: it refuses the checkpoint.
    let whole_count = kt_frontier::count_tours_in(
        &order,
        TourKind::Open,
        &resuming,
        &Unwatched,
        &AtomicBool::new(false),
    );
    assert!(
        matches!(whole_count, Err(kt_frontier::FrontierError::Resume(_))),
        "{whole_count:?}"
    );
}
