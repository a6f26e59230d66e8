//! `knights-tour tour`: tours taken from the final ZDD.

use std::io::Write;

use kt_board::{Tour, TourKind};
use kt_constraints::Encoding;
use kt_engine::Engine;
use num_bigint::BigUint;
use serde::Serialize;

use crate::cli::{TourArgs, TourFormat};
use crate::extract::{self, Picked, Selection};
use crate::report::RunReport;
use crate::session::{self, Finish, Job, Partial};
use crate::{ExitCode, Failure};

/// Snapshot the family and pick the tours on the worker thread.
struct PickTours {
    selection: Selection,
    kind: TourKind,
}

impl Finish for PickTours {
    type Output = Picked;

    fn finish<E: Engine>(
        self,
        engine: &E,
        enc: &Encoding,
        family: &E::Func,
        _: &mut RunReport,
    ) -> Result<Picked, Failure> {
        let snapshot = extract::snapshot(engine, family)?;
        extract::pick(&snapshot, enc, self.kind, &self.selection)
    }
}

#[derive(Serialize)]
struct TourJson {
    index: String,
    #[serde(flatten)]
    view: kt_tours::TourView,
}

#[derive(Serialize)]
struct ToursJson {
    rows: usize,
    cols: usize,
    tour: String,
    total: String,
    seed: Option<u64>,
    tours: Vec<TourJson>,
}

pub fn run(args: &TourArgs, progress: bool) -> Result<ExitCode, Failure> {
    let job = Job::new(&args.problem, &args.engine, progress, Partial::Silent)?;
    let (board, kind) = (job.board, job.kind);
    let seed = args.random.then(|| args.seed.unwrap_or_else(rand::random));
    if let (Some(seed), None) = (seed, args.seed) {
        eprintln!("seed {seed} (repeat with --seed {seed})");
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
    let (report, picked) = session::compute(
        job,
        PickTours {
            selection: selection.clone(),
            kind,
        },
    )?;
    let Some(picked) = picked else {
        // Settled without a diagram: no closed tour on this board.
        return Err(Failure {
            code: ExitCode::Other,
            message: format!(
                "no {kind} tour on {board}: {}",
                report.reason.unwrap_or_default()
            ),
        });
    };
    if picked.tours.is_empty() {
        return Err(Failure {
            code: ExitCode::Other,
            message: format!("the {board} board has no {kind} tour (the count is 0)"),
        });
    }
    print(args, &picked, seed)?;
    if matches!(selection, Selection::All { .. })
        && BigUint::from(picked.tours.len()) < picked.total
    {
        eprintln!(
            "showing {} of {} tours (raise --limit for more)",
            picked.tours.len(),
            picked.total
        );
    }
    if let Some(path) = &args.svg {
        write_svgs(path, &picked.tours)?;
    }
    Ok(ExitCode::Success)
}

fn print(args: &TourArgs, picked: &Picked, seed: Option<u64>) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    let io = |e: std::io::Error| Failure::other(format!("cannot write the tours: {e}"));
    match args.format {
        TourFormat::Json => {
            let first = &picked.tours[0].1;
            let doc = ToursJson {
                rows: first.board.rows(),
                cols: first.board.cols(),
                tour: first.kind.to_string(),
                total: picked.total.to_string(),
                seed,
                tours: picked
                    .tours
                    .iter()
                    .map(|(i, t)| TourJson {
                        index: i.to_string(),
                        view: kt_tours::TourView::from(t),
                    })
                    .collect(),
            };
            serde_json::to_writer_pretty(&mut out, &doc).map_err(|e| io(e.into()))?;
            writeln!(out).map_err(io)?;
        }
        TourFormat::Board | TourFormat::Moves => {
            for (n, (index, tour)) in picked.tours.iter().enumerate() {
                if args.format == TourFormat::Board {
                    if n > 0 {
                        writeln!(out).map_err(io)?;
                    }
                    writeln!(out, "{}", heading(index, &picked.total, tour)).map_err(io)?;
                    write!(out, "{}", kt_tours::render_board(tour)).map_err(io)?;
                } else {
                    writeln!(out, "{}", kt_tours::render_moves(tour)).map_err(io)?;
                }
            }
        }
    }
    Ok(())
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

fn write_svgs(path: &std::path::Path, tours: &[(BigUint, Tour)]) -> Result<(), Failure> {
    for (n, (_, tour)) in tours.iter().enumerate() {
        let file = if n == 0 {
            path.to_path_buf()
        } else {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("tour");
            path.with_file_name(format!("{stem}-{}.svg", n + 1))
        };
        std::fs::write(&file, kt_tours::render_svg(tour))
            .map_err(|e| Failure::other(format!("cannot write {}: {e}", file.display())))?;
    }
    Ok(())
}
