//! `knights-tour man [COMMAND]`: a manual page in roff, generated from the
//! command line itself: the program's page (`knights-tour(1)`), or the page
//! of one command (`knights-tour-count(1)`), which the program's page
//! lists.

use clap::CommandFactory;

use crate::cli::{Cli, ManArgs};
use crate::exit::{CliError, ExitCode};
use crate::output::{OrFail, Output};

pub fn run(args: &ManArgs) -> Result<ExitCode, CliError> {
    // Built, so that every command knows its full name (`knights-tour
    // count`) and its page's name (`knights-tour-count`); `help` is
    // clap's, not a command with a page of its own.
    let mut program = Cli::command().disable_help_subcommand(true);
    program.build();
    let page = match &args.command {
        None => program,
        Some(name) => program.find_subcommand(name).cloned().ok_or_else(|| {
            let names: Vec<&str> = program
                .get_subcommands()
                .map(clap::Command::get_name)
                .collect();
            CliError::input(format!(
                "no command '{name}' (the commands: {})",
                names.join(", ")
            ))
        })?,
    };
    let mut out = Output::stdout()?;
    clap_mangen::Man::new(page).render(&mut out).or_fail()?;
    out.finish()?;
    Ok(ExitCode::Success)
}
