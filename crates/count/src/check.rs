//! Which published counts an answer is checked against: the one decision
//! every front end takes (`count --check`, `merge --check`, the bindings).
//!
//! A question's answer is often not a published count itself but implies
//! one, or holds some: the tours to a square are, by reversal, the tours
//! from it; the closed tours numbered from a square are twice the
//! undirected total; a table by start square holds a published row per
//! square where the table was published, and its sum is the total; a
//! shard of a count by start squares holds the counts of its classes'
//! squares. `--check` used to compare only the total, the count up to
//! symmetry and the tours from a square, and said "no published count for
//! this board" of everything else, 5×5's 1,728 included (issue 38). Here
//! every question is mapped to every quantity of the table it answers, so
//! "no published count" is said only where it is true.

use kt_board::{Board, Square, TourKind};
use kt_shards::{ClassCount, Ends};
use num_bigint::BigUint;

use crate::known::{self, Check, Quantity};
use crate::request::Question;

/// An answer, as far as a check reads it.
#[derive(Clone, Copy, Debug)]
pub struct Answered<'a> {
    pub question: Question,
    /// The count the question gives.
    pub count: &'a BigUint,
    /// The table by start square (`ByStart`, `Pairs` whole) or by end
    /// square (`ByEnd`), row 0 first.
    pub table: Option<&'a [Vec<BigUint>]>,
    /// The classes counted, for a shard of a count by classes.
    pub classes: &'a [ClassCount],
}

/// Compares `answer` for `kind` tours of `board` with every published row
/// (and this project's own) that counts something it says: none agreeing
/// and none disagreeing means that nothing of it is published. A row
/// agreeing through several squares (a table's symmetric squares) is
/// listed once.
pub fn check_answer(board: &Board, kind: TourKind, answer: &Answered<'_>) -> Check {
    let mut all = Check {
        agreeing: Vec::new(),
        disagreeing: Vec::new(),
    };
    for (quantity, count, factor) in quantities(board, kind, answer) {
        for row in known::all()
            .into_iter()
            .filter(|r| r.counts(board, kind, quantity))
        {
            match row.in_project_convention() {
                Some(expected) if &expected * factor == count => all.agreeing.push(row),
                Some(expected) => all
                    .disagreeing
                    .push((row, (&expected * factor).to_string())),
                None => {}
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    all.agreeing.retain(|row| seen.insert(row.to_string()));
    let mut seen = std::collections::HashSet::new();
    all.disagreeing
        .retain(|(row, _)| seen.insert(row.to_string()));
    all
}

/// What `answer` says about the table's quantities: each quantity, the
/// count the answer gives of it times `factor`, and `factor`.
fn quantities(
    board: &Board,
    kind: TourKind,
    answer: &Answered<'_>,
) -> Vec<(Quantity, BigUint, u32)> {
    let count = answer.count.clone();
    let mut quantities = Vec::new();
    let cells = |quantities: &mut Vec<(Quantity, BigUint, u32)>| {
        for (r, row) in answer.table.unwrap_or_default().iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if r < board.rows() && c < board.cols() {
                    quantities.push((Quantity::From(board.square_at(r, c)), cell.clone(), 1));
                }
            }
        }
    };
    match (answer.question, kind) {
        (Question::Total, _) => quantities.push((Quantity::Total, count, 1)),
        (Question::UpToSymmetry, _) => quantities.push((Quantity::Geometric, count, 1)),
        (Question::ByStart | Question::Pairs { shard: None, .. }, _) => {
            quantities.push((Quantity::Total, count, 1));
            if kind == TourKind::Open {
                cells(&mut quantities);
            }
        }
        // By reversal the tours to a square are those from it.
        (Question::From { from: square } | Question::To { to: square }, TourKind::Open) => {
            quantities.push((Quantity::From(square), count, 1));
        }
        // Every closed tour passes every square: numbered from one, each
        // undirected tour is two directed ones.
        (Question::From { .. }, TourKind::Closed) => quantities.push((Quantity::Total, count, 2)),
        // The tours from a square, whatever their end.
        (Question::ByEnd { from }, TourKind::Open) => {
            quantities.push((Quantity::From(from), count, 1));
        }
        (
            Question::Pairs {
                shard: Some(_),
                ends: Ends::Starts,
            },
            _,
        ) => {
            for class in answer.classes {
                if let (Ok(square), Some(n)) = (square(board, &class.from), class.value()) {
                    quantities.push((Quantity::From(square), n, 1));
                }
            }
        }
        _ => {}
    }
    quantities
}

fn square(board: &Board, name: &str) -> Result<Square, kt_board::AlgebraicError> {
    kt_board::parse_square(board, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(board: &str, kind: TourKind, question: Question, count: u64) -> Check {
        let board: Board = board.parse().unwrap();
        check_answer(
            &board,
            kind,
            &Answered {
                question,
                count: &BigUint::from(count),
                table: None,
                classes: &[],
            },
        )
    }

    /// The counts of the issue: each question whose answer is published,
    /// or implies a published count, is compared; none says "nothing
    /// published" wrongly.
    #[test]
    fn every_question_with_a_published_answer_is_compared() {
        let five = Board::square(5).unwrap();
        let corner = five.square_at(0, 0);
        let pairs = Question::Pairs {
            shard: None,
            ends: Ends::Pairs,
        };
        let total = verdict("5", TourKind::Open, pairs, 1728);
        assert!(total.passed() && !total.agreeing.is_empty(), "{total:?}");
        assert!(!verdict("5", TourKind::Open, pairs, 1729).passed());
        // 6x6 closed from a square: twice the undirected 9,862.
        let closed_from = Question::From { from: 0 };
        let closed = verdict("6", TourKind::Closed, closed_from, 2 * 9862);
        assert!(closed.passed() && !closed.agreeing.is_empty(), "{closed:?}");
        assert!(!verdict("6", TourKind::Closed, closed_from, 9862).passed());
        // To a corner by reversal: the tours from the corner.
        let from = verdict("5", TourKind::Open, Question::From { from: corner }, 304);
        let to = verdict("5", TourKind::Open, Question::To { to: corner }, 304);
        assert!(from.passed() && !from.agreeing.is_empty(), "{from:?}");
        assert!(to.passed() && !to.agreeing.is_empty(), "{to:?}");
        // Nothing published of the tours between two squares.
        let between = verdict(
            "5",
            TourKind::Open,
            Question::FromTo {
                from: corner,
                to: 12,
            },
            1,
        );
        assert!(between.agreeing.is_empty() && between.disagreeing.is_empty());
    }
}
