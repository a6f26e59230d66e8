//! Open tours by their ends: the pair plan with the frontier method's cost
//! model, and the parts and merges of a count split into shards
//! (`kt-shards` has the plan's classes, the shards and the checks). The
//! count by classes itself, with its resume from the classes done, is the
//! strategy `answer/by_pairs.rs`; this module is what it and the command
//! line share: the plans, the part a report holds, where a part is kept.
//!
//! **The cost model.** A class is counted by one fixed-ends sweep of its
//! representative. What such a sweep costs is mostly what its count is:
//! paths between squares of small degree (corners, edges) are many more,
//! and so are the states that carry them. On the 45 classes of 6×6 the
//! states read by each sweep follow `exp(−0.243 · (deg s + deg e))` with
//! R² = 0.71. On 7×7 the same measure ranks the classes' peak states well
//! (correlation −0.80) but their times less so (−0.42: seconds fall only
//! about 5% a degree), because a sweep's time is spread over many levels
//! of middling width (`docs/benchmarks.md`, "Endpoint pairs"). The shards
//! it balances may differ about twofold in time. Among the members of a class,
//! which all cost alike by that measure, the representative is the one
//! whose ends enter the frontier closest together: for fewer steps the
//! state carries one end tied to the other through the virtual edge.

use std::path::Path;

use kt_board::{Board, Square};
use kt_shards::{PairPlan, Part};

use crate::paths::PART_FILE;
use crate::report::RunReport;

/// The plan of `board`'s pair classes, representatives and costs chosen
/// for the frontier method's fixed-ends sweep.
///
/// The costs are those of the columns order, whatever order the sweeps
/// take: the plan's fingerprint, which every part carries, covers the
/// representatives the costs choose, so a plan that followed the order
/// would refuse the parts already counted (`data/ours/`). A class's count
/// does not depend on the order, so the sweeps take the fastest one.
pub fn plan(board: Board) -> PairPlan {
    let cells = board.cells().max(1) as f64;
    let order = kt_frontier::Order::columns(board);
    PairPlan::new(board, |from, to| cost(&order, from, to, cells))
}

/// The plan of `board`'s start squares, for the table by start square:
/// one fixed-start sweep a class. The cost of a sweep falls with the
/// start's degree as a pair's does with its ends' (on 7×7 a corner's sweep
/// reads 1.55 times the states of the centre's); every member of a class
/// has the same degree, so the representative is the class's first
/// square.
pub fn start_plan(board: Board) -> PairPlan {
    PairPlan::starts(board, |from| (-0.243 * board.degree(from) as f64).exp())
}

/// The plan of `board` for classes of `ends`.
pub fn plan_of(board: Board, ends: kt_shards::Ends) -> PairPlan {
    match ends {
        kt_shards::Ends::Pairs => plan(board),
        kt_shards::Ends::Starts => start_plan(board),
    }
}

/// The estimated cost of counting the paths from `from` to `to` (relative
/// units; see the module docs).
fn cost(order: &kt_frontier::Order, from: Square, to: Square, cells: f64) -> f64 {
    let board = order.board();
    let degrees = (board.degree(from) + board.degree(to)) as f64;
    let sweep = kt_frontier::Sweep::between_in(order, from, to);
    let entries: Vec<usize> = sweep
        .steps()
        .iter()
        .enumerate()
        .flat_map(|(i, step)| std::iter::repeat_n(i, step.terminals_entering.len()))
        .collect();
    let span = match (sweep.terminals(), entries.as_slice()) {
        (Some([0, _]), [.., second]) => *second as f64 + 1.0,
        (_, [first, .., second]) => (second - first) as f64,
        _ => 0.0,
    };
    (-0.243 * degrees).exp() * (1.0 + span / cells)
}

/// The part a report of a pair count holds, as a shard writes it (its
/// `commit` left for the program to fill in).
pub fn part(report: &RunReport, version: &str) -> Option<Part> {
    let pairs = report.pairs.as_ref()?;
    Some(Part {
        schema: kt_shards::part::schema(pairs.ends).into(),
        version: version.into(),
        commit: None,
        board: format!("{}x{}", report.benchmark.rows, report.benchmark.cols),
        kind: "open".into(),
        plan: pairs.plan.clone(),
        plan_classes: pairs.plan_classes,
        shard: pairs.shard.clone(),
        method: report.settings.method.clone(),
        order: report
            .frontier
            .as_ref()
            .map(|f| f.order_fingerprint.clone())
            .filter(|f| !f.is_empty()),
        classes: pairs.classes.clone(),
        seconds: report.total_time_ms / 1000.0,
        check: None,
        checksum: None,
    })
}

/// What building the pair plan of 20×20 took (`shards 20`, issue 38):
/// every ordered pair's fixed-ends sweep is built to cost it, so the work
/// grows as the cube of the squares.
const PAIR_PLAN_SECONDS_AT_400_SQUARES: f64 = 119.0;

/// The longest a plan may be estimated to take before `shards` and
/// `merge`, which have no `--force`, refuse to build it: no count of the
/// classes of a board whose plan takes longer could finish.
pub const MAX_PLAN_SECONDS: f64 = 30.0;

/// The most squares of a board whose start plan is built: a class a few
/// squares, about 200 bytes a square.
pub const MAX_START_PLAN_SQUARES: usize = 1_000_000;

/// The estimated seconds it takes to build the plan of `board`'s classes
/// of `ends` (a start plan's are negligible).
pub fn plan_seconds(board: Board, ends: kt_shards::Ends) -> f64 {
    match ends {
        kt_shards::Ends::Pairs => {
            PAIR_PLAN_SECONDS_AT_400_SQUARES * (board.cells() as f64 / 400.0).powi(3)
        }
        kt_shards::Ends::Starts => 0.0,
    }
}

/// Refuses, before it is built, a plan too large to build in
/// [`MAX_PLAN_SECONDS`] or in memory, for a command that cannot be forced;
/// `count` weighs the same time in its estimate instead (`plan`), where
/// `--force` can start it.
pub fn check_plan(board: Board, ends: kt_shards::Ends) -> Result<(), String> {
    let seconds = plan_seconds(board, ends);
    if seconds > MAX_PLAN_SECONDS {
        return Err(format!(
            "the plan of {board}'s endpoint pairs would take about {} to build (a sweep for each of its {} ordered pairs), and no count of its classes could finish; plans are built for boards of at most about {:.0} squares",
            crate::human::duration(seconds),
            (board.cells() as u128).pow(2),
            400.0 * (MAX_PLAN_SECONDS / PAIR_PLAN_SECONDS_AT_400_SQUARES).cbrt()
        ));
    }
    if ends == kt_shards::Ends::Starts && board.cells() > MAX_START_PLAN_SQUARES {
        return Err(format!(
            "the plan of {board}'s start squares would hold {} squares, more than the {MAX_START_PLAN_SQUARES} a plan holds; no count of its classes could finish",
            board.cells()
        ));
    }
    Ok(())
}

/// The number of classes of `board`'s plan of `ends`: counted where the
/// plan is quick to build, else estimated (the ordered pairs or squares
/// over the symmetries), so that a plan estimated is never built just to
/// be refused.
pub fn classes(board: Board, ends: kt_shards::Ends) -> usize {
    if plan_seconds(board, ends) < 0.5 && board.cells() <= MAX_START_PLAN_SQUARES {
        return plan_of(board, ends).classes().len();
    }
    let symmetries = kt_board::Symmetry::group(&board).len().max(1);
    let cells = board.cells();
    match ends {
        kt_shards::Ends::Pairs => cells.saturating_mul(cells.saturating_sub(1)) / symmetries,
        kt_shards::Ends::Starts => cells / symmetries,
    }
    .max(1)
}

/// Whether `dir` holds the classes done of a count by endpoint pairs.
pub fn has_part(dir: &Path) -> bool {
    dir.join(PART_FILE).is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plan is bounded before it is built: 8×8's pair plan is built, the
    /// 1000×1000 one a part may claim is refused at once (it allocated
    /// 1 TB: issue 38), and so is a start plan of 10⁸ squares; a slow plan's
    /// classes are estimated, not counted by building it.
    #[test]
    fn plans_are_bounded_before_they_are_built() {
        let board = |text: &str| text.parse::<Board>().unwrap();
        assert!(check_plan(board("8x8"), kt_shards::Ends::Pairs).is_ok());
        let huge = check_plan(board("1000x1000"), kt_shards::Ends::Pairs).unwrap_err();
        assert!(huge.contains("years"), "{huge}");
        assert!(check_plan(board("10000x10000"), kt_shards::Ends::Starts).is_err());
        assert_eq!(
            classes(board("5x5"), kt_shards::Ends::Pairs),
            plan(board("5x5")).classes().len()
        );
        let estimated = classes(board("12x40"), kt_shards::Ends::Pairs);
        assert!(estimated > 10_000, "{estimated}");
    }
}
