//! Times the transition alone on the states of one real level, the way the
//! core's profile was taken: `cargo run --release -p kt-frontier --example
//! transition_bench -- 6x6 open 16 [rounds] [auto|columns] [fold]` expands
//! every state of the level after step 16 through step 17, `rounds` times,
//! and prints the fastest round's nanoseconds per state and per successor.
//! `auto` sweeps in the order a count takes (the shipped one where there
//! is one; the default is the columns order), and `fold` folds the sweep
//! as a whole count does, so that the folded key is timed too.
mod bench;

use bench::StepBench;
use kt_frontier::Sweep;
use kt_frontier::exchange::Transition;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bench = StepBench::from_args(&args);
    let (board, kind, at, rounds) = (bench.board, bench.kind, bench.at, bench.rounds);
    let order = match args.get(5).map(String::as_str) {
        Some("auto") => kt_frontier::order::auto(board),
        _ => kt_frontier::Order::columns(board),
    };
    let sweep = Sweep::ordered(&order, kind);
    let sweep = if args.get(6).map(String::as_str) == Some("fold") {
        sweep.folded()
    } else {
        sweep
    };
    let level = bench::level_after(&sweep, at);
    let mut keys: Vec<u64> = level.into_keys().collect();
    keys.sort_unstable();
    let t = Transition::new(&sweep, &sweep.steps()[at]);
    let mut best = f64::MAX;
    let mut successors = 0u64;
    let mut sink = 0u64;
    for _ in 0..rounds {
        let started = std::time::Instant::now();
        successors = 0;
        for &k in &keys {
            t.expand(k, |s: u64| {
                successors += 1;
                sink = sink.wrapping_add(s);
            });
        }
        best = best.min(started.elapsed().as_secs_f64());
    }
    for size in [256usize, 4096, 65536] {
        let mut cache = vec![u64::MAX; size];
        let mut hits = 0u64;
        for &k in &keys {
            t.expand(k, |s: u64| {
                // A Fibonacci hash of the whole key: a direct-mapped cache.
                let slot = (s.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & (size - 1);
                if cache[slot] == s {
                    hits += 1;
                } else {
                    cache[slot] = s;
                }
            });
        }
        println!(
            "direct-mapped cache of {size}: {:.1}% of successors merge there",
            100.0 * hits as f64 / successors as f64
        );
    }
    println!(
        "{kind} {board} step {}: {} states, {successors} successors: {:.1} ns/state, {:.1} ns/successor (checksum {sink})",
        at + 1,
        keys.len(),
        best * 1e9 / keys.len() as f64,
        best * 1e9 / successors as f64
    );
}
