//! Searches orders for a board and measures them against the columns and
//! the shipped order: the tool that chose `data/orders.csv`.
//!
//! ```text
//! cargo run --release -p kt-frontier --example order_search -- BOARD KIND EVALUATIONS [RESTARTS] [SEED] [measure] [OPTION=VALUE...]
//! cargo run --release -p kt-frontier --example order_search -- 6x6 open 2000000 4 0 measure
//! cargo run --release -p kt-frontier --example order_search -- 7x9 both 20000000 4 0 measure seeds=4 base=2.7,3.0 levels=30
//! ```
//!
//! `KIND` is `open`, `closed` or `both` (each candidate swept for each
//! kind). Options:
//! * `seeds=N`: search with seeds `SEED..SEED+N` (default 1), each a
//!   candidate;
//! * `base=B[,B...]`: search on the score `Σ B^width` for each base
//!   (default 2.7, the search's `BASE`), each base with every seed;
//! * `levels=K`: sweep only the first `K` levels of each candidate (a
//!   truncated sweep: its peak and sum are of those levels, its count is
//!   not a count);
//! * `cap=S`: stop a candidate's sweep once a level holds more than `S`
//!   states (reported as `capped`);
//! * `columns=yes|no`: sweep the columns too (default: on boards of at
//!   most 42 squares, whose columns take seconds);
//! * `given=[NAME:]ORDER` (repeatable): one more candidate, an order
//!   written on one line (rows separated by `/`), e.g. a reference order
//!   or one an earlier search printed (`seeds=0` searches nothing);
//! * `dump`: print each swept level's slots and states (`slots:states`),
//!   and each candidate's frontier width after every step (the apex of
//!   open tours not counted), to fit how states grow with the width;
//! * `mirror=SYMMETRY`: search only orders that take each square and its
//!   image under SYMMETRY (`flip_cols`, `flip_rows`, `diag`, `antidiag`,
//!   `rot180`) on consecutive steps, the orders a mirror fold needs
//!   (`search::search_mirrored`; docs/orders-measured.md, *The mirror
//!   fold*).
//! * `fold=yes|no|both`: sweep each candidate with the mirror fold
//!   (default), without it (named `NAME-unfolded`), or both ways.
//!
//! Prints each candidate's widest frontier and its score (`log10 Σ B^width`
//! at several bases, to compare them), and with `measure` its sweep: the
//! peak states, the states summed over the levels, the time and the count.
//! Every whole count of a kind must agree (an exactness check: the order
//! changes the work, never the number); the tool stops if one does not.
//! Lines starting `result` are for scripts: board, kind, candidate, peak,
//! peak step, summed, seconds, levels swept, whether whole, fingerprint.
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use kt_board::{Board, Symmetry, TourKind};
use kt_frontier::order::search::{self, BASE, Budget, Score};
use kt_frontier::order::{Order, OrderChoice, shipped};
use kt_frontier::{FrontierError, LevelReport, Options, Watcher};

/// The bases every candidate's score is printed at.
const BASES: [f64; 5] = [2.2, 2.7, 3.0, 3.5, 4.0];

/// Stops a sweep after `last` levels or past `cap` states in a level.
struct Stop<'a> {
    cancel: &'a AtomicBool,
    last: usize,
    cap: u64,
    capped: AtomicBool,
}

impl Watcher for Stop<'_> {
    fn step_finished(&self, report: &LevelReport) {
        if report.states > self.cap {
            self.capped.store(true, Ordering::Relaxed);
            self.cancel.store(true, Ordering::Relaxed);
        }
        if report.step >= self.last {
            self.cancel.store(true, Ordering::Relaxed);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board: Board = args
        .get(1)
        .map_or("6x6", String::as_str)
        .parse()
        .expect("a board");
    let kinds = match args.get(2).map(String::as_str) {
        Some("closed") => vec![TourKind::Closed],
        Some("both") => vec![TourKind::Open, TourKind::Closed],
        _ => vec![TourKind::Open],
    };
    let number = |i: usize, default: u64| {
        args.get(i)
            .filter(|a| a.parse::<u64>().is_ok())
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let option = |name: &str| {
        args.iter()
            .find_map(|a| a.strip_prefix(name).and_then(|v| v.strip_prefix('=')))
    };
    let evaluations = number(3, 1_000_000);
    let restarts = number(4, 4) as u32;
    let first_seed = number(5, 0);
    let seeds: u64 = option("seeds").map_or(1, |v| v.parse().expect("seeds=N"));
    let bases: Vec<f64> = option("base").map_or(vec![BASE], |v| {
        v.split(',')
            .map(|b| b.parse().expect("base=B[,B...]"))
            .collect()
    });
    let last: usize = option("levels").map_or(usize::MAX, |v| v.parse().expect("levels=K"));
    let cap: u64 = option("cap").map_or(u64::MAX, |v| v.parse().expect("cap=STATES"));
    let sweep_columns = option("columns").map_or(board.cells() <= 42, |v| v == "yes");
    let mirror: Option<Symmetry> = option("mirror").map(|v| {
        Symmetry::ALL
            .into_iter()
            .find(|s| s.name() == v)
            .expect("mirror=flip_cols|flip_rows|diag|antidiag|rot180")
    });
    let folds: Vec<bool> = match option("fold") {
        None | Some("yes") => vec![true],
        Some("no") => vec![false],
        Some("both") => vec![true, false],
        Some(other) => panic!("fold=yes|no|both, not {other}"),
    };
    let measure = args.iter().any(|a| a == "measure");
    let dump = args.iter().any(|a| a == "dump");

    let mut candidates: Vec<(String, Order)> = vec![("columns".into(), Order::columns(board))];
    if let Some(order) = shipped::find(board) {
        candidates.push(("shipped".into(), order));
    }
    for (i, given) in args
        .iter()
        .filter_map(|a| a.strip_prefix("given="))
        .enumerate()
    {
        let (name, line) = given.split_once(':').unwrap_or(("", given));
        let name = if name.is_empty() {
            format!("given{i}")
        } else {
            name.to_string()
        };
        let order =
            Order::parse_for(line, board).expect("given=[NAME:]ORDER: an order of the board");
        candidates.push((name, order));
    }
    for &base in &bases {
        let score = Score::with_base(board, base);
        for seed in first_seed..first_seed + seeds {
            let budget = Budget {
                evaluations,
                restarts,
                seed,
            };
            let started = Instant::now();
            let (order, name) = match mirror {
                None => (
                    search::search_with(board, &budget, &score),
                    format!("b{base}s{seed}"),
                ),
                Some(mirror) => (
                    search::search_mirrored(board, &budget, &score, mirror)
                        .expect("mirror=: an involution of the board"),
                    format!("{}-b{base}s{seed}", mirror.name()),
                ),
            };
            println!(
                "search {board} base {base} seed {seed}: {evaluations} evaluations, {restarts} restarts, {:.2} s",
                started.elapsed().as_secs_f64()
            );
            candidates.push((name, order));
        }
    }
    // The same order found twice is swept once.
    let mut seen = Vec::new();
    candidates.retain(|(name, order)| {
        let fingerprint = order.fingerprint();
        if let Some((_, first)) = seen.iter().find(|(f, _)| *f == fingerprint) {
            println!("{name:12} is {first}");
            false
        } else {
            seen.push((fingerprint, name.clone()));
            true
        }
    });

    let scores: Vec<Score> = BASES.iter().map(|&b| Score::with_base(board, b)).collect();
    for (name, order) in &candidates {
        let logs: Vec<String> = BASES
            .iter()
            .zip(&scores)
            .map(|(b, s)| format!("{b}:{:.4}", s.of(order.squares()).log10()))
            .collect();
        let folds = |kind| {
            format!(
                "{:?}",
                kt_frontier::whole_sweep(order, kind, &Options::default()).fold_points()
            )
        };
        println!(
            "cand {board} {name:12} width {:2}  folds after steps {} (open) / {} (closed) of {}  fingerprint {:08x}  log10 score {}\n  {}",
            order.width(TourKind::Closed),
            folds(TourKind::Open),
            folds(TourKind::Closed),
            board.cells(),
            order.fingerprint(),
            logs.join(" "),
            order.to_line()
        );
        if dump {
            let widths: Vec<String> = order
                .profile()
                .after
                .iter()
                .map(ToString::to_string)
                .collect();
            println!("widths {board} {name} {}", widths.join(" "));
        }
    }
    if !measure {
        return;
    }
    for &kind in &kinds {
        let mut count: Option<String> = None;
        for ((name, order), fold) in candidates
            .iter()
            .flat_map(|c| folds.iter().map(move |&f| (c, f)))
        {
            if name == "columns" && !sweep_columns {
                continue;
            }
            let options = Options {
                order: OrderChoice::Given(order.clone()),
                fold,
                ..Options::default()
            };
            let name = &if fold {
                name.clone()
            } else {
                format!("{name}-unfolded")
            };
            let cancel = AtomicBool::new(false);
            let stop = Stop {
                cancel: &cancel,
                last,
                cap,
                capped: AtomicBool::new(false),
            };
            let started = Instant::now();
            let (levels, tours) =
                match kt_frontier::count_tours(board, kind, &options, &stop, &cancel) {
                    Ok(counted) => (counted.outcome.levels, Some(counted.tours.to_string())),
                    Err(FrontierError::Cancelled { levels, .. }) => (levels, None),
                    Err(e) => panic!("{kind} {board} {name}: {e}"),
                };
            let time = started.elapsed().as_secs_f64();
            let levels: Vec<&LevelReport> = levels.iter().filter(|l| l.step <= last).collect();
            let peak = levels.iter().max_by_key(|l| l.states).expect("levels");
            let summed: u64 = levels.iter().map(|l| l.states).sum();
            let state = if stop.capped.load(Ordering::Relaxed) {
                "capped"
            } else if tours.is_some() {
                "whole"
            } else {
                "truncated"
            };
            println!(
                "  {kind} {name:12} peak {} states (step {}), {summed} summed, {time:.2} s, {}",
                peak.states,
                peak.step,
                tours.as_ref().map_or(
                    format!("{state} after {} levels", levels.len()),
                    |t| format!("{t} tours")
                )
            );
            println!(
                "result {board} {kind} {name} {} {} {summed} {time:.3} {} {state} {:08x}",
                peak.states,
                peak.step,
                levels.len(),
                order.fingerprint()
            );
            if dump {
                let widths: Vec<String> = levels
                    .iter()
                    .map(|l| format!("{}:{}", l.slots, l.states))
                    .collect();
                println!("levels {board} {kind} {name} {}", widths.join(" "));
            }
            if let Some(tours) = tours {
                match &count {
                    None => count = Some(tours),
                    Some(c) if *c == tours => {}
                    Some(c) => panic!("{kind} {board}: {name} counts {tours}, another order {c}"),
                }
            }
        }
    }
}
