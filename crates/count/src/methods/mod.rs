//! The counting methods behind one trait, and the registry that lists them.
//!
//! A method is a type that holds its own settings (the time-sliced ZDD's
//! engine and schedule, the frontier method's spill directory, …) and
//! implements `Method`: what it can answer, as data
//! ([`MethodSettings::capabilities`]); what a board would cost it, or why it cannot
//! represent the board at all (`Method::reach`); and the work itself. The
//! questions are answered on top of these primitives (`crate::answer`,
//! reading the table `crate::questions`), and the plan (`crate::plan`)
//! picks a method and refuses, before any work, what the method cannot
//! do.
//!
//! **Adding a method** is one new file in this directory (the type, its
//! settings as public fields with a `Default`, and `impl Method`), its
//! `mod` line, and one line in `registry!` below, which re-exports its
//! type and makes it a variant of [`MethodSettings`], a name on the
//! command line (`--method NAME`) and a candidate of `auto`. Nothing else
//! in the library matches on methods.
//!
//! Nothing in this module knows about requests: a method works on a
//! `Job` (board, kind, budget, threads), which the plan resolves.

// The methods' own modules: declared here, where rustfmt sees them (it
// does not look inside a macro's arguments), and made methods by their
// line in `registry!` below.
mod backtrack;
mod cluster;
mod edges;
mod frontier;
mod time_sliced;
#[cfg(test)]
mod toy;

mod capability;
mod measured;
pub(crate) use measured::whole;
mod options;
mod projected;
mod reach;
mod strip_levels;
pub(crate) mod weights;

use std::fmt;
use std::path::PathBuf;

use kt_board::{Board, Square, TourKind};
use kt_memory::Bytes;
use num_bigint::BigUint;

pub use capability::Capability;
pub(crate) use frontier::resolve_order;
pub use frontier::{
    Checkpointing, ColumnsEstimate, estimate_board_count, estimate_columns_sweep,
    estimate_strip_sweep,
};
pub use kt_distributed::ClusterOptions;
pub use options::{GivenOptions, Resources, Setting};
pub use reach::{LONG_SECONDS, Reach};

use crate::failure::Failure;
use crate::observer::Watch;
use crate::report::{Counted, RunReport};
use crate::terms::{Sequence, SequenceStopped, SequenceWay, Term};
use crate::zdd::{Built, Decoder, Finishing};

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
pub(crate) enum Restricted {
    /// Open tours: the directed tours that start on the square.
    From(Square),
    /// Open tours: the directed tours from the first square to the second.
    FromTo(Square, Square),
    /// Closed tours: the undirected tours that make the move.
    Through(Square, Square),
}

/// Files and directories a method's settings will write, which the plan
/// checks before any work.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Outputs {
    /// Directories to create if missing (asked for by the user), each with
    /// the option that names it (a typed [`Setting`], which each front end
    /// spells).
    pub dirs: Vec<(Setting, PathBuf)>,
    /// Directories the work makes itself, inside a directory that must
    /// exist (a checkpoint).
    pub made_dirs: Vec<(Setting, PathBuf)>,
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
    /// What the method is, stated once ([`Descriptor`]).
    fn descriptor(&self) -> &'static Descriptor;
    /// The name on the command line and in reports.
    fn name(&self) -> &'static str {
        self.descriptor().name
    }
    /// One line for `--help` and the architecture table.
    fn summary(&self) -> &'static str {
        self.descriptor().summary
    }
    /// How far its representation reaches ([`Descriptor::breadth`]).
    fn breadth(&self) -> u32 {
        self.descriptor().breadth
    }
    /// What the report's `benchmark.encoding` says.
    fn encoding(&self) -> &'static str {
        self.descriptor().encoding
    }
    /// The options the method takes ([`Descriptor::takes`]).
    fn takes(&self) -> &'static [Setting] {
        self.descriptor().takes
    }
    /// Threads and memory, for the methods that take them.
    fn resources(&self) -> Option<Resources>;
    /// The method with `given`'s options, all of them among
    /// [`Method::takes`]; or an option whose value it refuses
    /// (`--threads 2` for backtracking).
    fn configure(&self, given: &GivenOptions) -> Result<MethodSettings, Setting>;
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
    fn count(&self, job: &Job, report: RunReport, watch: Watch<'_>) -> Result<Counted, Failure>;
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
    /// The open tours by start square in one sweep
    /// ([`Capability::StartTallies`]), for the methods that tally ends.
    fn start_tallies(&self) -> Option<&dyn CountsByStart> {
        None
    }
    /// The open tours from a square by end square in one sweep
    /// ([`Capability::EndTallies`]), for the methods that tally ends.
    fn end_tallies(&self) -> Option<&dyn CountsByEnd> {
        None
    }
    /// The family of tours ([`Capability::Family`]), for the methods that
    /// build one.
    fn family(&self) -> Option<&dyn BuildsFamily> {
        None
    }
    /// A whole sequence, every prefix of a strip ([`Capability::Prefixes`]),
    /// for the methods that sweep one.
    fn prefixes(&self) -> Option<&dyn CountsPrefixes> {
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

/// What a method is, in the five facts every method states: one value a
/// method (`&Descriptor { … }`, a constant), where each restated five
/// methods of the trait.
pub(crate) struct Descriptor {
    /// The name on the command line and in reports.
    pub name: &'static str,
    /// One line for `--help` and the architecture table.
    pub summary: &'static str,
    /// How far its representation reaches, as a rank among the methods:
    /// when no method can represent a board, the refusal of the one with
    /// the highest rank is the one said.
    pub breadth: u32,
    /// What the report's `benchmark.encoding` says.
    pub encoding: &'static str,
    /// The options the method takes (an allow-list: every other option
    /// given is refused before [`Method::configure`] sees it).
    pub takes: &'static [Setting],
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
        watch: Watch<'_>,
    ) -> Result<BigUint, Failure>;

    /// What one run with fixed `ends` (a start alone, or both ends) takes
    /// against the time [`Method::reach`] estimates for a whole count:
    /// the plan multiplies that estimate by this and by the runs a
    /// question makes. 1 where it was not measured.
    fn run_share(&self, _ends: kt_shards::Ends) -> f64 {
        1.0
    }
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
        watch: Watch<'_>,
    ) -> Result<BigUint, Failure>;
}

/// The capability to count the open tours from every square in one run
/// ([`Capability::StartTallies`]): the frontier sweep whose states tally
/// their paths' ends by class of square (`kt_frontier::count_by_start_in`).
pub(crate) trait CountsByStart {
    /// The directed open tours from each square, by square, with their
    /// total; `None` where this board's sweep cannot keep tallies (more
    /// classes of squares than it holds), for the caller to count a class
    /// at a time. What the run measured goes into `report`.
    fn count_by_start(
        &self,
        job: &Job,
        report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<Option<(BigUint, Vec<BigUint>)>, Failure>;

    /// The run's time and memory against what [`Method::reach`] estimates
    /// for a whole count (wider records, the same states), measured.
    fn tally_share(&self) -> (f64, f64);
}

/// The method's run by start square in one sweep, or an internal error
/// (as [`fixed_ends`]).
pub(crate) fn start_tallies(method: &dyn Method) -> Result<&dyn CountsByStart, Failure> {
    method.start_tallies().ok_or_else(|| {
        Failure::other(format!(
            "internal error: method {} keeps no tallies by start square",
            method.name()
        ))
    })
}

/// The capability to count the open tours from one square by end square
/// in one run ([`Capability::EndTallies`]): the frontier sweep from the
/// square whose states tally their paths' other end by class of square
/// (`kt_frontier::count_by_end_in`).
pub(crate) trait CountsByEnd {
    /// The directed open tours from `from` to each square, by square,
    /// with their total; `None` where the board's sweep cannot keep the
    /// tallies (more classes of end squares than a tally holds), for the
    /// caller to count a class at a time. What the run measured goes into
    /// `report`.
    fn count_by_end(
        &self,
        job: &Job,
        from: Square,
        report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<Option<(BigUint, Vec<BigUint>)>, Failure>;

    /// The run's time and memory against what [`Method::reach`] estimates
    /// for a whole count (a fixed-start sweep's states in wider records),
    /// measured.
    fn tally_share(&self) -> (f64, f64);
}

/// The method's run by end square in one sweep, or an internal error (as
/// [`fixed_ends`]).
pub(crate) fn end_tallies(method: &dyn Method) -> Result<&dyn CountsByEnd, Failure> {
    method.end_tallies().ok_or_else(|| {
        Failure::other(format!(
            "internal error: method {} keeps no tallies by end square",
            method.name()
        ))
    })
}

/// The capability to count a whole sequence ([`Capability::Prefixes`]):
/// every board `rows × n` of a strip, or every first `m` cells, from one
/// sweep of every prefix (`kt_frontier::count_prefixes`), or board by
/// board where that is cheaper.
pub(crate) trait CountsPrefixes {
    /// What answering `sequence` on the strip `job.board` by `way` costs,
    /// before any work; `None` where `way` cannot answer it (board by
    /// board: first cells, or a checkpoint asked for, which records one
    /// sweep). Refuses what the sweep could not finish (weights past the
    /// widest width before the last term, a checkpoint to resume of
    /// another sweep).
    fn sequence_estimate(
        &self,
        job: &Job,
        sequence: &Sequence,
        way: SequenceWay,
    ) -> Result<Option<ColumnsEstimate>, Failure>;

    /// The terms, by `way`; the levels swept go into `report`. Stopped
    /// early, the terms it had finished come with the failure.
    fn count_sequence(
        &self,
        job: &Job,
        sequence: &Sequence,
        way: SequenceWay,
        report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<(Vec<Term>, kt_frontier::SweepCount), SequenceStopped>;
}

/// The method's sequences, or an internal error (as [`fixed_ends`]).
pub(crate) fn prefixes(method: &dyn Method) -> Result<&dyn CountsPrefixes, Failure> {
    method.prefixes().ok_or_else(|| {
        Failure::other(format!(
            "internal error: method {} sweeps no prefixes",
            method.name()
        ))
    })
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
        watch: Watch<'_>,
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
        Failure::other(crate::words::message!(
            "internal error: ",
            crate::words::Word::Method.given(method.name()),
            " builds no diagram"
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

    /// Whether the method has `capability`: derived from the traits it
    /// implements and the options it takes, so that a capability cannot
    /// be claimed without the work behind it.
    pub fn can(&self, capability: Capability) -> bool {
        let method = self.method();
        let takes = |setting| method.takes().contains(&setting);
        match capability {
            Capability::Count => true,
            Capability::Family => method.family().is_some(),
            Capability::FixedEnds => method.fixed_ends().is_some(),
            Capability::RequiredMove => method.required_move().is_some(),
            Capability::StartTallies => method.start_tallies().is_some(),
            Capability::EndTallies => method.end_tallies().is_some(),
            Capability::Prefixes => method.prefixes().is_some(),
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
    /// take ([`Setting::Engine`] for backtracking).
    pub fn configure(&self, given: &GivenOptions) -> Result<MethodSettings, Setting> {
        let takes = self.method().takes();
        if let Some(other) = given.settings().into_iter().find(|s| !takes.contains(s)) {
            return Err(other);
        }
        self.method().configure(given)
    }

    /// The names of the methods that take `setting` (the engine: zdd,
    /// edges).
    pub fn taking(setting: Setting) -> Vec<&'static str> {
        MethodSettings::every()
            .iter()
            .filter(|m| m.method().takes().contains(&setting))
            .map(MethodSettings::name)
            .collect()
    }

    /// The method named `name` at its defaults.
    pub fn named(name: &str) -> Option<MethodSettings> {
        MethodSettings::every()
            .into_iter()
            .find(|m| m.name() == name)
    }

    /// The method a benchmark measures when none is named: the time-sliced
    /// ZDD, the project's own encoding. `auto` would take the fastest
    /// method that fits, which is not what a benchmark of the engines
    /// compares. Decided here, for every front end that benchmarks.
    pub fn benchmarked() -> MethodSettings {
        MethodSettings::TimeSliced(TimeSliced::default())
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
            assert_eq!(
                method.can(Capability::StartTallies),
                m.start_tallies().is_some(),
                "{method}"
            );
            assert_eq!(
                method.can(Capability::EndTallies),
                m.end_tallies().is_some(),
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
                    "{method}: {setting} and {capability}"
                );
            }
            // An option outside the list is refused by name.
            for setting in Setting::ALL {
                if !takes.contains(&setting) {
                    assert!(
                        !MethodSettings::taking(setting).contains(&method.name()),
                        "{method}"
                    );
                }
            }
        }
        for setting in Setting::ALL {
            assert!(!MethodSettings::taking(setting).is_empty(), "{setting}");
            assert_eq!(Setting::named(setting.name()), Some(setting));
        }
        assert_eq!(MethodSettings::taking(Setting::Engine), ["zdd", "edges"]);
        let given = GivenOptions {
            spill_dir: Some(PathBuf::from("/tmp")),
            ..GivenOptions::default()
        };
        assert_eq!(
            MethodSettings::named("zdd").unwrap().configure(&given),
            Err(Setting::SpillDir)
        );
    }
}
