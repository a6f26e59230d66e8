//! `knights-tour known`: the shipped table of published counts.

use std::io::Write;

use kt_count::known::{Published, table};
use serde::Serialize;

use crate::cli::KnownArgs;
use crate::exit::{CliError, ExitCode};
use crate::json::{self, Program};
use crate::output::{OrFail, Output};

/// `known --json`: the table, with the schema and the program.
#[derive(Serialize)]
struct KnownJson<'a> {
    schema: &'static str,
    #[serde(flatten)]
    program: Program,
    counts: &'a [Published],
}

pub fn run(args: &KnownArgs) -> Result<ExitCode, CliError> {
    let rows = table();
    let mut out = Output::stdout()?;
    if args.json {
        let document = KnownJson {
            schema: json::KNOWN_SCHEMA,
            program: json::PROGRAM,
            counts: &rows,
        };
        json::write_pretty(&document, &mut out).or_fail()?;
    } else {
        writeln!(
            out,
            "{:<6} {:>5}  {:<11} {:>40}  source",
            "kind", "board", "convention", "count"
        )
        .or_fail()?;
        for row in &rows {
            let convention = row.convention.to_string();
            writeln!(
                out,
                "{:<6} {:>5}  {convention:<10} {:>40}  {}",
                row.kind.to_string(),
                format!("{}x{}", row.rows, row.cols),
                row.count,
                row.source
            )
            .or_fail()?;
        }
        writeln!(
            out,
            "\nThe project counts open tours directed and closed tours undirected; --check converts each row."
        )
        .or_fail()?;
    }
    out.finish()?;
    Ok(ExitCode::Success)
}
