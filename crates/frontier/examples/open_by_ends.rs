//! The open tours of `rows × n` sorted by where their ends lie, for every
//! `n` up to `N`, from sweeps of every prefix of the strip, in OEIS's
//! b-file format (`n a(n)` a line, from `FROM` on), each tour once
//! (undirected: the "diagrams" of Knuth's 3×n family):
//!
//! ```sh
//! cargo run --release -p kt-frontier --example open_by_ends -- ROWS N CLASS [FROM]
//! ```
//!
//! `CLASS` is one of Knuth's types of the 3×n open tours:
//!
//! * `same-column` ("type X", A169770): both ends in one column, the
//!   sweep of [`Sweep::ends_in_one_column`];
//! * `unlike` ("type B", A169772): the ends in different columns, the
//!   one further left of the colour the top left corner is not; the
//!   sweep of [`Sweep::first_end_unlike_the_corner`] less the one with
//!   both rules (its same-column tours);
//! * `like` ("type F", A169771): the ends in different columns, the one
//!   further left of the corner's colour; every tour less the other two;
//! * `all`: every open tour, the three together.
//!
//! Four sweeps of a 3×1000 strip take a second. The door for users
//! comes with the one plan of a sequence (issue 65); until then this
//! checks the rules against OEIS's b-files.

use std::sync::atomic::AtomicBool;

use kt_board::{Board, TourKind};
use kt_frontier::{Options, Order, Sweep, Unwatched, count_sweep};
use num_bigint::BigUint;

/// The paths of `rows × n` for each `n` up to `last` that the sweep
/// `rules` makes of the plain one counts (its prefixes' Hamiltonian
/// cycles through the apex: each path once).
fn paths(rows: usize, last: usize, rules: impl Fn(Sweep) -> Option<Sweep>) -> Vec<BigUint> {
    // A strip longer than tall, so that its order goes column by column.
    let strip = Board::new(rows, last.max(rows + 1)).expect("a board");
    let sweep = rules(Sweep::prefixes(
        &Order::columns(strip),
        TourKind::Open,
        true,
        rows % 2 == 1,
    ))
    .expect("open tours in the columns order");
    let counted = count_sweep(
        &sweep,
        &Options::default(),
        &Unwatched,
        &AtomicBool::new(false),
    )
    .expect("the sweep");
    (0..=last).map(|n| counted.prefix(rows * n)).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: open_by_ends ROWS N same-column|unlike|like|all [FROM]";
    let (Some(rows), Some(last), Some(class)) = (
        args.first().and_then(|a| a.parse::<usize>().ok()),
        args.get(1).and_then(|a| a.parse::<usize>().ok()),
        args.get(2),
    ) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let from = args
        .get(3)
        .and_then(|a| a.parse::<usize>().ok())
        .unwrap_or(1);
    let same = || paths(rows, last, Sweep::ends_in_one_column);
    let unlike = || {
        let first_unlike = paths(rows, last, Sweep::first_end_unlike_the_corner);
        let both = paths(rows, last, |s| {
            s.ends_in_one_column()?.first_end_unlike_the_corner()
        });
        first_unlike
            .iter()
            .zip(&both)
            .map(|(a, b)| a - b)
            .collect::<Vec<_>>()
    };
    let terms: Vec<BigUint> = match class.as_str() {
        "same-column" => same(),
        "unlike" => unlike(),
        "all" => paths(rows, last, Some),
        "like" => {
            let (all, same, unlike) = (paths(rows, last, Some), same(), unlike());
            (0..=last)
                .map(|n| &all[n] - &same[n] - &unlike[n])
                .collect()
        }
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    for (n, term) in terms.iter().enumerate().skip(from.max(1)) {
        println!("{n} {term}");
    }
}
