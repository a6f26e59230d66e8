//! The arguments of the commands that read or write files and tables:
//! `order`, `shards`, `merge`, `plot`, `verify`, `known`, `completions`,
//! `man`.
#![allow(clippy::doc_markdown, reason = "doc comments here are --help text")]

use std::path::PathBuf;

use clap::Args;
use kt_count::Board;

use super::parse::{parse_board, whole};

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
    #[arg(long, value_name = "EVALUATIONS", value_parser = whole::<u64>(1, 100_000_000_000))]
    pub search: Option<u64>,

    /// Independent annealing runs of the search; the best is kept.
    #[arg(long, default_value_t = 4, requires = "search", value_parser = whole::<u32>(1, 1024))]
    pub restarts: u32,

    /// Another seed gives another search.
    #[arg(long, default_value_t = 0, requires = "search")]
    pub seed: u64,

    /// Rank the candidates by the states their sweeps hold, each swept
    /// (folded where it folds) until its levels have held this many states
    /// in all, e.g. 50000000; prints the best, and every candidate's
    /// figures as `#` lines.
    #[arg(long, value_name = "STATES", requires = "search", value_parser = whole::<u64>(1, u64::MAX))]
    pub measure: Option<u64>,

    /// With --measure: search this many seeds (from --seed), each a
    /// candidate beside the shipped order and the columns.
    #[arg(long, default_value_t = 2, requires = "measure", value_parser = whole::<u64>(1, kt_count::order_trials::MAX_SEEDS))]
    pub seeds: u64,

    /// With --measure: also search orders that take each square and its
    /// image under a reflection or the half turn on consecutive steps, the
    /// orders whose sweeps fold.
    #[arg(long, requires = "measure")]
    pub mirrored: bool,

    /// With --measure: sweep closed tours instead of open ones.
    #[arg(long, requires = "measure")]
    pub closed: bool,

    /// With --measure: worker threads [default: the machine's cores].
    #[arg(long, requires = "measure", value_parser = whole::<u32>(1, 4096))]
    pub threads: Option<u32>,
}

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
    #[arg(long, value_name = "N", value_parser = whole::<u32>(1, 1_000_000))]
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
    /// FILE (SVG, or PNG where FILE ends in .png).
    #[arg(long, value_name = "FILE", value_parser = super::parse::parse_picture)]
    pub svg: Option<PathBuf>,

    /// The PNG's width in pixels, where the picture's FILE ends in .png
    /// [default: twice the picture's own width]; the height follows.
    #[arg(long, value_name = "PX", value_parser = super::parse::parse_png_width, hide_short_help = true)]
    pub png_width: Option<u32>,
}

#[derive(Debug, Args, Clone)]
pub struct PlotArgs {
    /// Reports that `count --json` (or `bench`) wrote of frontier counts,
    /// one line each on the chart.
    #[arg(required = true, value_name = "REPORT")]
    pub reports: Vec<PathBuf>,

    /// Write the chart to FILE: SVG, or PNG where FILE ends in .png
    /// [default: SVG on standard output].
    #[arg(short, long, value_name = "FILE", value_parser = super::parse::parse_picture)]
    pub output: Option<PathBuf>,

    /// The PNG's width in pixels, where -o's FILE ends in .png [default:
    /// twice the chart's own width]; the height follows.
    #[arg(long, value_name = "PX", value_parser = super::parse::parse_png_width, hide_short_help = true)]
    pub png_width: Option<u32>,

    /// What to draw: `levels`, the states (or seconds) of every level of
    /// frontier runs, a line a report; `bars`, each report's seconds (or
    /// peak memory, with --memory), a bar a report, as `bench` runs of
    /// engines and schedules compare; `table`, one report's table by start
    /// square (or by end square) as a board-shaped heat map.
    #[arg(long, value_enum, default_value_t = Chart::Levels)]
    pub chart: Chart,

    /// Each level's seconds instead of its states (--chart levels).
    #[arg(long)]
    pub time: bool,

    /// Each report's peak memory instead of its seconds (--chart bars).
    #[arg(long)]
    pub memory: bool,

    /// The chart's title [default: States per level, Seconds per level,
    /// Seconds per run, Peak memory per run, or the table's question].
    #[arg(long)]
    pub title: Option<String>,

    /// Name the lines (--chart levels) or bars (--chart bars) yourself,
    /// one --label per report in the order given (a file of several
    /// reports takes one per report) [default: each report's board, kind,
    /// method and settings].
    #[arg(long, value_name = "TEXT")]
    pub label: Vec<String>,

    /// Every square's whole count, not three digits of it (--chart table).
    #[arg(long)]
    pub exact: bool,
}

/// What `plot` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Chart {
    /// The states or seconds of every level: a line a report.
    Levels,
    /// Each report's seconds or peak memory: a bar a report.
    Bars,
    /// One report's table by start (or end) square as a heat map.
    Table,
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

#[derive(Debug, Args, Clone)]
pub struct KnownArgs {
    /// Only the rows of this board (N or RxC, in either orientation).
    #[arg(value_parser = parse_board)]
    pub board: Option<Board>,

    /// Also the rows of boards with no tour (a side of 1 or 2, 3x3, 4x4,
    /// …) and the terms of the published sequences (--sequences), which
    /// the table leaves out by default; --json always has them.
    #[arg(long)]
    pub all: bool,

    /// List the terms of one published sequence, by its OEIS A-number
    /// (A306283, a306283 or 306283): n, the columns or cells it counts, the
    /// published term and the term in the project's convention (open tours
    /// directed, closed undirected).
    #[arg(long, value_name = "A-NUMBER", conflicts_with_all = ["board", "sequences"])]
    pub sequence: Option<String>,

    /// List the published sequences the project ships, one a line: the
    /// A-number, the strip, what a term counts, the convention, the terms
    /// shipped and the name.
    #[arg(long, conflicts_with = "board")]
    pub sequences: bool,

    /// Print the table as one JSON document (docs/json.md).
    #[arg(long)]
    pub json: bool,
}
