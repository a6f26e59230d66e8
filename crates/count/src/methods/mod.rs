//! The counting methods behind one trait, and the registry that lists them.
//!
//! A method is a type that holds its own settings (the time-sliced ZDD's
//! engine and schedule, the frontier method's spill directory, …) and
//! implements [`Method`]: what it can answer, as data
//! ([`Method::capabilities`]); what a board would cost it, or why it cannot
//! represent the board at all ([`Method::reach`]); and the work itself. The
//! questions are answered on top of these primitives (`crate::answer`,
//! reading the table `crate::questions`), and the plan (`crate::plan`)
//! picks a method and refuses, before any work, what the method cannot
//! do.
//!
//! **Adding a method** is one new file in this directory (the type, its
//! settings as public fields with a `Default`, and `impl Method`) and one
//! line in [`registry!`] below, which declares its module, re-exports its
//! type, and makes it a variant of [`MethodSettings`], a name on the
//! command line (`--method NAME`) and a candidate of `auto`. Nothing else
//! in the library matches on methods.
//!
//! Nothing in this module knows about requests: a method works on a
//! [`Job`] (board, kind, budget, threads), which the plan resolves.

// The methods' own modules are declared by `registry!` below, with their
// types' re-exports: a method is its file and its line there.
mod measured;
mod strips;

use std::fmt;
use std::path::PathBuf;

use kt_board::{Board, Square, TourKind};
use kt_memory::Bytes;
use num_bigint::BigUint;

pub(crate) use frontier::resolve_order;
pub use frontier::{CHECKPOINT_EVERY, Checkpointing, ColumnsEstimate, estimate_columns_sweep};
pub use kt_distributed::ClusterOptions;

use crate::cancel::CancelToken;
use crate::failure::Failure;
use crate::observer::Observer;
use crate::report::{Counted, RunReport};
use crate::zdd::{Built, Decoder, Finishing};

/// The smallest memory budget any method can work in: a fresh process
/// holds about 5 MiB before any work (its resident set when the plan runs,
/// measured on the release build), and every method needs a few more for
/// its first tables. The plan refuses a smaller budget with one message,
/// whatever the method, instead of failing in each method's own way.
pub const MIN_MEMORY: Bytes = Bytes(8 * Bytes::MIB);

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
    pub const ALL: [Capability; 8] = [
        Capability::Count,
        Capability::Family,
        Capability::FixedEnds,
        Capability::RequiredMove,
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

/// An option a method may take. Which options a method takes is an
/// allow-list, [`Method::takes`]: an option a method's list leaves out is
/// refused before any work (naming the methods that take it), never
/// silently ignored, and adding an option touches only the methods that
/// take it.
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

    /// The command line's name of the option.
    pub fn flag(self) -> &'static str {
        match self {
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
}

/// Settings as a command line gives them, before they are sorted to the
/// method that takes them ([`MethodSettings::configure`]): the one place
/// where every option sits side by side. A request never holds this; it
/// holds the [`MethodSettings`] of one method.
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

    /// The command-line names of the options given, in a fixed order.
    pub fn flags(&self) -> Vec<&'static str> {
        self.settings().into_iter().map(Setting::flag).collect()
    }
}

/// A request as the plan resolved it: what every method works with.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Job {
    pub board: Board,
    pub kind: TourKind,
    pub budget: Bytes,
    pub threads: u32,
    /// The order of the squares, for a method that sweeps in one
    /// ([`Method::order_choice`]): resolved once, by the plan, and never
    /// again downstream; or why it cannot be, which the method's `reach`
    /// says where it checks its order.
    pub order: Option<Result<kt_frontier::Order, Failure>>,
}

impl Job {
    /// The order the plan resolved; its refusal; or an internal error for
    /// a method that asked for none.
    pub fn order(&self) -> Result<&kt_frontier::Order, Failure> {
        match &self.order {
            Some(Ok(order)) => Ok(order),
            Some(Err(refusal)) => Err(refusal.clone()),
            None => Err(Failure::other(
                "internal error: the plan resolved no order of the squares",
            )),
        }
    }
}

/// One restricted count, for the questions answered a run at a time (the
/// question's side: the frontier sweep's own rules are
/// `kt_frontier::Restriction`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RunRestriction {
    /// Open tours: the directed tours that start on the square.
    From(Square),
    /// Open tours: the directed tours from the first square to the second.
    FromTo(Square, Square),
    /// Closed tours: the undirected tours that make the move.
    Through(Square, Square),
}

/// What a board would cost a method, estimated before any work from the
/// figures measured on the reference machine (2 cores, 24 GiB; see
/// `docs/benchmarks.md` and `docs/frontier.md`). Rough by design: it is
/// there to warn before a run that cannot finish, and for `auto` to choose.
#[derive(Clone, Debug, PartialEq)]
pub struct Reach {
    /// Wall time, with the job's threads.
    pub seconds: f64,
    /// Memory the work holds at its peak (what does not fit the budget
    /// goes to disk where the method spills).
    pub memory: Bytes,
    /// Whether memory beyond the budget can go to disk instead.
    pub spills: bool,
    /// Nodes of the final diagram, for the methods that build one.
    pub nodes: Option<u64>,
    /// The states a frontier sweep's steps read over all its levels, for
    /// one sweep on one process: the measure of its work by which a
    /// progress bar tells how far it is (a step takes time with the states
    /// it reads, and levels rise and fall); measured for the shipped
    /// orders, whose sweeps hold the same states every run.
    pub states: Option<f64>,
    /// Where the figures come from, said with them.
    pub basis: String,
}

impl Reach {
    /// The estimate for `runs` runs of the work it estimates (the sweeps
    /// a question takes, one after another in the same memory).
    #[must_use]
    pub fn times(self, runs: usize) -> Reach {
        if runs <= 1 {
            return self;
        }
        Reach {
            seconds: self.seconds * runs as f64,
            basis: format!("{}; {runs} runs", self.basis),
            // One sweep's states no longer measure the whole run.
            states: None,
            ..self
        }
    }

    /// The estimate in as few words as the method line has room for:
    /// `under 1 s, 8 MiB`, `about 25 minutes, 4.6 GiB`.
    pub fn brief(&self) -> String {
        let time = if self.seconds < 1.0 {
            "under 1 s".to_string()
        } else {
            format!("about {}", human_time(self.seconds))
        };
        format!("{time}, {}", human_bytes(self.memory))
    }

    /// The estimate in a few words: `about 2.5 hours and 80.4 GiB`.
    pub fn describe(&self) -> String {
        format!(
            "about {} and {}",
            human_time(self.seconds),
            human_bytes(self.memory)
        )
    }
}

/// A size for messages; beyond a pebibyte, in powers of ten.
pub fn human_bytes(bytes: Bytes) -> String {
    if bytes.0 >= 1 << 50 {
        format!("{:.0e} bytes", bytes.0 as f64)
    } else {
        bytes.to_string()
    }
}

/// Seconds in the largest unit that keeps the number readable.
pub fn human_time(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    if seconds < 1.0 {
        "under a second".into()
    } else if seconds < MINUTE {
        format!("{seconds:.0} s")
    } else if seconds < 1.5 * MINUTE {
        "1 minute".into()
    } else if seconds < HOUR {
        format!("{:.0} minutes", seconds / MINUTE)
    } else if seconds < DAY {
        format!("{:.1} hours", seconds / HOUR)
    } else if seconds < 1.5 * DAY {
        "1 day".into()
    } else if seconds < YEAR {
        format!("{:.0} days", seconds / DAY)
    } else if seconds < 1000.0 * YEAR {
        format!("{:.0} years", seconds / YEAR)
    } else {
        format!("{:.0e} years", seconds / YEAR)
    }
}

/// Work estimated to take longer than this is beyond what a run on one
/// machine is meant for: the plan refuses it before it starts, unless
/// forced (a longer count is resumable: `--checkpoint`, or shards).
pub const LONG_SECONDS: f64 = 2.0 * 3600.0;

/// Files and directories a method's settings will write, which the plan
/// checks before any work.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Outputs {
    /// Directories to create if missing (asked for by the user), each with
    /// the option that names it.
    pub dirs: Vec<(&'static str, PathBuf)>,
    /// Directories the work makes itself, inside a directory that must
    /// exist (a checkpoint).
    pub made_dirs: Vec<(&'static str, PathBuf)>,
    /// Files to be written later.
    pub files: Vec<(&'static str, PathBuf)>,
    /// Whether the settings write or read checkpoints, which record whole
    /// counts only.
    pub checkpoints: bool,
    /// The checkpoint directory written, checked before any work: never
    /// someone else's directory, never a checkpoint replaced unasked
    /// (`crate::paths::checkpoint_dir`).
    pub checkpoint: Option<crate::paths::CheckpointTarget>,
}

/// A counting method with its settings.
///
/// The plan calls [`Method::reach`] (which refuses what the method cannot
/// represent) for every candidate, then the work: [`Method::count`] for the
/// plain count, [`CountsFixedEnds`] and [`CountsRequiredMove`] for the
/// questions answered a run at a time ([`Capability::FixedEnds`],
/// [`Capability::RequiredMove`]), [`BuildsFamily`] for the methods that
/// build a family ([`Capability::Family`]). The optional capabilities are
/// traits of their own, which a method's `fixed_ends`, `required_move` or
/// `family` hands out; [`MethodSettings::can`] derives the capabilities
/// from them (and from the options taken), so there is no list to keep in
/// step.
pub(crate) trait Method: Sync {
    /// The name on the command line and in reports.
    fn name(&self) -> &'static str;
    /// One line for `--help` and the architecture table.
    fn summary(&self) -> &'static str;
    /// How far its representation reaches, as a rank among the methods:
    /// when no method can represent a board, the refusal of the one with
    /// the highest rank is the one said.
    fn breadth(&self) -> u32;
    /// What the report's `benchmark.encoding` says.
    fn encoding(&self) -> &'static str;
    /// Threads and memory, for the methods that take them.
    fn resources(&self) -> Option<Resources>;
    /// The options the method takes (an allow-list: every other option
    /// given is refused before [`Method::configure`] sees it).
    fn takes(&self) -> &'static [Setting];
    /// The method with `given`'s options, all of them among
    /// [`Method::takes`]; or an option whose value it refuses
    /// (`--threads 2` for backtracking).
    fn configure(&self, given: &GivenOptions) -> Result<MethodSettings, &'static str>;
    /// The order of the squares the method sweeps in, as asked, for the
    /// plan to resolve once (`None`: the method takes no order).
    fn order_choice(&self) -> Option<kt_frontier::OrderChoice> {
        None
    }
    /// Paths its settings will write.
    fn outputs(&self) -> Outputs {
        Outputs::default()
    }
    /// Refuses, before any work, what this method cannot do on `job` with
    /// these settings (a board it cannot represent, settings that do not
    /// fit the budget, a checkpoint of another board); otherwise estimates
    /// the cost.
    fn reach(&self, job: &Job) -> Result<Reach, Failure>;
    /// The plain count, and `report` filled with what the run measured.
    fn count(
        &self,
        job: &Job,
        report: RunReport,
        observer: &dyn Observer,
        cancel: &CancelToken,
    ) -> Result<Counted, Failure>;
    /// The open tours with given ends, a run a question
    /// ([`Capability::FixedEnds`]), for the methods that count them.
    fn fixed_ends(&self) -> Option<&dyn CountsFixedEnds> {
        None
    }
    /// The closed tours through a given move, a run a question
    /// ([`Capability::RequiredMove`]), for the methods that count them.
    fn required_move(&self) -> Option<&dyn CountsRequiredMove> {
        None
    }
    /// The family of tours ([`Capability::Family`]), for the methods that
    /// build one.
    fn family(&self) -> Option<&dyn BuildsFamily> {
        None
    }
    /// The directories its checkpoints go to and come from: for a count
    /// by endpoint pairs, which keeps the classes done there
    /// (`crate::pairs`), and for the plan, which checks that they are of
    /// the question asked (`crate::checkpoint_of`).
    fn checkpoint_dirs(&self) -> CheckpointDirs {
        CheckpointDirs::default()
    }
}

/// The ends of the open tours a fixed-ends run counts: the directed tours
/// from `from`, to `to` where given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FixedEnds {
    pub from: Square,
    pub to: Option<Square>,
}

/// The capability to count the open tours with given ends a run at a time
/// ([`Capability::FixedEnds`]): a trait of its own, so that only a method
/// that implements it can be asked, and it is asked nothing else.
pub(crate) trait CountsFixedEnds {
    /// One run; what it measured goes into `report`.
    fn count_fixed_ends(
        &self,
        job: &Job,
        ends: FixedEnds,
        report: &mut RunReport,
        observer: &dyn Observer,
        cancel: &CancelToken,
    ) -> Result<BigUint, Failure>;
}

/// The capability to count the closed tours that make a given move, a run
/// at a time ([`Capability::RequiredMove`]): a trait of its own, apart
/// from [`CountsFixedEnds`], so that a method counting fixed ends only
/// (backtracking) cannot be asked for a move.
pub(crate) trait CountsRequiredMove {
    /// One run: the undirected closed tours through the move `a`–`b`.
    fn count_through(
        &self,
        job: &Job,
        mv: (Square, Square),
        report: &mut RunReport,
        observer: &dyn Observer,
        cancel: &CancelToken,
    ) -> Result<BigUint, Failure>;
}

/// The capability to build the family of tours ([`Capability::Family`]).
pub(crate) trait BuildsFamily {
    /// Builds the family of tours and hands it to `finishing`. The output
    /// is `None` when no diagram was built (the board's shape settles it).
    fn build(
        &self,
        job: &Job,
        report: RunReport,
        finishing: Finishing,
        observer: &dyn Observer,
        cancel: &CancelToken,
    ) -> Result<(RunReport, Option<Built>), Failure>;
    /// What the sets of its family mean (`None` for a board it cannot
    /// represent).
    fn decoder(&self, job: &Job) -> Option<Box<dyn Decoder + Send>>;
}

/// The method's fixed-ends runs, or an internal error: the plan asks only
/// a method whose capabilities (its traits) promise them.
pub(crate) fn fixed_ends(method: &dyn Method) -> Result<&dyn CountsFixedEnds, Failure> {
    method.fixed_ends().ok_or_else(|| {
        Failure::other(format!(
            "internal error: method {} counts no tours with fixed ends",
            method.name()
        ))
    })
}

/// The method's required-move runs, or an internal error (as
/// [`fixed_ends`]).
pub(crate) fn required_move(method: &dyn Method) -> Result<&dyn CountsRequiredMove, Failure> {
    method.required_move().ok_or_else(|| {
        Failure::other(format!(
            "internal error: method {} counts no tours through a move",
            method.name()
        ))
    })
}

/// The method's family of tours, or an internal error (as
/// [`restricted`]).
pub(crate) fn family(method: &dyn Method) -> Result<&dyn BuildsFamily, Failure> {
    method.family().ok_or_else(|| {
        Failure::other(format!(
            "internal error: --method {} builds no diagram",
            method.name()
        ))
    })
}

/// Where a method's checkpoints go and come from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckpointDirs {
    pub write: Option<PathBuf>,
    pub resume: Option<PathBuf>,
}

/// The registry: every method, in the order `auto` prefers them. One line
/// each: `Variant => module::Type` (the type holds the settings).
macro_rules! registry {
    ($($(#[$doc:meta])* $variant:ident => $module:ident :: $method:ident $(if $cfg:meta)?,)+) => {
        $($(#[cfg($cfg)])? mod $module;)+
        $($(#[cfg($cfg)])? pub use $module::$method;)+

        /// A method with its settings: one variant per method, so that a
        /// setting a method would ignore cannot be written.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum MethodSettings {
            $($(#[$doc])* $(#[cfg($cfg)])? $variant($module::$method),)+
        }

        impl MethodSettings {
            /// Every method at its defaults, in the order `auto` prefers
            /// them.
            pub fn every() -> Vec<MethodSettings> {
                vec![$($(#[cfg($cfg)])? MethodSettings::$variant($module::$method::default()),)+]
            }

            /// The method behind the settings.
            pub(crate) fn method(&self) -> &dyn Method {
                match self {
                    $($(#[cfg($cfg)])? MethodSettings::$variant(method) => method,)+
                }
            }
        }
    };
}

registry! {
    /// The N⁴ time-sliced ZDD (`--method zdd`): the project's own encoding.
    TimeSliced => time_sliced::TimeSliced,
    /// Frontier-based search over the board's edges (`--method frontier`).
    Frontier => frontier::Frontier,
    /// The frontier method's edge-variable ZDD, built in an engine
    /// (`--method edges`).
    Edges => edges::Edges,
    /// Plain backtracking over the knight's graph (`--method backtrack`).
    Backtrack => backtrack::Backtrack,
    /// The frontier sweep spread over several processes or machines
    /// (`--method cluster`, `--processes N`).
    Cluster => cluster::Cluster,
    /// A depth-first search in the unit tests: a method added in one file
    /// and this line (`toy.rs`).
    Toy => toy::Toy if test,
}

impl MethodSettings {
    /// The name on the command line and in reports.
    pub fn name(&self) -> &'static str {
        self.method().name()
    }

    /// One line saying what the method is.
    pub fn summary(&self) -> &'static str {
        self.method().summary()
    }

    /// What the method can do: derived from the traits it implements and
    /// the options it takes, so that a capability cannot be claimed
    /// without the work behind it.
    pub fn capabilities(&self) -> Vec<Capability> {
        Capability::ALL
            .into_iter()
            .filter(|&capability| self.can(capability))
            .collect()
    }

    /// Whether the method has `capability`.
    pub fn can(&self, capability: Capability) -> bool {
        let method = self.method();
        let takes = |setting| method.takes().contains(&setting);
        match capability {
            Capability::Count => true,
            Capability::Family => method.family().is_some(),
            Capability::FixedEnds => method.fixed_ends().is_some(),
            Capability::RequiredMove => method.required_move().is_some(),
            Capability::Checkpoint => takes(Setting::Checkpoint),
            Capability::Spill => takes(Setting::SpillDir),
            Capability::Threads => method.resources().is_some(),
            Capability::Distributed => takes(Setting::Processes),
        }
    }

    /// Threads and memory, for the methods that take them.
    pub fn resources(&self) -> Option<Resources> {
        self.method().resources()
    }

    /// The method with `given`'s options, or the first option it does not
    /// take.
    /// The method with `given`'s options, or the first option it does not
    /// take (`--engine` for backtracking).
    pub fn configure(&self, given: &GivenOptions) -> Result<MethodSettings, &'static str> {
        let takes = self.method().takes();
        if let Some(other) = given.settings().into_iter().find(|s| !takes.contains(s)) {
            return Err(other.flag());
        }
        self.method().configure(given)
    }

    /// The method with `resources`, if it takes them.
    pub fn with_resources(&self, resources: Resources) -> Option<MethodSettings> {
        self.configure(&GivenOptions {
            resources,
            ..GivenOptions::default()
        })
        .ok()
    }

    /// The names of the methods that take `flag` (`--engine`: zdd, edges).
    pub fn taking(flag: &str) -> Vec<&'static str> {
        MethodSettings::every()
            .iter()
            .filter(|m| m.method().takes().iter().any(|s| s.flag() == flag))
            .map(MethodSettings::name)
            .collect()
    }

    /// The method named `name` at its defaults.
    pub fn named(name: &str) -> Option<MethodSettings> {
        MethodSettings::every()
            .into_iter()
            .find(|m| m.name() == name)
    }

    /// The names of every method, in the registry's order.
    pub fn names() -> Vec<&'static str> {
        MethodSettings::every()
            .iter()
            .map(MethodSettings::name)
            .collect()
    }
}

impl fmt::Display for MethodSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_has_a_distinct_name_and_counts() {
        let names = MethodSettings::names();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "{names:?}");
        for method in MethodSettings::every() {
            assert!(method.can(Capability::Count), "{method}");
            assert_eq!(MethodSettings::named(method.name()), Some(method.clone()));
        }
    }

    /// The capabilities a method claims are the traits it implements.
    #[test]
    fn capabilities_are_the_traits_implemented() {
        for method in MethodSettings::every() {
            let m = method.method();
            assert_eq!(
                method.can(Capability::Family),
                m.family().is_some(),
                "{method}"
            );
            assert_eq!(
                method.can(Capability::FixedEnds),
                m.fixed_ends().is_some(),
                "{method}"
            );
            assert_eq!(
                method.can(Capability::RequiredMove),
                m.required_move().is_some(),
                "{method}"
            );
        }
    }

    /// The options a method takes agree with the capabilities it
    /// claims, and every option has a method that takes it.
    #[test]
    fn options_follow_capabilities() {
        for method in MethodSettings::every() {
            let takes = method.method().takes();
            let pairs = [
                (Setting::Checkpoint, Capability::Checkpoint),
                (Setting::Resume, Capability::Checkpoint),
                (Setting::SpillDir, Capability::Spill),
                (Setting::Processes, Capability::Distributed),
            ];
            for (setting, capability) in pairs {
                assert_eq!(
                    takes.contains(&setting),
                    method.can(capability),
                    "{method}: {} and {capability}",
                    setting.flag()
                );
            }
            // An option outside the list is refused by name.
            for setting in Setting::ALL {
                if !takes.contains(&setting) {
                    assert!(
                        !MethodSettings::taking(setting.flag()).contains(&method.name()),
                        "{method}"
                    );
                }
            }
        }
        for setting in Setting::ALL {
            assert!(
                !MethodSettings::taking(setting.flag()).is_empty(),
                "{}",
                setting.flag()
            );
        }
        assert_eq!(MethodSettings::taking("--engine"), ["zdd", "edges"]);
        let given = GivenOptions {
            spill_dir: Some(PathBuf::from("/tmp")),
            ..GivenOptions::default()
        };
        assert_eq!(
            MethodSettings::named("zdd").unwrap().configure(&given),
            Err("--spill-dir")
        );
    }

    #[test]
    fn times_read_in_their_unit() {
        assert_eq!(human_time(0.2), "under a second");
        assert_eq!(human_time(12.4), "12 s");
        assert_eq!(human_time(2549.0), "42 minutes");
        assert_eq!(human_time(8100.0), "2.2 hours");
    }
}
