//! `knights-tour count` (and `bench`, which is `count --json`).

use std::io::Write;
use std::sync::Arc;

use kt_count::known::{self, Quantity};
use kt_count::report::{CheckReport, RunReport};
use kt_count::{BigUint, Question, TourKind};

use super::{Unfinished, supervised};
use crate::cli::CountArgs;
use crate::exit::{CliError, ExitCode};
use crate::json;
use crate::output::{OrFail, Output};
use crate::progress::Monitor;
use crate::summary;

pub fn run(args: &CountArgs, progress: bool) -> Result<ExitCode, CliError> {
    let request = args.request().map_err(CliError::input)?;
    // A closed stdout fails here, before any work.
    let mut out = Output::stdout()?;
    let monitor = Arc::new(Monitor::new(progress));
    let work = request.clone();
    let result = supervised(&monitor, move |observer, cancel| {
        kt_count::count(&work, observer, cancel)
    });
    let mut report = match result {
        Ok(counted) => counted.report,
        Err(Unfinished { error, report }) => {
            // A partial report is still a report: print it, then fail.
            if let Some(report) = report {
                print(&report, args.json, &mut out)?;
                out.finish()?;
            }
            return Err(error);
        }
    };

    let mut failure = None;
    if args.check {
        let check = check(&request, &report);
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
    print(&report, args.json, &mut out)?;
    out.finish()?;
    failure.map_or(Ok(ExitCode::Success), Err)
}

/// Compares what the report counted with the published counts of the same
/// quantity: the total, the count up to symmetry, the tours from a start
/// square (one by one for a table by start square).
fn check(request: &kt_count::Request, report: &RunReport) -> known::Check {
    let (board, kind) = (&request.board, request.kind);
    let mut quantities: Vec<(Quantity, BigUint)> = Vec::new();
    let count = report
        .count
        .as_ref()
        .and_then(|c| c.parse::<BigUint>().ok());
    match (request.question, kind) {
        (Question::UpToSymmetry, _) => {
            quantities.extend(count.map(|c| (Quantity::Geometric, c)));
        }
        (Question::ByStart, _) => {
            quantities.extend(count.map(|c| (Quantity::Total, c)));
            if let Some(table) = &report.by_start {
                for (r, row) in table.iter().enumerate() {
                    for (c, cell) in row.iter().enumerate() {
                        if let Ok(n) = cell.parse() {
                            quantities.push((Quantity::From(board.square_at(r, c)), n));
                        }
                    }
                }
            }
        }
        (Question::From { from }, TourKind::Open) => {
            quantities.extend(count.map(|c| (Quantity::From(from), c)));
        }
        (Question::Total, _) => quantities.extend(count.map(|c| (Quantity::Total, c))),
        _ => {}
    }
    let mut all = known::Check {
        agreeing: Vec::new(),
        disagreeing: Vec::new(),
    };
    for (quantity, n) in quantities {
        let one = known::check_quantity(board, kind, quantity, &n);
        all.agreeing.extend(one.agreeing);
        all.disagreeing.extend(one.disagreeing);
    }
    all
}

fn print(report: &RunReport, json: bool, out: &mut dyn Write) -> Result<(), CliError> {
    // A count by endpoint pairs prints its part: what `merge` reads.
    if json && let Some(mut part) = kt_count::pairs::part(report, json::VERSION) {
        part.commit = Some(json::COMMIT.to_string());
        return writeln!(out, "{}", part.to_json()).or_fail();
    }
    if json {
        json::write_pretty(&json::ReportJson::new(report), out)
    } else {
        summary::write(report, out)
    }
    .or_fail()
}
