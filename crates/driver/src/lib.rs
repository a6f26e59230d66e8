//! The `knights-tour` command line: a thin layer over the counting library
//! ([`kt_count`]) and the tour tools ([`kt_tours`]).
//!
//! It parses arguments ([`cli`]), owns the terminal — progress bars
//! ([`progress`]), log output ([`logging`]), signals ([`supervise`]),
//! standard output and its errors ([`output`]) — formats results
//! ([`summary`], [`commands`]) and decides exit statuses ([`exit`]).
//! Nothing here computes a count; the binary (`main.rs`) only calls
//! [`main_with_args`].

pub mod cli;
pub mod commands;
pub mod exit;
pub mod logging;
pub mod output;
pub mod progress;
pub mod summary;
pub mod supervise;

use std::ffi::OsString;
use std::io::IsTerminal;

use clap::Parser;
use clap::error::ErrorKind;

pub use exit::{CliError, ExitCode};

/// Parses `args`, runs the command, and returns the process exit code.
/// Errors are printed as one line on stderr.
pub fn main_with_args(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match cli::Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return report_usage_error(&e),
    };
    logging::init(cli.verbose);
    let progress = !cli.quiet && cli.verbose == 0 && std::io::stderr().is_terminal();
    match commands::run(cli.command, progress) {
        Ok(code) => code.code(),
        Err(failure) => {
            if !failure.message.is_empty() {
                eprintln!("error: {}", one_line(&failure.message));
            }
            failure.code.code()
        }
    }
}

/// Help and version go to stdout as clap prints them; every other parse
/// error becomes one line on stderr and exit status 2.
fn report_usage_error(e: &clap::Error) -> i32 {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            0
        }
        _ => {
            // clap's message ends at the first blank line, before its usage
            // and tips; some messages continue on a second line (the names
            // of missing arguments), which one_line folds in.
            let text = e.render().to_string();
            let message: Vec<&str> = text
                .lines()
                .skip_while(|l| l.trim().is_empty())
                .take_while(|l| !l.trim().is_empty())
                .collect();
            let message = message.join("\n");
            let message = message.trim().trim_start_matches("error:").trim();
            eprintln!("error: {}", one_line(message));
            ExitCode::BadInput.code()
        }
    }
}

/// The longest message printed: a message that quotes the user's input
/// (a 10-million-character token) must still be one readable line.
const MAX_MESSAGE: usize = 400;

/// Keeps a message to one line of at most [`MAX_MESSAGE`] characters.
pub fn one_line(message: &str) -> String {
    let line = message.lines().map(str::trim).collect::<Vec<_>>().join(" ");
    if line.chars().count() <= MAX_MESSAGE {
        return line;
    }
    let mut cut: String = line.chars().take(MAX_MESSAGE).collect();
    cut.push_str("… (message cut)");
    cut
}
