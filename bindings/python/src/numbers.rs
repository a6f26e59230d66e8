//! The library's answers as Python values: exact ints (a `BigUint` goes
//! over as its decimal digits), tables as lists of lists of ints, reports
//! as dicts, tours as lists of square names.

use kt_count::{BigUint, Board, RunReport, Square};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// A decimal string as a Python int, exactly; anything else is an
/// internal error, never 0.
fn decimal_to_int<'py>(py: Python<'py>, decimal: &str) -> PyResult<Bound<'py, PyAny>> {
    if decimal.is_empty() || !decimal.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PyRuntimeError::new_err(format!(
            "internal error: the count {decimal:?} is not a number"
        )));
    }
    py.import("builtins")?.getattr("int")?.call1((decimal,))
}

pub fn int<'py>(py: Python<'py>, n: &BigUint) -> PyResult<Bound<'py, PyAny>> {
    decimal_to_int(py, &n.to_string())
}

/// A table of the library's (`BigUint` cells, row 0 first) as a list of
/// lists of ints.
pub fn table<'py>(py: Python<'py>, table: &[Vec<BigUint>]) -> PyResult<Bound<'py, PyList>> {
    let rows = PyList::empty(py);
    for row in table {
        let cells = PyList::empty(py);
        for cell in row {
            cells.append(int(py, cell)?)?;
        }
        rows.append(cells)?;
    }
    Ok(rows)
}

/// A table of counts by square (one per square, in the board's order) as
/// a list per row, row 0 (the top) first.
pub fn board_table<'py>(
    py: Python<'py>,
    board: &Board,
    counts: &[BigUint],
) -> PyResult<Bound<'py, PyList>> {
    let rows = PyList::empty(py);
    for r in 0..board.rows() {
        let cells = PyList::empty(py);
        for c in 0..board.cols() {
            cells.append(int(py, &counts[board.square_at(r, c)])?)?;
        }
        rows.append(cells)?;
    }
    Ok(rows)
}

/// A report as a dict: the document `count --json` prints
/// (`RunReport::document`), through `json.loads`, with every count an
/// int: the total, and the cells of the tables by start and end square.
pub fn report_dict<'py>(py: Python<'py>, report: &RunReport) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(&report.document())
        .map_err(|e| PyRuntimeError::new_err(format!("cannot write the report as JSON: {e}")))?;
    let dict = py.import("json")?.call_method1("loads", (text,))?;
    if let Some(count) = &report.count {
        dict.set_item("count", decimal_to_int(py, count)?)?;
    }
    if let Some(by_start) = &report.by_start {
        dict.set_item("by_start", table(py, by_start)?)?;
    }
    if let Some(by_end) = &report.by_end {
        dict.set_item("by_end", table(py, by_end)?)?;
    }
    Ok(dict)
}

pub fn names(board: &Board, squares: &[Square]) -> Vec<String> {
    squares
        .iter()
        .map(|&s| kt_count::square_name(board, s))
        .collect()
}
