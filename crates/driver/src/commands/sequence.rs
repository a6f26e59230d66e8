//! `knights-tour sequence ROWS --to N`: every board `ROWS × n`, or every
//! first `m` cells of the strip, from one sweep (`kt_count::strip`),
//! printed as a table, a JSON document or an OEIS b-file, and checked
//! against a published sequence with `--oeis`.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kt_count::sequence_check::{Check, Verdict};
use std::path::PathBuf;

use kt_count::strip::{
    self, LevelReport, Measure, StripCounted, StripPlan, StripRequest, StripWay, Watcher,
};
use kt_count::{BigUint, Cause, TourKind};
use serde::Serialize;

use super::{checkpoint_cache, long_runs};
use crate::cli::{FrontierArgs, SequenceArgs};
use crate::exit::{CliError, ExitCode};
use crate::json::{self, Program};
use crate::output::{OrFail, Output};
use crate::supervise::{self, Ended};
use kt_count::human::grouped_digits;

/// `sequence --json`.
pub const SEQUENCE_SCHEMA: &str = "knights-tour/sequence/1";

/// What `sequence` asks for, refused before any work if it cannot run:
/// the sweep planned (`StripRequest::plan`: the refusals of `count`),
/// with the cache's checkpoint where a long sweep keeps one, and the
/// published sequence to check it against.
fn prepare(args: &SequenceArgs) -> Result<(Prepared, Option<Check>), CliError> {
    let kind = if args.closed {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    let measure = if args.cells {
        Measure::Cells
    } else {
        Measure::Cols
    };
    let check = args
        .oeis
        .as_deref()
        .map(|a_number| Check::new(a_number, args.rows as usize, kind, measure))
        .transpose()?;
    if let Some(check) = &check {
        check.reached_by(args.to as usize)?;
    }
    let mut request = StripRequest::new(args.rows as usize, args.to as usize, kind, measure);
    if let Some(threads) = args.threads {
        request.threads = threads as usize;
    }
    request.memory = args.memory;
    request.spill_dir = args.spill_dir();
    request.checkpoint.clone_from(&args.frontier.checkpoint);
    request.checkpoint_every = args.frontier.checkpoint_every;
    request.resume = args.frontier.resume_dir();
    request.fold = !args.no_fold;
    request.force = args.force;
    request.check()?;
    let bare_resume = args.frontier.resumes_from_cache();
    if bare_resume {
        // The cache's checkpoint, found before the plan checks it.
        let cached = cached(&request, None, &args.frontier, true)?;
        return Ok((cached, check));
    }
    let plan = request.plan()?;
    let keep = checkpoint_cache::wanted(plan.estimate.seconds).map_err(CliError::input)?;
    let wanted = keep != checkpoint_cache::Keep::None
        && plan.way == StripWay::OneSweep
        && request.checkpoint.is_none()
        && request.resume.is_none()
        && !args.frontier.no_checkpoint;
    if wanted && checkpoint_cache::root().is_some() {
        let announced = keep == checkpoint_cache::Keep::Announced;
        return Ok((
            cached(&request, Some(plan), &args.frontier, announced)?,
            check,
        ));
    }
    Ok((Prepared { plan, cached: None }, check))
}

/// A sequence planned, and the cache's checkpoint it keeps, if one.
struct Prepared {
    plan: StripPlan,
    cached: Option<Cached>,
}

/// The cache's checkpoint of a sequence: where, and whether the sweep
/// goes on from one found there.
struct Cached {
    dir: PathBuf,
    resumes: bool,
    /// Said before the sweep starts: work planned past a minute, or a
    /// resume ([`checkpoint_cache::Keep`]).
    announced: bool,
}

/// `request` with the cache's checkpoint (`checkpoint_cache`): kept
/// there, resumed from there where it holds one (a bare `--resume`
/// insists that it does), and spilling beside it unless `--spill-dir`
/// says where, so that a checkpoint links its runs instead of copying
/// them. `planned`, the plan that found the sweep long, keeps the cache
/// without planning again; a bare `--resume` plans once, with it. Prunes
/// the cache's other checkpoints first, as `count` does.
fn cached(
    request: &StripRequest,
    planned: Option<StripPlan>,
    frontier: &FrontierArgs,
    announced: bool,
) -> Result<Prepared, CliError> {
    let bare_resume = frontier.resumes_from_cache();
    let name = checkpoint_cache::sequence_run_name(request).map_err(CliError::input)?;
    let checkpoint_cache::Taken {
        dir,
        resumes,
        spill,
    } = checkpoint_cache::take(&name, "sequence", bare_resume)?;
    let plan = if let Some(plan) = planned {
        plan.keeping_checkpoints(dir.clone(), resumes, spill)
    } else {
        let mut request = request.clone();
        request.checkpoint = Some(dir.clone());
        request.resume = resumes.then(|| dir.clone());
        if request.spill_dir.is_none() {
            request.spill_dir = Some(spill);
        }
        request.plan()
    }
    .map(|mut plan| {
        plan.request.checkpoint_every =
            checkpoint_cache::every(plan.request.checkpoint_every, plan.estimate.seconds);
        plan
    })
    .map_err(|failure| checkpoint_cache::start_over(CliError::from(failure), &dir))?;
    Ok(Prepared {
        plan,
        cached: Some(Cached {
            dir,
            resumes,
            announced: announced || resumes,
        }),
    })
}

/// The refusals of `sequence`, without any work (`plan_args`).
pub fn plan(args: &SequenceArgs) -> Result<(), CliError> {
    prepare(args).map(drop)
}

/// Runs the sequence; `quiet` (`-q`) says no word before it but errors,
/// as `count -q` does: no plan line, notes or checkpoint announcement.
pub fn run(args: &SequenceArgs, progress: bool, quiet: bool) -> Result<ExitCode, CliError> {
    // Planned with the stop signals taken over, as a count is: a Ctrl-C
    // that lands while the plan works (or before) ends in the words of an
    // interruption and exit 130, with `--json`'s document of no terms.
    let owned = args.clone();
    let (prepared, stopped_planning) = super::plan_watched(move || prepare(&owned))?;
    let (Prepared { plan, cached }, check) = prepared?;
    let request = plan.request.clone();
    let board = request.board()?;
    if let Some(signal) = stopped_planning {
        let counted = unfinished_terms(board, Vec::new(), 0.0);
        let stopped = super::stopped_while_planning(signal);
        if let Some(cached) = &cached {
            checkpoint_cache::forget_unwritten(&cached.dir);
        }
        return finish(args, &plan, &counted, Some(stopped), check.as_ref(), None);
    }
    if !quiet {
        announce(&plan, cached.as_ref(), progress);
    }
    let bar = Bar::new(progress, &plan);
    let work = plan.clone();
    let watcher = bar.clone();
    let started = std::time::Instant::now();
    let ended = supervise::run(move |cancel| Ok(strip::count_strip(&work, &watcher, &cancel)));
    bar.finish();
    let (counted, stopped) = match ended {
        Ended::Done(Err(failure)) => {
            if let Some(cached) = &cached {
                checkpoint_cache::forget_unwritten(&cached.dir);
            }
            return Err(CliError::from(failure));
        }
        Ended::Done(Ok(Ok(counted))) => (counted, None),
        Ended::Done(Ok(Err(unfinished))) => {
            let error = CliError::from(unfinished.failure);
            let error = with_resume_advice(error, &request, cached.as_ref());
            let seconds = started.elapsed().as_secs_f64();
            (
                unfinished_terms(board, unfinished.terms, seconds),
                Some(error),
            )
        }
        Ended::Abandoned { cause } => {
            return Err(with_resume_advice(
                abandoned(&cause),
                &request,
                cached.as_ref(),
            ));
        }
    };
    finish(
        args,
        &plan,
        &counted,
        stopped,
        check.as_ref(),
        cached.as_ref(),
    )
}

/// What a sequence stopped before its end counted: the `terms` it
/// finished, with no sweep's figures.
fn unfinished_terms(board: kt_count::Board, terms: Vec<strip::Term>, seconds: f64) -> StripCounted {
    StripCounted {
        board,
        terms,
        outcome: strip::SweepCount::empty(0),
        seconds,
    }
}

/// Writes what a sequence counted (all its terms, or those finished
/// before `stopped`) in the form asked for, checks them against the
/// sequence's published terms, and clears the cache's checkpoint of a
/// sequence done.
fn finish(
    args: &SequenceArgs,
    plan: &StripPlan,
    counted: &StripCounted,
    stopped: Option<CliError>,
    check: Option<&Check>,
    cached: Option<&Cached>,
) -> Result<ExitCode, CliError> {
    let request = &plan.request;
    let partial = stopped.is_some();
    // Stopped before its first term: with --json still a document
    // (`"complete": false`, no terms), as an interrupted `count --json`
    // prints its partial report; a table or a b-file of nothing is left out.
    if partial && counted.terms.is_empty() && !args.json {
        return Err(stopped.unwrap_or_else(|| CliError::input("no terms")));
    }

    let verdict = check.map(|c| c.verdict(&counted.terms));
    let mut out = Output::stdout()?;
    if args.json {
        write_json(plan, counted, !partial, check, verdict.as_ref(), &mut out)?;
    } else if args.bfile {
        match check {
            Some(check) => {
                if let Some(comment) = check.bfile_comment() {
                    writeln!(out, "{comment}").or_fail()?;
                }
            }
            // Without a sequence's convention the terms are the project's:
            // said in the file, which travels without the command.
            None => writeln!(out, "{}", own_convention(request)).or_fail()?,
        }
        if partial {
            writeln!(out, "{}", partial_words(request, counted)).or_fail()?;
        }
        for term in &counted.terms {
            let (n, value) = match check {
                Some(c) => match c.in_sequence(term) {
                    Some(pair) => pair,
                    None => continue,
                },
                None => (term.n, term.count.clone()),
            };
            writeln!(out, "{n} {value}").or_fail()?;
        }
    } else {
        write_table(plan, counted, partial, check, &mut out)?;
    }
    out.finish()?;
    if let Some(error) = stopped {
        return Err(error);
    }
    // The terms are out: nothing is left to resume.
    if let Some(cached) = cached {
        let _ = std::fs::remove_dir_all(&cached.dir);
    }
    if let Some(verdict) = &verdict {
        // A disagreement is an error, one `error:` line and exit 1, as
        // `count --check`'s is, with `--json` too.
        if !verdict.agrees() {
            return Err(CliError {
                code: ExitCode::CheckFailed,
                message: verdict
                    .line
                    .strip_prefix("check: ")
                    .unwrap_or(&verdict.line)
                    .to_string(),
            });
        }
        if !args.json {
            eprintln!("{}", verdict.line);
        }
    }
    Ok(ExitCode::Success)
}

/// The comment a b-file without `--oeis` begins with: what it counts, in
/// the project's convention (open tours directed, where OEIS's sequences
/// but A118067 and A165134 count them undirected).
fn own_convention(request: &StripRequest) -> String {
    let of = match request.measure {
        Measure::Cols => format!("{}xn boards", request.rows),
        Measure::Cells => format!("the first n cells of a {}-row strip", request.rows),
    };
    match request.kind {
        TourKind::Open => format!(
            "# open tours of {of}, counted directed (OEIS counts most undirected: --oeis A... gives a sequence's own)"
        ),
        TourKind::Closed => format!("# closed tours of {of}, undirected"),
    }
}

/// Says what the sweep will take before it starts: the plan's line on a
/// terminal (in the log otherwise), its notes, the long-run announcement
/// (terminal or not, as `count` does) and where the cache's checkpoint is.
fn announce(plan: &StripPlan, cached: Option<&Cached>, progress: bool) {
    let board = plan
        .request
        .board()
        .map(|b| b.to_string())
        .unwrap_or_default();
    let how = match plan.way {
        StripWay::OneSweep => format!(
            "one sweep of {board}{}",
            if plan.request.folds() { ", folded" } else { "" }
        ),
        StripWay::BoardByBoard => "each board counted on its own, as count counts it".into(),
    };
    let line = format!(
        "{how}: about {}, widest level about {} states",
        kt_count::human::duration(plan.estimate.seconds),
        grouped_digits(&format!("{:.0}", plan.estimate.peak_states)),
    );
    if progress {
        eprintln!("{line}");
    } else {
        tracing::info!("{line}");
    }
    for note in &plan.notes {
        eprintln!("note: {}", crate::spelling::spelled(note));
    }
    let spill_dir = plan
        .request
        .spill_dir
        .clone()
        .unwrap_or_else(std::env::temp_dir);
    if let Some(line) = long_runs::announcement(&plan.reach(), plan.budget, &spill_dir) {
        eprintln!("note: {}", line.replace("this count", "this sequence"));
    }
    if let Some(cached) = cached.filter(|c| c.announced) {
        checkpoint_cache::announce(&cached.dir, cached.resumes);
    }
}

/// `error` with how to go on: the command that resumes the checkpoint
/// written (the cache's, or `--checkpoint`'s), or how to keep one; for a
/// failure that is no stop, how to start over from the cache. The cache's
/// directory of a sweep that wrote no checkpoint yet is removed.
fn with_resume_advice(
    mut error: CliError,
    request: &StripRequest,
    cached: Option<&Cached>,
) -> CliError {
    if let Some(cached) = cached {
        checkpoint_cache::forget_unwritten(&cached.dir);
    }
    match error.code {
        ExitCode::Signal(signal) => {
            // kt-count knows the sweep stopped; the signal is the driver's.
            error.message = error.message.replacen(
                "interrupted after",
                &format!(
                    "interrupted by {} after",
                    supervise::signal_name(Some(signal))
                ),
                1,
            );
        }
        ExitCode::Limit => {}
        // A failure a rerun would meet again: how to start over.
        _ => {
            return match cached {
                Some(cached) => checkpoint_cache::start_over(error, &cached.dir),
                None => error,
            };
        }
    }
    let advice = checkpoint_cache::go_on(
        request.checkpoint.as_deref(),
        cached.map(|c| c.dir.as_path()),
    );
    error.message = format!("{}; {advice}", error.message);
    error
}

/// The error of a sweep that did not stop within its grace period.
fn abandoned(cause: &Cause) -> CliError {
    match cause {
        Cause::Stop { signal } => CliError {
            code: ExitCode::Signal(signal.unwrap_or(2)),
            message: format!(
                "interrupted by {} while a level was being built",
                supervise::signal_name(*signal)
            ),
        },
        Cause::MemoryBudget { resident, budget } => CliError {
            code: ExitCode::Limit,
            message: format!(
                "{}; raise --memory, or let levels spill sooner with a smaller one",
                kt_count::budget_exceeded(*budget, *resident, "while a level was being built")
            ),
        },
    }
}

/// The line that marks the terms printed as partial: the sweep stopped
/// before the last term asked for.
fn partial_words(request: &StripRequest, counted: &StripCounted) -> String {
    format!(
        "# partial: the first {} of {} terms, finished before the sweep stopped",
        counted.terms.len(),
        request.to
    )
}

/// The heading of a sequence: what its terms count, in words.
fn heading(plan: &StripPlan, counted: &StripCounted) -> String {
    let request = &plan.request;
    let what = match request.kind {
        TourKind::Open => "open tours (directed Hamiltonian paths, every start square)",
        TourKind::Closed => "closed tours (undirected Hamiltonian cycles)",
    };
    let of = match request.measure {
        Measure::Cols => format!("{}xn, n = 1..{}", request.rows, request.to),
        Measure::Cells => format!(
            "the first m cells of a {}-row strip, m = 1..{} (column by column, top row first)",
            request.rows, request.to
        ),
    };
    let peak = counted.outcome.peak_states();
    let how = match plan.way {
        StripWay::OneSweep => format!("one sweep of {}", counted.board),
        StripWay::BoardByBoard => "each board counted on its own".to_owned(),
    };
    format!(
        "{what} of {of}: {how} in {:.1} s, peak {} state{}",
        counted.seconds,
        grouped_digits(&peak.to_string()),
        if peak == 1 { "" } else { "s" }
    )
}

fn write_table(
    plan: &StripPlan,
    counted: &StripCounted,
    partial: bool,
    check: Option<&Check>,
    out: &mut Output,
) -> Result<(), CliError> {
    let request = &plan.request;
    if partial {
        writeln!(out, "{}", partial_words(request, counted)).or_fail()?;
    } else {
        writeln!(out, "{}", heading(plan, counted)).or_fail()?;
    }
    let label = match request.measure {
        Measure::Cols => "cols",
        Measure::Cells => "cells",
    };
    let width = counted
        .terms
        .last()
        .map_or(1, |t| grouped_digits(&t.count.to_string()).len());
    match check {
        None => {
            writeln!(out, "{label:>5}  {:>width$}", "count").or_fail()?;
            for term in &counted.terms {
                let count = grouped_digits(&term.count.to_string());
                writeln!(out, "{:>5}  {count:>width$}", term.n).or_fail()?;
            }
        }
        Some(check) => {
            writeln!(
                out,
                "{label:>5}  {:>width$}  {} a(n), {}",
                "count",
                check.a_number(),
                check.convention()
            )
            .or_fail()?;
            for term in &counted.terms {
                let count = grouped_digits(&term.count.to_string());
                let published = check.row(term);
                writeln!(out, "{:>5}  {count:>width$}  {published}", term.n).or_fail()?;
            }
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct SequenceJson<'a> {
    schema: &'static str,
    #[serde(flatten)]
    program: Program,
    rows: usize,
    kind: TourKind,
    measure: Measure,
    /// How open tours are counted in `terms`: `directed` (the project's
    /// convention) or, with `--oeis`, the sequence's.
    convention: &'static str,
    board: String,
    terms: Vec<serde_json::Value>,
    oeis: Option<&'a str>,
    check: Option<&'a Verdict>,
    folded: bool,
    /// Whether every term asked for is in `terms`: false where the sweep
    /// stopped (interrupted, out of memory) and `terms` holds the first
    /// ones it had finished.
    complete: bool,
    /// How the terms were counted: `one sweep` of the strip, or `board by
    /// board` (a strip taller than it is long).
    way: &'static str,
    seconds: f64,
    peak_states: u64,
    states_summed: u64,
    /// What the plan expected, before the sweep.
    estimate: Estimate,
    levels: &'a [LevelReport],
}

#[derive(Serialize)]
struct Estimate {
    seconds: f64,
    peak_states: f64,
    states_summed: f64,
}

fn write_json(
    plan: &StripPlan,
    counted: &StripCounted,
    complete: bool,
    check: Option<&Check>,
    verdict: Option<&Verdict>,
    out: &mut Output,
) -> Result<(), CliError> {
    let request = &plan.request;
    let estimate = &plan.estimate;
    let terms = counted
        .terms
        .iter()
        .map(|term| {
            let count: BigUint = match check {
                Some(c) => c.convert(term),
                None => term.count.clone(),
            };
            // Every field present, null where it has no value.
            let (cols, cells) = match request.measure {
                Measure::Cols => (Some(term.n), None),
                Measure::Cells => (None, Some(term.n)),
            };
            serde_json::json!({ "cols": cols, "cells": cells, "count": count.to_string() })
        })
        .collect();
    let convention = match (request.kind, check) {
        (TourKind::Closed, _) => "undirected",
        (TourKind::Open, Some(c)) => c.convention(),
        (TourKind::Open, None) => "directed",
    };
    let document = SequenceJson {
        schema: SEQUENCE_SCHEMA,
        program: json::PROGRAM,
        rows: request.rows,
        kind: request.kind,
        measure: request.measure,
        convention,
        board: counted.board.to_string(),
        terms,
        oeis: check.map(Check::a_number),
        check: verdict,
        folded: request.folds(),
        complete,
        way: match plan.way {
            StripWay::OneSweep => "one sweep",
            StripWay::BoardByBoard => "board by board",
        },
        seconds: counted.seconds,
        peak_states: counted.outcome.peak_states(),
        states_summed: counted.outcome.levels.iter().map(|l| l.states).sum(),
        estimate: Estimate {
            seconds: estimate.seconds,
            peak_states: estimate.peak_states,
            states_summed: estimate.states_summed,
        },
        levels: &counted.outcome.levels,
    };
    json::write_pretty(&document, out).or_fail()
}

/// The time left as the bar says it: `about 25 s left`, and `under a
/// second left` (not "about under a second").
fn time_left(seconds: f64) -> String {
    if seconds < 1.0 {
        "under a second left".into()
    } else {
        format!("about {} left", kt_count::human::duration(seconds))
    }
}

/// The progress bar of a sweep along a strip: steps, with the column being
/// swept and the time left; nothing when stderr is not a terminal or with
/// `--quiet`.
///
/// The time left is the plan's until a level has been timed, then the
/// mean time of the steps of the last column swept, for every step left:
/// a strip's levels are flat column by column once its frontier is full,
/// but within a column they rise and fall with the row (the step that
/// reads a column's widest level costs several times its narrowest), so
/// a single step's cost, or one level's cost a state times the level
/// being read, swung the time left tenfold within each column. It reads
/// only this run's own steps, so a resumed sweep's time left is as honest
/// as a fresh one's.
#[derive(Clone)]
struct Bar {
    shown: ProgressBar,
    rows: usize,
    cols: usize,
    /// The plan's estimate of the whole sweep, in seconds.
    planned: f64,
    /// Seconds each of the last steps took, at most a column's (`rows`).
    recent: std::sync::Arc<std::sync::Mutex<std::collections::VecDeque<f64>>>,
    finished: std::sync::Arc<AtomicBool>,
}

impl Bar {
    fn new(progress: bool, plan: &StripPlan) -> Bar {
        let board = plan.request.board().ok();
        let (rows, cols) = board.map_or((1, 1), |b| (b.rows(), b.cols()));
        let bar = if progress {
            ProgressBar::with_draw_target(Some((rows * cols) as u64), ProgressDrawTarget::stderr())
        } else {
            ProgressBar::hidden()
        };
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:30}] column {wide_msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        Bar {
            shown: bar,
            rows,
            cols,
            planned: plan.estimate.seconds,
            recent: std::sync::Arc::default(),
            finished: std::sync::Arc::new(AtomicBool::new(false)),
        }
    }

    fn finish(&self) {
        self.finished.store(true, Ordering::Relaxed);
        self.shown.finish_and_clear();
    }

    /// Keeps the time a step took, and the last column's steps alone.
    fn timed(&self, seconds: f64) {
        let mut recent = self
            .recent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        recent.push_back(seconds);
        while recent.len() > self.rows.max(1) {
            recent.pop_front();
        }
    }

    /// The time left before step `step` of `steps`.
    fn left(&self, step: usize, steps: usize) -> f64 {
        let steps_left = (steps + 1).saturating_sub(step) as f64;
        let recent = self
            .recent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if recent.is_empty() {
            self.planned * steps_left / steps.max(1) as f64
        } else {
            recent.iter().sum::<f64>() / recent.len() as f64 * steps_left
        }
    }
}

impl Watcher for Bar {
    fn step_started(&self, step: usize, steps: usize, states: u64) {
        if self.finished.load(Ordering::Relaxed) {
            return;
        }
        self.shown.set_position((step - 1) as u64);
        let column = (step - 1) / self.rows.max(1) + 1;
        self.shown.set_message(format!(
            "{column}/{}, {} states, {}",
            self.cols,
            grouped_digits(&states.to_string()),
            time_left(self.left(step, steps))
        ));
    }

    fn step_finished(&self, report: &LevelReport) {
        self.timed(report.time_ms / 1000.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The time left is the mean of the last column's steps times the
    /// steps left, so it holds still while the row cycles within a column
    /// (issue 66 item 4), and a short time reads "under a second left".
    #[test]
    fn the_time_left_holds_still_within_a_column() {
        let bar = Bar {
            shown: ProgressBar::hidden(),
            rows: 3,
            cols: 100,
            planned: 30.0,
            recent: std::sync::Arc::default(),
            finished: std::sync::Arc::new(AtomicBool::new(false)),
        };
        assert!((bar.left(1, 300) - 30.0).abs() < 1e-9);
        let mut lefts = Vec::new();
        for (step, seconds) in [0.1, 1.0, 0.4, 0.1, 1.0, 0.4, 0.1].into_iter().enumerate() {
            bar.timed(seconds);
            if step >= 2 {
                lefts.push(bar.left(101, 300));
            }
        }
        let (low, high) = lefts
            .iter()
            .fold((f64::MAX, 0.0f64), |(l, h), &x| (l.min(x), h.max(x)));
        assert!(high / low < 1.01, "{lefts:?}");
        assert_eq!(time_left(0.3), "under a second left");
        assert_eq!(time_left(25.0), "about 25 s left");
    }
}
