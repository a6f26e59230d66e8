//! `knights-tour count` (and `bench`, which is `count --json`).

use std::io::Write;
use std::sync::Arc;

use kt_count::known;
use kt_count::report::{CheckReport, RunReport};

use super::{Unfinished, supervised};
use crate::cli::CountArgs;
use crate::exit::{CliError, ExitCode};
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
    if args.check
        && let Some(count) = report.count.as_ref().and_then(|c| c.parse().ok())
    {
        let check = known::check(&request.board, request.kind, &count);
        if let Some((published, expected)) = check.disagreeing.first() {
            failure = Some(CliError {
                code: ExitCode::CheckFailed,
                message: format!(
                    "the count {count} disagrees with the published {published} (which implies {expected})"
                ),
            });
        }
        report.check = Some(CheckReport::from(&check));
    }
    print(&report, args.json, &mut out)?;
    out.finish()?;
    failure.map_or(Ok(ExitCode::Success), Err)
}

fn print(report: &RunReport, json: bool, out: &mut dyn Write) -> Result<(), CliError> {
    if json {
        summary::write_json(report, out)
    } else {
        summary::write(report, out)
    }
    .or_fail()
}
