//! `knights-tour sequence ROWS --to N`: every board `ROWS × n`, or every
//! first `m` cells of the strip, from one sweep (`kt_count::strip`),
//! printed as a table, a JSON document or an OEIS b-file, and checked
//! against a published sequence with `--oeis`.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kt_count::sequence_check::{Check, Verdict};
use kt_count::strip::{self, LevelReport, Measure, StripCounted, StripRequest, Watcher};
use kt_count::{BigUint, Cause, TourKind};
use serde::Serialize;

use crate::cli::SequenceArgs;
use crate::exit::{CliError, ExitCode};
use crate::json::{self, Program};
use crate::output::{OrFail, Output};
use crate::supervise::{self, Ended};
use kt_count::human::grouped_digits;

/// `sequence --json`.
pub const SEQUENCE_SCHEMA: &str = "knights-tour/sequence/1";

/// What `sequence` asks for, refused before any work if it cannot run:
/// the sweep, and the published sequence to check it against.
fn prepare(args: &SequenceArgs) -> Result<(StripRequest, Option<Check>), CliError> {
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
    let mut request = StripRequest::new(args.rows as usize, args.to as usize, kind, measure);
    if let Some(threads) = args.threads {
        request.threads = threads as usize;
    }
    request.memory = args.memory;
    request.spill_dir = args.spill_dir();
    request.checkpoint.clone_from(&args.frontier.checkpoint);
    request.checkpoint_every = args.frontier.checkpoint_every;
    if args.frontier.resume == Some(None) {
        return Err(CliError::input(
            "--resume: a sequence keeps no checkpoint in the cache; name the directory of --checkpoint",
        ));
    }
    request.resume = args.frontier.resume_dir();
    request.fold = !args.no_fold;
    request.check()?;
    request.check_checkpoints()?;
    if let Some(dir) = &request.spill_dir {
        kt_count::makeable_dir(kt_count::Setting::SpillDir, dir)?;
    }
    if let Some(dir) = &request.checkpoint {
        kt_count::makeable_dir(kt_count::Setting::Checkpoint, dir)?;
    }
    if let Some(resume) = &request.resume
        && !resume.is_dir()
    {
        return Err(CliError::input(format!(
            "--resume {}: no such checkpoint directory",
            resume.display()
        )));
    }
    Ok((request, check))
}

/// The refusals of `sequence`, without any work (`plan_args`).
pub fn plan(args: &SequenceArgs) -> Result<(), CliError> {
    prepare(args).map(drop)
}

pub fn run(args: &SequenceArgs, progress: bool) -> Result<ExitCode, CliError> {
    let (request, check) = prepare(args)?;
    let board = request.board()?;
    let estimate = request.estimate()?;
    let plan = format!(
        "one sweep of {board}{}: about {}, widest level about {} states",
        if request.folds() { ", folded" } else { "" },
        kt_count::human::duration(estimate.seconds),
        grouped_digits(&format!("{:.0}", estimate.peak_states)),
    );
    if progress {
        eprintln!("{plan}");
    } else {
        tracing::info!("{plan}");
    }
    let bar = Bar::new(progress, board.cols(), board.rows());
    let work_request = request.clone();
    let watcher = bar.clone();
    let ended = supervise::run(move |cancel| strip::count_strip(&work_request, &watcher, &cancel));
    bar.finish();
    let counted = match ended {
        Ended::Done(result) => result.map_err(CliError::from)?,
        Ended::Abandoned { cause } => {
            return Err(abandoned(&cause, request.checkpoint.as_deref()));
        }
    };

    let verdict = check.as_ref().map(|c| c.verdict(&counted.terms));
    let mut out = Output::stdout()?;
    if args.json {
        write_json(
            &request,
            &counted,
            &estimate,
            check.as_ref(),
            verdict.as_ref(),
            &mut out,
        )?;
    } else if args.bfile {
        if let Some(comment) = check.as_ref().and_then(Check::bfile_comment) {
            writeln!(out, "{comment}").or_fail()?;
        }
        for term in &counted.terms {
            let (n, value) = match &check {
                Some(c) => match c.in_sequence(term) {
                    Some(pair) => pair,
                    None => continue,
                },
                None => (term.n, term.count.clone()),
            };
            writeln!(out, "{n} {value}").or_fail()?;
        }
    } else {
        write_table(&request, &counted, check.as_ref(), &mut out)?;
    }
    out.finish()?;
    if let Some(verdict) = &verdict {
        if !args.json {
            eprintln!("{}", verdict.line);
        }
        if !verdict.agrees() {
            return Ok(ExitCode::CheckFailed);
        }
    }
    Ok(ExitCode::Success)
}

/// The error of a sweep that did not stop within its grace period, with
/// how to go on from its checkpoint if it keeps one.
fn abandoned(cause: &Cause, checkpoint: Option<&std::path::Path>) -> CliError {
    let go_on = checkpoint.map_or_else(
        || "; with --checkpoint DIR a sweep can be stopped and go on with --resume DIR".to_string(),
        |dir| {
            format!(
                "; go on from the checkpoint with --resume {} (and --checkpoint {0})",
                dir.display()
            )
        },
    );
    match cause {
        Cause::Stop { signal } => CliError {
            code: ExitCode::Signal(signal.unwrap_or(2)),
            message: format!(
                "interrupted by {} while a level was being built{go_on}",
                supervise::signal_name(*signal)
            ),
        },
        Cause::MemoryBudget { resident, budget } => CliError {
            code: ExitCode::Limit,
            message: format!(
                "memory budget of {budget} exceeded (resident {resident}) while a level was being built; raise --memory, or let levels spill sooner with a smaller one{go_on}"
            ),
        },
    }
}

/// The heading of a sequence: what its terms count, in words.
fn heading(request: &StripRequest, counted: &StripCounted) -> String {
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
    format!(
        "{what} of {of}: one sweep of {} in {:.1} s, peak {} states",
        counted.board,
        counted.seconds,
        grouped_digits(&counted.outcome.peak_states().to_string())
    )
}

fn write_table(
    request: &StripRequest,
    counted: &StripCounted,
    check: Option<&Check>,
    out: &mut Output,
) -> Result<(), CliError> {
    writeln!(out, "{}", heading(request, counted)).or_fail()?;
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
    request: &StripRequest,
    counted: &StripCounted,
    estimate: &kt_count::ColumnsEstimate,
    check: Option<&Check>,
    verdict: Option<&Verdict>,
    out: &mut Output,
) -> Result<(), CliError> {
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

/// The progress bar of a sweep along a strip: steps, with the column being
/// swept and the time left; nothing when stderr is not a terminal or with
/// `--quiet`.
#[derive(Clone)]
struct Bar {
    shown: ProgressBar,
    rows: usize,
    cols: usize,
    finished: std::sync::Arc<AtomicBool>,
}

impl Bar {
    fn new(progress: bool, cols: usize, rows: usize) -> Bar {
        let bar = if progress {
            ProgressBar::with_draw_target(Some((rows * cols) as u64), ProgressDrawTarget::stderr())
        } else {
            ProgressBar::hidden()
        };
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:30}] column {msg} (eta {eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        Bar {
            shown: bar,
            rows,
            cols,
            finished: std::sync::Arc::new(AtomicBool::new(false)),
        }
    }

    fn finish(&self) {
        self.finished.store(true, Ordering::Relaxed);
        self.shown.finish_and_clear();
    }
}

impl Watcher for Bar {
    fn step_started(&self, step: usize, _steps: usize, states: u64) {
        if self.finished.load(Ordering::Relaxed) {
            return;
        }
        self.shown.set_position((step - 1) as u64);
        let column = (step - 1) / self.rows.max(1) + 1;
        self.shown.set_message(format!(
            "{column}/{}, {} states",
            self.cols,
            grouped_digits(&states.to_string())
        ));
    }
}
