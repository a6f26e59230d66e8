//! The bytes a run record takes, by how a level is split into partitions:
//! `cargo run --release -p kt-frontier --example run_bytes -- 8x7 closed 29
//! 1 [PARTITION_BITS] [RUNS]` (the `1`: rounds, of which one is made)
//! builds the level after step 29, splits it into `2^PARTITION_BITS` partitions (6 unless given) of `RUNS` runs each (3
//! unless given: a state's run chosen by a hash of it, as batches thin a
//! partition), and prints the bytes a key's difference and a weight take
//! as the runs write them (LEB128 varints, `run.rs`), with the partitions
//! chosen by a hash of the whole key and by [`Key::placement`], and the
//! partitions' sizes against their mean.
mod bench;

use bench::StepBench;
use kt_frontier::Sweep;
use kt_frontier::exchange::Key;

/// A hash of the whole key (splitmix64's finaliser), as the partitions
/// were chosen before [`Key::placement`].
fn whole(key: u64) -> u64 {
    let mut z = key;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn varint_len(x: u64) -> usize {
    (64 - x.leading_zeros() as usize).max(1).div_ceil(7)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bench = StepBench::from_args(&args);
    let bits: u32 = args
        .get(5)
        .map_or(6, |t| t.parse().expect("partition bits"));
    let runs: u64 = args.get(6).map_or(3, |t| t.parse().expect("runs"));
    // One pass: bytes, unlike times, do not vary from round to round.
    let _ = bench.rounds;
    let sweep = Sweep::new(bench.board, bench.kind);
    let states: Vec<(u64, u64)> = bench::level_after(&sweep, bench.at).into_iter().collect();
    let n = states.len() as f64;
    println!("{} states after step {}", states.len(), bench.at);
    for (name, hash) in [
        ("the whole key", whole as fn(u64) -> u64),
        ("Key::placement", |k: u64| k.placement()),
    ] {
        // A state's partition by the hash's high bits, its run by another
        // hash of the whole key; each run sorted.
        let group = |k: u64| {
            let partition = if bits == 0 { 0 } else { hash(k) >> (64 - bits) };
            (partition, whole(k ^ 0x9E37_79B9_7F4A_7C15) % runs)
        };
        let mut sorted = states.clone();
        sorted.sort_unstable_by_key(|&(k, _)| (group(k), k));
        let (mut key_bytes, mut weight_bytes) = (0usize, 0usize);
        // A run's first key is its difference from 0.
        let mut previous: Option<((u64, u64), u64)> = None;
        for &(k, w) in &sorted {
            let g = group(k);
            let earlier = match previous {
                Some((run, key)) if run == g => key,
                _ => 0,
            };
            key_bytes += varint_len(k - earlier);
            weight_bytes += varint_len(w);
            previous = Some((g, k));
        }
        let mut sizes = vec![0u64; 1 << bits];
        for &(k, _) in &states {
            sizes[group(k).0 as usize] += 1;
        }
        let mean = n / sizes.len() as f64;
        println!(
            "{name:>15}: {:.2} bytes a record ({:.2} the key's difference, {:.2} the weight); \
             partitions {:.3}–{:.3} of their mean",
            (key_bytes + weight_bytes) as f64 / n,
            key_bytes as f64 / n,
            weight_bytes as f64 / n,
            *sizes.iter().min().expect("a partition") as f64 / mean,
            *sizes.iter().max().expect("a partition") as f64 / mean,
        );
    }
}
