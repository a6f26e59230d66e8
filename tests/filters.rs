//! The all-squares exactly-once filter on boards of 21 to 25 squares, with
//! one thread and with two: its result is exactly the set of tours the
//! independent counter lists. Plain intersection gives that same family by
//! definition, but takes minutes there (4×6: two minutes); boards of up to
//! 20 squares compare the filter with plain intersection directly
//! (`crates/constraints/tests/constraints.rs`).

use std::collections::BTreeSet;

use kt_board::Board;
use kt_constraints::{AllExactlyOnce, Encoding, closed_squares, closed_start, transition};
use kt_engine::{Engine, EngineConfig, FilterLimits, Zbdd};
use kt_tests::independent::{closed_tours_listed, open_tours_listed};

fn tours_by_filter(enc: &Encoding, closed: bool, threads: u32) -> BTreeSet<Vec<u32>> {
    let config = EngineConfig {
        node_capacity: 1 << 24,
        cache_capacity: 1 << 16,
        threads,
    };
    let e = Zbdd::new(&config, enc.num_vars()).unwrap();
    let mut walks = e.universe().unwrap();
    for t in 0..enc.cells() - 1 {
        walks = e
            .intersect(&walks, &transition(&e, enc, t).unwrap())
            .unwrap();
    }
    let mut end = None;
    if closed {
        walks = e
            .intersect(&walks, &closed_start(&e, enc).unwrap())
            .unwrap();
        end = Some(closed_squares(enc).unwrap()[2]);
    }
    let tours = e
        .filter(
            &walks,
            &AllExactlyOnce::<u64>::new(enc, end),
            &FilterLimits::default(),
        )
        .unwrap()
        .family;
    let mut sets = BTreeSet::new();
    e.snapshot(&tours).unwrap().visit_sets(&mut |set| {
        sets.insert(set.to_vec());
        true
    });
    sets
}

/// The independent counter's tours as sets of (square, time) variables;
/// closed tours as the closed start holds them: from the corner, second
/// square (1,2), last square (2,1).
fn tours_listed(rows: usize, cols: usize, closed: bool) -> BTreeSet<Vec<u32>> {
    let cells = (rows * cols) as u32;
    let listed = if closed {
        let b = cols + 2;
        closed_tours_listed(rows, cols)
            .into_iter()
            .map(|mut cycle| {
                if cycle[1] != b {
                    cycle[1..].reverse();
                }
                cycle
            })
            .collect()
    } else {
        open_tours_listed(rows, cols)
    };
    listed
        .into_iter()
        .map(|tour| {
            let mut set: Vec<u32> = tour
                .iter()
                .enumerate()
                .map(|(t, &s)| cells * t as u32 + s as u32)
                .collect();
            set.sort_unstable();
            set
        })
        .collect()
}

#[test]
fn the_filter_gives_exactly_the_tours_on_every_board_of_21_to_25_squares() {
    let mut boards = 0;
    for rows in 1..=25 {
        for cols in 1..=25 / rows {
            if rows * cols <= 20 {
                continue;
            }
            boards += 1;
            let enc = Encoding::new(Board::new(rows, cols).unwrap()).unwrap();
            let closed_start = rows >= 3 && cols >= 3;
            for closed in [false, true] {
                if closed && !closed_start {
                    continue;
                }
                let expected = tours_listed(rows, cols, closed);
                for threads in [1, 2] {
                    let got = tours_by_filter(&enc, closed, threads);
                    assert_eq!(
                        got, expected,
                        "{rows}x{cols} closed={closed} threads={threads}"
                    );
                }
            }
        }
    }
    assert!(boards >= 20, "{boards} boards");
}
