//! The floor of a state, phase by phase, on the states of one real step:
//! `cargo run --release -p kt-frontier --example floor_bench -- 8x7 closed
//! 29 [rounds] [phase]` builds the level after step 29 in the order and
//! fold a count takes, collects the successors step 30 makes, and times,
//! each on those same records:
//!
//! * `transition`: every state expanded, its successors only counted;
//! * `copy`: the successor records copied once, one sequential write of
//!   16 bytes each (what any level store that writes a successor at all
//!   must pay: the memory stream's floor);
//! * `sort`: the records sorted by key with the radix sort a batch takes
//!   (`radsort`), on a copy;
//! * `store`: the level store as a sweep uses it, in memory: pushed by a
//!   sink, sealed into runs, read back merged;
//! * `disk`: the same with every run spilled (the page cache holds the
//!   files: this is the cost of writing and reading them, not of a slow
//!   disk), and the bytes a state takes on disk.
//!
//! With `phase` (`none`, or one of the above) only that phase runs, once:
//! run under `valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes`,
//! a phase's instructions, cache misses and mispredicted branches are its
//! run's less the `none` run's (this machine's counters are not exposed to
//! `perf stat`; docs/benchmarks.md, *The floor of a state*).
mod bench;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use bench::StepBench;
use kt_frontier::Sweep;
use kt_frontier::exchange::{Builder, RunMerge, Store, Transition, Workers};

/// The fastest of `rounds` runs of `f`, in seconds.
fn fastest(rounds: usize, mut f: impl FnMut()) -> f64 {
    (0..rounds)
        .map(|_| {
            let started = Instant::now();
            f();
            started.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

/// Pushes `records` into a level of `store`, seals it and reads it back
/// merged; returns the distinct states and the level's bytes.
fn through_store(records: &[(u64, u64)], store: &Store, workers: &Workers) -> (u64, u64) {
    let builder = Builder::<u64, u64>::new(records.len() as u64, 1, store);
    let next = AtomicUsize::new(0);
    workers.each(records.len() as u64, &|| {
        if next.fetch_add(1, Ordering::Relaxed) > 0 {
            return;
        }
        let mut sink = builder.sink();
        for &(k, w) in records {
            sink.push(k, w);
        }
        sink.flush().expect("kept");
    });
    let sealed = builder.finish(workers).expect("sealed");
    let bytes = sealed.bytes();
    let mut distinct = 0u64;
    for p in 0..sealed.partitions() {
        let mut merged = RunMerge::<u64, u64>::new(sealed.take(p), store).expect("read");
        while merged.next_state().expect("read").is_some() {
            distinct += 1;
        }
    }
    (distinct, bytes)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bench = StepBench::from_args(&args);
    let (board, kind, at, rounds) = (bench.board, bench.kind, bench.at, bench.rounds);
    let phase = args.get(5).map(String::as_str);
    let sweep = Sweep::ordered(&kt_frontier::order::auto(board), kind).folded();
    let level = bench::level_after(&sweep, at);
    let mut states: Vec<(u64, u64)> = level.into_iter().collect();
    states.sort_unstable();
    let t = Transition::new(&sweep, &sweep.steps()[at]);
    let mut records: Vec<(u64, u64)> = Vec::new();
    for &(k, w) in &states {
        t.expand(k, |s: u64| records.push((s, w)));
    }
    let workers = Workers::new(1).expect("a thread");
    let dir = tempfile::tempdir().expect("a spill directory");
    let in_memory = || Store::new(dir.path(), u64::MAX, u64::MAX);
    // Batches as large as in memory, every run spilled: a resident-set
    // limit of 0 sends each run to disk as it is made.
    let spilled = || Store::new(dir.path(), u64::MAX, 0);

    let transition = || {
        let mut sink = 0u64;
        for &(k, _) in &states {
            t.expand(k, |s: u64| sink = sink.wrapping_add(s));
        }
        std::hint::black_box(sink);
    };
    let mut copy_to: Vec<(u64, u64)> = Vec::with_capacity(records.len());
    let mut copy = || {
        copy_to.clear();
        copy_to.extend_from_slice(&records);
        std::hint::black_box(&copy_to);
    };
    let mut sorted = records.clone();
    let mut sort = || {
        sorted.copy_from_slice(&records);
        radsort::sort_by_key(&mut sorted, |&(k, _)| k);
        std::hint::black_box(&sorted);
    };
    match phase {
        None => {}
        Some("none") => return,
        Some("transition") => return transition(),
        Some("copy") => return copy(),
        Some("sort") => return sort(),
        Some("store") => {
            through_store(&records, &in_memory(), &workers);
            return;
        }
        Some("disk") => {
            through_store(&records, &spilled(), &workers);
            return;
        }
        Some(other) => panic!("no phase {other}"),
    }
    let n = records.len() as f64;
    let per = |seconds: f64| seconds * 1e9 / n;
    let transition_s = fastest(rounds, transition);
    let copy_s = fastest(rounds, copy);
    // The copy's first round faults its pages in; a sort's copy is warm.
    let sort_s = fastest(rounds, sort);
    let mut memory = (0, 0);
    let store_s = fastest(rounds, || {
        memory = through_store(&records, &in_memory(), &workers);
    });
    let mut disk = (0, 0);
    let disk_s = fastest(rounds, || {
        disk = through_store(&records, &spilled(), &workers);
    });
    println!(
        "{kind} {board} step {}: {} states read, {} successors, {} states made (1 thread, fastest of {rounds})",
        at + 1,
        states.len(),
        records.len(),
        memory.0
    );
    println!(
        "  transition {:>7.1} ns a state read, {:>6.1} ns a successor",
        transition_s * 1e9 / states.len() as f64,
        per(transition_s)
    );
    println!(
        "  copy       {:>7.1} ns a successor (16 bytes, one sequential write)",
        per(copy_s)
    );
    println!(
        "  sort       {:>7.1} ns a successor (radsort of the step's records)",
        per(sort_s)
    );
    println!(
        "  store      {:>7.1} ns a successor (push, seal, read merged; {:.2} bytes a state made)",
        per(store_s),
        memory.1 as f64 / memory.0.max(1) as f64
    );
    println!(
        "  disk       {:>7.1} ns a successor (the same, every run spilled; {:.2} bytes a state made)",
        per(disk_s),
        disk.1 as f64 / disk.0.max(1) as f64
    );
}
