//! The library's own words: the options, questions and outputs a message
//! names, as typed values that each front end spells (ripgrep's rule).
//!
//! The library never writes `--threads` or `threads=`: a [`Failure`](crate::Failure)
//! holds a [`Message`], text with [`Word`] slots, and a front end renders
//! it with its [`Spelling`] — the command line as flags (`--threads 0`),
//! Python as keyword arguments (`threads=0`). A word a front end has no
//! spelling for does not compile there (the spelling is a `match`), so no
//! message leaks another front end's words. `Display` spells with the
//! stable identifiers ([`Identifiers`]), for logs and tests.

use std::fmt;

/// An option a method may take, identified by a typed value: the library
/// never names it by a front end's spelling. Each front end spells it
/// (ripgrep's rule): the command line as a flag (`--spill-dir`), Python as
/// a keyword argument (`spill_dir=`); [`Setting::name`] is the stable
/// identifier both derive their spelling from. Which options a method
/// takes is an allow-list, `Method::takes`: an option a method's list
/// leaves out is refused before any work (naming the methods that take
/// it), never silently ignored, and adding an option touches only the
/// methods that take it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Threads,
    Memory,
    Engine,
    Schedule,
    Nodes,
    Cache,
    SpillDir,
    Checkpoint,
    Resume,
    Processes,
    Order,
}

impl Setting {
    /// Every option, in the order the command line's errors name them.
    pub const ALL: [Setting; 11] = [
        Setting::Threads,
        Setting::Memory,
        Setting::Engine,
        Setting::Schedule,
        Setting::Nodes,
        Setting::Cache,
        Setting::SpillDir,
        Setting::Checkpoint,
        Setting::Resume,
        Setting::Processes,
        Setting::Order,
    ];

    /// The option's stable identifier, in snake case: what a front end
    /// spells it from (`--spill-dir` on the command line, `spill_dir=` in
    /// Python). Stable across releases: a front end may map it by table.
    pub fn name(self) -> &'static str {
        match self {
            Setting::Threads => "threads",
            Setting::Memory => "memory",
            Setting::Engine => "engine",
            Setting::Schedule => "schedule",
            Setting::Nodes => "nodes",
            Setting::Cache => "cache",
            Setting::SpillDir => "spill_dir",
            Setting::Checkpoint => "checkpoint",
            Setting::Resume => "resume",
            Setting::Processes => "processes",
            Setting::Order => "order",
        }
    }

    /// The option whose [`Setting::name`] is `name`.
    pub fn named(name: &str) -> Option<Setting> {
        Setting::ALL.into_iter().find(|s| s.name() == name)
    }
}

impl fmt::Display for Setting {
    /// The stable identifier ([`Setting::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A file a front end asks the work to write, besides the method's own
/// (a spill directory, a checkpoint: those are [`Setting`]s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// A picture of a tour or of a table, as SVG.
    Svg,
    /// The drawing of a diagram, as DOT.
    Drawing,
    /// A plot of a run's figures.
    Plot,
}

/// Anything a message names that a front end spells its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    /// An option a method takes.
    Setting(Setting),
    /// The choice of method (`auto` or a method's name).
    Method,
    /// Starting work that the plan estimates beyond the machine.
    Force,
    /// The most nodes a drawing may have.
    MaxNodes,
    /// The square the tours start from.
    From,
    /// The square the tours end on.
    To,
    /// The tours by start square.
    ByStart,
    /// The tours by end square.
    ByEnd,
    /// The tours up to the board's symmetries.
    UpToSymmetry,
    /// One shard of the endpoint pairs.
    Shard,
    /// A file written.
    Output(Output),
    /// The family of tours itself, handed out one by one.
    Tours,
    /// The drawing of a family's diagram.
    Draw,
    /// The list of the published sequences shipped.
    Sequences,
    /// Which process of a cluster this one is.
    Process,
    /// The port the first process of a cluster on one machine listens on.
    Port,
}

impl Word {
    /// The word's stable identifier, in snake case ([`Setting::name`] for
    /// an option).
    pub fn name(self) -> &'static str {
        match self {
            Word::Setting(setting) => setting.name(),
            Word::Method => "method",
            Word::Force => "force",
            Word::MaxNodes => "max_nodes",
            Word::From => "from",
            Word::To => "to",
            Word::ByStart => "by_start",
            Word::ByEnd => "by_end",
            Word::UpToSymmetry => "up_to_symmetry",
            Word::Shard => "shard",
            Word::Output(Output::Svg) => "svg",
            Word::Output(Output::Drawing) => "drawing",
            Word::Output(Output::Plot) => "plot",
            Word::Tours => "tours",
            Word::Draw => "draw",
            Word::Sequences => "sequences",
            Word::Process => "process",
            Word::Port => "port",
        }
    }

    /// The word given a value (`--threads 0`, `threads=0`).
    pub fn given(self, value: impl fmt::Display) -> Piece {
        Piece::Given(self, value.to_string())
    }
}

impl From<Setting> for Word {
    fn from(setting: Setting) -> Word {
        Word::Setting(setting)
    }
}

impl From<Output> for Word {
    fn from(output: Output) -> Word {
        Word::Output(output)
    }
}

impl Setting {
    /// The option given a value (`--threads 0`, `threads=0`).
    pub fn given(self, value: impl fmt::Display) -> Piece {
        Word::Setting(self).given(value)
    }
}

/// A front end's words: how it spells a [`Word`], alone and with its
/// value.
pub trait Spelling {
    /// The word alone (`--threads`, `threads`).
    fn word(&self, word: Word) -> String;
    /// The word with the value given to it (`--threads 0`, `threads=0`).
    fn given(&self, word: Word, value: &str) -> String;
}

/// The stable identifiers ([`Word::name`]), `name value` with a value:
/// what `Display` writes, for logs and tests.
pub struct Identifiers;

impl Spelling for Identifiers {
    fn word(&self, word: Word) -> String {
        word.name().to_string()
    }

    fn given(&self, word: Word, value: &str) -> String {
        format!("{} {value}", word.name())
    }
}

/// One piece of a [`Message`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Word(Word),
    /// A word with the value it was given.
    Given(Word, String),
}

/// What goes into a `message!`: text, words, words
/// with values, and whole messages (whose pieces go in as they are).
pub trait Pieces {
    fn pieces(self) -> Vec<Piece>;
}

impl Pieces for Piece {
    fn pieces(self) -> Vec<Piece> {
        vec![self]
    }
}

impl Pieces for &str {
    fn pieces(self) -> Vec<Piece> {
        vec![Piece::Text(self.to_string())]
    }
}

impl Pieces for String {
    fn pieces(self) -> Vec<Piece> {
        vec![Piece::Text(self)]
    }
}

impl Pieces for &String {
    fn pieces(self) -> Vec<Piece> {
        vec![Piece::Text(self.clone())]
    }
}

impl Pieces for Word {
    fn pieces(self) -> Vec<Piece> {
        vec![Piece::Word(self)]
    }
}

impl Pieces for Setting {
    fn pieces(self) -> Vec<Piece> {
        vec![Piece::Word(Word::Setting(self))]
    }
}

impl Pieces for Output {
    fn pieces(self) -> Vec<Piece> {
        vec![Piece::Word(Word::Output(self))]
    }
}

impl Pieces for Message {
    fn pieces(self) -> Vec<Piece> {
        self.0
    }
}

impl Pieces for &Message {
    fn pieces(self) -> Vec<Piece> {
        self.0.clone()
    }
}

/// One line for a user: text with [`Word`] slots, rendered by a front
/// end's [`Spelling`]. Built with `message!`, or from
/// plain text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message(Vec<Piece>);

impl Message {
    /// The message of `parts`, in order (see `message!`).
    pub fn of(parts: impl IntoIterator<Item = Vec<Piece>>) -> Message {
        Message(parts.into_iter().flatten().collect())
    }

    /// The message in a front end's words.
    pub fn spell(&self, spelling: &dyn Spelling) -> String {
        self.0
            .iter()
            .map(|piece| match piece {
                Piece::Text(text) => text.clone(),
                Piece::Word(word) => spelling.word(*word),
                Piece::Given(word, value) => spelling.given(*word, value),
            })
            .collect()
    }

    /// The words the message names, in order (with or without a value).
    pub fn words(&self) -> Vec<Word> {
        self.0
            .iter()
            .filter_map(|piece| match piece {
                Piece::Word(word) | Piece::Given(word, _) => Some(*word),
                Piece::Text(_) => None,
            })
            .collect()
    }

    /// Whether the message is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|piece| match piece {
            Piece::Text(text) => text.is_empty(),
            _ => false,
        })
    }

    /// The message followed by `more`.
    #[must_use]
    pub fn then(mut self, more: impl Pieces) -> Message {
        self.0.extend(more.pieces());
        self
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Message {
        Message(vec![Piece::Text(text.to_string())])
    }
}

impl From<String> for Message {
    fn from(text: String) -> Message {
        Message(vec![Piece::Text(text)])
    }
}

impl From<Word> for Message {
    fn from(word: Word) -> Message {
        Message(vec![Piece::Word(word)])
    }
}

impl From<Setting> for Message {
    fn from(setting: Setting) -> Message {
        Message(vec![Piece::Word(Word::Setting(setting))])
    }
}

impl fmt::Display for Message {
    /// The message in the stable identifiers ([`Identifiers`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spell(&Identifiers))
    }
}

/// A [`Message`] from pieces: text (`&str`, `String`), words ([`Word`],
/// [`Setting`], [`Output`]), words with values ([`Word::given`]) and
/// whole messages, in order: `message!(Setting::Threads.given(0), " is too
/// few")`.
macro_rules! message {
    ($($piece:expr),* $(,)?) => {
        $crate::words::Message::of([$($crate::words::Pieces::pieces($piece)),*])
    };
}
pub(crate) use message;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_a_message_of_no_words() {
        let message = Message::from("no tour");
        assert!(message.words().is_empty());
        assert_eq!(message.to_string(), "no tour");
        assert!(Message::from("").is_empty());
        assert!(!message!(Word::Shard).is_empty());
    }
}
