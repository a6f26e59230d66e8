//! Counts with a fixed start or end, tables by start and end square.
//!
//! The conventions (`docs/symmetry.md` has the derivations):
//!
//! * **open tours** are directed paths: `from s` counts those starting on
//!   `s`, `to e` those ending on `e`, both those from `s` to `e`; the table
//!   by start square sums to the total, the table by end square from `s`
//!   sums to the count from `s`;
//! * **closed tours** pass every square, so "from `s`" means the directed
//!   tours numbered from `s`, twice the undirected count (6×6: 19,724), as
//!   published tables of tours with a fixed start count them; "from `s` to
//!   `e`" means those whose last square is `e`, a knight's move from `s`:
//!   the undirected tours that make the move `s–e`. A table by start
//!   square would repeat one number, so it is not printed.
//!
//! Each method answers in its own way, all exact:
//!
//! * the time-sliced ZDD answers from **one** final diagram: the tours from
//!   `s` are its sets that contain the variable (s, time 0), and one pass
//!   counts the sets containing each variable ([`Family::counts_containing`]);
//! * the frontier method runs once per question, with the end squares'
//!   apex edges (or the move) required, a run per symmetry orbit of squares;
//! * backtracking searches from the start square.

use kt_board::{Board, Square, Symmetry, TourKind};
use kt_constraints::Encoding;
use kt_engine::{Family, Var};
use num_bigint::BigUint;

use crate::failure::Failure;
use crate::plan::Method;
use crate::report::{RunReport, SquareRef};
use crate::request::Request;

/// Refuses questions that do not go together or that the method cannot
/// answer, before any work.
pub(crate) fn validate(request: &Request, method: Method) -> Result<(), Failure> {
    let board = request.board;
    for (flag, square) in [("--from", request.from), ("--to", request.to)] {
        if let Some(s) = square
            && s >= board.cells()
        {
            return Err(Failure::refused(format!(
                "{flag}: square {s} is not on the {board} board"
            )));
        }
    }
    if request.by_end && request.from.is_none() {
        return Err(Failure::refused(
            "--by-end tables the tours from one square: give it with --from",
        ));
    }
    if request.by_start && (request.from.is_some() || request.to.is_some() || request.by_end) {
        return Err(Failure::refused(
            "--by-start tables every start square; it does not go with --from, --to or --by-end",
        ));
    }
    if request.up_to_symmetry
        && (request.from.is_some() || request.to.is_some() || request.by_start || request.by_end)
    {
        return Err(Failure::refused(
            "--up-to-symmetry counts whole tours up to the board's symmetries; it does not go with --from, --to, --by-start or --by-end",
        ));
    }
    if request.kind == TourKind::Closed && request.to.is_some() && request.from.is_none() {
        return Err(Failure::refused(
            "a closed tour ends where it started: --to needs --from (the tours from --from whose last square is --to)",
        ));
    }
    if request.edges
        && (request.from.is_some() || request.to.is_some() || request.by_start || request.by_end)
    {
        return Err(Failure::refused(
            "--from, --to, --by-start and --by-end are answered without a diagram; leave out --encoding edges",
        ));
    }
    if request.by_end && request.to.is_some() {
        return Err(Failure::refused(
            "--by-end tables every end square; it does not go with --to",
        ));
    }
    match method {
        Method::Backtrack
            if request.kind == TourKind::Closed && (request.to.is_some() || request.by_end) =>
        {
            Err(Failure::refused(
                "closed tours through a given move need --method zdd or --method frontier",
            ))
        }
        Method::Frontier
            if request.asks_more()
                && (request.checkpoint.is_some() || request.resume.is_some()) =>
        {
            Err(Failure::refused(
                "checkpoints record whole counts: --checkpoint and --resume do not go with --from, --to, --by-start, --by-end or --up-to-symmetry",
            ))
        }
        _ => Ok(()),
    }
}

/// Fills the squares asked about into the report.
pub(crate) fn describe(request: &Request, report: &mut RunReport) {
    let board = request.board;
    report.from = request.from.map(|s| SquareRef::of(&board, s));
    report.to = request.to.map(|s| SquareRef::of(&board, s));
}

/// A board-shaped table of decimal strings, row 0 first.
fn table(board: &Board, counts: &[BigUint]) -> Vec<Vec<String>> {
    (0..board.rows())
        .map(|r| {
            (0..board.cols())
                .map(|c| counts[board.square_at(r, c)].to_string())
                .collect()
        })
        .collect()
}

/// What a closed by-start request gets instead of a table.
fn closed_by_start_reason(total: &BigUint) -> String {
    format!(
        "every closed tour passes every square, so every square starts the same {} directed tours (twice the {total} undirected ones); no table is printed",
        total * 2u32
    )
}

/// Answers the questions of `request` when no tour exists at all.
pub(crate) fn none(request: &Request, report: &mut RunReport) -> BigUint {
    let board = request.board;
    let zeros = vec![BigUint::ZERO; board.cells()];
    if request.by_start && request.kind == TourKind::Open {
        report.by_start = Some(table(&board, &zeros));
    }
    if request.by_end {
        report.by_end = Some(table(&board, &zeros));
    }
    BigUint::ZERO
}

/// Answers from the final time-sliced family (the zdd method).
pub(crate) fn from_time_sliced(
    request: &Request,
    family: &Family,
    enc: &Encoding,
    report: &mut RunReport,
) -> BigUint {
    let board = request.board;
    let n = enc.cells();
    let last = enc.last_time();
    let start = |s: Square| enc.var(s, 0);
    let end = |s: Square| enc.var(s, last);
    match request.kind {
        TourKind::Open => {
            let required: Vec<Var> = request
                .from
                .map(start)
                .into_iter()
                .chain(request.to.map(end))
                .collect();
            let counts = family.counts_containing(&required);
            if request.by_start {
                let by: Vec<BigUint> = (0..n)
                    .map(|s| counts.by_var[start(s) as usize].clone())
                    .collect();
                report.by_start = Some(table(&board, &by));
            }
            if request.by_end {
                let by: Vec<BigUint> = (0..n)
                    .map(|e| counts.by_var[end(e) as usize].clone())
                    .collect();
                report.by_end = Some(table(&board, &by));
            }
            counts.total
        }
        TourKind::Closed => {
            let total = family.count();
            if request.by_start {
                report.reason = Some(closed_by_start_reason(&total));
                return total;
            }
            let Some(from) = request.from else {
                return total;
            };
            // A move s–e is made when s and e follow each other at some
            // time, or are the first and last squares.
            let through = |e: Square| -> BigUint {
                if !board.is_knight_move(from, e) {
                    return BigUint::ZERO;
                }
                let with = |a: Var, b: Var| family.counts_containing(&[a, b]).total;
                let mut sum = with(start(from), end(e)) + with(start(e), end(from));
                for t in 0..last {
                    sum += with(enc.var(from, t), enc.var(e, t + 1));
                    sum += with(enc.var(e, t), enc.var(from, t + 1));
                }
                sum
            };
            if request.by_end {
                let by: Vec<BigUint> = (0..n).map(through).collect();
                report.by_end = Some(table(&board, &by));
            }
            match request.to {
                Some(to) => through(to),
                None => total * 2u32,
            }
        }
    }
}

/// The squares of `board` in orbits under the symmetries that fix every
/// square of `fixed` (all of them when `fixed` is empty): the counts of
/// one square of an orbit hold for all of it.
fn orbits(board: &Board, fixed: &[Square]) -> Vec<Vec<Square>> {
    let group: Vec<Symmetry> = Symmetry::group(board)
        .into_iter()
        .filter(|g| fixed.iter().all(|&s| g.apply(board, s) == s))
        .collect();
    let mut seen = vec![false; board.cells()];
    let mut orbits = Vec::new();
    for s in board.squares() {
        if seen[s] {
            continue;
        }
        let mut orbit: Vec<Square> = group.iter().map(|g| g.apply(board, s)).collect();
        orbit.sort_unstable();
        orbit.dedup();
        for &t in &orbit {
            seen[t] = true;
        }
        orbits.push(orbit);
    }
    orbits
}

/// Answers by running a count once per distinct question: `count(ends,
/// move)` counts the undirected tours whose path has exactly the given ends
/// (open) or that make the given move (closed); `total` is the plain count.
pub(crate) fn by_runs(
    request: &Request,
    report: &mut RunReport,
    mut count: impl FnMut(&[Square], bool, Option<(Square, Square)>) -> Result<BigUint, Failure>,
    total: impl FnOnce() -> Result<BigUint, Failure>,
) -> Result<BigUint, Failure> {
    let board = request.board;
    let n = board.cells();
    match request.kind {
        TourKind::Open => {
            if board.cells() == 1 {
                // The one-square path starts and ends on its square.
                if request.by_start {
                    report.by_start = Some(table(&board, &[BigUint::from(1u32)]));
                }
                if request.by_end {
                    report.by_end = Some(table(&board, &[BigUint::from(1u32)]));
                }
                return Ok(BigUint::from(1u32));
            }
            if request.by_start {
                let mut by = vec![BigUint::ZERO; n];
                for orbit in orbits(&board, &[]) {
                    let c = count(&[orbit[0]], false, None)?;
                    for s in orbit {
                        by[s].clone_from(&c);
                    }
                }
                let sum = by.iter().sum();
                report.by_start = Some(table(&board, &by));
                return Ok(sum);
            }
            match (request.from, request.to) {
                (Some(from), _) if request.by_end => {
                    let mut by = vec![BigUint::ZERO; n];
                    for orbit in orbits(&board, &[from]) {
                        if orbit[0] == from {
                            continue;
                        }
                        let c = count(&[from, orbit[0]], true, None)?;
                        for e in orbit {
                            by[e].clone_from(&c);
                        }
                    }
                    let sum = by.iter().sum();
                    report.by_end = Some(table(&board, &by));
                    Ok(sum)
                }
                (Some(from), Some(to)) if from == to => Ok(BigUint::ZERO),
                (Some(from), Some(to)) => count(&[from, to], true, None),
                (Some(one), None) | (None, Some(one)) => count(&[one], false, None),
                (None, None) => total(),
            }
        }
        TourKind::Closed => {
            if request.by_start {
                let total = total()?;
                report.reason = Some(closed_by_start_reason(&total));
                return Ok(total);
            }
            let Some(from) = request.from else {
                return total();
            };
            let mut through = |e: Square| {
                if board.is_knight_move(from, e) {
                    count(&[], false, Some((from, e)))
                } else {
                    Ok(BigUint::ZERO)
                }
            };
            if request.by_end {
                let by: Vec<BigUint> = (0..n).map(&mut through).collect::<Result<_, _>>()?;
                let sum = by.iter().sum();
                report.by_end = Some(table(&board, &by));
                return Ok(sum);
            }
            match request.to {
                Some(to) => through(to),
                None => Ok(total()? * 2u32),
            }
        }
    }
}
