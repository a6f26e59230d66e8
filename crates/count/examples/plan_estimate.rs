//! The plan of `knights-tour count` for each board given, without running
//! it: the method `auto` takes and its estimate, or the refusal.
//!
//! ```sh
//! cargo run --release -p kt-count --example plan_estimate -- 6x14 7x14:closed 6x6:columns
//! ```
//!
//! A board is `RxC`, with `:closed` for closed tours and `:columns` for the
//! frontier method in the columns order (`--method frontier --order
//! columns`); `:frontier` for the frontier method in its default order;
//! `:order=FILE` for it in the order of a file (`--order FILE`).
//! This is how `docs/benchmarks.md`, *Estimate against measured*, reads
//! the estimates; `count` prints the same line as its method line, or
//! refuses with it.

use kt_count::{
    Board, Frontier, MethodChoice, MethodSettings, OrderChoice, Request, TourKind, plan,
};

fn main() {
    for spec in std::env::args().skip(1) {
        let mut parts = spec.split(':');
        let board: Board = match parts.next().unwrap_or_default().parse() {
            Ok(board) => board,
            Err(e) => {
                eprintln!("{spec}: {e}");
                std::process::exit(2);
            }
        };
        let (mut kind, mut method) = (TourKind::Open, MethodChoice::auto());
        for part in parts {
            match part {
                "closed" => kind = TourKind::Closed,
                "columns" => {
                    method = MethodChoice::Use(Box::new(MethodSettings::Frontier(Frontier {
                        order: Some(OrderChoice::Columns),
                        ..Frontier::default()
                    })));
                }
                "frontier" => {
                    method =
                        MethodChoice::Use(Box::new(MethodSettings::Frontier(Frontier::default())));
                }
                path if path.starts_with("order=") => {
                    let text = std::fs::read_to_string(&path["order=".len()..])
                        .unwrap_or_else(|e| fail(&spec, &e.to_string()));
                    let order = kt_count::Order::parse_for(&text, board)
                        .unwrap_or_else(|e| fail(&spec, &e.to_string()))
                        .with_origin(kt_count::order::Origin::Given);
                    method = MethodChoice::Use(Box::new(MethodSettings::Frontier(Frontier {
                        order: Some(OrderChoice::Given(order)),
                        ..Frontier::default()
                    })));
                }
                other => {
                    eprintln!(
                        "{spec}: unknown part {other:?} (closed, columns, frontier, order=FILE)"
                    );
                    std::process::exit(2);
                }
            }
        }
        let request = Request::new(board, kind).with_method(method);
        match plan(&request) {
            Ok(plan) => {
                let basis = plan.estimate.as_ref().map_or("", |e| e.basis.as_str());
                println!("{spec}: {} ({}) [{basis}]", plan.method, plan.reason);
            }
            Err(refusal) => println!("{spec}: refused: {}", refusal.message),
        }
    }
}

/// Says why `spec` cannot be planned, and stops.
fn fail(spec: &str, why: &str) -> ! {
    eprintln!("{spec}: {why}");
    std::process::exit(2);
}
