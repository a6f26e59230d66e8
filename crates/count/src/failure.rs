//! Why a count did not produce a number.

use std::fmt;

use crate::report::RunReport;
use crate::words::Message;

/// The kind of failure, which decides how a command line exits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// The request cannot be run as asked, and no work was done: a board
    /// or option the method does not support, options that do not go
    /// together, a budget too small to start.
    Refused,
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

impl Failure {
    pub fn refused(message: impl Into<Message>) -> Failure {
        Failure {
            kind: FailureKind::Refused,
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
pub fn budget_exceeded(
    budget: kt_memory::Bytes,
    resident: kt_memory::Bytes,
    when: impl fmt::Display,
) -> String {
    format!("memory budget of {budget} exceeded (resident {resident}) {when}")
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
