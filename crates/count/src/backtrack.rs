//! The backtracking method: plain depth-first search over the knight's
//! graph (kt-tours), reported like a ZDD run so that the two can stand side
//! by side in the benchmark tables.

use std::time::Instant;

use kt_board::{Square, TourKind};
use kt_tours::backtrack::{COUNT_MAX_CELLS, CountError, CountLimits, count_tours_with_nodes};
use kt_tours::{Ends, SearchProgress, count_open_tours, count_tours_with_progress, estimate_tree};
use num_bigint::BigUint;

use crate::cancel::{CancelToken, Cause};
use crate::failure::{Failure, FailureKind};
use crate::observer::{Observer, Progress};
use crate::report::{RunReport, Status};
use crate::request::Request;

/// Refuses boards the counter cannot take (its visited set is one `u64`).
pub(crate) fn supports(request: &Request) -> Result<(), Failure> {
    let board = request.board;
    if board.cells() > COUNT_MAX_CELLS {
        return Err(Failure::refused(format!(
            "{board} {}: the backtracking counter handles boards of up to {COUNT_MAX_CELLS} squares; this one has {}",
            request.kind,
            board.cells()
        )));
    }
    Ok(())
}

/// Counts by backtracking, filling `report`.
pub(crate) fn count(
    request: &Request,
    mut report: RunReport,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<RunReport, Failure> {
    let started = Instant::now();
    report.settings.threads = 1;
    if let Some(note) = estimate(request) {
        observer.note(&note);
        report.notes.push(note);
    }
    observer.report(&report);
    let progress = |p: &SearchProgress| {
        observer.progress(Progress::Search {
            nodes: p.nodes,
            tours: p.tours,
            starts_done: p.starts_done,
            starts_total: p.starts_total,
        });
    };
    let result = count_tours_with_progress(
        &request.board,
        request.kind,
        &CountLimits {
            node_limit: None,
            stop: Some(cancel.flag()),
        },
        Some(&progress),
    );
    match result {
        Ok(done) => {
            report.count = Some(done.tours.to_string());
            report.search_nodes = Some(done.nodes);
            report.close(started);
            Ok(report)
        }
        Err(CountError::TooLarge { .. }) => Err(Failure::refused(
            result.expect_err("matched an error").to_string(),
        )),
        Err(e @ (CountError::Stopped { nodes } | CountError::NodeLimit { nodes })) => {
            let signal = match cancel.cause() {
                Some(Cause::Stop { signal }) => *signal,
                _ => None,
            };
            let message = format!("interrupted: {e}");
            report.search_nodes = Some(nodes);
            report.stop(Status::Interrupted, &message, started);
            Err(Failure {
                kind: FailureKind::Stopped { signal },
                message,
                report: None,
            }
            .with_report(report))
        }
    }
}

/// The nominal speed of the search, for the estimate said before it
/// starts: 6×6 open searches 37.3 million nodes in 0.62 s on the reference
/// machine (`docs/benchmarks.md`), about 60 million a second.
const NODES_PER_SECOND: f64 = 60e6;

/// Knuth's estimate of the search tree (random probes, "Estimating the
/// efficiency of backtrack programs", 1975), said before a search that
/// will take more than a minute: without it, `count 8x8 --closed --method
/// backtrack` would give no sign of its thousands of years.
fn estimate(request: &Request) -> Option<String> {
    let probes = 20_000;
    let tree = estimate_tree(&request.board, request.kind, probes, 1).ok()?;
    let seconds = tree.nodes_mean / NODES_PER_SECOND;
    (seconds > 60.0).then(|| {
        format!(
            "the search tree has about {:.1e} nodes (Knuth's estimator, {probes} probes, relative error {:.0}%): at about 60 million nodes a second, about {}",
            tree.nodes_mean,
            tree.relative_std_error * 100.0,
            human_time(seconds)
        )
    })
}

/// Seconds in the largest unit that keeps the number readable.
fn human_time(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    if seconds < HOUR {
        format!("{:.0} minutes", seconds / MINUTE)
    } else if seconds < DAY {
        format!("{:.1} hours", seconds / HOUR)
    } else if seconds < YEAR {
        format!("{:.0} days", seconds / DAY)
    } else {
        format!("{:.1e} years", seconds / YEAR)
    }
}

/// The failure a stopped or refused search means.
fn stopped(error: &CountError, cancel: &CancelToken) -> Failure {
    match error {
        CountError::TooLarge { .. } => Failure::refused(error.to_string()),
        _ => Failure {
            kind: FailureKind::Stopped {
                signal: match cancel.cause() {
                    Some(Cause::Stop { signal }) => *signal,
                    _ => None,
                },
            },
            message: format!("interrupted: {error}"),
            report: None,
        },
    }
}

/// Directed open tours from `ends[0]` (to `ends[1]` if given).
pub(crate) fn count_from(
    request: &Request,
    ends: &[Square],
    cancel: &CancelToken,
) -> Result<BigUint, Failure> {
    let limits = CountLimits {
        node_limit: None,
        stop: Some(cancel.flag()),
    };
    let ends = Ends {
        from: ends.first().copied(),
        to: ends.get(1).copied(),
    };
    count_open_tours(&request.board, ends, &limits, None)
        .map(|done| BigUint::from(done.tours))
        .map_err(|e| stopped(&e, cancel))
}

/// The plain count, for the questions that need it.
pub(crate) fn count_total(request: &Request, cancel: &CancelToken) -> Result<BigUint, Failure> {
    let limits = CountLimits {
        node_limit: None,
        stop: Some(cancel.flag()),
    };
    let kind: TourKind = request.kind;
    count_tours_with_nodes(&request.board, kind, &limits)
        .map(|done| BigUint::from(done.tours))
        .map_err(|e| stopped(&e, cancel))
}
