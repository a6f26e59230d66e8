//! The options a method may take, identified by typed values
//! ([`Setting`]), and the options as a front end gives them before they
//! are sorted to a method ([`GivenOptions`]).

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

pub use crate::words::Setting;

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
