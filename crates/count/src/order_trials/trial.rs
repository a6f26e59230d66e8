//! Orders ranked by the states their sweeps hold, counted in real sweeps.
//!
//! The search (`kt_frontier::order::search`) scores an order by `Σ 2.7^width` over its
//! steps, a proxy that is fast to evaluate and often wrong by a wide
//! margin: a 7×7 order with a *higher* score held 5.5 times fewer states
//! at its widest level, and equal scores hid peaks 13 times apart
//! (docs/orders-measured.md). So the proxy only proposes candidates; this
//! module ranks them by what their sweeps hold.
//!
//! **A trial** sweeps a candidate, folded wherever its order allows (the
//! fold is part of what an order costs), until its levels have held a
//! budget of states in all, or to the end. A candidate that finishes
//! within the budget is measured whole: its peak, its states summed (the
//! work) and its count, which must equal every other whole candidate's.
//! A candidate stopped by the budget is known up to the step it reached.
//!
//! **The ranking**: whole candidates first, by states summed; then the
//! stopped ones, the one that got further first, and among those that
//! stopped at the same step, the fewer states summed. Every candidate
//! has the same budget and stops at the first step that reaches it, so
//! one that got to step `a` while another stopped at `b < a` held fewer
//! states over the first `b` levels (under the budget, where the other
//! reached it): each pair is compared on the deepest levels both swept.
//! The rule before compared all of them on the levels the shallowest one
//! swept, and a poor candidate made that few: on 9×9 open the columns,
//! stopped at step 15, ranked orders first that held 1.2 times the
//! shipped order's states by step 17 (docs/orders-measured.md).
//!
//! Everything here is deterministic: the same board, kind, seeds, budget
//! of evaluations and budget of states give the same candidates, the same
//! figures and the same winner (the sweep's states do not depend on
//! threads; only the seconds do).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use kt_board::TourKind;
use num_bigint::BigUint;

use kt_frontier::{FrontierError, LevelReport, Options, Order, OrderChoice, Watcher};

/// How a candidate is swept.
#[derive(Clone, Debug)]
pub struct Trial {
    pub kind: TourKind,
    /// The states a candidate's levels may hold in all before it is
    /// stopped (`u64::MAX`: sweep every candidate whole).
    pub states: u64,
    /// What the sweeps run with (threads, memory, spill directory); its
    /// order is replaced by each candidate's.
    pub options: Options,
}

/// A candidate order and what its sweep held.
#[derive(Clone, Debug)]
pub struct Measured {
    pub name: String,
    pub order: Order,
    /// The states of each level swept, step 1 first.
    pub levels: Vec<u64>,
    /// The sweep's steps in all.
    pub steps: usize,
    /// The count, when the sweep went to the end.
    pub tours: Option<BigUint>,
    /// The steps after which the sweep kept a state and its images as one.
    pub fold_steps: usize,
    pub seconds: f64,
}

impl Measured {
    /// Whether the sweep went to the end.
    pub fn whole(&self) -> bool {
        self.tours.is_some()
    }

    /// The states its levels held in all (the work).
    pub fn summed(&self) -> u64 {
        self.levels.iter().sum()
    }

    /// The states its first `levels` levels held.
    pub fn summed_to(&self, levels: usize) -> u64 {
        self.levels.iter().take(levels).sum()
    }

    /// The widest level swept, and its step.
    pub fn peak(&self) -> (u64, usize) {
        self.levels
            .iter()
            .enumerate()
            .map(|(i, &s)| (s, i + 1))
            .max_by_key(|&(s, step)| (s, std::cmp::Reverse(step)))
            .unwrap_or((0, 0))
    }
}

/// Stops a trial once its levels have held `budget` states in all.
struct Budgeted<'a> {
    budget: u64,
    summed: AtomicU64,
    cancel: &'a AtomicBool,
}

impl Watcher for Budgeted<'_> {
    fn step_finished(&self, report: &LevelReport) {
        let summed = self.summed.fetch_add(report.states, Ordering::Relaxed) + report.states;
        if summed >= self.budget {
            self.cancel.store(true, Ordering::Relaxed);
        }
    }
}

/// Sweeps `order` as `trial` says. `stop` cancels it from outside (and is
/// then reported as [`FrontierError::Cancelled`]).
pub fn measure(
    name: &str,
    order: &Order,
    trial: &Trial,
    stop: &AtomicBool,
) -> Result<Measured, FrontierError> {
    let board = order.board();
    let options = Options {
        order: OrderChoice::Given(order.clone()),
        ..trial.options.clone()
    };
    let cancel = AtomicBool::new(false);
    let watcher = Budgeted {
        budget: trial.states,
        summed: AtomicU64::new(0),
        cancel: &cancel,
    };
    let fold_steps = kt_frontier::whole_sweep(order, trial.kind, &options).fold_steps();
    let started = Instant::now();
    // The budget's cancel and the caller's are one flag for the sweep: a
    // thread copies the caller's into it while the sweep runs.
    let done = AtomicBool::new(false);
    let (levels, tours) = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if stop.load(Ordering::Relaxed) {
                    cancel.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        });
        let result =
            crate::sweep_runner::trial_count(order, trial.kind, &options, &watcher, &cancel);
        done.store(true, Ordering::Relaxed);
        result
            .map(|counted| (counted.outcome.levels, Some(counted.tours)))
            .or_else(|e| match e {
                FrontierError::Cancelled { levels, .. } if !stop.load(Ordering::Relaxed) => {
                    Ok((levels, None))
                }
                other => Err(other),
            })
    })?;
    Ok(Measured {
        name: name.to_string(),
        order: order.clone(),
        steps: board.cells(),
        levels: levels.iter().map(|l| l.states).collect(),
        tours,
        fold_steps,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Sorts `candidates` best first (see the module docs).
pub fn rank(candidates: &mut [Measured]) {
    let key = |c: &Measured| match c.tours {
        Some(_) => (0u8, 0usize, c.summed()),
        None => (1, usize::MAX - c.levels.len(), c.summed()),
    };
    candidates.sort_by_key(key);
}

/// Whether every whole candidate counts the same tours: the order changes
/// the work, never the number. `Err` names two that disagree.
pub fn agree(candidates: &[Measured]) -> Result<(), (String, String)> {
    let mut whole = candidates.iter().filter(|c| c.whole());
    let Some(first) = whole.next() else {
        return Ok(());
    };
    match whole.find(|c| c.tours != first.tours) {
        None => Ok(()),
        Some(other) => Err((first.name.clone(), other.name.clone())),
    }
}

#[cfg(test)]
mod tests {
    use kt_board::Board;

    use super::*;
    use kt_frontier::order::search::{Budget, search};

    fn trial(kind: TourKind, states: u64) -> Trial {
        Trial {
            kind,
            states,
            options: Options {
                threads: 1,
                ..Options::default()
            },
        }
    }

    /// The same seed and budgets give the same order and the same figures.
    #[test]
    fn a_measured_search_is_reproduced_by_its_seed_and_budgets() {
        let board: Board = "5x6".parse().unwrap();
        let run = || {
            let budget = Budget {
                evaluations: 20_000,
                restarts: 2,
                seed: 3,
            };
            let order = search(board, &budget);
            let never = AtomicBool::new(false);
            measure("s3", &order, &trial(TourKind::Open, 2_000), &never).unwrap()
        };
        let (a, b) = (run(), run());
        assert_eq!(a.order.squares(), b.order.squares());
        assert_eq!(a.levels, b.levels);
        assert!(!a.whole(), "the budget stops it");
        assert!(a.summed() >= 2_000 && a.summed_to(a.levels.len() - 1) < 2_000);
    }

    /// Whole candidates count alike and come first, by their work; stopped
    /// ones after, the furthest first.
    #[test]
    fn whole_candidates_rank_first_by_work_then_stopped_ones_by_how_far_they_got() {
        let board: Board = "5x6".parse().unwrap();
        let never = AtomicBool::new(false);
        let whole = trial(TourKind::Closed, u64::MAX);
        let columns = measure("columns", &Order::columns(board), &whole, &never).unwrap();
        let auto = measure("auto", &kt_frontier::order::auto(board), &whole, &never).unwrap();
        assert_eq!(
            columns.tours,
            Some(BigUint::from(8u32)),
            "5x6 closed: 8 tours"
        );
        assert!(agree(&[columns.clone(), auto.clone()]).is_ok());
        let stopped = measure(
            "stopped",
            &Order::columns(board),
            &trial(TourKind::Closed, 50),
            &never,
        )
        .unwrap();
        let mut all = vec![stopped, columns, auto];
        rank(&mut all);
        assert!(all[0].whole() && all[1].whole() && !all[2].whole());
        assert!(all[0].summed() <= all[1].summed());
    }

    /// Of stopped candidates, the one that got further comes first even
    /// where the shallowest one's levels would favour the other: it held
    /// fewer states over the levels both swept.
    #[test]
    fn stopped_candidates_are_compared_on_the_deepest_levels_both_swept() {
        let board: Board = "5x6".parse().unwrap();
        let stopped = |name: &str, levels: Vec<u64>| Measured {
            name: name.into(),
            order: Order::columns(board),
            levels,
            steps: 30,
            tours: None,
            fold_steps: 0,
            seconds: 0.0,
        };
        // A budget of 100: `slow` got to step 4 (34 states before it),
        // `quick` stopped at step 3, `shallow` at step 2. Over the first
        // two levels (the rule before's comparison) `quick` held the
        // fewest; over three, more than `slow`.
        let mut all = vec![
            stopped("shallow", vec![50, 60]),
            stopped("quick", vec![1, 2, 200]),
            stopped("slow", vec![10, 10, 14, 90]),
            stopped("slow twin", vec![10, 10, 14, 95]),
        ];
        rank(&mut all);
        let names: Vec<&str> = all.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["slow", "slow twin", "quick", "shallow"]);
    }
}
