//! A whole sequence by the frontier method ([`CountsPrefixes`]): one sweep
//! of every prefix of the strip ([`kt_frontier::count_prefixes`]), or each
//! board on its own, as `count` counts it; what each costs before any
//! work, and the refusals only a sequence has (weights that would pass
//! the widest width before its last term, a checkpoint of another sweep).

use std::time::Instant;

use kt_board::{Board, TourKind};
use kt_frontier::{FrontierError, Order, OrderChoice, SweepCount};
use num_bigint::BigUint;

use super::Frontier;
use crate::failure::Failure;
use crate::methods::{ColumnsEstimate, CountsPrefixes, Job};
use crate::observer::Watch;
use crate::report::RunReport;
use crate::sweep_runner::watched_sweep;
use crate::terms::{Measure, Sequence, SequenceStopped, SequenceWay, Term};
use crate::words::{Setting, message};

/// The work of a sweep of every prefix against the columns sweep's, by
/// the kind of sweep, as measured on 6×12 open (`docs/benchmarks.md`,
/// *Sequences*): the folded sweep of the boards reads 0.75 of the
/// columns' states, an unfolded one 1.13, one of every first-cells prefix
/// 1.34.
const FOLDED: f64 = 0.75;
const UNFOLDED: f64 = 1.13;
const CELLS: f64 = 1.34;

impl CountsPrefixes for Frontier {
    fn sequence_estimate(
        &self,
        job: &Job,
        sequence: &Sequence,
        way: SequenceWay,
    ) -> Result<Option<ColumnsEstimate>, Failure> {
        match way {
            SequenceWay::OneSweep => {
                self.check_sequence_resume(job)?;
                check_weights(job, sequence)?;
                Ok(Some(sweep_estimate(job, sequence)))
            }
            SequenceWay::BoardByBoard => Ok(self.boards_estimate(job, sequence)),
        }
    }

    fn count_sequence(
        &self,
        job: &Job,
        sequence: &Sequence,
        way: SequenceWay,
        report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<(Vec<Term>, SweepCount), SequenceStopped> {
        match way {
            SequenceWay::OneSweep => self.one_sweep(job, sequence, report, watch),
            SequenceWay::BoardByBoard => self.board_by_board(job, sequence, report, watch),
        }
    }
}

/// What the sweep of every prefix costs, before any work: the columns
/// sweep of its strip ([`crate::methods::estimate_strip_sweep`], from the
/// levels measured on strips), times what a sweep of every prefix keeps
/// besides ([`FOLDED`], [`UNFOLDED`], [`CELLS`]).
///
/// A strip taller than it is long is still swept column by column (the
/// order of its terms): its levels are the first columns of the strip of
/// its height, which the estimate takes as they were measured. It once
/// took the square `rows × rows` in proportion to the columns, whose
/// widest level the first columns never reach: `sequence 8 --to 3` was
/// refused as 235 GiB, and runs in a tenth of a second.
pub(crate) fn sweep_estimate(job: &Job, sequence: &Sequence) -> ColumnsEstimate {
    let mut estimate =
        crate::methods::estimate_strip_sweep(job.board, job.kind, job.threads.min(4096));
    // The work, and the widest level against the folded sweep's, which
    // the strip's measured levels give. Unfolded it holds more: 8.82 GB
    // against 5.60 on 7×50 closed, 3.18 against 2.42 on 6×64 open
    // (2026-11-29); the work's ratio lies between the two.
    let (work, widest) = match (sequence.measure, sequence.folds()) {
        (Measure::Cols, true) => (FOLDED, 1.0),
        (Measure::Cols, false) => (UNFOLDED, UNFOLDED / FOLDED),
        (Measure::Cells, _) => (CELLS, 1.0),
    };
    estimate.states_summed *= work;
    estimate.seconds *= work;
    estimate.peak_states *= widest;
    estimate.bytes *= widest;
    estimate
}

/// Refuses a sweep whose weights would pass the widest width a sweep
/// holds before its last term: it would stop there, hours in, so it is
/// refused before any work, with how far the sequence can go.
fn check_weights(job: &Job, sequence: &Sequence) -> Result<(), Failure> {
    use crate::methods::weights::past_the_widest;
    let board = job.board;
    let Some(bits) = past_the_widest(board, job.kind, true) else {
        return Ok(());
    };
    let fits = |cols: usize| {
        Board::new(board.rows(), cols).is_ok_and(|b| past_the_widest(b, job.kind, true).is_none())
    };
    // The columns that fit: a count's bits grow with its columns.
    let (mut low, mut high) = (0, board.cols());
    while low + 1 < high {
        let mid = usize::midpoint(low, high);
        if fits(mid) { low = mid } else { high = mid }
    }
    let last = match sequence.measure {
        Measure::Cols => low,
        Measure::Cells => low * board.rows(),
    };
    Err(Failure::refused(format!(
        "a sequence of {} tours of {board}: its weights would need about {bits} bits, past the {} bits a sweep holds, so it would stop before its last term; it goes to about n = {last}",
        job.kind,
        kt_frontier::widest_weight_bits()
    )))
}

impl Frontier {
    /// What counting each board on its own costs, as `count` counts it
    /// (its own order, folded: [`crate::methods::estimate_board_count`]),
    /// where the sequence may be answered so ([`SequenceWay::BoardByBoard`]:
    /// boards, not first cells, and no checkpoint asked for, which records
    /// one sweep); the widest of the boards' levels, the work summed.
    ///
    /// Asked of short sequences only, to twice the strip's height: there
    /// the last board is most of the work, and a count of it in its own
    /// order can beat the sweep of every prefix by twentyfold (`sequence 9
    /// --to 9`: about 8.6 hours, against 7 days); past it the one sweep's
    /// terms come cheaper than the boards' sum.
    fn boards_estimate(&self, job: &Job, sequence: &Sequence) -> Option<ColumnsEstimate> {
        let rows = job.board.rows();
        if sequence.measure != Measure::Cols
            || self.checkpoint.is_some()
            || self.resume.is_some()
            || sequence.to > 2 * rows
        {
            return None;
        }
        let threads = job.threads.min(4096);
        let mut all = ColumnsEstimate {
            peak_states: 0.0,
            states_summed: 0.0,
            seconds: 0.0,
            bytes: 0.0,
        };
        for n in 1..=sequence.to {
            let board = Board::new(rows, n).ok()?;
            let one = crate::methods::estimate_board_count(board, job.kind, threads);
            all.peak_states = all.peak_states.max(one.peak_states);
            all.bytes = all.bytes.max(one.bytes);
            all.states_summed += one.states_summed;
            all.seconds += one.seconds;
        }
        Some(all)
    }

    /// Refuses a checkpoint to resume that is not of this sequence's
    /// sweep: none there, one a sweep is writing now, or one of another
    /// strip, kind or question (a whole count).
    fn check_sequence_resume(&self, job: &Job) -> Result<(), Failure> {
        let Some(dir) = &self.resume else {
            return Ok(());
        };
        let refused =
            |why: String| Failure::refused(message!(Setting::Resume.given(dir.display()), why));
        if !kt_frontier::checkpoint::holds_checkpoint(dir) {
            return Err(refused(
                ": no checkpoint there (a checkpoint directory holds a manifest)".into(),
            ));
        }
        let board = job.board;
        match kt_frontier::checkpoint::inspect(dir) {
            Ok(held)
                if held.rows == board.rows()
                    && held.cols == board.cols()
                    && held.kind == job.kind
                    && held.prefixes =>
            {
                Ok(())
            }
            Ok(held) => Err(refused(format!(
                ": it is a checkpoint of {} tours of {}x{}{}, not of this sequence's {board}",
                held.kind,
                held.rows,
                held.cols,
                if held.prefixes {
                    ""
                } else {
                    " (a whole count)"
                }
            ))),
            Err(e) => Err(refused(format!(": {e}"))),
        }
    }

    /// Every term from one sweep of every prefix of the strip, column by
    /// column, the top row first.
    fn one_sweep(
        &self,
        job: &Job,
        sequence: &Sequence,
        report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<(Vec<Term>, SweepCount), SequenceStopped> {
        let board = job.board;
        let (rows, kind) = (board.rows(), job.kind);
        if board.cells() == 1 {
            // One square: its path is the convention's, no sweep describes it.
            return Ok((sequence.terms(rows, kind, &[], 1), SweepCount::empty(0)));
        }
        let order = Order::column_major(board);
        // The sweep of every prefix folds on its own terms.
        let options = self
            .sweep_settings(job)
            .options(OrderChoice::Given(order.clone()), false);
        let started = Instant::now();
        let swept = watched_sweep((board, kind), &order, job.budget, report, watch, |levels| {
            kt_frontier::count_prefixes(
                &order,
                kind,
                sequence.measure == Measure::Cols,
                sequence.folds(),
                &options,
                levels,
                watch.cancel.flag(),
            )
        })?;
        match swept {
            Ok(outcome) => Ok((
                sequence.terms(rows, kind, &outcome.prefixes, board.cells()),
                outcome,
            )),
            Err(error) => {
                // What the sweep had finished, where it stopped (cancelled,
                // or its weights past the widest width): the terms are not
                // lost with it.
                let terms = match &error {
                    FrontierError::Cancelled {
                        steps_done,
                        prefixes,
                        ..
                    } => sequence.terms(rows, kind, prefixes, *steps_done),
                    FrontierError::WeightOverflow { step, prefixes, .. } => {
                        sequence.terms(rows, kind, prefixes, step.saturating_sub(1))
                    }
                    _ => Vec::new(),
                };
                Err(SequenceStopped {
                    failure: self.failure(job, &error, report, watch.cancel, started),
                    terms,
                })
            }
        }
    }

    /// Every term by its own count ([`SequenceWay::BoardByBoard`]), each
    /// board in its own order, folded.
    fn board_by_board(
        &self,
        job: &Job,
        sequence: &Sequence,
        report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<(Vec<Term>, SweepCount), SequenceStopped> {
        let (rows, kind) = (job.board.rows(), job.kind);
        let mut finished = Vec::with_capacity(sequence.to);
        let mut outcome = SweepCount::empty(0);
        let options = self.sweep_settings(job).options(OrderChoice::Auto, true);
        let started = Instant::now();
        for n in 1..=sequence.to {
            let board = Board::new(rows, n).map_err(|e| Failure::refused(e.to_string()))?;
            let count = if board.cells() == 1 {
                BigUint::from(u32::from(kind == TourKind::Open))
            } else {
                let order = crate::methods::resolve_order(&OrderChoice::Auto, board, kind)
                    .map_err(|failure| SequenceStopped {
                        failure,
                        terms: finished.clone(),
                    })?;
                let swept =
                    watched_sweep((board, kind), &order, job.budget, report, watch, |levels| {
                        kt_frontier::count_tours_in(
                            &order,
                            kind,
                            &options,
                            levels,
                            watch.cancel.flag(),
                        )
                    })
                    .map_err(|failure| SequenceStopped {
                        failure,
                        terms: finished.clone(),
                    })?;
                match swept {
                    Ok(counted) => {
                        outcome.width = outcome.width.max(counted.outcome.width);
                        outcome.levels.extend(counted.outcome.levels);
                        outcome.cycles = counted.outcome.cycles;
                        counted.tours
                    }
                    Err(error) => {
                        return Err(SequenceStopped {
                            failure: self.failure(job, &error, report, watch.cancel, started),
                            terms: finished,
                        });
                    }
                }
            };
            finished.push(Term { n, count });
        }
        Ok((finished, outcome))
    }
}
