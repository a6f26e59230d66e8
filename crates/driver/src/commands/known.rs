//! `knights-tour known`: the shipped table of published counts, and the
//! counts of this project's own (marked `ours`: the tables by start square
//! computed here, `crates/count/data/ours/`).

use std::io::Write;

use kt_count::known::{Published, all};
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
    let mut rows: Vec<Published> = all()
        .into_iter()
        .filter(|row| {
            args.board.is_none_or(|board| {
                (row.rows, row.cols) == (board.rows(), board.cols())
                    || (row.cols, row.rows) == (board.rows(), board.cols())
            })
        })
        .collect();
    // Smaller boards first, each board's rows together.
    rows.sort_by_key(|row| {
        (
            row.rows * row.cols,
            row.rows,
            row.cols,
            row.kind.to_string(),
            row.ours,
        )
    });
    if rows.is_empty()
        && let Some(board) = args.board
    {
        return Err(CliError::input(format!(
            "no count of {board} is shipped (knights-tour known lists those that are)"
        )));
    }
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
        // Boards with no tour (a count of 0, settled by a theorem) come
        // first in the table and say little: left out unless asked for.
        // This project's own rows by start square are many (one a class of
        // squares): listed when a board is named.
        let shown =
            |row: &&Published| args.all || args.board.is_some() || (row.count != "0" && !row.ours);
        for row in rows.iter().filter(shown) {
            let convention = if row.ours {
                format!("{} *", row.convention)
            } else {
                row.convention.to_string()
            };
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
        let hidden = rows.len() - rows.iter().filter(shown).count();
        if hidden > 0 {
            writeln!(
                out,
                "\n{hidden} rows are left out (boards with no tour, and this project's own counts by start square); a board or --all lists them."
            )
            .or_fail()?;
        }
        if rows.iter().filter(shown).any(|r| r.ours) {
            writeln!(
                out,
                "\n* this project's own count, not a published one (crates/count/data/ours/)."
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
