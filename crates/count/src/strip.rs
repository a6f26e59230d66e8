//! Whole sequences from one sweep: every board `rows × n` for `n ≤ N`, or
//! every "first `m` cells" of a strip for `m ≤ N`, as D. E. Knuth counts
//! them (pre-fascicle 8A, 2025; OEIS A306281, A389754 and their kin).
//!
//! The strip is swept column by column, the top row first
//! ([`Order::column_major`]), by a sweep of every prefix
//! ([`kt_frontier::count_prefixes`]): a cycle that closes and covers
//! exactly the first `m` squares is an answer for those `m` cells, even
//! where a count of the whole strip would prune it. At a column boundary
//! the first `m = rows·n` cells are the board `rows × n`; so one sweep of
//! the `rows × N` strip gives the whole sequence, and the first-`m`-cells
//! counts besides.
//!
//! Terms are in the project's convention: closed tours undirected, open
//! tours directed (twice the undirected paths; a one-cell prefix has its
//! one path, whichever way it is read). A published sequence's own
//! convention is the front end's to apply.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use kt_board::{Board, TourKind};
use kt_frontier::{FrontierError, Options, Order, OrderChoice, SweepCount};
use kt_memory::{Bytes, Watchdog};
use num_bigint::BigUint;

use crate::cancel::{CancelToken, Cause};
use crate::checkpoint_of::{self, CheckpointOf};
use crate::failure::{Failure, FailureKind};
use crate::words::Setting;
use crate::words::message;

/// What a front end watches a sweep with, and the levels it reports.
pub use kt_frontier::{LevelReport, Watcher};

/// The widest strip a sequence sweeps: the frontier of a column-major
/// sweep holds about `2·rows + 1` squares (one more for the apex of open
/// tours), and the method packs at most 28.
pub const MAX_ROWS: usize = 13;

/// The longest sequence asked for: far beyond any strip a machine
/// sweeps (Knuth's longest are 8 rows × 32 columns, 3 rows × 99), and
/// small enough that a typing slip is refused before any work.
pub const MAX_TERMS: usize = 100_000;

/// What a term counts: a board, or the first cells of a strip (the
/// published sequences' own words).
pub use crate::sequences::Measure;

/// A sequence to count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StripRequest {
    pub rows: usize,
    /// The last term: columns, or cells.
    pub to: usize,
    pub kind: TourKind,
    pub measure: Measure,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// The memory budget (`None`: [`kt_memory::default_budget`]).
    pub memory: Option<Bytes>,
    /// Where levels that do not fit the budget spill.
    pub spill_dir: Option<PathBuf>,
    /// Write the level reached here now and then, to resume from.
    pub checkpoint: Option<PathBuf>,
    pub checkpoint_every: Option<Duration>,
    /// Go on from this checkpoint.
    pub resume: Option<PathBuf>,
    /// Keep a state and its mirror image as one at every column boundary
    /// (the mirror fold, [`kt_frontier::Sweep::prefixes`]): about half
    /// the states. Only boards `rows × n` are their own mirror image, so
    /// a count of first cells is never folded.
    pub fold: bool,
}

/// One term: `n` columns (or cells) and its count in the project's
/// convention.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    pub n: usize,
    pub count: BigUint,
}

/// A counted sequence.
#[derive(Clone, Debug, PartialEq)]
pub struct StripCounted {
    /// The strip swept: `rows ×` the columns the last term needs.
    pub board: Board,
    pub terms: Vec<Term>,
    pub outcome: SweepCount,
    pub seconds: f64,
}

impl StripRequest {
    /// A request with the machine's defaults.
    pub fn new(rows: usize, to: usize, kind: TourKind, measure: Measure) -> StripRequest {
        StripRequest {
            rows,
            to,
            kind,
            measure,
            threads: kt_frontier::default_threads(),
            memory: None,
            spill_dir: None,
            checkpoint: None,
            checkpoint_every: None,
            resume: None,
            fold: true,
        }
    }

    /// What the sweep will cost, before any work: the columns sweep of its
    /// strip ([`crate::methods::estimate_columns_sweep`], from the levels measured
    /// on strips), times what a sweep of every prefix keeps besides, as
    /// measured on 6×12 open (`docs/benchmarks.md`, *Sequences*): the
    /// folded sweep of the boards reads 0.75 of the columns' states, an
    /// unfolded one 1.13, one of every first-cells prefix 1.34.
    pub fn estimate(&self) -> Result<crate::methods::ColumnsEstimate, Failure> {
        let board = self.board()?;
        let mut estimate =
            crate::methods::estimate_columns_sweep(board, self.kind, self.threads.min(4096) as u32);
        let factor = match (self.measure, self.folds()) {
            (Measure::Cols, true) => 0.75,
            (Measure::Cols, false) => 1.13,
            (Measure::Cells, _) => 1.34,
        };
        estimate.states_summed *= factor;
        estimate.seconds *= factor;
        Ok(estimate)
    }

    /// Whether the sweep folds: asked for, and every term a board.
    pub fn folds(&self) -> bool {
        self.fold && self.measure == Measure::Cols
    }

    /// The strip one sweep takes: enough columns for the last term.
    pub fn board(&self) -> Result<Board, Failure> {
        self.check()?;
        let cols = match self.measure {
            Measure::Cols => self.to,
            Measure::Cells => self.to.div_ceil(self.rows),
        };
        Board::new(self.rows, cols).map_err(|e| Failure::refused(e.to_string()))
    }

    /// The question a checkpoint of this sweep keeps the work of.
    fn question(&self) -> Result<CheckpointOf, Failure> {
        Ok(CheckpointOf::Sequence {
            board: self.board()?,
            kind: self.kind,
            cells: self.measure == Measure::Cells,
            folded: self.folds(),
        })
    }

    /// Refuses, before any work, a checkpoint or resume directory that
    /// keeps the work of another question (a whole count, another
    /// sequence): it is never resumed nor written over.
    pub fn check_checkpoints(&self) -> Result<(), Failure> {
        let asked = self.question()?;
        for (option, dir) in [
            (Setting::Checkpoint, &self.checkpoint),
            (Setting::Resume, &self.resume),
        ] {
            if let Some(dir) = dir {
                checkpoint_of::check(option, dir, asked)?;
            }
        }
        Ok(())
    }

    /// Refuses, before any work, what cannot be swept.
    pub fn check(&self) -> Result<(), Failure> {
        if self.rows == 0 || self.rows > MAX_ROWS {
            return Err(Failure::refused(format!(
                "a strip of {} rows: the frontier method sweeps strips of 1 to {MAX_ROWS} rows",
                self.rows
            )));
        }
        if self.to == 0 || self.to > MAX_TERMS {
            return Err(Failure::refused(format!(
                "a sequence to term {}: the terms run from 1 to at most {MAX_TERMS}",
                self.to
            )));
        }
        if self.threads == 0 {
            return Err(Failure::refused("at least one thread is needed"));
        }
        Ok(())
    }

    fn budget(&self) -> Bytes {
        self.memory.unwrap_or_else(kt_memory::default_budget)
    }

    /// The sweep's options (the frontier method's shares of the budget:
    /// four fifths for the levels' tables, nine tenths before runs go to
    /// disk whatever the accounts say).
    fn options(&self, order: &Order) -> Options {
        let budget = self.budget().0;
        Options {
            threads: self.threads,
            memory: budget / 5 * 4,
            resident_limit: budget / 10 * 9,
            spill_dir: self.spill_dir.clone().unwrap_or_else(std::env::temp_dir),
            checkpoint: self.checkpoint.clone(),
            checkpoint_every: self
                .checkpoint_every
                .unwrap_or(crate::methods::CHECKPOINT_EVERY),
            resume: self.resume.clone(),
            order: OrderChoice::Given(order.clone()),
            // The sweep of every prefix folds on its own terms.
            fold: false,
        }
    }
}

/// Counts the sequence `request` asks for in one sweep; `watcher` sees
/// every level, `cancel` stops the sweep at its next look.
pub fn count_strip(
    request: &StripRequest,
    watcher: &dyn Watcher,
    cancel: &CancelToken,
) -> Result<StripCounted, Failure> {
    let board = request.board()?;
    request.check_checkpoints()?;
    if let Some(dir) = &request.checkpoint {
        checkpoint_of::record(dir, request.question()?)?;
    }
    let started = Instant::now();
    let order = Order::column_major(board);
    let budget = request.budget();
    let options = request.options(&order);
    let outcome = if board.cells() == 1 {
        // One square: its path is the convention's, no sweep describes it.
        SweepCount::empty(0)
    } else {
        let watchdog = {
            let cancel = cancel.clone();
            Watchdog::start(budget, move |resident| {
                cancel.cancel(Cause::MemoryBudget { resident, budget });
            })
            .map_err(|e| Failure::other(format!("cannot start the memory watchdog: {e}")))?
        };
        let swept = kt_frontier::count_prefixes(
            &order,
            request.kind,
            request.measure == Measure::Cols,
            request.folds(),
            &options,
            watcher,
            cancel.flag(),
        );
        drop(watchdog);
        swept.map_err(|e| failure(&e, cancel, budget, request.checkpoint.is_some()))?
    };
    Ok(StripCounted {
        board,
        terms: terms(request, &outcome),
        outcome,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The terms from a sweep's cycles by prefix, in the project's convention.
fn terms(request: &StripRequest, outcome: &SweepCount) -> Vec<Term> {
    let cycles = |m: usize| outcome.prefix(m);
    (1..=request.to)
        .map(|n| {
            let m = match request.measure {
                Measure::Cols => request.rows * n,
                Measure::Cells => n,
            };
            let count = match request.kind {
                TourKind::Closed => cycles(m),
                TourKind::Open if m == 1 => BigUint::from(1u32),
                TourKind::Open => cycles(m) * 2u32,
            };
            Term { n, count }
        })
        .collect()
}

/// The failure a frontier error means.
fn failure(
    error: &FrontierError,
    cancel: &CancelToken,
    budget: Bytes,
    checkpoints: bool,
) -> Failure {
    let resumable = if checkpoints {
        message!(
            "; the checkpoint, if one was written, goes on with ",
            Setting::Resume
        )
    } else {
        message!(
            "; with ",
            Setting::Checkpoint.given("DIR"),
            " a sweep can be stopped and go on with ",
            Setting::Resume.given("DIR")
        )
    };
    let (kind, message) = match (error, cancel.cause()) {
        (FrontierError::Cancelled { levels }, Some(Cause::MemoryBudget { resident, .. })) => (
            FailureKind::Limit,
            message!(
                format!(
                    "memory budget of {budget} exceeded (resident {resident}) after {} steps",
                    levels.len()
                ),
                resumable,
                "; ",
                crate::methods::memory_advice(
                    budget,
                    crate::methods::Outgrown::Sweep {
                        checkpointed: false
                    }
                )
            ),
        ),
        (FrontierError::Cancelled { levels }, cause) => (
            FailureKind::Stopped {
                signal: match cause {
                    Some(Cause::Stop { signal }) => *signal,
                    _ => None,
                },
            },
            message!(
                format!("interrupted after {} steps", levels.len()),
                resumable
            ),
        ),
        (
            FrontierError::TooWide { .. }
            | FrontierError::Resume(_)
            | FrontierError::Order(_)
            | FrontierError::Checkpoint(_),
            _,
        ) => (FailureKind::Refused, crate::methods::frontier_words(error)),
        _ => (FailureKind::Other, crate::methods::frontier_words(error)),
    };
    Failure {
        kind,
        message,
        report: None,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use kt_frontier::Unwatched;

    fn counts(rows: usize, to: usize, kind: TourKind, measure: Measure) -> Vec<BigUint> {
        counts_folded(rows, to, kind, measure, true)
    }

    fn counts_folded(
        rows: usize,
        to: usize,
        kind: TourKind,
        measure: Measure,
        fold: bool,
    ) -> Vec<BigUint> {
        let request = StripRequest {
            threads: 1,
            fold,
            ..StripRequest::new(rows, to, kind, measure)
        };
        count_strip(&request, &Unwatched, &CancelToken::new())
            .unwrap()
            .terms
            .into_iter()
            .map(|t| t.count)
            .collect()
    }

    /// Each term is the count of its board by a whole count in the
    /// shipped or columns order: another sweep, with every pruning on.
    #[test]
    fn every_term_is_its_boards_count() {
        for (rows, to, kind) in [
            (3, 9, TourKind::Open),
            (4, 7, TourKind::Closed),
            (5, 6, TourKind::Open),
            (1, 3, TourKind::Open),
            (2, 4, TourKind::Open),
            (3, 3, TourKind::Closed),
        ] {
            let terms = counts(rows, to, kind, Measure::Cols);
            assert_eq!(
                terms,
                counts_folded(rows, to, kind, Measure::Cols, false),
                "{kind} {rows}xn, folded and not"
            );
            for (n, term) in (1..=to).zip(terms) {
                let board = Board::new(rows, n).unwrap();
                let expected = if board.cells() == 1 {
                    BigUint::from(u32::from(kind == TourKind::Open))
                } else {
                    kt_frontier::count_tours(
                        board,
                        kind,
                        &Options {
                            threads: 1,
                            ..Options::default()
                        },
                        &Unwatched,
                        &AtomicBool::new(false),
                    )
                    .unwrap()
                    .tours
                };
                assert_eq!(term, expected, "{kind} {board}");
            }
        }
    }

    #[test]
    fn cells_at_column_boundaries_are_boards() {
        let cols = counts(4, 5, TourKind::Open, Measure::Cols);
        let cells = counts(4, 20, TourKind::Open, Measure::Cells);
        for n in 1..=5 {
            assert_eq!(cells[4 * n - 1], cols[n - 1], "4x{n}");
        }
        // One cell: one path; two cells of a column: no move joins them.
        assert_eq!(cells[0], BigUint::from(1u32));
        assert_eq!(cells[1], BigUint::ZERO);
    }

    #[test]
    fn impossible_requests_are_refused_before_work() {
        for (rows, to) in [(0, 5), (14, 5), (5, 0), (5, MAX_TERMS + 1)] {
            let request = StripRequest::new(rows, to, TourKind::Open, Measure::Cols);
            let failure = request.check().unwrap_err();
            assert_eq!(failure.kind, FailureKind::Refused, "{rows} {to}");
        }
    }
}
