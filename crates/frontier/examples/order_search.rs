//! Searches an order for a board and measures it against the columns and
//! the shipped order: the tool that chose `data/orders.csv`.
//!
//! ```text
//! cargo run --release -p kt-frontier --example order_search -- BOARD KIND EVALUATIONS [RESTARTS] [SEED] [measure]
//! cargo run --release -p kt-frontier --example order_search -- 6x6 open 2000000 4 0 measure
//! ```
//!
//! Prints each candidate's widest frontier and score (`Σ 2.7^width`), and
//! with `measure` also its sweep: the peak states, the states summed over
//! the levels, the time and the count (which must agree).
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use kt_board::{Board, TourKind};
use kt_frontier::order::search::{self, Budget, Score};
use kt_frontier::order::{Order, OrderChoice, shipped};
use kt_frontier::{Options, Unwatched};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board: Board = args
        .get(1)
        .map_or("6x6", String::as_str)
        .parse()
        .expect("a board");
    let kind = if args.get(2).map(String::as_str) == Some("closed") {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    let number = |i: usize, default: u64| {
        args.get(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let budget = Budget {
        evaluations: number(3, 1_000_000),
        restarts: number(4, 4) as u32,
        seed: number(5, 0),
    };
    let measure = args.iter().any(|a| a == "measure");
    let score = Score::new(board);
    let started = Instant::now();
    let searched = search::search(board, &budget);
    let search_time = started.elapsed().as_secs_f64();
    let mut candidates = vec![("columns", Order::columns(board)), ("searched", searched)];
    if let Some(order) = shipped::find(board) {
        candidates.push(("shipped", order));
    }
    println!(
        "{kind} {board}: search of {} evaluations in {search_time:.2} s",
        budget.evaluations
    );
    for (name, order) in candidates {
        println!(
            "{name:9} width {:2}  score {:.4e}  fingerprint {:08x}\n  {}",
            order.width(kind),
            score.of(order.squares()),
            order.fingerprint(),
            order.to_line()
        );
        // The columns of boards past 6x7 take minutes: measured apart.
        if measure && (name != "columns" || board.cells() <= 42) {
            let options = Options {
                order: OrderChoice::Given(order),
                ..Options::default()
            };
            let started = Instant::now();
            let counted = kt_frontier::count_tours(
                board,
                kind,
                &options,
                &Unwatched,
                &AtomicBool::new(false),
            )
            .expect("a count");
            let levels = &counted.outcome.levels;
            let peak = levels.iter().max_by_key(|l| l.states).expect("levels");
            let summed: u64 = levels.iter().map(|l| l.states).sum();
            println!(
                "  peak {} states (step {}), {summed} summed, {:.2} s, {} tours",
                peak.states,
                peak.step,
                started.elapsed().as_secs_f64(),
                counted.tours
            );
        }
    }
}
