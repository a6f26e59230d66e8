//! `knights-tour known`: the shipped table of published counts, and the
//! counts of this project's own (marked `ours`: the tables by start square
//! computed here, `crates/count/data/ours/`); with `--sequences` and
//! `--sequence A`, the published OEIS sequences the project ships
//! (`crates/count/data/sequences/`), term by term.

use std::io::Write;

use kt_count::known::{Published, all};
use kt_count::sequences::{PublishedSequence, published_sequence, published_sequences};
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

/// `known --sequence A --json`: one sequence, every term in both
/// conventions. Counts are decimal strings (they pass 2⁶⁴); `n`, `rows`
/// and `step` are small integers.
#[derive(Serialize)]
struct SequenceJson<'a> {
    schema: &'static str,
    #[serde(flatten)]
    program: Program,
    a_number: &'a str,
    name: &'a str,
    rows: usize,
    kind: kt_count::TourKind,
    measure: kt_count::sequences::Measure,
    step: usize,
    convention: &'static str,
    authors: &'a str,
    url: &'a str,
    terms: Vec<TermJson>,
}

#[derive(Serialize)]
struct TermJson {
    n: usize,
    /// As the entry shows it.
    published: String,
    /// In the project's convention (open directed, closed undirected).
    count: String,
}

/// What a sequence counts, in words: `7×n open, undirected`.
fn strip(sequence: &PublishedSequence) -> String {
    let n = if sequence.step == 1 {
        "n".to_owned()
    } else {
        format!("{}n", sequence.step)
    };
    let what = match (sequence.measure, sequence.rows) {
        (kt_count::sequences::Measure::Cols, 0) => format!("{n}×{n}"),
        (kt_count::sequences::Measure::Cols, rows) => format!("{rows}×{n}"),
        (kt_count::sequences::Measure::Cells, rows) => {
            format!("the first {n} cells of a {rows}-row strip")
        }
    };
    format!("{what}, {} tours, {}", sequence.kind, sequence.convention())
}

/// `known --sequences`: one line a shipped sequence.
fn list_sequences(args: &KnownArgs) -> Result<ExitCode, CliError> {
    let mut out = Output::stdout()?;
    if args.json {
        return Err(CliError::input(
            "known --sequences has no JSON form: known --sequence A --json prints one sequence",
        ));
    }
    writeln!(
        out,
        "{:<8} {:>4}  {:<6} {:<6} {:<10} {:>5}  name",
        "sequence", "rows", "kind", "by", "convention", "terms"
    )
    .or_fail()?;
    for s in published_sequences() {
        let rows = if s.rows == 0 {
            "n".to_owned()
        } else {
            s.rows.to_string()
        };
        let by = if s.step == 1 {
            s.measure.to_string()
        } else {
            format!("{}{}", s.step, s.measure)
        };
        writeln!(
            out,
            "{:<8} {rows:>4}  {:<6} {by:<6} {:<10} {:>5}  {}",
            s.a_number,
            s.kind.to_string(),
            s.convention(),
            s.terms.len(),
            s.name
        )
        .or_fail()?;
    }
    for line in [
        "",
        "by: what term n counts: the board of n (or 2n) columns, or the first n (or 2n) cells of the strip,",
        "    numbered column by column, top row first (the last column partial).",
        "OEIS counts open tours undirected except A165134 and A118067; the project counts open tours",
        "directed and closed tours undirected. known --sequence A lists one, in both conventions.",
    ] {
        writeln!(out, "{line}").or_fail()?;
    }
    out.finish()?;
    Ok(ExitCode::Success)
}

/// `known --sequence A`: the terms of one sequence.
fn show_sequence(a_number: &str, args: &KnownArgs) -> Result<ExitCode, CliError> {
    let Some(sequence) = published_sequence(a_number) else {
        return Err(CliError::input(format!(
            "no published sequence '{a_number}' is shipped (knights-tour known --sequences lists those that are)"
        )));
    };
    let terms: Vec<TermJson> = sequence
        .terms
        .iter()
        .map(|(n, term)| TermJson {
            n: *n,
            published: term.to_string(),
            count: sequence.in_project_convention(*n, term).to_string(),
        })
        .collect();
    let mut out = Output::stdout()?;
    if args.json {
        let document = SequenceJson {
            schema: json::SEQUENCE_TERMS_SCHEMA,
            program: json::PROGRAM,
            a_number: &sequence.a_number,
            name: &sequence.name,
            rows: sequence.rows,
            kind: sequence.kind,
            measure: sequence.measure,
            step: sequence.step,
            convention: sequence.convention(),
            authors: &sequence.authors,
            url: &sequence.url,
            terms,
        };
        json::write_pretty(&document, &mut out).or_fail()?;
        out.finish()?;
        return Ok(ExitCode::Success);
    }
    writeln!(out, "{}: {}", sequence.a_number, strip(sequence)).or_fail()?;
    writeln!(out, "{}", sequence.name).or_fail()?;
    writeln!(out, "{}", sequence.authors).or_fail()?;
    writeln!(
        out,
        "{}
",
        sequence.url
    )
    .or_fail()?;
    let measure = sequence.measure.to_string();
    let ours = match sequence.kind {
        kt_count::TourKind::Open => "directed",
        kt_count::TourKind::Closed => "undirected",
    };
    let published_width = terms
        .iter()
        .map(|t| t.published.len())
        .max()
        .unwrap_or(0)
        .max(9);
    let count_width = terms
        .iter()
        .map(|t| t.count.len())
        .max()
        .unwrap_or(0)
        .max(ours.len());
    writeln!(
        out,
        "{:>3} {measure:>5}  {:>published_width$}  {ours:>count_width$}",
        "n", "published"
    )
    .or_fail()?;
    for t in &terms {
        writeln!(
            out,
            "{:>3} {:>5}  {:>published_width$}  {:>count_width$}",
            t.n,
            sequence.measure_of(t.n),
            t.published,
            t.count
        )
        .or_fail()?;
    }
    let conversion = match (sequence.kind, sequence.directed) {
        (kt_count::TourKind::Open, false) => {
            "The entry counts open tours undirected; the project counts them directed: twice (a one-cell board's single path once)."
        }
        (kt_count::TourKind::Open, true) => {
            "The entry counts open tours directed, as the project does."
        }
        (kt_count::TourKind::Closed, _) => {
            "The entry counts closed tours undirected, as the project does."
        }
    };
    writeln!(
        out,
        "
{} terms shipped, as the entry's data line shows them. {conversion}",
        terms.len()
    )
    .or_fail()?;
    out.finish()?;
    Ok(ExitCode::Success)
}

pub fn run(args: &KnownArgs) -> Result<ExitCode, CliError> {
    if let Some(a_number) = &args.sequence {
        return show_sequence(a_number, args);
    }
    if args.sequences {
        return list_sequences(args);
    }
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
        // The sequences' terms are many too (a row per board of every
        // shipped sequence): listed when a board is named, or by
        // `--sequence A`, sequence by sequence.
        let shown = |row: &&Published| {
            args.all
                || args.board.is_some()
                || (row.count != "0" && !row.ours && row.sequence.is_none())
        };
        for row in rows.iter().filter(shown) {
            let convention = row.convention.named(row.rows);
            let convention = if row.ours {
                format!("{convention} *")
            } else {
                convention
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
                "\n{hidden} rows are left out (boards with no tour, this project's own counts by start square, and the terms of the published sequences, which known --sequences lists); a board or --all lists them."
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
