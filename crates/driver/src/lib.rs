//! The library behind the `knights-tour` binary: it plans the intersections
//! of the constraints, runs them on an engine, counts the result and
//! reports. The binary (`main.rs`) only calls [`main_with_args`].
//!
//! Where things are:
//! * [`cli`]: the command line;
//! * [`schedule`]: the plans (which constraint when, by which operation);
//! * [`run`]: executing a plan and measuring each step;
//! * [`session`]: one computation end to end (engine choice, worker thread,
//!   Ctrl-C, memory watchdog);
//! * [`resources`]: the memory budget and how it is split;
//! * [`report`]: the JSON report and the text summary;
//! * [`known`]: the shipped table of published counts;
//! * [`commands`]: one module per subcommand.

pub mod cli;
pub mod commands;
pub mod extract;
pub mod known;
pub mod logging;
pub mod progress;
pub mod report;
pub mod resources;
pub mod run;
pub mod schedule;
pub mod session;

use std::ffi::OsString;
use std::io::IsTerminal;

use clap::Parser;
use clap::error::ErrorKind;

/// Process exit codes (documented in `--help`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum ExitCode {
    Success = 0,
    CheckFailed = 1,
    BadInput = 2,
    Limit = 3,
    Other = 4,
    Interrupted = 130,
}

/// A command that did not succeed: a one-line message and an exit code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub code: ExitCode,
    pub message: String,
}

impl Failure {
    pub fn input(message: String) -> Failure {
        Failure {
            code: ExitCode::BadInput,
            message,
        }
    }

    pub fn other(message: String) -> Failure {
        Failure {
            code: ExitCode::Other,
            message,
        }
    }
}

/// Parses `args`, runs the command, and returns the process exit code.
/// Errors are printed as one line on stderr.
pub fn main_with_args(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match cli::Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return report_usage_error(e),
    };
    logging::init(cli.verbose);
    let progress = !cli.quiet && cli.verbose == 0 && std::io::stderr().is_terminal();
    match commands::run(cli.command, progress) {
        Ok(code) => code as i32,
        Err(failure) => {
            eprintln!("error: {}", one_line(&failure.message));
            failure.code as i32
        }
    }
}

/// Help and version go to stdout as clap prints them; every other parse
/// error becomes one line on stderr and exit status 2.
fn report_usage_error(e: clap::Error) -> i32 {
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
            ExitCode::BadInput as i32
        }
    }
}

/// Keeps a message to one line.
fn one_line(message: &str) -> String {
    message.lines().map(str::trim).collect::<Vec<_>>().join(" ")
}
