//! What to count, and with what.

use std::path::PathBuf;
use std::time::Duration;

use kt_board::{Board, Square, TourKind};
use kt_engine::EngineKind;
use kt_memory::Bytes;

use crate::zdd::Schedule;

/// Which counting method a request asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MethodChoice {
    /// The method that suits the board (see [`crate::plan`]).
    #[default]
    Auto,
    /// The N⁴ time-sliced ZDD: the project's own encoding.
    Zdd,
    /// Plain backtracking over the knight's graph, for comparison.
    Backtrack,
    /// Frontier-based search over the board's edges (Knuth's DYNAHAM).
    Frontier,
}

/// One count to make.
///
/// Every setting that only some methods take is an `Option`: `None` means
/// "not asked for", so that a method can refuse a setting it would
/// otherwise silently ignore (`--engine bdd` with `--method backtrack`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "each flag is a question a caller asks (--by-start, --up-to-symmetry, …), not a state"
)]
pub struct Request {
    pub board: Board,
    pub kind: TourKind,
    pub method: MethodChoice,
    /// The decision-diagram engine (zdd method; default: the ZBDD).
    pub engine: Option<EngineKind>,
    /// The order of the intersections (zdd method; default: fused).
    pub schedule: Option<Schedule>,
    /// The manager's node capacity (zdd method; default: from the budget).
    pub nodes: Option<u64>,
    /// Apply-cache entries (zdd method; default: by schedule and board).
    pub cache: Option<u64>,
    /// Worker threads (default: 1).
    pub threads: Option<u32>,
    /// The memory budget (default: ¾ of physical memory, or 9/10 of the
    /// memory available at the start if that is less). A budget above the
    /// machine's memory is capped to it, with a note.
    pub memory: Option<Bytes>,
    /// Count only the tours that start on this square (open tours: the
    /// directed tours from it; closed tours: every tour passes it, so the
    /// directed tours from it, twice the undirected count).
    pub from: Option<Square>,
    /// Count only the tours that end on this square (closed tours: with
    /// `from`, the directed tours from `from` whose last square is this
    /// one, a move from the start).
    pub to: Option<Square>,
    /// Also give the table of open tours by start square.
    pub by_start: bool,
    /// Also give the table of tours from `from` by end square.
    pub by_end: bool,
    /// Count undirected tours up to the board's symmetries (Burnside's
    /// lemma), with the tours each symmetry fixes.
    pub up_to_symmetry: bool,
    /// Build the frontier method's edge-variable ZDD in the engine (and
    /// count its sets) instead of the time-sliced ZDD.
    pub edges: bool,
    /// Where the frontier method spills levels that do not fit the budget
    /// (default: the system's temporary directory).
    pub spill_dir: Option<PathBuf>,
    /// Write the frontier method's current level to this file now and
    /// then, to resume from.
    pub checkpoint: Option<PathBuf>,
    /// How often (default: every 5 minutes).
    pub checkpoint_every: Option<Duration>,
    /// Go on from this checkpoint.
    pub resume: Option<PathBuf>,
    /// Answer at once where a theorem says there is no tour (Schwenk for
    /// closed tours, Conrad et al. for open ones), instead of running the
    /// method. Benchmarks and cross-checks turn this off to make the
    /// method do the work.
    pub use_theorems: bool,
}

impl Request {
    /// `kind` tours of `board`, every setting at its default.
    pub fn new(board: Board, kind: TourKind) -> Request {
        Request {
            board,
            kind,
            method: MethodChoice::Auto,
            engine: None,
            schedule: None,
            nodes: None,
            cache: None,
            threads: None,
            memory: None,
            from: None,
            to: None,
            by_start: false,
            by_end: false,
            up_to_symmetry: false,
            edges: false,
            spill_dir: None,
            checkpoint: None,
            checkpoint_every: None,
            resume: None,
            use_theorems: true,
        }
    }

    /// Whether the request asks for more than the plain count.
    pub fn asks_more(&self) -> bool {
        self.from.is_some()
            || self.to.is_some()
            || self.by_start
            || self.by_end
            || self.up_to_symmetry
    }

    /// The same request with `method`.
    #[must_use]
    pub fn with_method(mut self, method: MethodChoice) -> Request {
        self.method = method;
        self
    }
}
