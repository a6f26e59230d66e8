//! Counting by plain backtracking (kt-tours), reported like a ZDD run so
//! that the two can stand side by side in the benchmark tables.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use kt_board::{Board, TourKind};
use kt_tours::backtrack::{CountError, CountLimits, count_tours_with_nodes};

use crate::report::{Benchmark, RunReport, Settings, Status};
use crate::run::millis;
use crate::{ExitCode, Failure, resources};

/// Raised by Ctrl-C; the counter looks at it every 2¹⁶ search nodes.
static STOP: AtomicBool = AtomicBool::new(false);

pub fn count(board: Board, kind: TourKind) -> Result<RunReport, Failure> {
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(ExitCode::Interrupted as i32);
        }
    });
    let started = Instant::now();
    let result = count_tours_with_nodes(
        &board,
        kind,
        &CountLimits {
            node_limit: None,
            stop: Some(&STOP),
        },
    );
    let mut report = RunReport::new(
        Benchmark::of(&board, kind),
        Settings {
            method: "backtrack",
            schedule: None,
            threads: 1,
            node_capacity: 0,
            cache_capacity: 0,
            memory_budget_bytes: 0,
        },
    );
    report.total_time_ms = millis(started.elapsed());
    report.peak_rss_bytes = resources::peak_resident().0;
    match result {
        Ok(done) => {
            report.count = Some(done.tours.to_string());
            report.search_nodes = Some(done.nodes);
            Ok(report)
        }
        Err(CountError::TooLarge { .. }) => Err(Failure::input(
            result.expect_err("matched an error").to_string(),
        )),
        Err(e) => {
            report.status = Status::Interrupted;
            report.error = Some(e.to_string());
            let _ = report.write_json(&mut std::io::stdout());
            Err(Failure {
                code: ExitCode::Interrupted,
                message: e.to_string(),
            })
        }
    }
}
