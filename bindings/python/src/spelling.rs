//! The library's words in Python's: `threads=`, never `--threads`.
//!
//! kt-count names its options with the command line's flags (`Setting`'s
//! `flag()`, `Question::flags`, and the plan's own messages, which say
//! `--method`, `--force`, `--max-nodes`). Python speaks keyword arguments,
//! so every message that reaches a Python user goes through this one
//! table, keyed by the library's identifiers where it has them (`Setting`,
//! `Question`): a match on them is exhaustive, so an option the library
//! adds does not compile here until Python has a word for it.
//!
//! The library side is being typed (its options and questions as values,
//! each front end spelling them: issue 39); once a failure carries its
//! option as a value, [`python_words`] goes and the errors are worded from
//! the value alone.

use kt_count::{Ends, Question, Setting};

/// Python's word for an option of the library's: its stable identifier
/// (`Setting::name`), which is already spelled as a keyword (`threads`,
/// `spill_dir`).
pub fn setting(setting: Setting) -> &'static str {
    setting.name()
}

/// Python's words for a question: the arguments that ask it.
pub fn question(question: Question) -> &'static str {
    match question {
        Question::Total => "the total",
        Question::From { .. } => "start",
        Question::To { .. } => "end",
        Question::FromTo { .. } => "start with end",
        Question::ByStart => "by_start",
        Question::ByEnd { .. } => "start with by_end",
        Question::UpToSymmetry => "up_to_symmetry",
        Question::Pairs {
            ends: Ends::Starts, ..
        } => "by_start with shard",
        Question::Pairs { .. } => "shard",
    }
}

/// The command line's flag for a setting (`--spill-dir` for `spill_dir`),
/// as the library's messages still name it.
fn cli_flag(setting: Setting) -> &'static str {
    match setting {
        Setting::Threads => "--threads",
        Setting::Memory => "--memory",
        Setting::Engine => "--engine",
        Setting::Schedule => "--schedule",
        Setting::Nodes => "--nodes",
        Setting::Cache => "--cache",
        Setting::SpillDir => "--spill-dir",
        Setting::Checkpoint => "--checkpoint",
        Setting::Resume => "--resume",
        Setting::Processes => "--processes",
        Setting::Order => "--order",
    }
}

/// Every flag the library writes into a message, with Python's words for
/// it: the settings' and the questions' from their identifiers, then the
/// plan's own (`--method zdd` reads `method="zdd"`, `--force starts it`
/// reads `force=True starts it`).
fn table() -> Vec<(&'static str, &'static str)> {
    let mut table: Vec<(&str, &str)> = Setting::ALL
        .into_iter()
        .map(|s| (cli_flag(s), setting(s)))
        .collect();
    // The questions one flag asks (the square in them is any square).
    for q in [
        Question::From { from: 0 },
        Question::To { to: 0 },
        Question::ByStart,
        Question::UpToSymmetry,
        Question::Pairs {
            shard: None,
            ends: Ends::Pairs,
        },
    ] {
        table.push((q.flags(), question(q)));
    }
    table.extend([
        ("--by-end", "by_end"),
        ("--method", "method="),
        ("--force", "force=True"),
        ("--max-nodes", "max_nodes"),
    ]);
    table
}

/// `message` with each of the command line's flags in Python's words.
/// A flag the table lacks loses its dashes (`--max-depth` reads
/// `max_depth`), so that no message says `--`.
pub fn python_words(message: &str) -> String {
    let table = table();
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find("--") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .unwrap_or(after.len());
        let flag = &rest[at..at + 2 + len];
        match table.iter().find(|(f, _)| *f == flag) {
            Some((_, word)) if word.ends_with('=') => {
                // `--method zdd` → `method="zdd"`: the value as Python
                // writes the string.
                out.push_str(word);
                let value = after[len..].strip_prefix(' ').unwrap_or(&after[len..]);
                let end = value
                    .find(|c: char| !c.is_ascii_alphanumeric())
                    .unwrap_or(value.len());
                out.push_str(&format!("\"{}\"", &value[..end]));
                rest = &value[end..];
                continue;
            }
            Some((_, word)) => out.push_str(word),
            None if len == 0 => out.push('-'),
            None => out.push_str(&flag[2..].replace('-', "_")),
        }
        rest = &after[len..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::python_words;

    #[test]
    fn flags_read_as_keywords() {
        assert_eq!(
            python_words("--threads must be at least 1"),
            "threads must be at least 1"
        );
        assert_eq!(
            python_words("--method zdd on open tours of 9x9: beyond; --force starts it anyway"),
            "method=\"zdd\" on open tours of 9x9: beyond; force=True starts it anyway"
        );
        assert_eq!(
            python_words("a closed tour ends where it started: --to needs --from"),
            "a closed tour ends where it started: end needs start"
        );
        assert_eq!(
            python_words("--by-start with --shard"),
            "by_start with shard"
        );
        assert_eq!(
            python_words("raise --max-nodes or --spill-dir"),
            "raise max_nodes or spill_dir"
        );
        assert_eq!(python_words("--total-unknown x"), "total_unknown x");
        assert_eq!(python_words("a -- b"), "a - b");
    }
}
