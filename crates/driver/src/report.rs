//! What a run reports: one JSON document, or a count and a short summary.
//!
//! The JSON fields mirror what bdd-benchmark prints for its knight's-tour
//! benchmark (package, initialisation, per-step sizes, largest size, total
//! processed nodes, final size, satcount result and times), so that figures
//! from both can be put side by side; the schedule, threads, cache, budget
//! and peak RSS are this project's additions. Counts are decimal strings:
//! the 8×8 open count is beyond 2⁵³ and some published counts beyond 2¹²⁸.

use std::io::{self, Write};

use kt_board::{Board, TourKind};
use serde::Serialize;

use crate::known::{Check, Published};
use crate::resources::Bytes;

/// The schema name and version of the JSON report.
pub const SCHEMA: &str = "knights-tour/run/1";

/// One step of a plan, measured.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StepReport {
    /// 1-based position in the plan.
    pub index: usize,
    /// e.g. `transition(5)`, `exactly_once(c3)`, `filter exactly_once(all 36 squares)`.
    pub constraint: String,
    /// Nodes of the constraint's own diagram (none for filters).
    pub constraint_size: Option<usize>,
    /// Nodes of the family after the step (terminals included).
    pub result_size: usize,
    /// Inner nodes alive in the manager after the step (dead ones included).
    pub live_nodes: usize,
    /// Time to build the constraint.
    pub build_ms: f64,
    /// Time to intersect (or filter).
    pub apply_ms: f64,
    /// For a filter step: the distinct (node, state) pairs its memo held,
    /// the measure of its work (none for intersections).
    pub memo_entries: Option<usize>,
    /// Resident set size after the step.
    pub rss_bytes: u64,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Package {
    pub name: String,
    /// `zbdd`, `bdd` or `bcdd`.
    #[serde(rename = "type")]
    pub kind: String,
    pub version: String,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Benchmark {
    pub name: &'static str,
    pub encoding: &'static str,
    pub rows: usize,
    pub cols: usize,
    /// `open` or `closed`.
    pub tour: String,
    pub convention: &'static str,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Settings {
    pub method: &'static str,
    pub schedule: Option<String>,
    pub threads: u32,
    pub node_capacity: usize,
    pub cache_capacity: usize,
    pub memory_budget_bytes: u64,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Init {
    pub time_ms: f64,
    pub variables: u64,
    pub rss_bytes: u64,
}

/// The intersection phase, summarised as bdd-benchmark does.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Paths {
    /// The largest family after any step.
    pub largest_size: usize,
    /// The sum of the family sizes after every step.
    pub total_processed: usize,
    pub final_size: usize,
    /// The most inner nodes the manager held after any step.
    pub peak_live_nodes: usize,
    pub time_ms: f64,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SatCount {
    pub result: String,
    pub time_ms: f64,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CheckReport {
    pub passed: bool,
    pub agreeing: Vec<Published>,
    pub disagreeing: Vec<Disagreement>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Disagreement {
    pub published: Published,
    /// What the published row implies in the project's convention.
    pub expected: String,
}

impl From<&Check> for CheckReport {
    fn from(check: &Check) -> CheckReport {
        CheckReport {
            passed: check.passed(),
            agreeing: check.agreeing.clone(),
            disagreeing: check
                .disagreeing
                .iter()
                .map(|(published, expected)| Disagreement {
                    published: published.clone(),
                    expected: expected.clone(),
                })
                .collect(),
        }
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Complete,
    Interrupted,
    OutOfMemory,
    Failed,
}

/// Everything one run reports.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RunReport {
    pub schema: &'static str,
    pub status: Status,
    pub package: Option<Package>,
    pub benchmark: Benchmark,
    pub settings: Settings,
    pub init: Option<Init>,
    pub steps: Vec<StepReport>,
    pub paths: Option<Paths>,
    pub satcount: Option<SatCount>,
    /// The count in the project's convention, as a decimal string.
    pub count: Option<String>,
    /// Why the count was settled without a diagram, if it was.
    pub reason: Option<String>,
    /// Search nodes of the backtracking counter (method `backtrack`).
    pub search_nodes: Option<u64>,
    pub error: Option<String>,
    pub check: Option<CheckReport>,
    pub total_time_ms: f64,
    pub peak_rss_bytes: u64,
}

impl Benchmark {
    /// The benchmark section for `kind` tours of `board`.
    pub fn of(board: &Board, kind: TourKind) -> Benchmark {
        Benchmark {
            name: "knights-tour",
            encoding: "time-sliced: one variable per (square, time), label cells*t + cols*r + c",
            rows: board.rows(),
            cols: board.cols(),
            tour: kind.to_string(),
            convention: match kind {
                TourKind::Open => "directed Hamiltonian paths, every start square",
                TourKind::Closed => "undirected Hamiltonian cycles",
            },
        }
    }
}

impl RunReport {
    /// A report with nothing measured yet.
    pub fn new(benchmark: Benchmark, settings: Settings) -> RunReport {
        RunReport {
            schema: SCHEMA,
            status: Status::Complete,
            package: None,
            benchmark,
            settings,
            init: None,
            steps: Vec::new(),
            paths: None,
            satcount: None,
            count: None,
            reason: None,
            search_nodes: None,
            error: None,
            check: None,
            total_time_ms: 0.0,
            peak_rss_bytes: 0,
        }
    }

    /// Recomputes the intersection-phase summary from the steps.
    pub fn summarise_steps(&mut self) {
        if self.steps.is_empty() {
            self.paths = None;
            return;
        }
        self.paths = Some(Paths {
            largest_size: self.steps.iter().map(|s| s.result_size).max().unwrap_or(0),
            total_processed: self.steps.iter().map(|s| s.result_size).sum(),
            final_size: self.steps.last().map(|s| s.result_size).unwrap_or(0),
            peak_live_nodes: self.steps.iter().map(|s| s.live_nodes).max().unwrap_or(0),
            time_ms: self.steps.iter().map(|s| s.build_ms + s.apply_ms).sum(),
        });
    }

    pub fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        serde_json::to_writer_pretty(&mut *out, self)?;
        writeln!(out)
    }

    /// The human summary: the count on a line of its own, then the figures.
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(count) = &self.count {
            writeln!(out, "{count}")?;
        }
        let b = &self.benchmark;
        writeln!(
            out,
            "{} tours of {}x{} ({})",
            b.tour, b.rows, b.cols, b.convention
        )?;
        if let Some(reason) = &self.reason {
            writeln!(out, "  {reason}")?;
        }
        if let Some(paths) = &self.paths {
            let last = if self.status == Status::Complete {
                "final diagram "
            } else {
                "diagram so far"
            };
            writeln!(out, "  {last}     {:>14} nodes", group(paths.final_size))?;
            writeln!(
                out,
                "  largest diagram    {:>14} nodes",
                group(paths.largest_size)
            )?;
            writeln!(
                out,
                "  manager at peak    {:>14} nodes",
                group(paths.peak_live_nodes)
            )?;
        }
        // The one-pass filter's work is its memo, not an intersection's
        // operands: show the largest one a step held.
        if let Some(memo) = self.steps.iter().filter_map(|s| s.memo_entries).max() {
            writeln!(out, "  filter memo        {:>14} entries", group(memo))?;
        }
        if let Some(p) = &self.package {
            let s = &self.settings;
            writeln!(
                out,
                "  engine             {} {} {}, schedule {}, {} thread{}",
                p.name,
                p.version,
                p.kind,
                s.schedule.as_deref().unwrap_or("-"),
                s.threads,
                if s.threads == 1 { "" } else { "s" }
            )?;
        } else {
            writeln!(out, "  method             {}", self.settings.method)?;
        }
        if let Some(nodes) = self.search_nodes {
            writeln!(out, "  search nodes       {:>14}", group(nodes as usize))?;
        }
        match &self.satcount {
            Some(satcount) => writeln!(
                out,
                "  wall time          {:>14} (counting {})",
                seconds(self.total_time_ms),
                seconds(satcount.time_ms)
            )?,
            None => writeln!(
                out,
                "  wall time          {:>14}",
                seconds(self.total_time_ms)
            )?,
        }
        writeln!(
            out,
            "  peak RSS           {:>14}",
            Bytes(self.peak_rss_bytes).to_string()
        )?;
        if let Some(check) = &self.check {
            if check.passed && check.agreeing.is_empty() {
                writeln!(
                    out,
                    "  check              no published count for this board"
                )?;
            } else if check.passed {
                for row in &check.agreeing {
                    writeln!(out, "  check              agrees with {row}")?;
                }
            }
            for d in &check.disagreeing {
                writeln!(
                    out,
                    "  check              DISAGREES with {} (expected {})",
                    d.published, d.expected
                )?;
            }
        }
        if let Some(error) = &self.error {
            writeln!(out, "  stopped            {error}")?;
        }
        Ok(())
    }
}

/// `1234567` → `1,234,567`.
pub fn group(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Milliseconds as a short human time.
pub fn seconds(ms: f64) -> String {
    if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_digits() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1000), "1,000");
        assert_eq!(group(3_555_077), "3,555,077");
    }
}
