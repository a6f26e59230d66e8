//! `knights-tour shards`: the pair plan of a board, as `count --shard K/N`
//! will split it (with `--by-start`, the plan of its start squares, as
//! `count --by-start --shard K/N` will).

use std::io::Write;

use serde::Serialize;

use crate::cli::{DEFAULT_BOARD, ShardsArgs};
use crate::exit::{CliError, ExitCode};
use crate::json::{self, Program};
use crate::output::{OrFail, Output};

/// The schema of the plan's JSON.
const SCHEMA: &str = "knights-tour/pairs-plan/1";

#[derive(Serialize)]
struct PlanDocument {
    schema: &'static str,
    #[serde(flatten)]
    program: Program,
    board: String,
    kind: &'static str,
    /// `pairs` or `starts`.
    ends: kt_count::Ends,
    plan: String,
    ordered_pairs: u64,
    shards: Option<u32>,
    classes: Vec<ClassLine>,
}

#[derive(Serialize)]
struct ClassLine {
    id: usize,
    from: String,
    /// No `to` in a class of start squares (any end).
    /// `null` for a class of start squares (any end): every field is
    /// present, null where it has no value (docs/json.md).
    to: Option<String>,
    weight: u32,
    /// The cost model's estimate, relative to the cheapest class.
    cost: f64,
    /// `K/N` with `--shards N`.
    shard: Option<String>,
}

pub fn run(args: &ShardsArgs) -> Result<ExitCode, CliError> {
    let board = args.board.unwrap_or(DEFAULT_BOARD);
    let ends = if args.by_start {
        kt_count::Ends::Starts
    } else {
        kt_count::Ends::Pairs
    };
    // Bounded before it is built (issue 38: `shards 1000` allocated 1 TB).
    kt_count::pairs::check_plan(board, ends).map_err(CliError::input)?;
    let plan = kt_count::pairs::plan_of(board, ends);
    let mut out = Output::stdout()?;
    let cheapest = plan
        .classes()
        .iter()
        .map(|c| c.cost)
        .fold(f64::INFINITY, f64::min);
    let shard_of = |id: usize| {
        args.shards
            .and_then(|n| plan.shard_of(id, n as usize))
            .map(|s| s.to_string())
    };
    let name = |s| kt_count::square_name(&board, s);
    let classes: Vec<ClassLine> = plan
        .by_cost()
        .into_iter()
        .map(|c| ClassLine {
            id: c.id,
            from: name(c.from),
            to: c.to.map(name),
            weight: c.weight,
            cost: c.cost / cheapest,
            shard: shard_of(c.id),
        })
        .collect();
    if args.json {
        let document = PlanDocument {
            schema: SCHEMA,
            program: json::PROGRAM,
            board: format!("{}x{}", board.rows(), board.cols()),
            kind: "open",
            ends,
            plan: plan.fingerprint(),
            ordered_pairs: plan.ordered_pairs(),
            shards: args.shards,
            classes,
        };
        serde_json::to_writer(&mut out, &document)
            .map_err(std::io::Error::from)
            .or_fail()?;
        writeln!(out).or_fail()?;
    } else {
        match ends {
            kt_count::Ends::Pairs => writeln!(
                out,
                "{} classes of start and end squares of open tours of {board} ({} ordered pairs; plan {}), cheapest first:",
                plan.classes().len(),
                plan.ordered_pairs(),
                plan.fingerprint()
            ),
            kt_count::Ends::Starts => writeln!(
                out,
                "{} classes of start squares of open tours of {board} ({} squares; plan {}), cheapest first:",
                plan.classes().len(),
                plan.ordered_pairs(),
                plan.fingerprint()
            ),
        }
        .or_fail()?;
        writeln!(
            out,
            "{:>5}  {:>4} {:>4}  {:>6}  {:>8}{}",
            "class",
            "from",
            "to",
            "weight",
            "cost",
            if args.shards.is_some() { "  shard" } else { "" }
        )
        .or_fail()?;
        for c in &classes {
            writeln!(
                out,
                "{:>5}  {:>4} {:>4}  {:>6}  {:>8.2}{}",
                c.id,
                c.from,
                c.to.as_deref().unwrap_or("any"),
                c.weight,
                c.cost,
                c.shard.as_ref().map_or(String::new(), |s| format!("  {s}"))
            )
            .or_fail()?;
        }
        writeln!(
            out,
            "Count them with `count {board}{} --shard K/N --json > part-K.json` for K = 1..N, anywhere, then `merge part-*.json`.",
            match ends {
                kt_count::Ends::Pairs => "",
                kt_count::Ends::Starts => " --by-start",
            }
        )
        .or_fail()?;
    }
    out.finish()?;
    Ok(ExitCode::Success)
}
