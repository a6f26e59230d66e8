//! `knights-tour merge`: the parts of a count by endpoint pairs, added up
//! after the checks of `kt_shards::merge`.

use std::io::Write;
use std::path::PathBuf;

use kt_count::report::CheckReport;
use kt_count::{Board, Part, TourKind};
use serde::Serialize;

use super::heat_map::TableOf;
use crate::cli::MergeArgs;
use crate::exit::{CliError, ExitCode};
use crate::json::{self, Program};
use crate::output::{OrFail, Output};

/// The schema of the merge's JSON.
const SCHEMA: &str = "knights-tour/pairs-merged/1";

#[derive(Serialize)]
struct MergedDocument {
    schema: &'static str,
    #[serde(flatten)]
    program: Program,
    board: String,
    kind: &'static str,
    plan: String,
    /// Directed open tours.
    count: String,
    /// Directed open tours by start square: rows of decimal strings, row 0
    /// first.
    by_start: kt_count::Table,
    /// Directed open tours by end square: the same table as `by_start`,
    /// since reversing a path from s to e gives one from e to s.
    by_end: kt_count::Table,
    /// Undirected open tours: each path once, half the directed count.
    undirected: String,
    classes: Vec<MergedClass>,
    parts: usize,
    /// The versions of the program that counted the parts.
    counted_by: Vec<String>,
    check: Option<CheckReport>,
}

#[derive(Serialize)]
struct MergedClass {
    id: usize,
    from: String,
    /// No `to` in a class of start squares (any end).
    /// `null` for a class of start squares (any end): every field is
    /// present, null where it has no value (docs/json.md).
    to: Option<String>,
    weight: u32,
    /// Directed paths from `from` to `to`.
    count: String,
    /// `weight` × `count`: this class's share of the total.
    tours: String,
}

pub fn run(args: &MergeArgs) -> Result<ExitCode, CliError> {
    if let Some(path) = &args.svg {
        kt_count::writable_file(kt_count::Output::Svg, path).map_err(CliError::from)?;
    }
    super::png::check_width(args.svg.as_deref(), args.png_width)?;
    let mut parts: Vec<(PathBuf, Part)> = Vec::with_capacity(args.parts.len());
    for path in &args.parts {
        let part = Part::read(path).map_err(|e| CliError::input(e.0))?;
        parts.push((path.clone(), part));
    }
    let (first_path, first) = &parts[0];
    let board: Board = first.board.parse().map_err(|e| {
        CliError::input(format!(
            "{}: the board {:?} is not a board: {e}",
            first_path.display(),
            first.board
        ))
    })?;
    // Parts of a count by start squares or by endpoint pairs, as the
    // first says; a part of the other kind is refused by the merge.
    let ends = first.ends().unwrap_or_default();
    // A part names its board: bounded before the plan is built (issue 38:
    // a 700-byte part claiming 1000x1000 allocated 1 TB).
    kt_count::pairs::check_plan(board, ends)
        .map_err(|e| CliError::input(format!("{}: {e}", first_path.display())))?;
    let plan = kt_count::pairs::plan_of(board, ends);
    let merged =
        kt_count::merge_parts(&plan, &parts).map_err(|e| CliError::input(e.to_string()))?;
    let mut out = Output::stdout()?;

    let table = kt_count::Table::of(&board, &merged.by_start);
    let heat_map = args
        .svg
        .as_ref()
        .map(|path| {
            super::heat_map::draw(&board, "open", &TableOf::Starts, &table, None, false)
                .map(|svg| (path, svg))
                .map_err(|e| CliError::other(format!("internal error: {e}")))
        })
        .transpose()?;
    let check = args.check.then(|| {
        kt_count::check_answer(
            &board,
            TourKind::Open,
            &kt_count::Answered {
                question: kt_count::Question::Pairs { shard: None, ends },
                count: &merged.total,
                table: Some(&table),
                classes: &[],
            },
        )
    });
    let name = |s| kt_count::square_name(&board, s);
    if args.json {
        let document = MergedDocument {
            schema: SCHEMA,
            program: json::PROGRAM,
            board: first.board.clone(),
            kind: "open",
            plan: plan.fingerprint(),
            count: merged.total.to_string(),
            by_end: table.clone(),
            by_start: table,
            undirected: (&merged.total / 2u32).to_string(),
            classes: plan
                .classes()
                .iter()
                .zip(&merged.classes)
                .map(|(c, n)| MergedClass {
                    id: c.id,
                    from: name(c.from),
                    to: c.to.map(name),
                    weight: c.weight,
                    count: n.to_string(),
                    tours: (n * c.weight).to_string(),
                })
                .collect(),
            parts: parts.len(),
            counted_by: merged.versions.clone(),
            check: check.as_ref().map(CheckReport::from),
        };
        serde_json::to_writer(&mut out, &document)
            .map_err(std::io::Error::from)
            .or_fail()?;
        writeln!(out).or_fail()?;
    } else {
        writeln!(out, "{}", merged.total).or_fail()?;
        writeln!(
            out,
            "open tours of {board} (directed Hamiltonian paths, every start square), from {} parts of plan {} ({} classes)",
            parts.len(),
            plan.fingerprint(),
            plan.classes().len()
        )
        .or_fail()?;
        writeln!(out, "  by start square:").or_fail()?;
        crate::summary::write_table(&table.decimal(), &mut out).or_fail()?;
        writeln!(
            out,
            "  by end square: the same table (reversing a path from s to e gives one from e to s)"
        )
        .or_fail()?;
        writeln!(
            out,
            "  undirected         {} (each path once, half the directed count)",
            &merged.total / 2u32
        )
        .or_fail()?;
        writeln!(
            out,
            "{}",
            match ends {
                kt_count::Ends::Pairs => "  by pair class (paths from one square of the class to the other; weight: ordered pairs in the class):",
                kt_count::Ends::Starts => "  by start class (paths from one square of the class to any end; weight: squares in the class):",
            }
        )
        .or_fail()?;
        let rows: Vec<(&kt_count::PairClass, String, String)> = plan
            .classes()
            .iter()
            .zip(&merged.classes)
            .map(|(c, n)| (c, n.to_string(), (n * c.weight).to_string()))
            .collect();
        let paths_width = rows.iter().map(|r| r.1.len()).max().unwrap_or(0).max(5);
        let tours_width = rows.iter().map(|r| r.2.len()).max().unwrap_or(0).max(5);
        writeln!(
            out,
            "    class  from    to  weight  {:>paths_width$}  {:>tours_width$}",
            "paths", "tours"
        )
        .or_fail()?;
        for (class, paths, tours) in &rows {
            writeln!(
                out,
                "    {:>5}  {:>4}  {:>4}  {:>6}  {paths:>paths_width$}  {tours:>tours_width$}",
                class.id,
                name(class.from),
                class.to.map_or_else(|| "any".to_string(), name),
                class.weight,
            )
            .or_fail()?;
        }
        if let Some(check) = &check {
            for row in &check.agreeing {
                writeln!(out, "  check              agrees with {row}").or_fail()?;
            }
        }
    }
    out.finish()?;
    if let Some((path, svg)) = heat_map {
        super::png::write_picture(path, &svg, args.png_width)?;
    }
    match check.and_then(|c| c.disagreeing.first().cloned()) {
        Some((published, expected)) => Err(CliError {
            code: ExitCode::CheckFailed,
            message: format!(
                "the merged count disagrees with the published {published} (which implies {expected})"
            ),
        }),
        None => Ok(ExitCode::Success),
    }
}
