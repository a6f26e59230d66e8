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

use std::path::PathBuf;

use kt_memory::Bytes;
use kt_tours::NoTour;

use crate::checkpoint_of::CheckpointOf;
use crate::failure::Failure;
use crate::machine::{machine_fits, memory_fits, resources};
use crate::methods::{CountsByEnd, CountsByStart, Job, MethodSettings, Reach};
use crate::questions::{self, Strategy};
use crate::request::{MethodChoice, Question, Request, Work};
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
    pub(crate) settings: MethodSettings,
    pub(crate) strategy: Strategy,
    /// The request planned.
    pub(crate) request: Request,
    /// The request resolved: board, kind, budget, threads, order.
    pub(crate) job: Job,
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
        self.settings.method().reach(&self.job)?;
        if let Some(reach) = &self.estimate
            && !self.request.force
            && let Err(beyond) = machine_fits(reach, &spill_dir(&self.settings), self.job.budget)
        {
            return Err(Failure::beyond_machine(message!(
                Word::Method.given(self.method),
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
struct Candidate {
    settings: MethodSettings,
    strategy: Strategy,
    job: Job,
    notes: Vec<Message>,
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
        let order = settings
            .method()
            .order_choice()
            .map(|choice| orders.resolve(choice, request));
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

/// The paths a candidate's settings write and the checkpoints they read,
/// checked before any work: writable, of the question asked, and not a
/// checkpoint that a count running now is writing.
fn paths_and_checkpoints(
    request: &Request,
    settings: &MethodSettings,
    strategy: Strategy,
) -> Result<(), Failure> {
    check_outputs(request, settings)?;
    if let Some(question) = checkpoint_question(request, settings, strategy) {
        let dirs = settings.method().checkpoint_dirs();
        for (option, dir) in [
            (Setting::Checkpoint, &dirs.write),
            (Setting::Resume, &dirs.resume),
        ] {
            if let Some(dir) = dir {
                crate::checkpoint_of::check(option, dir, question)?;
            }
        }
        // A checkpoint that a count running now replaces is no level
        // to go on from (`--checkpoint` is refused likewise, by
        // `paths`).
        if let Some(dir) = &dirs.resume
            && kt_frontier::checkpoint::in_use(dir)
        {
            return Err(Failure::refused(message!(
                Setting::Resume.given(dir.display()),
                ": it is the checkpoint of another count running now; wait for it to end"
            )));
        }
    }
    Ok(())
}

/// The plan for the chosen candidate.
fn finish(
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
        settled,
        estimate,
        settings: chosen.settings,
        strategy: chosen.strategy,
    }
}

/// Picks among the resolved candidates by their reach, by [`AUTO_RULE`].
fn choose(request: &Request, resolved: Vec<Candidate>, auto: bool) -> Result<Plan, Failure> {
    let mut refusals: Vec<(u32, Failure)> = Vec::new();
    let mut estimated: Vec<(Candidate, Reach)> = Vec::new();
    for candidate in resolved {
        match candidate.settings.method().reach(&candidate.job) {
            Err(refusal) if !auto => return Err(refusal),
            Err(refusal) => refusals.push((candidate.settings.method().breadth(), refusal)),
            Ok(whole) => {
                let mut candidate = candidate;
                let mut reach =
                    answer_reach(request, &candidate, candidate.strategy, whole.clone());
                // The table in one sweep holds wider records than a run a
                // class: where only the runs fit the machine, or they are
                // estimated faster (`questions::runs_may_be_faster`), they
                // answer (unless the count keeps checkpoints the runs
                // cannot).
                if let Some(other) = questions::instead(candidate.strategy, &candidate.settings)
                    && whole_counts_only(&candidate.settings, request.question, other).is_ok()
                    && paths_and_checkpoints(request, &candidate.settings, other).is_ok()
                {
                    let runs = answer_reach(request, &candidate, other, whole);
                    let sweep_fits = fits(&reach, &candidate).is_ok();
                    let faster = questions::runs_may_be_faster(candidate.strategy)
                        && runs.seconds < reach.seconds;
                    if fits(&runs, &candidate).is_ok() && (!sweep_fits || faster) {
                        candidate.strategy = other;
                        reach = runs;
                    }
                }
                estimated.push((candidate, reach));
            }
        }
    }
    if !auto {
        let (candidate, reach) = estimated
            .pop()
            .ok_or_else(|| Failure::other("internal error: no method was planned"))?;
        return decide(request, candidate, reach, Grounds::Asked);
    }
    let fastest = |candidates: &mut dyn Iterator<Item = (usize, &(Candidate, Reach))>| {
        candidates
            .min_by(|(_, a), (_, b)| a.1.seconds.total_cmp(&b.1.seconds))
            .map(|(i, _)| i)
    };
    let fitting = fastest(
        &mut estimated
            .iter()
            .enumerate()
            .filter(|(_, (candidate, reach))| fits(reach, candidate).is_ok()),
    );
    let (i, grounds) = if let Some(i) = fitting {
        (i, Grounds::Fastest)
    } else if let Some(i) = fastest(&mut estimated.iter().enumerate()) {
        (i, Grounds::Smallest)
    } else {
        // None can represent the board: the refusal of the method that
        // reaches furthest says why.
        refusals.sort_by_key(|(breadth, _)| std::cmp::Reverse(*breadth));
        return Err(refusals.into_iter().next().map_or_else(
            || Failure::other("internal error: no method was planned"),
            |(_, refusal)| refusal,
        ));
    };
    let (candidate, reach) = estimated.swap_remove(i);
    decide(request, candidate, reach, grounds)
}

/// The estimate of `candidate` answering by `strategy`, from its estimate
/// of one whole count: the runs the strategy makes, each at its share of
/// a whole count's time (and a sweep with tallies at its share of its
/// memory too).
fn answer_reach(
    request: &Request,
    candidate: &Candidate,
    strategy: Strategy,
    whole: Reach,
) -> Reach {
    let method = candidate.settings.method();
    let runs = questions::runs(request.question, request.kind, request.board, strategy);
    let share = questions::fixed_ends_of_runs(request.question, request.kind, strategy)
        .and_then(|ends| method.fixed_ends().map(|m| m.run_share(ends)));
    // One sweep with tallies (the whole count's states, or a fixed
    // start's, in wider records): its share of a whole count.
    let tally_share = match strategy {
        Strategy::ByStartTallies => method.start_tallies().map(CountsByStart::tally_share),
        Strategy::ByEndTallies => method.end_tallies().map(CountsByEnd::tally_share),
        _ => None,
    };
    if let Some((time, memory)) = tally_share {
        return whole.times(1, Some(time)).with_memory_times(memory);
    }
    let mut reach = whole.times(runs, share);
    if strategy == Strategy::ByPairs {
        // The plan is built before the first class is counted.
        let ends = match request.question {
            Question::Pairs { ends, .. } => ends,
            _ => kt_shards::Ends::Starts,
        };
        reach.seconds += crate::pairs::plan_seconds(request.board, ends);
    }
    reach
}

/// Why a method runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Grounds {
    /// Named with `--method`.
    Asked,
    /// `auto`: the fastest estimate that fits.
    Fastest,
    /// `auto`: none fits; the smallest estimated time.
    Smallest,
}

/// The plan for `candidate`, or its refusal when its estimate is beyond
/// the machine (unless forced) or, for a drawing, beyond `max_nodes`.
fn decide(
    request: &Request,
    mut candidate: Candidate,
    reach: Reach,
    grounds: Grounds,
) -> Result<Plan, Failure> {
    let name = candidate.settings.name();
    let estimate = reach.brief_within(candidate.job.budget);
    let reason = match grounds {
        Grounds::Asked => format!("asked for; {estimate}"),
        Grounds::Fastest => format!("auto: fastest that fits; {estimate}"),
        Grounds::Smallest => format!("auto: none fits; smallest estimate, {estimate}"),
    };
    let drawing = match &request.work {
        Work::Draw { drawing } => Some(drawing),
        Work::Count | Work::Tours => None,
    };
    if let Err(beyond) = within_machine(&reach, &candidate) {
        // The verdict and the way on first, the estimate's derivation
        // last: a front end that cuts a long line cuts the derivation, not
        // the one instruction the refusal gives.
        let what = message!(
            Word::Method.given(name),
            format!(
                " on {} tours of {} is beyond this machine: {beyond}",
                request.kind, request.board,
            )
        );
        let estimate = format!(" (the estimate: {}; {})", reach.describe(), reach.basis);
        if request.force {
            candidate
                .notes
                .push(message!(what, "; started with ", Word::Force, estimate));
        } else {
            return Err(Failure::beyond_machine(message!(
                what,
                "; ",
                Word::Force,
                " starts it anyway",
                estimate
            )));
        }
    }
    if let (Some(drawing), Some(nodes)) = (drawing, reach.nodes)
        && !request.force
        && nodes > drawing.max_nodes as u64
    {
        let size = if reach.basis.starts_with("measured") {
            format!("{nodes} nodes")
        } else {
            format!("about {nodes} nodes")
        };
        return Err(Failure::refused(message!(
            "the ",
            Word::Method.given(name),
            format!(
                " diagram of {} tours of {} has {size} ({}), more than ",
                request.kind, request.board, reach.basis
            ),
            Word::MaxNodes.given(drawing.max_nodes),
            "; DOT layouts of that size are unreadable (raise ",
            Word::MaxNodes,
            " to insist)"
        )));
    }
    Ok(finish(request, candidate, reason, None, Some(reach)))
}

/// Whether the estimate's memory fits this machine (its physical memory,
/// and for a method that spills the free disk where it spills). `auto`
/// chooses by the machine, as the methods' reach is stated, not by the
/// budget: a budget below what the board needs stops the run with a
/// message naming it, whichever method runs.
fn fits(reach: &Reach, candidate: &Candidate) -> Result<(), String> {
    memory_fits(reach, &spill_dir(&candidate.settings), candidate.job.budget)
}

/// Whether the estimate is within this machine: memory within its
/// physical memory (and, for a method that spills, the free disk where it
/// spills), time within [`crate::methods::LONG_SECONDS`]. `Err` says why not, in a few
/// words. A run over its budget but within the machine is left to the
/// budget's own checks, which stop it with a message naming the limit.
fn within_machine(reach: &Reach, candidate: &Candidate) -> Result<(), String> {
    machine_fits(reach, &spill_dir(&candidate.settings), candidate.job.budget)
}

/// Where a method spills (the temporary directory unless it names one).
fn spill_dir(settings: &MethodSettings) -> PathBuf {
    let outputs = settings.method().outputs();
    outputs
        .dirs
        .first()
        .map_or_else(std::env::temp_dir, |(_, d)| d.clone())
}

/// Checkpoints record whole counts: a method's checkpoint or resume
/// settings only go with a question answered by one whole count (the
/// table by start square from one sweep with tallies is one), or by
/// endpoint pairs (the classes done, and the sweep of the one in progress;
/// `crate::pairs`).
fn whole_counts_only(
    settings: &MethodSettings,
    question: Question,
    strategy: Strategy,
) -> Result<(), Failure> {
    if settings.method().outputs().checkpoints
        && !(question == Question::Total && strategy == Strategy::Count)
        && strategy != Strategy::ByPairs
        && strategy != Strategy::ByStartTallies
        && strategy != Strategy::ByEndTallies
    {
        return Err(Failure::refused(message!(
            "checkpoints record whole counts: ",
            Setting::Checkpoint,
            " and ",
            Setting::Resume,
            " do not go with ",
            question.words()
        )));
    }
    Ok(())
}

/// What the checkpoints of `request` answered by `settings` and `strategy`
/// are of, where it writes or resumes any (`crate::checkpoint_of`).
pub(crate) fn checkpoint_question(
    request: &Request,
    settings: &MethodSettings,
    strategy: Strategy,
) -> Option<CheckpointOf> {
    if !settings.method().outputs().checkpoints {
        return None;
    }
    let board = request.board;
    match (request.question, strategy) {
        (Question::Pairs { shard, ends }, Strategy::ByPairs) => {
            Some(CheckpointOf::Classes { board, ends, shard })
        }
        (_, Strategy::ByPairs) => Some(CheckpointOf::Classes {
            board,
            ends: kt_shards::Ends::Starts,
            shard: None,
        }),
        (_, Strategy::ByStartTallies) => Some(CheckpointOf::Tallies { board }),
        (Question::ByEnd { from }, Strategy::ByEndTallies) => {
            Some(CheckpointOf::EndTallies { board, from })
        }
        (Question::Total, Strategy::Count) => Some(match settings {
            MethodSettings::Cluster(cluster) => CheckpointOf::Cluster {
                board,
                kind: request.kind,
                processes: cluster.processes(),
            },
            _ => CheckpointOf::Whole {
                board,
                kind: request.kind,
            },
        }),
        _ => None,
    }
}

/// Checks every path the work will write: the request's own outputs and
/// the method's (spill directory, checkpoint).
fn check_outputs(request: &Request, settings: &MethodSettings) -> Result<(), Failure> {
    let outputs = settings.method().outputs();
    for (option, dir) in &outputs.dirs {
        crate::paths::writable_dir(*option, dir)?;
    }
    for (option, dir) in &outputs.made_dirs {
        crate::paths::makeable_dir(*option, dir)?;
    }
    if let Some(target) = &outputs.checkpoint {
        crate::paths::checkpoint_dir(target)?;
    }
    for (output, file) in &request.outputs {
        crate::paths::writable_file(*output, file)?;
    }
    Ok(())
}
