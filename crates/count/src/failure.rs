//! Why a count did not produce a number.

use std::fmt;

use crate::report::RunReport;

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
    /// One line, no trailing period; names the limit or the option at fault.
    pub message: String,
    /// The partial report, with `status` saying how the run ended.
    pub report: Option<Box<RunReport>>,
}

impl Failure {
    pub fn refused(message: impl Into<String>) -> Failure {
        Failure {
            kind: FailureKind::Refused,
            message: message.into(),
            report: None,
        }
    }

    pub fn other(message: impl Into<String>) -> Failure {
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
        f.write_str(&self.message)
    }
}

impl std::error::Error for Failure {}
