//! What the two benchmarks of one step (`store_bench`, `transition_bench`)
//! share: their first arguments, `BOARD open|closed STEP [ROUNDS]`, and the
//! level they time the step from, built by the plainest sweep there is (a
//! hash map per level), so that what they time is the only thing under
//! test.

use std::collections::HashMap;

use kt_board::{Board, TourKind};
use kt_frontier::Sweep;
use kt_frontier::exchange::Transition;

/// The arguments every benchmark of one step takes first.
pub struct StepBench {
    pub board: Board,
    pub kind: TourKind,
    /// The steps before the one timed.
    pub at: usize,
    /// How many times the step is timed (the fastest round is printed).
    pub rounds: usize,
}

impl StepBench {
    /// Reads `BOARD open|closed STEP [ROUNDS]` from `args[1..]` (the
    /// program's name first); panics with what is missing.
    pub fn from_args(args: &[String]) -> StepBench {
        let board: Board = args[1].parse().expect("a board");
        let kind = if args[2] == "open" {
            TourKind::Open
        } else {
            TourKind::Closed
        };
        let at: usize = args[3].parse().expect("a step");
        let rounds: usize = args.get(4).map_or(5, |r| r.parse().expect("rounds"));
        StepBench {
            board,
            kind,
            at,
            rounds,
        }
    }
}

/// The level of `sweep` after its first `at` steps: each state's key and
/// weight, in no order.
pub fn level_after(sweep: &Sweep, at: usize) -> HashMap<u64, u64> {
    let mut level: HashMap<u64, u64> = HashMap::from([(0, 1)]);
    for step in &sweep.steps()[..at] {
        let t = Transition::new(sweep, step);
        let mut next = HashMap::new();
        for (&k, &w) in &level {
            t.expand(k, |s: u64| *next.entry(s).or_insert(0u64) += w);
        }
        level = next;
    }
    level
}
