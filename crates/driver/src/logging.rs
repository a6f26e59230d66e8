//! tracing output on stderr: off unless asked for with `-v` or `RUST_LOG`.
//!
//! On a terminal each line is cut to its width (`…` at the end): a log
//! line that wraps breaks the screen's columns, and the whole message is
//! one `2>log` away. Elsewhere (a file, a pipe) lines are whole.

use std::io::{self, IsTerminal, Write};

use tracing_subscriber::EnvFilter;

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
    // The seconds since the start, not the date and time: a prefix of 17
    // columns instead of 33, so that a level's line fits 80 columns.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(|| Cut {
            width: terminal_width(),
        })
        .with_ansi(crate::colour::on_stderr())
        .with_target(false)
        .with_timer(tracing_subscriber::fmt::time::uptime())
        .try_init();
}

/// The terminal's width, where stderr is a terminal.
fn terminal_width() -> Option<usize> {
    if !io::stderr().is_terminal() {
        return None;
    }
    terminal_size::terminal_size_of(io::stderr()).map(|(w, _)| usize::from(w.0))
}

/// stderr, each line cut to `width` visible characters.
struct Cut {
    width: Option<usize>,
}

impl Write for Cut {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let Some(width) = self.width else {
            return io::stderr().write(buf);
        };
        let text = String::from_utf8_lossy(buf);
        let cut: Vec<String> = text.split('\n').map(|line| cut_line(line, width)).collect();
        io::stderr().write_all(cut.join("\n").as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stderr().flush()
    }
}

/// `line` cut to `width` visible characters, `…` last where it was cut;
/// ANSI colour sequences take no width and are kept (and the colour
/// reset after a cut).
fn cut_line(line: &str, width: usize) -> String {
    let mut out = String::with_capacity(line.len());
    let mut visible = 0;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            out.push(c);
            // ESC [ … final byte
            for next in chars.by_ref() {
                out.push(next);
                if next.is_ascii_alphabetic() {
                    break;
                }
            }
            continue;
        }
        if visible + 1 == width && chars.peek().is_some() {
            out.push('…');
            if out.contains('\u{1b}') {
                out.push_str("\u{1b}[0m");
            }
            return out;
        }
        out.push(c);
        visible += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::cut_line;

    #[test]
    fn lines_are_cut_to_the_width_without_counting_colours() {
        assert_eq!(cut_line("short", 80), "short");
        assert_eq!(cut_line("abcdefghij", 5), "abcd…");
        assert_eq!(cut_line("abcde", 5), "abcde");
        assert_eq!(
            cut_line("\u{1b}[32mINFO\u{1b}[0m level 12: many states", 10),
            "\u{1b}[32mINFO\u{1b}[0m leve…\u{1b}[0m"
        );
    }
}
