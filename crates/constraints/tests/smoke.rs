use kt_board::Board;
use kt_constraints::*;
use kt_engine::*;

fn run<E: Engine>(board: Board, fused: bool) -> (String, usize) {
    let enc = Encoding::new(board).unwrap();
    let cfg = EngineConfig { node_capacity: 1 << 24, cache_capacity: 1 << 20, threads: 1 };
    let e = E::new(&cfg, enc.num_vars()).unwrap();
    let mut f = e.universe().unwrap();
    for t in 0..enc.cells() - 1 {
        f = e.intersect(&f, &transition(&e, &enc, t).unwrap()).unwrap();
    }
    if fused {
        f = apply_all_exactly_once(&e, &f, &enc, None, &FilterLimits::default()).unwrap();
    } else {
        for s in 0..enc.cells() {
            f = e.intersect(&f, &exactly_once(&e, &enc, s).unwrap()).unwrap();
        }
    }
    (e.count(&f).to_string(), e.node_count(&f))
}

#[test]
fn smoke() {
    for b in ["3x4", "4x5", "5"] {
        let board: Board = b.parse().unwrap();
        let t = std::time::Instant::now();
        eprintln!("{b} zbdd plain {:?} {:?}", run::<Zbdd>(board, false), t.elapsed());
        let t = std::time::Instant::now();
        eprintln!("{b} zbdd fused {:?} {:?}", run::<Zbdd>(board, true), t.elapsed());
        let t = std::time::Instant::now();
        eprintln!("{b} bdd  fused {:?} {:?}", run::<Bdd>(board, true), t.elapsed());
        let t = std::time::Instant::now();
        eprintln!("{b} bcdd fused {:?} {:?}", run::<Bcdd>(board, true), t.elapsed());
    }
}

#[test]
#[ignore]
fn big() {
    let b: Board = std::env::var("B").unwrap().parse().unwrap();
    let closed = std::env::var("C").is_ok();
    let enc = Encoding::new(b).unwrap();
    let cfg = EngineConfig { node_capacity: 1 << 28, cache_capacity: 1 << 22, threads: 1 };
    let e = Zbdd::new(&cfg, enc.num_vars()).unwrap();
    let t0 = std::time::Instant::now();
    let mut f = if closed { closed_start(&e, &enc).unwrap() } else { e.universe().unwrap() };
    for t in 0..enc.cells() - 1 {
        f = e.intersect(&f, &transition(&e, &enc, t).unwrap()).unwrap();
    }
    eprintln!("walks: {} nodes, {:?}", e.node_count(&f), t0.elapsed());
    let end = if closed { Some(closed_squares(&enc).unwrap()[2]) } else { None };
    f = apply_all_exactly_once(&e, &f, &enc, end, &FilterLimits::default()).unwrap();
    eprintln!("fused: {:?}", t0.elapsed());
    eprintln!("count {} nodes {} {:?}", e.count(&f), e.node_count(&f), t0.elapsed());
}
