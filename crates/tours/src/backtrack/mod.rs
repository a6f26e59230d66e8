//! The exact number of knight's tours of a small board by plain
//! backtracking: the obvious alternative to counting with decision
//! diagrams, kept simple on purpose so that the comparison is fair and the
//! counts are easy to trust.
//!
//! Conventions (the same as the rest of the project):
//! - open tours are **directed** Hamiltonian paths, summed over all start
//!   squares (the 5×5 board has 1728, the 3×4 board 16, the 1×1 board 1);
//! - closed tours are **undirected** Hamiltonian cycles (6×6 has 9862,
//!   5×6 has 8, 3×10 has 16; boards with fewer than 3 rows or columns, or
//!   an odd number of squares, have none).
//!
//! The search is the crate's one depth-first search (module `dfs`: the
//! visited set in one `u64`, hence the limit of 64 squares, and two sound
//! prunings on squares left with too few usable neighbours), trying moves
//! in increasing square order. Two further savings are exact too:
//! symmetric start squares (under the board's reflections and rotations)
//! have equally many paths, so only one per orbit is searched; and on a
//! board with an odd number of squares a path can only start and end on
//! the majority colour. A cycle is searched from one fixed square and
//! counted in one direction only (its second square before its last), so
//! every cycle is counted once.
//!
//! Besides the totals: open tours between fixed ends
//! ([`count_open_tours`]), the table of open tours by start square
//! ([`count_open_tours_by_start`]), progress reports while counting, and
//! an estimate of the search's size before running it ([`estimate_tree`]).

mod estimate;
mod symmetry;
mod tally;
#[cfg(test)]
mod tests;

use std::sync::atomic::AtomicBool;

use kt_board::{Board, Square, TourKind};

pub use estimate::{TreeEstimate, estimate_tree};
use tally::{Search, orbit_searches, searches};

/// The largest board (in squares) the counter accepts.
pub const COUNT_MAX_CELLS: usize = 64;

/// Bounds on the work of [`count_tours`].
#[derive(Clone, Copy, Debug, Default)]
pub struct CountLimits<'a> {
    /// Give up after this many search nodes.
    pub node_limit: Option<u64>,
    /// Give up soon after this flag becomes true (checked every 2¹⁶ nodes).
    pub stop: Option<&'a AtomicBool>,
}

/// Why [`count_tours`] gave no count.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// The board has more than [`COUNT_MAX_CELLS`] squares.
    #[error(
        "the {board} board has {} squares; the backtracking counter is limited to {COUNT_MAX_CELLS}",
        .board.cells()
    )]
    TooLarge { board: Board },
    /// The node limit was reached after `nodes` nodes.
    #[error("backtracking stopped at its node limit after {nodes} nodes")]
    NodeLimit { nodes: u64 },
    /// The stop flag was raised after `nodes` nodes.
    #[error("backtracking was stopped after {nodes} nodes")]
    Stopped { nodes: u64 },
}

/// A finished count and the work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountReport {
    /// The number of tours (see the module docs for the conventions).
    pub tours: u128,
    /// Search nodes visited (one per partial path extended).
    pub nodes: u64,
}

/// Where a running count stands, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchProgress {
    /// Search nodes so far.
    pub nodes: u64,
    /// Tours found so far, each standing for its start's whole symmetry
    /// orbit as in the final count; it only grows, and ends at the count.
    pub tours: u128,
    /// Searches finished, of `starts_total`: one per start square, except
    /// that symmetric start squares share one.
    pub starts_done: usize,
    pub starts_total: usize,
}

/// A progress callback: called on the counting thread every 2²⁰ search
/// nodes (some 20 ms) and whenever a start square is finished.
/// `Sync`, so that a caller may count on another thread than the one that
/// owns the callback.
pub type Progress<'a> = &'a (dyn Fn(&SearchProgress) + Sync);

/// Fixed ends of the open tours to count: directed paths from `from` to
/// `to`; `None` leaves that end free.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Endpoints {
    pub from: Option<Square>,
    pub to: Option<Square>,
}

/// Open tours by start square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByStart {
    /// `tours[s]`: directed open tours starting on square `s`.
    pub tours: Vec<u128>,
    /// Search nodes visited.
    pub nodes: u64,
}

impl ByStart {
    /// All open tours: the sum of the table.
    pub fn total(&self) -> u128 {
        self.tours.iter().sum()
    }
}

/// The number of tours of `board` of the given kind (see the module docs
/// for the conventions), or why the count was not finished.
pub fn count_tours(
    board: &Board,
    kind: TourKind,
    limits: &CountLimits,
) -> Result<u128, CountError> {
    count_tours_with_nodes(board, kind, limits).map(|report| report.tours)
}

/// [`count_tours`], also reporting the number of search nodes.
pub fn count_tours_with_nodes(
    board: &Board,
    kind: TourKind,
    limits: &CountLimits,
) -> Result<CountReport, CountError> {
    count_tours_with_progress(board, kind, limits, None)
}

/// [`count_tours_with_nodes`], reporting progress to `progress`.
pub fn count_tours_with_progress(
    board: &Board,
    kind: TourKind,
    limits: &CountLimits,
    progress: Option<Progress<'_>>,
) -> Result<CountReport, CountError> {
    let done = tally::count(board, kind, limits, progress, |dfs| {
        searches(board, kind, dfs)
    })?;
    Ok(done.report())
}

/// Directed open tours of `board` between the given ends: from `ends.from`
/// (any square if `None`) to `ends.to` (any square if `None`). With no end
/// fixed this is [`count_tours`] of open tours, and searches one start per
/// symmetry orbit; with one fixed it is a single search, since the tours
/// ending on a square are those starting there, reversed.
///
/// # Panics
///
/// If `from` or `to` is not a square of the board.
pub fn count_open_tours(
    board: &Board,
    ends: Endpoints,
    limits: &CountLimits,
    progress: Option<Progress<'_>>,
) -> Result<CountReport, CountError> {
    for square in [ends.from, ends.to].into_iter().flatten() {
        assert!(
            square < board.cells(),
            "square {square} is not on the {board} board"
        );
    }
    let search = |from: Square, to: Option<Square>| Search {
        from: from as u32,
        to: to.map(|t| t as u32),
        weight: 1,
    };
    // A path's ends share the majority colour of an odd board.
    let colours_allow = [ends.from, ends.to]
        .into_iter()
        .flatten()
        .all(|end| symmetry::may_end_a_path(board, end));
    let searches = match (ends.from, ends.to) {
        _ if !colours_allow => Vec::new(),
        (None, None) => orbit_searches(board),
        (Some(from), to) => vec![search(from, to)],
        (None, Some(to)) => vec![search(to, None)],
    };
    let done = tally::count(board, TourKind::Open, limits, progress, |_| searches)?;
    Ok(done.report())
}

/// Directed open tours of `board` starting on each square; symmetric
/// squares are searched once. Its sum is the number of open tours.
pub fn count_open_tours_by_start(
    board: &Board,
    limits: &CountLimits,
    progress: Option<Progress<'_>>,
) -> Result<ByStart, CountError> {
    let done = tally::count(board, TourKind::Open, limits, progress, |_| {
        orbit_searches(board)
    })?;
    let mut tours = vec![0; board.cells()];
    for (orbit, count) in symmetry::start_orbits(board).iter().zip(done.per_search) {
        for &s in orbit {
            tours[s] = count;
        }
    }
    Ok(ByStart {
        tours,
        nodes: done.nodes,
    })
}

fn check_size(board: &Board) -> Result<(), CountError> {
    if board.cells() > COUNT_MAX_CELLS {
        return Err(CountError::TooLarge { board: *board });
    }
    Ok(())
}
