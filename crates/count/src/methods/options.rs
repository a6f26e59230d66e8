//! The options a method may take, identified by typed values
//! ([`Setting`]), and the options as a front end gives them before they
//! are sorted to a method ([`GivenOptions`]).

use std::fmt;
use std::path::PathBuf;

use kt_memory::Bytes;

use super::{Checkpointing, ClusterOptions};

/// Threads and a memory budget, for the methods that take them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resources {
    /// Worker threads (default: the machine's available cores).
    pub threads: Option<u32>,
    /// The memory budget (default: ¾ of physical memory, or 9/10 of the
    /// memory available at the start if that is less). A budget above the
    /// machine's memory is capped to it, with a note.
    pub memory: Option<Bytes>,
}

/// An option a method may take, identified by a typed value: the library
/// never names it by a front end's spelling. Each front end spells it
/// (ripgrep's rule): the command line as a flag (`--spill-dir`), Python as
/// a keyword argument (`spill_dir=`); [`Setting::name`] is the stable
/// identifier both derive their spelling from. Which options a method
/// takes is an allow-list, [`Method::takes`](super::Method::takes): an option a method's list
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

/// Settings as a command line gives them, before they are sorted to the
/// method that takes them ([`MethodSettings::configure`](super::MethodSettings::configure)): the one place
/// where every option sits side by side. A request never holds this; it
/// holds the [`MethodSettings`](super::MethodSettings) of one method.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GivenOptions {
    pub resources: Resources,
    pub engine: Option<kt_engine::EngineKind>,
    pub schedule: Option<crate::zdd::Schedule>,
    pub nodes: Option<u64>,
    pub cache: Option<u64>,
    pub spill_dir: Option<PathBuf>,
    pub checkpoint: Option<Checkpointing>,
    pub resume: Option<PathBuf>,
    /// The processes of a count spread over several (`--processes`).
    pub cluster: Option<ClusterOptions>,
    /// The order of the squares of a frontier sweep (`--order`).
    pub order: Option<kt_frontier::OrderChoice>,
}

impl GivenOptions {
    /// The options given, in [`Setting::ALL`]'s order.
    pub fn settings(&self) -> Vec<Setting> {
        Setting::ALL
            .into_iter()
            .filter(|&setting| self.has(setting))
            .collect()
    }

    /// Whether `setting` is given.
    pub fn has(&self, setting: Setting) -> bool {
        match setting {
            Setting::Threads => self.resources.threads.is_some(),
            Setting::Memory => self.resources.memory.is_some(),
            Setting::Engine => self.engine.is_some(),
            Setting::Schedule => self.schedule.is_some(),
            Setting::Nodes => self.nodes.is_some(),
            Setting::Cache => self.cache.is_some(),
            Setting::SpillDir => self.spill_dir.is_some(),
            Setting::Checkpoint => self.checkpoint.is_some(),
            Setting::Resume => self.resume.is_some(),
            Setting::Processes => self.cluster.is_some(),
            Setting::Order => self.order.is_some(),
        }
    }
}
