//! The backtracking method: plain depth-first search over the knight's
//! graph (kt-tours), reported like a ZDD run so that the two can stand side
//! by side in the benchmark tables.

use std::time::Instant;

use kt_tours::backtrack::{COUNT_MAX_CELLS, CountError, CountLimits, count_tours_with_nodes};

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
