//! `knights-tour known`: the shipped table of published counts.

use std::io::Write;

use crate::cli::KnownArgs;
use crate::known::{Kind, table};
use crate::{ExitCode, Failure};

pub fn run(args: &KnownArgs) -> Result<ExitCode, Failure> {
    let rows = table();
    let mut out = std::io::stdout().lock();
    let written = if args.json {
        serde_json::to_writer_pretty(&mut out, &rows)
            .map_err(std::io::Error::other)
            .and_then(|_| writeln!(out))
    } else {
        (|| {
            writeln!(
                out,
                "{:<6} {:>5}  {:<10} {:>40}  source",
                "kind", "board", "convention", "count"
            )?;
            for row in &rows {
                let kind = match row.kind {
                    Kind::Open => "open",
                    Kind::Closed => "closed",
                };
                let convention = format!("{:?}", row.convention).to_lowercase();
                writeln!(
                    out,
                    "{kind:<6} {:>5}  {convention:<10} {:>40}  {}",
                    format!("{}x{}", row.rows, row.cols),
                    row.count,
                    row.source
                )?;
            }
            writeln!(
                out,
                "\nThe project counts open tours directed and closed tours undirected; --check converts each row."
            )
        })()
    };
    written.map_err(|e| Failure::other(format!("cannot write the table: {e}")))?;
    Ok(ExitCode::Success)
}
