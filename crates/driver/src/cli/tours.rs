//! The arguments of the commands that hand out tours: `tour`, `dot` and
//! `find`, and the requests they lower to.
#![allow(clippy::doc_markdown, reason = "doc comments here are --help text")]

use std::path::PathBuf;

use super::parse::whole;
use clap::{Args, ValueEnum};
use kt_count::{Drawing, Request, Work};

use super::count::{MethodArgs, ProblemArgs, ZddArgs, given, method_choice};

#[derive(Debug, Args, Clone)]
pub struct FindArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,

    /// How to print the tour [default: board] (--json for JSON).
    #[arg(long, value_enum, help_heading = "Output")]
    pub format: Option<TourFormat>,

    /// Print the tour as one JSON document (docs/json.md).
    #[arg(long, help_heading = "Output")]
    pub json: bool,

    /// Also draw the tour as a picture in FILE: SVG, or PNG where FILE ends
    /// in .png.
    #[arg(long, value_name = "FILE", help_heading = "Output", value_parser = super::parse::parse_picture)]
    pub svg: Option<PathBuf>,

    /// The PNG's width in pixels, where the picture's FILE ends in .png
    /// [default: twice the picture's own width]; the height follows.
    #[arg(long, value_name = "PX", help_heading = "Output", value_parser = super::parse::parse_png_width, hide_short_help = true)]
    pub png_width: Option<u32>,

    /// Leave the step numbers out of the --svg picture (on large boards
    /// they are too small to read; above 100x100 they are always left out).
    #[arg(long, requires = "svg", help_heading = "Output")]
    pub no_numbers: bool,

    /// Do not report the time taken on stderr.
    #[arg(long = "no-time", help_heading = "Output")]
    pub quiet_time: bool,
}

#[derive(Debug, Args, Clone)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "each flag is an option a caller sets (--force, --random, --all, …), not a state"
)]
pub struct TourArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,

    #[command(flatten)]
    pub method: MethodArgs,

    #[command(flatten)]
    pub zdd: ZddArgs,

    /// Draw tours uniformly at random among all tours (exact, no floating point).
    #[arg(long, conflicts_with = "all", help_heading = "Output")]
    pub random: bool,

    /// Seed for --random [default: drawn from the OS and printed on stderr].
    #[arg(long, requires = "random", help_heading = "Output")]
    pub seed: Option<u64>,

    /// How many tours (the first ones, or random draws).
    #[arg(long, default_value_t = 1, value_parser = whole::<u64>(1, 1_000_000), help_heading = "Output")]
    pub count: u64,

    /// Every tour, in order, up to --limit.
    #[arg(long, help_heading = "Output")]
    pub all: bool,

    /// The most tours --all prints.
    #[arg(long, default_value_t = 1000, value_parser = whole::<u64>(1, 10_000_000), help_heading = "Output")]
    pub limit: u64,

    /// How to print each tour [default: board] (--json for JSON).
    #[arg(long, value_enum, help_heading = "Output")]
    pub format: Option<TourFormat>,

    /// Print the tours as one JSON document (docs/json.md).
    #[arg(long, help_heading = "Output")]
    pub json: bool,

    /// Also draw the tour as a picture in FILE: SVG, or PNG where FILE ends
    /// in .png (FILE-2.svg, … for more tours).
    #[arg(long, value_name = "FILE", help_heading = "Output", value_parser = super::parse::parse_picture)]
    pub svg: Option<PathBuf>,

    /// The PNG's width in pixels, where the picture's FILE ends in .png
    /// [default: twice the picture's own width]; the height follows.
    #[arg(long, value_name = "PX", help_heading = "Output", value_parser = super::parse::parse_png_width, hide_short_help = true)]
    pub png_width: Option<u32>,

    /// Leave the step numbers out of the --svg pictures.
    #[arg(long, requires = "svg", help_heading = "Output")]
    pub no_numbers: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TourFormat {
    /// The numbered board, row 0 at the top.
    Board,
    /// Algebraic squares in order, e.g. a1 c2 …
    Moves,
    /// One JSON document: the same as --json, which is the way to ask for it.
    #[value(hide = true)]
    Json,
}

/// The format `--format` and `--json` ask for together: `--json` is
/// `--format json`, and refused with another `--format`.
pub fn tour_format(format: Option<TourFormat>, json: bool) -> Result<TourFormat, String> {
    match (format, json) {
        (Some(format @ (TourFormat::Board | TourFormat::Moves)), true) => Err(format!(
            "--json and --format {} ask for two formats; give one",
            format
                .to_possible_value()
                .map_or_else(String::new, |v| v.get_name().to_string())
        )),
        (_, true) => Ok(TourFormat::Json),
        (format, false) => Ok(format.unwrap_or(TourFormat::Board)),
    }
}

impl TourArgs {
    /// The format asked for (`--format`, `--json`).
    pub fn tour_format(&self) -> Result<TourFormat, String> {
        tour_format(self.format, self.json)
    }
}

impl FindArgs {
    /// The format asked for (`--format`, `--json`).
    pub fn tour_format(&self) -> Result<TourFormat, String> {
        tour_format(self.format, self.json)
    }
}

#[derive(Debug, Args, Clone)]
pub struct DotArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,

    #[command(flatten)]
    pub method: MethodArgs,

    #[command(flatten)]
    pub zdd: ZddArgs,

    /// Write to FILE instead of standard output.
    #[arg(long, short, value_name = "FILE", help_heading = "Output")]
    pub output: Option<PathBuf>,

    /// Refuse diagrams with more nodes than this (DOT layouts of large
    /// diagrams are unreadable and slow).
    #[arg(long, default_value_t = 5000, help_heading = "Output")]
    pub max_nodes: usize,

    /// Dump oxidd's whole manager with its own DOT export instead (every
    /// level and node, including oxidd's internal tautology chain).
    #[arg(long, help_heading = "Output")]
    pub oxidd: bool,
}

impl TourArgs {
    /// The library request for the family of tours.
    pub fn request(&self) -> Result<Request, String> {
        let given = given(&self.method, &self.zdd, None);
        let mut request = Request::new(self.problem.board()?, self.problem.kind())
            .with_method(method_choice(&self.method, &given)?);
        request.work = Work::Tours;
        request.force = self.method.force;
        request
            .outputs
            .extend(self.svg.clone().map(|f| (kt_count::Output::Svg, f)));
        Ok(request)
    }
}

impl DotArgs {
    /// The library request for the drawing.
    pub fn request(&self) -> Result<Request, String> {
        let given = given(&self.method, &self.zdd, None);
        let mut request = Request::new(self.problem.board()?, self.problem.kind())
            .with_method(method_choice(&self.method, &given)?);
        request.work = Work::Draw {
            drawing: Drawing {
                max_nodes: self.max_nodes,
                whole_manager: self.oxidd,
                title: String::new(),
            },
        };
        request.force = self.method.force;
        request
            .outputs
            .extend(self.output.clone().map(|f| (kt_count::Output::Drawing, f)));
        Ok(request)
    }
}
