//! The questions answered a restricted run at a time: a start, an end, a
//! pair of them, a required move; a table one run per symmetry orbit of
//! squares.

use kt_board::{Board, Square, Symmetry, TourKind};
use num_bigint::BigUint;

use super::table;
use crate::failure::Failure;
use crate::methods::{Job, Restricted};
use crate::report::RunReport;
use crate::request::Question;

/// The squares of `board` in orbits under the symmetries that fix every
/// square of `fixed` (all of them when `fixed` is empty): the counts of
/// one square of an orbit hold for all of it.
fn orbits(board: &Board, fixed: &[Square]) -> Vec<Vec<Square>> {
    let group: Vec<Symmetry> = Symmetry::group(board)
        .into_iter()
        .filter(|g| fixed.iter().all(|&s| g.apply(board, s) == s))
        .collect();
    let mut seen = vec![false; board.cells()];
    let mut orbits = Vec::new();
    for s in board.squares() {
        if seen[s] {
            continue;
        }
        let mut orbit: Vec<Square> = group.iter().map(|g| g.apply(board, s)).collect();
        orbit.sort_unstable();
        orbit.dedup();
        for &t in &orbit {
            seen[t] = true;
        }
        orbits.push(orbit);
    }
    orbits
}

/// Answers by running a restricted count once per distinct question.
pub(super) fn by_restricted(
    question: Question,
    job: &Job,
    report: &mut RunReport,
    mut count: impl FnMut(Restricted, &mut RunReport) -> Result<BigUint, Failure>,
) -> Result<BigUint, Failure> {
    let board = job.board;
    let n = board.cells();
    let one = BigUint::from(1u32);
    match (job.kind, question) {
        (TourKind::Open, Question::ByEnd { .. }) if n == 1 => {
            report.by_end = Some(table(&board, std::slice::from_ref(&one)));
            Ok(one)
        }
        (TourKind::Open, _) if n == 1 => Ok(one),
        (TourKind::Open, Question::ByEnd { from }) => {
            let mut by = vec![BigUint::ZERO; n];
            for orbit in orbits(&board, &[from]) {
                if orbit[0] == from {
                    continue;
                }
                let c = count(Restricted::FromTo(from, orbit[0]), report)?;
                for e in orbit {
                    by[e].clone_from(&c);
                }
            }
            report.by_end = Some(table(&board, &by));
            Ok(by.iter().sum())
        }
        (TourKind::Open, Question::FromTo { from, to }) if from == to => Ok(BigUint::ZERO),
        (TourKind::Open, Question::FromTo { from, to }) => {
            count(Restricted::FromTo(from, to), report)
        }
        // Open tours ending on a square are, reversed, those starting on it.
        (TourKind::Open, Question::From { from: one } | Question::To { to: one }) => {
            count(Restricted::From(one), report)
        }
        (TourKind::Closed, Question::FromTo { from, to }) => {
            if board.is_knight_move(from, to) {
                count(Restricted::Through(from, to), report)
            } else {
                Ok(BigUint::ZERO)
            }
        }
        (TourKind::Closed, Question::ByEnd { from }) => {
            let mut by = vec![BigUint::ZERO; n];
            for (e, cell) in by.iter_mut().enumerate() {
                if board.is_knight_move(from, e) {
                    *cell = count(Restricted::Through(from, e), report)?;
                }
            }
            report.by_end = Some(table(&board, &by));
            Ok(by.iter().sum())
        }
        _ => Err(Failure::other(crate::words::message!(
            "internal error: ",
            question.words(),
            " is not answered a run at a time"
        ))),
    }
}
