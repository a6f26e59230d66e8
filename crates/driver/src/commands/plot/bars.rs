//! `--chart bars`: each run's seconds (or peak memory), one bar a report,
//! coloured by its method and settings, on a linear axis from zero or a
//! logarithmic one where the values span more than [`LINEAR_SPAN`].

use kt_count::RunReport;
use plotters::coord::Shift;
use plotters::coord::ranged1d::{SegmentedCoord, ValueFormatter};
use plotters::coord::types::RangedCoordusize;
use plotters::prelude::*;

use kt_count::human::si;

use super::{SIZE, decades, first_seen, okabe_ito, with_unit};

/// One bar of `--chart bars`.
pub(super) struct Bar {
    /// What the run was, word by word: board, kind, method, engine,
    /// schedule, threads or processes, order.
    pub(super) words: Vec<String>,
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
pub(super) fn bar(report: &RunReport, spread: Option<f64>, memory: bool) -> Bar {
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
pub(super) fn shorten_labels(bars: &mut [Bar]) -> Vec<String> {
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
pub(super) fn draw_bars(
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
pub(super) fn log_range(least: f64, most: f64) -> (f64, f64) {
    let low = 10f64.powf(least.log10().floor());
    (low, most.max(low * 10.0))
}

/// The ticks a log axis from `low` to `high` names: each power of ten,
/// and 2 and 5 of each where the axis spans three decades or fewer (a
/// range of one or two decades still reads); each once, where plotters'
/// own ticks of a log axis name the powers of ten twice.
pub(super) fn log_key_points(low: f64, high: f64) -> Vec<f64> {
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
