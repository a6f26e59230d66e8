//! `knights-tour man [COMMAND]`: a manual page in roff, generated from the
//! command line itself: the program's page (`knights-tour(1)`), or the page
//! of one command (`knights-tour-count(1)`), which the program's page
//! lists.
//!
//! `clap_mangen` renders the title, name, synopsis, description, options and
//! commands; the text after `--help` (examples, exit statuses, counting
//! conventions) becomes the sections a manual page names them by —
//! EXAMPLES, EXIT STATUS, CONVENTIONS — instead of `clap_mangen`'s one
//! "EXTRA", and every page gets an ENVIRONMENT section.

use clap::CommandFactory;
use roff::{Roff, roman};

use crate::cli::{Cli, ManArgs};
use crate::exit::{CliError, ExitCode};
use crate::output::{OrFail, Output};

/// The variables the program reads, for every page's ENVIRONMENT.
const ENVIRONMENT: [(&str, &str); 8] = [
    (
        "NO_COLOR",
        "Set to any non-empty value: no colour on stderr (as --color never), unless --color always.",
    ),
    (
        "CLICOLOR",
        "Set to 0: no colour on stderr with --color auto.",
    ),
    (
        "CLICOLOR_FORCE",
        "Set to a non-zero value: colour on stderr even when it is not a terminal, with --color auto.",
    ),
    (
        "RUST_LOG",
        "Which log lines reach stderr (tracing's filter syntax, e.g. debug or kt_frontier=trace); overrides -v.",
    ),
    (
        "TMPDIR",
        "Where the frontier method spills levels that do not fit --memory when --spill-dir is not given and the count keeps no checkpoint in the cache.",
    ),
    (
        "XDG_CACHE_HOME",
        "The user's cache (default ~/.cache): a count or sequence estimated at more than a minute keeps its checkpoint in knights-tour/checkpoints there (written every minute under 5 minutes planned, every 5 beyond), and spills beside it in knights-tour/spill unless --spill-dir says where; --no-checkpoint keeps none.",
    ),
    (
        "KNIGHTS_TOUR_CACHE_CAP",
        "The most the cache's checkpoints hold together (a size, e.g. 20GiB; default 100GiB): the oldest are removed first when a count starts one.",
    ),
    (
        "KNIGHTS_TOUR_CHECKPOINT_FROM",
        "The estimated seconds beyond which a count or sequence keeps a checkpoint in the cache (default 300).",
    ),
];

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
    render(page, &mut out).or_fail()?;
    out.finish()?;
    Ok(ExitCode::Success)
}

/// The page of `command`, in the order of man-pages(7).
fn render(command: clap::Command, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let after = command
        .get_after_long_help()
        .or_else(|| command.get_after_help())
        .map(ToString::to_string)
        .unwrap_or_default();
    let has_options = command.get_arguments().any(|a| !a.is_hide_set());
    let has_commands = command.get_subcommands().next().is_some();
    let man = clap_mangen::Man::new(command);
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    if has_options {
        man.render_options_section(out)?;
    }
    if has_commands {
        man.render_subcommands_section(out)?;
    }
    let mut roff = Roff::default();
    for (heading, body, preformatted) in sections(&after) {
        roff.control("SH", [heading]);
        if preformatted {
            roff.control("nf", [] as [&str; 0]);
            roff.text([roman(body)]);
            roff.control("fi", [] as [&str; 0]);
        } else {
            roff.text([roman(body.split_whitespace().collect::<Vec<_>>().join(" "))]);
        }
    }
    roff.control("SH", ["ENVIRONMENT"]);
    for (name, what) in ENVIRONMENT {
        roff.control("TP", [] as [&str; 0]);
        roff.text([roff::bold(name)]);
        roff.text([roman(what)]);
    }
    roff.to_writer(out)?;
    man.render_version_section(out)
}

/// The paragraphs of the text after `--help` as manual sections: heading,
/// body, and whether the body keeps its lines (examples and tables) or is
/// filled (prose).
fn sections(after: &str) -> Vec<(&'static str, String, bool)> {
    after
        .split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| {
            let (first, rest) = block.split_once('\n').unwrap_or((block, ""));
            let first = first.trim_end();
            if let Some(status) = first.strip_prefix("Exit status:") {
                (
                    "EXIT STATUS",
                    format!("{status}\n{rest}").trim().to_string(),
                    false,
                )
            } else if first == "Examples:" {
                ("EXAMPLES", rest.to_string(), true)
            } else if first == "Counting conventions:" {
                ("CONVENTIONS", rest.to_string(), true)
            } else {
                ("NOTES", block.to_string(), true)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_after_help_becomes_named_sections() {
        let text = "Counting conventions:\n  open  paths\n\nExamples:\n  knights-tour count 6\n\nExit status: 0 success,\n1 a check disagreed.";
        let got = sections(text);
        let headings: Vec<&str> = got.iter().map(|s| s.0).collect();
        assert_eq!(headings, ["CONVENTIONS", "EXAMPLES", "EXIT STATUS"]);
        assert_eq!(got[1].1, "  knights-tour count 6");
        assert_eq!(got[2].1, "0 success,\n1 a check disagreed.");
        assert!(!got[2].2, "exit statuses are prose");
    }
}
