//! `knights_tour`: the knights-tour counting library (kt-count) from Python.
//!
//! Counts come back as Python ints (exact: the library's `BigUint` goes
//! over as its decimal string), tables by start square as lists of lists
//! of ints, tours as lists of algebraic square names (`"a1"`, `"c2"`, …)
//! and reports as dicts (the `knights-tour/run/1` document `count --json`
//! writes).
//!
//! Every count runs on a thread of its own with the interpreter released,
//! while the calling thread looks at Python's signals every 50 ms: Ctrl-C
//! cancels the count (kt-count's `CancelToken`), waits for it to stop and
//! raises `KeyboardInterrupt`. A second Ctrl-C while it stops raises at
//! once and leaves the thread to finish on its own. Progress reaches an
//! optional callback, called with the interpreter held.
//!
//! Errors: what the command line refuses with a one-line message (a bad
//! board, square, method or size; a request the plan refuses) raises
//! `ValueError` with that message; a limit reached or any other failure
//! raises `RuntimeError`; an exception raised by the progress callback
//! stops the count and is raised again.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use kt_count::{
    BigUint, Board, Bytes, CancelToken, Cause, ChoiceError, Failure, FailureKind, GivenOptions,
    MethodChoice, MethodSettings, Observer, Progress, Question, Request, Resources, RunReport,
    Selection, Square, Supervised, TourKind, Waited, Work,
};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList};

/// How often the calling thread looks at Python's signals while a count runs.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// The least time between two `"progress"` events given to the callback
/// (step starts and notes always go through).
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

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
#[pymodule]
mod knights_tour {
    #[allow(clippy::wildcard_imports)]
    use super::*;

    #[pymodule_export]
    #[allow(non_upper_case_globals)]
    const __version__: &str = env!("CARGO_PKG_VERSION");

    /// The number of tours of `board` (an int N for N×N, or "RxC").
    ///
    /// Open tours are counted directed over every start square, closed
    /// tours undirected (the project's convention). `start` and `end`
    /// (algebraic names such as "a1") restrict the count to the tours
    /// from and to those squares. `method` is "auto" or one of
    /// `methods()`; `threads` and `memory` (an int of bytes or a size
    /// such as "2GiB") are the resources of the methods that take them.
    /// Work estimated beyond this machine (its memory and disk, or more
    /// than 2 hours) raises ValueError unless `force=True`. `progress`, if
    /// given, is called with one dict per event.
    ///
    /// >>> count(5)
    /// 1728
    /// >>> count(6, closed=True)
    /// 9862
    /// >>> count(5, start="a1")
    /// 304
    #[pyfunction]
    #[pyo3(signature = (board, closed=false, *, start=None, end=None, method="auto", threads=None, memory=None, force=false, progress=None))]
    #[allow(clippy::too_many_arguments)]
    fn count(
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        closed: bool,
        start: Option<&str>,
        end: Option<&str>,
        method: &str,
        threads: Option<i64>,
        memory: Option<&Bound<'_, PyAny>>,
        force: bool,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let request =
            request(board, closed, method, threads, memory, force)?.asking(Question::Total);
        let request = with_squares(request, start, end)?;
        let counted = run_count(py, request, progress)?;
        to_int(py, &counted.count)
    }

    /// The open tours of `board` by start square: a list per board row,
    /// row 0 (the top row, rank R) first, each entry the directed tours
    /// that start there; the entries add up to `count(board)`.
    ///
    /// Closed tours have no such table (every closed tour passes every
    /// square, so every square starts the same 2 × count directed tours):
    /// `closed=True` raises ValueError.
    ///
    /// >>> by_start("3x4")[0]
    /// [2, 0, 0, 2]
    /// >>> sum(map(sum, by_start(5)))
    /// 1728
    #[pyfunction]
    #[pyo3(signature = (board, closed=false, *, method="auto", threads=None, memory=None, force=false, progress=None))]
    #[allow(clippy::too_many_arguments)]
    fn by_start(
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        closed: bool,
        method: &str,
        threads: Option<i64>,
        memory: Option<&Bound<'_, PyAny>>,
        force: bool,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let request =
            request(board, closed, method, threads, memory, force)?.asking(Question::ByStart);
        if request.kind == TourKind::Closed {
            return Err(PyValueError::new_err(
                "by_start counts open tours: every closed tour passes every square, so every square starts the same directed tours (twice the undirected count)",
            ));
        }
        let counted = run_count(py, request, progress)?;
        let table = counted.report.by_start.as_ref().ok_or_else(|| {
            PyRuntimeError::new_err("internal error: the count came without its table")
        })?;
        let rows = PyList::empty(py);
        for row in table {
            let cells = PyList::empty(py);
            for cell in row {
                cells.append(to_int(py, cell)?)?;
            }
            rows.append(cells)?;
        }
        Ok(rows.into_any().unbind())
    }

    /// The report of a count as a dict: the `knights-tour/run/1` document
    /// that `knights-tour count --json` writes, every field the same
    /// except "count", an int here (a decimal string in JSON). Takes
    /// `count`'s arguments; `by_start=True` adds the table by start square
    /// ("by_start", open tours; its entries stay decimal strings, as in
    /// the document).
    ///
    /// >>> r = report(5)
    /// >>> r["count"], r["schema"], r["benchmark"]["rows"]
    /// (1728, 'knights-tour/run/1', 5)
    #[pyfunction]
    #[pyo3(signature = (board, closed=false, *, start=None, end=None, by_start=false, method="auto", threads=None, memory=None, force=false, progress=None))]
    #[allow(clippy::too_many_arguments)]
    fn report(
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        closed: bool,
        start: Option<&str>,
        end: Option<&str>,
        by_start: bool,
        method: &str,
        threads: Option<i64>,
        memory: Option<&Bound<'_, PyAny>>,
        force: bool,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let request = request(board, closed, method, threads, memory, force)?;
        let request = if by_start {
            if start.is_some() || end.is_some() {
                return Err(PyValueError::new_err(
                    "by_start does not go with start or end",
                ));
            }
            request.asking(Question::ByStart)
        } else {
            with_squares(request, start, end)?
        };
        let counted = run_count(py, request, progress)?;
        report_dict(py, &counted.report)
    }

    /// Tours of `board` taken from the family of every tour: the first
    /// `count` in the family's order, or `count` drawn uniformly at random
    /// (`random=True`, repeatable with `seed`). Each tour is a list of
    /// algebraic square names in the order visited (a closed tour's last
    /// square is a knight's move from its first). A board without a tour
    /// of this kind gives [].
    ///
    /// >>> len(tours("3x4", count=5))
    /// 5
    /// >>> len(tours(6, closed=True, count=2, random=True, seed=1)[0])
    /// 36
    #[pyfunction]
    #[pyo3(signature = (board, closed=false, *, count=1, random=false, seed=None, method="auto", threads=None, memory=None, force=false, progress=None))]
    #[allow(clippy::too_many_arguments)]
    fn tours(
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
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Vec<Vec<String>>> {
        let selection = selection(count, random, seed)?;
        let mut request = request(board, closed, method, threads, memory, force)?;
        request.work = Work::Tours;
        run_tours(py, request, selection, progress)
    }

    /// One tour of `board` from the family of every tour: the first, or
    /// one drawn uniformly at random (`random=True`, repeatable with
    /// `seed`), as a list of algebraic square names. Raises ValueError
    /// where the board has no tour of this kind, naming the theorem that
    /// says so.
    ///
    /// >>> len(tour("3x4"))
    /// 12
    #[pyfunction]
    #[pyo3(signature = (board, closed=false, *, random=false, seed=None, method="auto", threads=None, memory=None, force=false, progress=None))]
    #[allow(clippy::too_many_arguments)]
    fn tour(
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        closed: bool,
        random: bool,
        seed: Option<u64>,
        method: &str,
        threads: Option<i64>,
        memory: Option<&Bound<'_, PyAny>>,
        force: bool,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Vec<String>> {
        let selection = selection(1, random, seed)?;
        let mut request = request(board, closed, method, threads, memory, force)?;
        request.work = Work::Tours;
        let (board, kind) = (request.board, request.kind);
        run_tours(py, request, selection, progress)?
            .into_iter()
            .next()
            .ok_or_else(|| {
                PyValueError::new_err(match kt_tours::tour_exists(&board, kind) {
                    Err(reason) => reason.to_string(),
                    Ok(()) => format!("the {board} board has no {kind} tour"),
                })
            })
    }

    /// One tour of a board of any size, found without a diagram (what
    /// `knights-tour find` prints), as a list of algebraic square names;
    /// `start` asks for the tour to start on that square. Raises
    /// ValueError where the board has no tour of this kind (with the
    /// theorem that says so) or the start cannot be honoured.
    ///
    /// >>> len(find(50, closed=True))
    /// 2500
    #[pyfunction]
    #[pyo3(signature = (board, closed=false, *, start=None))]
    fn find(
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        closed: bool,
        start: Option<&str>,
    ) -> PyResult<Vec<String>> {
        let board = super::board(board)?;
        let start = start.map(|s| square(&board, s)).transpose()?;
        run_find(py, board, kind(closed), start)
    }

    /// The names `method` takes besides "auto", in the registry's order
    /// (which breaks ties between equal estimates).
    ///
    /// >>> methods()
    /// ['zdd', 'frontier', 'edges', 'backtrack', 'cluster']
    #[pyfunction]
    fn methods() -> Vec<&'static str> {
        MethodSettings::names()
    }

    /// A report as a dict: the document `count --json` prints
    /// (`RunReport::document`), through `json.loads`, its count an int.
    fn report_dict(py: Python<'_>, report: &RunReport) -> PyResult<Py<PyAny>> {
        let text = serde_json::to_string(&report.document()).map_err(|e| {
            PyRuntimeError::new_err(format!("cannot write the report as JSON: {e}"))
        })?;
        let dict = py.import("json")?.call_method1("loads", (text,))?;
        if let Some(count) = &report.count {
            dict.set_item("count", decimal_to_int(py, count)?)?;
        }
        Ok(dict.unbind())
    }
}

/// The board a Python argument names: an int N (N×N) or text "RxC".
fn board(value: &Bound<'_, PyAny>) -> PyResult<Board> {
    // `True` is an int to Python (and to `extract`): refused, not 1x1.
    if value.is_instance_of::<PyBool>() {
        return Err(PyValueError::new_err(
            "the board is an int N (an N×N board) or a string such as \"5x6\", not a bool",
        ));
    }
    let text = if let Ok(n) = value.extract::<i64>() {
        n.to_string()
    } else if let Ok(text) = value.extract::<String>() {
        text
    } else {
        return Err(PyValueError::new_err(
            "the board is an int N (an N×N board) or a string such as \"5x6\"",
        ));
    };
    text.parse::<Board>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

fn kind(closed: bool) -> TourKind {
    if closed {
        TourKind::Closed
    } else {
        TourKind::Open
    }
}

fn square(board: &Board, name: &str) -> PyResult<Square> {
    kt_count::parse_square(board, name).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The request for the total of `board`'s tours with the method and the
/// resources asked for, as the command line builds it from `--method`,
/// `--threads`, `--memory` and `--force`.
fn request(
    board_arg: &Bound<'_, PyAny>,
    closed: bool,
    method: &str,
    threads: Option<i64>,
    memory: Option<&Bound<'_, PyAny>>,
    force: bool,
) -> PyResult<Request> {
    let board = board(board_arg)?;
    // Zero goes to the plan, which refuses it as the command line does.
    let threads = threads
        .map(|n| {
            u32::try_from(n)
                .map_err(|_| PyValueError::new_err(format!("threads must be at least 1, not {n}")))
        })
        .transpose()?;
    let memory = memory.map(bytes).transpose()?;
    let given = GivenOptions {
        resources: Resources { threads, memory },
        ..GivenOptions::default()
    };
    let choice = method_choice(method, &given).map_err(PyValueError::new_err)?;
    let mut request = Request::new(board, kind(closed)).with_method(choice);
    // Work the plan estimates beyond this machine is refused unless forced.
    request.force = force;
    Ok(request)
}

/// A memory budget: an int of bytes, or a size such as "2GiB".
fn bytes(value: &Bound<'_, PyAny>) -> PyResult<Bytes> {
    if let Ok(n) = value.extract::<u64>() {
        return Ok(Bytes(n));
    }
    let text: String = value.extract().map_err(|_| {
        PyValueError::new_err("memory is an int of bytes or a size such as \"2GiB\"")
    })?;
    text.parse::<Bytes>().map_err(PyValueError::new_err)
}

/// The method `name` names with `given`'s resources; "auto" is every
/// method that takes them.
fn method_choice(name: &str, given: &GivenOptions) -> Result<MethodChoice, String> {
    MethodChoice::named(name, given).map_err(|error| match error {
        ChoiceError::Unknown(name) => format!(
            "no method '{name}': the methods are auto, {}",
            MethodSettings::names().join(", ")
        ),
        ChoiceError::NoneTakesAll(flags) => {
            let given: Vec<&str> = flags.iter().map(|s| s.name()).collect();
            format!("no one method takes {} together", given.join(", "))
        }
        ChoiceError::NotTaken {
            method,
            setting,
            takers,
        } => {
            let takers: Vec<String> = takers.iter().map(|m| format!("method=\"{m}\"")).collect();
            format!(
                "{} applies to {} only; this count runs method=\"{method}\"",
                setting.name(),
                takers.join(" or ")
            )
        }
    })
}

/// `request` restricted to the tours from `start` and to `end`.
fn with_squares(request: Request, start: Option<&str>, end: Option<&str>) -> PyResult<Request> {
    let board = request.board;
    let start = start.map(|s| square(&board, s)).transpose()?;
    let end = end.map(|s| square(&board, s)).transpose()?;
    Ok(request.asking(Question::between(start, end)))
}

fn selection(count: i64, random: bool, seed: Option<u64>) -> PyResult<Selection> {
    let count = usize::try_from(count)
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| PyValueError::new_err(format!("count must be at least 1, not {count}")))?;
    if seed.is_some() && !random {
        return Err(PyValueError::new_err("seed goes with random=True"));
    }
    Ok(if random {
        Selection::Random {
            count,
            seed: seed.unwrap_or_else(random_seed),
        }
    } else {
        Selection::First { count }
    })
}

/// A seed from the operating system's randomness (the standard library's
/// hasher keys are drawn from it).
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    hasher.finish()
}

/// A decimal string as a Python int, exactly.
fn decimal_to_int<'py>(py: Python<'py>, decimal: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("builtins")?.getattr("int")?.call1((decimal,))
}

fn to_int(py: Python<'_>, n: &BigUint) -> PyResult<Py<PyAny>> {
    Ok(decimal_to_int(py, &n.to_string())?.unbind())
}

/// Hands kt-count's progress to a Python callable, with the interpreter
/// held, one dict per event. The first exception the callable raises is
/// kept, the count is cancelled, and nothing more is called.
struct Callback {
    callable: Option<Py<PyAny>>,
    cancel: CancelToken,
    raised: Mutex<Option<PyErr>>,
    last_progress: Mutex<Option<Instant>>,
}

impl Callback {
    fn new(callable: Option<Py<PyAny>>, cancel: CancelToken) -> Callback {
        Callback {
            callable,
            cancel,
            raised: Mutex::new(None),
            last_progress: Mutex::new(None),
        }
    }

    /// Calls the callable with the dict `fill` makes.
    fn call(&self, fill: impl FnOnce(&Bound<'_, PyDict>) -> PyResult<()>) {
        let Some(callable) = &self.callable else {
            return;
        };
        // Once the count is asked to stop (Ctrl-C, an exception), the
        // caller has moved on: call nothing more.
        if self.cancel.is_cancelled() {
            return;
        }
        Python::attach(|py| {
            let event = PyDict::new(py);
            let called = fill(&event).and_then(|()| callable.call1(py, (event,)).map(drop));
            if let Err(err) = called {
                let mut raised = self.raised.lock().unwrap_or_else(PoisonError::into_inner);
                if raised.is_none() {
                    *raised = Some(err);
                }
                self.cancel.cancel(Cause::Stop { signal: None });
            }
        });
    }

    fn take_raised(&self) -> Option<PyErr> {
        self.raised
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

impl Observer for Callback {
    fn step_started(&self, index: usize, total: usize, name: &str) {
        self.call(|event| {
            event.set_item("event", "step")?;
            event.set_item("index", index)?;
            event.set_item("total", total)?;
            event.set_item("name", name)
        });
    }

    fn progress(&self, progress: Progress) {
        if self.callable.is_none() {
            return;
        }
        {
            let mut last = self
                .last_progress
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let now = Instant::now();
            if last.is_some_and(|at| now.duration_since(at) < PROGRESS_EVERY) {
                return;
            }
            *last = Some(now);
        }
        self.call(|event| {
            event.set_item("event", "progress")?;
            match progress {
                Progress::FilterMemo { entries } => {
                    event.set_item("kind", "filter")?;
                    event.set_item("entries", entries)
                }
                Progress::Level {
                    step,
                    steps,
                    done,
                    states,
                } => {
                    event.set_item("kind", "level")?;
                    event.set_item("step", step)?;
                    event.set_item("steps", steps)?;
                    event.set_item("done", done)?;
                    event.set_item("states", states)
                }
                Progress::Search {
                    nodes,
                    tours,
                    starts_done,
                    starts_total,
                } => {
                    event.set_item("kind", "search")?;
                    event.set_item("nodes", nodes)?;
                    event.set_item("tours", tours)?;
                    event.set_item("starts_done", starts_done)?;
                    event.set_item("starts_total", starts_total)
                }
            }
        });
    }

    fn note(&self, note: &str) {
        self.call(|event| {
            event.set_item("event", "note")?;
            event.set_item("text", note)
        });
    }
}

/// Runs `work` on a thread of its own (kt-count's [`Supervised`], the
/// helper the command line shares) with the interpreter released, looking
/// at Python's signals every [`SIGNAL_POLL`] from this thread.
///
/// On a signal whose handler raises (Ctrl-C: `KeyboardInterrupt`), cancels
/// the work through `cancel`, waits for it to stop and returns the
/// handler's error. A second such signal while it stops, or the first
/// where the work does not look at its token (`listens` false), returns
/// at once, leaving the thread to finish on its own (it holds nothing of
/// Python's).
fn supervised<T: Send + 'static>(
    py: Python<'_>,
    cancel: CancelToken,
    listens: bool,
    work: impl FnOnce(CancelToken) -> Result<T, Failure> + Send + 'static,
) -> PyResult<Result<T, Failure>> {
    let mut running = Supervised::start_with("knights-tour", cancel, work)
        .map_err(|failure| PyRuntimeError::new_err(failure.message))?;
    let mut interrupted: Option<PyErr> = None;
    loop {
        // The work goes to the detached closure and back (it may be sent
        // to another thread, not shared with one).
        let (back, waited) = py.detach(move || {
            let waited = running.wait(SIGNAL_POLL, || None);
            (running, waited)
        });
        running = back;
        match waited {
            Waited::Done(result) => {
                return match interrupted {
                    Some(err) => Err(err),
                    None => Ok(result),
                };
            }
            Waited::Running => {
                if let Err(err) = py.check_signals() {
                    if listens && interrupted.is_none() {
                        running.stop(Cause::Stop { signal: None });
                        interrupted = Some(err);
                    } else {
                        return Err(err);
                    }
                }
            }
        }
    }
}

/// The Python exception for a failure of kt-count, its message in the
/// keyword arguments' names instead of the command line's flags.
fn failure_error(failure: &Failure) -> PyErr {
    let message = keywords(&failure.message);
    match failure.kind {
        FailureKind::Refused => PyValueError::new_err(message),
        FailureKind::Limit | FailureKind::Stopped { .. } | FailureKind::Other => {
            PyRuntimeError::new_err(message)
        }
    }
}

/// The command line's flags in a library message, as this module's
/// keyword arguments name them: `--threads 0` → `threads=0`, `--method
/// zdd` → `method="zdd"`, `--from` → `start`, `--force starts it` →
/// `force=True starts it`.
fn keywords(message: &str) -> String {
    const FLAGS: [(&str, &str); 6] = [
        ("--threads", "threads"),
        ("--memory", "memory"),
        ("--method", "method"),
        ("--force", "force"),
        ("--from", "start"),
        ("--to", "end"),
    ];
    let methods = MethodSettings::names();
    let mut text = message.replace("--force starts", "force=True starts");
    for (flag, keyword) in FLAGS {
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some(at) = rest.find(flag) {
            out.push_str(&rest[..at]);
            let after = &rest[at + flag.len()..];
            if after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-') {
                // Another flag that starts the same (`--to` in `--total`).
                out.push_str(flag);
                rest = after;
                continue;
            }
            out.push_str(keyword);
            let value = after.strip_prefix(' ').unwrap_or("");
            let method = methods.iter().find(|m| {
                value.starts_with(**m) && !value[m.len()..].starts_with(char::is_alphanumeric)
            });
            rest = match method {
                Some(name) if flag == "--method" => {
                    out.push_str(&format!("=\"{name}\""));
                    &value[name.len()..]
                }
                _ if value.starts_with(|c: char| c.is_ascii_digit()) => {
                    out.push('=');
                    value
                }
                _ => after,
            };
        }
        out.push_str(rest);
        text = out;
    }
    text
}

/// Runs `job` (a count, or tours taken) under [`supervised`], with the
/// progress going to `progress`, and turns its failure into the Python
/// exception: the callback's own where it raised one.
fn run_supervised<T: Send + 'static>(
    py: Python<'_>,
    progress: Option<Py<PyAny>>,
    job: impl FnOnce(&Callback, &CancelToken) -> Result<T, Failure> + Send + 'static,
) -> PyResult<T> {
    let cancel = CancelToken::new();
    let callback = Arc::new(Callback::new(progress, cancel.clone()));
    let observer = Arc::clone(&callback);
    let result = supervised(py, cancel, true, move |token| job(&observer, &token))?;
    if let Some(err) = callback.take_raised() {
        return Err(err);
    }
    result.map_err(|failure| failure_error(&failure))
}

fn run_count(
    py: Python<'_>,
    request: Request,
    progress: Option<Py<PyAny>>,
) -> PyResult<kt_count::Counted> {
    run_supervised(py, progress, move |observer, cancel| {
        kt_count::count(&request, observer, cancel)
    })
}

fn run_tours(
    py: Python<'_>,
    request: Request,
    selection: Selection,
    progress: Option<Py<PyAny>>,
) -> PyResult<Vec<Vec<String>>> {
    run_supervised(py, progress, move |observer, cancel| {
        let built = kt_count::tours(&request, observer, cancel)?;
        let Some(family) = built.family else {
            return Ok(Vec::new());
        };
        let board = request.board;
        family
            .tours(&selection)
            // Every tour taken has passed the one checker in the library
            // (`zdd::extract`).
            .map(|picked| picked.map(|(_, tour)| names(&board, &tour.squares)))
            .collect()
    })
}

fn run_find(
    py: Python<'_>,
    board: Board,
    kind: TourKind,
    start: Option<Square>,
) -> PyResult<Vec<String>> {
    let options = kt_tours::FindOptions {
        start,
        ..kt_tours::FindOptions::default()
    };
    // Finding has no cancellation token: Ctrl-C raises at once and the
    // thread finishes on its own.
    let found = supervised(py, CancelToken::new(), false, move |_| {
        Ok(kt_tours::find_tour(&board, kind, &options))
    })?
    .map_err(|failure| failure_error(&failure))?;
    let tour = found.map_err(|e| match e {
        kt_tours::FindError::NoTour(reason) => PyValueError::new_err(reason.to_string()),
        kt_tours::FindError::StartOffBoard { .. }
        | kt_tours::FindError::StartOnMinorityColour { .. }
        | kt_tours::FindError::StartOnInnerLine { .. } => PyValueError::new_err(e.to_string()),
        other => PyRuntimeError::new_err(format!("no {kind} tour found on {board}: {other}")),
    })?;
    // find_tour returns tours that have passed the one checker.
    Ok(names(&board, &tour.squares))
}

fn names(board: &Board, squares: &[Square]) -> Vec<String> {
    squares
        .iter()
        .map(|&s| kt_count::square_name(board, s))
        .collect()
}
