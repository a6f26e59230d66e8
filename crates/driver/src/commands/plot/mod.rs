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
use plotters::prelude::*;

mod bars;

use bars::{Bar, bar, draw_bars, shorten_labels};
#[cfg(test)]
use bars::{log_key_points, log_range};

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
