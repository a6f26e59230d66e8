use kt_board::{Board, TourKind};
use kt_tours::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let b: Board = args[1].parse().unwrap();
    let kind = if args[2] == "open" {
        TourKind::Open
    } else {
        TourKind::Closed
    };
    let method = match args.get(3).map(|s| s.as_str()) {
        Some("c") => Method::Construction,
        Some("w") => Method::Warnsdorff,
        _ => Method::Auto,
    };
    let t = std::time::Instant::now();
    let r = find_tour_with_method(
        &b,
        kind,
        &FindOptions {
            method,
            ..Default::default()
        },
    );
    println!("{b} {kind}: {:?} in {:?}", r.map(|(_, m)| m), t.elapsed());
}
