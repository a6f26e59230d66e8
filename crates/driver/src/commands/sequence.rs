//! `knights-tour sequence ROWS --to N`: every board `ROWS × n`, or every
//! first `m` cells of the strip, from one sweep (`kt_count::Plan::sequence`),
//! printed as a table, a JSON document or an OEIS b-file, and checked
//! against a published sequence with `--oeis`.
//!
//! A sequence is planned, supervised and watched as a count is: the one
//! plan (`kt_count::plan`, its refusals and the cache's checkpoint given
//! to it by `Plan::keeping_checkpoints`), [`super::supervised`] with the
//! [`Monitor`] for its progress, and the same words for a failure
//! ([`super::unfinished`]).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use kt_count::sequence_check::{Check, Verdict};
use kt_count::{
    BigUint, Checkpointing, LevelReport, Measure, Plan, Sequence, SequencePlanned, SequenceWay,
    Sequenced, SweepCount, Term, TourKind,
};
use serde::Serialize;

use super::{Unfinished, checkpoint_cache, long_runs, supervised};
use crate::cli::SequenceArgs;
use crate::exit::{CliError, ExitCode};
use crate::json::{self, Program};
use crate::output::{OrFail, Output};
use crate::progress::Monitor;
use kt_count::human::grouped_digits;

/// `sequence --json`.
pub const SEQUENCE_SCHEMA: &str = "knights-tour/sequence/1";

/// What a sequence asks, as its plan holds it: the strip's height and
/// kind, the terms, and how the plan will answer them.
struct Asked<'a> {
    rows: usize,
    kind: TourKind,
    sequence: &'a Sequence,
    planned: &'a SequencePlanned,
}

impl<'a> Asked<'a> {
    fn of(plan: &'a Plan) -> Result<Asked<'a>, CliError> {
        let request = plan.request();
        match (request.sequence_asked(), &plan.sequence) {
            (Some(sequence), Some(planned)) => Ok(Asked {
                rows: request.board.rows(),
                kind: request.kind,
                sequence,
                planned,
            }),
            _ => Err(CliError::input(
                "internal error: the plan of a sequence holds no sequence",
            )),
        }
    }
}

/// What `sequence` asks for, refused before any work if it cannot run:
/// the sweep planned (`kt_count::plan`: the refusals of `count`), with
/// the cache's checkpoint where a long sweep keeps one, and the
/// published sequence to check it against.
fn prepare(args: &SequenceArgs) -> Result<(Prepared, Option<Check>), CliError> {
    let (kind, measure) = (args.kind(), args.measure());
    let check = args
        .oeis
        .as_deref()
        .map(|a_number| Check::new(a_number, args.rows as usize, kind, measure))
        .transpose()?;
    if let Some(check) = &check {
        check.reached_by(args.to as usize)?;
    }
    let request = args.request()?;
    let plan = kt_count::plan(&request)?;
    let planned = Asked::of(&plan)?.planned.clone();
    let bare_resume = args.frontier.resumes_from_cache();
    let keep = checkpoint_cache::wanted(planned.estimate.seconds).map_err(CliError::input)?;
    let wanted = keep != checkpoint_cache::Keep::None
        && planned.way == SequenceWay::OneSweep
        && args.frontier.checkpoint.is_none()
        && args.frontier.resume_dir().is_none()
        && !args.frontier.no_checkpoint;
    if bare_resume || (wanted && checkpoint_cache::root().is_some()) {
        let announced = bare_resume || keep == checkpoint_cache::Keep::Announced;
        return Ok((cached(plan, &planned, args, bare_resume, announced)?, check));
    }
    Ok((Prepared { plan, cached: None }, check))
}

/// A sequence planned, and the cache's checkpoint it keeps, if one.
struct Prepared {
    plan: Plan,
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

/// `plan` with the cache's checkpoint (`checkpoint_cache`), as a count
/// keeps one: kept there, resumed from there where it holds one (a bare
/// `--resume` insists that it does), and spilling beside it unless
/// `--spill-dir` says where, so that a checkpoint links its runs instead
/// of copying them. Not planned again: `Plan::keeping_checkpoints` checks
/// only what the directories change. Prunes the cache's other
/// checkpoints first, as `count` does.
fn cached(
    plan: Plan,
    planned: &SequencePlanned,
    args: &SequenceArgs,
    bare_resume: bool,
    announced: bool,
) -> Result<Prepared, CliError> {
    let name = checkpoint_cache::sequence_run_name(plan.request()).map_err(CliError::input)?;
    let checkpoint_cache::Taken {
        dir,
        resumes,
        spill,
    } = checkpoint_cache::take(&name, "sequence", bare_resume)?;
    let checkpointing = Checkpointing {
        path: dir.clone(),
        every: checkpoint_cache::every(args.frontier.checkpoint_every, planned.estimate.seconds),
    };
    let plan = plan
        .keeping_checkpoints(checkpointing, resumes, spill)
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
    let asked = Asked::of(&plan)?;
    let board = plan.request().board;
    if let Some(signal) = stopped_planning {
        let counted = unfinished_terms(board, Vec::new(), 0.0);
        let stopped = super::stopped_while_planning(signal);
        if let Some(cached) = &cached {
            checkpoint_cache::forget_unwritten(&cached.dir);
        }
        return finish(args, &asked, &counted, Some(stopped), check.as_ref(), None);
    }
    if !quiet {
        announce(&plan, &asked, args, cached.as_ref(), progress);
    }
    // The checkpoint written, for the monitor's pace after a resume and
    // the words that say how to go on: the cache's, or `--checkpoint`'s.
    let checkpoint = cached
        .as_ref()
        .map(|c| c.dir.clone())
        .or_else(|| args.frontier.checkpoint.clone());
    let resumed = match &cached {
        Some(cached) => cached.resumes.then(|| cached.dir.clone()),
        None => args.frontier.resume_dir(),
    };
    let monitor = Arc::new(
        Monitor::new(progress, Some(asked.planned.estimate.seconds))
            .with_work(Some(asked.planned.estimate.states_summed))
            .with_checkpoints(checkpoint.as_deref(), resumed.as_deref()),
    );
    let work = plan.clone();
    let started = std::time::Instant::now();
    let ended = supervised(&monitor, move |observer, cancel| {
        Ok(work.sequence(observer, cancel))
    });
    let go_on = |error: CliError| with_resume_advice(error, checkpoint.as_deref(), cached.as_ref());
    let (counted, stopped) = match ended {
        Err(Unfinished { error, .. }) => return Err(go_on(error)),
        Ok(Ok(counted)) => (counted, None),
        Ok(Err(stopped)) => {
            let error = go_on(super::unfinished(stopped.failure).error);
            let seconds = started.elapsed().as_secs_f64();
            (unfinished_terms(board, stopped.terms, seconds), Some(error))
        }
    };
    finish(
        args,
        &asked,
        &counted,
        stopped,
        check.as_ref(),
        cached.as_ref(),
    )
}

/// What a sequence stopped before its end counted: the `terms` it
/// finished, with no sweep's figures.
fn unfinished_terms(board: kt_count::Board, terms: Vec<Term>, seconds: f64) -> Sequenced {
    Sequenced {
        board,
        terms,
        outcome: SweepCount::empty(0),
        seconds,
    }
}

/// Writes what a sequence counted (all its terms, or those finished
/// before `stopped`) in the form asked for, checks them against the
/// sequence's published terms, and clears the cache's checkpoint of a
/// sequence done.
fn finish(
    args: &SequenceArgs,
    asked: &Asked<'_>,
    counted: &Sequenced,
    stopped: Option<CliError>,
    check: Option<&Check>,
    cached: Option<&Cached>,
) -> Result<ExitCode, CliError> {
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
        write_json(asked, counted, !partial, check, verdict.as_ref(), &mut out)?;
    } else if args.bfile {
        match check {
            Some(check) => {
                if let Some(comment) = check.bfile_comment() {
                    writeln!(out, "{comment}").or_fail()?;
                }
            }
            // Without a sequence's convention the terms are the project's:
            // said in the file, which travels without the command.
            None => writeln!(out, "{}", own_convention(asked)).or_fail()?,
        }
        if partial {
            writeln!(out, "{}", partial_words(asked, counted)).or_fail()?;
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
        write_table(asked, counted, partial, check, &mut out)?;
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
fn own_convention(asked: &Asked<'_>) -> String {
    let rows = asked.rows;
    let of = match asked.sequence.measure {
        Measure::Cols => format!("{rows}xn boards"),
        Measure::Cells => format!("the first n cells of a {rows}-row strip"),
    };
    match asked.kind {
        TourKind::Open => format!(
            "# open tours of {of}, counted directed (OEIS counts most undirected: --oeis A... gives a sequence's own)"
        ),
        TourKind::Closed => format!("# closed tours of {of}, undirected"),
    }
}

/// Says what the sweep will take before it starts: the plan's line on a
/// terminal (in the log otherwise), the long-run announcement (terminal or
/// not, as `count` does) and where the cache's checkpoint is. The plan's
/// notes reach the monitor when the work starts, as a count's do.
fn announce(
    plan: &Plan,
    asked: &Asked<'_>,
    args: &SequenceArgs,
    cached: Option<&Cached>,
    progress: bool,
) {
    let board = plan.request().board;
    let estimate = &asked.planned.estimate;
    let how = match asked.planned.way {
        SequenceWay::OneSweep => format!(
            "one sweep of {board}{}",
            if asked.sequence.folds() {
                ", folded"
            } else {
                ""
            }
        ),
        SequenceWay::BoardByBoard => "each board counted on its own, as count counts it".into(),
    };
    let line = format!(
        "{how}: about {}, widest level about {} states",
        kt_count::human::duration(estimate.seconds),
        grouped_digits(&format!("{:.0}", estimate.peak_states)),
    );
    if progress {
        eprintln!("{line}");
    } else {
        tracing::info!("{line}");
    }
    let spill_dir = args.spill_dir().unwrap_or_else(std::env::temp_dir);
    if let Some(reach) = &plan.estimate
        && let Some(line) = long_runs::announcement(reach, plan.budget(), &spill_dir, "sequence")
    {
        eprintln!("note: {line}");
    }
    if let Some(cached) = cached.filter(|c| c.announced) {
        checkpoint_cache::announce(&cached.dir, cached.resumes);
    }
}

/// `error` with how to go on, as a count's says it: the command that
/// resumes the checkpoint written (the cache's, or `--checkpoint`'s), or
/// how to keep one; for a failure that is no stop, how to start over from
/// the cache. The cache's directory of a sweep that wrote no checkpoint
/// yet is removed.
fn with_resume_advice(
    mut error: CliError,
    checkpoint: Option<&std::path::Path>,
    cached: Option<&Cached>,
) -> CliError {
    if let Some(cached) = cached {
        checkpoint_cache::forget_unwritten(&cached.dir);
    }
    match error.code {
        ExitCode::Signal(_) | ExitCode::Limit => {}
        // A failure a rerun would meet again: how to start over.
        _ => {
            return match cached {
                Some(cached) => checkpoint_cache::start_over(error, &cached.dir),
                None => error,
            };
        }
    }
    let advice = checkpoint_cache::go_on(checkpoint, cached.map(|c| c.dir.as_path()));
    error.message = format!("{}; {advice}", error.message);
    error
}

/// The line that marks the terms printed as partial: the sweep stopped
/// before the last term asked for.
fn partial_words(asked: &Asked<'_>, counted: &Sequenced) -> String {
    format!(
        "# partial: the first {} of {} terms, finished before the sweep stopped",
        counted.terms.len(),
        asked.sequence.to
    )
}

/// The heading of a sequence: what its terms count, in words.
fn heading(asked: &Asked<'_>, counted: &Sequenced) -> String {
    let what = match asked.kind {
        TourKind::Open => "open tours (directed Hamiltonian paths, every start square)",
        TourKind::Closed => "closed tours (undirected Hamiltonian cycles)",
    };
    let (rows, to) = (asked.rows, asked.sequence.to);
    let of = match asked.sequence.measure {
        Measure::Cols => format!("{rows}xn, n = 1..{to}"),
        Measure::Cells => format!(
            "the first m cells of a {rows}-row strip, m = 1..{to} (column by column, top row first)"
        ),
    };
    let peak = counted.outcome.peak_states();
    let how = match asked.planned.way {
        SequenceWay::OneSweep => format!("one sweep of {}", counted.board),
        SequenceWay::BoardByBoard => "each board counted on its own".to_owned(),
    };
    format!(
        "{what} of {of}: {how} in {:.1} s, peak {} state{}",
        counted.seconds,
        grouped_digits(&peak.to_string()),
        if peak == 1 { "" } else { "s" }
    )
}

fn write_table(
    asked: &Asked<'_>,
    counted: &Sequenced,
    partial: bool,
    check: Option<&Check>,
    out: &mut Output,
) -> Result<(), CliError> {
    if partial {
        writeln!(out, "{}", partial_words(asked, counted)).or_fail()?;
    } else {
        writeln!(out, "{}", heading(asked, counted)).or_fail()?;
    }
    let label = match asked.sequence.measure {
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
    asked: &Asked<'_>,
    counted: &Sequenced,
    complete: bool,
    check: Option<&Check>,
    verdict: Option<&Verdict>,
    out: &mut Output,
) -> Result<(), CliError> {
    let estimate = &asked.planned.estimate;
    let measure = asked.sequence.measure;
    let terms = counted
        .terms
        .iter()
        .map(|term| {
            let count: BigUint = match check {
                Some(c) => c.convert(term),
                None => term.count.clone(),
            };
            // Every field present, null where it has no value.
            let (cols, cells) = match measure {
                Measure::Cols => (Some(term.n), None),
                Measure::Cells => (None, Some(term.n)),
            };
            serde_json::json!({ "cols": cols, "cells": cells, "count": count.to_string() })
        })
        .collect();
    let convention = match (asked.kind, check) {
        (TourKind::Closed, _) => "undirected",
        (TourKind::Open, Some(c)) => c.convention(),
        (TourKind::Open, None) => "directed",
    };
    let document = SequenceJson {
        schema: SEQUENCE_SCHEMA,
        program: json::PROGRAM,
        rows: asked.rows,
        kind: asked.kind,
        measure,
        convention,
        board: counted.board.to_string(),
        terms,
        oeis: check.map(Check::a_number),
        check: verdict,
        folded: asked.sequence.folds(),
        complete,
        way: match asked.planned.way {
            SequenceWay::OneSweep => "one sweep",
            SequenceWay::BoardByBoard => "board by board",
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
