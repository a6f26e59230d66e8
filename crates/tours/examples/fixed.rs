//! The tours each symmetry of a board fixes, found on the quotient graphs:
//! `cargo run --release -p kt-tours --example fixed -- 8x8 closed`.
//! The identity is skipped on boards whose tours are too many to walk.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use kt_board::{Board, Symmetry, TourKind};
use kt_tours::symmetric::count_fixed;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let board: Board = args
        .first()
        .map_or("8x8", String::as_str)
        .parse()
        .unwrap_or_else(|e| {
            eprintln!("error: {e}");
            std::process::exit(2);
        });
    let kind = match args.get(1).map(String::as_str) {
        Some("open") => TourKind::Open,
        _ => TourKind::Closed,
    };
    let stop = AtomicBool::new(false);
    for g in Symmetry::group(&board) {
        if g == Symmetry::Identity && board.cells() > 42 {
            println!("{:>9}  (skipped: every tour)", g.name());
            continue;
        }
        let started = Instant::now();
        match count_fixed(board, kind, g, &stop) {
            Ok(fixed) => println!(
                "{:>9}  {:>12} tours  {:>3} orbits  {:>14} nodes  {:.2} s",
                g.name(),
                fixed.tours,
                fixed.orbits,
                fixed.nodes,
                started.elapsed().as_secs_f64()
            ),
            Err(e) => println!("{:>9}  {e}", g.name()),
        }
    }
}
