//! Exit statuses, and the one-line errors that come with them.

use std::fmt;

use kt_count::{Failure, FailureKind};

/// The process's exit status (documented in `--help`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitCode {
    Success,
    /// A `--check` or `verify` disagreed.
    CheckFailed,
    /// Bad input, or a request refused before any work.
    BadInput,
    /// A memory or node limit stopped the work.
    Limit,
    /// Anything else.
    Other,
    /// No tour exists on the board (`find`, `tour`, `dot`): an answer, not
    /// a failure of the program, but there is nothing to print.
    NoTour,
    /// Stopped by signal `n`: 128 + n, as shells report a signal's death.
    Signal(i32),
    /// Standard output is a pipe whose reader has gone: 128 + SIGPIPE,
    /// what a Unix tool killed by SIGPIPE reports.
    BrokenPipe,
}

impl ExitCode {
    pub fn code(self) -> i32 {
        match self {
            ExitCode::Success => 0,
            ExitCode::CheckFailed => 1,
            ExitCode::BadInput => 2,
            ExitCode::Limit => 3,
            ExitCode::Other => 4,
            ExitCode::NoTour => 5,
            ExitCode::Signal(n) => 128 + n,
            ExitCode::BrokenPipe => 141,
        }
    }
}

/// A command that did not succeed: an exit status and a one-line message
/// (empty for a closed pipe, which ends the program quietly).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError {
    pub code: ExitCode,
    pub message: String,
}

impl CliError {
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            code: ExitCode::BadInput,
            message: message.into(),
        }
    }

    pub fn other(message: impl Into<String>) -> CliError {
        CliError {
            code: ExitCode::Other,
            message: message.into(),
        }
    }

    /// The board has no tour of the kind asked for.
    pub fn no_tour(message: impl Into<String>) -> CliError {
        CliError {
            code: ExitCode::NoTour,
            message: message.into(),
        }
    }

    /// The quiet end of a program whose reader closed the pipe.
    pub fn broken_pipe() -> CliError {
        CliError {
            code: ExitCode::BrokenPipe,
            message: String::new(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The exit status of a library failure. SIGINT is assumed for a stop
/// without a signal number (the library's own callers).
pub fn code_of(failure: &Failure) -> ExitCode {
    match failure.kind {
        FailureKind::Refused | FailureKind::BeyondMachine => ExitCode::BadInput,
        FailureKind::Limit => ExitCode::Limit,
        FailureKind::Stopped { signal } => ExitCode::Signal(signal.unwrap_or(2)),
        FailureKind::Other => ExitCode::Other,
    }
}

impl From<Failure> for CliError {
    fn from(failure: Failure) -> CliError {
        CliError {
            code: code_of(&failure),
            message: crate::spelling::spelled(&failure.message),
        }
    }
}
