//! `knights-tour dot`: the final decision diagram of a small board as
//! Graphviz DOT, drawn by the library.

use std::io::Write;
use std::sync::Arc;

use super::supervised;
use crate::cli::DotArgs;
use crate::exit::{CliError, ExitCode};
use crate::output::{OrFail, Output};
use crate::progress::Monitor;

pub fn run(args: &DotArgs, progress: bool) -> Result<ExitCode, CliError> {
    let request = args.request().map_err(CliError::input)?;
    // Refused before any work: an estimate beyond the machine or beyond
    // --max-nodes, a file that cannot be written.
    let plan = kt_count::plan(&request)?;
    let mut out = match &args.output {
        Some(_) => None,
        None => Some(Output::stdout()?),
    };
    let estimate = plan.estimate.as_ref().map(|reach| reach.seconds);
    let monitor = Arc::new(Monitor::new(progress, estimate));
    let (report, text) = supervised(&monitor, move |observer, cancel| {
        plan.draw(observer, cancel)
    })
    .map_err(|unfinished| unfinished.error)?;
    let Some(text) = text else {
        return Err(CliError::no_tour(format!(
            "no diagram was built: {}",
            report.reason.unwrap_or_default()
        )));
    };
    match (&args.output, &mut out) {
        (Some(path), _) => crate::output::write_file(path, &text)?,
        (None, Some(out)) => out.write_all(&text).or_fail()?,
        (None, None) => unreachable!("stdout is opened when no file is given"),
    }
    if let Some(out) = out {
        out.finish()?;
    }
    Ok(ExitCode::Success)
}
