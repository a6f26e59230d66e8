//! The questions and what each needs of a method: the table the plan
//! reads. How each is answered is `answer/`, a module per strategy.
//!
//! **The table.** [`strategies`] says, for a question and a kind of tour,
//! which capabilities answer it and how, in order of preference: a method
//! answers with the first strategy whose capability it has, and a method
//! with none of them is refused by the plan before any work. The
//! conventions (`docs/symmetry.md` has the derivations):
//!
//! * **open tours** are directed paths: `from s` counts those starting on
//!   `s`, `to e` those ending on `e`, both those from `s` to `e`; the table
//!   by start square sums to the total, the table by end square from `s`
//!   sums to the count from `s`;
//! * **closed tours** pass every square, so "from `s`" means the directed
//!   tours numbered from `s`, twice the undirected count (6×6: 19,724), as
//!   published tables of tours with a fixed start count them; "from `s` to
//!   `e`" means those whose last square is `e`, a knight's move from `s`:
//!   the undirected tours that make the move `s–e`. A table by start
//!   square would repeat one number, so it is not printed.
//!
//! **A new question** is one variant of [`Question`] and one row of
//! [`strategies`], with the strategy that answers it (`answer/`).

use kt_board::{Board, TourKind};

use crate::failure::Failure;
use crate::methods::{Capability, MethodSettings};
use crate::request::{Question, Work};
use crate::words::message;
use crate::words::{Message, Word};

/// How a question is answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Strategy {
    /// The plain count: the total, or what follows from it (closed tours
    /// from a square, the closed table by start square).
    Count,
    /// From the one family of tours.
    FromFamily,
    /// One restricted count per distinct question.
    ByRestricted,
    /// Up to symmetry: every tour of the family checked against every
    /// symmetry.
    EnumerateFamily,
    /// Up to symmetry: the total, and every other symmetry's fixed tours
    /// searched on quotient boards.
    Quotients,
    /// Open tours by start square: one sweep that tallies its paths' ends
    /// by class of square, where the board's classes fit the tallies
    /// (otherwise a run per class, as [`Strategy::ByPairs`]).
    ByStartTallies,
    /// Open tours from a square by end square: one sweep from the square
    /// that tallies its paths' other end by class of square, where the
    /// classes fit the tallies (otherwise a run a class of end squares,
    /// as [`Strategy::ByRestricted`]).
    ByEndTallies,
    /// Open tours by endpoint pairs: one fixed-ends run per class of the
    /// pair plan (`crate::pairs`), or of one shard of it; the table by
    /// start square likewise, one fixed-start run per class of the start
    /// plan. The classes done are kept, so such a count resumes.
    ByPairs,
    /// Hand out or draw the family itself (`tour`, `dot`).
    Diagram,
    /// A whole sequence from one sweep of every prefix of its strip.
    Prefixes,
    /// A whole sequence, each board by its own count: where the plan
    /// estimates it cheaper than the one sweep (short sequences of tall
    /// strips, `crate::terms::SequenceWay::BoardByBoard`).
    BoardByBoard,
}

use Capability::{
    Count, EndTallies, Family as FamilyOfTours, FixedEnds, Prefixes, RequiredMove, StartTallies,
};

/// The capabilities that answer `question` on `kind` tours for `work`, each
/// with its strategy, in order of preference. Refuses a question that makes
/// no sense for the kind (a closed tour's end without its start).
pub(crate) fn strategies(
    question: Question,
    kind: TourKind,
    work: &Work,
) -> Result<&'static [(Capability, Strategy)], Failure> {
    let open = kind == TourKind::Open;
    if let Work::Sequence(_) = work {
        return match question {
            Question::Total => Ok(&[(Prefixes, Strategy::Prefixes)]),
            _ => Err(Failure::refused(
                "a sequence counts every tour of each of its boards: it takes no question",
            )),
        };
    }
    if !matches!(work, Work::Count) {
        return match question {
            Question::Total => Ok(&[(FamilyOfTours, Strategy::Diagram)]),
            _ => Err(Failure::refused(
                "tours and diagrams are of every tour: they take no question",
            )),
        };
    }
    Ok(match question {
        Question::Total => &[(Count, Strategy::Count)],
        Question::Pairs { .. } if open => &[(FixedEnds, Strategy::ByPairs)],
        Question::Pairs { .. } => {
            return Err(Failure::refused(
                "shards split open tours by their ends; a closed tour has none (count closed tours in one run)",
            ));
        }
        Question::From { .. } | Question::ByStart if !open => &[(Count, Strategy::Count)],
        Question::To { .. } if !open => {
            return Err(Failure::refused(message!(
                "a closed tour ends where it started: ",
                Word::To,
                " needs ",
                Word::From,
                " (the tours from ",
                Word::From,
                " whose last square is ",
                Word::To,
                ")"
            )));
        }
        Question::ByStart if open => &[
            (FamilyOfTours, Strategy::FromFamily),
            (StartTallies, Strategy::ByStartTallies),
            (FixedEnds, Strategy::ByPairs),
        ],
        Question::ByEnd { .. } if open => &[
            (FamilyOfTours, Strategy::FromFamily),
            (EndTallies, Strategy::ByEndTallies),
            (FixedEnds, Strategy::ByRestricted),
        ],
        Question::From { .. } | Question::To { .. } | Question::FromTo { .. } if open => &[
            (FamilyOfTours, Strategy::FromFamily),
            (FixedEnds, Strategy::ByRestricted),
        ],
        Question::FromTo { .. } | Question::ByEnd { .. } => &[
            (FamilyOfTours, Strategy::FromFamily),
            (RequiredMove, Strategy::ByRestricted),
        ],
        Question::UpToSymmetry => &[
            (FamilyOfTours, Strategy::EnumerateFamily),
            (Count, Strategy::Quotients),
        ],
        _ => unreachable!("every question of an open tour is matched above"),
    })
}

/// How many runs of a method's count `strategy` makes to answer `question`
/// on `board`: the factor by which the plan multiplies a method's estimate
/// of one run, so that `auto` compares whole answers (the table by start
/// square of 8×8 is ten fixed-start sweeps; from the family it is one
/// build).
pub(crate) fn runs(question: Question, kind: TourKind, board: Board, strategy: Strategy) -> usize {
    match (strategy, question) {
        (Strategy::ByPairs, Question::Pairs { shard, ends }) => {
            let classes = crate::pairs::classes(board, ends);
            shard.map_or(classes, |shard| classes.div_ceil(shard.count.max(1)))
        }
        (Strategy::ByPairs, _) => crate::pairs::classes(board, kt_shards::Ends::Starts),
        // Open: a run a class of the squares a path from `from` can end
        // on; closed: a run a move from `from`.
        (Strategy::ByRestricted, Question::ByEnd { from }) if kind == TourKind::Open => {
            kt_frontier::end_classes_from(board, from).1
        }
        (Strategy::ByRestricted, Question::ByEnd { from }) => board
            .squares()
            .filter(|&e| board.is_knight_move(from, e))
            .count(),
        _ => 1,
    }
}

/// Which ends each run of `strategy` fixes to answer `question` on `kind`
/// tours, where its runs are fixed-ends runs: a start (or an end) alone,
/// or both. `None` for a whole count, and for closed tours, whose runs
/// require a move instead. What a run costs against a whole count depends
/// on it ([`CountsFixedEnds::run_share`](crate::methods::CountsFixedEnds::run_share)).
pub(crate) fn fixed_ends_of_runs(
    question: Question,
    kind: TourKind,
    strategy: Strategy,
) -> Option<kt_shards::Ends> {
    use kt_shards::Ends;
    if kind == TourKind::Closed {
        return None;
    }
    match (strategy, question) {
        (Strategy::ByPairs, Question::Pairs { ends, .. }) => Some(ends),
        (Strategy::ByPairs, _)
        | (Strategy::ByRestricted, Question::From { .. } | Question::To { .. }) => {
            Some(Ends::Starts)
        }
        (Strategy::ByRestricted, Question::FromTo { .. } | Question::ByEnd { .. }) => {
            Some(Ends::Pairs)
        }
        _ => None,
    }
}

/// The strategy that answers `question` on `board`: a table by start
/// square, or by end square from a square, in one sweep with tallies only
/// where the classes of squares fit a tally (`kt_frontier::Sweep::tallied`,
/// `kt_frontier::end_tallies_fit`), a run a class otherwise.
///
/// `None` where the method cannot count a class at a time (the cluster
/// keeps tallies, but counts no tours with fixed ends): the board's table
/// is beyond it.
pub(crate) fn on_board(
    strategy: Strategy,
    question: Question,
    board: Board,
    method: &MethodSettings,
) -> Option<Strategy> {
    match (strategy, question) {
        (Strategy::ByStartTallies, _) if !kt_frontier::tallies_fit(board) => {
            instead(strategy, method)
        }
        (Strategy::ByEndTallies, Question::ByEnd { from })
            if !kt_frontier::end_tallies_fit(board, from) =>
        {
            instead(strategy, method)
        }
        (other, _) => Some(other),
    }
}

/// The strategy that answers the same question where `strategy` cannot
/// (its checkpoints are of the other; its estimate does not fit the
/// machine where the other's does): a table by start or end square a
/// class at a time instead of in one sweep with tallies, whose records
/// are wider.
/// `None` where there is none, or `method` lacks its capability.
pub(crate) fn instead(strategy: Strategy, method: &MethodSettings) -> Option<Strategy> {
    match strategy {
        Strategy::ByStartTallies if method.can(FixedEnds) => Some(Strategy::ByPairs),
        Strategy::ByEndTallies if method.can(FixedEnds) => Some(Strategy::ByRestricted),
        _ => None,
    }
}

/// Whether the runs a class of [`instead`] may answer before `strategy`'s
/// one sweep that fits the machine, where their estimate is the smaller.
/// The table by end square: a run a class of end squares is cheap where
/// the classes are few or their runs short (7×7 from d4: 5 runs in 1.5 s
/// against 2.3 s for the sweep; `crate::methods::measured`,
/// `END_TALLIES_SHARE`). Not the table by start square: its one sweep
/// was faster than the runs on every board measured (7×7: 2.5 s against
/// 20–24 s), by more than the estimates say.
pub(crate) fn runs_may_be_faster(strategy: Strategy) -> bool {
    strategy == Strategy::ByEndTallies
}

/// The strategy `method` answers with, if it has one of the capabilities.
pub(crate) fn strategy_for(
    table: &[(Capability, Strategy)],
    method: &MethodSettings,
) -> Option<Strategy> {
    table
        .iter()
        .find(|(capability, _)| method.can(*capability))
        .map(|&(_, strategy)| strategy)
}

/// Why `method` cannot answer: the capabilities it lacks and the methods
/// that have them.
pub(crate) fn lacking(
    table: &[(Capability, Strategy)],
    method: &MethodSettings,
    what: &Message,
) -> Failure {
    let needed: Vec<String> = table.iter().map(|(c, _)| c.name().to_string()).collect();
    let mut able = Message::default();
    for (i, m) in MethodSettings::every()
        .iter()
        .filter(|m| strategy_for(table, m).is_some())
        .enumerate()
    {
        let or = if i == 0 { "" } else { " or " };
        able = able.then(or).then(Word::Method.given(m.name()));
    }
    Failure::refused(message!(
        Word::Method.given(method.name()),
        " cannot answer ",
        what,
        format!(": that needs {} (", needed.join(" or ")),
        able,
        " can)"
    ))
}
