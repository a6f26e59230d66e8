//! What a run reports, as data: the command line prints it as one JSON
//! document (this module's `Serialize`) or as a short text summary, and a
//! program reads such a document back into a [`RunReport`] (`Deserialize`).
//!
//! The JSON fields mirror what bdd-benchmark prints for its knight's-tour
//! benchmark (package, initialisation, per-step sizes, largest size, total
//! processed nodes, final size, satcount result and times), so that figures
//! from both can be put side by side; the schedule, threads, cache, budget
//! and peak RSS are this project's additions. Counts are decimal strings:
//! the 8×8 open count is beyond 2⁵³ and some published counts beyond 2¹²⁸.

use kt_board::{Board, TourKind};
use kt_distributed::ProcessReport;
use num_bigint::BigUint;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::known::{Check, Published};
use crate::numbers::{Answer, Table};

/// The schema name and version of the JSON report.
pub const SCHEMA: &str = "knights-tour/run/1";

/// One step of a plan, measured.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
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

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Package {
    pub name: String,
    /// `zbdd`, `bdd` or `bcdd`.
    #[serde(rename = "type")]
    pub kind: String,
    pub version: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Benchmark {
    pub name: String,
    /// What the method's variables (or search) stand for.
    pub encoding: String,
    pub rows: usize,
    pub cols: usize,
    /// `open` or `closed`.
    pub tour: String,
    pub convention: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Settings {
    /// `zdd`, `backtrack`, …
    pub method: String,
    /// Why this method counts this board: asked for, or chosen by `auto`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method_reason: Option<String>,
    pub schedule: Option<String>,
    pub threads: u32,
    pub node_capacity: usize,
    pub cache_capacity: usize,
    pub memory_budget_bytes: u64,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Init {
    pub time_ms: f64,
    pub variables: u64,
    pub rss_bytes: u64,
}

/// The intersection phase, summarised as bdd-benchmark does.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
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

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct SatCount {
    pub result: String,
    pub time_ms: f64,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct CheckReport {
    pub passed: bool,
    pub agreeing: Vec<Published>,
    pub disagreeing: Vec<Disagreement>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
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

/// A square as reports name it: 0-based row and column (row 0 at the
/// top, as the encoding numbers them) and its algebraic name.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SquareRef {
    pub row: usize,
    pub col: usize,
    pub name: String,
}

impl SquareRef {
    pub fn of(board: &Board, square: kt_board::Square) -> SquareRef {
        let (row, col) = board.row_col(square);
        SquareRef {
            row,
            col,
            name: kt_board::square_name(board, square),
        }
    }
}

/// Undirected tours up to the board's symmetries, by Burnside's lemma:
/// `orbits = (Σ fixed) / group_order`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SymmetryReport {
    /// 8 on a square board, 4 on other rectangles.
    pub group_order: usize,
    /// For each symmetry of the group (`id`, `rot90`, …, in that order),
    /// the undirected tours it maps onto themselves, as decimal strings.
    pub fixed: Fixed,
    /// The number of geometrically distinct tours (a decimal string in
    /// JSON, read back strictly).
    #[serde(with = "crate::numbers::decimal")]
    pub orbits: BigUint,
    /// How the fixed tours were counted.
    pub method: String,
}

/// Symmetry names and counts, serialised as a JSON object in group order
/// (and read back in the order written).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Fixed(pub Vec<(String, String)>);

impl Serialize for Fixed {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

impl<'de> Deserialize<'de> for Fixed {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Fixed, D::Error> {
        struct InOrder;

        impl<'de> serde::de::Visitor<'de> for InOrder {
            type Value = Fixed;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a map from symmetry names to decimal counts")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Fixed, A::Error> {
                let mut pairs = Vec::with_capacity(map.size_hint().unwrap_or(0));
                while let Some(pair) = map.next_entry()? {
                    pairs.push(pair);
                }
                Ok(Fixed(pairs))
            }
        }

        deserializer.deserialize_map(InOrder)
    }
}

/// A count spread over processes (`--method cluster`): the levels are in
/// the frontier section, summed over the processes; this says how the
/// work was spread.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct ClusterReport {
    pub processes: usize,
    /// The process that wrote this report (every process writes the same
    /// figures; keep process 0's).
    pub process: usize,
    /// Threads of each process.
    pub threads: usize,
    /// Bytes of successors sent between processes in all (keys and
    /// weights, before timely's framing).
    pub sent_bytes: u64,
    pub per_process: Vec<ProcessFigures>,
}

/// One process of a cluster count, over all levels: kt-distributed's
/// figures as it reports them (process, bytes sent, records received,
/// time waited, peak memory and disk), embedded, not copied, beside the
/// address the process was reached at. The JSON keeps every field at the
/// top of the object (`serde(flatten)`), as before the figures were
/// embedded.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct ProcessFigures {
    pub address: String,
    #[serde(flatten)]
    pub figures: ProcessReport,
}

/// A frontier count, level by level.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct FrontierReport {
    /// The most frontier slots of any step (about twice the short side in
    /// the columns order, less in a searched one).
    pub width: usize,
    /// Where the order of the squares came from: `shipped`, `searched`,
    /// `columns` or `given` (`--order FILE`); empty in reports written
    /// before the order was recorded (they swept the columns).
    #[serde(default)]
    pub order: String,
    /// The order's fingerprint (8 hexadecimal digits): the same order,
    /// the same fingerprint, in checkpoints, parts and reports.
    #[serde(default)]
    pub order_fingerprint: String,
    /// The most states any one level of any sweep held.
    pub peak_states: u64,
    /// Bytes written to disk when levels did not fit the budget.
    pub spilled_bytes: u64,
    /// The most bytes of spilled runs on disk at any time.
    pub disk_peak_bytes: u64,
    /// The step the count went on from, when it resumed a checkpoint.
    pub resumed_from: Option<usize>,
    /// Steps of the latest sweep whose level is complete: where an
    /// interrupted count was (a level is reported only once the next step
    /// has read it, so `levels` lags a step behind).
    #[serde(default)]
    pub steps_done: usize,
    /// The step of the latest checkpoint this run wrote, the one
    /// `--resume` goes on from.
    #[serde(default)]
    pub checkpoint_step: Option<usize>,
    /// The most states any level of the latest sweep held.
    pub sweep_peak_states: u64,
    /// Sweeps made: 1 for a count, one per distinct question for the
    /// questions answered a run at a time (`--from`, `--by-start`, …).
    pub sweeps: usize,
    /// One entry per step; with several sweeps, each step's states, times,
    /// records and bytes added up over the sweeps (resident and disk
    /// bytes, and the rate: the most of any).
    pub levels: Vec<LevelReport>,
}

impl FrontierReport {
    /// Names the order of the squares the sweeps take.
    pub fn name_order(&mut self, order: &kt_frontier::Order) {
        self.order = order.origin().to_string();
        self.order_fingerprint = format!("{:08x}", order.fingerprint());
    }

    /// Takes one finished level of a sweep.
    pub fn add_level(&mut self, level: LevelReport) {
        self.peak_states = self.peak_states.max(level.states);
        self.sweep_peak_states = self.sweep_peak_states.max(level.states);
        self.spilled_bytes += level.spilled_bytes;
        self.disk_peak_bytes = self.disk_peak_bytes.max(level.disk_bytes);
        match self.levels.iter_mut().find(|l| l.step == level.step) {
            Some(same) => same.add_sweep(&level),
            None => self.levels.push(level),
        }
    }
}

/// A count by endpoint pairs: the classes of one shard of a pair plan
/// (`kt-shards`), or of all of it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct PairsReport {
    /// What the plan's classes are classes of: `pairs` (start and end) or
    /// `starts` (start squares, any end).
    #[serde(default)]
    pub ends: kt_shards::Ends,
    /// The plan's fingerprint and its number of classes.
    pub plan: String,
    pub plan_classes: usize,
    /// `K/N`, or `None` for every class.
    pub shard: Option<String>,
    /// Each class counted, in the order counted.
    pub classes: Vec<kt_shards::ClassCount>,
}

/// One level of a frontier count: kt-frontier's own report, serialised as
/// it is (one type where there were two copied field by field).
pub use kt_frontier::LevelReport;

/// How a run ended.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Complete,
    Interrupted,
    OutOfMemory,
    Failed,
}

/// The library's version (Cargo.toml), named in every JSON document a
/// front end prints.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The git commit the library was built from (`git rev-parse --short
/// HEAD` at build time, `unknown` outside a git checkout; `build.rs`).
pub const COMMIT: &str = env!("KNIGHTS_TOUR_COMMIT");

/// The sections a [`RunReport`] leaves out when they do not apply to a run
/// (`skip_serializing_if`: a question or method the run did not use).
/// [`Document`] writes them all the same, as `null` (`notes` as `[]`), so
/// that every count report has the same fields.
pub const OPTIONAL_SECTIONS: [&str; 9] = [
    "from", "to", "by_start", "by_end", "symmetry", "frontier", "cluster", "pairs", "notes",
];

/// A report as every front end prints it (`count --json`, Python's
/// `report()`): the report's own fields, its sections that do not apply as
/// `null`, and the library's `version` and `commit` last (docs/json.md).
/// One shape, written in one place, so that the documents agree.
#[derive(Serialize)]
pub struct Document<'a> {
    #[serde(flatten)]
    report: &'a RunReport,
    #[serde(flatten)]
    absent: Fields,
    version: &'static str,
    commit: &'static str,
}

/// Named values, written in their order as the fields of an object.
struct Fields(Vec<(&'static str, Value)>);

impl Serialize for Fields {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// A finished count: the number, and the report of the run that counted
/// it. The number travels as a number from the method that counts to the
/// caller; the report's `count` is its decimal text, written here and
/// nowhere else, for the JSON document.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    /// The count, in the project's convention: open tours directed over
    /// every start square, closed tours undirected.
    pub count: BigUint,
    pub report: RunReport,
}

impl Counted {
    /// `count`, with `report` saying it.
    pub fn new(count: BigUint, mut report: RunReport) -> Counted {
        report.count = Some(count.to_string());
        Counted { count, report }
    }

    /// Everything the count answers, as numbers: the total, the tables by
    /// start and end square, the orbits, and each class of a count by
    /// classes (its part's decimal count read strictly: a damaged one is
    /// an error naming the class, never 0).
    pub fn answer(&self) -> Result<Answer, String> {
        let classes = self.report.pairs.as_ref().map_or(Ok(Vec::new()), |pairs| {
            pairs
                .classes
                .iter()
                .map(|class| {
                    class.value().map(|count| (class.id, count)).ok_or_else(|| {
                        format!(
                            "class {} keeps the count {:?}, which is not a count",
                            class.id, class.count
                        )
                    })
                })
                .collect()
        })?;
        Ok(Answer {
            total: self.count.clone(),
            by_start: self.report.by_start.clone(),
            by_end: self.report.by_end.clone(),
            orbits: self.report.symmetry.as_ref().map(|s| s.orbits.clone()),
            classes,
        })
    }
}

/// Everything one run reports.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct RunReport {
    pub schema: String,
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
    /// The start square counted from (`--from`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<SquareRef>,
    /// The end square counted to (`--to`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<SquareRef>,
    /// Directed open tours by start square: a row per board row, row 0
    /// first (decimal strings in JSON, read back strictly).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_start: Option<Table>,
    /// Tours from `from` by end square, laid out as `by_start`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_end: Option<Table>,
    /// Counts up to the board's symmetries.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetry: Option<SymmetryReport>,
    /// The frontier method's levels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frontier: Option<FrontierReport>,
    /// How a count over several processes was spread (`--method cluster`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster: Option<ClusterReport>,
    /// A count by endpoint pairs (`--shard`, or a table by start square by
    /// pairs): the plan and every class counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pairs: Option<PairsReport>,
    /// What the caller should know: settings capped, estimates.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl Benchmark {
    /// What the frontier method decides.
    pub const EDGES: &'static str = "edges of the knight's graph, decided a square at a time in the sweep's order of the squares (frontier-based search)";
    /// What the frontier method's edge-variable diagram's variables are.
    pub const EDGE_ZDD: &'static str = "edge variables: one per edge of the knight's graph (open tours: and per square, its edge to the apex), built from the frontier method's levels";
    /// What the time-sliced ZDD's variables are.
    pub const TIME_SLICED: &'static str =
        "time-sliced: one variable per (square, time), label cells*t + cols*r + c";
    /// What a search without a diagram walks.
    pub const KNIGHTS_GRAPH: &'static str = "the knight's graph, searched without a diagram";

    /// The benchmark section for `kind` tours of `board` under `encoding`.
    pub fn of(board: &Board, kind: TourKind, encoding: &str) -> Benchmark {
        Benchmark {
            name: "knights-tour".to_string(),
            encoding: encoding.to_string(),
            rows: board.rows(),
            cols: board.cols(),
            tour: kind.to_string(),
            convention: match kind {
                TourKind::Open => "directed Hamiltonian paths, every start square",
                TourKind::Closed => "undirected Hamiltonian cycles",
            }
            .to_string(),
        }
    }
}

impl RunReport {
    /// The report as the one document every front end prints.
    pub fn document(&self) -> Document<'_> {
        let written = serde_json::to_value(self).unwrap_or_default();
        let absent = OPTIONAL_SECTIONS
            .into_iter()
            .filter(|section| written.get(section).is_none())
            .map(|section| {
                let empty = if section == "notes" {
                    Value::Array(Vec::new())
                } else {
                    Value::Null
                };
                (section, empty)
            })
            .collect();
        Document {
            report: self,
            absent: Fields(absent),
            version: VERSION,
            commit: COMMIT,
        }
    }

    /// A report with nothing measured yet.
    pub fn new(benchmark: Benchmark, settings: Settings) -> RunReport {
        RunReport {
            schema: SCHEMA.to_string(),
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
            from: None,
            to: None,
            by_start: None,
            by_end: None,
            symmetry: None,
            frontier: None,
            cluster: None,
            pairs: None,
            notes: Vec::new(),
        }
    }

    /// Marks the report as ended early with `status` and `error`, with the
    /// time since the run `started` and the process's peak RSS.
    ///
    /// The error is in the library's stable words (a [`crate::Message`]'s
    /// `Display`); a front end that shows the report writes its own
    /// spelling of the failure over it.
    pub fn stop(
        &mut self,
        status: Status,
        error: impl std::fmt::Display,
        started: std::time::Instant,
    ) {
        self.status = status;
        self.error = Some(error.to_string());
        self.close(started);
    }

    /// Fills in the totals: wall time since `started`, peak RSS, and the
    /// summary of the steps.
    pub fn close(&mut self, started: std::time::Instant) {
        self.total_time_ms = millis(started.elapsed());
        self.peak_rss_bytes = kt_memory::peak_resident().0;
        self.summarise_steps();
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
            final_size: self.steps.last().map_or(0, |s| s.result_size),
            peak_live_nodes: self.steps.iter().map(|s| s.live_nodes).max().unwrap_or(0),
            time_ms: self.steps.iter().map(|s| s.build_ms + s.apply_ms).sum(),
        });
    }
}

/// Milliseconds as a float, for reports.
pub fn millis(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
