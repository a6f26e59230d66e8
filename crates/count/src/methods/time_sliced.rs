//! The N⁴ time-sliced ZDD (`--method zdd`): one variable per (square,
//! time), the tours as the intersection of the transition and
//! exactly-once constraints, on an oxidd engine (`crate::zdd`,
//! `docs/encoding.md`). Its family answers every question from one
//! diagram.

use kt_board::{Board, TourKind};
use kt_constraints::Encoding;
use kt_engine::EngineKind;

use super::measured::{self, BASELINE_BYTES, whole};
use super::{
    BuildsFamily, Descriptor, GivenOptions, Job, Method, MethodSettings, Reach, Resources, Setting,
};
use crate::failure::Failure;
use crate::observer::Watch;
use crate::report::{Benchmark, Counted, RunReport};
use crate::zdd::{self, Built, Decoder, EngineOptions, Finishing, Schedule, ZddJob};

/// The time-sliced ZDD, with its settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeSliced {
    pub resources: Resources,
    /// The decision-diagram engine (default: the ZBDD).
    pub engine: Option<EngineKind>,
    /// The order of the intersections (default: fused).
    pub schedule: Option<Schedule>,
    /// The manager's node capacity (default: from the budget).
    pub nodes: Option<u64>,
    /// Apply-cache entries (default: by schedule and board).
    pub cache: Option<u64>,
}

impl TimeSliced {
    fn job(&self, job: &Job) -> Result<ZddJob, Failure> {
        ZddJob::prepare(
            job.board,
            job.kind,
            self.schedule.unwrap_or(Schedule::Fused),
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

/// Squares, seconds, bytes.
type Measured = (f64, f64, f64);

/// Measured with the default engine and schedule (ZBDD, fused, one
/// thread; `docs/benchmarks.md`, *The targets*, *Engines × schedules* and
/// *How far each engine gets*): squares → (seconds, bytes). The last point
/// of each is where the run stopped for memory: its one filter pass would
/// have needed a memo of 37.5 GiB (6×7 open after 11.3 min, 7×8 closed
/// after 12.2 min).
const OPEN: [Measured; 4] = [
    (20.0, 0.021, 8.0 * MIB),
    (25.0, 0.022, 9.0 * MIB),
    (36.0, 12.4, 671.0 * MIB),
    (42.0, 680.0, 37.5 * GIB),
];
const CLOSED: [Measured; 5] = [
    (30.0, 0.022, 9.0 * MIB),
    (36.0, 0.069, 14.0 * MIB),
    (42.0, 2.41, 184.0 * MIB),
    (48.0, 110.7, 5.3 * GIB),
    (56.0, 732.0, 37.5 * GIB),
];
/// Final diagram sizes (ZBDD nodes), which are the same for every schedule.
const OPEN_NODES: [(f64, f64); 3] = [(20.0, 458.0), (25.0, 6512.0), (36.0, 3_555_077.0)];
const CLOSED_NODES: [(f64, f64); 4] = [
    (30.0, 128.0),
    (36.0, 29_524.0),
    (42.0, 1_232_622.0),
    (48.0, 25_298_072.0),
];
const MIB: f64 = 1024.0 * 1024.0;
const GIB: f64 = 1024.0 * MIB;

/// How much slower and larger the other engines and schedules are, from
/// the same tables (6×6 open and 5×5 open): the BDDs need about 10 times
/// the time, 7 times the memory and 30 times the nodes; the per-square
/// schedule 30 times the time and 5 times the memory, the plain
/// intersections (adiar, backward) 250 and 20 times.
fn factors(engine: EngineKind, schedule: Schedule) -> (f64, f64, f64) {
    let (mut time, mut memory, mut nodes) = (1.0, 1.0, 1.0);
    if engine != EngineKind::Zbdd {
        (time, memory, nodes) = (10.0, 7.0, 30.0);
    }
    match schedule {
        Schedule::Fused => {}
        Schedule::PerSquare => (time, memory) = (time * 30.0, memory * 5.0),
        Schedule::Adiar | Schedule::Backward => (time, memory) = (time * 250.0, memory * 20.0),
    }
    (time, memory, nodes)
}

/// The estimate for `kind` tours of `board`.
fn estimate(board: Board, kind: TourKind, engine: EngineKind, schedule: Schedule) -> Reach {
    let cells = board.cells() as f64;
    let (points, nodes): (&[Measured], &[(f64, f64)]) = match kind {
        TourKind::Open => (&OPEN, &OPEN_NODES),
        TourKind::Closed => (&CLOSED, &CLOSED_NODES),
    };
    let seconds: Vec<(f64, f64)> = points.iter().map(|&(c, s, _)| (c, s)).collect();
    let bytes: Vec<(f64, f64)> = points.iter().map(|&(c, _, b)| (c, b)).collect();
    let (time, memory, size) = factors(engine, schedule);
    let measured = points.iter().any(|&(c, _, _)| (c - cells).abs() < 0.5);
    Reach {
        seconds: measured::log_linear(&seconds, cells) * time,
        memory: kt_memory::Bytes(whole(
            (measured::log_linear(&bytes, cells) * memory).max(BASELINE_BYTES),
        )),
        spills: false,
        nodes: Some(whole(measured::log_linear_both_ways(nodes, cells) * size)),
        states: None,
        basis: format!(
            "{} the time-sliced ZDD's runs in docs/benchmarks.md ({} squares)",
            if measured {
                "measured in"
            } else {
                "extrapolated from"
            },
            board.cells()
        ),
    }
}

impl Method for TimeSliced {
    fn descriptor(&self) -> &'static Descriptor {
        &Descriptor {
            name: "zdd",
            summary: "the N⁴ time-sliced ZDD, the project's own encoding (open boards of up to about 36 squares, closed up to 48)",
            breadth: 2,
            encoding: Benchmark::TIME_SLICED,
            takes: &[
                Setting::Threads,
                Setting::Memory,
                Setting::Engine,
                Setting::Schedule,
                Setting::Nodes,
                Setting::Cache,
            ],
        }
    }

    fn resources(&self) -> Option<Resources> {
        Some(self.resources)
    }

    fn configure(&self, given: &GivenOptions) -> Result<MethodSettings, Setting> {
        Ok(MethodSettings::TimeSliced(TimeSliced {
            resources: given.resources,
            engine: given.engine.or(self.engine),
            schedule: given.schedule.or(self.schedule),
            nodes: given.nodes.or(self.nodes),
            cache: given.cache.or(self.cache),
        }))
    }

    fn reach(&self, job: &Job) -> Result<Reach, Failure> {
        let prepared = self.job(job)?;
        Ok(estimate(
            job.board,
            job.kind,
            prepared.engine,
            prepared.schedule,
        ))
    }

    fn count(&self, job: &Job, report: RunReport, watch: Watch<'_>) -> Result<Counted, Failure> {
        let prepared = self.job(job)?;
        zdd::compute(&prepared, report, zdd::JustCount, watch).map(|(counted, _)| counted)
    }

    fn family(&self) -> Option<&dyn BuildsFamily> {
        Some(self)
    }
}

impl BuildsFamily for TimeSliced {
    fn build(
        &self,
        job: &Job,
        report: RunReport,
        finishing: Finishing,
        watch: Watch<'_>,
    ) -> Result<(RunReport, Option<Built>), Failure> {
        let prepared = self.job(job)?;
        zdd::compute(&prepared, report, finishing, watch)
            .map(|(counted, built)| (counted.report, built))
    }

    fn decoder(&self, job: &Job) -> Option<Box<dyn Decoder + Send>> {
        let board = job.board;
        Encoding::new(board)
            .ok()
            .map(|enc| Box::new(enc) as Box<dyn Decoder + Send>)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_holds_the_measured_boards() {
        let six: Board = "6x6".parse().unwrap();
        let open = estimate(six, TourKind::Open, EngineKind::Zbdd, Schedule::Fused);
        assert!((open.seconds - 12.4).abs() < 1e-9);
        assert_eq!(open.nodes, Some(3_555_077));
        let closed = estimate(six, TourKind::Closed, EngineKind::Zbdd, Schedule::Fused);
        assert_eq!(closed.nodes, Some(29_524));
        // 6x7 open stopped at 22 GiB: beyond a 24 GiB machine.
        let beyond = estimate(
            "6x7".parse().unwrap(),
            TourKind::Open,
            EngineKind::Zbdd,
            Schedule::Fused,
        );
        assert!(beyond.memory.0 > 24 * (1 << 30), "{}", beyond.memory);
    }
}
