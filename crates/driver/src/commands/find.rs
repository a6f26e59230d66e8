//! `knights-tour find`: one tour of a board of any size, without a ZDD.

use std::io::Write;
use std::time::Instant;

use kt_tours::{FindError, FindOptions, TourView, find_tour};
use serde::Serialize;

use crate::cli::{FindArgs, TourFormat};
use crate::exit::{CliError, ExitCode};
use crate::json::{self, Program};
use crate::output::{OrFail, Output};

/// `find --json`: the tour, with the schema and the program.
#[derive(Serialize)]
struct FindJson<'a> {
    schema: &'static str,
    #[serde(flatten)]
    program: Program,
    #[serde(flatten)]
    view: &'a TourView,
}

/// Refuses, before any work, a bad board, two formats, or an `--svg` file
/// that cannot be written.
pub(crate) fn plan(args: &FindArgs) -> Result<(), CliError> {
    args.problem.board().map_err(CliError::input)?;
    args.tour_format().map_err(CliError::input)?;
    if let Some(path) = &args.svg {
        kt_count::writable_file(kt_count::Output::Svg, path).map_err(CliError::from)?;
    }
    super::png::check_width(args.svg.as_deref(), args.png_width)
}

pub fn run(args: &FindArgs) -> Result<ExitCode, CliError> {
    plan(args)?;
    let format = args.tour_format().map_err(CliError::input)?;
    let board = args.problem.board().map_err(CliError::input)?;
    let kind = args.problem.kind();
    let mut out = Output::stdout()?;
    let started = Instant::now();
    let tour = find_tour(&board, kind, &FindOptions::default()).map_err(|e| match e {
        FindError::NoTour(reason) => CliError::no_tour(reason.to_string()),
        other => CliError::other(format!("no {kind} tour found on {board}: {other}")),
    })?;
    // find_tour returns tours that have passed the one checker
    // (`Tour::check`): the front end does not check them again.
    let elapsed = started.elapsed();
    match format {
        TourFormat::Board => write!(out, "{}", kt_tours::render_board(&tour)).or_fail()?,
        TourFormat::Moves => writeln!(out, "{}", kt_tours::render_moves(&tour)).or_fail()?,
        TourFormat::Json => {
            let document = FindJson {
                schema: json::FIND_SCHEMA,
                program: json::PROGRAM,
                view: &TourView::from(&tour),
            };
            json::write_pretty(&document, &mut out).or_fail()?;
        }
    }
    out.finish()?;
    if let Some(path) = &args.svg {
        let options = kt_tours::SvgOptions {
            numbers: !args.no_numbers,
        };
        super::png::write_picture(
            path,
            &kt_tours::render_svg_with(&tour, options),
            args.png_width,
        )?;
    }
    if !args.quiet_time && !crate::progress::quiet() {
        eprintln!(
            "{kind} tour of {board} found in {:.3} s",
            elapsed.as_secs_f64()
        );
    }
    Ok(ExitCode::Success)
}
