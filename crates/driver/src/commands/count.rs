//! `knights-tour count`, and `bench`: `count --json` repeated and timed.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use kt_count::known;
use kt_count::report::{CheckReport, RunReport};
use kt_count::{BigUint, Question, TourKind};

use super::bench::{Measure, Timing};
use super::heat_map::TableOf;
use super::{Unfinished, checkpoint_cache, long_runs, supervised};
use crate::cli::{BenchArgs, CountArgs};
use crate::exit::{CliError, ExitCode};
use crate::json;
use crate::output::{OrFail, Output};
use crate::progress::Monitor;
use crate::summary;

pub fn run(args: &CountArgs, progress: bool, quiet: bool) -> Result<ExitCode, CliError> {
    counted(args, progress, quiet, None)
}

/// `bench`: the count timed over `--warmup` and `--runs`, as hyperfine
/// times a command: the summary on the terminal (the count's report and
/// the line of times on stderr), the report with its `bench` section with
/// `--json` or `--jsonl`. A benchmark keeps no checkpoint in the cache (a
/// run that resumed one would time the rest of a count), unless
/// `--checkpoint` names one.
pub fn bench(args: &BenchArgs, progress: bool, quiet: bool) -> Result<ExitCode, CliError> {
    let mut count = args.count.clone();
    count.frontier.no_checkpoint |= count.frontier.checkpoint.is_none();
    let measure = Measure {
        runs: args.runs,
        warmup: args.warmup,
    };
    counted(&count, progress, quiet, Some(measure))
}

/// Counts as `args` ask and prints the report; with `measure`, runs the
/// count that many times and adds their times to the report.
fn counted(
    args: &CountArgs,
    progress: bool,
    quiet: bool,
    measure: Option<Measure>,
) -> Result<ExitCode, CliError> {
    let request = args.request().map_err(CliError::input)?;
    let heat_map = heat_map(args, &request)?;
    // A closed stdout fails here, before any work.
    let mut out = Output::stdout()?;
    // Planned once: the estimate shown is the plan's, and the work runs
    // the plan (nothing is resolved again). A stop while planning prints
    // the report of nothing counted, marked interrupted.
    let started = std::time::Instant::now();
    let asked = request.clone();
    let plan = match super::planned(move || kt_count::plan(&asked)) {
        Ok(plan) => plan,
        Err(error) => {
            if let ExitCode::Signal(_) = error.code {
                let how = How {
                    json: args.json || args.jsonl,
                    lines: args.jsonl,
                    part: false,
                    timing: None,
                };
                print(
                    &interrupted_planning(&request, &error, started),
                    &how,
                    &mut out,
                )?;
                out.finish()?;
            }
            return Err(error);
        }
    };
    // A long sweep keeps a checkpoint in the cache unless told not to:
    // the same plan, its checkpoint in the cache (not planned again: only
    // the new directories are checked), and the arguments as if
    // `--checkpoint` had named it, for the lines that say how to go on.
    let cached = cached_checkpoint(args, &request, &plan)?;
    let with_cache;
    let (args, plan) = match &cached {
        Some(cached) => {
            with_cache = cached.args.clone();
            let planned_seconds = plan.estimate.as_ref().map_or(f64::INFINITY, |r| r.seconds);
            let plan = plan
                .keeping_checkpoints(
                    kt_count::Checkpointing {
                        path: cached.dir.clone(),
                        every: checkpoint_cache::every(
                            args.frontier.checkpoint_every,
                            planned_seconds,
                        ),
                    },
                    cached.resumes,
                    cached.spill.clone(),
                )
                .map_err(|failure| {
                    checkpoint_cache::start_over(CliError::from(failure), &cached.dir)
                })?;
            (&with_cache, plan)
        }
        None => (args, plan),
    };
    let request = plan.request().clone();
    if !quiet {
        announce(&plan, args, cached.as_ref());
    }
    let reach = plan.estimate.clone();
    let sweeping = plan.sweeps();
    let mut timing = measure.map(Timing::new);
    let result = loop {
        let monitor = Arc::new(
            Monitor::new(progress, reach.as_ref().map(|r| r.seconds))
                .with_work(reach.as_ref().and_then(|r| r.states))
                .with_checkpoints(
                    args.frontier.checkpoint.as_deref(),
                    args.frontier.resume_dir().as_deref(),
                ),
        );
        let work = plan.clone();
        let result = supervised(&monitor, move |observer, cancel| {
            work.run(observer, cancel)
                .map(|mut counted| {
                    spell_notes(&mut counted.report, &work.notes);
                    counted
                })
                .map_err(|mut failure| {
                    if let Some(report) = failure.report.as_mut() {
                        spell_notes(report, &work.notes);
                    }
                    failure
                })
        });
        match (&mut timing, result) {
            (Some(timing), Ok(counted)) => {
                if let Some(line) = timing.add(&counted)? {
                    if !quiet {
                        eprintln!("{line}");
                    }
                    break Ok(counted);
                }
                if !quiet {
                    eprintln!("{}", timing.run_line());
                }
            }
            (_, result) => break result,
        }
    };
    // How the report is printed, whole or (on a failure) partial.
    let how = How {
        json: args.json || args.jsonl,
        lines: args.jsonl,
        part: parts(&request),
        timing: timing.as_ref(),
    };
    let (count, mut report) = match result {
        Ok(counted) => (counted.count, counted.report),
        Err(Unfinished { mut error, report }) => {
            if let ExitCode::Signal(_) = error.code
                && sweeping
            {
                let advice = checkpoint_cache::go_on(
                    args.frontier.checkpoint.as_deref(),
                    cached.as_ref().map(|c| c.dir.as_path()),
                );
                error.message = format!("{}; {advice}", error.message);
            } else if let Some(cached) = &cached
                && error.code != ExitCode::Limit
            {
                // A failure that a rerun would meet again (a full disk, a
                // damaged checkpoint): say how to start over.
                error = checkpoint_cache::start_over(error, &cached.dir);
            }
            if let Some(cached) = &cached {
                checkpoint_cache::forget_unwritten(&cached.dir);
            }
            // A partial report is still a report: print it, then fail.
            if let Some(report) = report {
                print(&report, &how, &mut out)?;
                out.finish()?;
            }
            return Err(error);
        }
    };

    let mut failure = None;
    if args.check {
        let check = check(&request, &count, &report);
        if let Some((published, expected)) = check.disagreeing.first() {
            failure = Some(CliError {
                code: ExitCode::CheckFailed,
                message: format!(
                    "the count disagrees with the published {published} (which implies {expected})"
                ),
            });
        }
        report.check = Some(CheckReport::from(&check));
    }
    print(&report, &how, &mut out)?;
    out.finish()?;
    // The count is out: nothing is left to resume.
    if let Some(cached) = &cached {
        let _ = std::fs::remove_dir_all(&cached.dir);
    }
    // After the count is out: a picture that cannot be written never
    // costs the count.
    if let Some(path) = &heat_map {
        draw(&request, &report, path, args.png_width)?;
    }
    failure.map_or(Ok(ExitCode::Success), Err)
}

/// A count's checkpoint in the user's cache (`checkpoint_cache`): where,
/// and the arguments that keep it there.
struct Cached {
    dir: PathBuf,
    /// The count's arguments with `--checkpoint` (and `--resume`, where
    /// the cache holds a checkpoint) naming `dir`.
    args: CountArgs,
    /// Whether the count goes on from a checkpoint found there.
    resumes: bool,
    /// Where its levels spill unless `--spill-dir` names a directory:
    /// beside the checkpoint, on its file system (its runs are linked, not
    /// copied).
    spill: PathBuf,
    /// Said before the count starts: work planned past a minute, or a
    /// resume ([`checkpoint_cache::Keep`]).
    announced: bool,
}

/// The cache's checkpoint for this count: where a sweep estimated beyond
/// a few minutes keeps its levels when no `--checkpoint` is given (and
/// not `--no-checkpoint`), or where a bare `--resume` finds them. Prunes
/// the cache's other checkpoints before the count writes its own.
fn cached_checkpoint(
    args: &CountArgs,
    request: &kt_count::Request,
    plan: &kt_count::Plan,
) -> Result<Option<Cached>, CliError> {
    let frontier = &args.frontier;
    let bare_resume = frontier.resumes_from_cache();
    let keep = match &plan.estimate {
        Some(reach) => checkpoint_cache::wanted(reach.seconds).map_err(CliError::input)?,
        None => checkpoint_cache::Keep::None,
    };
    let long = keep != checkpoint_cache::Keep::None;
    let wanted = bare_resume
        || (long
            && frontier.checkpoint.is_none()
            && frontier.resume.is_none()
            && !frontier.no_checkpoint);
    if !wanted {
        return Ok(None);
    }
    if !plan.keeps_one_checkpoint() {
        return if bare_resume {
            Err(CliError::input(format!(
                "--resume without DIR resumes a frontier count from the cache; this count runs --method {}: name the --checkpoint directory",
                plan.method
            )))
        } else {
            Ok(None)
        };
    }
    if checkpoint_cache::root().is_none() && !bare_resume {
        return Ok(None);
    }
    let name = checkpoint_cache::run_name(args, request, plan.method);
    let checkpoint_cache::Taken {
        dir,
        resumes,
        spill,
    } = checkpoint_cache::take(&name, "count", bare_resume)?;
    let mut cached_args = args.clone();
    // The method the plan chose: a checkpoint would narrow `auto`'s choice.
    plan.method.clone_into(&mut cached_args.method.method);
    cached_args.method.encoding = None;
    cached_args.frontier.checkpoint = Some(dir.clone());
    cached_args.frontier.resume = resumes.then(|| Some(dir.clone()));
    if cached_args.frontier.spill_dir.is_none() {
        cached_args.frontier.spill_dir = Some(spill.clone());
    }
    Ok(Some(Cached {
        dir,
        args: cached_args,
        resumes,
        spill,
        announced: keep == checkpoint_cache::Keep::Announced || bare_resume || resumes,
    }))
}

/// Says on stderr, before it starts, what work estimated at more than ten
/// minutes will take (terminal or not: a script's log shows it too), and
/// where a checkpoint in the cache is kept or resumed from.
fn announce(plan: &kt_count::Plan, args: &CountArgs, cached: Option<&Cached>) {
    estimate(plan, args);
    if let Some(cached) = cached.filter(|c| c.announced) {
        checkpoint_cache::announce(&cached.dir, cached.resumes);
    }
}

/// The line of [`long_runs::announcement`], for work estimated beyond
/// ten minutes.
fn estimate(plan: &kt_count::Plan, args: &CountArgs) {
    let Some(reach) = &plan.estimate else { return };
    let spill_dir = args
        .frontier
        .spill_dir
        .clone()
        .unwrap_or_else(std::env::temp_dir);
    if let Some(line) = long_runs::announcement(reach, plan.budget(), &spill_dir, "count") {
        let keep = if plan.sweeps()
            && args.frontier.checkpoint.is_none()
            && !args.frontier.no_checkpoint
        {
            "; --checkpoint DIR keeps its levels against an interruption"
        } else {
            ""
        };
        eprintln!("note: {line}{keep}");
    }
}

/// The file `--svg` draws the question's table in, refused before any
/// work where the question gives no table or the file cannot be written.
fn heat_map(args: &CountArgs, request: &kt_count::Request) -> Result<Option<PathBuf>, CliError> {
    super::png::check_width(args.svg.as_deref(), args.png_width)?;
    let Some(path) = &args.svg else {
        return Ok(None);
    };
    // Which questions give a table is kt-count's rule; the words are the
    // command line's.
    if !request.question.gives_table(request.kind) {
        return Err(CliError::input(match request.question {
            // Refused before the count (issue 38: after it, with exit 4).
            Question::ByStart => {
                "--svg draws a table, and closed tours by start square give none (every square starts the same tours): leave out --svg or --closed"
            }
            _ => "--svg draws a table: ask for one with --by-start, --pairs or --from SQ --by-end",
        }));
    }
    kt_count::writable_file(kt_count::Output::Svg, path).map_err(CliError::from)?;
    Ok(Some(path.clone()))
}

/// Writes the heat map of the report's table to `path`.
fn draw(
    request: &kt_count::Request,
    report: &RunReport,
    path: &std::path::Path,
    png_width: Option<u32>,
) -> Result<(), CliError> {
    let board = &request.board;
    let kind = match request.kind {
        TourKind::Open => "open",
        TourKind::Closed => "closed",
    };
    let from = match request.question {
        Question::ByEnd { from } => Some(kt_count::square_name(board, from)),
        _ => None,
    };
    let (table, of) = match &from {
        Some(from) => (report.by_end.as_ref(), TableOf::Ends { from }),
        None => (report.by_start.as_ref(), TableOf::Starts),
    };
    let Some(table) = table else {
        return Err(CliError::other(
            "internal error: the count gave no table to draw".to_owned(),
        ));
    };
    let svg = super::heat_map::draw(board, kind, &of, table, None, false)
        .map_err(|e| CliError::other(format!("internal error: {e}")))?;
    super::png::write_picture(path, &svg, png_width)
}

/// Compares what the report counted with every published count its
/// question's answer says something about (`kt_count::check_answer`).
fn check(request: &kt_count::Request, count: &BigUint, report: &RunReport) -> known::Check {
    let table = match request.question {
        Question::ByEnd { .. } => report.by_end.as_deref(),
        _ => report.by_start.as_deref(),
    };
    let classes = report.pairs.as_ref().map_or(&[][..], |p| &p.classes[..]);
    kt_count::check_answer(
        &request.board,
        request.kind,
        &kt_count::Answered {
            question: request.question,
            count,
            table,
            classes,
        },
    )
}

/// The report of a count stopped while it was being planned: the board
/// and kind asked for, no method chosen yet, nothing counted.
fn interrupted_planning(
    request: &kt_count::Request,
    error: &CliError,
    started: std::time::Instant,
) -> RunReport {
    let mut report = RunReport::new(
        kt_count::report::Benchmark::of(&request.board, request.kind, "none"),
        kt_count::report::Settings {
            method: "none".to_string(),
            method_reason: Some("stopped while planning, before a method was chosen".to_string()),
            schedule: None,
            threads: 0,
            node_capacity: 0,
            cache_capacity: 0,
            memory_budget_bytes: 0,
        },
    );
    report.stop(
        kt_count::report::Status::Interrupted,
        &error.message,
        started,
    );
    report
}

/// Whether the request's JSON is a part for `merge`: a count by endpoint
/// pairs or a shard (`--by-start` alone prints its report, whose `pairs`
/// says which classes it counted).
fn parts(request: &kt_count::Request) -> bool {
    matches!(request.question, Question::Pairs { .. })
}

/// How a report is printed.
struct How<'a> {
    /// As JSON (`--json`, `--jsonl`, `bench`).
    json: bool,
    /// On one line (`--jsonl`).
    lines: bool,
    /// As a part for `merge` (a count by endpoint pairs).
    part: bool,
    /// `bench`'s times.
    timing: Option<&'a Timing>,
}

fn print(report: &RunReport, how: &How, out: &mut dyn Write) -> Result<(), CliError> {
    // A count by endpoint pairs prints its part: what `merge` reads.
    if how.json
        && how.part
        && let Some(mut part) = kt_count::pairs::part(report, json::VERSION)
    {
        part.commit = Some(json::COMMIT.to_string());
        // `--check`'s verdict stays in the JSON (issue 38).
        part.check = report
            .check
            .as_ref()
            .and_then(|check| serde_json::to_value(check).ok());
        // A part is one line already (`--jsonl` or not).
        return writeln!(out, "{}", part.to_json()).or_fail();
    }
    if how.json {
        let document = super::bench::Document {
            report: report.document(),
            bench: how.timing.map(Timing::summary),
        };
        if how.lines {
            json::write_line(&document, out)
        } else {
            json::write_pretty(&document, out)
        }
    } else {
        summary::write(report, out)
    }
    .or_fail()
}

/// The plan's notes, which open the report's, in the command line's words
/// (the library records them in its own).
fn spell_notes(report: &mut RunReport, notes: &[kt_count::Message]) {
    for (slot, note) in report.notes.iter_mut().zip(notes) {
        *slot = crate::spelling::spelled(note);
    }
}
