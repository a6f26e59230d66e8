//! What to count, and with what: the request a caller builds.
//!
//! Everything here is data whose shape rules out the combinations that
//! make no sense: a [`Question`] carries the squares it is about (a table
//! by end square cannot be asked without its start square), and a method
//! carries only the settings it uses ([`MethodSettings`], one variant per
//! method: an engine cannot be given to backtracking). What remains to be
//! checked against the board (a square off the board, a closed tour's end
//! without its start) the plan refuses before any work.

use std::path::PathBuf;

use kt_board::{Board, Square, TourKind};

use kt_shards::{Ends, Shard};

use crate::failure::Failure;
use crate::methods::{GivenOptions, MethodSettings, Setting};
use crate::terms::{MAX_ROWS, MAX_TERMS, Measure, Sequence};
use crate::words::message;
use crate::words::{Message, Output, Word};
use crate::zdd::Drawing;

/// What to count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Question {
    /// Every tour (open tours directed over every start square, closed
    /// tours undirected).
    #[default]
    Total,
    /// Only the tours that start on this square (open tours: the directed
    /// tours from it; closed tours: every tour passes it, so the directed
    /// tours numbered from it, twice the undirected count).
    From { from: Square },
    /// Only the open tours that end on this square (closed tours end where
    /// they start: ask [`Question::FromTo`]).
    To { to: Square },
    /// The tours from one square to another (closed tours: those whose
    /// last square is `to`, a move from the start: the undirected tours
    /// that make the move `from`–`to`).
    FromTo { from: Square, to: Square },
    /// The total, with the table of open tours by start square.
    ByStart,
    /// The tours from `from`, with their table by end square.
    ByEnd { from: Square },
    /// Undirected tours up to the board's symmetries (Burnside's lemma),
    /// with the tours each symmetry fixes.
    UpToSymmetry,
    /// Open tours by endpoint pairs: the classes of (start, end) pairs
    /// under the board's symmetries, each counted by a fixed-ends run —
    /// all of them (the total, with the table by start square), or the
    /// classes of one shard `K/N` (a part for `merge`). With
    /// [`Ends::Starts`], the classes of start squares, each counted by a
    /// fixed-start run (`--by-start --shard K/N`).
    Pairs { shard: Option<Shard>, ends: Ends },
}

impl Question {
    /// The question of the tours between optional ends: the total, from
    /// a square, to a square, or between two (the command line's `--from`
    /// and `--to`, Python's `start` and `end`).
    pub fn between(from: Option<Square>, to: Option<Square>) -> Question {
        match (from, to) {
            (None, None) => Question::Total,
            (Some(from), None) => Question::From { from },
            (None, Some(to)) => Question::To { to },
            (Some(from), Some(to)) => Question::FromTo { from, to },
        }
    }

    /// The words that ask the question, for messages (each front end
    /// spells them: `--from with --to`, `start with end`).
    pub fn words(self) -> Message {
        match self {
            Question::Total => "the total".into(),
            Question::From { .. } => Word::From.into(),
            Question::To { .. } => Word::To.into(),
            Question::FromTo { .. } => message!(Word::From, " with ", Word::To),
            Question::ByStart => Word::ByStart.into(),
            Question::ByEnd { .. } => message!(Word::From, " with ", Word::ByEnd),
            Question::UpToSymmetry => Word::UpToSymmetry.into(),
            Question::Pairs {
                ends: Ends::Starts, ..
            } => message!(Word::ByStart, " with ", Word::Shard),
            Question::Pairs { .. } => Word::Shard.into(),
        }
    }

    /// Whether the answer is a table by square (the report's `by_start`
    /// or `by_end`) when `kind` tours are asked: decided here once for
    /// every front end (a picture of the table, a Python list of rows).
    /// Closed tours by start square are one number, not a table: every
    /// closed tour passes every square.
    pub fn gives_table(self, kind: TourKind) -> bool {
        match self {
            Question::ByStart => kind == TourKind::Open,
            Question::ByEnd { .. } | Question::Pairs { shard: None, .. } => true,
            _ => false,
        }
    }

    /// The squares the question names.
    pub fn squares(self) -> Vec<(Word, Square)> {
        match self {
            Question::From { from } | Question::ByEnd { from } => vec![(Word::From, from)],
            Question::To { to } => vec![(Word::To, to)],
            Question::FromTo { from, to } => vec![(Word::From, from), (Word::To, to)],
            Question::Total
            | Question::ByStart
            | Question::UpToSymmetry
            | Question::Pairs { .. } => Vec::new(),
        }
    }
}

/// Which method, with its settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MethodChoice {
    /// The plan picks among these candidates, in this order of preference,
    /// the first whose estimate fits the machine (see [`crate::plan`]).
    Auto(Vec<MethodSettings>),
    /// This method (boxed: a method's settings are several times the size
    /// of the list `Auto` holds).
    Use(Box<MethodSettings>),
}

/// Why a method's name and the options given make no choice. Each front
/// end words it in its own terms (`--method frontier`, `method="frontier"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChoiceError {
    /// No method has this name.
    Unknown(String),
    /// `auto`, and no one method takes all these options together.
    NoneTakesAll(Vec<Setting>),
    /// The method named does not take this option; `takers` do.
    NotTaken {
        method: String,
        setting: Setting,
        takers: Vec<&'static str>,
    },
}

impl MethodChoice {
    /// The method `name` names, configured with `given`'s options;
    /// `auto` is every method that takes them all, in the registry's order.
    pub fn named(name: &str, given: &GivenOptions) -> Result<MethodChoice, ChoiceError> {
        if name == "auto" {
            let candidates: Vec<MethodSettings> = MethodSettings::every()
                .iter()
                .filter_map(|m| m.configure(given).ok())
                .collect();
            if candidates.is_empty() {
                return Err(ChoiceError::NoneTakesAll(given.settings()));
            }
            return Ok(MethodChoice::Auto(candidates));
        }
        let settings =
            MethodSettings::named(name).ok_or_else(|| ChoiceError::Unknown(name.to_owned()))?;
        settings
            .configure(given)
            .map(|settings| MethodChoice::Use(Box::new(settings)))
            .map_err(|setting| ChoiceError::NotTaken {
                method: name.to_owned(),
                setting,
                takers: MethodSettings::taking(setting)
                    .into_iter()
                    .filter(|&m| m != name)
                    .collect(),
            })
    }

    /// `auto` among every method, each at its defaults.
    pub fn auto() -> MethodChoice {
        MethodChoice::Auto(MethodSettings::every())
    }
}

impl Default for MethodChoice {
    fn default() -> MethodChoice {
        MethodChoice::auto()
    }
}

impl From<MethodSettings> for MethodChoice {
    fn from(settings: MethodSettings) -> MethodChoice {
        MethodChoice::Use(Box::new(settings))
    }
}

/// What the work is for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Work {
    /// Answer the question ([`crate::count`]).
    #[default]
    Count,
    /// Hand out the family of tours with its decoder ([`crate::tours`]).
    Tours,
    /// Draw the final diagram ([`crate::draw`]).
    Draw { drawing: Drawing },
    /// Count every term of a sequence along the request's board, a strip
    /// ([`crate::Plan::sequence`]; [`Request::sequence`] builds one).
    Sequence(Sequence),
}

/// One piece of work to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub board: Board,
    pub kind: TourKind,
    pub question: Question,
    pub method: MethodChoice,
    pub work: Work,
    /// Files the caller will write with the result (a drawing, a
    /// picture), each with the output that names it: the plan checks that
    /// they can be written.
    pub outputs: Vec<(Output, PathBuf)>,
    /// Answer at once where a theorem says there is no tour (Schwenk for
    /// closed tours, Conrad et al. for open ones), instead of running the
    /// method. Benchmarks and cross-checks turn this off to make the
    /// method do the work.
    pub use_theorems: bool,
    /// Start even where the estimate says the work is beyond this machine
    /// (or, for a drawing, larger than its `max_nodes`), which the plan
    /// otherwise refuses.
    pub force: bool,
}

impl Request {
    /// The total of `kind` tours of `board`, the method chosen by `auto`.
    pub fn new(board: Board, kind: TourKind) -> Request {
        Request {
            board,
            kind,
            question: Question::Total,
            method: MethodChoice::auto(),
            work: Work::Count,
            outputs: Vec::new(),
            use_theorems: true,
            force: false,
        }
    }

    /// The sequence of `kind` tours of every board `rows × n`, `n ≤ to`
    /// (or, by [`Measure::Cells`], of every first `m ≤ to` cells of the
    /// strip), folded, the method chosen by `auto`: the request's board is
    /// the strip one sweep takes. Refuses, before any work, a strip or a
    /// length no sweep takes.
    ///
    /// No theorem answers a sequence: its terms include boards with
    /// tours and boards without, and the sweep answers every one.
    pub fn sequence(
        rows: usize,
        to: usize,
        kind: TourKind,
        measure: Measure,
    ) -> Result<Request, Failure> {
        if rows == 0 || rows > MAX_ROWS {
            return Err(Failure::refused(format!(
                "a strip of {rows} rows: the frontier method sweeps strips of 1 to {MAX_ROWS} rows"
            )));
        }
        if to == 0 || to > MAX_TERMS {
            return Err(Failure::refused(format!(
                "a sequence to term {to}: the terms run from 1 to at most {MAX_TERMS}"
            )));
        }
        let sequence = Sequence::to(to, measure);
        let cols = sequence.cols(rows);
        let board = Board::new(rows, cols).map_err(|e| {
            Failure::refused(format!(
                "a sequence to term {to} of {rows} rows needs a {rows}x{cols} strip: {e}"
            ))
        })?;
        Ok(Request {
            work: Work::Sequence(sequence),
            use_theorems: false,
            ..Request::new(board, kind)
        })
    }

    /// The sequence this request asks for, if it asks for one.
    pub fn sequence_asked(&self) -> Option<&Sequence> {
        match &self.work {
            Work::Sequence(sequence) => Some(sequence),
            Work::Count | Work::Tours | Work::Draw { .. } => None,
        }
    }

    /// The same request with `method`.
    #[must_use]
    pub fn with_method(mut self, method: impl Into<MethodChoice>) -> Request {
        self.method = method.into();
        self
    }

    /// The same request asking `question`.
    #[must_use]
    pub fn asking(mut self, question: Question) -> Request {
        self.question = question;
        self
    }
}
