//! `knights-tour completions SHELL`: a completion script for the shell,
//! generated from the command line itself, so it always knows every
//! command and option of this build.

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Shell;

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
    clap_complete::generate(args.shell, &mut command, name.clone(), &mut script);
    if args.shell == Shell::Bash {
        script = bash_fixed(&String::from_utf8_lossy(&script), &name).into_bytes();
    }
    out.write_all(&script).or_fail()?;
    out.finish()?;
    Ok(ExitCode::Success)
}

/// `clap_complete`'s separator of command names in its bash script.
const SEPARATOR: &str = "__subcmd__";

/// The bash script with its subcommands' cases renamed to what its loop
/// sets, so that bash completes every subcommand's options.
///
/// Why: `clap_complete` (up to at least 4.6.11; clap-rs/clap#6421) names
/// the binary `knights__tour` in the loop over the words (each `-` of the
/// name becomes `__`) but `knights__subcmd__tour` in the cases of the
/// subcommands (each `-` becomes the separator), so no case matched and
/// `knights-tour count --cl<TAB>` offered nothing. Once clap fixes it, the
/// broken prefix no longer occurs and this changes nothing.
fn bash_fixed(script: &str, name: &str) -> String {
    let broken = format!("{}{SEPARATOR}", name.replace('-', SEPARATOR));
    let meant = format!("{}{SEPARATOR}", name.replace('-', "__"));
    script.replace(&broken, &meant)
}

#[cfg(test)]
mod tests {
    use super::bash_fixed;

    #[test]
    fn the_subcommand_cases_take_the_loops_name() {
        let script = "knights__tour,count)\n        knights__subcmd__tour__subcmd__count)\n";
        assert_eq!(
            bash_fixed(script, "knights-tour"),
            "knights__tour,count)\n        knights__tour__subcmd__count)\n"
        );
        // A name without a hyphen was never broken.
        assert_eq!(bash_fixed("kt__subcmd__count)", "kt"), "kt__subcmd__count)");
    }
}
