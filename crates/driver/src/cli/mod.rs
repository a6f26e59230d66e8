//! The command line, as clap derives it, and the library requests it
//! builds: the program and its commands here, each command's arguments
//! in a module of its job ([`count`], [`tours`], [`files`]), the help
//! prose in [`help`] and the value parsers in [`parse`].
//!
//! The doc comments of the argument types are `--help` text, which is
//! plain text: names like `RUST_LOG` are not code spans there.
#![allow(clippy::doc_markdown, reason = "doc comments here are --help text")]

mod count;
mod file_roles;
mod files;
mod help;
mod parse;
mod sequence;
mod tours;

use clap::{Parser, Subcommand};

pub use count::*;
pub use file_roles::Files;
pub use files::*;
use help::{
    COMPLETIONS_HELP, EXIT_STATUS, MAN_HELP, ORDER_HELP, after_count_help, after_main_help,
    long_version,
};
pub use parse::{parse_size, parse_square};
pub use sequence::SequenceArgs;
pub use tours::*;

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
    /// More log output on stderr (-v, -vv, -vvv)
    ///
    /// More log output on stderr (-v info, -vv debug, -vvv trace); RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,

    /// The result and errors only: no progress bar, no notes, no estimate
    /// before a long run.
    #[arg(short, long, global = true)]
    pub quiet: bool,

    /// When to colour stderr (errors, help, log lines): auto (a terminal,
    /// unless NO_COLOR is set or CLICOLOR=0; CLICOLOR_FORCE forces it),
    /// always or never. Standard output is never coloured.
    #[arg(
        long,
        value_name = "WHEN",
        global = true,
        default_value = "auto",
        hide_short_help = true
    )]
    pub color: clap::ColorChoice,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the tours of a board exactly.
    // `-h` is the one-screen summary (the common options, a line each);
    // `--help` adds the rest, the conventions, examples and exit statuses.
    #[command(after_long_help = after_count_help())]
    Count(CountArgs),
    /// Time a count as hyperfine times a command: --warmup runs, then
    /// --runs measured ones, their mean ± σ, min and max on stderr and in
    /// the JSON report (count --json) on stdout; the method is the
    /// time-sliced ZDD (--method zdd) unless another is named.
    // An engine benchmark is about its engine and schedule: `-h` lists
    // them here, where `count -h` keeps them for `--help`.
    #[command(
        mut_arg("engine", |a| a.hide_short_help(false)),
        mut_arg("schedule", |a| a.hide_short_help(false))
    )]
    Bench(BenchArgs),
    /// Count every board ROWS x n for n = 1..N (or the first m cells of a
    /// strip) in one sweep along the strip, as Knuth's sequences do.
    Sequence(SequenceArgs),
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
    /// Draw reports that `count --json` or `bench` wrote as one SVG chart:
    /// the states (or seconds) of every level of frontier runs, the
    /// seconds or memory of each run, or a table by start square as a
    /// heat map.
    Plot(PlotArgs),
    /// Print a completion script for a shell on standard output.
    #[command(after_help = COMPLETIONS_HELP)]
    Completions(CompletionsArgs),
    /// Print a manual page, in roff, on standard output: the program's, or
    /// one command's.
    #[command(after_help = MAN_HELP)]
    Man(ManArgs),
}

impl Command {
    /// `-o -` is standard output, as a missing `-o` is, for the commands
    /// whose output defaults to it (`plot`, `dot`): a file named `-` is
    /// never what was meant.
    #[must_use]
    pub fn dash_is_standard_output(mut self) -> Command {
        let output = match &mut self {
            Command::Plot(args) => &mut args.output,
            Command::Dot(args) => &mut args.output,
            _ => return self,
        };
        if output.as_deref() == Some(std::path::Path::new("-")) {
            *output = None;
        }
        self
    }
}
