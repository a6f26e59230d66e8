//! `knights-tour order`: the order in which a frontier sweep takes a
//! board's squares, printed as a file `--order FILE` reads back.
//!
//! The output is the board of step numbers, after `#` lines that say where
//! the order came from, its fingerprint and its widest frontier (the
//! parser skips them). Saving it keeps a searched order (`--search`) for
//! later runs, and lets anyone see and edit what `auto` chose.

use std::fmt::Write as _;
use std::io::Write;

use kt_count::order::search::{self, Budget, Score};
use kt_count::order_trials::{self, Measured, OrderSearch, OrderTrials};
use kt_count::{Order, TourKind};

use crate::cli::{DEFAULT_BOARD, OrderArgs};
use crate::exit::{CliError, ExitCode};
use crate::output::{OrFail, Output};
use crate::supervise::{self, Ended};

/// The most squares an order is printed for: 100 times the squares of any
/// board a frontier count could finish, and few enough that the order,
/// its score and its text stay small (`order 10000x10000` took about
/// 10 GB: issue 38).
const MAX_SQUARES: usize = 100_000;

pub fn run(args: &OrderArgs, quiet: bool) -> Result<ExitCode, CliError> {
    let board = args.board.unwrap_or(DEFAULT_BOARD);
    if board.cells() > MAX_SQUARES {
        return Err(CliError::input(format!(
            "{board} has {} squares, more than the {MAX_SQUARES} an order is printed for: no frontier count of a board this large could run (its short side must be at most 13)",
            board.cells()
        )));
    }
    if let (Some(evaluations), Some(states)) = (args.search, args.measure) {
        return measured(args, board, evaluations, states, quiet);
    }
    let order = if args.columns {
        Order::columns(board)
    } else if let Some(evaluations) = args.search {
        search::search(
            board,
            &Budget {
                evaluations,
                restarts: args.restarts,
                seed: args.seed,
            },
        )
    } else {
        kt_count::order::auto(board)
    };
    let mut out = Output::stdout()?;
    out.write_all(described(&order, "").as_bytes()).or_fail()?;
    out.finish()?;
    Ok(ExitCode::Success)
}

/// The order as a file `--order FILE` reads: `#` lines that say what it
/// is (and `more`, already `#` lines), then the board of step numbers.
fn described(order: &Order, more: &str) -> String {
    let board = order.board();
    let columns = Order::columns(board);
    let score = Score::new(board);
    format!(
        "# the order of the squares of {board} for the frontier method: the step at which each square is taken\n\
         # source        {}\n\
         # fingerprint   {:08x}\n\
         # widest        {} slots closed, {} open (the columns: {} and {})\n\
         # score         {:.3} of the columns' (sum of {}^width over the steps)\n{more}{}",
        describe(order),
        order.fingerprint(),
        order.width(TourKind::Closed),
        order.width(TourKind::Open),
        columns.width(TourKind::Closed),
        columns.width(TourKind::Open),
        score.of(order.squares()) / score.of(columns.squares()),
        search::BASE,
        order.to_text()
    )
}

/// `--search N --measure STATES`: candidates swept and ranked by their
/// states; the best printed as an order file, every candidate's figures
/// in its `#` lines.
fn measured(
    args: &OrderArgs,
    board: kt_count::Board,
    evaluations: u64,
    states: u64,
    quiet: bool,
) -> Result<ExitCode, CliError> {
    let kind = if args.closed {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    let request = OrderSearch {
        board,
        kind,
        evaluations,
        restarts: args.restarts,
        seed: args.seed,
        seeds: args.seeds,
        mirrored: args.mirrored,
        states,
        threads: args.threads.map(|t| t as usize),
        memory: None,
    };
    let ended = supervise::run(move |cancel| {
        order_trials::search_orders(
            &request,
            |candidate| {
                if !quiet {
                    eprintln!("{}", line(candidate));
                }
            },
            &cancel,
        )
    });
    let trials = match ended {
        Ended::Done(result) => result.map_err(CliError::from)?,
        Ended::Abandoned { cause } => {
            return Err(CliError::from(kt_count::Failure::other(format!(
                "the search was stopped ({cause:?}) and did not end in time"
            ))));
        }
    };
    let best = &trials.ranked[0];
    let order = best
        .order
        .clone()
        .with_origin(best_origin(best, evaluations));
    let mut out = Output::stdout()?;
    out.write_all(described(&order, &table(&trials, kind, states)).as_bytes())
        .or_fail()?;
    out.finish()?;
    Ok(ExitCode::Success)
}

/// Where the best candidate came from (a searched one keeps its budget).
fn best_origin(best: &Measured, evaluations: u64) -> kt_count::order::Origin {
    match best.name.as_str() {
        "shipped" => kt_count::order::Origin::Shipped,
        "columns" => best.order.origin().clone(),
        _ => kt_count::order::Origin::Searched { evaluations },
    }
}

/// One candidate's figures, as the search goes and in the table.
fn line(c: &Measured) -> String {
    let (peak, at) = c.peak();
    format!(
        "{:<22} {:>08x}  {} summed over {} levels, peak {} (step {}), folds after {} steps, {:.1} s{}",
        c.name,
        c.order.fingerprint(),
        c.summed(),
        c.levels.len(),
        peak,
        at,
        c.fold_steps,
        c.seconds,
        match &c.tours {
            Some(tours) => format!(", whole: {tours} tours"),
            None => format!(", stopped at step {} of {}", c.levels.len(), c.steps),
        }
    )
}

/// The `#` lines of a measured search: every candidate, best first.
fn table(trials: &OrderTrials, kind: TourKind, states: u64) -> String {
    let mut text = format!(
        "# measured      {kind} sweeps, each to {states} states summed or to its end; best first (whole ones by their states; then stopped ones, the furthest first, then by their states)\n"
    );
    for (rank, c) in trials.ranked.iter().enumerate() {
        let _ = writeln!(text, "# {:>2}. {}", rank + 1, line(c));
    }
    for c in &trials.too_wide {
        let _ = writeln!(
            text,
            "# not swept: {:<22} {:>08x}  its frontier has {} slots, more than a state holds",
            c.name,
            c.order.fingerprint(),
            c.slots
        );
    }
    text
}

/// Where the order came from, in words.
fn describe(order: &Order) -> String {
    match order.origin() {
        kt_count::order::Origin::Searched { evaluations } => {
            format!("searched ({evaluations} orders scored)")
        }
        kt_count::order::Origin::Shipped => "shipped (crates/frontier/data/orders.csv)".into(),
        other => other.to_string(),
    }
}
