//! `knights-tour tour`: tours taken from the family of tours the library
//! hands out, written as they are taken (a million random tours need no
//! more memory than one).

use std::io::Write;
use std::sync::Arc;

use kt_count::{BigUint, Selection, Tour};
use serde::Serialize;

use super::supervised;
use crate::cli::{TourArgs, TourFormat};
use crate::exit::{CliError, ExitCode};
use crate::json;
use crate::output::{OrFail, Output};
use crate::progress::Monitor;

#[derive(Serialize)]
struct TourJson<'a> {
    index: String,
    #[serde(flatten)]
    view: &'a kt_tours::TourView,
}

pub fn run(args: &TourArgs, progress: bool) -> Result<ExitCode, CliError> {
    let request = args.request().map_err(CliError::input)?;
    let format = args.tour_format().map_err(CliError::input)?;
    super::png::check_width(args.svg.as_deref(), args.png_width)?;
    // Refused before any work (and before a seed is drawn): an estimate
    // beyond the machine, an --svg file that cannot be written.
    let plan = kt_count::plan(&request)?;
    let (board, kind) = (request.board, request.kind);
    let seed = args.random.then(|| args.seed.unwrap_or_else(rand::random));
    if let (Some(seed), None) = (seed, args.seed) {
        crate::progress::say(&format!("seed {seed} (repeat with --seed {seed})"));
    }
    let selection = match seed {
        Some(seed) => Selection::Random {
            count: args.count as usize,
            seed,
        },
        None if args.all => Selection::All {
            limit: args.limit as usize,
        },
        None => Selection::First {
            count: args.count as usize,
        },
    };
    let mut out = Output::stdout()?;
    let estimate = plan.estimate.as_ref().map(|reach| reach.seconds);
    let monitor = Arc::new(Monitor::new(progress, estimate));
    let built = supervised(&monitor, move |observer, cancel| {
        plan.tours(observer, cancel)
    })
    .map_err(|unfinished| unfinished.error)?;
    let Some(family) = built.family else {
        return Err(CliError::no_tour(format!(
            "no {kind} tour on {board}: {}",
            built.report.reason.unwrap_or_default()
        )));
    };
    let total = family.total();
    if total == BigUint::ZERO {
        return Err(CliError::no_tour(format!(
            "the {board} board has no {kind} tour (the count is 0)"
        )));
    }
    let tours = family.tours(&selection);

    let mut written = 0usize;
    let mut svgs = SvgFiles::new(
        args.svg.as_deref(),
        kt_tours::SvgOptions {
            numbers: !args.no_numbers,
        },
        args.png_width,
    );
    if format == TourFormat::Json {
        // One document, written element by element.
        write!(
            out,
            "{}\n  \"rows\": {},\n  \"cols\": {},\n  \"tour\": \"{kind}\",\n  \"total\": \"{total}\",\n  \"seed\": {},\n  \"tours\": [",
            json::opening(json::TOUR_SCHEMA),
            board.rows(),
            board.cols(),
            seed.map_or("null".to_string(), |s| s.to_string())
        )
        .or_fail()?;
    }
    for picked in tours {
        let (index, tour) = picked?;
        match format {
            TourFormat::Json => {
                let view = kt_tours::TourView::from(&tour);
                let element = serde_json::to_string(&TourJson {
                    index: index.to_string(),
                    view: &view,
                })
                .map_err(|e| CliError::other(format!("cannot write JSON: {e}")))?;
                let separator = if written == 0 { "" } else { "," };
                write!(out, "{separator}\n    {element}").or_fail()?;
            }
            TourFormat::Board => {
                if written > 0 {
                    writeln!(out).or_fail()?;
                }
                writeln!(out, "{}", heading(&index, &total, &tour)).or_fail()?;
                write!(out, "{}", kt_tours::render_board(&tour)).or_fail()?;
            }
            TourFormat::Moves => writeln!(out, "{}", kt_tours::render_moves(&tour)).or_fail()?,
        }
        svgs.write(&tour)?;
        written += 1;
    }
    if format == TourFormat::Json {
        writeln!(out, "\n  ]\n}}").or_fail()?;
    }
    out.finish()?;
    if matches!(selection, Selection::All { .. }) && BigUint::from(written) < total {
        crate::progress::say(&format!(
            "showing {written} of {total} tours (raise --limit for more)"
        ));
    }
    Ok(ExitCode::Success)
}

fn heading(index: &BigUint, total: &BigUint, tour: &Tour) -> String {
    format!(
        "{} tour #{} of {} on {} (index {index})",
        tour.kind,
        index + 1u32,
        total,
        tour.board
    )
}

/// `--svg FILE`: the first tour in FILE, the next in FILE-2.svg, …
struct SvgFiles<'a> {
    path: Option<&'a std::path::Path>,
    options: kt_tours::SvgOptions,
    png_width: Option<u32>,
    written: usize,
}

impl<'a> SvgFiles<'a> {
    fn new(
        path: Option<&'a std::path::Path>,
        options: kt_tours::SvgOptions,
        png_width: Option<u32>,
    ) -> SvgFiles<'a> {
        SvgFiles {
            path,
            options,
            png_width,
            written: 0,
        }
    }

    fn write(&mut self, tour: &Tour) -> Result<(), CliError> {
        let Some(path) = self.path else {
            return Ok(());
        };
        self.written += 1;
        let file = if self.written == 1 {
            path.to_path_buf()
        } else {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("tour");
            // A PNG's further pictures are PNGs too.
            let ext = if super::png::wanted(path) {
                "png"
            } else {
                "svg"
            };
            path.with_file_name(format!("{stem}-{}.{ext}", self.written))
        };
        super::png::write_picture(
            &file,
            &kt_tours::render_svg_with(tour, self.options),
            self.png_width,
        )
    }
}
