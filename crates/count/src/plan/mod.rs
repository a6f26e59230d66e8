//! Deciding, before any work, how a request will be answered — or refusing
//! it with the reason.
//!
//! Every check that can be made without building anything is made here,
//! in this order:
//!
//! 1. the squares the question names are on the board, and the question
//!    makes sense for the kind of tour;
//! 2. the method has a capability the question needs (the table in
//!    `crate::questions`), and its settings go with the question
//!    (checkpoints record whole counts);
//! 3. threads and memory are numbers the machine can honour;
//! 4. every path the work will write can be written (directories asked
//!    for are created);
//! 5. a theorem may settle the count (no tour exists): then no method runs;
//! 6. the method can represent the board with these settings
//!    ([`crate::methods`]' `reach`), and its estimate of time and memory is
//!    compared with the machine (its physical memory, the free disk where
//!    a method spills, and [`LONG_SECONDS`]): beyond it, every kind of
//!    work (`count`, `tour`, `dot`) is refused unless `force` is set, and
//!    a drawing estimated beyond `--max-nodes` is refused.
//!
//! `auto` follows one rule, [`AUTO_RULE`]: of the candidates that have the
//! capability, the fastest estimate for the whole answer (one sweep's
//! estimate times the sweeps the question takes: the table by start
//! square of 8×8 is ten) whose memory fits the machine (6×6 open: the
//! frontier method's 0.04 s, not the time-sliced ZDD's 11 s); when none
//! fits, the one with the smallest estimated time, which the check above
//! then refuses unless forced. It chooses by the machine, as the methods'
//! reach is stated, not by `--memory`: a budget too small for the board
//! stops the run with a message naming it.
//! A refused request costs microseconds, not the seconds of a run that
//! fails at its first big allocation.
//!
//! Three files, a job each: this one, the capable methods and what they
//! are given (threads, memory, the order); `choice.rs`, `auto`'s choice
//! among them by estimate and the refusal beyond the machine;
//! `checkpoints.rs`, the paths a method writes and the checkpoints it
//! reads, checked before any work, and the questions they keep.

mod checkpoints;
mod choice;

pub(crate) use checkpoints::checkpoint_question;
use checkpoints::{paths_and_checkpoints, spill_dir, whole_counts_only};
use choice::choose;

use std::path::PathBuf;

use kt_memory::Bytes;
use kt_tours::NoTour;

use crate::failure::Failure;
use crate::machine::{machine_fits, resources};
use crate::methods::{ColumnsEstimate, Job, MethodSettings, Reach};
use crate::questions::{self, Strategy};
use crate::request::{MethodChoice, Question, Request, Work};
use crate::terms::SequenceWay;
use crate::words::message;
use crate::words::{Message, Setting, Word};

/// How a request will be answered: the work order. It keeps everything
/// the plan resolved — the request, the method with its settings, the
/// budget and threads, the order of the squares, the estimate — and
/// [`Plan::run`] (or `Plan::tours`, `Plan::draw`) executes it, resolving
/// nothing again.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The method's name.
    pub method: &'static str,
    /// Why this method: asked for, or chosen by `auto` and on what grounds.
    pub reason: String,
    /// What the caller should know before the work starts: settings
    /// capped, an estimate beyond the machine.
    pub notes: Vec<Message>,
    /// Set when a theorem settles the count (there is no tour): no method
    /// runs at all.
    pub settled: Option<NoTour>,
    /// The method's estimate for this board (none when a theorem settles
    /// it).
    pub estimate: Option<Reach>,
    /// How a sequence will be answered, and its estimate in a sequence's
    /// terms (the widest level, the states summed): a request for
    /// [`Work::Sequence`] only.
    pub sequence: Option<SequencePlanned>,
    pub(crate) settings: MethodSettings,
    pub(crate) strategy: Strategy,
    /// The request planned.
    pub(crate) request: Request,
    /// The request resolved: board, kind, budget, threads, order.
    pub(crate) job: Job,
}

/// How a sequence will be answered, decided by its plan: the way, and
/// the way's estimate.
#[derive(Clone, Debug)]
pub struct SequencePlanned {
    pub way: SequenceWay,
    pub estimate: ColumnsEstimate,
}

impl Plan {
    /// The request this plan answers.
    pub fn request(&self) -> &Request {
        &self.request
    }

    /// The memory budget the run gets: the job's, which the method reads
    /// (one source for the run and its report).
    pub fn budget(&self) -> Bytes {
        self.job.budget
    }

    /// The worker threads the run gets, likewise.
    pub fn threads(&self) -> u32 {
        self.job.threads
    }

    /// Whether the chosen method sweeps levels and keeps checkpoints of
    /// them (`--checkpoint`, `--resume`): read from the options it takes,
    /// never from its name.
    pub fn sweeps(&self) -> bool {
        self.settings
            .method()
            .takes()
            .contains(&Setting::Checkpoint)
    }

    /// Whether the chosen method keeps its checkpoint in one directory of
    /// its own, which a front end's cache can name
    /// ([`Plan::keeping_checkpoints`]): the frontier method's sweep, not a
    /// cluster's (a directory a process).
    pub fn keeps_one_checkpoint(&self) -> bool {
        matches!(self.settings, MethodSettings::Frontier(_))
    }

    /// The same plan, its sweep keeping checkpoints as `checkpointing`
    /// says (and going on from the one there where `resume`), its levels
    /// spilled to `spill` unless a spill directory was asked for: what a
    /// front end's cache of checkpoints gives a long sweep, once this plan
    /// has found it long.
    ///
    /// Planned once: the method, its order, budget, threads and estimate
    /// stay this plan's. Only what the directories change is checked
    /// again, before any work: the paths and the checkpoints they hold,
    /// the method's own check of the one resumed, and the estimate's disk
    /// where the levels now spill (unless forced). A plan whose method
    /// keeps no checkpoint of its own ([`Plan::keeps_one_checkpoint`]) is
    /// refused.
    pub fn keeping_checkpoints(
        mut self,
        checkpointing: crate::methods::Checkpointing,
        resume: bool,
        spill: PathBuf,
    ) -> Result<Plan, Failure> {
        let MethodSettings::Frontier(frontier) = &self.settings else {
            return Err(Failure::refused(message!(
                Word::Method.given(self.method),
                " keeps no checkpoint of its own to resume"
            )));
        };
        let mut frontier = frontier.clone();
        frontier.resume = resume.then(|| checkpointing.path.clone());
        frontier.checkpoint = Some(checkpointing);
        frontier.spill_dir = frontier.spill_dir.or(Some(spill));
        self.settings = MethodSettings::Frontier(frontier);
        self.request.method = MethodChoice::Use(Box::new(self.settings.clone()));
        paths_and_checkpoints(&self.request, &self.settings, self.strategy)?;
        let what = if let (Some(sequence), Some(planned)) =
            (self.request.sequence_asked(), &self.sequence)
        {
            crate::methods::prefixes(self.settings.method())?.sequence_estimate(
                &self.job,
                sequence,
                planned.way,
            )?;
            Message::from("a sequence")
        } else {
            self.settings.method().reach(&self.job)?;
            message!(Word::Method.given(self.method))
        };
        if let Some(reach) = &self.estimate
            && !self.request.force
            && let Err(beyond) = machine_fits(reach, &spill_dir(&self.settings), self.job.budget)
        {
            return Err(Failure::beyond_machine(message!(
                what,
                format!(
                    " spilling to {}: {beyond}; ",
                    spill_dir(&self.settings).display()
                ),
                Word::Force,
                " starts it anyway"
            )));
        }
        Ok(self)
    }
}

/// The largest open board (in squares) the time-sliced ZDD is measured to
/// count within the reference machine's 24 GiB: 6×6 in 12 s and 671 MiB,
/// while 6×7 stops when the filter's memo outgrows 22 GiB
/// (`docs/benchmarks.md`, "How far each engine gets").
pub const ZDD_REACH_OPEN: usize = 36;
/// The largest closed board likewise: 6×8 in 111 s and 5.3 GiB; 7×8 stops
/// at 22 GiB.
pub const ZDD_REACH_CLOSED: usize = 48;

/// Threads beyond this multiple of the machine's cores are refused
/// (`crate::machine`).
pub use crate::machine::MAX_THREADS_PER_CORE;

/// The smallest memory budget any method can work in (`failure`, where
/// the advice about memory reads it too): below it the budget is refused with
/// one message, whatever the method.
pub use crate::failure::MIN_MEMORY;

/// How `--method auto` chooses, in the words `--help`, the README and
/// the docs quote. The estimates are each method's `reach` for the whole
/// answer (one sweep's estimate times the sweeps a question takes), from
/// the runs measured on the reference machine.
pub const AUTO_RULE: &str = "the fastest method whose estimate fits this machine (its memory, plus the free disk where a method spills); if none fits, the one with the smallest estimate";

/// One candidate method, resolved.
pub(super) struct Candidate {
    settings: MethodSettings,
    strategy: Strategy,
    job: Job,
    notes: Vec<Message>,
    /// A sequence's way and estimate, once estimated.
    sequence: Option<SequencePlanned>,
}

/// The orders of the squares a plan has resolved, by the choice asked:
/// the candidates of `auto` that sweep ask for the same one, which is
/// resolved once.
#[derive(Default)]
struct Orders(
    Vec<(
        kt_frontier::OrderChoice,
        Result<kt_frontier::Order, Failure>,
    )>,
);

impl Orders {
    /// `choice` resolved for `board`'s `kind` tours (once a plan).
    fn resolve(
        &mut self,
        choice: kt_frontier::OrderChoice,
        request: &Request,
    ) -> Result<kt_frontier::Order, Failure> {
        if let Some((_, resolved)) = self.0.iter().find(|(c, _)| *c == choice) {
            return resolved.clone();
        }
        let resolved = crate::methods::resolve_order(&choice, request.board, request.kind);
        self.0.push((choice, resolved.clone()));
        resolved
    }
}

/// Plans `request`: validates every option, picks the method, and refuses
/// what cannot run, all before any work.
pub fn plan(request: &Request) -> Result<Plan, Failure> {
    // A span a plan, so that a test can count them: one a count.
    let _planning = tracing::debug_span!("plan").entered();
    let board = request.board;
    for (word, square) in request.question.squares() {
        if square >= board.cells() {
            return Err(Failure::refused(message!(
                word,
                format!(": square {square} is not on the {board} board")
            )));
        }
    }
    // A tour visits each square once: no tour of a board of more than one
    // square starts and ends on the same one (a closed tour's last square
    // is a move away from its first). Refused rather than answered 0.
    if let Question::FromTo { from, to } = request.question
        && from == to
        && board.cells() > 1
    {
        return Err(Failure::refused(message!(
            Word::From,
            " and ",
            Word::To,
            format!(
                " name the same square: a tour of the {board} board visits each square once, so none starts and ends on one"
            )
        )));
    }
    let table = questions::strategies(request.question, request.kind, &request.work)?;
    let (candidates, auto) = match &request.method {
        MethodChoice::Use(settings) => (vec![settings.as_ref().clone()], false),
        MethodChoice::Auto(candidates) => (candidates.clone(), true),
    };
    let what = match request.work {
        Work::Count => request.question.words(),
        Work::Tours => Word::Tours.into(),
        Work::Draw { .. } => Word::Draw.into(),
        Work::Sequence(_) => "a sequence".into(),
    };
    let mut capable = Vec::new();
    for settings in candidates {
        match questions::strategy_for(table, &settings).map(|strategy| {
            questions::on_board(strategy, request.question, request.board, &settings)
        }) {
            Some(Some(strategy)) => capable.push((settings, strategy)),
            Some(None) if !auto => {
                return Err(Failure::refused(message!(
                    Word::Method.given(settings.name()),
                    " answers ",
                    request.question.words(),
                    format!(
                        " in one sweep with tallies of the ends by class of square, and the {} board has more classes than a tally holds ({}); ",
                        request.board,
                        kt_frontier::MAX_END_CLASSES
                    ),
                    Word::Method.given("frontier"),
                    " counts them a class at a time"
                )));
            }
            None if !auto => return Err(questions::lacking(table, &settings, &what)),
            Some(None) | None => {}
        }
    }
    if capable.is_empty() {
        return Err(Failure::refused(message!(
            "no method can answer ",
            what,
            " with the options given"
        )));
    }
    let mut resolved = Vec::with_capacity(capable.len());
    let mut refusals = Vec::new();
    let mut orders = Orders::default();
    for (settings, strategy) in capable {
        whole_counts_only(&settings, request.question, strategy)?;
        // Threads and memory are the request's to get right, whichever
        // method answers: refused for every candidate.
        let mut notes = Vec::new();
        let (budget, threads) = resources(settings.resources(), &mut notes)?;
        // Under `auto`, a candidate whose paths and checkpoints its own
        // settings refuse (the cluster, asked to resume a single process's
        // checkpoint) leaves the others to answer; asked for by name, it
        // is the answer.
        // The table by start square in one sweep gives way to a run a
        // class where only that suits the checkpoints (a count by classes
        // resumed).
        let strategy = match paths_and_checkpoints(request, &settings, strategy) {
            Ok(()) => strategy,
            Err(refusal) => match questions::instead(strategy, &settings) {
                Some(other)
                    if whole_counts_only(&settings, request.question, other).is_ok()
                        && paths_and_checkpoints(request, &settings, other).is_ok() =>
                {
                    other
                }
                _ if auto => {
                    refusals.push(refusal);
                    continue;
                }
                _ => return Err(refusal),
            },
        };
        // A sequence's one sweep goes column by column, the order of its
        // terms; board by board, each board takes its own.
        let order = match request.work {
            Work::Sequence(_) => Some(Ok(kt_frontier::Order::column_major(board))),
            _ => settings
                .method()
                .order_choice()
                .map(|choice| orders.resolve(choice, request)),
        };
        resolved.push(Candidate {
            job: Job {
                board,
                kind: request.kind,
                budget,
                threads,
                order,
            },
            settings,
            strategy,
            notes,
            sequence: None,
        });
    }
    if resolved.is_empty() {
        return Err(refusals
            .into_iter()
            .next()
            .unwrap_or_else(|| Failure::other("internal error: no method was planned")));
    }
    let settled = if request.use_theorems {
        kt_tours::tour_exists(&board, request.kind).err()
    } else {
        None
    };
    if settled.is_some() {
        let first = resolved.swap_remove(0);
        let reason = if auto { "auto" } else { "asked for" };
        return Ok(finish(request, first, reason.into(), settled, None));
    }
    choose(request, resolved, auto)
}

/// The plan for the chosen candidate.
pub(super) fn finish(
    request: &Request,
    chosen: Candidate,
    reason: String,
    settled: Option<NoTour>,
    estimate: Option<Reach>,
) -> Plan {
    Plan {
        request: request.clone(),
        job: chosen.job.clone(),
        method: chosen.settings.name(),
        reason,
        notes: chosen.notes,
        sequence: chosen.sequence,
        settled,
        estimate,
        settings: chosen.settings,
        strategy: chosen.strategy,
    }
}
