//! The frontier method's edge-variable ZDD, built in an oxidd engine
//! (`--method edges`; `--encoding edges` is its old name): the second
//! encoding the engines can be compared on, and the diagram `tour` and
//! `dot` take tours from on boards the time-sliced ZDD cannot reach. It
//! holds every level of the sweep at once (`kt_frontier::zdd`), so it is
//! for boards where the diagram itself is wanted; the streaming frontier
//! method counts further.

use kt_board::{Board, TourKind};
use kt_engine::EngineKind;
use kt_frontier::{EdgeEncoding, Order, OrderChoice};
use kt_memory::Bytes;

use super::measured::{self, BASELINE_BYTES, whole};
use super::{
    BuildsFamily, Descriptor, GivenOptions, Job, Method, MethodSettings, Reach, Resources, Setting,
};
use crate::failure::Failure;
use crate::observer::Watch;
use crate::report::{Benchmark, Counted, RunReport};
use crate::zdd::edges::EdgeJob;
use crate::zdd::{Built, Decoder, EngineOptions, Finishing, JustCount};

/// The edge diagram, with its settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Edges {
    pub resources: Resources,
    /// The decision-diagram engine (default: the ZBDD).
    pub engine: Option<EngineKind>,
    /// The manager's node capacity (default: from the budget).
    pub nodes: Option<u64>,
    /// Apply-cache entries (default: 2¹⁶).
    pub cache: Option<u64>,
    /// The order of the squares: the diagram's variable order (default:
    /// `auto`, as the frontier method's).
    pub order: Option<OrderChoice>,
}

impl Edges {
    fn job(&self, job: &Job) -> Result<EdgeJob, Failure> {
        EdgeJob::prepare(
            job.order()?,
            job.kind,
            &EngineOptions {
                engine: self.engine.unwrap_or(EngineKind::Zbdd),
                nodes: self.nodes,
                cache: self.cache,
            },
            job.budget,
            job.threads,
        )
    }
}

/// The build holds every level: the states the sweep's levels hold in all
/// (6×6 open: 10.3 million states against a widest level of 1.17 million;
/// 6×6 closed: 304,054 against 43,192), at 21 bytes and 3.6 µs a state
/// (6×6 open: 218 MiB, 37.4 s), and about one node for every 10 states
/// (`docs/frontier.md`, *The edge-variable ZDD*). Those 10.3 million states
/// are 1.23 times what the sweep of 6×6 open in the columns sums over its
/// levels now (8.39 million, the colour check having dropped some since).
const LEVELS_PER_SUMMED: f64 = 1.23;
const BYTES_PER_STATE: f64 = 21.0;
const SECONDS_PER_STATE: f64 = 3.6e-6;
const STATES_PER_NODE: f64 = 10.0;

/// Measured diagram sizes (ZBDD nodes): 3×4 open, 5×5 open, 5×6 closed,
/// 6×6 closed and open.
fn measured_nodes(board: Board, kind: TourKind) -> Option<u64> {
    let short = board.rows().min(board.cols());
    let long = board.rows().max(board.cols());
    match (kind, short, long) {
        (TourKind::Open, 3, 4) => Some(77),
        (TourKind::Open, 5, 5) => Some(2771),
        (TourKind::Closed, 5, 6) => Some(95),
        (TourKind::Closed, 6, 6) => Some(22_060),
        (TourKind::Open, 6, 6) => Some(1_230_150),
        _ => None,
    }
}

fn estimate(order: &Order, kind: TourKind, engine: EngineKind) -> Reach {
    let board = order.board();
    let sweep = measured::frontier_sweep_states(board, kind, order);
    let (states, basis) = (sweep.summed * LEVELS_PER_SUMMED, sweep.basis);
    let bdd = if engine == EngineKind::Zbdd {
        1.0
    } else {
        30.0
    };
    let nodes = measured_nodes(board, kind)
        .map_or((states / STATES_PER_NODE).max(2.0) * bdd, |n| {
            n as f64 * bdd
        });
    Reach {
        seconds: states * SECONDS_PER_STATE,
        memory: Bytes(whole(states * BYTES_PER_STATE + BASELINE_BYTES)),
        spills: false,
        nodes: Some(whole(nodes)),
        states: None,
        basis: format!("the edge diagram holds every level of the sweep; its states {basis}"),
    }
}

impl Method for Edges {
    fn descriptor(&self) -> &'static Descriptor {
        &Descriptor {
            name: "edges",
            summary: "the frontier method's edge-variable ZDD, built in an engine (holds every level: for diagrams of boards up to about 6x6 open)",
            breadth: 3,
            encoding: Benchmark::EDGE_ZDD,
            takes: &[
                Setting::Threads,
                Setting::Memory,
                Setting::Engine,
                Setting::Nodes,
                Setting::Cache,
                Setting::Order,
            ],
        }
    }

    fn resources(&self) -> Option<Resources> {
        Some(self.resources)
    }

    fn configure(&self, given: &GivenOptions) -> Result<MethodSettings, Setting> {
        Ok(MethodSettings::Edges(Edges {
            resources: given.resources,
            engine: given.engine.or(self.engine),
            nodes: given.nodes.or(self.nodes),
            cache: given.cache.or(self.cache),
            order: given.order.clone().or_else(|| self.order.clone()),
        }))
    }

    fn order_choice(&self) -> Option<OrderChoice> {
        Some(self.order.clone().unwrap_or_default())
    }

    fn reach(&self, job: &Job) -> Result<Reach, Failure> {
        let prepared = self.job(job)?;
        Ok(estimate(&prepared.order, job.kind, prepared.engine))
    }

    fn count(&self, job: &Job, report: RunReport, watch: Watch<'_>) -> Result<Counted, Failure> {
        let prepared = self.job(job)?;
        crate::zdd::edges::compute(&prepared, report, JustCount, watch).map(|(counted, ())| counted)
    }

    fn family(&self) -> Option<&dyn BuildsFamily> {
        Some(self)
    }
}

impl BuildsFamily for Edges {
    fn build(
        &self,
        job: &Job,
        report: RunReport,
        finishing: Finishing,
        watch: Watch<'_>,
    ) -> Result<(RunReport, Option<Built>), Failure> {
        let prepared = self.job(job)?;
        crate::zdd::edges::compute(&prepared, report, finishing, watch)
            .map(|(counted, built)| (counted.report, Some(built)))
    }

    fn decoder(&self, job: &Job) -> Option<Box<dyn Decoder + Send>> {
        let order = job.order().ok()?;
        Some(Box::new(EdgeEncoding::ordered(order, job.kind)))
    }
}
