//! Colour on stderr: `--color auto|always|never`.
//!
//! The flag is read from the raw arguments before clap parses them, so that
//! clap's own help and usage errors follow it too (clap colours them by the
//! command's setting, fixed before parsing). `auto` is anstream's rule, the
//! one clap's output already follows: never when `NO_COLOR` is set
//! (<https://no-color.org>) or `CLICOLOR=0`, always when `CLICOLOR_FORCE`
//! is set, else only on a terminal that supports colour. The program's
//! own coloured output is the `error:` prefix and the log lines of `-v`;
//! standard output (counts, tables, JSON) is never coloured.

use std::ffi::OsString;

use anstyle::{AnsiColor, Style};
use clap::ColorChoice;

/// The `--color` the arguments ask for (the last one wins, as clap takes
/// it); `auto` when none is given, or its value is not one clap accepts
/// (clap then refuses it).
pub fn choice_in(args: &[OsString]) -> ColorChoice {
    let mut choice = ColorChoice::Auto;
    let mut args = args.iter().skip(1).map(|a| a.to_string_lossy());
    while let Some(arg) = args.next() {
        if arg == "--" {
            break;
        }
        let value = if arg == "--color" {
            args.next().map(std::borrow::Cow::into_owned)
        } else {
            arg.strip_prefix("--color=").map(str::to_string)
        };
        choice = match value.as_deref() {
            Some("always") => ColorChoice::Always,
            Some("never") => ColorChoice::Never,
            Some(_) => ColorChoice::Auto,
            None => choice,
        };
    }
    choice
}

/// Makes `choice` the rule for everything written to stderr from now on.
pub fn apply(choice: ColorChoice) {
    anstream::ColorChoice::write_global(match choice {
        ColorChoice::Auto => anstream::ColorChoice::Auto,
        ColorChoice::Always => anstream::ColorChoice::Always,
        ColorChoice::Never => anstream::ColorChoice::Never,
    });
}

/// Whether stderr is coloured, by the rule [`apply`] set.
pub fn on_stderr() -> bool {
    anstream::AutoStream::choice(&std::io::stderr()) != anstream::ColorChoice::Never
}

/// `error:`, in bold red where stderr is coloured (as clap writes it).
pub fn error_prefix() -> String {
    if on_stderr() {
        let style = Style::new().bold().fg_color(Some(AnsiColor::Red.into()));
        format!("{style}error:{style:#}")
    } else {
        "error:".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn reads_the_flag_before_clap_does() {
        assert_eq!(choice_in(&args(&["kt", "count", "5"])), ColorChoice::Auto);
        assert_eq!(
            choice_in(&args(&["kt", "--color", "never", "count"])),
            ColorChoice::Never
        );
        assert_eq!(
            choice_in(&args(&["kt", "count", "--color=always"])),
            ColorChoice::Always
        );
        assert_eq!(
            choice_in(&args(&["kt", "--color=never", "--color", "always"])),
            ColorChoice::Always,
            "the last one wins"
        );
        assert_eq!(
            choice_in(&args(&["kt", "verify", "--", "--color=never"])),
            ColorChoice::Auto,
            "after -- it is a file name"
        );
        assert_eq!(
            choice_in(&args(&["kt", "--color", "pink"])),
            ColorChoice::Auto
        );
    }
}
