//! The knights-tour counting library: "count the tours of this board",
//! callable from the command line, a test, a benchmark harness or any
//! other program.
//!
//! A [`Request`] says what to count (board, open or closed, a
//! [`Question`]) and, where it matters, how (a method with its settings,
//! or `auto`). [`plan`] checks it before any work — refusing what the
//! chosen method cannot answer or represent, paths that cannot be
//! written, numbers the machine cannot honour — and [`count`] runs it;
//! [`tours`] hands out the family of tours with its decoder, and [`draw`]
//! draws it. Progress reaches an [`Observer`]; a [`CancelToken`] stops the
//! work from outside. Nothing in this crate prints, reads the
//! environment's signals or ends the process: that is the command line's
//! business.
//!
//! The methods behind the seam ([`methods`], each a type implementing one
//! trait, listed in one registry):
//!
//! * the N⁴ time-sliced ZDD ([`TimeSliced`], on the [`zdd`] toolkit): the
//!   project's own encoding;
//! * frontier-based search over the board's edges ([`Frontier`],
//!   [`kt_frontier`]), for the boards the time-sliced ZDD cannot reach
//!   (8×8 closed and beyond);
//! * the same search written down as an edge-variable ZDD ([`Edges`]);
//! * the frontier sweep spread over several processes or machines
//!   ([`Cluster`], [`kt_distributed`]), each keeping its share of every
//!   level;
//! * backtracking over the knight's graph ([`Backtrack`]), for comparison.
//!
//! Before any of them, the theorems answer boards that have no tour at all
//! (Schwenk; Conrad et al.) unless [`Request::use_theorems`] is off.
//!
//! Every finished count comes with a [`RunReport`], which serialises to
//! the JSON schema [`report::SCHEMA`] and deserialises from it (a report
//! saved with `count --json` reads back into an equal `RunReport`);
//! [`known`] holds the published counts a result can be checked against,
//! and [`sequences`] the published OEIS sequences, term by term, that a
//! sweep along a strip is checked against.
//!
//! The modules import each other in one direction only: the leaves
//! (`cancel`, `known`, `report`, `failure`, `observer`, `paths`), the
//! toolkits (`zdd`, `symmetry`, `pairs`), then `methods` → `request` →
//! `questions` (the table of what each question needs) → `plan` →
//! `answer` (how each question is answered) → this root. A test (the
//! workspace's `tests/module_layers.rs`) keeps it so.
//!
//! # Examples
//!
//! Counting the open tours of the 5×5 board (`auto` takes the fastest
//! method that fits; the report names it):
//!
//! ```
//! use kt_count::{Board, CancelToken, Request, Silent, TourKind, count};
//!
//! let board: Board = "5x5".parse().unwrap();
//! let counted = count(&Request::new(board, TourKind::Open), &Silent, &CancelToken::new()).unwrap();
//! assert_eq!(counted.count.to_string(), "1728");
//! assert!(!counted.report.settings.method.is_empty());
//! ```
//!
//! The directed tours from the corner, by the frontier method:
//!
//! ```
//! use kt_count::{Board, CancelToken, Frontier, MethodSettings, Question, Request, Silent, TourKind, count};
//!
//! let board: Board = "5x5".parse().unwrap();
//! let request = Request::new(board, TourKind::Open)
//!     .with_method(MethodSettings::Frontier(Frontier::default()))
//!     .asking(Question::From { from: 0 });
//! let counted = count(&request, &Silent, &CancelToken::new()).unwrap();
//! assert_eq!(counted.count.to_string(), "304");
//! ```

mod answer;
mod cancel;
mod check;
mod checkpoint_of;
mod failure;
pub mod human;
pub mod known;
mod machine;
pub mod methods;
mod numbers;
mod observer;
pub mod order_trials;
pub mod pairs;
mod paths;
mod plan;
mod questions;
pub mod report;
mod request;
pub mod same_file;
pub mod sequence_check;
pub mod sequences;
mod supervised;
mod sweep_runner;
mod symmetry;
mod terms;
mod words;
pub mod zdd;

use std::time::Instant;

// What the API's signatures name from the workspace's other crates and
// from num-bigint, so that a user of this crate needs no other.
pub use kt_board::{
    AlgebraicError, Board, BoardError, MAX_SIDE, Square, Symmetry, Tour, TourError, TourKind,
    parse_square, square_name,
};
pub use kt_engine::{Containing, EngineKind, Family, FamilyNode, Link, Var};
pub use kt_memory::Bytes;
pub use kt_shards::{
    ClassCount, Ends, MergeError, Merged, PairClass, PairPlan, Part, PartError, Shard, ShardError,
};
pub use num_bigint::BigUint;

pub use cancel::{CancelToken, Cause};
pub use check::{Answered, check_answer};
pub use failure::{Failure, FailureKind, Outgrown, budget_exceeded, memory_advice};
/// Where the processes of a cluster count listen (`--hostfile`, `--port`),
/// and what each process reports.
pub use kt_distributed::{
    Addresses as ClusterAddresses, CONNECT_TIMEOUT as CLUSTER_CONNECT_TIMEOUT, ClusterRefusal,
    PEER_TIMEOUT as CLUSTER_PEER_TIMEOUT, ProcessReport, hosts,
};
/// How the name of every directory a count spills into begins (inside
/// `--spill-dir`, or the system's temporary directory).
pub use kt_frontier::SPILL_PREFIX;
/// The file that marks a checkpoint directory as the program's, and
/// whether a count is writing one now (the command line's checkpoint
/// cache prunes only its own, and never one in use).
pub use kt_frontier::checkpoint::{MARKER as CHECKPOINT_MARKER, in_use as checkpoint_in_use};
/// The order of the squares of a frontier sweep (`--order`): what a front
/// end reads, prints and searches. The rest of kt-frontier's order module
/// (the shipped table's rows, the score's pieces, the mirror's pairing)
/// stays kt-frontier's.
pub mod order {
    pub use kt_frontier::order::{
        MAX_ORDER_FILE_BYTES, Order, OrderChoice, OrderError, Origin, auto,
    };

    /// The search by score (`order --search N`), unmeasured: what the
    /// measured search (`crate::order_trials`) proposes its candidates
    /// from.
    pub mod search {
        pub use kt_frontier::order::search::{BASE, Budget, Score, search};
    }
}
/// The spill directories of counts this process has abandoned (issue 38).
pub use kt_frontier::remove_spill_directories;
/// A frontier sweep's levels as it reports them, and its outcome: what a
/// sequence's JSON document lists.
pub use kt_frontier::{LevelReport, SweepCount};
pub use methods::{
    Backtrack, Capability, Checkpointing, Cluster, ClusterOptions, ColumnsEstimate, Edges,
    Frontier, GivenOptions, LONG_SECONDS, MethodSettings, Reach, Resources, Setting, TimeSliced,
    estimate_columns_sweep,
};
pub use numbers::{Answer, Table, strict_count};
pub use observer::{Observer, Progress, Silent, Watch};
pub use order::{MAX_ORDER_FILE_BYTES, Order, OrderChoice, OrderError};
pub use paths::{makeable_dir, writable_dir, writable_file};
pub use plan::{
    AUTO_RULE, MAX_THREADS_PER_CORE, MIN_MEMORY, Plan, SequencePlanned, ZDD_REACH_CLOSED,
    ZDD_REACH_OPEN, plan,
};
pub use report::{
    COMMIT, ClusterReport, Counted, Document, ProcessFigures, RunReport, Status, VERSION,
};
pub use request::{ChoiceError, MethodChoice, Question, Request, Work};
pub use supervised::{SECOND_PRESS, Supervised, Waited};
pub use sweep_runner::CHECKPOINT_EVERY;
pub use terms::{Measure, Sequence, SequenceStopped, SequenceWay, Sequenced, Term};
pub use words::{Identifiers, Message, Output, Piece, Pieces, Spelling, Word};
pub use zdd::extract::Selection;
pub use zdd::{Decoder, Drawing, Schedule};

use report::{Benchmark, Settings};
use zdd::{Built, Finishing};

/// Answers the question `request` asks: [`plan`], then [`Plan::run`].
///
/// Blocks until the count is done, refused, stopped through `cancel`, or
/// out of a resource; a failure after work started carries the partial
/// report.
pub fn count(
    request: &Request,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<Counted, Failure> {
    if request.work != Work::Count {
        return Err(Failure::refused(
            "count answers a question; this request asks for tours, a drawing or a sequence",
        ));
    }
    plan(request)?.run(observer, cancel)
}

impl Plan {
    /// Answers the question of the request planned, as planned: the
    /// method, its settings, the budget, the threads and the order of the
    /// squares are the plan's, resolved once.
    ///
    /// Blocks until the count is done, stopped through `cancel`, or out
    /// of a resource; a failure after work started carries the partial
    /// report.
    pub fn run(&self, observer: &dyn Observer, cancel: &CancelToken) -> Result<Counted, Failure> {
        let request = &self.request;
        if request.work != Work::Count {
            return Err(Failure::refused(
                "count answers a question; this request asks for tours, a drawing or a sequence",
            ));
        }
        let started = Instant::now();
        let report = start_report(request, self, observer);
        if let Some(reason) = self.settled {
            let mut report = settled(report, &reason.to_string(), started);
            answer::describe(request.question, &request.board, &mut report);
            answer::none(request.question, request.kind, &request.board, &mut report);
            return Ok(Counted::new(BigUint::ZERO, report));
        }
        // The question first, before any file of the count's: the plan has
        // checked that the directory keeps no other question's work.
        if let Some(question) = plan::checkpoint_question(request, &self.settings, self.strategy)
            && let Some(dir) = self.settings.method().checkpoint_dirs().write
        {
            checkpoint_of::record(&dir, question)?;
        }
        answer::answer(
            self.settings.method(),
            &self.job,
            request.question,
            self.strategy,
            report,
            Watch::new(observer, cancel),
        )
    }

    /// Counts every term of the sequence planned (its `work` must be
    /// [`Work::Sequence`]), the way the plan chose: one sweep of every
    /// prefix of the strip, or board by board. The levels reach
    /// `observer` as a count's do; `cancel` stops the work at its next
    /// look. Stopped early, it gives the terms it had finished.
    pub fn sequence(
        &self,
        observer: &dyn Observer,
        cancel: &CancelToken,
    ) -> Result<Sequenced, SequenceStopped> {
        let request = &self.request;
        let (Some(sequence), Some(planned)) = (request.sequence_asked(), &self.sequence) else {
            return Err(Failure::refused("sequence needs a request for a sequence").into());
        };
        if let Some(question) = plan::checkpoint_question(request, &self.settings, self.strategy)
            && let Some(dir) = self.settings.method().checkpoint_dirs().write
        {
            checkpoint_of::record(&dir, question)?;
        }
        let started = Instant::now();
        let mut report = start_report(request, self, observer);
        let (terms, outcome) = methods::prefixes(self.settings.method())?.count_sequence(
            &self.job,
            sequence,
            planned.way,
            &mut report,
            Watch::new(observer, cancel),
        )?;
        Ok(Sequenced {
            board: request.board,
            terms,
            outcome,
            seconds: started.elapsed().as_secs_f64(),
        })
    }

    /// Builds the family of tours of the request planned (its `work`
    /// should be [`Work::Tours`]), with a method that builds one.
    pub fn tours(&self, observer: &dyn Observer, cancel: &CancelToken) -> Result<Tours, Failure> {
        let (report, built) = self.build(Finishing::CopyOut, Watch::new(observer, cancel))?;
        let family = match built {
            Some(Built::Family(family)) => Some(TourFamily {
                family,
                decoder: methods::family(self.settings.method())?
                    .decoder(&self.job)
                    .ok_or_else(|| {
                        Failure::other("internal error: the family came without its decoder")
                    })?,
                kind: self.request.kind,
            }),
            _ => None,
        };
        Ok(Tours { report, family })
    }

    /// Draws the final diagram of the request planned as Graphviz DOT (its
    /// `work` must be [`Work::Draw`]); `None` when no diagram was built
    /// (the report's `reason` says why).
    pub fn draw(
        &self,
        observer: &dyn Observer,
        cancel: &CancelToken,
    ) -> Result<(RunReport, Option<Vec<u8>>), Failure> {
        let request = &self.request;
        let Work::Draw { drawing, .. } = &request.work else {
            return Err(Failure::refused("draw needs a request for a drawing"));
        };
        let mut drawing = drawing.clone();
        if drawing.title.is_empty() {
            drawing.title = format!("{} tours of {}", request.kind, request.board);
        }
        let (report, built) = self.build(Finishing::Draw(drawing), Watch::new(observer, cancel))?;
        Ok((
            report,
            match built {
                Some(Built::Dot(text)) => Some(text),
                _ => None,
            },
        ))
    }

    /// Builds the planned diagram, finished by `finishing`.
    fn build(
        &self,
        finishing: Finishing,
        watch: Watch<'_>,
    ) -> Result<(RunReport, Option<Built>), Failure> {
        let request = &self.request;
        if matches!(request.work, Work::Count | Work::Sequence(_)) {
            return Err(Failure::refused(
                "this request asks for a count, not for tours or a drawing",
            ));
        }
        let started = Instant::now();
        let report = start_report(request, self, watch.observer);
        if let Some(reason) = self.settled {
            let settled =
                Counted::new(BigUint::ZERO, settled(report, &reason.to_string(), started));
            return Ok((settled.report, None));
        }
        methods::family(self.settings.method())?.build(&self.job, report, finishing, watch)
    }
}

/// Counts every term of the sequence `request` asks for
/// ([`Request::sequence`]): [`plan`], then [`Plan::sequence`].
pub fn sequence(
    request: &Request,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<Sequenced, SequenceStopped> {
    plan(request)?.sequence(observer, cancel)
}

/// Adds up the parts of a count by endpoint pairs under `plan` (the
/// board's [`pairs::plan`]), refusing any that is missing, doubled with
/// another count, foreign or damaged (`kt_shards::merge`).
pub fn merge_parts(
    plan: &PairPlan,
    parts: &[(std::path::PathBuf, Part)],
) -> Result<Merged, MergeError> {
    kt_shards::merge(plan, parts)
}

/// The family of tours a method built, with what its sets mean.
pub struct TourFamily {
    family: Family,
    decoder: Box<dyn Decoder + Send>,
    kind: TourKind,
}

impl TourFamily {
    /// How many tours the family stands for, in the project's convention.
    pub fn total(&self) -> BigUint {
        zdd::extract::total(&self.family, self.decoder.as_ref(), self.kind)
    }

    /// The selected tours, one at a time, each with its index in the
    /// family's order; each has passed the one checker.
    pub fn tours<'a>(
        &'a self,
        selection: &Selection,
    ) -> impl Iterator<Item = Result<(BigUint, Tour), Failure>> + 'a {
        zdd::extract::tours(&self.family, self.decoder.as_ref(), self.kind, selection)
    }

    /// The diagram itself, with exact path counts.
    pub fn family(&self) -> &Family {
        &self.family
    }

    /// What the diagram's sets mean.
    pub fn decoder(&self) -> &dyn Decoder {
        self.decoder.as_ref()
    }
}

/// What [`tours`] gives: the report, and the family unless the count was
/// settled without a diagram (a theorem or the board's shape; the report's
/// `reason` says which).
pub struct Tours {
    pub report: RunReport,
    pub family: Option<TourFamily>,
}

/// Builds the family of tours `request` describes with a method that
/// builds one (`request.work` should be [`Work::Tours`]): [`plan`], then
/// [`Plan::tours`].
pub fn tours(
    request: &Request,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<Tours, Failure> {
    if matches!(request.work, Work::Count | Work::Sequence(_)) {
        return Err(Failure::refused(
            "this request asks for a count, not for tours or a drawing",
        ));
    }
    plan(request)?.tours(observer, cancel)
}

/// Draws the final diagram of the tours `request` describes as Graphviz
/// DOT (`request.work` must be [`Work::Draw`]): [`plan`], then
/// [`Plan::draw`].
pub fn draw(
    request: &Request,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<(RunReport, Option<Vec<u8>>), Failure> {
    if !matches!(request.work, Work::Draw { .. }) {
        return Err(Failure::refused("draw needs a request for a drawing"));
    }
    plan(request)?.draw(observer, cancel)
}

/// The report a run starts with, and the plan's notes said once.
fn start_report(request: &Request, plan: &Plan, observer: &dyn Observer) -> RunReport {
    let mut report = RunReport::new(
        Benchmark::of(
            &request.board,
            request.kind,
            plan.settings.method().encoding(),
        ),
        Settings {
            method: plan.method.to_string(),
            method_reason: Some(plan.reason.clone()),
            schedule: None,
            threads: plan.threads(),
            node_capacity: 0,
            cache_capacity: 0,
            memory_budget_bytes: plan.budget().0,
        },
    );
    for note in &plan.notes {
        observer.note(note);
    }
    // The record holds the notes in the library's words; a front end that
    // writes the report spells the plan's own (the first ones) over them.
    report.notes = plan.notes.iter().map(ToString::to_string).collect();
    report
}

/// A count of 0 that a theorem settles, with the theorem as the reason.
fn settled(mut report: RunReport, reason: &str, started: Instant) -> RunReport {
    report.settings.method = "theorem".to_string();
    report.settings.method_reason =
        Some("a theorem settles this board: it has no tour of this kind".into());
    report.reason = Some(reason.to_string());
    report.close(started);
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toy(board: &str, kind: TourKind, question: Question) -> Result<Counted, Failure> {
        let board: Board = board.parse().unwrap();
        let request = Request::new(board, kind)
            .with_method(MethodChoice::named("toy", &GivenOptions::default()).unwrap())
            .asking(question);
        count(&request, &Silent, &CancelToken::new())
    }

    /// The toy method (`methods/toy.rs`), registered by one line, answers
    /// through the library's own plan and questions: the plain count, and
    /// what follows from it.
    #[test]
    fn a_method_in_one_file_answers_through_the_library() {
        let open = toy("3x4", TourKind::Open, Question::Total).unwrap();
        assert_eq!(open.count, BigUint::from(16u32));
        assert_eq!(open.report.settings.method, "toy");
        assert_eq!(open.report.count.as_deref(), Some("16"));
        let closed = toy("3x4", TourKind::Closed, Question::Total).unwrap();
        assert_eq!(closed.count, BigUint::ZERO);
        // Up to symmetry, from the plain count and the quotient boards (as
        // `count 3x4 --up-to-symmetry --method backtrack` says).
        let up_to = toy("3x4", TourKind::Open, Question::UpToSymmetry).unwrap();
        assert_eq!(up_to.count, BigUint::from(3u32));
        // What it cannot do is refused before any work, by the plan.
        let from = Question::From { from: 0 };
        assert!(toy("3x4", TourKind::Open, from).is_err());
        assert!(toy("5x5", TourKind::Open, Question::Total).is_err());
        // Options are refused by flag: the toy takes none.
        let given = GivenOptions {
            resources: Resources {
                threads: Some(1),
                memory: None,
            },
            ..GivenOptions::default()
        };
        assert!(MethodChoice::named("toy", &given).is_err());
    }
}
