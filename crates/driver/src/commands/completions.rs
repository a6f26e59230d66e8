//! `knights-tour completions SHELL`: a completion script for the shell,
//! generated from the command line itself, so it always knows every
//! command and option of this build.

use std::io::Write;

use clap::CommandFactory;

use crate::cli::{Cli, CompletionsArgs};
use crate::exit::{CliError, ExitCode};
use crate::output::{OrFail, Output};

pub fn run(args: &CompletionsArgs) -> Result<ExitCode, CliError> {
    let mut out = Output::stdout()?;
    // clap_complete panics on a write error; the script is built in memory
    // (a few tens of kilobytes) and written through `Output`, which turns a
    // closed pipe into the quiet exit every command has.
    let mut script = Vec::new();
    let mut command = Cli::command();
    let name = command.get_name().to_string();
    clap_complete::generate(args.shell, &mut command, name, &mut script);
    out.write_all(&script).or_fail()?;
    out.finish()?;
    Ok(ExitCode::Success)
}
