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
//! `:order=FILE` for it in the order of a file (`--order FILE`);
//! `:threads=N` for `--threads N`.
//! This is how `docs/benchmarks.md`, *Estimate against measured*, reads
//! the estimates; `count` prints the same line as its method line, or
//! refuses with it.

use kt_count::{
    Board, Frontier, MethodChoice, MethodSettings, OrderChoice, Request, Resources, TourKind, plan,
};

fn main() {
    for spec in std::env::args().skip(1) {
        let mut parts = spec.split(':');
        let board: Board = parts
            .next()
            .unwrap_or_default()
            .parse()
            .unwrap_or_else(|e: kt_count::BoardError| fail(&spec, &e.to_string()));
        let (mut kind, mut order, mut frontier, mut threads) = (TourKind::Open, None, false, None);
        for part in parts {
            match part {
                "closed" => kind = TourKind::Closed,
                "columns" => order = Some(OrderChoice::Columns),
                "frontier" => frontier = true,
                path if path.starts_with("order=") => {
                    let text = std::fs::read_to_string(&path["order=".len()..])
                        .unwrap_or_else(|e| fail(&spec, &e.to_string()));
                    let given = kt_count::Order::parse_for(&text, board)
                        .unwrap_or_else(|e| fail(&spec, &e.to_string()))
                        .with_origin(kt_count::order::Origin::Given);
                    order = Some(OrderChoice::Given(given));
                }
                n if n.starts_with("threads=") => {
                    threads = Some(
                        n["threads=".len()..]
                            .parse()
                            .unwrap_or_else(|_| fail(&spec, "threads=N takes a whole number")),
                    );
                }
                other => fail(
                    &spec,
                    &format!(
                        "unknown part {other:?} (closed, columns, frontier, order=FILE, threads=N)"
                    ),
                ),
            }
        }
        let resources = Resources {
            threads,
            memory: None,
        };
        let method = if frontier || order.is_some() {
            MethodChoice::Use(Box::new(MethodSettings::Frontier(Frontier {
                resources,
                order,
                ..Frontier::default()
            })))
        } else {
            MethodChoice::named(
                "auto",
                &kt_count::GivenOptions {
                    resources,
                    ..kt_count::GivenOptions::default()
                },
            )
            .expect("auto takes threads")
        };
        let request = Request::new(board, kind).with_method(method);
        match plan(&request) {
            Ok(plan) => {
                let (basis, seconds) = plan
                    .estimate
                    .as_ref()
                    .map_or(("", f64::NAN), |e| (e.basis.as_str(), e.seconds));
                println!(
                    "{spec}: {} ({}) [{basis}] {seconds:.3} s",
                    plan.method, plan.reason
                );
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
