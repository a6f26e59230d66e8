//! Why a count did not produce a number.

use std::fmt;

use kt_memory::Bytes;

use crate::report::RunReport;
use crate::words::{Message, Setting, message};

/// The kind of failure, which decides how a command line exits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// The request cannot be run as asked, and no work was done: a board
    /// or option the method does not support, options that do not go
    /// together, a budget too small to start.
    Refused,
    /// Refused before any work as well, because the estimate is beyond
    /// this machine (its memory and disk, or the time a run is allowed):
    /// unlike [`FailureKind::Refused`], asking again with `force` starts
    /// it. Told apart here so that a front end says which without
    /// planning again.
    BeyondMachine,
    /// A resource limit stopped the work: the memory budget, the node
    /// capacity, a memo that cannot grow.
    Limit,
    /// The work was asked to stop (see [`crate::Cause::Stop`]).
    Stopped { signal: Option<i32> },
    /// Anything else, including internal errors.
    Other,
}

/// A count that did not finish: one line of explanation and, when work
/// had started, the report of what was done.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    pub kind: FailureKind,
    /// One line, no trailing period; names the limit or the option at
    /// fault, as a typed word that each front end spells
    /// ([`Message::spell`]).
    pub message: Message,
    /// The partial report, with `status` saying how the run ended.
    pub report: Option<Box<RunReport>>,
}

impl FailureKind {
    /// Whether the work was refused before it started: nothing was done,
    /// and no report says how far it got.
    pub fn is_refusal(self) -> bool {
        matches!(self, FailureKind::Refused | FailureKind::BeyondMachine)
    }
}

impl Failure {
    pub fn refused(message: impl Into<Message>) -> Failure {
        Failure {
            kind: FailureKind::Refused,
            message: message.into(),
            report: None,
        }
    }

    /// The refusal of work estimated beyond this machine
    /// ([`FailureKind::BeyondMachine`]).
    pub fn beyond_machine(message: impl Into<Message>) -> Failure {
        Failure {
            kind: FailureKind::BeyondMachine,
            message: message.into(),
            report: None,
        }
    }

    pub fn other(message: impl Into<Message>) -> Failure {
        Failure {
            kind: FailureKind::Other,
            message: message.into(),
            report: None,
        }
    }

    /// The same failure with the partial report attached.
    #[must_use]
    pub fn with_report(mut self, report: RunReport) -> Failure {
        self.report = Some(Box::new(report));
        self
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message.fmt(f)
    }
}

impl std::error::Error for Failure {}

/// The words every stop by the memory budget begins with: "memory budget
/// of 8 GiB exceeded (resident 8.1 GiB) `when`", written once for the
/// methods, the sequence, the order search and the command line.
pub fn budget_exceeded(budget: Bytes, resident: Bytes, when: impl fmt::Display) -> String {
    format!("memory budget of {budget} exceeded (resident {resident}) {when}")
}

/// The smallest memory budget any method can work in: a fresh process
/// holds about 5 MiB before any work (its resident set when the plan runs,
/// measured on the release build), and every method needs a few more for
/// its first tables. The plan refuses a smaller budget with one message,
/// whatever the method, instead of failing in each method's own way.
pub const MIN_MEMORY: Bytes = Bytes(8 * Bytes::MIB);

/// Where work was when it outgrew its memory budget, for the advice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outgrown {
    /// A frontier sweep building a level; `checkpointed` when a checkpoint
    /// holds a level to resume from.
    Sweep { checkpointed: bool },
    /// An engine's operation (the time-sliced or edge ZDD).
    Engine,
}

/// What to do about work that outgrew a memory `budget`: written once,
/// for the library's own failures and for a front end that abandons work
/// the library could not stop in time. At the smallest budget there is no
/// smaller one to spill sooner with.
pub fn memory_advice(budget: Bytes, outgrown: Outgrown) -> Message {
    let memory = Setting::Memory;
    if budget <= MIN_MEMORY {
        return message!("raise ", memory);
    }
    match outgrown {
        Outgrown::Sweep { checkpointed: true } => message!(
            "raise ",
            memory,
            ", or resume from the checkpoint with a smaller ",
            memory,
            " so that levels spill sooner"
        ),
        Outgrown::Sweep {
            checkpointed: false,
        } => message!(
            "raise ",
            memory,
            ", or let levels spill sooner with a smaller ",
            memory
        ),
        Outgrown::Engine => message!("raise ", memory, " or choose another ", Setting::Schedule),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::{Setting, Spelling, Word, message};

    /// A front end of keyword arguments, as Python's is: no message it
    /// renders says `--`.
    struct Keywords;

    impl Spelling for Keywords {
        fn word(&self, word: Word) -> String {
            match word {
                Word::Force => "force=True".into(),
                Word::From => "start".into(),
                other => other.name().into(),
            }
        }

        fn given(&self, word: Word, value: &str) -> String {
            format!("{}={value:?}", self.word(word))
        }
    }

    #[test]
    fn a_failure_is_spelled_by_the_front_end_that_shows_it() {
        let failure = Failure::refused(message!(
            Word::Method.given("zdd"),
            " is beyond this machine; ",
            Word::Force,
            " starts it anyway (raise ",
            Setting::Memory,
            " or ",
            message!("a smaller ", Word::From),
            ")"
        ));
        let keywords = failure.message.spell(&Keywords);
        assert_eq!(
            keywords,
            "method=\"zdd\" is beyond this machine; force=True starts it anyway (raise memory or a smaller start)"
        );
        assert!(!keywords.contains("--"));
        assert_eq!(
            failure.to_string(),
            "method zdd is beyond this machine; force starts it anyway (raise memory or a smaller from)"
        );
        assert_eq!(
            failure.message.words(),
            [
                Word::Method,
                Word::Force,
                Word::Setting(Setting::Memory),
                Word::From
            ]
        );
    }
}
