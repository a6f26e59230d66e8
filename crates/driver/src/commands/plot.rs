//! `knights-tour plot`: reports that `count --json` or `bench` wrote, as
//! one SVG chart, so that the charts of the docs are ones a user can draw
//! from their own runs:
//!
//! * `--chart levels` (the default): the states (or seconds) of every
//!   level of frontier runs, on a logarithmic scale (levels span six
//!   orders of magnitude and more), one line per report, labelled with its
//!   board, kind, order and how it ended;
//! * `--chart bars`: each run's seconds (or peak memory), one bar per
//!   report on a logarithmic scale, labelled with its method, engine and
//!   schedule: the engines × schedules of `bench` runs side by side. A
//!   run stopped before the end (a timeout, Ctrl-C, out of memory) is
//!   drawn pale and marked "stopped, ≥": its time is a lower bound, and
//!   must never read as faster than a run that finished;
//! * `--chart table`: one report's table by start square (or by end
//!   square) as a board-shaped heat map, as `count --svg` draws it.
//!
//! Lines and bars are coloured by what was run, not by position: the
//! lines of one board and kind share a colour (the columns order, the
//! baseline every searched order is measured against, dashed beside the
//! others), and the bars of one method with the same settings share one
//! across boards. `--label` names them where the reports' own words do
//! not say enough.
//!
//! A report is read whole (at most [`MAX_REPORT_BYTES`]) and checked
//! before anything is drawn: a file that is not a report of this program,
//! or a report without what the chart draws, is refused with one line.

use std::io::{IsTerminal, Read};
use std::path::Path;

use kt_count::RunReport;
use kt_count::human::si;
use plotters::coord::Shift;
use plotters::coord::ranged1d::{SegmentedCoord, ValueFormatter};
use plotters::coord::types::RangedCoordusize;
use plotters::prelude::*;

use super::heat_map::TableOf;
use crate::cli::{Chart, PlotArgs};
use crate::exit::{CliError, ExitCode};
use crate::output::{OrFail, Output};

/// The largest report read: an 8×8 run's report is tens of kilobytes.
const MAX_REPORT_BYTES: u64 = 64 << 20;

/// The most reports one chart draws: a legend line or a bar each, and
/// beyond a few dozen neither can be read. The levels chart leaves room
/// above its lines for a legend line per report (1,030 reports made that
/// room infinite and the drawing endless: issue 38).
const MAX_REPORTS: usize = 100;

/// The most squares a table's heat map draws (`--chart table`): a heat map
/// of more is unreadable, and a report of a few megabytes can claim a
/// 3000×3000 table that takes gigabytes to draw (issue 38).
const MAX_TABLE_SQUARES: usize = 10_000;

/// The picture's size in pixels.
const SIZE: (u32, u32) = (960, 560);

/// One line of the chart.
struct Series {
    label: String,
    /// The board and kind, which pick the line's colour.
    board: String,
    /// Swept in the columns: drawn dashed beside lines of other orders.
    columns: bool,
    /// (step, value), values above zero only (a logarithmic scale).
    points: Vec<(f64, f64)>,
}

pub fn run(args: &PlotArgs) -> Result<ExitCode, CliError> {
    // Everything is checked before anything is written.
    if let Some(path) = &args.output {
        kt_count::writable_file(kt_count::Output::Plot, path).map_err(CliError::from)?;
    }
    not_to_a_terminal(args.output.as_deref(), std::io::stdout().is_terminal())?;
    super::png::check_width(args.output.as_deref(), args.png_width)?;
    if args.chart != Chart::Levels && args.time {
        return Err(CliError::input("--time goes with --chart levels"));
    }
    if args.chart != Chart::Table && args.exact {
        return Err(CliError::input("--exact goes with --chart table"));
    }
    if args.chart != Chart::Bars && args.memory {
        return Err(CliError::input("--memory goes with --chart bars"));
    }
    if args.chart == Chart::Table && args.reports.len() != 1 {
        return Err(CliError::input(
            "--chart table draws the table of one report; give one",
        ));
    }
    if args.reports.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
        return Err(CliError::input(
            "standard input (-) is one report file; give it once",
        ));
    }
    let mut reports = Vec::new();
    for path in &args.reports {
        reports.extend(
            read(path)?
                .into_iter()
                .map(|(report, spread)| (path.as_path(), report, spread)),
        );
    }
    if reports.len() > MAX_REPORTS {
        return Err(CliError::input(format!(
            "{} reports to draw, more than the {MAX_REPORTS} a chart can show readably: plot fewer at a time",
            reports.len()
        )));
    }
    if args.chart == Chart::Table && reports.len() != 1 {
        return Err(CliError::input(
            "--chart table draws the table of one report; the file holds several",
        ));
    }
    if args.chart == Chart::Table && !args.label.is_empty() {
        return Err(CliError::input(
            "--label goes with --chart levels or --chart bars",
        ));
    }
    if !args.label.is_empty() && args.label.len() != reports.len() {
        return Err(CliError::input(format!(
            "{} --label for {} reports: give one per report, in their order",
            args.label.len(),
            reports.len()
        )));
    }
    let svg = match args.chart {
        Chart::Levels => {
            let mut series = reports
                .iter()
                .map(|(path, report, _)| series(path, report, args.time))
                .collect::<Result<Vec<Series>, CliError>>()?;
            for (line, label) in series.iter_mut().zip(&args.label) {
                line.label.clone_from(label);
            }
            let title = args.title.clone().unwrap_or_else(|| {
                if args.time {
                    "Seconds per level".to_owned()
                } else {
                    "States per level".to_owned()
                }
            });
            draw(&series, &title, args.time)
                .map_err(|e| CliError::other(format!("cannot draw the chart: {e}")))?
        }
        Chart::Bars => {
            let mut bars: Vec<Bar> = reports
                .iter()
                .map(|(_, report, spread)| bar(report, *spread, args.memory))
                .collect();
            let common = if args.label.is_empty() {
                shorten_labels(&mut bars)
            } else {
                for (bar, label) in bars.iter_mut().zip(&args.label) {
                    bar.words = vec![label.clone()];
                }
                Vec::new()
            };
            let title = args.title.clone().unwrap_or_else(|| {
                let what = if args.memory {
                    "Peak memory per run"
                } else {
                    "Seconds per run"
                };
                if common.is_empty() {
                    what.to_owned()
                } else {
                    format!("{what}: {}", common.join(" "))
                }
            });
            draw_bars(&bars, &title, args.memory)
                .map_err(|e| CliError::other(format!("cannot draw the chart: {e}")))?
        }
        Chart::Table => {
            let (path, report, _) = &reports[0];
            heat_map(path, report, args.title.as_deref(), args.exact)?
        }
    };
    if let Some(path) = &args.output {
        super::png::write_picture(path, &svg, args.png_width)?;
    } else {
        let mut out = Output::stdout()?;
        std::io::Write::write_all(&mut out, svg.as_bytes()).or_fail()?;
        out.finish()?;
    }
    Ok(ExitCode::Success)
}

/// Refuses a chart with no `-o` where standard output is a terminal: a
/// chart is a picture, a few hundred lines of SVG that a terminal only
/// scrolls past.
fn not_to_a_terminal(output: Option<&Path>, terminal: bool) -> Result<(), CliError> {
    if output.is_none() && terminal {
        return Err(CliError::input(
            "plot draws a picture, which a terminal cannot show: give -o FILE (.svg or .png), or send standard output to a file",
        ));
    }
    Ok(())
}

/// A line of a benchmark script's `runs.jsonl`: the report under
/// `"report"`.
#[derive(serde::Deserialize)]
struct Run {
    report: RunReport,
}

/// The line of a benchmark script with the program's own word for how the
/// run ended: `scripts/bench-matrix.py` marks a run it stopped at its
/// timeout (with SIGINT, after which the program reports `interrupted`)
/// as `timeout`, a word of the script's and not of the report's schema.
fn as_run(mut value: serde_json::Value) -> Result<Run, serde_json::Error> {
    if let Some(status) = value.pointer_mut("/report/status")
        && status == "timeout"
    {
        *status = serde_json::Value::from("interrupted");
    }
    serde_json::from_value(value)
}

/// The reports in `path`, each with the standard deviation of its runs'
/// seconds where `bench --runs` measured one: one report (`count --json`,
/// `bench --json`) or several
/// one after another (as `bench ... --jsonl >> runs.jsonl` appends them, or as the
/// benchmark scripts' `runs.jsonl` keep them, each under `"report"`);
/// refused in one line if it holds none, or anything else.
fn read(path: &Path) -> Result<Vec<(RunReport, Option<f64>)>, CliError> {
    // `-` is standard input (`count --json | knights-tour plot -`).
    let stdin = path.as_os_str() == "-";
    let name = if stdin {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    // Bounded by what is read, not by what the file's length says: a
    // device or a pipe (`/dev/zero`, `<(yes)`) has none (issue 38).
    let mut text = String::new();
    let source: std::io::Result<Box<dyn Read>> = if stdin {
        Ok(Box::new(std::io::stdin().lock()))
    } else {
        std::fs::File::open(path).map(|file| Box::new(file) as Box<dyn Read>)
    };
    source
        .and_then(|source| source.take(MAX_REPORT_BYTES + 1).read_to_string(&mut text))
        .map_err(|e| CliError::input(format!("{name}: cannot read it: {e}")))?;
    if text.len() as u64 > MAX_REPORT_BYTES {
        return Err(CliError::input(format!(
            "{name}: more than {MAX_REPORT_BYTES} bytes is too large for a report"
        )));
    }
    let text = text.trim_start_matches('\u{feff}');
    let not_one = |e: &dyn std::fmt::Display| {
        CliError::input(format!("{name}: not a report of `count --json` ({e})"))
    };
    let mut reports = Vec::new();
    for (i, value) in serde_json::Deserializer::from_str(text)
        .into_iter::<serde_json::Value>()
        .enumerate()
    {
        let value = value.map_err(|e| not_one(&e))?;
        // Another command's document is named as such, not read as a
        // report with missing fields (`sequence --json`'s levels are no
        // count's; `docs/json.md` lists every schema).
        let schema = value
            .get("schema")
            .or_else(|| value.pointer("/report/schema"))
            .and_then(serde_json::Value::as_str);
        if let Some(schema) = schema.filter(|s| *s != kt_count::report::SCHEMA) {
            return Err(not_one(&format!(
                "document {} is a {schema} document, not {}",
                i + 1,
                kt_count::report::SCHEMA
            )));
        }
        // `bench --runs N`: the bar is the runs' mean, not the last run,
        // and its whisker their standard deviation.
        let mean = value
            .pointer("/bench/mean")
            .and_then(serde_json::Value::as_f64);
        let stddev = value
            .pointer("/bench/stddev")
            .and_then(serde_json::Value::as_f64);
        let mut report = serde_json::from_value::<RunReport>(value.clone())
            .or_else(|e| as_run(value).map(|run| run.report).map_err(|_| e))
            .map_err(|e| not_one(&format!("document {}: {e}", i + 1)))?;
        if let Some(mean) = mean {
            report.total_time_ms = mean * 1000.0;
        }
        reports.push((report, stddev));
    }
    if reports.is_empty() {
        return Err(not_one(&"the file is empty"));
    }
    Ok(reports)
}

/// The line one report draws.
fn series(path: &Path, report: &RunReport, time: bool) -> Result<Series, CliError> {
    let frontier = report
        .frontier
        .as_ref()
        .filter(|f| !f.levels.is_empty())
        .ok_or_else(|| {
            CliError::input(format!(
                "{}: a report without frontier levels (plot draws the levels of `count --method frontier --json` or `--method cluster`)",
                path.display()
            ))
        })?;
    let points = frontier
        .levels
        .iter()
        .map(|l| {
            let value = if time {
                l.time_ms / 1000.0
            } else {
                l.states as f64
            };
            (l.step as f64, value)
        })
        .filter(|&(_, v)| v > 0.0)
        .collect();
    let b = &report.benchmark;
    // Reports written before the order was recorded swept the columns.
    let order = if frontier.order.is_empty() {
        ", columns order".to_owned()
    } else {
        format!(", {} order {}", frontier.order, frontier.order_fingerprint)
    };
    let ended = if report.count.is_none() {
        format!(" (stopped after {} levels)", frontier.levels.len())
    } else {
        String::new()
    };
    let board = format!("{}x{} {}", b.rows, b.cols, b.tour);
    let label = format!("{board}{order}{ended}");
    let columns = frontier.order.is_empty() || frontier.order == "columns";
    Ok(Series {
        label,
        board,
        columns,
        points,
    })
}

/// The chart as an SVG document.
fn draw(series: &[Series], title: &str, time: bool) -> Result<String, Box<dyn std::error::Error>> {
    let steps = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .fold(1.0f64, f64::max);
    let (low, high) = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    // Headroom above the highest line for the legend, a line of it per
    // series, so that the legend never hides a peak.
    let headroom = 10f64.powf(0.6 + 0.3 * series.len().min(MAX_REPORTS) as f64);
    let (low, high) = if high > 0.0 {
        (low / 2.0, high * headroom)
    } else {
        (0.5, 2.0)
    };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 26))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(90)
            .build_cartesian_2d(0.0..steps + 1.0, (low..high).log_scale())?;
        chart
            .configure_mesh()
            .x_desc("step (squares decided)")
            .y_desc(if time {
                "time of the level (seconds, log scale)"
            } else {
                "states in the level (log scale)"
            })
            .y_label_formatter(&|v| log_tick(*v))
            .x_label_formatter(&|v| format!("{v:.0}"))
            .draw()?;
        let boards = first_seen(series.iter().map(|s| s.board.as_str()));
        // The columns dashed where they are the baseline of another order.
        let mixed = series.iter().any(|s| s.columns) && series.iter().any(|s| !s.columns);
        for line in series {
            let colour = okabe_ito(boards(&line.board)).to_rgba();
            let style = colour.stroke_width(2);
            let dashed = line.columns && mixed;
            let drawn = if dashed {
                chart.draw_series(DashedLineSeries::new(
                    line.points.iter().copied(),
                    8,
                    5,
                    style,
                ))?
            } else {
                chart.draw_series(LineSeries::new(line.points.iter().copied(), style))?
            };
            drawn.label(line.label.clone()).legend(move |(x, y)| {
                if dashed {
                    PathElement::new(vec![(x, y), (x + 8, y)], style)
                } else {
                    PathElement::new(vec![(x, y), (x + 20, y)], style)
                }
            });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.3))
            .draw()?;
        root.present()?;
    }
    Ok(svg)
}

/// One bar of `--chart bars`.
struct Bar {
    /// What the run was, word by word: board, kind, method, engine,
    /// schedule, threads or processes, order.
    words: Vec<String>,
    /// The method, engine and settings but the schedule, which pick the
    /// bar's colour: one method (or engine) in one colour on every board
    /// and under every schedule, so that a reader follows it across them.
    key: String,
    value: f64,
    /// The standard deviation of the runs' seconds (`bench --runs`), drawn
    /// as a whisker either side of the bar's end.
    spread: Option<f64>,
    /// False for a run stopped before the end: its value is a lower bound.
    finished: bool,
}

/// The bar one report draws: the run's seconds (with the spread of its
/// runs), or its peak memory (a cluster's largest process).
fn bar(report: &RunReport, spread: Option<f64>, memory: bool) -> Bar {
    let value = if memory {
        let processes = report.cluster.iter().flat_map(|c| &c.per_process);
        processes
            .map(|p| p.figures.peak_rss_bytes)
            .fold(report.peak_rss_bytes, u64::max) as f64
    } else {
        report.total_time_ms / 1000.0
    };
    let b = &report.benchmark;
    let s = &report.settings;
    let mut words = vec![format!("{}x{}", b.rows, b.cols), b.tour.clone()];
    words.push(s.method.clone());
    words.extend(report.package.as_ref().map(|p| p.kind.clone()));
    let schedule = words.len();
    words.extend(s.schedule.clone());
    if let Some(cluster) = &report.cluster {
        let n = cluster.processes;
        words.push(format!("{n} process{}", if n == 1 { "" } else { "es" }));
    } else if s.threads > 1 {
        words.push(format!("{} threads", s.threads));
    }
    if let Some(frontier) = &report.frontier {
        let order = if frontier.order.is_empty() {
            "columns"
        } else {
            &frontier.order
        };
        words.push(format!("{order} order"));
    }
    let key = words
        .iter()
        .enumerate()
        .filter(|&(i, _)| i >= 2 && (i != schedule || s.schedule.is_none()))
        .map(|(_, w)| w.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    Bar {
        words,
        key,
        value: value.max(1e-3),
        spread: spread.filter(|s| !memory && *s > 0.0),
        finished: report.status == kt_count::Status::Complete && report.count.is_some(),
    }
}

/// Takes the words every bar shares out of the labels and returns them,
/// for the title: a chart of one board's engines reads "zbdd fused", not
/// "5x5 open zdd zbdd fused" eighteen times. Labels keep every word where
/// all would go.
fn shorten_labels(bars: &mut [Bar]) -> Vec<String> {
    let Some(first) = bars.first() else {
        return Vec::new();
    };
    let common: Vec<String> = first
        .words
        .iter()
        .filter(|w| bars.iter().all(|b| b.words.contains(w)))
        .cloned()
        .collect();
    if bars.iter().any(|b| b.words.len() == common.len()) {
        return Vec::new();
    }
    for bar in bars {
        bar.words.retain(|w| !common.contains(w));
    }
    common
}

/// The index of each value in the order the values first appear: the
/// colour of a line or bar, stable for a key.
fn first_seen<'a>(values: impl Iterator<Item = &'a str>) -> impl Fn(&str) -> usize {
    let mut seen: Vec<String> = Vec::new();
    for value in values {
        if !seen.iter().any(|s| s == value) {
            seen.push(value.to_owned());
        }
    }
    move |value| seen.iter().position(|s| s == value).unwrap_or(0)
}

/// Values spanning at most this factor are drawn on a linear axis from
/// zero, where a bar's length is its value; beyond it on a log axis
/// (said on the axis), where a length is not, but small runs still show.
const LINEAR_SPAN: f64 = 100.0;

/// The bars as an SVG document: one a report, in the order given, one
/// colour per method and settings, named in a legend below the chart where
/// there are several (beside the bars, a legend hides the ends of some and
/// stretches the axis to make room); on a linear axis from zero unless the
/// values span more than [`LINEAR_SPAN`]; a whisker of ± σ where `bench
/// --runs` measured one.
fn draw_bars(
    bars: &[Bar],
    title: &str,
    memory: bool,
) -> Result<String, Box<dyn std::error::Error>> {
    let stopped = bars.iter().any(|b| !b.finished);
    let top = |b: &Bar| b.value + b.spread.unwrap_or(0.0);
    let most = bars.iter().map(top).fold(1e-3f64, f64::max);
    let least = bars.iter().map(|b| b.value).fold(f64::INFINITY, f64::min);
    let log = most / least > LINEAR_SPAN;
    let n = bars.len();
    let unit = if memory { "B" } else { "s" };
    let labels: Vec<String> = bars
        .iter()
        .map(|b| {
            let label = b.words.join(" ");
            if b.finished {
                label
            } else {
                format!("{label} (stopped)")
            }
        })
        .collect();
    let widest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let colour_of = first_seen(bars.iter().map(|b| b.key.as_str()));
    let mut keys: Vec<&str> = Vec::new();
    for bar in bars {
        if !keys.contains(&bar.key.as_str()) {
            keys.push(&bar.key);
        }
    }
    // A legend where colour tells runs apart: more than one key.
    let legend = keys.len() > 1;
    let x_desc = match (memory, log) {
        (true, false) => "peak resident memory (bytes)",
        (true, true) => "peak resident memory (bytes, log scale)",
        (false, false) => "wall time (seconds)",
        (false, true) => "wall time (seconds, log scale)",
    };
    let mut svg = String::new();
    {
        let legend_height = if legend {
            16 + 22 * keys.len() as u32
        } else {
            0
        };
        let height = SIZE.1.max(120 + 28 * n as u32) + legend_height;
        let root = SVGBackend::with_string(&mut svg, (SIZE.0, height)).into_drawing_area();
        root.fill(&WHITE)?;
        let (upper, lower) = root.split_vertically(height - legend_height);
        let y_area = (40 + 8 * widest as u32).clamp(120, 420);
        // One row per bar, the first report at the top: rows 0..n-1, no
        // row above the first bar.
        let rows = 0..n.saturating_sub(1);
        // Room right of the longest bar for a "stopped" mark.
        if log {
            let right = if stopped { 12.0 } else { 1.25 };
            let (low, high) = log_range(least, most * right);
            let ticks = log_key_points(low, high);
            let mut chart = bar_builder(&upper, title, y_area).build_cartesian_2d(
                (low..high).log_scale().with_key_points(ticks),
                rows.into_segmented(),
            )?;
            draw_bar_mesh(&mut chart, x_desc, &labels)?;
            draw_bar_series(&mut chart, bars, low, unit, &colour_of)?;
        } else {
            let room = if stopped { 1.6 } else { 1.05 };
            let mut chart = bar_builder(&upper, title, y_area)
                .build_cartesian_2d(0.0..most * room, rows.into_segmented())?;
            draw_bar_mesh(&mut chart, x_desc, &labels)?;
            draw_bar_series(&mut chart, bars, 0.0, unit, &colour_of)?;
        }
        if legend {
            draw_legend(&lower, &keys, &colour_of, y_area.cast_signed())?;
        }
        root.present()?;
    }
    Ok(svg)
}

/// The log axis of bars from `least` to `most`: from the power of ten at
/// or below the shortest bar, so that the axis starts at a named tick, to
/// `most` (not a decade further).
fn log_range(least: f64, most: f64) -> (f64, f64) {
    let low = 10f64.powf(least.log10().floor());
    (low, most.max(low * 10.0))
}

/// The ticks a log axis from `low` to `high` names: each power of ten,
/// and 2 and 5 of each where the axis spans three decades or fewer (a
/// range of one or two decades still reads); each once, where plotters'
/// own ticks of a log axis name the powers of ten twice.
fn log_key_points(low: f64, high: f64) -> Vec<f64> {
    let leads: &[f64] = if decades(low, high) <= 3 {
        &[1.0, 2.0, 5.0]
    } else {
        &[1.0]
    };
    let mut points = Vec::new();
    let mut power = 10f64.powf(low.log10().floor());
    while power <= high {
        for lead in leads {
            let v = lead * power;
            if v >= low * (1.0 - 1e-9) && v <= high {
                points.push(v);
            }
        }
        power *= 10.0;
    }
    points
}

/// The legend of the bars' colours, below the chart, one key a row,
/// starting under the bars (`left`: the row labels' width).
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    keys: &[&str],
    colour_of: &impl Fn(&str) -> usize,
    left: i32,
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    for (y, key) in (8..).step_by(22).zip(keys) {
        let colour = okabe_ito(colour_of(key)).to_rgba();
        area.draw(&Rectangle::new(
            [(left + 16, y + 3), (left + 32, y + 15)],
            colour.filled(),
        ))?;
        area.draw(&Text::new(
            key.to_string(),
            (left + 40, y + 2),
            ("sans-serif", 15).into_font().color(&BLACK),
        ))?;
    }
    Ok(())
}

/// The bar chart's frame: its title, and room for the row labels.
fn bar_builder<'a, 'b, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    title: &'b str,
    y_area: u32,
) -> ChartBuilder<'a, 'b, DB> {
    let mut builder = ChartBuilder::on(root);
    builder
        .caption(title, ("sans-serif", 24))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(y_area);
    builder
}

/// A bar row's label: the first report given at the top.
fn row_label(v: &SegmentValue<usize>, labels: &[String]) -> String {
    let n = labels.len();
    match v {
        SegmentValue::CenterOf(i) if *i < n => labels[n - 1 - i].clone(),
        _ => String::new(),
    }
}

/// Draws the grid of a bar chart on `chart`, on a linear or a log scale
/// alike: the x axis `x_desc` in SI units, one row a bar named by
/// `labels` (the first at the top), and no horizontal lines.
fn draw_bar_mesh<'a, X, DB>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, SegmentedCoord<RangedCoordusize>>>,
    x_desc: &str,
    labels: &[String],
) -> Result<(), Box<dyn std::error::Error>>
where
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    DB: DrawingBackend + 'a,
    DB::ErrorType: 'static,
{
    chart
        .configure_mesh()
        .disable_y_mesh()
        .x_desc(x_desc)
        .light_line_style(TRANSPARENT)
        .x_label_formatter(&|v| si(*v))
        .y_label_formatter(&|v| row_label(v, labels))
        .y_labels(labels.len().max(1))
        .draw()?;
    Ok(())
}

/// Draws the bars on `chart` from `base`, each with its whisker of ± σ
/// where its runs measured one.
fn draw_bar_series<'a, X, DB>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, SegmentedCoord<RangedCoordusize>>>,
    bars: &[Bar],
    base: f64,
    unit: &str,
    colour_of: &impl Fn(&str) -> usize,
) -> Result<(), Box<dyn std::error::Error>>
where
    X: Ranged<ValueType = f64>,
    DB: DrawingBackend + 'a,
    DB::ErrorType: 'static,
{
    let n = bars.len();
    for (i, bar) in bars.iter().enumerate() {
        let colour = okabe_ito(colour_of(&bar.key)).to_rgba();
        let row = n - 1 - i;
        let corners = [
            (base, SegmentValue::Exact(row)),
            (bar.value, SegmentValue::Exact(row + 1)),
        ];
        // A gap of a few pixels between neighbouring bars.
        let gap = |mut r: Rectangle<(f64, SegmentValue<usize>)>| {
            r.set_margin(3, 3, 0, 0);
            r
        };
        if bar.finished {
            chart.draw_series([gap(Rectangle::new(corners, colour.filled()))])?;
            if let Some(spread) = bar.spread {
                // ± σ: a line through the bar's end, capped; on a log axis
                // the part below the axis's start is left out.
                let from = (bar.value - spread).max(base);
                let to = bar.value + spread;
                let centre = SegmentValue::CenterOf(row);
                chart.draw_series([PathElement::new(
                    vec![(from, centre.clone()), (to, centre.clone())],
                    BLACK.stroke_width(2),
                )])?;
                // Caps of a few pixels, whatever the rows' height.
                chart.draw_series([from, to].map(|end| {
                    EmptyElement::at((end, centre.clone()))
                        + PathElement::new(vec![(0, -6), (0, 6)], BLACK.stroke_width(2))
                }))?;
            }
        } else {
            // Pale, outlined, and marked: more than this, not this.
            chart.draw_series([
                gap(Rectangle::new(corners.clone(), colour.mix(0.3).filled())),
                gap(Rectangle::new(corners, colour.stroke_width(1))),
            ])?;
            chart.draw_series([Text::new(
                format!("stopped, ≥ {} →", with_unit(bar.value, unit)),
                (bar.value * 1.02, SegmentValue::CenterOf(row)),
                ("sans-serif", 13).into_font().color(&BLACK),
            )])?;
        }
    }
    Ok(())
}

/// One report's table by start square (or by end square) as a heat map.
fn heat_map(
    path: &Path,
    report: &RunReport,
    title: Option<&str>,
    exact: bool,
) -> Result<String, CliError> {
    let b = &report.benchmark;
    let from = report
        .from
        .as_ref()
        .map(|f| f.name.clone())
        .unwrap_or_default();
    let (table, of) = match (&report.by_start, &report.by_end) {
        (Some(table), _) => (table, TableOf::Starts),
        (None, Some(table)) => (table, TableOf::Ends { from: &from }),
        (None, None) => {
            return Err(CliError::input(format!(
                "{}: a report without a table (--chart table draws `count --by-start --json` or `count --from SQ --by-end --json`)",
                path.display()
            )));
        }
    };
    let squares = table.iter().map(Vec::len).sum::<usize>();
    if b.rows.saturating_mul(b.cols) > MAX_TABLE_SQUARES || squares > MAX_TABLE_SQUARES {
        return Err(CliError::input(format!(
            "{}: a table of {}x{} squares, more than the {MAX_TABLE_SQUARES} a heat map draws readably",
            path.display(),
            b.rows,
            b.cols
        )));
    }
    let board = kt_count::Board::new(b.rows, b.cols)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    super::heat_map::draw(&board, &b.tour, &of, table, title, exact)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}

/// The label of a tick on a log axis: its value where that is 1, 2 or 5
/// times a power of ten, nothing elsewhere. Why: plotters puts ticks at
/// every multiple of each power of ten, and ticks a rounding apart
/// (999.99… and 1000) would read as the same label drawn twice; only a
/// tick within a millionth of a round value is named, so no two are.
fn log_tick(v: f64) -> String {
    if !(v.is_finite() && v > 0.0) {
        return String::new();
    }
    let power = 10f64.powf(v.log10().floor());
    let lead = v / power;
    let round = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .find(|&r| ((lead - r) / r).abs() < 1e-6);
    round.map_or_else(String::new, |r| si(r * power))
}

/// The Okabe–Ito palette (Okabe and Ito 2008), the colours readers with
/// any common colour-vision deficiency tell apart, in the order lines on
/// white read best (its yellow last); beyond eight, the colours repeat.
fn okabe_ito(index: usize) -> RGBColor {
    const COLOURS: [RGBColor; 8] = [
        RGBColor(0x00, 0x72, 0xB2), // blue
        RGBColor(0xD5, 0x5E, 0x00), // vermillion
        RGBColor(0x00, 0x9E, 0x73), // bluish green
        RGBColor(0xE6, 0x9F, 0x00), // orange
        RGBColor(0x56, 0xB4, 0xE9), // sky blue
        RGBColor(0xCC, 0x79, 0xA7), // reddish purple
        RGBColor(0x00, 0x00, 0x00), // black
        RGBColor(0xF0, 0xE4, 0x42), // yellow
    ];
    COLOURS[index % COLOURS.len()]
}

/// The powers of ten the axis from `low` to `high` spans, at least one.
#[expect(
    clippy::cast_sign_loss,
    clippy::cast_possible_truncation,
    reason = "clamped to 1..=64 first: values are positive and finite"
)]
fn decades(low: f64, high: f64) -> usize {
    (high / low).log10().ceil().clamp(1.0, 64.0) as usize
}

/// `value` in a few characters with its unit: `41.6 s`, `15 GB`.
fn with_unit(value: f64, unit: &str) -> String {
    let number = si(value);
    if number.ends_with(char::is_alphabetic) {
        format!("{number}{unit}")
    } else {
        format!("{number} {unit}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_is_not_poured_into_a_terminal() {
        let refused = not_to_a_terminal(None, true).unwrap_err();
        assert_eq!(refused.code, ExitCode::BadInput);
        assert!(refused.message.contains("-o FILE"), "{}", refused.message);
        assert!(not_to_a_terminal(None, false).is_ok());
        assert!(not_to_a_terminal(Some(Path::new("chart.svg")), true).is_ok());
    }

    #[test]
    fn axis_values_are_short() {
        assert_eq!(si(3_200.0), "3.2 k");
        assert_eq!(si(1_351_316_715.0), "1.35 G");
        assert_eq!(si(100.0), "100");
        assert_eq!(si(0.05), "0.05");
        assert_eq!(si(2.0e6), "2 M");
        assert_eq!(with_unit(41.6, "s"), "41.6 s");
        assert_eq!(with_unit(15.0e9, "B"), "15 GB");
        assert_eq!(si(1e-4), "0.0001");
        assert_eq!(si(0.000_123_4), "0.000123");
        assert_eq!(si(0.5), "0.5");
    }

    #[test]
    fn log_ticks_name_round_values_once() {
        assert_eq!(log_tick(1e-4), "0.0001");
        assert_eq!(log_tick(2e-3), "0.002");
        assert_eq!(log_tick(5_000.0), "5 k");
        assert_eq!(log_tick(3_000.0), "");
        // A tick a rounding below a round value is that value; one a
        // little further off is not named, so "1 k" is never drawn twice.
        assert_eq!(log_tick(999.999_999_9), "1 k");
        assert_eq!(log_tick(999.9), "");
        assert_eq!(log_tick(0.0), "");
    }

    /// A log axis of bars starts at a named power of ten and ends at the
    /// data; it names each value once, densely only over a few decades.
    #[test]
    fn a_log_axis_of_bars_is_named_once_from_its_start() {
        let (low, high) = log_range(0.0042, 380.0);
        assert_eq!((low, high), (0.001, 380.0));
        let ticks = log_key_points(low, high);
        assert_eq!(ticks.len(), 6, "{ticks:?}");
        assert!((ticks[0] - 0.001).abs() < 1e-12 && (ticks[5] - 100.0).abs() < 1e-9);
        let dense = log_key_points(1.0, 300.0);
        let named: Vec<String> = dense.iter().map(|&v| si(v)).collect();
        assert_eq!(named, ["1", "2", "5", "10", "20", "50", "100", "200"]);
    }

    #[test]
    fn the_levels_palette_is_okabe_itos() {
        assert_eq!(okabe_ito(0), RGBColor(0x00, 0x72, 0xB2));
        assert_eq!(okabe_ito(9), okabe_ito(1));
        // No pure red nor pure green.
        for i in 0..8 {
            let RGBColor(r, g, b) = okabe_ito(i);
            let red = r > 200 && g < 60 && b < 60;
            let green = g > 200 && r < 60 && b < 60;
            assert!(!red && !green, "{i}");
        }
    }
}
