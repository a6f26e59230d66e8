//! One module per subcommand.

mod backtrack;
mod count;
mod dot;
mod find;
mod known;
mod tour;
mod verify;

use crate::cli::Command;
use crate::{ExitCode, Failure};

/// Runs a parsed command; `progress` says whether a progress bar may be drawn.
pub fn run(command: Command, progress: bool) -> Result<ExitCode, Failure> {
    match command {
        Command::Count(args) => count::run(&args, progress),
        Command::Bench(args) => count::run(&crate::cli::CountArgs { json: true, ..args }, progress),
        Command::Known(args) => known::run(&args),
        Command::Tour(args) => tour::run(&args, progress),
        Command::Dot(args) => dot::run(&args, progress),
        Command::Find(args) => find::run(&args),
        Command::Verify(args) => verify::run(&args),
    }
}
