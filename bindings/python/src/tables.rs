//! Tables by square: the library's counts as a `knights_tour.Table` (a
//! list per board row, ints, with `.to_numpy()` and `.to_pandas()`), or
//! a numpy array on request.
//!
//! One place decides what the table by start square of a count is, for
//! `by_start()`, `report(by_start=True)` and `Tours.by_start()` alike:
//! open tours, the library's table; closed tours, where every tour passes
//! every square, the same count on every square: twice the undirected
//! total, the directed tours that start there (the library says so in
//! the report's note instead of a table).

use kt_count::{BigUint, Board, RunReport, TourKind};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::numbers;

/// The table by start square a count answered, as a list of lists of ints.
pub fn by_start<'py>(
    py: Python<'py>,
    board: &Board,
    kind: TourKind,
    total: &BigUint,
    report: &RunReport,
) -> PyResult<Bound<'py, PyList>> {
    match kind {
        TourKind::Open => {
            let table = report.by_start.as_ref().ok_or_else(|| {
                PyRuntimeError::new_err("internal error: the count came without its table")
            })?;
            numbers::table(py, table)
        }
        TourKind::Closed => closed(py, board, total),
    }
}

/// Every square starts each closed tour twice, once each way.
pub fn closed<'py>(
    py: Python<'py>,
    board: &Board,
    total: &BigUint,
) -> PyResult<Bound<'py, PyList>> {
    let every = total * 2u32;
    numbers::board_table(py, board, &vec![every; board.cells()])
}

/// `rows` as a `knights_tour.Table` of `board`, or as a numpy array.
pub fn wrap<'py>(
    py: Python<'py>,
    board: &Board,
    rows: Bound<'py, PyList>,
    as_numpy: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let table = py
        .import("knights_tour._table")?
        .getattr("Table")?
        .call1((rows, board.to_string()))?;
    if as_numpy {
        table.call_method0("to_numpy")
    } else {
        Ok(table)
    }
}
