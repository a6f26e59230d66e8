//! `knights-tour find`: one tour of a board of any size, without a ZDD.

use std::io::Write;
use std::time::Instant;

use kt_tours::{FindError, FindOptions, find_tour};

use crate::cli::{FindArgs, TourFormat};
use crate::exit::{CliError, ExitCode};
use crate::output::{OrFail, Output};

/// Refuses, before any work, a bad board or an `--svg` file that cannot be
/// written.
pub(crate) fn plan(args: &FindArgs) -> Result<(), CliError> {
    args.problem.board().map_err(CliError::input)?;
    if let Some(path) = &args.svg {
        kt_count::writable_file("--svg", path).map_err(CliError::from)?;
    }
    Ok(())
}

pub fn run(args: &FindArgs) -> Result<ExitCode, CliError> {
    plan(args)?;
    let board = args.problem.board().map_err(CliError::input)?;
    let kind = args.problem.kind();
    let mut out = Output::stdout()?;
    let started = Instant::now();
    let tour = find_tour(&board, kind, &FindOptions::default()).map_err(|e| match e {
        FindError::NoTour(reason) => CliError::no_tour(reason.to_string()),
        other => CliError::other(format!("no {kind} tour found on {board}: {other}")),
    })?;
    // find_tour returns checked tours; check again here so that nothing is
    // printed that has not passed the one checker in this process.
    tour.check()
        .map_err(|e| CliError::other(format!("internal error: the tour found is invalid: {e}")))?;
    let elapsed = started.elapsed();
    match args.format {
        TourFormat::Board => write!(out, "{}", kt_tours::render_board(&tour)).or_fail()?,
        TourFormat::Moves => writeln!(out, "{}", kt_tours::render_moves(&tour)).or_fail()?,
        TourFormat::Json => {
            serde_json::to_writer_pretty(&mut out, &kt_tours::TourView::from(&tour))
                .map_err(std::io::Error::from)
                .or_fail()?;
            writeln!(out).or_fail()?;
        }
    }
    out.finish()?;
    if let Some(path) = &args.svg {
        let options = kt_tours::SvgOptions {
            numbers: !args.no_numbers,
        };
        std::fs::write(path, kt_tours::render_svg_with(&tour, options))
            .map_err(|e| CliError::other(format!("cannot write {}: {e}", path.display())))?;
    }
    if !args.quiet_time {
        eprintln!(
            "{kind} tour of {board} found in {:.3} s",
            elapsed.as_secs_f64()
        );
    }
    Ok(ExitCode::Success)
}
