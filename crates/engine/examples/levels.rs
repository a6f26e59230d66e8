//! Measures oxidd's fixed cost per variable level (used to size up-front
//! refusals): `cargo run --release -p kt-engine --example levels -- 100000 zbdd`.
use kt_engine::{Bdd, Engine, EngineConfig, Zbdd};

fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .expect("a level count")
        .parse()
        .expect("a number");
    let kind = std::env::args().nth(2).unwrap_or_else(|| "zbdd".into());
    let config = EngineConfig {
        node_capacity: 1 << 20,
        cache_capacity: 1 << 10,
        threads: 1,
    };
    let before = kt_memory::resident().0;
    let started = std::time::Instant::now();
    match kind.as_str() {
        "zbdd" => std::mem::forget(Zbdd::new(&config, n).expect("a manager")),
        _ => std::mem::forget(Bdd::new(&config, n).expect("a manager")),
    }
    let grown = kt_memory::resident().0 - before;
    eprintln!(
        "{kind} levels={n} time={:?} rss_delta={grown} B/level={}",
        started.elapsed(),
        grown / u64::from(n)
    );
}
