//! The counter's side of the shared search ([`crate::dfs`]): which
//! searches a count is made of, and the visitor that counts every tour
//! and reports progress.

use std::ops::ControlFlow;

use kt_board::{Board, TourKind};

use super::symmetry::start_orbits;
use super::{CountError, CountLimits, CountReport, Progress, SearchProgress, check_size};
use crate::dfs::{Budget, Dfs, Halt, SquareSet, Squares, Visitor, knight_graph};

/// One search of a count: the paths (or cycles) from `from`, to `to` if
/// fixed, each standing for `weight` tours (the size of its start's
/// symmetry orbit).
#[derive(Clone, Copy, Debug)]
pub(super) struct Search {
    pub from: u32,
    pub to: Option<u32>,
    pub weight: u128,
}

/// The search state the counter and the estimator use.
pub(super) fn counter_dfs<'a>(
    board: &Board,
    kind: TourKind,
    limits: &CountLimits<'a>,
) -> Dfs<'a, u64> {
    let budget = Budget {
        nodes: limits.node_limit.unwrap_or(u64::MAX),
        stop: limits.stop,
    };
    Dfs::new(knight_graph(board), kind, budget)
}

/// One search per orbit of start squares (see [`start_orbits`]).
pub(super) fn orbit_searches(board: &Board) -> Vec<Search> {
    start_orbits(board)
        .iter()
        .map(|orbit| Search {
            from: orbit[0] as u32,
            to: None,
            weight: orbit.len() as u128,
        })
        .collect()
}

/// The searches of [`super::count_tours`]: every start orbit for open
/// tours; for closed tours one search from a least-connected square, or
/// none on the boards that cannot have a cycle (with a side shorter than
/// 3 a corner has at most one move, and a cycle of the bipartite knight's
/// graph has even length).
pub(super) fn searches(board: &Board, kind: TourKind, dfs: &Dfs<'_, u64>) -> Vec<Search> {
    match kind {
        TourKind::Open => orbit_searches(board),
        TourKind::Closed if board.rows() < 3 || board.cols() < 3 || board.cells() % 2 == 1 => {
            Vec::new()
        }
        TourKind::Closed => vec![Search {
            from: dfs.least_connected(),
            to: None,
            weight: 1,
        }],
    }
}

/// The order the counter tries moves in: increasing square, straight off
/// the bits (the order makes no difference to a count).
pub(super) fn counting_order(free: u64) -> Squares<u64> {
    free.squares()
}

/// What a count found.
pub(super) struct Tallied {
    /// The paths each search found (not weighted).
    pub per_search: Vec<u128>,
    /// The tours: each search's paths times its weight.
    pub tours: u128,
    pub nodes: u64,
}

impl Tallied {
    pub fn report(&self) -> CountReport {
        CountReport {
            tours: self.tours,
            nodes: self.nodes,
        }
    }
}

/// Counts the tours of `board` of the given kind that `plan` lays out as
/// searches (the plan may ask the search state, e.g. where cycles start).
pub(super) fn count(
    board: &Board,
    kind: TourKind,
    limits: &CountLimits,
    progress: Option<Progress<'_>>,
    plan: impl FnOnce(&Dfs<'_, u64>) -> Vec<Search>,
) -> Result<Tallied, CountError> {
    check_size(board)?;
    let mut dfs = counter_dfs(board, kind, limits);
    let searches = plan(&dfs);
    let per_search = run(&mut dfs, &searches, progress)?;
    Ok(Tallied {
        tours: searches
            .iter()
            .zip(&per_search)
            .map(|(search, paths)| search.weight * paths)
            .sum(),
        per_search,
        nodes: dfs.nodes(),
    })
}

/// Runs `searches` in order on `dfs`; the number of paths each found
/// (not weighted).
fn run(
    dfs: &mut Dfs<'_, u64>,
    searches: &[Search],
    progress: Option<Progress<'_>>,
) -> Result<Vec<u128>, CountError> {
    let mut tally = Tally {
        found: 0,
        weight: 0,
        finished: 0,
        done: 0,
        total: searches.len(),
        progress,
    };
    let mut counts = Vec::with_capacity(searches.len());
    for search in searches {
        tally.found = 0;
        tally.weight = search.weight;
        dfs.search_from(search.from, search.to, &mut tally)
            .map_err(|halt| match halt {
                Halt::NodeLimit => CountError::NodeLimit { nodes: dfs.nodes() },
                Halt::Stopped => CountError::Stopped { nodes: dfs.nodes() },
                Halt::Visitor => unreachable!("the tally never stops a search"),
            })?;
        counts.push(tally.found);
        tally.finished += tally.found * tally.weight;
        tally.found = 0;
        tally.done += 1;
        tally.report(dfs.nodes());
    }
    Ok(counts)
}

/// Counts every complete path of the current search.
struct Tally<'p> {
    /// Paths of the current search, and what each stands for.
    found: u128,
    weight: u128,
    /// Tours of the finished searches (weighted), and how many there are.
    finished: u128,
    done: usize,
    total: usize,
    progress: Option<Progress<'p>>,
}

impl Tally<'_> {
    fn report(&self, nodes: u64) {
        if let Some(progress) = self.progress {
            progress(&SearchProgress {
                nodes,
                tours: self.finished + self.found * self.weight,
                starts_done: self.done,
                starts_total: self.total,
            });
        }
    }
}

impl Visitor<u64> for Tally<'_> {
    type Moves = Squares<u64>;

    fn moves(&mut self, _: &Dfs<'_, u64>, free: u64) -> Squares<u64> {
        counting_order(free)
    }

    fn complete(&mut self, _: &Dfs<'_, u64>) -> ControlFlow<()> {
        self.found += 1;
        ControlFlow::Continue(())
    }

    fn progress(&mut self, nodes: u64) {
        self.report(nodes);
    }
}
