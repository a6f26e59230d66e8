//! Times the level store alone on the successors of one real step:
//! `cargo run --release -p kt-frontier --example store_bench -- 6x6 open 16
//! [rounds] [threads] [records]` collects the successors that step 17 makes
//! from the level after step 16, then, `rounds` times, hands them to a
//! level being built, seals it and reads it back merged, and prints the
//! fastest round's nanoseconds per successor for each phase, and the runs
//! a partition was read from. `records` is the level's size as the builder
//! is told it (twice the states read unless given): a small one makes
//! small batches, and so many runs a partition, as the widest levels of
//! 8×8 closed have (15 to 18).
mod bench;

use std::sync::atomic::{AtomicUsize, Ordering};

use bench::StepBench;
use kt_frontier::Sweep;
use kt_frontier::exchange::{Builder, RunMerge, Store, Transition, Workers};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bench = StepBench::from_args(&args);
    let (board, kind, at, rounds) = (bench.board, bench.kind, bench.at, bench.rounds);
    let threads: usize = args.get(5).map_or(1, |t| t.parse().expect("threads"));
    let records: Option<u64> = args.get(6).map(|r| r.parse().expect("records"));
    let sweep = Sweep::new(board, kind);
    let level = bench::level_after(&sweep, at);
    let mut states: Vec<(u64, u64)> = level.into_iter().collect();
    states.sort_unstable();
    let t = Transition::new(&sweep, &sweep.steps()[at]);
    let mut successors: Vec<(u64, u64)> = Vec::new();
    for &(k, w) in &states {
        t.expand(k, |s: u64| successors.push((s, w)));
    }
    let n = successors.len() as f64;
    let dir = std::env::temp_dir();
    let workers = Workers::new(threads).expect("threads");
    let (mut push, mut seal, mut read) = (f64::MAX, f64::MAX, f64::MAX);
    let mut distinct = 0u64;
    let mut runs = 0.0;
    for _ in 0..rounds {
        let store = Store::new(&dir, u64::MAX, u64::MAX);
        let builder =
            Builder::<u64, u64>::new(records.unwrap_or(states.len() as u64 * 2), threads, &store);
        let started = std::time::Instant::now();
        let chunk = successors.len().div_ceil(threads);
        let next = AtomicUsize::new(0);
        workers.each(successors.len() as u64, &|| {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let mut sink = builder.sink();
            for &(k, w) in successors.iter().skip(i * chunk).take(chunk) {
                sink.push(k, w);
            }
            sink.flush().expect("in memory");
        });
        push = push.min(started.elapsed().as_secs_f64());
        let started = std::time::Instant::now();
        let sealed = builder.finish(&workers).expect("in memory");
        seal = seal.min(started.elapsed().as_secs_f64());
        let started = std::time::Instant::now();
        distinct = 0;
        runs = sealed.runs() as f64 / sealed.partitions() as f64;
        for p in 0..sealed.partitions() {
            let mut merged = RunMerge::<u64, u64>::new(sealed.take(p), &store).expect("in memory");
            while merged.next_state().expect("in memory").is_some() {
                distinct += 1;
            }
        }
        read = read.min(started.elapsed().as_secs_f64());
    }
    println!(
        "{kind} {board} step {}: {} successors, {distinct} states: push {:.1} ns, seal {:.1} ns, read {:.1} ns per successor ({threads} threads, {runs:.1} runs a partition)",
        at + 1,
        successors.len(),
        push * 1e9 / n,
        seal * 1e9 / n,
        read * 1e9 / n
    );
}
