//! The table by end square of the open tours from one square, from one
//! sweep from that square whose states tally their paths' other end by
//! class of square (`kt_frontier::count_by_end_in`): about one fixed-start
//! sweep, where a run a class of end squares repeats the sweep for each.
//! The plan gives a start whose classes do not fit a tally to
//! `by_restricted` instead (`questions::on_board`).

use num_bigint::BigUint;

use super::table;
use crate::failure::Failure;
use crate::methods::{self, Job, Method};
use crate::observer::Watch;
use crate::report::RunReport;
use crate::request::Question;

/// Counts the directed open tours from the question's square to every
/// square of `job`'s board in one run of `method`, fills the report's
/// table by end square, and returns their total.
pub(super) fn by_end_tallies(
    question: Question,
    job: &Job,
    method: &dyn Method,
    report: &mut RunReport,
    watch: Watch<'_>,
) -> Result<BigUint, Failure> {
    let Question::ByEnd { from } = question else {
        return Err(Failure::other(
            "internal error: only the table by end square is answered by end tallies",
        ));
    };
    match methods::end_tallies(method)?.count_by_end(job, from, report, watch)? {
        Some((total, by_square)) => {
            report.by_end = Some(table(&job.board, &by_square));
            Ok(total)
        }
        None => Err(Failure::other(
            "internal error: the table by end square was planned in one sweep from a square whose classes do not fit a tally",
        )),
    }
}

#[cfg(test)]
mod tests {
    use kt_board::{Board, TourKind};

    use crate::cancel::CancelToken;
    use crate::methods::MethodSettings;
    use crate::observer::Silent;
    use crate::questions::Strategy;
    use crate::request::{Question, Request};

    /// The table by end square from `from`, answered by `method` with
    /// `strategy` where given (the plan's own choice otherwise).
    fn by_end(
        board: Board,
        from: usize,
        method: &str,
        strategy: Option<Strategy>,
    ) -> crate::numbers::Table {
        let request = Request::new(board, TourKind::Open)
            .with_method(MethodSettings::named(method).unwrap())
            .asking(Question::ByEnd { from });
        let mut plan = crate::plan(&request).unwrap();
        if let Some(strategy) = strategy {
            plan.strategy = strategy;
        }
        let counted = plan.run(&Silent, &CancelToken::new()).unwrap();
        counted.report.by_end.unwrap()
    }

    /// From every square of boards up to 30 squares and from four of
    /// 6×6's: the one sweep with tallies, the runs a class of end squares,
    /// and the edge diagram's paths by end (an independent method) agree.
    #[test]
    fn the_one_sweep_the_runs_and_the_edge_diagram_agree() {
        let six: Board = "6x6".parse().unwrap();
        let boards: [(Board, Vec<usize>); 3] = [
            ("3x4".parse().unwrap(), (0..12).collect()),
            ("5x6".parse().unwrap(), (0..30).collect()),
            (six, vec![30, 31, 25, 20]),
        ];
        for (board, squares) in boards {
            for from in squares {
                let tallies = by_end(board, from, "frontier", Some(Strategy::ByEndTallies));
                let runs = by_end(board, from, "frontier", Some(Strategy::ByRestricted));
                let edges = by_end(board, from, "edges", None);
                assert_eq!(tallies, runs, "{board} from {from}");
                assert_eq!(tallies, edges, "{board} from {from}");
            }
        }
    }
}
