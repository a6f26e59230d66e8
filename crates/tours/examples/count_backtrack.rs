//! Counts tours of one board by plain backtracking and reports the time.
//!
//! Usage: `cargo run --release -p kt-tours --example count_backtrack -- 5x6 open`

use std::process::ExitCode;
use std::time::Instant;

use kt_board::{Board, TourKind};
use kt_tours::backtrack::{CountLimits, count_tours_with_nodes};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(board), Some(kind)) = (args.first(), args.get(1)) else {
        eprintln!("usage: count_backtrack BOARD open|closed");
        return ExitCode::FAILURE;
    };
    let board: Board = match board.parse() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let kind = match kind.as_str() {
        "open" => TourKind::Open,
        "closed" => TourKind::Closed,
        other => {
            eprintln!("unknown kind '{other}': expected open or closed");
            return ExitCode::FAILURE;
        }
    };
    let started = Instant::now();
    match count_tours_with_nodes(&board, kind, &CountLimits::default()) {
        Ok(report) => {
            println!(
                "{board} {kind}: {} tours, {} nodes, {:.1} ms",
                report.tours,
                report.nodes,
                started.elapsed().as_secs_f64() * 1e3
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
