//! Counting by backtracking, reported like a ZDD run (for comparison).

use kt_board::{Board, TourKind};

use crate::Failure;
use crate::report::RunReport;

pub fn count(_board: Board, _kind: TourKind) -> Result<RunReport, Failure> {
    Err(Failure::other(
        "counting by backtracking is not available yet".into(),
    ))
}
