//! `knights-tour count` (and `bench`, which is `count --json`).

use std::io::Write;

use crate::cli::{CountArgs, Method};
use crate::known;
use crate::report::{CheckReport, RunReport};
use crate::session::{self, Job, JustCount, Partial};
use crate::{ExitCode, Failure};

pub fn run(args: &CountArgs, progress: bool) -> Result<ExitCode, Failure> {
    let board = args.problem.board().map_err(Failure::input)?;
    let kind = args.problem.kind();
    let mut report = match args.method {
        Method::Zdd => {
            let partial = if args.json {
                Partial::Json
            } else {
                Partial::Text
            };
            let job = Job::new(&args.problem, &args.engine, progress, partial)?;
            session::compute(job, JustCount)?.0
        }
        Method::Backtrack => super::backtrack::count(board, kind)?,
    };

    let mut code = ExitCode::Success;
    if args.check
        && let Some(count) = report.count.as_ref().and_then(|c| c.parse().ok())
    {
        let check = known::check(&board, kind, &count);
        if !check.passed() {
            code = ExitCode::CheckFailed;
        }
        report.check = Some(CheckReport::from(&check));
    }
    print(&report, args.json)?;
    if code == ExitCode::CheckFailed {
        let c = report.check.as_ref().expect("set above");
        let first = &c.disagreeing[0];
        return Err(Failure {
            code,
            message: format!(
                "the count {} disagrees with the published {} (which implies {})",
                report.count.as_deref().unwrap_or("?"),
                first.published,
                first.expected
            ),
        });
    }
    Ok(code)
}

fn print(report: &RunReport, json: bool) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    let written = if json {
        report.write_json(&mut out)
    } else {
        report.write_text(&mut out)
    };
    written
        .and_then(|_| out.flush())
        .map_err(|e| Failure::other(format!("cannot write the report: {e}")))
}
