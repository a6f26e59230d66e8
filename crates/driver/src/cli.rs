//! The command line, as clap derives it, and the library requests it
//! builds.
//!
//! The doc comments of the argument types are `--help` text, which is
//! plain text: names like `RUST_LOG` are not code spans there.
#![allow(clippy::doc_markdown, reason = "doc comments here are --help text")]

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::{Args, Parser, Subcommand, ValueEnum};
use kt_count::zdd::Schedule;
use kt_count::{
    Board, Bytes, Checkpointing, ChoiceError, ClusterOptions, Drawing, EngineKind, GivenOptions,
    MAX_ORDER_FILE_BYTES, MethodChoice, MethodSettings, Order, OrderChoice, Question, Request,
    Resources, TourKind, Work,
};

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
theorem as the reason (--no-theorems runs the method anyway).";

const EXIT_STATUS: &str = "\
Exit status: 0 success, 1 a --check or verify disagreed, 2 bad input or a
request refused before any work, 3 a memory or node limit was reached,
4 another failure, 5 no tour exists (find, tour, dot), 128+N stopped by
signal N (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP; the partial report is printed
first), 141 standard output was a closed pipe (nothing more is written).";

const EXAMPLES: &str = "\
Examples:
  knights-tour count 6 --check             open tours of 6x6, checked against
                                           the published count
  knights-tour count 8 --closed --checkpoint 8x8.ckpt
                                           the 13,267,364,410,532 closed tours
                                           of 8x8 (about 5 minutes)
  knights-tour count 5 --by-start          a table of open tours by start square
  knights-tour count 6 --closed --up-to-symmetry
                                           geometrically distinct tours
  knights-tour tour 6 --closed --random --svg tour.svg
                                           a uniformly random closed tour
  knights-tour find 50 --closed            one tour of a large board, at once
  knights-tour verify tour.txt             is this a valid tour?";

/// `--version`: the version and the git commit built from (`-V`: the
/// version alone).
fn long_version() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| format!("{} (commit {})", kt_count::VERSION, kt_count::COMMIT))
}

/// The text after `knights-tour --help`.
fn after_main_help() -> String {
    format!("{EXAMPLES}\n\n{EXIT_STATUS}")
}

/// The text after `knights-tour count --help`.
fn after_count_help() -> String {
    format!("{CONVENTIONS}\n\n{EXAMPLES}\n\n{EXIT_STATUS}")
}

/// Count knight's tours exactly, open or closed, on any rectangular board;
/// show them, draw them, find one on a huge board, or check one.
///
/// Counts are exact (6x6 open: 6,637,920; 8x8 closed: 13,267,364,410,532),
/// by zero-suppressed decision diagrams where they reach and by
/// frontier-based search beyond. Run a command with --help for its options.
#[derive(Debug, Parser)]
#[command(name = "knights-tour", version, long_version = long_version(), after_help = after_main_help())]
#[command(allow_negative_numbers = true, propagate_version = true)]
#[command(arg_required_else_help = true)]
pub struct Cli {
    /// More log output on stderr (-v info, -vv debug, -vvv trace); RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,

    /// No progress bar.
    #[arg(short, long, global = true)]
    pub quiet: bool,

    /// When to colour stderr (errors, help, log lines): auto (a terminal,
    /// unless NO_COLOR is set or CLICOLOR=0; CLICOLOR_FORCE forces it),
    /// always or never. Standard output is never coloured.
    #[arg(long, value_name = "WHEN", global = true, default_value = "auto")]
    pub color: clap::ColorChoice,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the tours of a board exactly.
    #[command(after_help = after_count_help())]
    Count(CountArgs),
    /// Run one benchmark configuration and print its JSON report (count --json).
    Bench(CountArgs),
    /// List the published counts the project ships and checks against.
    Known(KnownArgs),
    /// Show tours taken from a decision diagram: the first, uniformly random ones, or all.
    #[command(after_help = EXIT_STATUS)]
    Tour(TourArgs),
    /// Write the final decision diagram of a small board as Graphviz DOT.
    #[command(after_help = EXIT_STATUS)]
    Dot(DotArgs),
    /// Find one tour on a board of any size (Warnsdorff, Parberry; no diagram).
    #[command(after_help = EXIT_STATUS)]
    Find(FindArgs),
    /// Check a tour read from a file (the moves or the board format).
    Verify(VerifyArgs),
    /// List the classes of start and end squares that open tours are counted
    /// by, one fixed-ends run each (`count --shard K/N` runs a group of them).
    Shards(ShardsArgs),
    /// Add up the parts that `count --shard K/N --json` wrote: the total,
    /// the table by start square and every class; refuses parts that are
    /// missing, doubled, damaged or of another board or plan.
    Merge(MergeArgs),
    /// Print the order in which the frontier method takes a board's squares
    /// (a file `count --order FILE` reads): the shipped or searched one,
    /// the columns, or a new search.
    #[command(after_help = ORDER_HELP)]
    Order(OrderArgs),
    /// Draw the states (or seconds) of every level of frontier runs, from
    /// the reports `count --json` wrote, as one SVG chart.
    Plot(PlotArgs),
    /// Print a completion script for a shell on standard output.
    #[command(after_help = COMPLETIONS_HELP)]
    Completions(CompletionsArgs),
    /// Print a manual page, in roff, on standard output: the program's, or
    /// one command's.
    #[command(after_help = MAN_HELP)]
    Man(ManArgs),
}

const ORDER_HELP: &str = "\
Examples:
  knights-tour order 8                       the order count 8 takes (shipped)
  knights-tour order 9 --search 50000000 > 9x9.order
  knights-tour count 9 --closed --order 9x9.order";

#[derive(Debug, Args, Clone)]
pub struct OrderArgs {
    /// The board: N (an N×N board) or RxC [default: 6].
    #[arg(value_parser = parse_board)]
    pub board: Option<Board>,

    /// The columns order instead (along the longer side).
    #[arg(long, conflicts_with = "search")]
    pub columns: bool,

    /// Search anew, scoring this many orders (about 4 million a second on
    /// one core for 64 squares) instead of taking the shipped one.
    #[arg(long, value_name = "EVALUATIONS", value_parser = clap::value_parser!(u64).range(1..=100_000_000_000))]
    pub search: Option<u64>,

    /// Independent annealing runs of the search; the best is kept.
    #[arg(long, default_value_t = 4, requires = "search", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub restarts: u32,

    /// Another seed gives another search.
    #[arg(long, default_value_t = 0, requires = "search")]
    pub seed: u64,
}

const MAN_HELP: &str = "\
Examples:
  knights-tour man > knights-tour.1 && man ./knights-tour.1
  knights-tour man count > knights-tour-count.1";

const COMPLETIONS_HELP: &str = "\
Examples:
  knights-tour completions bash > ~/.local/share/bash-completion/completions/knights-tour
  knights-tour completions zsh > ~/.zfunc/_knights-tour    (with fpath+=~/.zfunc)
  knights-tour completions fish > ~/.config/fish/completions/knights-tour.fish";

#[derive(Debug, Args, Clone)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args, Clone)]
pub struct ManArgs {
    /// The page of this command (knights-tour-COMMAND(1)) instead of the
    /// program's.
    pub command: Option<String>,
}

#[derive(Debug, Args, Clone)]
pub struct ShardsArgs {
    /// The board: N (an N×N board) or RxC [default: 6].
    #[arg(value_parser = parse_board)]
    pub board: Option<Board>,

    /// Also say which of N shards counts each class.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub shards: Option<u32>,

    /// The classes of start squares (each one fixed-start run, for the
    /// table by start square) instead of the pairs of start and end.
    #[arg(long)]
    pub by_start: bool,

    /// Print the plan as one JSON document (docs/json.md).
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args, Clone)]
pub struct MergeArgs {
    /// The parts: files `count --shard K/N --json` wrote.
    #[arg(required = true, value_name = "PART")]
    pub parts: Vec<PathBuf>,

    /// Print one JSON document (the fields of `count --json`: `count`,
    /// `by_start`; docs/json.md).
    #[arg(long)]
    pub json: bool,

    /// Compare the total and the table with the published counts; exit 1
    /// on a mismatch.
    #[arg(long)]
    pub check: bool,

    /// Also draw the table by start square as a board-shaped heat map in
    /// FILE (SVG).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

#[derive(Debug, Args, Clone)]
pub struct PlotArgs {
    /// Reports that `count --json` (or `bench`) wrote of frontier counts,
    /// one line each on the chart.
    #[arg(required = true, value_name = "REPORT")]
    pub reports: Vec<PathBuf>,

    /// Write the SVG to FILE [default: standard output].
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Each level's seconds instead of its states.
    #[arg(long)]
    pub time: bool,

    /// The chart's title [default: States per level, or Seconds per level].
    #[arg(long)]
    pub title: Option<String>,
}

#[derive(Debug, Args, Clone)]
pub struct FindArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,

    /// How to print the tour [default: board] (--json for JSON).
    #[arg(long, value_enum, help_heading = "Output")]
    pub format: Option<TourFormat>,

    /// Print the tour as one JSON document (docs/json.md).
    #[arg(long, help_heading = "Output")]
    pub json: bool,

    /// Also draw the tour as an SVG picture in FILE.
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    pub svg: Option<PathBuf>,

    /// Leave the step numbers out of the --svg picture (on large boards
    /// they are too small to read; above 100x100 they are always left out).
    #[arg(long, requires = "svg", help_heading = "Output")]
    pub no_numbers: bool,

    /// Do not report the time taken on stderr.
    #[arg(long = "no-time", help_heading = "Output")]
    pub quiet_time: bool,
}

#[derive(Debug, Args, Clone)]
pub struct VerifyArgs {
    /// The file holding the tours (- for standard input), in any format
    /// `tour` and `find` write: numbered boards (headings allowed),
    /// algebraic moves (`a1 c2 ...`, one tour per line) or JSON. Exit 0 if
    /// every tour is valid, 1 if not.
    pub file: PathBuf,

    /// Also require every tour to be closed (exit 1 if one is open).
    #[arg(long)]
    pub closed: bool,

    /// The board the tours are on: N or RxC. A move list names only the
    /// squares it visits, so without it `a1 b3 c5` is read on the board
    /// those squares imply (5x3); with it, on this one. Numbered boards
    /// and JSON tours on another board are refused.
    #[arg(long, value_parser = parse_board)]
    pub board: Option<Board>,

    /// Print one JSON document with a verdict per tour (docs/json.md).
    #[arg(long)]
    pub json: bool,
}

/// The board and the kind of tour.
#[derive(Debug, Args, Clone)]
#[command(next_help_heading = "Board")]
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

/// The help of `--method`: every method of the library's registry.
fn methods_help() -> String {
    use std::fmt::Write;
    let mut help = format!(
        "How to count [default: auto: {}; the report's method line says which and why]",
        kt_count::AUTO_RULE
    );
    for method in MethodSettings::every() {
        let _ = write!(help, "\n  {:<10} {}", method.name(), method.summary());
    }
    help
}

/// `auto` and the registry's method names.
fn method_names() -> PossibleValuesParser {
    let mut names = vec!["auto"];
    names.extend(MethodSettings::names());
    PossibleValuesParser::new(names)
}

/// Every engine the library knows (`kt_engine::EngineKind::NAMED`): one
/// not in this build (BuDDy without its feature) is refused by the plan
/// with the reason and the way to build it.
fn engine_names() -> PossibleValuesParser {
    PossibleValuesParser::new(EngineKind::NAMED.map(EngineKind::name))
}

/// Which method, and the resources it gets.
#[derive(Debug, Args, Clone)]
#[command(next_help_heading = "Method")]
pub struct MethodArgs {
    /// How to count (zdd, frontier, edges, backtrack, cluster, or auto).
    #[arg(
        long,
        value_parser = method_names(),
        default_value = "auto",
        hide_default_value = true,
        hide_possible_values = true,
        long_help = methods_help()
    )]
    pub method: String,

    /// The decision diagram, the old way to name a method (deprecated,
    /// hidden from --help): time-sliced is --method zdd, edges is --method
    /// edges.
    #[arg(long, value_enum, hide = true)]
    pub encoding: Option<EncodingChoice>,

    /// Start even where the estimate says the work is beyond this machine
    /// (its memory and free disk, or more than 2 hours), which is refused
    /// before any work otherwise; dot: also a diagram estimated larger
    /// than --max-nodes (the built diagram is still checked against it).
    #[arg(long)]
    pub force: bool,

    /// Worker threads [default: the machine's available cores; at most 4 per
    /// core; backtracking runs on one].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub threads: Option<u32>,

    /// Memory budget, e.g. 8GiB or 512M [default: 3/4 of physical memory,
    /// or 9/10 of the memory available at the start if that is less; more
    /// than the machine has is capped to it; at least 8 MiB].
    #[arg(long, value_parser = parse_bytes)]
    pub memory: Option<Bytes>,

    /// The order in which a frontier sweep takes the squares (--method
    /// frontier, edges, cluster): auto (the order shipped for the board, or
    /// one searched for it), columns, or a FILE holding a board of step
    /// numbers, as `knights-tour order` prints it [default: auto].
    #[arg(long, value_name = "auto|columns|FILE", value_parser = parse_order)]
    pub order: Option<OrderChoice>,
}

/// The decision-diagram methods' engine settings.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "ZDD options (--method zdd, edges)")]
pub struct ZddArgs {
    /// The decision-diagram engine [default: zbdd].
    #[arg(long, value_parser = engine_names())]
    pub engine: Option<String>,

    /// The order and shape of the intersections (--method zdd) [default: fused].
    #[arg(long, value_enum)]
    pub schedule: Option<ScheduleChoice>,

    /// Node capacity of the manager [default: derived from --memory;
    /// refused if it does not fit].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,

    /// Apply-cache entries, rounded up to a power of two [default: by
    /// schedule and board; at least 4096].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=(1 << 32)))]
    pub cache: Option<u64>,
}

/// Which decision diagram (the old name of the two diagram methods).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EncodingChoice {
    /// One variable per (square, time): --method zdd.
    TimeSliced,
    /// One variable per move, from the frontier method: --method edges.
    Edges,
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

#[derive(Debug, Args, Clone)]
pub struct CountArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,

    #[command(flatten)]
    pub questions: QuestionArgs,

    #[command(flatten)]
    pub method: MethodArgs,

    /// Run the method even where a theorem says there is no tour (for
    /// benchmarks and cross-checks).
    #[arg(long, help_heading = "Method")]
    pub no_theorems: bool,

    #[command(flatten)]
    pub zdd: ZddArgs,

    #[command(flatten)]
    pub frontier: FrontierArgs,

    #[command(flatten)]
    pub cluster: ClusterArgs,

    /// Print one JSON document instead of the text summary (docs/json.md).
    #[arg(long, help_heading = "Output")]
    pub json: bool,

    /// Compare the count with the shipped published counts; exit 1 on a mismatch.
    #[arg(long, help_heading = "Output")]
    pub check: bool,

    /// Also draw the table the question gives (--by-start, --pairs, --from
    /// SQ --by-end) as a board-shaped heat map in FILE (SVG).
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    pub svg: Option<PathBuf>,
}

/// Counts beyond the total: a fixed start or end, tables, symmetry.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "Questions")]
#[allow(
    clippy::struct_excessive_bools,
    reason = "each flag is a question a caller asks (--by-start, --pairs, …), not a state"
)]
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

    /// The table of open tours by start square (its sum is the total); by
    /// the frontier method, one fixed-start run per class of start squares,
    /// the classes done kept with --checkpoint; with --shard K/N, the K-th
    /// of N shards of those classes.
    #[arg(long, conflicts_with_all = ["from", "to", "by_end", "up_to_symmetry"])]
    pub by_start: bool,

    /// With --from: the table of tours from that square by end square.
    #[arg(long, requires = "from", conflicts_with = "to")]
    pub by_end: bool,

    /// Undirected tours up to the board's symmetries (8 on a square board,
    /// 4 otherwise), by Burnside's lemma, with the tours each symmetry fixes.
    #[arg(long, conflicts_with_all = ["from", "to", "by_end"])]
    pub up_to_symmetry: bool,

    /// Open tours by endpoint pairs: every class of start and end squares
    /// (`knights-tour shards BOARD` lists them), one fixed-ends run each;
    /// the total and the table by start square.
    #[arg(long, conflicts_with_all = ["from", "to", "by_end", "by_start", "up_to_symmetry", "shard"])]
    pub pairs: bool,

    /// Count the K-th of N shards of the endpoint-pair classes (with
    /// --by-start: of the classes of start squares), balanced by their
    /// estimated cost (1 <= K <= N); with --json the output is a part for
    /// `knights-tour merge`. Run the N shards anywhere, in any order.
    #[arg(long, value_name = "K/N", value_parser = parse_shard,
          conflicts_with_all = ["from", "to", "by_end", "up_to_symmetry"])]
    pub shard: Option<kt_count::Shard>,
}

/// `K/N` (see `kt_shards::Shard`).
fn parse_shard(text: &str) -> Result<kt_count::Shard, String> {
    text.parse().map_err(|e: kt_count::ShardError| e.0)
}

impl QuestionArgs {
    /// The question these flags ask on `board`.
    pub fn question(&self, board: &Board) -> Result<Question, String> {
        let square = |flag: &str, text: &Option<String>| {
            text.as_deref()
                .map(|t| parse_square(board, t).map_err(|e| format!("{flag}: {e}")))
                .transpose()
        };
        let from = square("--from", &self.from)?;
        let to = square("--to", &self.to)?;
        Ok(match (from, to) {
            _ if self.pairs => Question::Pairs {
                shard: None,
                ends: kt_count::Ends::Pairs,
            },
            _ if self.shard.is_some() => Question::Pairs {
                shard: self.shard,
                ends: if self.by_start {
                    kt_count::Ends::Starts
                } else {
                    kt_count::Ends::Pairs
                },
            },
            _ if self.by_start => Question::ByStart,
            _ if self.up_to_symmetry => Question::UpToSymmetry,
            (Some(from), _) if self.by_end => Question::ByEnd { from },
            (Some(from), Some(to)) => Question::FromTo { from, to },
            (Some(from), None) => Question::From { from },
            (None, Some(to)) => Question::To { to },
            (None, None) => Question::Total,
        })
    }
}

/// A square given as `R,C` (0-based) or algebraically, on `board`.
pub fn parse_square(board: &Board, text: &str) -> Result<kt_count::Square, String> {
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
#[command(next_help_heading = "Frontier options (--method frontier)")]
pub struct FrontierArgs {
    /// Where levels that do not fit --memory spill, created if missing
    /// [default: the system's temporary directory].
    #[arg(long, value_name = "DIR")]
    pub spill_dir: Option<PathBuf>,

    /// Keep the level reached in directory DIR (created if missing) every
    /// --checkpoint-every, to go on from it with --resume; its runs are
    /// hard-linked, not copied. With --pairs or --shard, DIR also keeps the
    /// classes finished (part.json).
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<PathBuf>,

    /// How often to write the checkpoint, e.g. 5m or 90s [default: 5m].
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, requires = "checkpoint")]
    pub checkpoint_every: Option<std::time::Duration>,

    /// Go on from a checkpoint directory of the same board and kind (with
    /// --pairs or --shard: skipping the classes it had finished).
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,
}

/// One count spread over several processes or machines.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "Cluster options (--method cluster)")]
pub struct ClusterArgs {
    /// Spread the frontier sweep over N processes (start each with the
    /// same command line but --process); --threads and --memory are each
    /// process's. See docs/distributed.md.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub processes: Option<u32>,

    /// This process, from 0 to N-1 [default: 0].
    #[arg(long, value_name = "I", requires = "processes")]
    pub process: Option<u32>,

    /// The processes' addresses, one host:port a line, process 0 first
    /// (timely's hostfile format) [default: 127.0.0.1 at --port, --port+1, …].
    #[arg(
        long,
        value_name = "FILE",
        requires = "processes",
        conflicts_with = "port"
    )]
    pub hostfile: Option<PathBuf>,

    /// The port of process 0 when all processes are on this machine;
    /// process I listens on PORT+I [default: 2101].
    #[arg(long, value_name = "PORT", requires = "processes")]
    pub port: Option<u16>,

    /// How long to wait for the other processes to start, e.g. 10m
    /// [default: 60s].
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, requires = "processes")]
    pub connect_timeout: Option<std::time::Duration>,

    /// How long another process may send nothing, not even its heartbeat,
    /// before the count stops naming it (exit 4; checkpoints stay
    /// resumable), e.g. 5m [default: 60s].
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, requires = "processes")]
    pub peer_timeout: Option<std::time::Duration>,
}

impl ClusterArgs {
    /// The cluster these arguments describe: addresses from the hostfile,
    /// or this machine's.
    fn options(&self) -> Result<Option<ClusterOptions>, String> {
        let Some(processes) = self.processes else {
            return Ok(None);
        };
        let processes = processes as usize;
        let process = self.process.unwrap_or(0) as usize;
        // Before the hostfile is read.
        kt_count::hosts::check_process(process, processes)?;
        let addresses = match &self.hostfile {
            Some(path) => kt_count::hosts::read_hostfile(path, processes)?,
            None => kt_count::hosts::localhost(
                processes,
                self.port.unwrap_or(kt_count::hosts::DEFAULT_PORT),
            )?,
        };
        Ok(Some(ClusterOptions {
            processes,
            process,
            addresses,
            connect_timeout: self
                .connect_timeout
                .unwrap_or(kt_count::CLUSTER_CONNECT_TIMEOUT),
            peer_timeout: self.peer_timeout.unwrap_or(kt_count::CLUSTER_PEER_TIMEOUT),
        }))
    }
}

#[derive(Debug, Args, Clone)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "each flag is an option a caller sets (--force, --random, --all, …), not a state"
)]
pub struct TourArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,

    #[command(flatten)]
    pub method: MethodArgs,

    #[command(flatten)]
    pub zdd: ZddArgs,

    /// Draw tours uniformly at random among all tours (exact, no floating point).
    #[arg(long, conflicts_with = "all", help_heading = "Output")]
    pub random: bool,

    /// Seed for --random [default: drawn from the OS and printed on stderr].
    #[arg(long, requires = "random", help_heading = "Output")]
    pub seed: Option<u64>,

    /// How many tours (the first ones, or random draws).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000), help_heading = "Output")]
    pub count: u64,

    /// Every tour, in order, up to --limit.
    #[arg(long, help_heading = "Output")]
    pub all: bool,

    /// The most tours --all prints.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000), help_heading = "Output")]
    pub limit: u64,

    /// How to print each tour [default: board] (--json for JSON).
    #[arg(long, value_enum, help_heading = "Output")]
    pub format: Option<TourFormat>,

    /// Print the tours as one JSON document (docs/json.md).
    #[arg(long, help_heading = "Output")]
    pub json: bool,

    /// Also draw the tour as an SVG picture in FILE (FILE-2.svg, … for more tours).
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    pub svg: Option<PathBuf>,

    /// Leave the step numbers out of the --svg pictures.
    #[arg(long, requires = "svg", help_heading = "Output")]
    pub no_numbers: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TourFormat {
    /// The numbered board, row 0 at the top.
    Board,
    /// Algebraic squares in order, e.g. a1 c2 …
    Moves,
    /// One JSON document: the same as --json, which is the way to ask for it.
    #[value(hide = true)]
    Json,
}

/// The format `--format` and `--json` ask for together: `--json` is
/// `--format json`, and refused with another `--format`.
pub fn tour_format(format: Option<TourFormat>, json: bool) -> Result<TourFormat, String> {
    match (format, json) {
        (Some(format @ (TourFormat::Board | TourFormat::Moves)), true) => Err(format!(
            "--json and --format {} ask for two formats; give one",
            format
                .to_possible_value()
                .map_or_else(String::new, |v| v.get_name().to_string())
        )),
        (_, true) => Ok(TourFormat::Json),
        (format, false) => Ok(format.unwrap_or(TourFormat::Board)),
    }
}

impl TourArgs {
    /// The format asked for (`--format`, `--json`).
    pub fn tour_format(&self) -> Result<TourFormat, String> {
        tour_format(self.format, self.json)
    }
}

impl FindArgs {
    /// The format asked for (`--format`, `--json`).
    pub fn tour_format(&self) -> Result<TourFormat, String> {
        tour_format(self.format, self.json)
    }
}

#[derive(Debug, Args, Clone)]
pub struct DotArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,

    #[command(flatten)]
    pub method: MethodArgs,

    #[command(flatten)]
    pub zdd: ZddArgs,

    /// Write to FILE instead of standard output.
    #[arg(long, short, value_name = "FILE", help_heading = "Output")]
    pub output: Option<PathBuf>,

    /// Refuse diagrams with more nodes than this (DOT layouts of large
    /// diagrams are unreadable and slow).
    #[arg(long, default_value_t = 5000, help_heading = "Output")]
    pub max_nodes: usize,

    /// Dump oxidd's whole manager with its own DOT export instead (every
    /// level and node, including oxidd's internal tautology chain).
    #[arg(long, help_heading = "Output")]
    pub oxidd: bool,
}

#[derive(Debug, Args, Clone)]
pub struct KnownArgs {
    /// Only the rows of this board (N or RxC, in either orientation).
    #[arg(value_parser = parse_board)]
    pub board: Option<Board>,

    /// Also the rows of boards with no tour (a side of 1 or 2, 3x3, 4x4,
    /// …), which the table leaves out by default; --json always has them.
    #[arg(long)]
    pub all: bool,

    /// Print the table as one JSON document (docs/json.md).
    #[arg(long)]
    pub json: bool,
}

/// The options of `args`, not yet sorted to a method.
fn given(method: &MethodArgs, zdd: &ZddArgs, frontier: Option<&FrontierArgs>) -> GivenOptions {
    GivenOptions {
        resources: Resources {
            threads: method.threads,
            memory: method.memory,
        },
        engine: zdd
            .engine
            .as_deref()
            .and_then(|name| EngineKind::NAMED.into_iter().find(|e| e.name() == name)),
        schedule: zdd.schedule.map(Schedule::from),
        nodes: zdd.nodes,
        cache: zdd.cache,
        spill_dir: frontier.and_then(|f| f.spill_dir.clone()),
        checkpoint: frontier.and_then(|f| {
            f.checkpoint.clone().map(|path| Checkpointing {
                path,
                every: f.checkpoint_every,
            })
        }),
        resume: frontier.and_then(|f| f.resume.clone()),
        cluster: None,
        order: method.order.clone(),
    }
}

/// The method `--method` (or its old name `--encoding`) asks for, with the
/// options given; `auto` becomes every method that takes them all.
fn method_choice(method: &MethodArgs, given: &GivenOptions) -> Result<MethodChoice, String> {
    let asked = method.method.as_str();
    let name = match (asked, method.encoding) {
        (name, None) => name,
        ("auto" | "edges" | "frontier", Some(EncodingChoice::Edges)) => "edges",
        ("auto" | "zdd", Some(EncodingChoice::TimeSliced)) => "zdd",
        (name, Some(encoding)) => {
            let (value, means) = match encoding {
                EncodingChoice::Edges => ("edges", "edges"),
                EncodingChoice::TimeSliced => ("time-sliced", "zdd"),
            };
            return Err(format!(
                "--encoding {value} is --method {means}; it does not go with --method {name}"
            ));
        }
    };
    MethodChoice::named(name, given).map_err(|error| match error {
        ChoiceError::Unknown(name) => format!("no method '{name}'"),
        ChoiceError::NoneTakesAll(flags) => {
            format!("no one method takes {} together", flags.join(", "))
        }
        ChoiceError::NotTaken {
            method,
            flag,
            takers,
        } => {
            let takers: Vec<String> = takers.iter().map(|m| format!("--method {m}")).collect();
            format!(
                "{flag} applies to {} only; this count runs --method {method}",
                takers.join(" or ")
            )
        }
    })
}

impl CountArgs {
    /// The library request these arguments describe.
    pub fn request(&self) -> Result<Request, String> {
        let board = self.problem.board()?;
        let mut given = given(&self.method, &self.zdd, Some(&self.frontier));
        given.cluster = self.cluster.options()?;
        let mut request = Request::new(board, self.problem.kind())
            .with_method(method_choice(&self.method, &given)?)
            .asking(self.questions.question(&board)?);
        request.use_theorems = !self.no_theorems;
        request.force = self.method.force;
        Ok(request)
    }
}

impl TourArgs {
    /// The library request for the family of tours.
    pub fn request(&self) -> Result<Request, String> {
        let given = given(&self.method, &self.zdd, None);
        let mut request = Request::new(self.problem.board()?, self.problem.kind())
            .with_method(method_choice(&self.method, &given)?);
        request.work = Work::Tours;
        request.force = self.method.force;
        request
            .outputs
            .extend(self.svg.clone().map(|f| ("--svg", f)));
        Ok(request)
    }
}

impl DotArgs {
    /// The library request for the drawing.
    pub fn request(&self) -> Result<Request, String> {
        let given = given(&self.method, &self.zdd, None);
        let mut request = Request::new(self.problem.board()?, self.problem.kind())
            .with_method(method_choice(&self.method, &given)?);
        request.work = Work::Draw {
            drawing: Drawing {
                max_nodes: self.max_nodes,
                whole_manager: self.oxidd,
                title: String::new(),
            },
        };
        request.force = self.method.force;
        request
            .outputs
            .extend(self.output.clone().map(|f| ("-o", f)));
        Ok(request)
    }
}

fn parse_board(text: &str) -> Result<Board, String> {
    text.parse::<Board>().map_err(|e| e.to_string())
}

/// `--order`: `auto`, `columns`, or a file of step numbers, read (at most
/// [`MAX_ORDER_FILE_BYTES`]) and checked to be a permutation of its board
/// here, before any work; whether it is of the board counted is checked
/// with the board.
fn parse_order(text: &str) -> Result<OrderChoice, String> {
    use std::io::Read;
    match text {
        "auto" => return Ok(OrderChoice::Auto),
        "columns" => return Ok(OrderChoice::Columns),
        _ => {}
    }
    let path = std::path::Path::new(text);
    let file = std::fs::File::open(path).map_err(|e| {
        format!("cannot read the order file '{text}': {e} (--order takes auto, columns, or a file)")
    })?;
    let mut bytes = Vec::new();
    file.take(MAX_ORDER_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read the order file '{text}': {e}"))?;
    if bytes.len() as u64 > MAX_ORDER_FILE_BYTES {
        return Err(format!(
            "the order file '{text}' is larger than {}, far more than an order of any board the frontier method holds",
            Bytes(MAX_ORDER_FILE_BYTES)
        ));
    }
    let text_of =
        String::from_utf8(bytes).map_err(|_| format!("the order file '{text}' is not text"))?;
    let order = Order::parse(&text_of).map_err(|e| format!("the order file '{text}': {e}"))?;
    Ok(OrderChoice::Given(order))
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
