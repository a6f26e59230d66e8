//! The library's words as the command line spells them: each option a
//! flag (`--spill-dir`), each option with its value a flag and its value
//! (`--threads 0`), each output the flag of the command that writes it.
//!
//! The library names options and outputs by typed values
//! ([`kt_count::Word`]); this is the one place that turns them into flags,
//! so a message the library writes reads as the command line's own.

use kt_count::{Message, Output, Setting, Spelling, Word};

/// The command line's spelling of the library's words.
pub struct CommandLine;

impl Spelling for CommandLine {
    fn word(&self, word: Word) -> String {
        match word {
            Word::Output(Output::Drawing) => "-o".into(),
            Word::Output(Output::Plot) => "--output".into(),
            Word::Output(Output::Svg) => "--svg".into(),
            Word::Tours => "tour".into(),
            Word::Draw => "dot".into(),
            Word::Sequences => "knights-tour known --sequences".into(),
            Word::Setting(setting) => flag(setting.name()),
            Word::Method
            | Word::Force
            | Word::MaxNodes
            | Word::From
            | Word::To
            | Word::ByStart
            | Word::ByEnd
            | Word::UpToSymmetry
            | Word::Shard
            | Word::Process
            | Word::Port => flag(word.name()),
        }
    }

    fn given(&self, word: Word, value: &str) -> String {
        format!("{} {value}", self.word(word))
    }
}

/// The flag of a stable identifier: `spill_dir` → `--spill-dir`.
fn flag(name: &str) -> String {
    format!("--{}", name.replace('_', "-"))
}

/// `message` in the command line's words.
pub fn spelled(message: &Message) -> String {
    message.spell(&CommandLine)
}

/// The flag of an option of the library's (`--spill-dir`).
pub fn setting_flag(setting: Setting) -> String {
    CommandLine.word(Word::Setting(setting))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_as_flags() {
        assert_eq!(setting_flag(Setting::SpillDir), "--spill-dir");
        assert_eq!(CommandLine.word(Word::UpToSymmetry), "--up-to-symmetry");
        assert_eq!(CommandLine.given(Word::Method, "zdd"), "--method zdd");
        assert_eq!(CommandLine.word(Word::Output(Output::Drawing)), "-o");
    }
}
