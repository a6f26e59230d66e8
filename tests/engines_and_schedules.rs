//! Every engine and every schedule computes the same family: the same count
//! and, the diagrams being canonical, the same final diagram size per engine.

use kt_board::TourKind;
use kt_count::zdd::Schedule;
use kt_engine::EngineKind;
use kt_tests::canonical::zdd_nodes;
use kt_tests::independent::{closed_tours_listed, open_tours_listed};
use kt_tests::zdd_run;

const BOARDS: [(&str, TourKind); 8] = [
    ("1", TourKind::Open),
    ("2x3", TourKind::Open),
    ("3x4", TourKind::Open),
    ("4x3", TourKind::Open),
    ("4x5", TourKind::Open),
    ("3x4", TourKind::Closed),
    ("3x10", TourKind::Closed),
    ("5", TourKind::Closed),
];

#[test]
fn schedules_agree_on_count_and_final_diagram() {
    for engine in EngineKind::ALL {
        for (board, kind) in BOARDS {
            let runs: Vec<_> = Schedule::ALL
                .iter()
                .map(|&s| (s, zdd_run(board, kind, engine, s)))
                .collect();
            let (first, reference) = &runs[0];
            for (schedule, result) in &runs[1..] {
                assert_eq!(
                    result, reference,
                    "{engine} {kind} {board}: {schedule} vs {first}"
                );
            }
        }
    }
}

#[test]
fn engines_agree_on_counts() {
    for (board, kind) in BOARDS
        .iter()
        .copied()
        .chain([("5", TourKind::Open), ("6", TourKind::Closed)])
    {
        let counts: Vec<_> = EngineKind::ALL
            .iter()
            .map(|&e| zdd_run(board, kind, e, Schedule::Fused).0)
            .collect();
        assert!(
            counts.windows(2).all(|w| w[0] == w[1]),
            "{kind} {board}: {counts:?}"
        );
    }
}

/// The final ZBDD is the canonical diagram of the tours, node for node:
/// its size equals that of the reduced ZDD built from the independent
/// counter's list of tours (each tour the set of its (square, time)
/// variables, label cells·t + square).
#[test]
fn the_zbdd_final_diagram_is_the_canonical_diagram_of_the_tours() {
    let cases: [(usize, usize, TourKind, Vec<Vec<usize>>); 3] = [
        (5, 5, TourKind::Open, open_tours_listed(5, 5)),
        (6, 6, TourKind::Closed, closed_tours_as_encoded(6, 6)),
        (3, 4, TourKind::Open, open_tours_listed(3, 4)),
    ];
    for (rows, cols, kind, tours) in cases {
        let cells = (rows * cols) as u32;
        let sets: Vec<Vec<u32>> = tours
            .iter()
            .map(|tour| {
                tour.iter()
                    .enumerate()
                    .map(|(t, &s)| cells * t as u32 + s as u32)
                    .collect()
            })
            .collect();
        let expected = zdd_nodes(&sets);
        let (count, size) = zdd_run(
            &format!("{rows}x{cols}"),
            kind,
            EngineKind::Zbdd,
            Schedule::Fused,
        );
        assert_eq!(count, tours.len().to_string(), "{kind} {rows}x{cols}");
        assert_eq!(size, expected, "{kind} {rows}x{cols}");
    }
}

/// Closed tours as the time-sliced encoding holds them: from the corner
/// (0,0), second square (1,2), last square (2,1).
fn closed_tours_as_encoded(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let (b, c) = (cols + 2, 2 * cols + 1);
    closed_tours_listed(rows, cols)
        .into_iter()
        .map(|mut cycle| {
            // The listed cycle starts at 0; orient it so that it goes to b.
            if cycle[1] != b {
                cycle[1..].reverse();
            }
            assert_eq!((cycle[1], *cycle.last().unwrap()), (b, c));
            cycle
        })
        .collect()
}
