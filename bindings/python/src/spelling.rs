//! The library's words in Python's: `threads=`, never `--threads`.
//!
//! kt-count names its options, questions and outputs by typed values
//! ([`Word`]) and words its failures as a [`Message`] with those values in
//! it; this is Python's [`Spelling`] of them, a keyword argument for each
//! (`start` for the square the tours start from, `method="zdd"` for a
//! method given). The match is exhaustive: a word the library adds does
//! not compile here until Python has a spelling for it.

use kt_count::{Message, Output, Setting, Spelling, Word};

/// Python's spelling of the library's words.
pub struct Python;

impl Spelling for Python {
    fn word(&self, word: Word) -> String {
        match word {
            Word::Setting(s) => setting(s).into(),
            Word::Method => "method".into(),
            Word::Force => "force=True".into(),
            Word::MaxNodes => "max_nodes".into(),
            Word::From => "start".into(),
            Word::To => "end".into(),
            Word::ByStart => "by_start".into(),
            Word::ByEnd => "by_end".into(),
            Word::UpToSymmetry => "up_to_symmetry".into(),
            Word::Shard => "shard".into(),
            Word::Process => "process".into(),
            Word::Port => "port".into(),
            Word::Tours => "tours".into(),
            Word::Draw => "the drawing".into(),
            Word::Sequences => "the published sequences".into(),
            Word::Output(Output::Svg) => "the picture".into(),
            Word::Output(Output::Drawing) => "the drawing".into(),
            Word::Output(Output::Plot) => "the plot".into(),
        }
    }

    /// A keyword with its value as Python writes it: a number bare
    /// (`threads=0`), anything else a string (`method="zdd"`).
    fn given(&self, word: Word, value: &str) -> String {
        let name = match word {
            // `force=True` is the word alone; with a value it is `force`.
            Word::Force => "force".to_string(),
            other => self.word(other),
        };
        if value.parse::<f64>().is_ok() {
            format!("{name}={value}")
        } else {
            format!("{name}={value:?}")
        }
    }
}

/// `message` in Python's words.
pub fn spelled(message: &Message) -> String {
    message.spell(&Python)
}

/// Python's word for an option of the library's: its stable identifier
/// (`Setting::name`), which is already spelled as a keyword (`threads`,
/// `spill_dir`).
pub fn setting(setting: Setting) -> &'static str {
    setting.name()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kt_count::{Ends, Question};

    #[test]
    fn words_read_as_keywords() {
        assert_eq!(Python.word(Word::Setting(Setting::SpillDir)), "spill_dir");
        assert_eq!(Python.given(Word::Method, "zdd"), "method=\"zdd\"");
        assert_eq!(
            Python.given(Word::Setting(Setting::Threads), "0"),
            "threads=0"
        );
        assert_eq!(Python.word(Word::Force), "force=True");
        let question = |q: Question| spelled(&q.words());
        assert_eq!(
            question(Question::FromTo { from: 0, to: 1 }),
            "start with end"
        );
        assert_eq!(
            question(Question::Pairs {
                shard: None,
                ends: Ends::Starts
            }),
            "by_start with shard"
        );
    }
}
