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
//! stopped ones, by the states their first `L` levels held, where `L` is
//! the fewest levels any stopped candidate finished (the same prefix for
//! all, so the comparison is fair), ties going to the one that got
//! further. With one budget for every candidate, an order that reaches a
//! later step is the one whose levels grew more slowly.
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
        let result = kt_frontier::count_tours(board, trial.kind, &options, &watcher, &cancel);
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

/// Sorts `candidates` best first (see the module docs), and returns the
/// number of leading levels on which the stopped ones were compared.
pub fn rank(candidates: &mut [Measured]) -> Option<usize> {
    let common = candidates
        .iter()
        .filter(|c| !c.whole())
        .map(|c| c.levels.len())
        .min();
    let key = |c: &Measured| match c.tours {
        Some(_) => (0u8, c.summed(), 0usize),
        None => (
            1,
            c.summed_to(common.unwrap_or(0)),
            usize::MAX - c.levels.len(),
        ),
    };
    candidates.sort_by_key(key);
    common
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
    /// ones after, compared on the same leading levels.
    #[test]
    fn whole_candidates_rank_first_by_work_then_stopped_ones_by_a_common_prefix() {
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
        let common = rank(&mut all);
        assert_eq!(common, Some(all[2].levels.len()));
        assert!(all[0].whole() && all[1].whole() && !all[2].whole());
        assert!(all[0].summed() <= all[1].summed());
    }
}
