//! What a sweep tells as it goes: a report per finished level, and the
//! [`Watcher`] that receives them. A leaf of the crate, so that every
//! module that reports (the count, the errors) can name it without
//! importing the sweep. The report's JSON (`frontier.levels[]` of a
//! count report, docs/json.md) is this type's serde form.

use serde::{Deserialize, Serialize};

/// One level of a count, measured.
///
/// A level's distinct states are known once it has been read (a state can
/// be in several runs until then; `level.rs`), so a step's report is handed
/// to the [`Watcher`] when the next step has read its level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelReport {
    /// 1-based step: the level holds the states after this many squares.
    pub step: usize,
    /// Steps of the sweep in all (0 in reports written before it was
    /// written, which still read).
    #[serde(default)]
    pub steps: usize,
    /// Frontier slots after the step.
    pub slots: usize,
    /// Distinct states in the level.
    pub states: u64,
    /// States read (the previous level's) and successors made by the step.
    pub read: u64,
    pub successors: u64,
    /// Wall time of the step.
    pub time_ms: f64,
    /// States read per second per thread.
    pub states_per_second_per_thread: f64,
    /// Records stored for the level (its states, some in several runs),
    /// its runs, and the bytes they take in all and in memory.
    pub stored: u64,
    pub runs: usize,
    pub bytes: u64,
    pub memory_bytes: u64,
    /// Bytes written to disk during the step, and run files on disk at its
    /// end.
    pub spilled_bytes: u64,
    pub disk_bytes: u64,
    /// Resident set size at the end of the step.
    pub rss_bytes: u64,
    /// Bits of each weight the step carried: the width its bound chose
    /// (`u64`'s 64 until the counts pass 2⁶⁴; 0 in reports written before
    /// weights had widths, which still read).
    #[serde(default)]
    pub width_bits: u32,
    /// Bits of the sum of the level's weights (an upper bound, over every
    /// process): what the next step's width is chosen from.
    #[serde(default)]
    pub weight_bits: u32,
}

impl LevelReport {
    /// Adds the same step of another sweep run after this one: work, time
    /// and bytes written add up; what is held at once (resident and disk
    /// bytes, slots) and the rate are the most of either. The rules for
    /// one step's figures of processes running side by side are
    /// [`StepFigures::sum`](crate::sweep_loop::StepFigures::sum)'s: there
    /// the time is the slowest's and what is held adds up.
    pub fn add_sweep(&mut self, other: &LevelReport) {
        self.states += other.states;
        self.read += other.read;
        self.successors += other.successors;
        self.time_ms += other.time_ms;
        self.stored += other.stored;
        self.runs += other.runs;
        self.bytes += other.bytes;
        self.memory_bytes += other.memory_bytes;
        self.spilled_bytes += other.spilled_bytes;
        self.states_per_second_per_thread = self
            .states_per_second_per_thread
            .max(other.states_per_second_per_thread);
        self.disk_bytes = self.disk_bytes.max(other.disk_bytes);
        self.rss_bytes = self.rss_bytes.max(other.rss_bytes);
        self.slots = self.slots.max(other.slots);
        self.width_bits = self.width_bits.max(other.width_bits);
        self.weight_bits = self.weight_bits.max(other.weight_bits);
    }

    /// Bytes per distinct state of the stored level.
    pub fn bytes_per_state(&self) -> f64 {
        if self.states == 0 {
            0.0
        } else {
            self.bytes as f64 / self.states as f64
        }
    }
}

/// Receives a count's progress. Every method has a default that does
/// nothing.
pub trait Watcher: Sync {
    /// Step `step` (1-based) of `steps` starts, reading `states` states.
    fn step_started(&self, _step: usize, _steps: usize, _states: u64) {}
    /// `done` of the `states` states being read are expanded.
    fn step_progress(&self, _step: usize, _done: u64, _states: u64) {}
    /// A level is finished.
    fn step_finished(&self, _report: &LevelReport) {}
    /// A checkpoint was written after `step` steps.
    fn checkpointed(&self, _step: usize, _path: &std::path::Path) {}
    /// The sweep goes on from a checkpoint's level, the one after `step`
    /// steps: said before its first step, so that a front end can say
    /// where a resumed run went on from while it runs, not only at its
    /// end.
    fn resumed(&self, _step: usize) {}
}

/// A watcher that ignores everything.
pub struct Unwatched;

impl Watcher for Unwatched {}
