//! The `knights-tour` command line: a thin layer over the counting library
//! ([`kt_count`]) and the tour tools ([`kt_tours`]).
//!
//! It parses arguments ([`cli`]), owns the terminal — progress bars
//! ([`progress`]), log output ([`logging`]), signals ([`supervise`]),
//! standard output and its errors ([`output`]) — formats results
//! ([`summary`], [`commands`]; JSON as [`json`] says) and decides exit
//! statuses ([`exit`]).
//! Nothing here computes a count; the binary (`main.rs`) only calls
//! [`main_with_args`].

pub mod cli;
pub mod colour;
pub mod commands;
pub mod exit;
pub mod json;
pub mod logging;
pub mod output;
pub mod progress;
pub mod spelling;
pub mod summary;
pub mod supervise;

use std::ffi::OsString;
use std::io::IsTerminal;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches};

pub use exit::{CliError, ExitCode};

/// Parses `args`, runs the command, and returns the process exit code.
/// Errors are printed as one line on stderr (a usage error adds clap's
/// `Usage:` line and its hint, as every clap program does).
pub fn main_with_args(args: impl IntoIterator<Item = OsString>) -> i32 {
    let args: Vec<OsString> = args.into_iter().collect();
    let colour = colour::choice_in(&args);
    colour::apply(colour);
    let cli = match parse(&args, colour) {
        Ok(cli) => cli,
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // No command at all: the usage and the list of commands, on
            // stderr, and the status of a usage error.
            let _ = e.print();
            return ExitCode::BadInput.code();
        }
        Err(e) => {
            let Some(error) = usage_error(&e) else {
                let _ = e.print();
                return 0;
            };
            eprintln!("{} {}", colour::error_prefix(), one_line(&error.message));
            if let Some(usage) = usage_and_hint(&e) {
                eprintln!("\n{usage}");
            }
            return error.code.code();
        }
    };
    logging::init(cli.verbose);
    progress::set_quiet(cli.quiet);
    supervise::install_panic_hook();
    supervise::default_signals(true);
    let terminal = std::io::stderr().is_terminal();
    let progress = !cli.quiet && cli.verbose == 0 && terminal;
    if cli.verbose > 0 && !cli.quiet {
        // The bar would tear through the log lines, so -v hides it: say so
        // (in a script's log too, where the same command shows no bar).
        tracing::info!("-v: the progress bar is hidden; the log has a line a level");
    }
    // A panic on this thread is a bug like one on the work's thread: one
    // line and exit status 4, not Rust's report and 101.
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        commands::run(cli.command.dash_is_standard_output(), progress, cli.quiet)
    }))
    .unwrap_or_else(|_| {
        let why = supervise::last_panic().unwrap_or_else(|| "a panic".into());
        Err(CliError::other(format!("internal error: {why}")))
    });
    // However the command ended: a count abandoned in the middle of a
    // step (a signal, the memory budget) still holds its spill directory.
    kt_count::remove_spill_directories();
    match ran {
        Ok(code) => code.code(),
        Err(failure) => {
            if !failure.message.is_empty() {
                // `-v` asks for every word: the message uncut (a refusal's
                // estimate and its derivation), still one line.
                let limit = if cli.verbose > 0 {
                    usize::MAX
                } else {
                    MAX_MESSAGE
                };
                eprintln!(
                    "{} {}",
                    colour::error_prefix(),
                    one_line_within(&failure.message, limit)
                );
            }
            failure.code.code()
        }
    }
}

/// Parses `args` as [`main_with_args`] does and plans the work they ask
/// for without doing any of it: `Err` with the exit status and message
/// the program would fail with before any work (`error: ` and the
/// message, made [`one_line`], on stderr), `Ok` for a request that would
/// start (help and version included). Nothing is printed, read or
/// computed beyond the plan, so tests can throw any argument list at it.
pub fn plan_args(args: impl IntoIterator<Item = OsString>) -> Result<(), CliError> {
    let args: Vec<OsString> = args.into_iter().collect();
    let cli = match parse(&args, clap::ColorChoice::Never) {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e).map_or(Ok(()), Err),
    };
    cli.command.files().check()?;
    let request = match &cli.command {
        cli::Command::Count(args) => args.request(),
        cli::Command::Bench(args) => args.count.request(),
        cli::Command::Tour(args) => args.request(),
        cli::Command::Dot(args) => args.request(),
        cli::Command::Find(args) => return commands::find::plan(args),
        cli::Command::Sequence(args) => return commands::sequence::plan(args),
        cli::Command::Known(_)
        | cli::Command::Verify(_)
        | cli::Command::Shards(_)
        | cli::Command::Merge(_)
        | cli::Command::Order(_)
        | cli::Command::Plot(_)
        | cli::Command::Completions(_)
        | cli::Command::Man(_) => return Ok(()),
    }
    .map_err(CliError::input)?;
    kt_count::plan(&request).map(drop).map_err(CliError::from)
}

/// Parses the arguments, clap's help and errors coloured as `colour` says.
fn parse(args: &[OsString], colour: clap::ColorChoice) -> Result<cli::Cli, clap::Error> {
    let matches = cli::Cli::command()
        .color(colour)
        .try_get_matches_from(args)?;
    let mut cli = cli::Cli::from_arg_matches(&matches)?;
    // A cluster's processes share one directory, which each would check
    // as its own to write while the others start: a cluster keeps writing
    // only where `--checkpoint` names it (docs/distributed.md).
    match &mut cli.command {
        cli::Command::Count(args) if !args.cluster.is_cluster() => args.frontier.keep_resumed(),
        cli::Command::Bench(args) if !args.count.cluster.is_cluster() => {
            args.count.frontier.keep_resumed();
        }
        cli::Command::Sequence(args) => args.frontier.keep_resumed(),
        _ => {}
    }
    // `bench` measures the library's benchmarked method unless another is
    // named (`MethodSettings::benchmarked` says which, and why).
    if let cli::Command::Bench(args) = &mut cli.command
        && matches
            .subcommand_matches("bench")
            .and_then(|m| m.value_source("method"))
            == Some(clap::parser::ValueSource::DefaultValue)
        && args.count.method.encoding.is_none()
    {
        kt_count::MethodSettings::benchmarked()
            .name()
            .clone_into(&mut args.count.method.method);
    }
    Ok(cli)
}

/// The lines clap prints after a usage error's message: its `Usage:` line
/// and the hint to run `--help`, coloured as clap colours them. `None`
/// where clap has none.
fn usage_and_hint(e: &clap::Error) -> Option<String> {
    let rendered = e.render();
    let plain = rendered.to_string();
    let first = plain
        .lines()
        .position(|line| line.trim_start().starts_with("Usage:"))?;
    let text = if colour::on_stderr() {
        rendered.ansi().to_string()
    } else {
        plain
    };
    let tail: Vec<&str> = text.lines().skip(first).collect();
    Some(tail.join("\n").trim_end().to_string())
}

/// The error a parse failure is: one line and exit status 2; `None` for
/// help and version, which clap prints to stdout.
fn usage_error(e: &clap::Error) -> Option<CliError> {
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return None;
    }
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        return Some(CliError::input(
            "no command given: knights-tour count, tour, dot, find, verify, known, shards, merge, order, completions or man (--help lists them)",
        ));
    }
    // clap's message ends at the first blank line, before its usage;
    // some messages continue on a second line (the names of missing
    // arguments), which one_line folds in. Its tips ("a similar argument
    // exists: '--closed'") follow in paragraphs of their own and are kept,
    // in parentheses.
    let text = e.render().to_string();
    let message: Vec<&str> = text
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| !l.trim().is_empty())
        .collect();
    let message = message.join("\n");
    let message = message.trim().trim_start_matches("error:").trim();
    let tips: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("tip:"))
        .collect();
    let message = if tips.is_empty() {
        message.to_string()
    } else {
        format!("{message} ({})", tips.join("; "))
    };
    Some(CliError::input(one_line(&message)))
}

/// The longest message printed: a message that quotes the user's input
/// (a 10-million-character token) must still be one readable line.
const MAX_MESSAGE: usize = 400;

/// Keeps a message to one line of at most [`MAX_MESSAGE`] characters.
/// Control characters that quoted input may carry (an escape sequence, a
/// carriage return, a NUL) are escaped, so a message cannot drive the
/// terminal or hide part of itself.
pub fn one_line(message: &str) -> String {
    one_line_within(message, MAX_MESSAGE)
}

/// [`one_line`], cut at `limit` characters.
fn one_line_within(message: &str, limit: usize) -> String {
    let joined = message.lines().map(str::trim).collect::<Vec<_>>().join(" ");
    let mut line = String::with_capacity(joined.len().min(4 * MAX_MESSAGE));
    let mut length = 0;
    for c in joined.chars() {
        let before = line.len();
        if c.is_control() {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
        // An escape is ASCII: as many characters as bytes.
        length += if c.is_control() {
            line.len() - before
        } else {
            1
        };
        if length > limit {
            line.truncate(before);
            line.push_str("… (message cut; -v prints it whole)");
            break;
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_one_short_line_without_control_characters() {
        assert_eq!(one_line("a\n  b\r\nc"), "a b c");
        assert_eq!(
            one_line("red \u{1b}[31m, nul \0, cr \r!"),
            "red \\u{1b}[31m, nul \\u{0}, cr \\r!"
        );
        let long = one_line(&"x".repeat(10_000_000));
        assert!(long.chars().count() < MAX_MESSAGE + 40, "{}", long.len());
        assert!(long.ends_with("(message cut; -v prints it whole)"));
        assert_eq!(
            one_line_within(&"x".repeat(1000), usize::MAX),
            "x".repeat(1000)
        );
        let escapes = one_line(&"\u{1b}".repeat(10_000));
        assert!(
            escapes.chars().count() < MAX_MESSAGE + 40,
            "{}",
            escapes.len()
        );
        assert_eq!(one_line(&"y".repeat(MAX_MESSAGE)), "y".repeat(MAX_MESSAGE));
    }

    #[test]
    fn plans_without_running() {
        let args = |list: &[&str]| list.iter().map(OsString::from).collect::<Vec<_>>();
        assert!(plan_args(args(&["knights-tour", "count", "6"])).is_ok());
        assert!(plan_args(args(&["knights-tour", "--help"])).is_ok());
        let refused = plan_args(args(&["knights-tour", "count", "5", "--cache", "1"])).unwrap_err();
        assert_eq!(refused.code, ExitCode::BadInput);
        assert!(refused.message.contains("4096"), "{}", refused.message);
        let bad = plan_args(args(&["knights-tour", "count", "abc"])).unwrap_err();
        assert_eq!(bad.code, ExitCode::BadInput);
        assert!(!bad.message.contains('\n'), "{}", bad.message);
    }

    #[test]
    fn clap_tips_are_kept_in_the_one_line() {
        let args = |list: &[&str]| list.iter().map(OsString::from).collect::<Vec<_>>();
        let typo = plan_args(args(&["knights-tour", "count", "5", "--closd"])).unwrap_err();
        assert_eq!(typo.code, ExitCode::BadInput);
        assert!(typo.message.contains("'--closd'"), "{}", typo.message);
        assert!(typo.message.contains("tip:"), "{}", typo.message);
        assert!(typo.message.contains("'--closed'"), "{}", typo.message);
        assert!(!typo.message.contains('\n'), "{}", typo.message);
    }
}
