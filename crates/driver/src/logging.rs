//! tracing output on stderr: off unless asked for with `-v` or `RUST_LOG`.

use std::ffi::OsStr;
use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

/// Whether stderr may carry colour: a terminal, and no `NO_COLOR` set
/// (<https://no-color.org>: any non-empty value turns colour off).
pub fn colour() -> bool {
    colour_for(
        std::io::stderr().is_terminal(),
        std::env::var_os("NO_COLOR").as_deref(),
    )
}

/// [`colour`] for a stderr that is or is not a terminal and a given value
/// of `NO_COLOR`.
pub fn colour_for(terminal: bool, no_color: Option<&OsStr>) -> bool {
    terminal && no_color.is_none_or(OsStr::is_empty)
}

/// Installs the subscriber; `verbose` is the number of `-v` flags.
pub fn init(verbose: u8) {
    let default = match verbose {
        0 => "warn",
        1 => "info",
        2 => "debug",
        _ => "trace",
    };
    let filter = std::env::var("RUST_LOG")
        .ok()
        .and_then(|spec| EnvFilter::try_new(spec).ok())
        .unwrap_or_else(|| EnvFilter::new(default));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(colour())
        .with_target(false)
        .try_init();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_turns_colour_off() {
        let set = |v: &'static str| Some(OsStr::new(v));
        assert!(colour_for(true, None));
        assert!(colour_for(true, set("")), "an empty NO_COLOR is unset");
        for value in ["1", "0", "false", "yes", " "] {
            assert!(!colour_for(true, set(value)), "NO_COLOR={value:?}");
        }
        assert!(!colour_for(false, None), "no colour off a terminal");
        assert!(!colour_for(false, set("1")));
    }
}
