//! Times `find_tour` over a sweep of board sizes, by category, and reports
//! the maximum and mean time, which method produced each tour, and every
//! failure. Run by `scripts/bench-find.sh`; the figures are recorded in
//! `docs/find.md`.
//!
//! Usage: `find_sweep [CATEGORY…]` with categories
//! - `all60`: every m×n with 1 ≤ m, n ≤ 60;
//! - `squares`: n×n for n = 61, 68, …, 995 and 1000;
//! - `thin`: 3×n, 4×n, 5×n, 6×n and their transposes for n = 61, 64, …, 1000;
//! - `random`: 100 random m×n with 61 ≤ m, n ≤ 1000 (fixed seed);
//! - `warnsdorff`: how often each tie-breaking rule alone completes an open
//!   tour on the boards of the four categories above;
//! - `huge`: six boards of up to 10⁸ squares (seconds and 1.6 GB each).
//!
//! No argument runs all but `huge`. Both kinds are tried on every board.
//!
//! Exits with status 1 if any board that has a tour did not get a checked
//! one, or any board without one did not get the theorem's reason.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use kt_board::{Board, TourKind};
use kt_tours::find::warnsdorff::{TieBreak, warnsdorff};
use kt_tours::{FindError, FindOptions, find_tour_with_method, tour_exists};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Default)]
struct Stats {
    runs: usize,
    tours: usize,
    no_tour: usize,
    failures: Vec<String>,
    total: Duration,
    max: Duration,
    max_at: String,
    methods: BTreeMap<String, usize>,
}

impl Stats {
    fn record(&mut self, board: &Board, kind: TourKind) {
        let started = Instant::now();
        let result = find_tour_with_method(board, kind, &FindOptions::default());
        let elapsed = started.elapsed();
        self.runs += 1;
        self.total += elapsed;
        if elapsed > self.max {
            self.max = elapsed;
            self.max_at = format!("{board} {kind}");
        }
        let expected = tour_exists(board, kind);
        match (result, expected) {
            (Ok((tour, method)), Ok(())) => {
                // find_tour checked it already; check again, outside the timing.
                if let Err(e) = tour.check() {
                    self.failures
                        .push(format!("{board} {kind}: invalid tour: {e}"));
                } else if tour.kind != kind {
                    self.failures
                        .push(format!("{board} {kind}: got a {} tour", tour.kind));
                } else {
                    self.tours += 1;
                    *self.methods.entry(method.to_string()).or_default() += 1;
                }
            }
            (Err(FindError::NoTour(found)), Err(theorem)) if found == theorem => self.no_tour += 1,
            (result, expected) => self.failures.push(format!(
                "{board} {kind}: got {:?}, theorem says {expected:?}",
                result.map(|(_, m)| m)
            )),
        }
    }

    fn report(&self, name: &str) {
        let mean = if self.runs == 0 {
            0.0
        } else {
            self.total.as_secs_f64() / self.runs as f64
        };
        let methods: Vec<String> = self
            .methods
            .iter()
            .map(|(m, n)| format!("{m} {n}"))
            .collect();
        println!(
            "| {name} | {} | {} | {} | {} | {:.3} ms | {:.1} ms ({}) | {} |",
            self.runs,
            self.tours,
            self.no_tour,
            self.failures.len(),
            mean * 1e3,
            self.max.as_secs_f64() * 1e3,
            self.max_at,
            methods.join(", ")
        );
        for failure in &self.failures {
            println!("FAILURE {name}: {failure}");
        }
    }
}

fn board(rows: usize, cols: usize) -> Board {
    Board::new(rows, cols).expect("sweep boards are valid")
}

/// 61, 68, …, 995 and 1000.
fn square_sides() -> Vec<usize> {
    let mut sides: Vec<usize> = (61..=1000).step_by(7).collect();
    if sides.last() != Some(&1000) {
        sides.push(1000);
    }
    sides
}

fn category(name: &str) -> Vec<Board> {
    match name {
        "all60" => (1..=60)
            .flat_map(|r| (1..=60).map(move |c| board(r, c)))
            .collect(),
        "squares" => square_sides().into_iter().map(|n| board(n, n)).collect(),
        "thin" => {
            // 61, 64, …, 1000.
            let lengths: Vec<usize> = (61..=1000).step_by(3).collect();
            let mut boards = Vec::new();
            for m in 3..=6 {
                for &n in &lengths {
                    boards.push(board(m, n));
                    boards.push(board(n, m));
                }
            }
            boards
        }
        "random" => {
            let mut rng = ChaCha8Rng::seed_from_u64(20_240_601);
            (0..100)
                .map(|_| board(rng.random_range(61..=1000), rng.random_range(61..=1000)))
                .collect()
        }
        "huge" => [
            (10_000, 10_000),
            (9_999, 9_999),
            (9_999, 10_000),
            (3, 10_000),
            (10_000, 4),
            (5, 10_000),
        ]
        .into_iter()
        .map(|(r, c)| board(r, c))
        .collect(),
        _ => Vec::new(),
    }
}

fn warnsdorff_stats() {
    println!();
    println!(
        "| Warnsdorff alone, open, from the top-left corner | boards | farthest-from-centre completes | lookahead completes | either |"
    );
    println!("|---|---|---|---|---|");
    let mut failures = Vec::new();
    for name in ["all60", "squares", "thin", "random"] {
        let boards: Vec<Board> = category(name)
            .into_iter()
            .filter(|b| tour_exists(b, TourKind::Open).is_ok())
            .collect();
        let (mut roth, mut pohl, mut either) = (0, 0, 0);
        let mut neither = Vec::new();
        for b in &boards {
            let r = warnsdorff(b, 0, TieBreak::FarthestFromCentre).is_some();
            let p = warnsdorff(b, 0, TieBreak::Lookahead).is_some();
            roth += usize::from(r);
            pohl += usize::from(p);
            either += usize::from(r || p);
            if !r {
                neither.push(format!(
                    "{b}{}",
                    if p { " (lookahead completes)" } else { "" }
                ));
            }
        }
        println!("| {name} | {} | {roth} | {pohl} | {either} |", boards.len());
        if name != "all60" && name != "thin" {
            failures.push(format!(
                "{name}: farthest-from-centre gets stuck on {}",
                neither.join(", ")
            ));
        }
    }
    println!();
    for line in failures {
        println!("{line}");
    }
}

fn main() -> ExitCode {
    let mut wanted: Vec<String> = std::env::args().skip(1).collect();
    if wanted.is_empty() {
        wanted = ["all60", "squares", "thin", "random", "warnsdorff"]
            .map(String::from)
            .to_vec();
    }
    println!(
        "| category | runs | tours | no tour (theorem) | failures | mean | max (board) | tours by method |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let mut failed = false;
    for name in &wanted {
        if name == "warnsdorff" {
            continue;
        }
        let boards = category(name);
        if boards.is_empty() {
            eprintln!("unknown category '{name}'");
            return ExitCode::FAILURE;
        }
        for kind in [TourKind::Open, TourKind::Closed] {
            let mut stats = Stats::default();
            for b in &boards {
                stats.record(b, kind);
            }
            stats.report(&format!("{name} {kind}"));
            failed |= !stats.failures.is_empty();
        }
    }
    if wanted.iter().any(|w| w == "warnsdorff") {
        warnsdorff_stats();
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
