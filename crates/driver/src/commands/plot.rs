//! `knights-tour plot`: the states (or seconds) of every level of frontier
//! runs, from the reports `count --json` wrote, as one SVG chart.
//!
//! A report is read whole (at most [`MAX_REPORT_BYTES`]) and checked
//! before anything is drawn: a file that is not a report of this program,
//! or a report without frontier levels, is refused with one line. The
//! chart has a logarithmic scale (levels span six orders of magnitude and
//! more), one line per report, labelled with its board, kind, order and
//! how it ended, so that the charts of the docs are ones a user can draw
//! from their own runs.

use std::path::Path;

use kt_count::RunReport;
use plotters::prelude::*;

use crate::cli::PlotArgs;
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
    let series = args
        .reports
        .iter()
        .map(|path| read(path).and_then(|report| series(path, &report, args.time)))
        .collect::<Result<Vec<Series>, CliError>>()?;
    let title = args.title.clone().unwrap_or_else(|| {
        if args.time {
            "Seconds per level".to_owned()
        } else {
            "States per level".to_owned()
        }
    });
    let svg = draw(&series, &title, args.time)
        .map_err(|e| CliError::other(format!("cannot draw the chart: {e}")))?;
    if let Some(path) = &args.output {
        crate::output::write_file(path, svg)?;
    } else {
        let mut out = Output::stdout()?;
        std::io::Write::write_all(&mut out, svg.as_bytes()).or_fail()?;
        out.finish()?;
    }
    Ok(ExitCode::Success)
}

/// The report in `path`, refused in one line if it is not one.
fn read(path: &Path) -> Result<RunReport, CliError> {
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
    serde_json::from_str(text.trim_start_matches('\u{feff}'))
        .map_err(|e| CliError::input(format!("{name}: not a report of `count --json` ({e})")))
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
