//! `knights-tour order`: the order in which a frontier sweep takes a
//! board's squares, printed as a file `--order FILE` reads back.
//!
//! The output is the board of step numbers, after `#` lines that say where
//! the order came from, its fingerprint and its widest frontier (the
//! parser skips them). Saving it keeps a searched order (`--search`) for
//! later runs, and lets anyone see and edit what `auto` chose.

use std::io::Write;

use kt_count::order::search::{self, Budget, Score};
use kt_count::{Order, TourKind};

use crate::cli::{DEFAULT_BOARD, OrderArgs};
use crate::exit::{CliError, ExitCode};
use crate::output::{OrFail, Output};

/// The most squares an order is printed for: 100 times the squares of any
/// board a frontier count could finish, and few enough that the order,
/// its score and its text stay small (`order 10000x10000` took about
/// 10 GB: issue 38).
const MAX_SQUARES: usize = 100_000;

pub fn run(args: &OrderArgs) -> Result<ExitCode, CliError> {
    let board = args.board.unwrap_or(DEFAULT_BOARD);
    if board.cells() > MAX_SQUARES {
        return Err(CliError::input(format!(
            "{board} has {} squares, more than the {MAX_SQUARES} an order is printed for: no frontier count of a board this large could run (its short side must be at most 13)",
            board.cells()
        )));
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
    let columns = Order::columns(board);
    let score = Score::new(board);
    let mut out = Output::stdout()?;
    let text = format!(
        "# the order of the squares of {board} for the frontier method: the step at which each square is taken\n\
         # source        {}\n\
         # fingerprint   {:08x}\n\
         # widest        {} slots closed, {} open (the columns: {} and {})\n\
         # score         {:.3} of the columns' (sum of {}^width over the steps)\n{}",
        describe(&order),
        order.fingerprint(),
        order.width(TourKind::Closed),
        order.width(TourKind::Open),
        columns.width(TourKind::Closed),
        columns.width(TourKind::Open),
        score.of(order.squares()) / score.of(columns.squares()),
        search::BASE,
        order.to_text()
    );
    out.write_all(text.as_bytes()).or_fail()?;
    out.finish()?;
    Ok(ExitCode::Success)
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
