//! Python's arguments as the library's values: a board, a kind of tour,
//! squares, the method with its resources, a selection of tours.
//!
//! Everything here is checked before any work starts, and a bad argument
//! raises at once, in Python's words.

use std::path::PathBuf;

use kt_count::{
    Board, Bytes, Frontier, GivenOptions, MethodChoice, MethodSettings, Question, Request,
    Resources, Selection, Square, TourKind,
};
use pyo3::prelude::*;
use pyo3::types::PyBool;

use crate::errors::{BoardError, board_error, choice_error, refused, square_error};

/// The board a Python argument names: an int N (N×N) or text "RxC".
pub fn board(value: &Bound<'_, PyAny>) -> PyResult<Board> {
    // `True` is an int to Python (and to `extract`): refused, not 1x1.
    if value.is_instance_of::<PyBool>() {
        return Err(BoardError::new_err(
            "the board is an int N (an N×N board) or a string such as \"5x6\", not a bool",
        ));
    }
    let text = if let Ok(n) = value.extract::<i64>() {
        n.to_string()
    } else if let Ok(text) = value.extract::<String>() {
        text
    } else {
        return Err(BoardError::new_err(
            "the board is an int N (an N×N board) or a string such as \"5x6\"",
        ));
    };
    text.parse::<Board>().map_err(|e| board_error(&e))
}

pub fn kind(closed: bool) -> TourKind {
    if closed {
        TourKind::Closed
    } else {
        TourKind::Open
    }
}

pub fn square(board: &Board, name: &str) -> PyResult<Square> {
    kt_count::parse_square(board, name).map_err(|e| square_error(&e))
}

/// The method and resources every counting function takes, as the
/// command line's `--method`, `--threads`, `--memory` and `--force`.
pub struct Options<'a, 'py> {
    pub method: &'a str,
    pub threads: Option<i64>,
    pub memory: Option<&'a Bound<'py, PyAny>>,
    pub force: bool,
}

impl Options<'_, '_> {
    /// The request for the total of `kind` tours of `board` with these
    /// options.
    pub fn request(&self, board: Board, kind: TourKind) -> PyResult<Request> {
        let threads = threads(self.threads)?;
        let memory = self.memory.map(bytes).transpose()?;
        let given = GivenOptions {
            resources: Resources { threads, memory },
            ..GivenOptions::default()
        };
        let choice =
            MethodChoice::named(self.method, &given).map_err(|e| choice_error(e, &given))?;
        let mut request = Request::new(board, kind).with_method(choice);
        // Work the plan estimates beyond this machine is refused unless forced.
        request.force = self.force;
        Ok(request)
    }
}

/// The resources and paths of a sequence's sweep, as `sequence` takes
/// them: `threads=`, `memory=`, `force=`, `spill_dir=`, `checkpoint=`
/// (kept there, and gone on from where it holds one) and
/// `checkpoint_every=`.
pub struct SequenceOptions<'a, 'py> {
    pub threads: Option<i64>,
    pub memory: Option<&'a Bound<'py, PyAny>>,
    pub force: bool,
    pub spill_dir: Option<PathBuf>,
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints (the command line's
    /// `--checkpoint-every`); the library's default where `None`.
    pub checkpoint_every: Option<f64>,
}

impl SequenceOptions<'_, '_> {
    /// `request` (a sequence) with these options, by the frontier method,
    /// the one that sweeps every prefix; the plan checks the paths before
    /// any work, as it does the command line's.
    pub fn apply(self, mut request: Request) -> PyResult<Request> {
        let threads = threads(self.threads)?;
        request.force = self.force;
        let every = match self.checkpoint_every {
            Some(_) if self.checkpoint.is_none() => {
                return Err(refused("checkpoint_every goes with checkpoint=DIR"));
            }
            Some(seconds) => Some(
                std::time::Duration::try_from_secs_f64(seconds)
                    .ok()
                    .filter(|t| !t.is_zero())
                    .ok_or_else(|| {
                        refused(format!(
                            "checkpoint_every is a positive number of seconds, not {seconds}"
                        ))
                    })?,
            ),
            None => None,
        };
        let mut frontier = Frontier {
            resources: Resources {
                threads,
                memory: self.memory.map(bytes).transpose()?,
            },
            spill_dir: self.spill_dir,
            ..Frontier::default()
        };
        if let Some(dir) = self.checkpoint {
            frontier = frontier.keeping_checkpoint_in(dir, every);
        }
        Ok(request.with_method(MethodSettings::Frontier(frontier)))
    }
}

/// `threads=` as the library's number: a negative one refused here, zero
/// left to the plan, which refuses it as the command line does.
fn threads(threads: Option<i64>) -> PyResult<Option<u32>> {
    threads
        .map(|n| {
            u32::try_from(n).map_err(|_| refused(format!("threads must be at least 1, not {n}")))
        })
        .transpose()
}

/// A memory budget: an int of bytes, or a size such as "2GiB".
pub fn bytes(value: &Bound<'_, PyAny>) -> PyResult<Bytes> {
    if let Ok(n) = value.extract::<u64>() {
        return Ok(Bytes(n));
    }
    let text: String = value
        .extract()
        .map_err(|_| refused("memory is an int of bytes or a size such as \"2GiB\""))?;
    text.parse::<Bytes>().map_err(refused)
}

/// `request` asking for the tours from `start` and to `end`.
pub fn with_squares(request: Request, start: Option<&str>, end: Option<&str>) -> PyResult<Request> {
    let board = request.board;
    let start = start.map(|s| square(&board, s)).transpose()?;
    let end = end.map(|s| square(&board, s)).transpose()?;
    Ok(request.asking(Question::between(start, end)))
}

/// The tours `count`, `random` and `seed` select; `None` for none at all
/// (`count=0`, which takes nothing and builds nothing).
pub fn selection(count: i64, random: bool, seed: Option<u64>) -> PyResult<Option<Selection>> {
    if seed.is_some() && !random {
        return Err(refused("seed goes with random=True"));
    }
    let count = usize::try_from(count)
        .map_err(|_| refused(format!("count must be at least 0, not {count}")))?;
    if count == 0 {
        return Ok(None);
    }
    Ok(Some(if random {
        Selection::Random {
            count,
            seed: seed.unwrap_or_else(random_seed),
        }
    } else {
        Selection::First { count }
    }))
}

/// A seed from the operating system's randomness (the standard library's
/// hasher keys are drawn from it).
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    hasher.finish()
}

/// A tour given by Python: a sequence of algebraic square names.
pub fn squares(board: &Board, value: &Bound<'_, PyAny>) -> PyResult<Option<Vec<Square>>> {
    let Ok(names) = value.extract::<Vec<String>>() else {
        return Ok(None);
    };
    // A name that is no square of this board: not one of its tours.
    Ok(names
        .iter()
        .map(|name| kt_count::parse_square(board, name).ok())
        .collect())
}
