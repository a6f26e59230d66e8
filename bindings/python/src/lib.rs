//! `knights_tour`: the knights-tour counting library (kt-count) from Python.
//!
//! Counts come back as Python ints (exact: the library's `BigUint` goes
//! over as its decimal digits), tables by start square as lists of lists
//! of ints (`knights_tour.Table`, numpy and pandas on request), tours as
//! lists of algebraic square names (`"a1"`, `"c2"`, …), reports as dicts
//! (the `knights-tour/run/1` document `count --json` writes), and the
//! family of every tour of a board as a kept object (`Tours`).
//!
//! One module a job:
//! - [`functions`]: the module's functions, one call one answer;
//! - [`family`]: `Tours`, the family built once and kept;
//! - [`arguments`]: Python's arguments as the library's values;
//! - [`numbers`] and [`tables`]: the library's answers as Python values;
//! - [`check`]: `check=True`, the library's published-count check;
//! - [`supervise`] and [`progress`]: a run on its own thread, Ctrl-C and
//!   the progress callback;
//! - [`errors`] and [`spelling`]: the exceptions, and the library's words
//!   in Python's (`threads=`, never `--threads`).

mod arguments;
mod check;
mod errors;
mod family;
mod functions;
mod numbers;
mod progress;
mod spelling;
mod supervise;
mod tables;

/// Exact knight's tour counts, tables, tours and reports.
///
/// Open tours are Hamiltonian paths of the knight's graph, counted directed
/// over every start square; closed tours are Hamiltonian cycles, counted
/// undirected. Counts are exact Python ints. Boards are an int N (N×N) or
/// a string "RxC". Ctrl-C stops a count and raises KeyboardInterrupt.
///
/// Examples:
///
/// >>> import knights_tour as kt
/// >>> kt.count(5)
/// 1728
/// >>> kt.count(6, closed=True)
/// 9862
/// >>> kt.count("3x4", start="a1")
/// 2
/// >>> kt.report(5)["count"]
/// 1728
/// >>> tours = kt.Tours("3x4")
/// >>> len(tours), tours[0] in tours
/// (16, True)
#[pyo3::pymodule]
mod knights_tour {
    use pyo3::prelude::*;

    #[pymodule_export]
    #[allow(non_upper_case_globals)]
    const __version__: &str = env!("CARGO_PKG_VERSION");

    #[pymodule_export]
    use crate::functions::{
        _knight_graph, by_start, count, find, methods, report, sequence, tour, tours,
    };

    #[pymodule_export]
    use crate::family::{TourIter, Tours};

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        use crate::errors::{
            BeyondMachineError, BoardError, CancelledError, CheckError, KnightsTourError,
        };
        let py = m.py();
        m.add("KnightsTourError", py.get_type::<KnightsTourError>())?;
        m.add("BoardError", py.get_type::<BoardError>())?;
        m.add("BeyondMachineError", py.get_type::<BeyondMachineError>())?;
        m.add("CancelledError", py.get_type::<CancelledError>())?;
        m.add("CheckError", py.get_type::<CheckError>())?;
        Ok(())
    }
}
