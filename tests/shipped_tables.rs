//! The tables this project computed itself and ships as data
//! (`crates/count/data/ours/`), checked without recounting them: each part
//! file must merge under today's pair plan, and its total must agree with
//! the published count of its board. The by-start table shipped beside it
//! must be the merge's, square by square, and must have the board's
//! symmetries. Recounting 7×7 takes half an hour; this takes milliseconds,
//! and still fails if the plan, the merge or the files drift apart.

use std::path::{Path, PathBuf};

use kt_board::{Board, TourKind};
use kt_count::known::{self, Quantity};
use kt_count::{Part, pairs};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/count/data/ours")
        .join(name)
}

/// The shipped by-start table: one line per row, row 0 first, the counts
/// separated by commas, after a header of comment lines starting with `#`.
fn by_start_csv(path: &Path) -> Vec<Vec<String>> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| line.split(',').map(str::to_owned).collect())
        .collect()
}

#[test]
fn the_7x7_open_pairs_merge_to_the_published_total_and_the_shipped_table() {
    let board: Board = "7x7".parse().unwrap();
    let path = data("7x7-open-pairs.json");
    let part = Part::read(&path).unwrap();
    let plan = pairs::plan(board);
    let merged = kt_count::merge_parts(&plan, &[(path, part)]).unwrap();

    let check = known::check_quantity(&board, TourKind::Open, Quantity::Total, &merged.total);
    assert!(check.disagreeing.is_empty(), "{:?}", check.disagreeing);
    assert!(!check.agreeing.is_empty(), "no published total of 7x7 open");
    assert_eq!(merged.total.to_string(), "165575218320");

    the_table_is_the_merge(board, &data("7x7-open-by-start.csv"), &merged.by_start);
}

/// The shipped by-start table at `csv` is `by_start` (the merge's), square
/// by square, and the square board's eight symmetries fix it.
fn the_table_is_the_merge(board: Board, csv: &Path, by_start: &[num_bigint::BigUint]) {
    let table = by_start_csv(csv);
    assert_eq!(table.len(), board.rows());
    for (r, row) in table.iter().enumerate() {
        assert_eq!(row.len(), board.cols());
        for (c, cell) in row.iter().enumerate() {
            assert_eq!(*cell, by_start[board.square_at(r, c)].to_string());
            let n = board.rows() - 1;
            for (r2, c2) in [
                (c, r),
                (n - r, c),
                (r, n - c),
                (n - r, n - c),
                (c, n - r),
                (n - c, r),
                (n - c, n - r),
            ] {
                assert_eq!(*cell, table[r2][c2], "square {r},{c} against {r2},{c2}");
            }
        }
    }
}

/// 7×9's table, from one sweep with tallies: it adds up to the published
/// total (undirected in OEIS A306283, twice that directed), has the
/// rectangle's four symmetries, and no square of the minority colour
/// starts a tour.
#[test]
fn the_7x9_open_table_sums_to_the_published_total_and_has_the_board_s_symmetries() {
    let board: Board = "7x9".parse().unwrap();
    let table = by_start_csv(&data("7x9-open-by-start.csv"));
    assert_eq!(table.len(), board.rows());
    let number = |r: usize, c: usize| table[r][c].parse::<num_bigint::BigUint>().unwrap();
    let mut total = num_bigint::BigUint::ZERO;
    for (r, row) in table.iter().enumerate() {
        assert_eq!(row.len(), board.cols());
        for c in 0..board.cols() {
            let n = number(r, c);
            let (r2, c2) = (board.rows() - 1 - r, board.cols() - 1 - c);
            assert_eq!(n, number(r2, c), "row {r}, column {c}");
            assert_eq!(n, number(r, c2), "row {r}, column {c}");
            if (r + c) % 2 == 1 {
                assert_eq!(n, num_bigint::BigUint::ZERO, "row {r}, column {c}");
            }
            total += n;
        }
    }
    let check = known::check_quantity(&board, TourKind::Open, Quantity::Total, &total);
    assert!(check.disagreeing.is_empty(), "{:?}", check.disagreeing);
    assert!(!check.agreeing.is_empty(), "no published total of 7x9 open");
}

#[test]
fn the_8x8_open_classes_counted_so_far_are_parts_of_todays_plan() {
    let board: Board = "8x8".parse().unwrap();
    let plan = pairs::plan(board);
    let part = Part::read(&data("8x8-open-pair-136.json")).unwrap();
    assert_eq!(part.plan, plan.fingerprint());
    assert_eq!(part.plan_classes, plan.classes().len());
    for counted in &part.classes {
        let class = &plan.classes()[counted.id - 1];
        assert_eq!(class.id, counted.id);
        assert_eq!(kt_count::square_name(&board, class.from), counted.from);
        assert_eq!(
            class.to.map(|to| kt_count::square_name(&board, to)),
            counted.to
        );
        assert_eq!(class.weight, counted.weight);
    }
    // Merging one class is refused: the other 135 are missing.
    let path = data("8x8-open-pair-136.json");
    assert!(kt_count::merge_parts(&plan, &[(path, part)]).is_err());
}

/// The parts of the 8×8 open table by start square shipped so far (one
/// class of the start plan each, `scripts/8x8-by-start.sh`): each is a
/// whole part of today's start plan, naming its class as the plan does,
/// with no class twice; once all ten are there, they merge to the
/// published total.
#[test]
fn the_8x8_open_start_parts_belong_to_the_start_plan() {
    let board: Board = "8x8".parse().unwrap();
    let plan = pairs::start_plan(board);
    let dir = data("8x8-open-by-start");
    let mut parts = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let part = Part::read(&path).unwrap();
            kt_shards::merge::check_part(&plan, &part)
                .unwrap_or_else(|why| panic!("{}: {why}", path.display()));
            parts.push((path, part));
        }
    }
    assert!(!parts.is_empty(), "no part shipped in {}", dir.display());
    let mut ids: Vec<usize> = parts
        .iter()
        .flat_map(|(_, p)| p.classes.iter().map(|c| c.id))
        .collect();
    ids.sort_unstable();
    let counted = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), counted, "a class shipped twice: {ids:?}");
    // What can be checked before the table is whole, and still holds
    // after: the classes shipped add up to no more than the published
    // total (less while one is missing), and the paths between two
    // squares (the shipped pair class) are fewer than all the paths from
    // the first of them, counted by another sweep.
    let from: std::collections::HashMap<String, num_bigint::BigUint> = parts
        .iter()
        .flat_map(|(_, p)| p.classes.iter())
        .map(|c| (c.from.clone(), c.count.parse().unwrap()))
        .collect();
    let shipped: num_bigint::BigUint = parts
        .iter()
        .flat_map(|(_, p)| p.classes.iter())
        .map(|c| c.count.parse::<num_bigint::BigUint>().unwrap() * c.weight)
        .sum();
    let total: num_bigint::BigUint = "19591828170979904".parse().unwrap();
    if ids.len() < plan.classes().len() {
        assert!(shipped < total, "{shipped}");
    } else {
        assert_eq!(shipped, total);
    }
    let pair = Part::read(&data("8x8-open-pair-136.json")).unwrap();
    for class in &pair.classes {
        let paths: num_bigint::BigUint = class.count.parse().unwrap();
        // Every member of a start class starts the same tours: look the
        // representative up by any square of its class.
        let start = plan.classes().iter().find(|c| {
            c.members
                .iter()
                .any(|(s, _)| kt_count::square_name(&board, *s) == class.from)
        });
        if let Some(all) = start.and_then(|c| from.get(&kt_count::square_name(&board, c.from))) {
            assert!(
                &paths < all,
                "{} to {:?}: {paths} of {all}",
                class.from,
                class.to
            );
        }
    }
    if ids.len() == plan.classes().len() {
        let merged = kt_count::merge_parts(&plan, &parts).unwrap();
        assert_eq!(merged.total.to_string(), "19591828170979904");
        the_table_is_the_merge(board, &data("8x8-open-by-start.csv"), &merged.by_start);
        // Burnside's lemma: no symmetry of 8x8 fixes an open tour, so
        // each geometric class has 8 x 2 directed members.
        let geometric = &merged.total / 16u32;
        let published =
            known::check_quantity(&board, TourKind::Open, Quantity::Geometric, &geometric);
        assert!(
            !published.agreeing.is_empty() && published.passed(),
            "{published:?}"
        );
    }
    // Classes counted a second time in another order of the squares
    // (`scripts/8x8-second-way.sh`) agree with the shipped parts.
    let second = dir.join("second-way");
    let entries = std::fs::read_dir(&second).into_iter().flatten();
    for entry in entries {
        let path = entry.unwrap().path();
        let again = Part::read(&path).unwrap();
        kt_shards::merge::check_part(&plan, &again)
            .unwrap_or_else(|why| panic!("{}: {why}", path.display()));
        assert!(
            again
                .order
                .as_deref()
                .is_some_and(|o| o != SHIPPED_8X8_ORDER),
            "{}: not counted in another order: {:?}",
            path.display(),
            again.order
        );
        for class in &again.classes {
            let first = parts
                .iter()
                .flat_map(|(_, p)| p.classes.iter())
                .find(|c| c.id == class.id);
            if let Some(first) = first {
                assert_eq!(
                    first.count,
                    class.count,
                    "{}: class {}",
                    path.display(),
                    class.id
                );
            }
        }
    }
}

/// The fingerprint of the order shipped for 8×8, which the start parts
/// were counted in.
const SHIPPED_8X8_ORDER: &str = "ed065291";

/// The shipped order of 8×8 is the one the start parts name.
#[test]
fn the_8x8_parts_name_the_shipped_order() {
    let board: Board = "8x8".parse().unwrap();
    let order = kt_count::order::auto(board);
    assert_eq!(format!("{:08x}", order.fingerprint()), SHIPPED_8X8_ORDER);
}
