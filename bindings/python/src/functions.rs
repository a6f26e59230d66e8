//! The module's functions: one call, one answer (`count`, `by_start`,
//! `report`, `tours`, `tour`, `find`, `methods`). Each builds what it
//! needs and lets it go; `Tours` keeps a family to ask again.

use kt_count::{CancelToken, MethodSettings, Question, Selection, TourKind, Work};
use pyo3::prelude::*;

use crate::arguments::{self, Options};
use crate::errors::{KnightsTourError, failure_error, refused};
use crate::supervise::Watch;
use crate::{check, numbers, supervise, tables};

/// The number of tours of `board` (an int N for N×N, or "RxC").
///
/// Open tours are counted directed over every start square, closed
/// tours undirected (the project's convention). `start` and `end`
/// (algebraic names such as "a1") restrict the count to the tours
/// from and to those squares. `method` is "auto" or one of
/// `methods()`; `threads` and `memory` (an int of bytes or a size
/// such as "2GiB") are the resources of the methods that take them.
/// Work estimated beyond this machine (its memory and disk, or more
/// than 2 hours) raises BeyondMachineError unless `force=True`.
/// `check=True` compares the answer with the published counts
/// (CheckError where one disagrees). `timeout` (seconds) stops a count
/// that runs longer and raises CancelledError. `progress`, if given, is
/// called with one dict per event.
///
/// >>> count(5)
/// 1728
/// >>> count(6, closed=True)
/// 9862
/// >>> count(5, start="a1", check=True)
/// 304
#[pyfunction]
#[pyo3(signature = (board, closed=false, *, start=None, end=None, method="auto", threads=None, memory=None, force=false, check=false, timeout=None, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn count<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    closed: bool,
    start: Option<&str>,
    end: Option<&str>,
    method: &str,
    threads: Option<i64>,
    memory: Option<&Bound<'py, PyAny>>,
    force: bool,
    check: bool,
    timeout: Option<f64>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let board = arguments::board(board)?;
    let options = Options {
        method,
        threads,
        memory,
        force,
    };
    let request = options.request(board, arguments::kind(closed))?;
    let request = arguments::with_squares(request, start, end)?;
    let mut counted = supervise::count(py, request.clone(), Watch::new(progress, timeout)?)?;
    if check {
        check::check(py, &request, &mut counted)?;
    }
    numbers::int(py, &counted.count)
}

/// The tours of `board` by start square: a list per board row, row 0
/// (the top row, rank R) first, each entry the directed tours that
/// start there, ints; the entries add up to `count(board)` for open
/// tours. Closed tours pass every square, so every square starts each
/// of them twice (once each way): every entry is `2 * count(board,
/// closed=True)`. The table is a `Table` (a list, with `.to_numpy()`
/// and `.to_pandas()`), or a numpy array with `as_numpy=True`. The same
/// table as `report(board, closed, by_start=True)["by_start"]`.
///
/// >>> by_start("3x4")[0]
/// [2, 0, 0, 2]
/// >>> sum(map(sum, by_start(5)))
/// 1728
/// >>> by_start(6, closed=True)[0][0] == 2 * count(6, closed=True)
/// True
#[pyfunction]
#[pyo3(signature = (board, closed=false, *, method="auto", threads=None, memory=None, force=false, check=false, as_numpy=false, timeout=None, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn by_start<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    closed: bool,
    method: &str,
    threads: Option<i64>,
    memory: Option<&Bound<'py, PyAny>>,
    force: bool,
    check: bool,
    as_numpy: bool,
    timeout: Option<f64>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let board = arguments::board(board)?;
    let kind = arguments::kind(closed);
    let options = Options {
        method,
        threads,
        memory,
        force,
    };
    let request = options.request(board, kind)?.asking(Question::ByStart);
    let mut counted = supervise::count(py, request.clone(), Watch::new(progress, timeout)?)?;
    if check {
        check::check(py, &request, &mut counted)?;
    }
    let rows = tables::by_start(py, &board, kind, &counted.count, &counted.report)?;
    tables::wrap(py, &board, rows, as_numpy)
}

/// The report of a count as a dict: the `knights-tour/run/1` document
/// that `knights-tour count --json` writes, every field the same except
/// that counts are ints here (decimal strings in JSON): "count" and the
/// cells of "by_start". Takes `count`'s arguments; `by_start=True` adds
/// the table by start square, the same as `by_start()` gives (closed
/// tours too). `check=True` adds the "check" section.
///
/// >>> r = report(5)
/// >>> r["count"], r["schema"], r["benchmark"]["rows"]
/// (1728, 'knights-tour/run/1', 5)
#[pyfunction]
#[pyo3(signature = (board, closed=false, *, start=None, end=None, by_start=false, method="auto", threads=None, memory=None, force=false, check=false, timeout=None, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn report<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    closed: bool,
    start: Option<&str>,
    end: Option<&str>,
    by_start: bool,
    method: &str,
    threads: Option<i64>,
    memory: Option<&Bound<'py, PyAny>>,
    force: bool,
    check: bool,
    timeout: Option<f64>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let board = arguments::board(board)?;
    let kind = arguments::kind(closed);
    let options = Options {
        method,
        threads,
        memory,
        force,
    };
    let request = options.request(board, kind)?;
    let request = if by_start {
        if start.is_some() || end.is_some() {
            return Err(refused("by_start does not go with start or end"));
        }
        request.asking(Question::ByStart)
    } else {
        arguments::with_squares(request, start, end)?
    };
    let mut counted = supervise::count(py, request.clone(), Watch::new(progress, timeout)?)?;
    if check {
        check::check(py, &request, &mut counted)?;
    }
    let dict = numbers::report_dict(py, &counted.report)?;
    if by_start {
        let table = tables::by_start(py, &board, kind, &counted.count, &counted.report)?;
        dict.set_item("by_start", table)?;
    }
    Ok(dict)
}

/// Tours of `board` taken from the family of every tour: the first
/// `count` in the family's order, or `count` drawn uniformly at random
/// (`random=True`, repeatable with `seed`). Each tour is a list of
/// algebraic square names in the order visited (a closed tour's last
/// square is a knight's move from its first). A board without a tour
/// of this kind gives [], and so does `count=0` (without building
/// anything). To take tours again and again, keep a `Tours`.
///
/// >>> len(tours("3x4", count=5))
/// 5
/// >>> len(tours(6, closed=True, count=2, random=True, seed=1)[0])
/// 36
/// >>> tours(5, count=0)
/// []
#[pyfunction]
#[pyo3(signature = (board, closed=false, *, count=1, random=false, seed=None, method="auto", threads=None, memory=None, force=false, timeout=None, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn tours(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    closed: bool,
    count: i64,
    random: bool,
    seed: Option<u64>,
    method: &str,
    threads: Option<i64>,
    memory: Option<&Bound<'_, PyAny>>,
    force: bool,
    timeout: Option<f64>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Vec<Vec<String>>> {
    let board = arguments::board(board)?;
    let selection = arguments::selection(count, random, seed)?;
    let options = Options {
        method,
        threads,
        memory,
        force,
    };
    let mut request = options.request(board, arguments::kind(closed))?;
    let Some(selection) = selection else {
        return Ok(Vec::new());
    };
    request.work = Work::Tours;
    take(py, request, selection, Watch::new(progress, timeout)?)
}

/// One tour of `board` from the family of every tour: the first, or
/// one drawn uniformly at random (`random=True`, repeatable with
/// `seed`), as a list of algebraic square names. Raises
/// KnightsTourError where the board has no tour of this kind, naming
/// the theorem that says so.
///
/// >>> len(tour("3x4"))
/// 12
#[pyfunction]
#[pyo3(signature = (board, closed=false, *, random=false, seed=None, method="auto", threads=None, memory=None, force=false, timeout=None, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn tour(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    closed: bool,
    random: bool,
    seed: Option<u64>,
    method: &str,
    threads: Option<i64>,
    memory: Option<&Bound<'_, PyAny>>,
    force: bool,
    timeout: Option<f64>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Vec<String>> {
    let board = arguments::board(board)?;
    let kind = arguments::kind(closed);
    let selection = arguments::selection(1, random, seed)?;
    let options = Options {
        method,
        threads,
        memory,
        force,
    };
    let mut request = options.request(board, kind)?;
    request.work = Work::Tours;
    let Some(selection) = selection else {
        return Err(refused("internal error: one tour selects none"));
    };
    take(py, request, selection, Watch::new(progress, timeout)?)?
        .into_iter()
        .next()
        .ok_or_else(|| no_tour(&board, kind))
}

/// One tour of a board of any size, found without a diagram (what
/// `knights-tour find` prints), as a list of algebraic square names;
/// `start` asks for the tour to start on that square. Raises
/// KnightsTourError where the board has no tour of this kind (with the
/// theorem that says so) or the start cannot be honoured.
///
/// >>> len(find(50, closed=True))
/// 2500
#[pyfunction]
#[pyo3(signature = (board, closed=false, *, start=None))]
pub fn find(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    closed: bool,
    start: Option<&str>,
) -> PyResult<Vec<String>> {
    let board = arguments::board(board)?;
    let kind = arguments::kind(closed);
    let start = start.map(|s| arguments::square(&board, s)).transpose()?;
    let options = kt_tours::FindOptions {
        start,
        ..kt_tours::FindOptions::default()
    };
    // Finding has no cancellation token: Ctrl-C raises at once and the
    // thread finishes on its own.
    let found = supervise::supervised(py, CancelToken::new(), false, None, move |_| {
        Ok(kt_tours::find_tour(&board, kind, &options))
    })?
    .map_err(|failure| failure_error(&failure))?;
    let tour = found.map_err(|e| match e {
        kt_tours::FindError::NoTour(reason) => KnightsTourError::new_err(reason.to_string()),
        kt_tours::FindError::StartOffBoard { .. }
        | kt_tours::FindError::StartOnMinorityColour { .. }
        | kt_tours::FindError::StartOnInnerLine { .. } => KnightsTourError::new_err(e.to_string()),
        other => pyo3::exceptions::PyRuntimeError::new_err(format!(
            "no {kind} tour found on {board}: {other}"
        )),
    })?;
    // find_tour returns tours that have passed the one checker.
    Ok(numbers::names(&board, &tour.squares))
}

/// The names `method` takes besides "auto", in the registry's order
/// (which breaks ties between equal estimates).
///
/// >>> methods()
/// ['zdd', 'frontier', 'edges', 'backtrack', 'cluster']
#[pyfunction]
pub fn methods() -> Vec<&'static str> {
    MethodSettings::names()
}

/// The board's name ("RxC"), its squares (name, column, rank from the
/// bottom, both 0-based) and its knight's moves, each once, as pairs of
/// names: what `knight_graph` builds its networkx graph from.
#[pyfunction]
#[allow(clippy::type_complexity)]
pub fn _knight_graph(
    board: &Bound<'_, PyAny>,
) -> PyResult<(String, Vec<(String, usize, usize)>, Vec<(String, String)>)> {
    let board = arguments::board(board)?;
    let name = |s| kt_count::square_name(&board, s);
    let squares = (0..board.cells())
        .map(|s| {
            let (row, col) = board.row_col(s);
            (name(s), col, board.rows() - 1 - row)
        })
        .collect();
    let moves = (0..board.cells())
        .flat_map(|a| {
            board
                .knight_moves(a)
                .filter(move |&b| a < b)
                .map(move |b| (a, b))
                .collect::<Vec<_>>()
        })
        .map(|(a, b)| (name(a), name(b)))
        .collect();
    Ok((board.to_string(), squares, moves))
}

/// The selected tours of the family `request` builds.
fn take(
    py: Python<'_>,
    request: kt_count::Request,
    selection: Selection,
    watch: Watch,
) -> PyResult<Vec<Vec<String>>> {
    supervise::run(py, watch, move |observer, cancel| {
        let built = kt_count::tours(&request, observer, cancel)?;
        let Some(family) = built.family else {
            return Ok(Vec::new());
        };
        let board = request.board;
        family
            .tours(&selection)
            // Every tour taken has passed the one checker in the library
            // (`zdd::extract`).
            .map(|picked| picked.map(|(_, tour)| numbers::names(&board, &tour.squares)))
            .collect()
    })
}

/// The error of a board without a tour of this kind, with the theorem.
fn no_tour(board: &kt_count::Board, kind: TourKind) -> PyErr {
    KnightsTourError::new_err(match kt_tours::tour_exists(board, kind) {
        Err(reason) => reason.to_string(),
        Ok(()) => format!("the {board} board has no {kind} tour"),
    })
}

/// The terms of a whole sequence from one sweep, as `knights-tour
/// sequence` counts them: every board `rows × n` for n = 1..`to` (with
/// `cells=True`, every first n cells of the strip, numbered column by
/// column, the top row first), a list of ints, term n at index n − 1.
///
/// Open tours are counted directed, closed tours undirected (the
/// project's convention); `oeis="A306281"` gives the terms in that
/// sequence's convention (most open sequences count undirected) and must
/// be of `rows`, `closed` and `cells`; with `check=True` every published
/// term the package ships is compared (CheckError where one disagrees).
/// The sweep is planned and refused as `count` is: threads and memory the
/// machine can honour, and work estimated beyond this machine raises
/// BeyondMachineError unless `force=True`. `spill_dir` is where levels
/// that do not fit the memory spill; `checkpoint` a directory where the
/// sweep keeps its level now and then (every `checkpoint_every` seconds,
/// five minutes unless given), and goes on from the one there when
/// called again (after a timeout, Ctrl-C or a lost machine).
/// `timeout` (seconds) stops it and raises CancelledError. `progress`, if
/// given, is called with one dict per event, as `count`'s is.
///
/// >>> sequence(4, 8, oeis="A079137", check=True)
/// [0, 0, 8, 0, 82, 744, 6378, 31088]
/// >>> sequence(5, 6, closed=True)
/// [0, 0, 0, 0, 0, 8]
#[pyfunction]
#[pyo3(signature = (rows, to, closed=false, *, cells=false, oeis=None, check=false, threads=None, memory=None, force=false, spill_dir=None, checkpoint=None, checkpoint_every=None, timeout=None, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn sequence<'py>(
    py: Python<'py>,
    rows: usize,
    to: usize,
    closed: bool,
    cells: bool,
    oeis: Option<&str>,
    check: bool,
    threads: Option<i64>,
    memory: Option<&Bound<'py, PyAny>>,
    force: bool,
    spill_dir: Option<std::path::PathBuf>,
    checkpoint: Option<std::path::PathBuf>,
    checkpoint_every: Option<f64>,
    timeout: Option<f64>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    use kt_count::sequence_check::Check;
    use kt_count::{Measure, Request};

    let kind = arguments::kind(closed);
    let measure = if cells { Measure::Cells } else { Measure::Cols };
    if check && oeis.is_none() {
        return Err(refused(
            "check=True compares with a published sequence: name it with oeis=\"A…\"",
        ));
    }
    let published = oeis
        .map(|a_number| Check::new(a_number, rows, kind, measure))
        .transpose()
        .map_err(|failure| failure_error(&failure))?;
    let request =
        Request::sequence(rows, to, kind, measure).map_err(|failure| failure_error(&failure))?;
    let request = arguments::SequenceOptions {
        threads,
        memory,
        force,
        spill_dir,
        checkpoint,
        checkpoint_every,
    }
    .apply(request)?;
    let counted = supervise::sequence(py, request, Watch::new(progress, timeout)?)?;
    if let Some(published) = &published
        && check
    {
        let verdict = published.verdict(&counted.terms);
        if !verdict.agrees() {
            return Err(crate::errors::CheckError::new_err(verdict.line));
        }
    }
    counted
        .terms
        .iter()
        .map(|term| {
            let value = published
                .as_ref()
                .map_or_else(|| term.count.clone(), |c| c.convert(term));
            numbers::int(py, &value)
        })
        .collect()
}
