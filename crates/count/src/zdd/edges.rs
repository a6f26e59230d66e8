//! The frontier method's edge-variable ZDD, built in an oxidd engine: the
//! second encoding the engines can be compared on, and the diagram `tour`
//! and `dot` take tours from on boards the time-sliced ZDD cannot reach.

use std::time::Instant;

use kt_board::{Board, TourKind};
use kt_engine::{Bcdd, Bdd, Biodivine, Buddy, Engine, EngineKind, Zbdd};
use kt_frontier::{EdgeEncoding, Order};
use kt_memory::Bytes;

use super::resources::{self, Requests, ResourcePlan};
use super::{Decoder, EngineOptions, Finish};
use crate::cancel::Cause;
use crate::failure::{Failure, FailureKind};
use crate::observer::Watch;
use crate::report::{Counted, Init, Package, RunReport, SatCount, Status, StepReport, millis};

/// A board resolved for building the edge diagram.
#[derive(Clone, Debug)]
pub struct EdgeJob {
    pub board: Board,
    pub kind: TourKind,
    /// The order of the squares: the diagram's variable order.
    pub order: Order,
    pub engine: EngineKind,
    pub plan: ResourcePlan,
}

impl EdgeJob {
    /// Resolves the engine settings for the edge diagram of `kind` tours of
    /// `board`, or refuses them before anything is allocated.
    pub fn prepare(
        order: &Order,
        kind: TourKind,
        options: &EngineOptions,
        budget: Bytes,
        threads: u32,
    ) -> Result<EdgeJob, Failure> {
        let board = order.board();
        let engine = options.engine;
        options.check_cache()?;
        let vars = EdgeEncoding::ordered(order, kind).num_vars();
        let plan = resources::plan(
            &format!("the edge diagram of {board} ({engine})"),
            engine,
            vars,
            1 << 16,
            &Requests {
                budget,
                nodes: options.nodes,
                cache: options.cache,
                threads,
            },
        )
        .map_err(|e| Failure::refused(&e))?;
        Ok(EdgeJob {
            board,
            kind,
            order: order.clone(),
            engine,
            plan,
        })
    }
}

/// Builds the edge diagram of `job` and hands it to `finish`.
pub fn compute<F: Finish>(
    job: &EdgeJob,
    report: RunReport,
    finish: F,
    watch: Watch<'_>,
) -> Result<(Counted, F::Output), Failure> {
    match job.engine {
        EngineKind::Zbdd => run::<Zbdd, F>(job, report, finish, watch),
        EngineKind::Bdd => run::<Bdd, F>(job, report, finish, watch),
        EngineKind::Bcdd => run::<Bcdd, F>(job, report, finish, watch),
        EngineKind::Biodivine => run::<Biodivine, F>(job, report, finish, watch),
        EngineKind::Buddy => run::<Buddy, F>(job, report, finish, watch),
    }
}

fn run<E: Engine, F: Finish>(
    job: &EdgeJob,
    mut report: RunReport,
    finish: F,
    watch: Watch<'_>,
) -> Result<(Counted, F::Output), Failure> {
    let started = Instant::now();
    let enc = EdgeEncoding::ordered(&job.order, job.kind);
    let s = &mut report.settings;
    s.threads = job.plan.engine.threads;
    s.node_capacity = job.plan.engine.node_capacity;
    s.cache_capacity = job.plan.engine.cache_capacity;
    s.memory_budget_bytes = job.plan.budget.0;
    report.benchmark.encoding = crate::report::Benchmark::EDGE_ZDD.to_string();
    let init_started = Instant::now();
    let engine = E::new(&job.plan.engine, enc.num_vars())
        .map_err(|e| Failure::other(format!("cannot create the manager: {e}")))?;
    let info = engine.info();
    report.package = Some(Package {
        name: info.package.into(),
        kind: info.kind.to_string(),
        version: info.version.into(),
    });
    report.init = Some(Init {
        time_ms: millis(init_started.elapsed()),
        variables: u64::from(enc.num_vars()),
        rss_bytes: kt_memory::resident().0,
    });
    let name = format!("frontier edge diagram ({} variables)", enc.num_vars());
    watch.observer.step_started(0, 1, &name);
    watch.observer.report(&report);
    let built_at = Instant::now();
    let diagram = kt_frontier::zdd::build(&engine, &enc, watch.cancel.flag()).map_err(|e| {
        let (kind, status) = match (&e, watch.cancel.cause()) {
            (kt_frontier::BuildError::Cancelled, Some(Cause::MemoryBudget { .. }))
            | (kt_frontier::BuildError::Engine(_), _) => (FailureKind::Limit, Status::OutOfMemory),
            (kt_frontier::BuildError::Cancelled, Some(Cause::Stop { signal })) => (
                FailureKind::Stopped { signal: *signal },
                Status::Interrupted,
            ),
            _ => (FailureKind::Other, Status::Failed),
        };
        let message = format!("{e} while building the edge diagram");
        let mut partial = report.clone();
        partial.stop(status, &message, started);
        Failure {
            kind,
            message: message.into(),
            report: None,
        }
        .with_report(partial)
    })?;
    let step = StepReport {
        index: 1,
        constraint: format!(
            "{name}: {} levels, {} states",
            diagram.states.len(),
            diagram.states.iter().sum::<usize>()
        ),
        constraint_size: None,
        result_size: diagram.nodes,
        live_nodes: engine.live_nodes(),
        build_ms: millis(built_at.elapsed()),
        apply_ms: 0.0,
        memo_entries: None,
        rss_bytes: kt_memory::resident().0,
    };
    watch.observer.step_finished(&step, 1);
    report.steps.push(step);
    let counted_at = Instant::now();
    let tours = engine.count(&diagram.root) * enc.directions(job.kind);
    report.satcount = Some(SatCount {
        result: tours.to_string(),
        time_ms: millis(counted_at.elapsed()),
    });
    let output = finish.finish(&engine, &enc, &diagram.root, &mut report)?;
    report.close(started);
    Ok((Counted::new(tours, report), output))
}
