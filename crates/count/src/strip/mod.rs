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
use kt_frontier::{FrontierError, Options, Order, OrderChoice};
use kt_memory::Bytes;
use num_bigint::BigUint;

use crate::cancel::CancelToken;
use crate::checkpoint_of;
use crate::failure::Failure;
use crate::methods::ColumnsEstimate;
use crate::sweep_runner::{Stopping, SweepSettings, watched};
use crate::words::Message;

mod planning;

/// What a front end watches a sweep with, and the levels it reports.
pub use kt_frontier::{LevelReport, SweepCount, Unwatched, Watcher};

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
    /// Worker threads (at least 1, at most
    /// [`crate::plan::MAX_THREADS_PER_CORE`] a core).
    pub threads: usize,
    /// The memory budget (`None`: [`kt_memory::default_budget`]).
    pub memory: Option<Bytes>,
    /// Where levels that do not fit the budget spill (created if
    /// missing).
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
    /// Start work estimated beyond this machine (as `count --force`).
    pub force: bool,
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

/// A sequence that stopped before its last term: why, and the terms it
/// had finished (a term is final once the sweep has passed its last
/// square), which a front end still gives, marked partial.
#[derive(Clone, Debug)]
pub struct StripUnfinished {
    pub failure: Failure,
    /// The finished terms, in order: the first terms of the sequence.
    pub terms: Vec<Term>,
}

impl From<Failure> for StripUnfinished {
    fn from(failure: Failure) -> StripUnfinished {
        StripUnfinished {
            failure,
            terms: Vec::new(),
        }
    }
}

/// How a sequence is answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StripWay {
    /// One sweep of the whole strip, column by column: every term from
    /// it.
    OneSweep,
    /// Each board `rows × n` by its own count, as `count` counts it: in
    /// its own order (the shipped one, else one searched for it), folded.
    /// A strip taller than it is long has a frontier of about `2·rows`
    /// squares swept column by column, and of `2·n` swept row by row
    /// (`sequence 9 --to 4`: four small counts, not a sweep of 9×9's
    /// first columns); and the last board of a short sequence is most of
    /// its work (`sequence 9 --to 9` is 9×9 open's count). Chosen by
    /// estimate, for boards only.
    BoardByBoard,
}

/// How a sequence will be answered, decided before any work: the request
/// with its resources resolved, the way, the estimate and what the caller
/// should know. [`count_strip`] runs it.
#[derive(Clone, Debug)]
pub struct StripPlan {
    pub request: StripRequest,
    pub budget: Bytes,
    pub way: StripWay,
    /// The estimate of the way chosen.
    pub estimate: ColumnsEstimate,
    /// Settings capped, an estimate beyond the machine started anyway.
    pub notes: Vec<Message>,
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
            force: false,
        }
    }

    /// This request keeping its checkpoint in `dir` and going on from the
    /// one there where `dir` holds one (the command line's `--checkpoint
    /// DIR --resume`, without its refusal of an empty directory: what a
    /// caller that runs the same sequence again and again asks, Python's
    /// `sequence(…, checkpoint=DIR)`). The plan still refuses a
    /// directory that holds another sweep's checkpoint, or one in use.
    #[must_use]
    pub fn keeping_checkpoint_in(mut self, dir: PathBuf) -> StripRequest {
        self.resume = kt_frontier::checkpoint::holds_checkpoint(&dir).then(|| dir.clone());
        self.checkpoint = Some(dir);
        self
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
        Board::new(self.rows, cols).map_err(|e| {
            Failure::refused(format!(
                "a sequence to term {} of {} rows needs a {}x{cols} strip: {e}",
                self.to, self.rows, self.rows
            ))
        })
    }

    /// Where the sweep spills.
    fn spill_dir(&self) -> PathBuf {
        self.sweep_settings().spill_dir()
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

    /// What the one sweep runner is given: the frontier method's shares
    /// of the budget, this request's directories.
    fn sweep_settings(&self) -> SweepSettings {
        SweepSettings {
            threads: self.threads,
            budget: self.budget(),
            spill_dir: self.spill_dir.clone(),
            checkpoint: self.checkpoint.clone(),
            checkpoint_every: self.checkpoint_every,
            resume: self.resume.clone(),
        }
    }

    /// The sweep's options, in `order`, folded or not.
    fn options(&self, order: OrderChoice, fold: bool) -> Options {
        self.sweep_settings().options(order, fold)
    }
}

/// Counts the sequence `plan` answers, the way it chose; `watcher` sees
/// every level, `cancel` stops the work at its next look. Stopped early,
/// it gives the terms it had finished.
pub fn count_strip(
    plan: &StripPlan,
    watcher: &dyn Watcher,
    cancel: &CancelToken,
) -> Result<StripCounted, StripUnfinished> {
    let request = &plan.request;
    let board = request.board()?;
    let started = Instant::now();
    let counted = watched(plan.budget, cancel, || match plan.way {
        StripWay::OneSweep => one_sweep(request, board, watcher, cancel),
        StripWay::BoardByBoard => board_by_board(request, watcher, cancel),
    })?;
    let (terms, outcome) = counted?;
    Ok(StripCounted {
        board,
        terms,
        outcome,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Every term from one sweep of every prefix of the strip.
fn one_sweep(
    request: &StripRequest,
    board: Board,
    watcher: &dyn Watcher,
    cancel: &CancelToken,
) -> Result<(Vec<Term>, SweepCount), StripUnfinished> {
    if let Some(dir) = &request.checkpoint {
        checkpoint_of::record(dir, request.question()?)?;
    }
    if board.cells() == 1 {
        // One square: its path is the convention's, no sweep describes it.
        return Ok((terms(request, &[], 1), SweepCount::empty(0)));
    }
    let order = Order::column_major(board);
    // The sweep of every prefix folds on its own terms.
    let options = request.options(OrderChoice::Given(order.clone()), false);
    let swept = kt_frontier::count_prefixes(
        &order,
        request.kind,
        request.measure == Measure::Cols,
        request.folds(),
        &options,
        watcher,
        cancel.flag(),
    );
    match swept {
        Ok(outcome) => Ok((terms(request, &outcome.prefixes, board.cells()), outcome)),
        Err(error) => {
            // What the sweep had finished, where it stopped (cancelled, or
            // its weights past the widest width): the terms are not lost
            // with it.
            let finished = match &error {
                FrontierError::Cancelled {
                    steps_done,
                    prefixes,
                    ..
                } => terms(request, prefixes, *steps_done),
                FrontierError::WeightOverflow { step, prefixes, .. } => {
                    terms(request, prefixes, step.saturating_sub(1))
                }
                _ => Vec::new(),
            };
            Err(StripUnfinished {
                failure: failure(&error, request, cancel),
                terms: finished,
            })
        }
    }
}

/// Every term by its own count ([`StripWay::BoardByBoard`]).
fn board_by_board(
    request: &StripRequest,
    watcher: &dyn Watcher,
    cancel: &CancelToken,
) -> Result<(Vec<Term>, SweepCount), StripUnfinished> {
    let mut finished = Vec::with_capacity(request.to);
    let mut outcome = SweepCount::empty(0);
    for n in 1..=request.to {
        let board = Board::new(request.rows, n).map_err(|e| Failure::refused(e.to_string()))?;
        let count = if board.cells() == 1 {
            BigUint::from(u32::from(request.kind == TourKind::Open))
        } else {
            match kt_frontier::count_tours(
                board,
                request.kind,
                &request.options(OrderChoice::Auto, true),
                watcher,
                cancel.flag(),
            ) {
                Ok(counted) => {
                    outcome.width = outcome.width.max(counted.outcome.width);
                    outcome.levels.extend(counted.outcome.levels);
                    outcome.cycles = counted.outcome.cycles;
                    counted.tours
                }
                Err(error) => {
                    return Err(StripUnfinished {
                        failure: failure(&error, request, cancel),
                        terms: finished,
                    });
                }
            }
        };
        finished.push(Term { n, count });
    }
    Ok((finished, outcome))
}

/// The terms whose last square is among the first `through` of the
/// strip, from a sweep's cycles by prefix, in the project's convention.
fn terms(request: &StripRequest, prefixes: &[(usize, BigUint)], through: usize) -> Vec<Term> {
    let cycles = |m: usize| {
        prefixes
            .binary_search_by_key(&m, |(k, _)| *k)
            .map_or(BigUint::ZERO, |at| prefixes[at].1.clone())
    };
    (1..=request.to)
        .map(|n| match request.measure {
            Measure::Cols => (n, request.rows * n),
            Measure::Cells => (n, n),
        })
        .take_while(|&(_, m)| m <= through)
        .map(|(n, m)| {
            let count = match request.kind {
                TourKind::Closed => cycles(m),
                TourKind::Open if m == 1 => BigUint::from(1u32),
                TourKind::Open => cycles(m) * 2u32,
            };
            Term { n, count }
        })
        .collect()
}

/// The failure a frontier error means, in the one sweep runner's words.
/// How to go on (the checkpoint written, the command that resumes it) is
/// the front end's to say: it knows the command line.
fn failure(error: &FrontierError, request: &StripRequest, cancel: &CancelToken) -> Failure {
    let done = match error {
        FrontierError::Cancelled { steps_done, .. } => *steps_done,
        _ => 0,
    };
    let budget = request.budget();
    Stopping {
        cancel,
        budget,
        spill_dir: &request.spill_dir(),
        at: format!("after {done} steps"),
        resumable: Message::default(),
        advice: Stopping::sweep_advice(budget),
    }
    .failure(error)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::cancel::Cause;
    use crate::failure::FailureKind;

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
        count_strip(&request.plan().unwrap(), &Unwatched, &CancelToken::new())
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

    /// Stops a sweep when step `at` starts.
    struct StopAt {
        at: usize,
        cancel: CancelToken,
    }

    impl Watcher for StopAt {
        fn step_started(&self, step: usize, _steps: usize, _states: u64) {
            if step == self.at {
                self.cancel.cancel(Cause::Stop { signal: None });
            }
        }
    }

    /// A sweep stopped part-way gives exactly the terms whose squares it
    /// had passed, each the whole sweep's.
    #[test]
    fn a_stopped_sweep_gives_its_finished_terms() {
        for (rows, to, kind, measure) in [
            (4, 9, TourKind::Open, Measure::Cols),
            (3, 8, TourKind::Closed, Measure::Cols),
            (4, 30, TourKind::Open, Measure::Cells),
        ] {
            let whole = counts(rows, to, kind, measure);
            for at in [2, 13, 22] {
                let cancel = CancelToken::new();
                let plan = StripRequest {
                    threads: 1,
                    ..StripRequest::new(rows, to, kind, measure)
                }
                .plan()
                .unwrap();
                let stop = StopAt {
                    at,
                    cancel: cancel.clone(),
                };
                let unfinished = count_strip(&plan, &stop, &cancel).unwrap_err();
                assert!(matches!(
                    unfinished.failure.kind,
                    FailureKind::Stopped { .. }
                ));
                let done = at - 1;
                let expected = match measure {
                    Measure::Cols => done / rows,
                    Measure::Cells => done,
                };
                let found: Vec<BigUint> = unfinished.terms.into_iter().map(|t| t.count).collect();
                assert_eq!(
                    found[..],
                    whole[..expected],
                    "{rows} {kind} {measure:?} at {at}"
                );
            }
        }
    }

    /// A strip taller than it is long is planned as the first columns of
    /// the strip of its height: `sequence 8 --to 3` (a tenth of a second)
    /// was refused as 235 GiB when it was planned as the square 8×8 in
    /// proportion to its columns. The first columns hold few states; the
    /// whole square is still the square's estimate.
    #[test]
    fn a_tall_strip_is_planned_as_its_first_columns() {
        let plan = |rows: usize, to: usize, kind: TourKind, measure: Measure| {
            let request = StripRequest {
                threads: 2,
                ..StripRequest::new(rows, to, kind, measure)
            };
            request.sweep_estimate().unwrap()
        };
        for (rows, to, measure) in [
            (8, 3, Measure::Cols),
            (8, 24, Measure::Cells),
            (8, 8, Measure::Cells),
            (9, 2, Measure::Cols),
        ] {
            for kind in [TourKind::Open, TourKind::Closed] {
                let estimate = plan(rows, to, kind, measure);
                assert!(
                    estimate.seconds < 60.0 && estimate.bytes < 2e9,
                    "{rows} rows to {to} {kind}: {estimate:?}"
                );
            }
        }
        let first = plan(8, 5, TourKind::Closed, Measure::Cols);
        let square = plan(8, 8, TourKind::Closed, Measure::Cols);
        assert!(first.peak_states < square.peak_states && first.seconds < square.seconds);
        assert!(square.peak_states > 1e8, "{square:?}");
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
