//! One module per subcommand.

mod backtrack;
mod count;
mod known;

use crate::cli::Command;
use crate::{ExitCode, Failure};

/// Runs a parsed command; `progress` says whether a progress bar may be drawn.
pub fn run(command: Command, progress: bool) -> Result<ExitCode, Failure> {
    match command {
        Command::Count(args) => count::run(&args, progress),
        Command::Bench(args) => count::run(&crate::cli::CountArgs { json: true, ..args }, progress),
        Command::Known(args) => known::run(&args),
    }
}
