//! Prints every level of a small board's frontier search, state by state:
//! `cargo run -p kt-frontier --example frontier_states -- 3x4 open`. The worked
//! example in docs/frontier.md is this program's output.
use std::collections::BTreeMap;

use kt_board::{Board, TourKind, square_name};
use kt_frontier::Sweep;
use kt_frontier::exchange::{Digits, Key, Transition};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board: Board = args
        .get(1)
        .map_or("3x4", String::as_str)
        .parse()
        .expect("a board");
    let kind = if args.get(2).map(String::as_str) == Some("closed") {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    let sweep = Sweep::new(board, kind);
    let name = |v: usize| {
        if Some(v) == sweep.apex() {
            "apex".to_string()
        } else {
            square_name(&board, sweep.square_of(v))
        }
    };
    let mut level: BTreeMap<u64, u128> = BTreeMap::from([(0, 1)]);
    let mut tours = 0u128;
    for step in sweep.steps() {
        let t = Transition::new(&sweep, step);
        let mut next: BTreeMap<u64, u128> = BTreeMap::new();
        for (&key, &weight) in &level {
            tours +=
                weight * u128::from(t.expand(key, |k: u64| *next.entry(k).or_default() += weight));
        }
        let frontier: Vec<String> = step.after.iter().map(|&v| name(v)).collect();
        println!(
            "step {:2}: square {:4} -> {} states, frontier [{}], tours so far {tours}",
            step.vertex + 1,
            name(step.vertex),
            next.len(),
            frontier.join(" ")
        );
        for (&key, &weight) in &next {
            let mut digits = Digits::default();
            key.unpack(step.after.len(), &mut digits);
            let code: String = digits[..step.after.len()]
                .iter()
                .map(|&d| match d {
                    0 => '.',
                    1 => '-',
                    d => char::from(b'a' + d - 2),
                })
                .collect();
            println!("          {code}  x{weight}");
        }
        level = next;
    }
    println!("{kind} {board}: {tours} Hamiltonian cycles in the swept graph");
}
