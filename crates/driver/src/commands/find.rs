//! `knights-tour find`: one tour of a board of any size, without a ZDD.

use std::io::Write;
use std::time::Instant;

use kt_tours::{FindError, FindOptions, find_tour};

use crate::cli::{FindArgs, TourFormat};
use crate::{ExitCode, Failure};

pub fn run(args: &FindArgs) -> Result<ExitCode, Failure> {
    let board = args.problem.board().map_err(Failure::input)?;
    let kind = args.problem.kind();
    let started = Instant::now();
    let tour = find_tour(&board, kind, &FindOptions::default()).map_err(|e| match e {
        FindError::NoTour(reason) => Failure {
            code: ExitCode::Other,
            message: reason.to_string(),
        },
        other => Failure::other(format!("no {kind} tour found on {board}: {other}")),
    })?;
    // find_tour returns checked tours; check again here so that nothing is
    // printed that has not passed the one checker in this process.
    tour.check()
        .map_err(|e| Failure::other(format!("internal error: the tour found is invalid: {e}")))?;
    let elapsed = started.elapsed();
    let mut out = std::io::stdout().lock();
    let io = |e: std::io::Error| Failure::other(format!("cannot write the tour: {e}"));
    match args.format {
        TourFormat::Board => write!(out, "{}", kt_tours::render_board(&tour)).map_err(io)?,
        TourFormat::Moves => writeln!(out, "{}", kt_tours::render_moves(&tour)).map_err(io)?,
        TourFormat::Json => {
            serde_json::to_writer_pretty(&mut out, &kt_tours::TourView::from(&tour))
                .map_err(|e| io(e.into()))?;
            writeln!(out).map_err(io)?;
        }
    }
    if let Some(path) = &args.svg {
        std::fs::write(path, kt_tours::render_svg(&tour))
            .map_err(|e| Failure::other(format!("cannot write {}: {e}", path.display())))?;
    }
    if !args.quiet_time {
        eprintln!(
            "{kind} tour of {board} found in {:.3} s",
            elapsed.as_secs_f64()
        );
    }
    Ok(ExitCode::Success)
}
