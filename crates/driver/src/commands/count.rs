//! `knights-tour count` (and `bench`, which is `count --json`).

use std::io::Write;
use std::sync::Arc;

use kt_count::known;
use kt_count::report::{CheckReport, RunReport};
use kt_count::{BigUint, Question, TourKind};

use super::{Unfinished, long_runs, supervised};
use crate::cli::CountArgs;
use crate::exit::{CliError, ExitCode};
use crate::json;
use crate::output::{OrFail, Output};
use crate::progress::Monitor;
use crate::summary;

pub fn run(args: &CountArgs, progress: bool, quiet: bool) -> Result<ExitCode, CliError> {
    let request = args.request().map_err(CliError::input)?;
    let heat_map = heat_map(args, &request)?;
    // A closed stdout fails here, before any work.
    let mut out = Output::stdout()?;
    // Planned once: the estimate shown is the plan's, and the work runs
    // the plan (nothing is resolved again).
    let plan = kt_count::plan(&request)?;
    if !quiet {
        announce(&plan, args);
    }
    let reach = plan.estimate.as_ref();
    let monitor = Arc::new(
        Monitor::new(progress, reach.map(|r| r.seconds)).with_work(reach.and_then(|r| r.states)),
    );
    let sweeping = sweeps(plan.method);
    let result = supervised(&monitor, move |observer, cancel| plan.run(observer, cancel));
    let (count, mut report) = match result {
        Ok(counted) => (counted.count, counted.report),
        Err(Unfinished { mut error, report }) => {
            if let ExitCode::Signal(_) = error.code
                && sweeping
            {
                let checkpoint = args.frontier.checkpoint.as_deref();
                let written = checkpoint.is_some_and(long_runs::holds_checkpoint);
                let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
                error.message = format!(
                    "{}; {}",
                    error.message,
                    long_runs::resume_advice(&args, checkpoint, written)
                );
            }
            // A partial report is still a report: print it, then fail.
            if let Some(report) = report {
                print(&report, args.json, parts(&request), &mut out)?;
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
    print(&report, args.json, parts(&request), &mut out)?;
    out.finish()?;
    // After the count is out: a picture that cannot be written never
    // costs the count.
    if let Some(path) = &heat_map {
        draw(&request, &report, path)?;
    }
    failure.map_or(Ok(ExitCode::Success), Err)
}

/// Says on stderr, before it starts, what work estimated at more than ten
/// minutes will take (terminal or not: a script's log shows it too).
fn announce(plan: &kt_count::Plan, args: &CountArgs) {
    let Some(reach) = &plan.estimate else { return };
    let spill_dir = args
        .frontier
        .spill_dir
        .clone()
        .unwrap_or_else(std::env::temp_dir);
    if let Some(line) = long_runs::announcement(reach, plan.budget, &spill_dir) {
        let keep = if sweeps(plan.method) && args.frontier.checkpoint.is_none() {
            "; --checkpoint DIR keeps its levels against an interruption"
        } else {
            ""
        };
        eprintln!("note: {line}{keep}");
    }
}

/// Whether the method is a frontier sweep, which keeps checkpoints
/// (`--checkpoint`, `--resume`).
fn sweeps(method: &str) -> bool {
    matches!(method, "frontier" | "cluster")
}

/// The file `--svg` draws the question's table in, refused before any
/// work where the question gives no table or the file cannot be written.
fn heat_map(
    args: &CountArgs,
    request: &kt_count::Request,
) -> Result<Option<std::path::PathBuf>, CliError> {
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
    kt_count::writable_file("--svg", path).map_err(CliError::from)?;
    Ok(Some(path.clone()))
}

/// Writes the heat map of the report's table to `path`.
fn draw(
    request: &kt_count::Request,
    report: &RunReport,
    path: &std::path::Path,
) -> Result<(), CliError> {
    let board = &request.board;
    let kind = match request.kind {
        TourKind::Open => "open",
        TourKind::Closed => "closed",
    };
    let (table, title) = match request.question {
        Question::ByEnd { from } => (
            report.by_end.as_ref(),
            format!(
                "Directed {kind} tours of {board} from {} by end square",
                kt_count::square_name(board, from)
            ),
        ),
        _ => (
            report.by_start.as_ref(),
            format!("Directed {kind} tours of {board} by start square"),
        ),
    };
    let Some(table) = table else {
        return Err(CliError::other(
            "internal error: the count gave no table to draw".to_owned(),
        ));
    };
    let svg = kt_tours::render_table_svg(board, &table.decimal(), &title)
        .map_err(|e| CliError::other(format!("internal error: {e}")))?;
    crate::output::write_file(path, svg)
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

/// Whether the request's JSON is a part for `merge`: a count by endpoint
/// pairs or a shard (`--by-start` alone prints its report, whose `pairs`
/// says which classes it counted).
fn parts(request: &kt_count::Request) -> bool {
    matches!(request.question, Question::Pairs { .. })
}

fn print(report: &RunReport, json: bool, part: bool, out: &mut dyn Write) -> Result<(), CliError> {
    // A count by endpoint pairs prints its part: what `merge` reads.
    if json
        && part
        && let Some(mut part) = kt_count::pairs::part(report, json::VERSION)
    {
        part.commit = Some(json::COMMIT.to_string());
        // `--check`'s verdict stays in the JSON (issue 38).
        part.check = report
            .check
            .as_ref()
            .and_then(|check| serde_json::to_value(check).ok());
        return writeln!(out, "{}", part.to_json()).or_fail();
    }
    if json {
        json::write_pretty(&report.document(), out)
    } else {
        summary::write(report, out)
    }
    .or_fail()
}
