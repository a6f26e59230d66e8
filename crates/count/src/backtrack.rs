//! The backtracking method: plain depth-first search over the knight's
//! graph (kt-tours), reported like a ZDD run so that the two can stand side
//! by side in the benchmark tables.

use std::time::Instant;

use kt_board::{Square, TourKind};
use kt_tours::backtrack::{COUNT_MAX_CELLS, CountError, CountLimits, count_tours_with_nodes};
use kt_tours::{Ends, count_open_tours};
use num_bigint::BigUint;

use crate::cancel::{CancelToken, Cause};
use crate::failure::{Failure, FailureKind};
use crate::observer::Observer;
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
    observer.report(&report);
    let result = count_tours_with_nodes(
        &request.board,
        request.kind,
        &CountLimits {
            node_limit: None,
            stop: Some(cancel.flag()),
        },
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
