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
//!   schedule: the engines × schedules of `bench` runs side by side;
//! * `--chart table`: one report's table by start square (or by end
//!   square) as a board-shaped heat map, as `count --svg` draws it.
//!
//! A report is read whole (at most [`MAX_REPORT_BYTES`]) and checked
//! before anything is drawn: a file that is not a report of this program,
//! or a report without what the chart draws, is refused with one line.

use std::path::Path;

use kt_count::RunReport;
use plotters::prelude::*;

use crate::cli::{Chart, PlotArgs};
use crate::exit::{CliError, ExitCode};
use crate::output::{OrFail, Output};

/// The largest report read: an 8×8 run's report is tens of kilobytes.
const MAX_REPORT_BYTES: u64 = 64 << 20;

/// The picture's size in pixels.
const SIZE: (u32, u32) = (960, 560);

/// One line of the chart.
struct Series {
    label: String,
    /// (step, value), values above zero only (a logarithmic scale).
    points: Vec<(f64, f64)>,
}

pub fn run(args: &PlotArgs) -> Result<ExitCode, CliError> {
    // Everything is checked before anything is written.
    if let Some(path) = &args.output {
        kt_count::writable_file("--output", path).map_err(CliError::from)?;
    }
    if args.chart != Chart::Levels && args.time {
        return Err(CliError::input("--time goes with --chart levels"));
    }
    if args.chart != Chart::Bars && args.memory {
        return Err(CliError::input("--memory goes with --chart bars"));
    }
    if args.chart == Chart::Table && args.reports.len() != 1 {
        return Err(CliError::input(
            "--chart table draws the table of one report; give one",
        ));
    }
    let mut reports = Vec::new();
    for path in &args.reports {
        reports.extend(
            read(path)?
                .into_iter()
                .map(|report| (path.as_path(), report)),
        );
    }
    if args.chart == Chart::Table && reports.len() != 1 {
        return Err(CliError::input(
            "--chart table draws the table of one report; the file holds several",
        ));
    }
    let svg = match args.chart {
        Chart::Levels => {
            let series = reports
                .iter()
                .map(|(path, report)| series(path, report, args.time))
                .collect::<Result<Vec<Series>, CliError>>()?;
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
            let bars = reports
                .iter()
                .map(|(path, report)| bar(path, report, args.memory))
                .collect::<Result<Vec<Bar>, CliError>>()?;
            let title = args.title.clone().unwrap_or_else(|| {
                if args.memory {
                    "Peak memory per run".to_owned()
                } else {
                    "Seconds per run".to_owned()
                }
            });
            draw_bars(&bars, &title, args.memory)
                .map_err(|e| CliError::other(format!("cannot draw the chart: {e}")))?
        }
        Chart::Table => {
            let (path, report) = &reports[0];
            heat_map(path, report, args.title.as_deref())?
        }
    };
    if let Some(path) = &args.output {
        crate::output::write_file(path, svg)?;
    } else {
        let mut out = Output::stdout()?;
        std::io::Write::write_all(&mut out, svg.as_bytes()).or_fail()?;
        out.finish()?;
    }
    Ok(ExitCode::Success)
}

/// A line of a benchmark script's `runs.jsonl`: the report under
/// `"report"`.
#[derive(serde::Deserialize)]
struct Run {
    report: RunReport,
}

/// The reports in `path`: one report (`count --json`, `bench`) or several
/// one after another (as `bench ... >> runs.json` appends them, or as the
/// benchmark scripts' `runs.jsonl` keep them, each under `"report"`);
/// refused in one line if it holds none, or anything else.
fn read(path: &Path) -> Result<Vec<RunReport>, CliError> {
    let name = path.display();
    let size = std::fs::metadata(path)
        .map_err(|e| CliError::input(format!("{name}: cannot read it: {e}")))?
        .len();
    if size > MAX_REPORT_BYTES {
        return Err(CliError::input(format!(
            "{name}: {size} bytes is too large for a report"
        )));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::input(format!("{name}: cannot read it: {e}")))?;
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
        let report = serde_json::from_value::<RunReport>(value.clone())
            .or_else(|e| {
                serde_json::from_value::<Run>(value)
                    .map(|run| run.report)
                    .map_err(|_| e)
            })
            .map_err(|e| not_one(&format!("document {}: {e}", i + 1)))?;
        reports.push(report);
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
    let order = if frontier.order.is_empty() {
        String::new()
    } else {
        format!(", {} order {}", frontier.order, frontier.order_fingerprint)
    };
    let ended = if report.count.is_none() {
        format!(" (stopped after {} levels)", frontier.levels.len())
    } else {
        String::new()
    };
    let label = format!("{}x{} {}{order}{ended}", b.rows, b.cols, b.tour);
    Ok(Series { label, points })
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
    let (low, high) = if high > 0.0 {
        (low / 2.0, high * 2.0)
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
            .y_desc(if time { "seconds" } else { "states" })
            .y_label_formatter(&|v| short(*v))
            .x_label_formatter(&|v| format!("{v:.0}"))
            .draw()?;
        for (i, line) in series.iter().enumerate() {
            let colour = Palette99::pick(i).to_rgba();
            chart
                .draw_series(LineSeries::new(
                    line.points.iter().copied(),
                    colour.stroke_width(2),
                ))?
                .label(line.label.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
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
    label: String,
    value: f64,
}

/// The bar one report draws: a finished run's seconds or peak memory.
fn bar(path: &Path, report: &RunReport, memory: bool) -> Result<Bar, CliError> {
    if report.count.is_none() {
        return Err(CliError::input(format!(
            "{}: a run that did not finish (--chart bars compares finished runs)",
            path.display()
        )));
    }
    let value = if memory {
        report.peak_rss_bytes as f64
    } else {
        report.total_time_ms / 1000.0
    };
    let b = &report.benchmark;
    let mut words = vec![
        format!("{}x{}", b.rows, b.cols),
        b.tour.clone(),
        report.settings.method.clone(),
    ];
    words.extend(report.package.as_ref().map(|p| p.kind.clone()));
    words.extend(report.settings.schedule.clone());
    let label = words.join(" ");
    Ok(Bar {
        label,
        value: value.max(1e-3),
    })
}

/// The bars as an SVG document: one a report, in the order given, on a
/// logarithmic scale (runs compared differ by orders of magnitude).
fn draw_bars(
    bars: &[Bar],
    title: &str,
    memory: bool,
) -> Result<String, Box<dyn std::error::Error>> {
    let high = bars.iter().map(|b| b.value).fold(1e-3f64, f64::max) * 2.0;
    let low = bars.iter().map(|b| b.value).fold(f64::INFINITY, f64::min) / 2.0;
    let n = bars.len();
    let mut svg = String::new();
    {
        let height = SIZE.1.max(120 + 28 * n as u32);
        let root = SVGBackend::with_string(&mut svg, (SIZE.0, height)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 26))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(300)
            .build_cartesian_2d((low..high).log_scale(), (0..n).into_segmented())?;
        let labels: Vec<String> = bars.iter().map(|b| b.label.clone()).collect();
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc(if memory {
                "peak resident memory (bytes)"
            } else {
                "seconds"
            })
            .x_label_formatter(&|v| short(*v))
            // The first report given at the top.
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) if *i < n => labels[n - 1 - i].clone(),
                _ => String::new(),
            })
            .y_labels(n.max(1))
            .draw()?;
        chart.draw_series(bars.iter().enumerate().map(|(i, bar)| {
            let colour = Palette99::pick(i).to_rgba();
            let row = n - 1 - i;
            Rectangle::new(
                [
                    (low, SegmentValue::Exact(row)),
                    (bar.value, SegmentValue::Exact(row + 1)),
                ],
                colour.filled(),
            )
        }))?;
        root.present()?;
    }
    Ok(svg)
}

/// One report's table by start square (or by end square) as a heat map.
fn heat_map(path: &Path, report: &RunReport, title: Option<&str>) -> Result<String, CliError> {
    let b = &report.benchmark;
    let (table, question) = match (&report.by_start, &report.by_end) {
        (Some(table), _) => (table, "by start square".to_owned()),
        (None, Some(table)) => {
            let from = report
                .from
                .as_ref()
                .map_or(String::new(), |f| format!(" from {}", f.name));
            (table, format!("{from} by end square"))
        }
        (None, None) => {
            return Err(CliError::input(format!(
                "{}: a report without a table (--chart table draws `count --by-start --json` or `count --from SQ --by-end --json`)",
                path.display()
            )));
        }
    };
    let board = kt_count::Board::new(b.rows, b.cols)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    let title = title.map_or_else(
        || format!("{} tours of {board} {question}", b.tour),
        str::to_owned,
    );
    kt_tours::render_table_svg(&board, table, &title)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}

/// A value on the axis in a few characters: `3.2 k`, `1.4 G`, `0.05`.
fn short(v: f64) -> String {
    let prefixes = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")];
    for (scale, prefix) in prefixes {
        if v >= scale {
            return format!("{} {prefix}", trim(v / scale));
        }
    }
    trim(v)
}

/// At most three significant digits, no trailing zeros.
fn trim(v: f64) -> String {
    let text = if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else if v >= 1.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    };
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_values_are_short() {
        assert_eq!(short(3_200.0), "3.2 k");
        assert_eq!(short(1_351_316_715.0), "1.35 G");
        assert_eq!(short(100.0), "100");
        assert_eq!(short(0.05), "0.05");
        assert_eq!(short(2.0e6), "2 M");
    }
}
