//! The questions answered from one family of tours: a pass that counts the
//! sets containing each variable answers a start, an end, a table.

use kt_board::{Board, Square, TourKind};
use kt_engine::Family;
use num_bigint::BigUint;

use super::table;
use crate::methods::Job;
use crate::report::RunReport;
use crate::request::Question;
use crate::zdd::Decoder;

/// Answers from the family of tours, in one pass per question.
pub(super) fn from_family(
    question: Question,
    job: &Job,
    family: &Family,
    decoder: &dyn Decoder,
    report: &mut RunReport,
) -> BigUint {
    let board = job.board;
    let n = board.cells();
    // The sets containing every mark, and for each variable those that
    // also contain it; no set contains a mark the diagram does not have.
    let containing = |marks: &[Option<kt_engine::Var>]| -> Option<kt_engine::Containing> {
        let marks: Option<Vec<_>> = marks.iter().copied().collect();
        marks.map(|m| family.counts_containing(&m))
    };
    let total_of = |c: Option<kt_engine::Containing>| c.map_or(BigUint::ZERO, |c| c.total);
    let by_var = |c: &Option<kt_engine::Containing>, var: Option<kt_engine::Var>| -> BigUint {
        match (c, var) {
            (Some(c), Some(v)) => c.by_var[v as usize].clone(),
            _ => BigUint::ZERO,
        }
    };
    match (job.kind, question) {
        (TourKind::Open, Question::From { from }) => {
            total_of(containing(&[decoder.start_mark(from)]))
        }
        (TourKind::Open, Question::To { to }) => total_of(containing(&[decoder.end_mark(to)])),
        (TourKind::Open, Question::FromTo { from, to }) if from == to && n > 1 => BigUint::ZERO,
        (TourKind::Open, Question::FromTo { from, to }) => total_of(containing(&[
            decoder.start_mark(from),
            decoder.end_mark(to),
        ])),
        (TourKind::Open, Question::ByStart) => {
            let all = containing(&[]);
            let by: Vec<BigUint> = (0..n)
                .map(|s| by_var(&all, decoder.start_mark(s)))
                .collect();
            report.by_start = Some(table(&board, &by));
            by.iter().sum()
        }
        (TourKind::Open, Question::ByEnd { from }) => {
            let starting = containing(&[decoder.start_mark(from)]);
            let by: Vec<BigUint> = (0..n)
                .map(|e| {
                    if e == from && n > 1 {
                        BigUint::ZERO
                    } else {
                        by_var(&starting, decoder.end_mark(e))
                    }
                })
                .collect();
            report.by_end = Some(table(&board, &by));
            by.iter().sum()
        }
        (TourKind::Closed, Question::FromTo { from, to }) => {
            through(family, decoder, &board, from, to)
        }
        (TourKind::Closed, Question::ByEnd { from }) => {
            let by: Vec<BigUint> = (0..n)
                .map(|e| through(family, decoder, &board, from, e))
                .collect();
            report.by_end = Some(table(&board, &by));
            by.iter().sum()
        }
        // The table sends the rest to other strategies.
        _ => BigUint::ZERO,
    }
}

/// The closed tours of `family` through the move `a`–`b` (none if it is not
/// a move).
fn through(family: &Family, decoder: &dyn Decoder, board: &Board, a: Square, b: Square) -> BigUint {
    if board.is_knight_move(a, b) {
        decoder.through_move(family, a, b)
    } else {
        BigUint::ZERO
    }
}
