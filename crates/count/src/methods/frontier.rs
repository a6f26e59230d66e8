//! Frontier-based search over the board's edges (`--method frontier`;
//! Knuth's DYNAHAM, `docs/frontier.md`): kt-frontier's sweep, with the
//! library's budget, watchdog, cancellation and report. It reaches 8×8
//! closed, spills levels that do not fit the budget to disk, writes
//! checkpoints, and counts with fixed ends or a required move a run at a
//! time.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use kt_board::TourKind;
use kt_frontier::{FrontierError, Options, Order, OrderChoice, Watcher};
use kt_memory::{Bytes, Watchdog};
use num_bigint::BigUint;

use super::measured::{self, whole};
use super::{
    CountsByStart, CountsFixedEnds, CountsRequiredMove, Descriptor, FixedEnds, GivenOptions, Job,
    Method, MethodSettings, Outputs, Reach, Resources, Restricted, Setting,
};
use crate::cancel::{CancelToken, Cause};
use crate::failure::{Failure, FailureKind};
use crate::observer::{Observer, Progress};
use crate::report::{Benchmark, Counted, FrontierReport, RunReport, Status};
use crate::words::message;
use crate::words::{Message, Word};

/// How often a checkpoint is written when no interval is asked for.
pub const CHECKPOINT_EVERY: Duration = Duration::from_mins(5);

/// The share of the budget, in fifths, the two levels' tables may hold
/// before shards spill: the rest is per-thread buffers, the allocator's
/// slack and the watchdog's margin.
const TABLE_FIFTHS: u64 = 4;

/// The bytes a sweep's level store may hold in memory (its runs and
/// batches) with a memory `budget`: what a count gives the store, and what
/// the estimate sizes the batches from.
fn store_limit(budget: Bytes) -> u64 {
    budget.0 / 5 * TABLE_FIFTHS
}

/// The share of the budget, in tenths, the resident set may reach before
/// shards spill whatever the tables count: below the watchdog, which stops
/// the run at the whole budget.
const RESIDENT_TENTHS: u64 = 9;

/// The frontier method, with its settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frontier {
    pub resources: Resources,
    /// Where levels that do not fit the budget spill (default: the
    /// system's temporary directory); created if it does not exist.
    pub spill_dir: Option<PathBuf>,
    /// Write the level reached to a file now and then, to resume from.
    pub checkpoint: Option<Checkpointing>,
    /// Go on from this checkpoint.
    pub resume: Option<PathBuf>,
    /// The order of the squares (default: `auto`, the shipped or searched
    /// order of the board; `kt_frontier::order`).
    pub order: Option<OrderChoice>,
}

/// Where and how often to write checkpoints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpointing {
    pub path: PathBuf,
    /// How often (default: [`CHECKPOINT_EVERY`]).
    pub every: Option<Duration>,
}

impl Frontier {
    fn spill_dir(&self) -> PathBuf {
        self.spill_dir.clone().unwrap_or_else(std::env::temp_dir)
    }

    /// The sweep's options for `job` (the sweep's own defaults for what
    /// the library does not set, as kt-frontier adds options). The order
    /// is the plan's (`Job::order`): the sweeps take it as resolved, so
    /// `options.order` is not read.
    #[allow(
        clippy::needless_update,
        reason = "kt-frontier's Options gains fields the library leaves at their defaults"
    )]
    pub(super) fn options(&self, job: &Job) -> Options {
        Options {
            order: self.order.clone().unwrap_or_default(),
            threads: job.threads as usize,
            memory: store_limit(job.budget),
            resident_limit: job.budget.0 / 10 * RESIDENT_TENTHS,
            spill_dir: self.spill_dir(),
            checkpoint: self.checkpoint.as_ref().map(|c| c.path.clone()),
            checkpoint_every: self
                .checkpoint
                .as_ref()
                .and_then(|c| c.every)
                .unwrap_or(CHECKPOINT_EVERY),
            resume: self.resume.clone(),
            ..Options::default()
        }
    }

    /// Refuses a checkpoint of another board or kind, or a cluster
    /// process's share of one.
    pub(super) fn check_resume(&self, job: &Job) -> Result<(), Failure> {
        let Some(path) = &self.resume else {
            return Ok(());
        };
        // A count by endpoint pairs keeps the classes it has done beside
        // the sweep of the one in progress, which it may not have begun.
        if crate::pairs::has_part(path) && !path.join("manifest").exists() {
            return Ok(());
        }
        let header =
            kt_frontier::checkpoint::inspect(path).map_err(|e| Failure::refused(e.to_string()))?;
        let board = job.board;
        if (header.rows, header.cols) != (board.rows(), board.cols()) || header.kind != job.kind {
            return Err(Failure::refused(format!(
                "{}: it is a checkpoint of {} tours of {}x{}, not of {} tours of {board}",
                path.display(),
                header.kind,
                header.rows,
                header.cols,
                job.kind
            )));
        }
        if let Some(why) = kt_frontier::checkpoint::share_mismatch(header.share, None) {
            return Err(Failure::refused(format!("{}: {why}", path.display())));
        }
        Ok(())
    }
}

impl Method for Frontier {
    fn descriptor(&self) -> &'static Descriptor {
        &Descriptor {
            name: "frontier",
            summary: "frontier-based search over the board's edges (boards with a short side of up to 13; reaches 8x8 closed)",
            breadth: 4,
            encoding: Benchmark::EDGES,
            takes: &[
                Setting::Threads,
                Setting::Memory,
                Setting::SpillDir,
                Setting::Checkpoint,
                Setting::Resume,
                Setting::Order,
            ],
        }
    }

    fn resources(&self) -> Option<Resources> {
        Some(self.resources)
    }

    fn configure(&self, given: &GivenOptions) -> Result<MethodSettings, Setting> {
        Ok(MethodSettings::Frontier(Frontier {
            resources: given.resources,
            spill_dir: given.spill_dir.clone().or_else(|| self.spill_dir.clone()),
            checkpoint: given.checkpoint.clone().or_else(|| self.checkpoint.clone()),
            resume: given.resume.clone().or_else(|| self.resume.clone()),
            order: given.order.clone().or_else(|| self.order.clone()),
        }))
    }

    fn outputs(&self) -> Outputs {
        // A checkpoint is a directory of runs and a manifest
        // (`kt_frontier::checkpoint`), which the count makes in a
        // directory that exists.
        Outputs {
            dirs: self
                .spill_dir
                .iter()
                .map(|d| (Setting::SpillDir, d.clone()))
                .collect(),
            made_dirs: self
                .checkpoint
                .iter()
                .map(|c| (Setting::Checkpoint, c.path.clone()))
                .collect(),
            checkpoints: self.checkpoint.is_some() || self.resume.is_some(),
            checkpoint: self
                .checkpoint
                .as_ref()
                .map(|c| crate::paths::CheckpointTarget {
                    write: c.path.clone(),
                    resume: self.resume.clone(),
                    share: None,
                }),
        }
    }

    fn order_choice(&self) -> Option<OrderChoice> {
        Some(self.order.clone().unwrap_or_default())
    }

    fn checkpoint_dirs(&self) -> super::CheckpointDirs {
        super::CheckpointDirs {
            write: self.checkpoint.as_ref().map(|c| c.path.clone()),
            resume: self.resume.clone(),
        }
    }

    /// The sweep's widest level and work, measured or modelled
    /// (`measured::frontier_sweep_states`), at the bytes and seconds of one
    /// thread a state that `measured` records.
    fn reach(&self, job: &Job) -> Result<Reach, Failure> {
        let order = job.order()?;
        self.check_resume(job)?;
        check_weights(job)?;
        Ok(sweep_reach(job, order, 1))
    }

    fn count(
        &self,
        job: &Job,
        mut report: RunReport,
        observer: &dyn Observer,
        cancel: &CancelToken,
    ) -> Result<Counted, Failure> {
        let started = Instant::now();
        let order = job.order()?;
        let options = self.options(job);
        let result = watched_sweep(job, order, &mut report, observer, cancel, |levels| {
            kt_frontier::count_tours_in(order, job.kind, &options, levels, cancel.flag())
        })?;
        match result {
            Ok(counted) => {
                note_outcome(&mut report, &counted.outcome);
                report.close(started);
                Ok(Counted::new(counted.tours, report))
            }
            Err(error) => Err(failure(
                &error,
                report,
                cancel,
                job.budget,
                &options.spill_dir,
                started,
            )),
        }
    }

    fn fixed_ends(&self) -> Option<&dyn CountsFixedEnds> {
        Some(self)
    }

    fn required_move(&self) -> Option<&dyn CountsRequiredMove> {
        Some(self)
    }

    fn start_tallies(&self) -> Option<&dyn CountsByStart> {
        Some(self)
    }
}

impl CountsByStart for Frontier {
    fn count_by_start(
        &self,
        job: &Job,
        report: &mut RunReport,
        observer: &dyn Observer,
        cancel: &CancelToken,
    ) -> Result<Option<(BigUint, Vec<BigUint>)>, Failure> {
        let started = Instant::now();
        if job.kind != TourKind::Open || !kt_frontier::tallies_fit(job.board) {
            return Ok(None);
        }
        let order = job.order()?;
        let options = self.options(job);
        let result = watched_sweep(job, order, report, observer, cancel, |levels| {
            kt_frontier::count_by_start_in(order, &options, levels, cancel.flag())
        })?;
        match result {
            Ok(Some(counted)) => {
                note_outcome(report, &counted.outcome);
                Ok(Some((counted.tours, counted.by_square)))
            }
            Ok(None) => Ok(None),
            Err(error) => Err(failure(
                &error,
                report.clone(),
                cancel,
                job.budget,
                &options.spill_dir,
                started,
            )),
        }
    }

    fn tally_share(&self) -> (f64, f64) {
        (
            measured::START_TALLIES_SHARE,
            measured::START_TALLIES_MEMORY_SHARE,
        )
    }
}

impl CountsFixedEnds for Frontier {
    fn count_fixed_ends(
        &self,
        job: &Job,
        ends: FixedEnds,
        report: &mut RunReport,
        observer: &dyn Observer,
        cancel: &CancelToken,
    ) -> Result<BigUint, Failure> {
        let restriction = match ends.to {
            None => Restricted::From(ends.from),
            Some(to) => Restricted::FromTo(ends.from, to),
        };
        self.sweep_restricted(job, restriction, report, observer, cancel)
    }

    fn run_share(&self, ends: kt_shards::Ends) -> f64 {
        match ends {
            kt_shards::Ends::Starts => measured::FIXED_START_SHARE,
            kt_shards::Ends::Pairs => measured::FIXED_ENDS_SHARE,
        }
    }
}

impl CountsRequiredMove for Frontier {
    fn count_through(
        &self,
        job: &Job,
        (a, b): (kt_board::Square, kt_board::Square),
        report: &mut RunReport,
        observer: &dyn Observer,
        cancel: &CancelToken,
    ) -> Result<BigUint, Failure> {
        self.sweep_restricted(job, Restricted::Through(a, b), report, observer, cancel)
    }
}

impl Frontier {
    /// One sweep with the restriction; its levels are added to `report`'s
    /// frontier section (a run per question: see
    /// [`FrontierReport::sweeps`]).
    fn sweep_restricted(
        &self,
        job: &Job,
        restriction: Restricted,
        report: &mut RunReport,
        observer: &dyn Observer,
        cancel: &CancelToken,
    ) -> Result<BigUint, Failure> {
        let started = Instant::now();
        // Open tours between two squares take the fixed-ends sweep (no
        // apex, a slot narrower, no square but the two may end a path:
        // 6×7 a1–g6 in 3.3 s against 8.7 s for the apex sweep with both
        // ends required, `docs/frontier.md`); the other questions put
        // rules on the apex or on a move.
        let between = match restriction {
            Restricted::FromTo(s, e) if job.kind == TourKind::Open => Some((s, e)),
            _ => None,
        };
        let order = job.order()?;
        // The tours from a square are as many as from each of its images
        // under the board's symmetries: the sweep starts from the image
        // the order takes first, being restricted only from there on
        // (`Order::first_image`).
        let restriction = match restriction {
            Restricted::From(s) if job.kind == TourKind::Open => {
                let image = order.first_image(s);
                if image != s {
                    tracing::info!(
                        "the tours from {} are counted from its image {}, which the order takes at step {} (not {})",
                        kt_board::square_name(&job.board, s),
                        kt_board::square_name(&job.board, image),
                        order.steps_by_square()[image] + 1,
                        order.steps_by_square()[s] + 1,
                    );
                }
                Restricted::From(image)
            }
            other => other,
        };
        let restriction = match restriction {
            Restricted::From(s) => kt_frontier::Restriction {
                ends: vec![s],
                only_these_ends: false,
                moves: Vec::new(),
            },
            Restricted::FromTo(s, e) => kt_frontier::Restriction {
                ends: vec![s, e],
                only_these_ends: true,
                moves: Vec::new(),
            },
            Restricted::Through(a, b) => kt_frontier::Restriction {
                ends: Vec::new(),
                only_these_ends: false,
                moves: vec![(a, b)],
            },
        };
        let mut options = self.options(job);
        // A count by endpoint pairs or start squares resumes the class in
        // progress only from its own sweep's checkpoint (the fingerprint
        // covers the ends and the rules): the directory may hold another
        // class's, which this one overwrites.
        if let Some(dir) = &options.resume {
            let sweep = match between {
                Some((from, to)) => kt_frontier::Sweep::between_in(order, from, to),
                None => kt_frontier::Sweep::restricted_in(order, job.kind, &restriction),
            };
            let own = kt_frontier::checkpoint::inspect(dir)
                .is_ok_and(|h| h.fingerprint == kt_frontier::checkpoint::fingerprint(&sweep));
            if !own {
                options.resume = None;
            }
        }
        let width = order.width(job.kind);
        let frontier = report.frontier.get_or_insert_with(FrontierReport::default);
        frontier.width = frontier.width.max(width);
        frontier.name_order(order);
        frontier.sweeps += 1;
        frontier.sweep_peak_states = 0;
        let watchdog = watch(job.budget, cancel)?;
        let result = {
            let levels = LevelWatcher {
                observer,
                report: Mutex::new(&mut *report),
                steps: job.board.cells(),
            };
            match between {
                Some((from, to)) => {
                    kt_frontier::count_between_in(order, from, to, &options, &levels, cancel.flag())
                }
                None => kt_frontier::count_restricted_in(
                    order,
                    job.kind,
                    &restriction,
                    &options,
                    &levels,
                    cancel.flag(),
                ),
            }
        };
        drop(watchdog);
        result.map(|outcome| outcome.cycles).map_err(|e| {
            failure(
                &e,
                report.clone(),
                cancel,
                job.budget,
                &options.spill_dir,
                started,
            )
        })
    }
}

/// Refuses, before any work, a whole count whose weights the estimate
/// puts past the widest width a sweep holds (`weights::past_the_widest`):
/// it would stop when its levels' sums got there.
pub(super) fn check_weights(job: &Job) -> Result<(), Failure> {
    match super::weights::past_the_widest(job.board, job.kind, false) {
        None => Ok(()),
        Some(bits) => Err(Failure::refused(format!(
            "{} tours of {}: the sweep's weights would need about {bits} bits, past the {} bits it holds",
            job.kind,
            job.board,
            kt_frontier::widest_weight_bits()
        ))),
    }
}

/// What one frontier sweep of `job` costs, shared by `processes` that
/// each hold and expand their part of every level: the states its levels
/// hold at the widest and in all (`measured::frontier_sweep_states`), at
/// the bytes and seconds of one thread a state that `measured` records.
pub(super) fn sweep_reach(job: &Job, order: &Order, processes: usize) -> Reach {
    let states = measured::frontier_sweep_states(job.board, job.kind, order);
    let width = order.width(job.kind);
    let cost = SweepCost::of(
        &states,
        job.board,
        job.kind,
        false,
        width,
        job.threads,
        processes,
        job.budget,
    );
    Reach {
        seconds: cost.seconds,
        memory: Bytes(whole(cost.bytes)),
        spills: true,
        nodes: None,
        // A process of a cluster reads its share of each level.
        states: (processes == 1).then_some(states.summed),
        basis: if processes > 1 {
            format!("{}; shared by {processes} processes", states_basis(&states))
        } else {
            states_basis(&states)
        },
    }
}

/// The estimate's figures and their source, in the words of the method
/// line and of a refusal.
fn states_basis(states: &measured::SweepStates) -> String {
    format!(
        "widest level {} states, {} in all: {}",
        crate::human::estimated(states.peak),
        crate::human::estimated(states.summed),
        states.basis
    )
}

/// The time and memory a sweep of these states takes.
struct SweepCost {
    seconds: f64,
    bytes: f64,
}

impl SweepCost {
    /// With `threads` threads in each of `processes` processes, each with
    /// a memory `budget`: a widest level beyond it spills, which costs
    /// [`measured::FRONTIER_SPILL_SLOWDOWN`] times the time a state.
    #[allow(clippy::too_many_arguments)]
    fn of(
        states: &measured::SweepStates,
        board: kt_board::Board,
        kind: TourKind,
        prefixes: bool,
        width: usize,
        threads: u32,
        processes: usize,
        budget: Bytes,
    ) -> SweepCost {
        let shares = processes.max(1) as f64;
        let key_bits = kt_frontier::key_bits_for(width).unwrap_or(128);
        // The weights' width at the end of the sweep, where they are
        // widest (`weights.rs`).
        let width_bits =
            kt_frontier::weight_width_for(super::weights::sweep_weight_bits(board, kind, prefixes))
                .unwrap_or(1024);
        let bytes = measured::frontier_sweep_bytes(
            states.peak,
            key_bits,
            width_bits,
            shares,
            store_limit(budget),
        );
        let spill = if bytes > budget.0 as f64 {
            measured::FRONTIER_SPILL_SLOWDOWN
        } else {
            1.0
        };
        SweepCost {
            seconds: states.summed
                * measured::FRONTIER_SECONDS_PER_STATE
                * spill
                * super::weights::time_factor(width_bits)
                / measured::speedup(threads)
                / shares
                + board.cells() as f64 * measured::FRONTIER_SECONDS_PER_LEVEL,
            bytes,
        }
    }
}

/// The frontier method's estimate of a whole sweep of `board` in the
/// columns order, with `threads` threads on the reference machine (2
/// cores, 24 GiB; `docs/benchmarks.md`, *Estimate against measured*).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColumnsEstimate {
    /// The most states a level holds.
    pub peak_states: f64,
    /// The states summed over the levels: the work.
    pub states_summed: f64,
    /// Wall time.
    pub seconds: f64,
    /// Memory at the widest level (beyond the budget, levels spill).
    pub bytes: f64,
}

/// What sweeping `board` column by column costs, before any work: from the
/// levels measured on strips of as many rows
/// (`crates/count/data/strip-levels.csv`), the same estimate the plan
/// makes for `--order columns` with the default memory budget. A sweep truncated after its first `k`
/// columns costs at most this; its levels are the whole board's until
/// the last three columns. Its weights are sized as a sweep of every
/// prefix's (`sequence`'s, which is what asks), wider than a whole
/// count's (`weights.rs`).
pub fn estimate_columns_sweep(
    board: kt_board::Board,
    kind: TourKind,
    threads: u32,
) -> ColumnsEstimate {
    let columns = Order::columns(board);
    let states = measured::frontier_sweep_states(board, kind, &columns);
    let width = columns.width(kind);
    let cost = SweepCost::of(
        &states,
        board,
        kind,
        true,
        width,
        threads,
        1,
        kt_memory::default_budget(),
    );
    ColumnsEstimate {
        peak_states: states.peak,
        states_summed: states.summed,
        seconds: cost.seconds,
        bytes: cost.bytes,
    }
}

/// Runs one whole sweep of `job` through `sweep`: the report's frontier
/// section started and shown, the memory watchdog on while it runs, and
/// every finished level passed on to `observer` and added to the report.
pub(super) fn watched_sweep<T>(
    job: &Job,
    order: &Order,
    report: &mut RunReport,
    observer: &dyn Observer,
    cancel: &CancelToken,
    sweep: impl FnOnce(&dyn Watcher) -> T,
) -> Result<T, Failure> {
    let mut frontier = FrontierReport {
        width: order.width(job.kind),
        sweeps: 1,
        ..FrontierReport::default()
    };
    frontier.name_order(order);
    report.frontier = Some(frontier);
    observer.report(report);
    let watchdog = watch(job.budget, cancel)?;
    let levels = LevelWatcher {
        observer,
        report: Mutex::new(report),
        steps: job.board.cells(),
    };
    let result = sweep(&levels);
    drop(watchdog);
    Ok(result)
}

/// What a whole sweep's outcome adds to the report's frontier section
/// beyond its levels: the step it resumed from, and its disk at the most.
fn note_outcome(report: &mut RunReport, outcome: &kt_frontier::SweepCount) {
    if let Some(frontier) = &mut report.frontier {
        frontier.resumed_from = outcome.resumed_from;
        frontier.disk_peak_bytes = outcome.disk_peak_bytes;
    }
}

/// Passes the sweep's progress on, and adds its levels to the report.
struct LevelWatcher<'a> {
    observer: &'a dyn Observer,
    report: Mutex<&'a mut RunReport>,
    steps: usize,
}

impl LevelWatcher<'_> {
    /// Changes the report's frontier section.
    fn frontier(&self, change: impl FnOnce(&mut FrontierReport)) {
        let mut report = self
            .report
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        change(report.frontier.get_or_insert_with(FrontierReport::default));
    }
}

impl Watcher for LevelWatcher<'_> {
    fn step_started(&self, step: usize, steps: usize, states: u64) {
        self.frontier(|f| f.steps_done = step - 1);
        self.observer
            .step_started(step - 1, steps, &format!("level {step}/{steps}"));
        self.observer.progress(Progress::Level {
            step,
            steps,
            done: 0,
            states,
        });
    }

    fn step_progress(&self, step: usize, done: u64, states: u64) {
        self.observer.progress(Progress::Level {
            step,
            steps: self.steps,
            done,
            states,
        });
    }

    fn step_finished(&self, level: &kt_frontier::LevelReport) {
        let mut report = self
            .report
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let frontier = report.frontier.get_or_insert_with(FrontierReport::default);
        frontier.add_level(level.clone());
        self.observer.report(&report);
    }

    fn checkpointed(&self, step: usize, path: &Path) {
        self.frontier(|f| {
            f.steps_done = f.steps_done.max(step);
            f.checkpoint_step = Some(step);
        });
        // The observer hears of it now, not with the next level: a run
        // stopped right after its checkpoint still writes down the states
        // read up to it, by which a resumed run paces the work left.
        {
            let report = self
                .report
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            self.observer.report(&report);
        }
        self.observer.note(
            &format!(
                "checkpoint after {step} of {} steps written to {}",
                self.steps,
                path.display()
            )
            .into(),
        );
    }
}

/// Starts the watchdog that cancels the count when the resident set passes
/// `budget`.
fn watch(budget: Bytes, cancel: &CancelToken) -> Result<Watchdog, Failure> {
    let cancel = cancel.clone();
    Watchdog::start(budget, move |resident| {
        cancel.cancel(Cause::MemoryBudget { resident, budget });
    })
    .map_err(|e| Failure::other(format!("cannot start the memory watchdog: {e}")))
}

/// The failure a frontier error means, with the partial report.
pub(super) fn failure(
    error: &FrontierError,
    mut report: RunReport,
    cancel: &CancelToken,
    budget: Bytes,
    spill_dir: &Path,
    started: Instant,
) -> Failure {
    // Where the sweep was, and what a resume would go on from.
    let (done, checkpoint) = report
        .frontier
        .as_ref()
        .map_or((0, None), |f| (f.steps_done, f.checkpoint_step));
    let resumable = checkpoint.map_or_else(Message::default, |step| {
        message!(
            format!("; the checkpoint holds step {step}, to go on from with "),
            Setting::Resume
        )
    });
    let advice = super::memory_advice(
        budget,
        super::Outgrown::Sweep {
            checkpointed: false,
        },
    );
    let (kind, status, message) = match (&error, cancel.cause()) {
        (FrontierError::Cancelled { .. }, Some(Cause::MemoryBudget { resident, .. })) => (
            FailureKind::Limit,
            Status::OutOfMemory,
            message!(
                crate::failure::budget_exceeded(
                    budget,
                    *resident,
                    format_args!("after {done} steps")
                ),
                resumable,
                "; ",
                advice
            ),
        ),
        (FrontierError::Cancelled { .. }, cause) => (
            FailureKind::Stopped {
                signal: match cause {
                    Some(Cause::Stop { signal }) => *signal,
                    _ => None,
                },
            },
            Status::Interrupted,
            message!(format!("interrupted after {done} steps"), resumable),
        ),
        (FrontierError::TooWide { .. } | FrontierError::Resume(_) | FrontierError::Order(_), _) => {
            return Failure::refused(frontier_words(error));
        }
        (FrontierError::Io(e), _) if e.kind() == std::io::ErrorKind::InvalidData => (
            FailureKind::Other,
            Status::Failed,
            format!("{e}; the count stopped rather than count from changed data").into(),
        ),
        (FrontierError::Io(e), _) => (
            FailureKind::Other,
            Status::Failed,
            format!("cannot spill a level to {}: {e}", spill_dir.display()).into(),
        ),
        (
            FrontierError::Checkpoint(_)
            | FrontierError::WeightOverflow { .. }
            | FrontierError::Inconsistent(_),
            _,
        ) => (FailureKind::Other, Status::Failed, frontier_words(error)),
    };
    report.stop(status, &message, started);
    Failure {
        kind,
        message,
        report: None,
    }
    .with_report(report)
}

/// A frontier error in the library's words: the option an order came
/// from is named as a [`Setting`], for each front end to spell.
pub(crate) fn frontier_words(error: &FrontierError) -> Message {
    match error {
        FrontierError::Order(why) => message!(Setting::Order, format!(": {why}")),
        other => other.to_string().into(),
    }
}

/// `choice` resolved for `board`'s `kind` tours, or the one-line refusal:
/// an order of another board, or a frontier no key holds.
pub(crate) fn resolve_order(
    choice: &OrderChoice,
    board: kt_board::Board,
    kind: TourKind,
) -> Result<Order, Failure> {
    let options = Options {
        order: choice.clone(),
        ..Options::default()
    };
    kt_frontier::resolve_order(board, kind, &options).map_err(|e| match e {
        FrontierError::TooWide { .. } => Failure::refused(message!(
            format!("{e}; boards with a short side of up to 13 fit, the time-sliced ZDD ("),
            Word::Method.given("zdd"),
            ") takes up to 128 squares"
        )),
        other => Failure::refused(frontier_words(&other)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The estimate's time against the times `docs/benchmarks.md` measured
    /// (*Estimate against measured*): board, kind, the columns or the
    /// shipped order, threads, the budget it ran with, seconds. Within 2×
    /// each.
    #[test]
    fn the_time_is_within_twice_every_measured_sweep() {
        let gib = |n: u64| Bytes(n * Bytes::GIB);
        for (board, kind, columns, threads, budget, seconds) in [
            ("6x6", TourKind::Open, true, 2, gib(18), 2.15),
            ("6x6", TourKind::Open, true, 1, gib(18), 3.71),
            ("6x7", TourKind::Open, true, 2, gib(18), 12.4),
            // The shipped orders of 6×7, 7×7 and 7×8 fold (`orders.csv`):
            // one thread's CPU seconds, measured with the fold on a loaded
            // machine (docs/benchmarks.md, *The fold in whole counts*).
            ("6x7", TourKind::Open, false, 1, gib(18), 0.15),
            ("6x8", TourKind::Closed, true, 1, gib(18), 2.88),
            ("7x7", TourKind::Open, true, 2, gib(18), 157.0),
            ("7x7", TourKind::Open, false, 1, gib(18), 2.28),
            ("7x8", TourKind::Closed, true, 2, gib(18), 41.0),
            ("7x8", TourKind::Closed, false, 1, gib(18), 9.07),
            ("7x8", TourKind::Open, false, 2, gib(17), 73.0),
            // Measured before the fold (loaded); the fold's figures put the
            // estimate at 0.62 of it.
            ("7x9", TourKind::Open, false, 2, gib(17), 117.0),
            ("7x10", TourKind::Open, false, 2, gib(18), 166.0),
            ("7x12", TourKind::Closed, true, 2, gib(18), 136.9),
            ("8x8", TourKind::Closed, true, 2, gib(18), 1439.0),
            // With the fold, idle (bench-results/order/8x8-closed-folded-idle.json).
            ("8x8", TourKind::Closed, false, 2, gib(18), 227.4),
            // Folded (bench-results/order/8x8-open-folded.json).
            ("8x8", TourKind::Open, false, 2, gib(16), 4023.0),
            ("6x14", TourKind::Open, true, 2, gib(18), 41.0),
        ] {
            let board: kt_board::Board = board.parse().unwrap();
            let order = if columns {
                Order::columns(board)
            } else {
                kt_frontier::order::shipped::find(board).unwrap()
            };
            let states = measured::frontier_sweep_states(board, kind, &order);
            let width = order.width(kind);
            let cost = SweepCost::of(&states, board, kind, false, width, threads, 1, budget);
            let ratio = cost.seconds / seconds;
            assert!(
                (0.5..=2.0).contains(&ratio),
                "{board} {kind} {threads} threads: {:.1} s against {seconds} s",
                cost.seconds
            );
        }
    }

    /// The estimate's memory against the bytes whole sweeps held at their
    /// widest, resident and spilled together (`bench-results/order/*.json`,
    /// `peak_rss_bytes` plus `frontier.disk_peak_bytes`; `docs/benchmarks.md`,
    /// *The plan's memory*): never below, and within half again.
    #[test]
    fn the_memory_errs_high_on_every_large_measured_sweep() {
        let gib = |n: u64| Bytes(n * Bytes::GIB);
        for (board, kind, budget, bytes, within) in [
            (
                "8x8",
                TourKind::Open,
                gib(16),
                15_653_203_968.0 + 32_453_173_084.0,
                1.5,
            ),
            ("8x8", TourKind::Closed, gib(18), 6_428_852_224.0, 1.5),
            // Folded, 2026-11-27 (bench-results/order/7x*-open-folded.json):
            // tens of millions of states, where the batches weigh more.
            ("7x10", TourKind::Open, gib(18), 2_540_515_328.0, 1.5),
            ("7x9", TourKind::Open, gib(18), 2_004_262_912.0, 1.5),
            ("7x8", TourKind::Open, gib(18), 1_797_677_056.0, 1.5),
        ] {
            let board: kt_board::Board = board.parse().unwrap();
            let order = kt_frontier::order::shipped::find(board).unwrap();
            let states = measured::frontier_sweep_states(board, kind, &order);
            let width = order.width(kind);
            let cost = SweepCost::of(&states, board, kind, false, width, 2, 1, budget);
            let ratio = cost.bytes / bytes;
            assert!(
                (1.0..=within).contains(&ratio),
                "{board} {kind}: {:.2e} bytes against {bytes:.2e}",
                cost.bytes
            );
        }
    }

    /// The estimate for other front ends is the plan's for the columns.
    #[test]
    fn the_columns_estimate_is_the_plans() {
        let board: kt_board::Board = "6x20".parse().unwrap();
        let estimate = estimate_columns_sweep(board, TourKind::Open, 2);
        let states = measured::frontier_sweep_states(board, TourKind::Open, &Order::columns(board));
        assert!((estimate.peak_states - states.peak).abs() < 1e-6);
        assert!((estimate.states_summed - states.summed).abs() < 1e-6);
        assert!(
            estimate.seconds > 10.0 && estimate.seconds < 600.0,
            "{estimate:?}"
        );
        // `sequence 6 --to 20` held 0.97 GiB at its peak, its weights
        // 192 bits wide at the end (docs/benchmarks.md, *Weights past
        // 2⁶⁴*): the estimate within 2×, and above it.
        let measured = 972_168.0 * 1024.0;
        assert!(
            (measured..2.0 * measured).contains(&estimate.bytes),
            "{estimate:?}"
        );
    }
}
