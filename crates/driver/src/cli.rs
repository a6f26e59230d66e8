//! The command line, as clap derives it.

use clap::{Args, Parser, Subcommand, ValueEnum};
use kt_board::{Board, TourKind};
use kt_engine::EngineKind;

use crate::resources::Bytes;
use crate::schedule::Schedule;

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
Boards with fewer than 3 rows or columns have no closed tour; the count is 0
without building any diagram.

Exit status: 0 success, 1 a --check disagreed with a published count,
2 bad input or a board refused up front, 3 a memory or node limit was
reached, 4 another failure, 130 interrupted (Ctrl-C).";

/// Count knight's tours exactly with zero-suppressed decision diagrams.
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
    /// The file holding the tour (- for standard input): algebraic moves
    /// (`a1 c2 ...`) or a numbered board. Exit 0 if it is a valid tour, 1 if not.
    pub file: std::path::PathBuf,
}

/// The board and the kind of tour.
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

/// Which engine and how to run it.
#[derive(Debug, Args, Clone)]
pub struct EngineArgs {
    /// The decision-diagram engine.
    #[arg(long, value_enum, default_value_t = EngineChoice::Zbdd)]
    pub engine: EngineChoice,

    /// The order and shape of the intersections.
    #[arg(long, value_enum, default_value_t = Schedule::Fused)]
    pub schedule: Schedule,

    /// Worker threads for oxidd's parallel apply.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,

    /// Memory budget, e.g. 8GiB or 512M [default: 3/4 of physical memory].
    #[arg(long, value_parser = parse_bytes)]
    pub memory: Option<Bytes>,

    /// Node capacity of the manager [default: derived from --memory].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,

    /// Apply-cache entries (rounded up to a power of two) [default: by schedule and board].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=(1 << 32)))]
    pub cache: Option<u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineChoice {
    /// oxidd's zero-suppressed BDD.
    Zbdd,
    /// oxidd's BDD.
    Bdd,
    /// oxidd's BDD with complement edges.
    Bcdd,
}

impl From<EngineChoice> for EngineKind {
    fn from(choice: EngineChoice) -> EngineKind {
        match choice {
            EngineChoice::Zbdd => EngineKind::Zbdd,
            EngineChoice::Bdd => EngineKind::Bdd,
            EngineChoice::Bcdd => EngineKind::Bcdd,
        }
    }
}

/// How to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// The decision-diagram encoding.
    Zdd,
    /// Plain backtracking over the knight's graph (boards of up to 64 squares).
    Backtrack,
}

#[derive(Debug, Args, Clone)]
pub struct CountArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,

    #[command(flatten)]
    pub engine: EngineArgs,

    /// How to count: the ZDD encoding, or backtracking for comparison.
    #[arg(long, value_enum, default_value_t = Method::Zdd)]
    pub method: Method,

    /// Print one JSON document instead of the text summary.
    #[arg(long)]
    pub json: bool,

    /// Compare the count with the shipped published counts; exit 1 on a mismatch.
    #[arg(long)]
    pub check: bool,
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

fn parse_board(text: &str) -> Result<Board, String> {
    text.parse::<Board>().map_err(|e| e.to_string())
}

fn parse_bytes(text: &str) -> Result<Bytes, String> {
    text.parse()
}
