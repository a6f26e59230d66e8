//! Measures oxidd's fixed cost per variable level (used to size up-front refusals).
use kt_engine::*;
fn rss() -> usize {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
    statm
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<usize>()
        .unwrap()
        * 4096
}
fn main() {
    let n: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    let kind = std::env::args().nth(2).unwrap_or("zbdd".into());
    let cfg = EngineConfig {
        node_capacity: 1 << 20,
        cache_capacity: 1 << 10,
        threads: 1,
    };
    let r0 = rss();
    let t = std::time::Instant::now();
    match kind.as_str() {
        "zbdd" => std::mem::forget(Zbdd::new(&cfg, n).unwrap()),
        _ => std::mem::forget(Bdd::new(&cfg, n).unwrap()),
    }
    let d = rss() - r0;
    eprintln!(
        "{kind} levels={n} time={:?} rss_delta={d} B/level={}",
        t.elapsed(),
        d / n as usize
    );
}
