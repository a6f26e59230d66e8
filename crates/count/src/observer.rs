//! Watching a count: progress and the report so far.
//!
//! A method calls its observer as it works; the library itself prints
//! nothing. The command line draws a progress bar from these calls and
//! keeps the last report, so that it can print a partial report even when
//! the work cannot return (an oxidd apply in progress does not look at the
//! cancellation token).

use crate::cancel::CancelToken;
use crate::report::{RunReport, StepReport};
use crate::words::Message;

/// Work inside a long step, in the unit that moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    /// A filtered rebuild has memoised this many (node, state) pairs.
    FilterMemo { entries: usize },
    /// The frontier method has expanded `done` of the `states` states of
    /// the level before step `step` of `steps`.
    Level {
        step: usize,
        steps: usize,
        done: u64,
        states: u64,
    },
    /// A backtracking search has visited this many nodes and found this
    /// many tours; `starts_done` of `starts_total` start squares are done.
    Search {
        nodes: u64,
        tours: u128,
        starts_done: usize,
        starts_total: usize,
    },
}

/// Receives a method's progress. Every method has a default of doing
/// nothing, so an observer implements only what it shows.
pub trait Observer: Sync {
    /// The report as it stands: what an interrupted run would print.
    /// Called when a run starts and after every step.
    fn report(&self, _report: &RunReport) {}
    /// Step `index` (0-based) of `total` starts.
    fn step_started(&self, _index: usize, _total: usize, _name: &str) {}
    /// A step finished.
    fn step_finished(&self, _step: &StepReport, _total: usize) {}
    /// Work inside the current step.
    fn progress(&self, _progress: Progress) {}
    /// Something the caller should know but that is not an error (a
    /// setting capped, an estimate of the work ahead), in the library's
    /// words: the front end spells it ([`Message::spell`]).
    fn note(&self, _note: &Message) {}
}

/// An observer that ignores everything.
pub struct Silent;

impl Observer for Silent {}

/// The caller's watch over a running count: the observer that sees its
/// progress and the token that stops it. The two travel together through
/// every layer between the door ([`crate::Plan::run`]) and the sweep, so
/// they are one value: a method, a question's answer and the sweep runner
/// each take a `Watch`, not the pair.
#[derive(Clone, Copy)]
pub struct Watch<'a> {
    /// Sees the work as it goes.
    pub observer: &'a dyn Observer,
    /// Stops it.
    pub cancel: &'a CancelToken,
}

impl<'a> Watch<'a> {
    /// The watch of `observer` and `cancel`.
    #[must_use]
    pub fn new(observer: &'a dyn Observer, cancel: &'a CancelToken) -> Watch<'a> {
        Watch { observer, cancel }
    }
}
