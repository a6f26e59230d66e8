//! `knights-tour dot`: the final ZDD of a small board as Graphviz DOT.

use std::io::Write;
use std::sync::Arc;

use kt_count::report::RunReport;
use kt_count::zdd::{Decoder, Finish};
use kt_count::{CancelToken, Failure};
use kt_engine::Engine;

use super::supervised;
use crate::cli::DotArgs;
use crate::exit::{CliError, ExitCode};
use crate::output::{OrFail, Output};
use crate::progress::Monitor;

/// Writes the DOT text on the worker thread, where the diagram lives.
struct WriteDot {
    max_nodes: usize,
    oxidd: bool,
    title: String,
}

impl Finish for WriteDot {
    type Output = Vec<u8>;

    fn finish<E: Engine>(
        self,
        engine: &E,
        decoder: &dyn Decoder,
        family: &E::Func,
        _: &mut RunReport,
    ) -> Result<Vec<u8>, Failure> {
        let size = if self.oxidd {
            engine.live_nodes()
        } else {
            engine.node_count(family)
        };
        if size > self.max_nodes {
            return Err(Failure::refused(format!(
                "the {} has {size} nodes, more than --max-nodes {}; DOT layouts of that size are unreadable (raise --max-nodes to insist)",
                if self.oxidd { "manager" } else { "diagram" },
                self.max_nodes
            )));
        }
        let mut text = Vec::new();
        let written = if self.oxidd {
            engine.write_manager_dot(family, &mut text)
        } else {
            engine
                .snapshot(family)
                .map_err(|e| Failure::other(format!("cannot copy the diagram out: {e}")))?
                .write_dot(&mut text, &self.title, &|v| decoder.var_name(v))
        };
        written.map_err(|e| Failure::other(format!("cannot write DOT: {e}")))?;
        Ok(text)
    }
}

pub fn run(args: &DotArgs, progress: bool) -> Result<ExitCode, CliError> {
    let request = args
        .problem
        .diagram_request(&args.engine)
        .map_err(CliError::input)?;
    let (board, kind) = (request.board, request.kind);
    let finish = WriteDot {
        max_nodes: args.max_nodes,
        oxidd: args.oxidd,
        title: format!(
            "{kind} tours of {board} ({} engine)",
            request.engine.unwrap_or(kt_engine::EngineKind::Zbdd)
        ),
    };
    let mut out = match &args.output {
        Some(_) => None,
        None => Some(Output::stdout()?),
    };
    let monitor = Arc::new(Monitor::new(progress));
    let (report, text) = supervised(&monitor, move |observer, cancel: &CancelToken| {
        kt_count::diagram(&request, finish, observer, cancel)
    })
    .map_err(|unfinished| unfinished.error)?;
    let Some(text) = text else {
        return Err(CliError::other(format!(
            "no diagram was built: {}",
            report.reason.unwrap_or_default()
        )));
    };
    match (&args.output, &mut out) {
        (Some(path), _) => std::fs::write(path, &text)
            .map_err(|e| CliError::other(format!("cannot write {}: {e}", path.display())))?,
        (None, Some(out)) => out.write_all(&text).or_fail()?,
        (None, None) => unreachable!("stdout is opened when no file is given"),
    }
    if let Some(out) = out {
        out.finish()?;
    }
    Ok(ExitCode::Success)
}
