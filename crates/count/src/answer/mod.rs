//! How each question is answered, once the plan has chosen the method and
//! the strategy from the table (`questions.rs`): the executor the library's
//! `count` calls.
//!
//! **The strategies.** A method with a family of tours answers from its
//! one diagram: the tours from `s` are its sets that contain the mark of
//! a start on `s` (`Decoder::start_mark`), and one pass counts the sets
//! containing each variable (`Family::counts_containing`); up to symmetry
//! it goes through the tours one at a time. A method with fixed ends or a
//! required move runs once per question, a run per symmetry orbit of
//! squares. A method that only counts gets the questions that follow from
//! the total (closed tours from a square) and, up to symmetry, the tours
//! each other symmetry fixes searched on quotient boards.
//!
//! One module per strategy of the table: `from_family` (the questions from
//! one diagram), `up_to_symmetry` (the orbits, from the quotient boards or
//! by going through the family), `by_restricted` (a restricted run a question)
//! `by_start_tallies` (the table by start square from one sweep that
//! tallies ends by class), `by_end_tallies` (the table by end square from
//! a square, likewise) and `by_pairs` (a run a class of the pair or
//! start plan, which owns its resume: the classes done kept in the
//! checkpoint directory and read back). This file picks one and closes
//! the report.

mod by_end_tallies;
mod by_pairs;
mod by_restricted;
mod by_start_tallies;
mod from_family;
mod up_to_symmetry;

use std::time::Instant;

use kt_board::{Board, TourKind};
use num_bigint::BigUint;

use crate::cancel::{CancelToken, Cause};
use crate::failure::{Failure, FailureKind};
use crate::methods::{self, FixedEnds, Job, Method, Restricted};
use crate::observer::Watch;
use crate::questions::Strategy;
use crate::report::{Counted, RunReport, SquareRef, Status};
use crate::request::Question;
use crate::symmetry;
use crate::zdd::{Built, Finishing};

/// Fills the squares asked about into the report.
pub(crate) fn describe(question: Question, board: &Board, report: &mut RunReport) {
    let (from, to) = match question {
        Question::From { from } | Question::ByEnd { from } => (Some(from), None),
        Question::To { to } => (None, Some(to)),
        Question::FromTo { from, to } => (Some(from), Some(to)),
        Question::Total | Question::ByStart | Question::UpToSymmetry | Question::Pairs { .. } => {
            (None, None)
        }
    };
    report.from = from.map(|s| SquareRef::of(board, s));
    report.to = to.map(|s| SquareRef::of(board, s));
}

/// Answers `question` with `method` by `strategy`, filling `report`.
#[allow(
    clippy::too_many_arguments,
    reason = "the question, its method and strategy, and the run's three handles"
)]
pub(crate) fn answer(
    method: &dyn Method,
    job: &Job,
    question: Question,
    strategy: Strategy,
    mut report: RunReport,
    watch: Watch<'_>,
) -> Result<Counted, Failure> {
    let started = Instant::now();
    describe(question, &job.board, &mut report);
    if strategy == Strategy::Count && question == Question::Total {
        return method.count(job, report, watch);
    }
    let count = match strategy {
        Strategy::Count => {
            let counted = method.count(job, report, watch)?;
            let total = counted.count;
            report = counted.report;
            match question {
                Question::ByStart => {
                    report.reason = Some(closed_by_start_reason(&total));
                    total
                }
                _ => total * 2u32,
            }
        }
        Strategy::Quotients => {
            let counted = method.count(job, report, watch)?;
            let total = counted.count;
            report = counted.report;
            let identity = format!("counted by --method {}", method.name());
            up_to_symmetry::up_to_symmetry(&mut report, job, &total, &identity, watch)?
        }
        Strategy::FromFamily | Strategy::EnumerateFamily => {
            let builds = methods::family(method)?;
            let (built, family) = builds.build(job, report, Finishing::CopyOut, watch)?;
            report = built;
            match (family, builds.decoder(job)) {
                (Some(Built::Family(family)), Some(decoder)) => {
                    if strategy == Strategy::EnumerateFamily {
                        up_to_symmetry::enumerate(
                            &family,
                            decoder.as_ref(),
                            job,
                            method,
                            &mut report,
                            watch.cancel,
                        )?
                    } else {
                        from_family::from_family(
                            question,
                            job,
                            &family,
                            decoder.as_ref(),
                            &mut report,
                        )
                    }
                }
                // No diagram: the board's shape settles it (closed tours
                // of a board narrower than 3).
                (None, _) => none(question, job.kind, &job.board, &mut report),
                _ => {
                    return Err(Failure::other(
                        "internal error: the family came without its decoder",
                    ));
                }
            }
        }
        Strategy::ByRestricted => {
            // The trait the question needs: fixed ends for open tours, a
            // required move for closed ones (the plan chose the method by
            // it).
            let runs =
                by_restricted::by_restricted(question, job, &mut report, |restriction, report| {
                    match restriction {
                        Restricted::From(from) => methods::fixed_ends(method)?.count_fixed_ends(
                            job,
                            FixedEnds { from, to: None },
                            report,
                            watch,
                        ),
                        Restricted::FromTo(from, to) => methods::fixed_ends(method)?
                            .count_fixed_ends(job, FixedEnds { from, to: Some(to) }, report, watch),
                        Restricted::Through(a, b) => methods::required_move(method)?.count_through(
                            job,
                            (a, b),
                            report,
                            watch,
                        ),
                    }
                });
            runs.map_err(|failure| with_partial(failure, &report, started))?
        }
        Strategy::ByStartTallies => {
            by_start_tallies::by_start_tallies(job, method, &mut report, watch)
                .map_err(|failure| with_partial(failure, &report, started))?
        }
        Strategy::ByEndTallies => {
            by_end_tallies::by_end_tallies(question, job, method, &mut report, watch)
                .map_err(|failure| with_partial(failure, &report, started))?
        }
        Strategy::ByPairs => {
            // The table by start square is the start plan, whole.
            let (shard, ends) = match question {
                Question::Pairs { shard, ends } => (shard, ends),
                _ => (None, kt_shards::Ends::Starts),
            };
            by_pairs::by_pairs(shard, ends, job, method, &mut report, watch)
                .map_err(|failure| with_partial(failure, &report, started))?
        }
        Strategy::Diagram | Strategy::Prefixes | Strategy::BoardByBoard => {
            return Err(Failure::other(
                "internal error: a diagram or a sequence is not an answer to count",
            ));
        }
    };
    if watch.cancel.is_cancelled() {
        return Err(interrupted(watch.cancel, report));
    }
    report.close(started);
    Ok(Counted::new(count, report))
}

/// The failure of a run a question made, with the question's report so far
/// and its time.
fn with_partial(mut failure: Failure, report: &RunReport, started: Instant) -> Failure {
    if failure.kind.is_refusal() {
        return failure;
    }
    let mut partial = failure.report.take().map_or_else(|| report.clone(), |r| *r);
    let status = match failure.kind {
        FailureKind::Limit => Status::OutOfMemory,
        FailureKind::Stopped { .. } => Status::Interrupted,
        FailureKind::Refused | FailureKind::BeyondMachine | FailureKind::Other => Status::Failed,
    };
    partial.stop(status, &failure.message, started);
    failure.with_report(partial)
}

/// The failure of a question whose work was cancelled, with its report.
pub(crate) fn interrupted(cancel: &CancelToken, report: RunReport) -> Failure {
    Failure {
        kind: match cancel.cause() {
            Some(Cause::MemoryBudget { .. }) => FailureKind::Limit,
            Some(Cause::Stop { signal }) => FailureKind::Stopped { signal: *signal },
            None => FailureKind::Stopped { signal: None },
        },
        message: "interrupted".into(),
        report: None,
    }
    .with_report(report)
}

/// A board-shaped table of decimal strings, row 0 first.
pub(super) fn table(board: &Board, counts: &[BigUint]) -> crate::numbers::Table {
    crate::numbers::Table::of(board, counts)
}

/// What a closed by-start request gets instead of a table.
fn closed_by_start_reason(total: &BigUint) -> String {
    format!(
        "every closed tour passes every square, so every square starts the same {} directed tours (twice the {total} undirected ones); no table is printed",
        total * 2u32
    )
}

/// Answers `question` when no tour exists at all.
pub(crate) fn none(
    question: Question,
    kind: TourKind,
    board: &Board,
    report: &mut RunReport,
) -> BigUint {
    let zeros = vec![BigUint::ZERO; board.cells()];
    match question {
        Question::ByStart if kind == TourKind::Open => {
            report.by_start = Some(table(board, &zeros));
        }
        Question::ByEnd { .. } => report.by_end = Some(table(board, &zeros)),
        Question::UpToSymmetry => report.symmetry = Some(symmetry::none(board)),
        _ => {}
    }
    BigUint::ZERO
}
