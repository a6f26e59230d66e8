//! Counts one board with the frontier method and prints every level:
//! `cargo run --release -p kt-frontier --example frontier -- 8x8 closed [threads] [memory-GiB]`.
use std::sync::atomic::AtomicBool;

use kt_board::{Board, TourKind};
use kt_frontier::{LevelReport, Options, Watcher, count_tours};

struct Print;

impl Watcher for Print {
    fn step_finished(&self, r: &LevelReport) {
        eprintln!(
            "step {:3}/{} slots {:2} states {:>12} read {:>12} succ {:>12} time {:9.1} ms rate {:6.2} M/s/thread runs {:5} {:6.2} B/state mem {:6} MiB spilled {:6} MiB disk {:6} MiB rss {:6} MiB",
            r.step,
            r.steps,
            r.slots,
            r.states,
            r.read,
            r.successors,
            r.time_ms,
            r.states_per_second_per_thread / 1e6,
            r.runs,
            r.bytes_per_state(),
            r.memory_bytes >> 20,
            r.spilled_bytes >> 20,
            r.disk_bytes >> 20,
            r.rss_bytes >> 20
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board: Board = args[1].parse().expect("a board");
    let kind = if args.get(2).map(String::as_str) == Some("open") {
        TourKind::Open
    } else {
        TourKind::Closed
    };
    let threads = args.get(3).map_or_else(kt_frontier::default_threads, |t| {
        t.parse().expect("threads")
    });
    let memory = args
        .get(4)
        .map_or(u64::MAX, |g| g.parse::<u64>().expect("GiB") << 30);
    let options = Options {
        threads,
        memory,
        ..Options::default()
    };
    if let Ok(n) = std::env::var("REPEAT") {
        for _ in 0..n.parse::<usize>().unwrap() {
            count_tours(
                board,
                kind,
                &options,
                &kt_frontier::Unwatched,
                &AtomicBool::new(false),
            )
            .unwrap();
        }
    }
    let started = std::time::Instant::now();
    let counted = count_tours(board, kind, &options, &Print, &AtomicBool::new(false)).unwrap();
    println!(
        "{kind} {board}: {} ({:.2} s, peak states {}, width {})",
        counted.tours,
        started.elapsed().as_secs_f64(),
        counted.outcome.peak_states(),
        counted.outcome.width
    );
}
