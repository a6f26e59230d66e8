//! `knights-tour dot`: the final ZDD of a small board as Graphviz DOT.

use std::io::Write;

use kt_constraints::Encoding;
use kt_engine::Engine;

use crate::cli::DotArgs;
use crate::report::RunReport;
use crate::session::{self, Finish, Job, Partial};
use crate::{ExitCode, Failure};

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
        enc: &Encoding,
        family: &E::Func,
        _: &mut RunReport,
    ) -> Result<Vec<u8>, Failure> {
        let size = if self.oxidd {
            engine.live_nodes()
        } else {
            engine.node_count(family)
        };
        if size > self.max_nodes {
            return Err(Failure::input(format!(
                "the {} has {size} nodes, more than --max-nodes {}; DOT layouts of that size are unreadable (raise --max-nodes to insist)",
                if self.oxidd { "manager" } else { "diagram" },
                self.max_nodes
            )));
        }
        let mut text = Vec::new();
        let written = if self.oxidd {
            engine.write_manager_dot(family, &mut text)
        } else {
            crate::extract::snapshot(engine, family)?
                .write_dot(&mut text, &self.title, &|v| enc.var_name(v))
        };
        written.map_err(|e| Failure::other(format!("cannot write DOT: {e}")))?;
        Ok(text)
    }
}

pub fn run(args: &DotArgs, progress: bool) -> Result<ExitCode, Failure> {
    let job = Job::new(&args.problem, &args.engine, progress, Partial::Silent)?;
    let (board, kind) = (job.board, job.kind);
    let title = format!("{kind} tours of {board} ({} engine)", job.engine);
    let (report, text) = session::compute(
        job,
        WriteDot {
            max_nodes: args.max_nodes,
            oxidd: args.oxidd,
            title,
        },
    )?;
    let Some(text) = text else {
        return Err(Failure::other(format!(
            "no diagram was built: {}",
            report.reason.unwrap_or_default()
        )));
    };
    let io = |e: std::io::Error| Failure::other(format!("cannot write DOT: {e}"));
    match &args.output {
        Some(path) => std::fs::write(path, &text).map_err(io)?,
        None => std::io::stdout().lock().write_all(&text).map_err(io)?,
    }
    Ok(ExitCode::Success)
}
