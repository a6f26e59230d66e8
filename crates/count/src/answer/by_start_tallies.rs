//! The table by start square of open tours from one sweep whose states
//! tally their paths' ends by class of square (`kt_frontier::tally`):
//! about the cost of the whole count, folded, where a run a class cannot
//! fold. The plan gives a board with more classes than a tally holds to
//! `by_pairs` instead (`questions::on_board`).

use num_bigint::BigUint;

use super::table;
use crate::failure::Failure;
use crate::methods::{self, Job, Method};
use crate::observer::Watch;
use crate::report::RunReport;

/// Counts the directed open tours from every square of `job`'s board in
/// one run of `method`, fills the report's table by start square, and
/// returns the total.
pub(super) fn by_start_tallies(
    job: &Job,
    method: &dyn Method,
    report: &mut RunReport,
    watch: Watch<'_>,
) -> Result<BigUint, Failure> {
    match methods::start_tallies(method)?.count_by_start(job, report, watch)? {
        Some((total, by_square)) => {
            report.by_start = Some(table(&job.board, &by_square));
            Ok(total)
        }
        None => Err(Failure::other(
            "internal error: the table by start square was planned in one sweep on a board whose classes do not fit a tally",
        )),
    }
}
