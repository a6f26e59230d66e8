//! What a method can do, named: the plan compares a method's capabilities
//! (derived from the traits it implements, `MethodSettings::can`) with
//! what a question needs (`crate::questions`).

use std::fmt;

/// What a method can do, as data: the plan compares these with what a
/// question needs (`crate::questions`), and refuses a method that lacks
/// them before any work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Capability {
    /// The plain count of the tours.
    Count,
    /// The family of tours as a decision diagram, with its decoder: tours
    /// taken out of it (`tour`), drawn (`dot`), and every question answered
    /// from the one diagram (starts, ends, moves, symmetries).
    Family,
    /// Counts the open tours with given end squares, one run per question
    /// (`--from`, `--to`, tables by start and end square).
    FixedEnds,
    /// Counts the closed tours that make a given move, one run per
    /// question (closed `--from` with `--to` or `--by-end`).
    RequiredMove,
    /// Counts the open tours by start square in one sweep, each state
    /// tallying its paths' ends by class of square (`--by-start`).
    StartTallies,
    /// Counts the open tours from one square by end square in one sweep,
    /// each state tallying its paths' other end by class of square
    /// (`--from` with `--by-end`).
    EndTallies,
    /// Counts a whole sequence, every board `rows × n` of a strip or every
    /// first `m` cells, from one sweep of every prefix (`sequence`).
    Prefixes,
    /// Writes checkpoints of a whole count and goes on from them.
    Checkpoint,
    /// Spills what does not fit the memory budget to disk.
    Spill,
    /// Uses more than one thread.
    Threads,
    /// Spreads one count over several processes or machines
    /// (`--method cluster`).
    Distributed,
}

impl Capability {
    /// Every capability, in the order of the architecture table.
    pub const ALL: [Capability; 11] = [
        Capability::Count,
        Capability::Family,
        Capability::FixedEnds,
        Capability::RequiredMove,
        Capability::StartTallies,
        Capability::EndTallies,
        Capability::Prefixes,
        Capability::Checkpoint,
        Capability::Spill,
        Capability::Threads,
        Capability::Distributed,
    ];

    /// The short name in tables and messages.
    pub fn name(self) -> &'static str {
        match self {
            Capability::Count => "count",
            Capability::Family => "family of tours",
            Capability::FixedEnds => "fixed ends",
            Capability::RequiredMove => "required move",
            Capability::StartTallies => "start tallies",
            Capability::EndTallies => "end tallies",
            Capability::Prefixes => "prefixes",
            Capability::Checkpoint => "checkpoint",
            Capability::Spill => "spill to disk",
            Capability::Threads => "threads",
            Capability::Distributed => "distributed",
        }
    }
}

impl fmt::Display for Capability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
