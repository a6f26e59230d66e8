//! The command line, as clap derives it.

use clap::{Args, Parser, Subcommand, ValueEnum};
use kt_board::{Board, TourKind};
use kt_count::zdd::Schedule;
use kt_count::{MethodChoice, Request};
use kt_engine::EngineKind;
use kt_memory::Bytes;

/// The board counted when none is given: 6×6, the largest square board whose
/// open tours the encoding counts in seconds.
pub const DEFAULT_BOARD: Board = Board::SIX_BY_SIX;

const CONVENTIONS: &str = "\
Counting conventions:
  open    Hamiltonian paths of the knight's graph, counted DIRECTED over every
          start square: each path once per direction (5x5: 1728, 6x6: 6637920).
          Tours whose ends are a knight's move apart are included.
  closed  Hamiltonian cycles, counted UNDIRECTED: each cycle once, whatever its
          start square and direction (6x6: 9862, 8x8: 13267364410532).
  1x1     the single square is one open tour (a path of one square) and no
          closed tour (a cycle needs at least three squares).
Boards that a theorem says have no tour (Schwenk 1991 for closed tours:
a side of 1, 2 or 4, both sides odd, 3x4, 3x6, 3x8; Conrad et al. 1994 for
open tours: a side of 1 or 2, 3x3, 3x5, 3x6, 4x4) count 0 at once, with the
theorem as the reason (--no-theorems runs the method anyway).

Exit status: 0 success, 1 a --check or verify disagreed, 2 bad input or a
request refused before any work, 3 a memory or node limit was reached,
4 another failure, 128+N stopped by signal N (130 Ctrl-C, 143 SIGTERM,
129 SIGHUP; the partial report is printed first), 141 standard output was
a closed pipe (nothing more is written).";

/// Count knight's tours exactly with zero-suppressed decision diagrams.
///
/// The doc comments of this module are the command line's help text, which
/// is plain text: names like RUST_LOG are not code spans there.
#[allow(clippy::doc_markdown, reason = "doc comments here are --help text")]
#[derive(Debug, Parser)]
#[command(name = "knights-tour", version, about, after_help = CONVENTIONS)]
#[command(allow_negative_numbers = true, propagate_version = true)]
pub struct Cli {
    /// More log output on stderr (-v info, -vv debug, -vvv trace); RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,

    /// No progress bar.
    #[arg(short, long, global = true)]
    pub quiet: bool,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the tours of a board exactly.
    #[command(after_help = CONVENTIONS)]
    Count(CountArgs),
    /// Run one benchmark configuration and print its JSON report (count --json).
    Bench(CountArgs),
    /// List the published counts the project ships and checks against.
    Known(KnownArgs),
    /// Show tours taken from the ZDD: the first, uniformly random ones, or all.
    Tour(TourArgs),
    /// Write the final ZDD of a small board as Graphviz DOT.
    Dot(DotArgs),
    /// Find one tour on a board of any size (Warnsdorff, Parberry; no ZDD).
    Find(FindArgs),
    /// Check a tour read from a file (the moves or the board format).
    Verify(VerifyArgs),
}

#[derive(Debug, Args, Clone)]
pub struct FindArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,

    /// How to print the tour.
    #[arg(long, value_enum, default_value_t = TourFormat::Board)]
    pub format: TourFormat,

    /// Also draw the tour as an SVG picture in FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,

    /// Do not report the time taken on stderr.
    #[arg(long = "no-time")]
    pub quiet_time: bool,
}

#[derive(Debug, Args, Clone)]
pub struct VerifyArgs {
    /// The file holding the tours (- for standard input), in any format
    /// `tour` and `find` write: numbered boards (headings allowed),
    /// algebraic moves (`a1 c2 ...`, one tour per line) or JSON. Exit 0 if
    /// every tour is valid, 1 if not.
    pub file: std::path::PathBuf,

    /// Also require every tour to be closed (exit 1 if one is open).
    #[arg(long)]
    pub closed: bool,

    /// Print one JSON document with a verdict per tour.
    #[arg(long)]
    pub json: bool,
}

/// The board and the kind of tour.
#[allow(clippy::doc_markdown, reason = "doc comments here are --help text")]
#[derive(Debug, Args, Clone)]
pub struct ProblemArgs {
    /// The board: N (an N×N board) or RxC, e.g. 6 or 5x6 [default: 6, the 6×6 board].
    #[arg(value_parser = parse_board, allow_negative_numbers = true, conflicts_with_all = ["rows", "cols"])]
    pub board: Option<Board>,

    /// Rows (with --cols, instead of BOARD).
    #[arg(long, requires = "cols", value_parser = clap::value_parser!(u32).range(1..))]
    pub rows: Option<u32>,

    /// Columns (with --rows, instead of BOARD).
    #[arg(long, requires = "rows", value_parser = clap::value_parser!(u32).range(1..))]
    pub cols: Option<u32>,

    /// Closed tours (undirected Hamiltonian cycles) instead of open ones.
    #[arg(long)]
    pub closed: bool,
}

impl ProblemArgs {
    pub fn board(&self) -> Result<Board, String> {
        match (self.board, self.rows, self.cols) {
            (Some(board), _, _) => Ok(board),
            (None, Some(r), Some(c)) => {
                Board::new(r as usize, c as usize).map_err(|e| e.to_string())
            }
            _ => Ok(DEFAULT_BOARD),
        }
    }

    pub fn kind(&self) -> TourKind {
        if self.closed {
            TourKind::Closed
        } else {
            TourKind::Open
        }
    }
}

/// Which engine and how to run it. Every setting is optional: a method
/// that would ignore a setting given here refuses it instead.
#[derive(Debug, Args, Clone, Default)]
pub struct EngineArgs {
    /// The decision-diagram engine (zdd method) [default: zbdd].
    #[arg(long, value_enum)]
    pub engine: Option<EngineChoice>,

    /// The order and shape of the intersections (zdd method) [default: fused].
    #[arg(long, value_enum)]
    pub schedule: Option<ScheduleChoice>,

    /// Worker threads [default: 1; at most 4 per core].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub threads: Option<u32>,

    /// Memory budget, e.g. 8GiB or 512M [default: 3/4 of physical memory,
    /// or 9/10 of the memory available at the start if that is less; more
    /// than the machine has is capped to it].
    #[arg(long, value_parser = parse_bytes)]
    pub memory: Option<Bytes>,

    /// Node capacity of the manager (zdd method) [default: derived from
    /// --memory; refused if it does not fit].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,

    /// Apply-cache entries, rounded up to a power of two (zdd method)
    /// [default: by schedule and board; at least 4096].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=(1 << 32)))]
    pub cache: Option<u64>,

    /// The decision diagram: the time-sliced ZDD (one variable per square
    /// and time), or the frontier method's edge-variable ZDD (one variable
    /// per move), built in the --engine [default: time-sliced for count;
    /// for tour and dot, time-sliced where it is measured to finish, edges
    /// beyond].
    #[arg(long, value_enum)]
    pub encoding: Option<EncodingChoice>,
}

/// Which decision diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EncodingChoice {
    /// One variable per (square, time).
    TimeSliced,
    /// One variable per move, from the frontier method.
    Edges,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineChoice {
    /// oxidd's zero-suppressed BDD.
    Zbdd,
    /// oxidd's BDD.
    Bdd,
    /// oxidd's BDD with complement edges.
    Bcdd,
    /// biodivine-lib-bdd's BDD (pure Rust, one thread).
    Biodivine,
    /// BuDDy's BDD (C; needs a build with --features buddy).
    Buddy,
}

impl From<EngineChoice> for EngineKind {
    fn from(choice: EngineChoice) -> EngineKind {
        match choice {
            EngineChoice::Zbdd => EngineKind::Zbdd,
            EngineChoice::Bdd => EngineKind::Bdd,
            EngineChoice::Bcdd => EngineKind::Bcdd,
            EngineChoice::Biodivine => EngineKind::Biodivine,
            EngineChoice::Buddy => EngineKind::Buddy,
        }
    }
}

/// The order and shape of the intersections (the library's [`Schedule`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScheduleChoice {
    /// Transitions, then all exactly-once constraints in one filtered pass.
    Fused,
    /// Transitions, then one filtered pass per square.
    #[value(alias = "restrict")]
    PerSquare,
    /// Adiar's order, plain intersections.
    Adiar,
    /// bdd-benchmark's order (transitions backwards), plain intersections.
    Backward,
}

impl From<ScheduleChoice> for Schedule {
    fn from(choice: ScheduleChoice) -> Schedule {
        match choice {
            ScheduleChoice::Fused => Schedule::Fused,
            ScheduleChoice::PerSquare => Schedule::PerSquare,
            ScheduleChoice::Adiar => Schedule::Adiar,
            ScheduleChoice::Backward => Schedule::Backward,
        }
    }
}

/// How to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// The time-sliced ZDD where it is measured to finish (open boards of
    /// up to 36 squares, closed up to 48), the frontier method beyond.
    Auto,
    /// The N⁴ time-sliced ZDD.
    Zdd,
    /// Frontier-based search over the edges (reaches 8x8 closed).
    Frontier,
    /// Plain backtracking over the knight's graph (boards of up to 64 squares).
    Backtrack,
}

impl From<Method> for MethodChoice {
    fn from(method: Method) -> MethodChoice {
        match method {
            Method::Auto => MethodChoice::Auto,
            Method::Zdd => MethodChoice::Zdd,
            Method::Frontier => MethodChoice::Frontier,
            Method::Backtrack => MethodChoice::Backtrack,
        }
    }
}

#[derive(Debug, Args, Clone)]
pub struct CountArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,

    #[command(flatten)]
    pub engine: EngineArgs,

    /// How to count.
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    pub method: Method,

    /// Run the method even where a theorem says there is no tour (for
    /// benchmarks and cross-checks).
    #[arg(long)]
    pub no_theorems: bool,

    #[command(flatten)]
    pub questions: QuestionArgs,

    #[command(flatten)]
    pub frontier: FrontierArgs,

    /// Print one JSON document instead of the text summary.
    #[arg(long)]
    pub json: bool,

    /// Compare the count with the shipped published counts; exit 1 on a mismatch.
    #[arg(long)]
    pub check: bool,
}

/// Counts beyond the total: a fixed start or end, tables, symmetry.
#[derive(Debug, Args, Clone, Default)]
pub struct QuestionArgs {
    /// Only the tours starting on SQ: `R,C` (0-based row and column, row 0
    /// at the top) or algebraic (`a1` is the bottom-left corner). Closed
    /// tours: the directed tours numbered from SQ, twice the undirected count.
    #[arg(long, value_name = "SQ")]
    pub from: Option<String>,

    /// Only the tours ending on SQ (closed tours: with --from, those whose
    /// last square is SQ, a move from the start).
    #[arg(long, value_name = "SQ")]
    pub to: Option<String>,

    /// The table of open tours by start square (its sum is the total).
    #[arg(long)]
    pub by_start: bool,

    /// With --from: the table of tours from that square by end square.
    #[arg(long, requires = "from")]
    pub by_end: bool,

    /// Undirected tours up to the board's symmetries (8 on a square board,
    /// 4 otherwise), by Burnside's lemma, with the tours each symmetry fixes.
    #[arg(long)]
    pub up_to_symmetry: bool,
}

/// A square given as `R,C` (0-based) or algebraically, on `board`.
pub fn parse_square(board: &Board, text: &str) -> Result<kt_board::Square, String> {
    let text = text.trim();
    if let Some((r, c)) = text.split_once(',') {
        let bad = || {
            format!(
                "invalid square '{text}': expected R,C with 0-based row and column, or a name such as a1"
            )
        };
        let r: usize = r.trim().parse().map_err(|_| bad())?;
        let c: usize = c.trim().parse().map_err(|_| bad())?;
        if r >= board.rows() || c >= board.cols() {
            return Err(format!(
                "square {r},{c} is not on the {board} board (rows 0..{}, columns 0..{})",
                board.rows() - 1,
                board.cols() - 1
            ));
        }
        return Ok(board.square_at(r, c));
    }
    kt_board::parse_square(board, text).map_err(|e| e.to_string())
}

/// Long frontier counts: disk and checkpoints.
#[derive(Debug, Args, Clone, Default)]
pub struct FrontierArgs {
    /// Where levels that do not fit --memory spill (frontier method)
    /// [default: the system's temporary directory].
    #[arg(long, value_name = "DIR")]
    pub spill_dir: Option<std::path::PathBuf>,

    /// Write the level reached to FILE every --checkpoint-every, to go on
    /// from it with --resume (frontier method).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,

    /// How often to write the checkpoint, e.g. 5m or 90s [default: 5m].
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, requires = "checkpoint")]
    pub checkpoint_every: Option<std::time::Duration>,

    /// Go on from a checkpoint of the same board and kind (frontier method).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<std::path::PathBuf>,
}

#[derive(Debug, Args, Clone)]
pub struct TourArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,

    #[command(flatten)]
    pub engine: EngineArgs,

    /// Draw tours uniformly at random among all tours (exact, no floating point).
    #[arg(long, conflicts_with = "all")]
    pub random: bool,

    /// Seed for --random [default: drawn from the OS and printed on stderr].
    #[arg(long, requires = "random")]
    pub seed: Option<u64>,

    /// How many tours (the first ones, or random draws).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub count: u64,

    /// Every tour, in order, up to --limit.
    #[arg(long)]
    pub all: bool,

    /// The most tours --all prints.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub limit: u64,

    /// How to print each tour.
    #[arg(long, value_enum, default_value_t = TourFormat::Board)]
    pub format: TourFormat,

    /// Also draw the tour as an SVG picture in FILE (FILE-2.svg, … for more tours).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TourFormat {
    /// The numbered board, row 0 at the top.
    Board,
    /// Algebraic squares in order, e.g. a1 c2 …
    Moves,
    /// One JSON document.
    Json,
}

#[derive(Debug, Args, Clone)]
pub struct DotArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,

    #[command(flatten)]
    pub engine: EngineArgs,

    /// Write to FILE instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,

    /// Refuse diagrams with more nodes than this (DOT layouts of large
    /// diagrams are unreadable and slow).
    #[arg(long, default_value_t = 5000)]
    pub max_nodes: usize,

    /// Dump oxidd's whole manager with its own DOT export instead (every
    /// level and node, including oxidd's internal tautology chain).
    #[arg(long)]
    pub oxidd: bool,
}

#[derive(Debug, Args, Clone)]
pub struct KnownArgs {
    /// Print the table as JSON.
    #[arg(long)]
    pub json: bool,
}

impl EngineArgs {
    /// Copies the engine settings into `request`.
    pub fn apply(&self, request: &mut Request) {
        request.engine = self.engine.map(EngineKind::from);
        request.schedule = self.schedule.map(Schedule::from);
        request.threads = self.threads;
        request.memory = self.memory;
        request.nodes = self.nodes;
        request.cache = self.cache;
        request.edges = self.encoding == Some(EncodingChoice::Edges);
    }
}

impl CountArgs {
    /// The library request these arguments describe.
    pub fn request(&self) -> Result<Request, String> {
        let mut request = Request::new(self.problem.board()?, self.problem.kind())
            .with_method(self.method.into());
        self.engine.apply(&mut request);
        request.use_theorems = !self.no_theorems;
        let board = request.board;
        request.from = self
            .questions
            .from
            .as_deref()
            .map(|t| parse_square(&board, t).map_err(|e| format!("--from: {e}")))
            .transpose()?;
        request.to = self
            .questions
            .to
            .as_deref()
            .map(|t| parse_square(&board, t).map_err(|e| format!("--to: {e}")))
            .transpose()?;
        request.by_start = self.questions.by_start;
        request.by_end = self.questions.by_end;
        request.up_to_symmetry = self.questions.up_to_symmetry;
        request.spill_dir.clone_from(&self.frontier.spill_dir);
        request.checkpoint.clone_from(&self.frontier.checkpoint);
        request.checkpoint_every = self.frontier.checkpoint_every;
        request.resume.clone_from(&self.frontier.resume);
        Ok(request)
    }
}

impl ProblemArgs {
    /// A request for a diagram of the tours (`tour`, `dot`): the
    /// time-sliced ZDD where it is measured to finish, the frontier
    /// method's edge diagram beyond, or as `--encoding` says.
    pub fn diagram_request(&self, engine: &EngineArgs) -> Result<Request, String> {
        let board = self.board()?;
        let kind = self.kind();
        let reach = match kind {
            TourKind::Open => kt_count::ZDD_REACH_OPEN,
            TourKind::Closed => kt_count::ZDD_REACH_CLOSED,
        };
        let edges = match engine.encoding {
            Some(EncodingChoice::Edges) => true,
            Some(EncodingChoice::TimeSliced) => false,
            None => board.cells() > reach,
        };
        let method = if edges {
            MethodChoice::Auto
        } else {
            MethodChoice::Zdd
        };
        let mut request = Request::new(board, kind).with_method(method);
        engine.apply(&mut request);
        request.edges = edges;
        Ok(request)
    }
}

fn parse_board(text: &str) -> Result<Board, String> {
    text.parse::<Board>().map_err(|e| e.to_string())
}

fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    let duration =
        humantime::parse_duration(text).map_err(|e| format!("invalid duration '{text}': {e}"))?;
    if duration.is_zero() {
        return Err(format!("invalid duration '{text}': must be more than zero"));
    }
    Ok(duration)
}

fn parse_bytes(text: &str) -> Result<Bytes, String> {
    text.parse()
}
