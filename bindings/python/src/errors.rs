//! The exceptions Python sees, and which failure of the library raises
//! which.
//!
//! Every error of the package is a [`KnightsTourError`], itself a
//! `ValueError` (so code written against the earlier bare `ValueError`
//! goes on catching it). Its subclasses say what went wrong in terms a
//! caller can act on: [`BoardError`] (the board or a square on it),
//! [`BeyondMachineError`] (work the plan estimates beyond this machine,
//! or a memory or node limit reached while it ran), [`CancelledError`]
//! (the run was stopped) and [`CheckError`] (`check=True` found a
//! published count that disagrees). Ctrl-C raises `KeyboardInterrupt`, as
//! everywhere in Python; an internal error raises `RuntimeError`.

use kt_count::{
    AlgebraicError, BoardError as LibBoardError, ChoiceError, Failure, FailureKind, GivenOptions,
    MethodSettings,
};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::spelling::{setting, spelled};

create_exception!(
    knights_tour,
    KnightsTourError,
    PyValueError,
    "Every error of knights_tour: a ValueError, with subclasses for a bad board, work beyond the machine, a cancelled run and a failed check."
);
create_exception!(
    knights_tour,
    BoardError,
    KnightsTourError,
    "A board or square that is not one: \"5y5\", 0x5, a bool, a square off the board."
);
create_exception!(
    knights_tour,
    BeyondMachineError,
    KnightsTourError,
    "Work beyond this machine: estimated beyond its memory, disk or time (force=True starts it anyway), or a memory or node limit reached while it ran."
);
create_exception!(
    knights_tour,
    CancelledError,
    KnightsTourError,
    "A run stopped before its answer: timeout= seconds passed (Ctrl-C raises KeyboardInterrupt, as everywhere in Python)."
);
create_exception!(
    knights_tour,
    CheckError,
    KnightsTourError,
    "check=True: a published count disagrees with the answer."
);

/// The error of a board the library cannot read.
pub fn board_error(error: &LibBoardError) -> PyErr {
    BoardError::new_err(error.to_string())
}

/// The error of a square name that is not a square of the board.
pub fn square_error(error: &AlgebraicError) -> PyErr {
    BoardError::new_err(error.to_string())
}

/// The Python exception for a failure of the library: work refused as
/// beyond the machine (the library says which refusal `force` lifts,
/// [`FailureKind::BeyondMachine`]), a limit reached, a stop, anything
/// else refused; an internal error is a `RuntimeError`.
pub fn failure_error(failure: &Failure) -> PyErr {
    let message = spelled(&failure.message);
    match failure.kind {
        FailureKind::BeyondMachine | FailureKind::Limit => BeyondMachineError::new_err(message),
        FailureKind::Refused => KnightsTourError::new_err(message),
        FailureKind::Stopped { .. } => CancelledError::new_err(message),
        FailureKind::Other => PyRuntimeError::new_err(message),
    }
}

/// Why a method's name and the options given make no choice, in
/// Python's words (`method="zdd"`, `memory`), from the library's typed
/// error.
pub fn choice_error(error: ChoiceError, given: &GivenOptions) -> PyErr {
    let message = match error {
        ChoiceError::Unknown(name) => format!(
            "no method '{name}': the methods are auto, {}",
            MethodSettings::names().join(", ")
        ),
        ChoiceError::NoneTakesAll(_) => {
            let given: Vec<&str> = given.settings().into_iter().map(setting).collect();
            format!("no one method takes {} together", given.join(", "))
        }
        ChoiceError::NotTaken {
            method,
            setting: taken,
            takers,
        } => {
            let option = setting(taken).to_string();
            let takers: Vec<String> = takers.iter().map(|m| format!("method=\"{m}\"")).collect();
            format!(
                "{option} applies to {} only; this count runs method=\"{method}\"",
                takers.join(" or ")
            )
        }
    };
    KnightsTourError::new_err(message)
}

/// A plain refusal of an argument, before any work.
pub fn refused(message: impl Into<String>) -> PyErr {
    KnightsTourError::new_err(message.into())
}
