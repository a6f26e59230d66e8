//! Executes a plan on an engine, one step at a time, and measures each step.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use kt_board::TourKind;
use kt_constraints::{
    ClosedStartError, Encoding, ExactlyOnce, apply_all_exactly_once, closed_start, exactly_once,
    transition,
};
use kt_engine::{Engine, EngineError, FilterLimits};
use tracing::{debug, info_span};

use super::schedule::Step;
use crate::observer::{Observer, Progress};
use crate::report::{StepReport, millis};

/// Limits that apply to the whole run.
#[derive(Clone, Debug, Default)]
pub struct RunLimits {
    /// Bytes a filtered rebuild's memo table may hold (0: no limit).
    pub memo_bytes: usize,
    /// The cancellation flag (see [`crate::CancelToken`]).
    pub interrupt: Option<Arc<AtomicBool>>,
}

/// Why a run stopped before its last step.
#[derive(Debug)]
pub struct RunError {
    /// The step that failed (0-based) and its name.
    pub step: usize,
    pub step_name: String,
    pub error: EngineError,
    /// The steps that completed.
    pub completed: Vec<StepReport>,
}

/// The result of a complete run.
pub struct Completed<F> {
    pub family: F,
    pub steps: Vec<StepReport>,
}

fn build<E: Engine>(
    engine: &E,
    enc: &Encoding,
    step: &Step,
) -> Result<Option<E::Func>, EngineError> {
    Ok(match *step {
        Step::ClosedStart => Some(closed_start(engine, enc).map_err(|e| match e {
            ClosedStartError::Engine(e) => e,
            ClosedStartError::NoClosedStart(e) => EngineError::Unsupported(e.to_string()),
        })?),
        Step::Transition(t) => Some(transition(engine, enc, t)?),
        Step::ExactlyOnce(s) => Some(exactly_once(engine, enc, s)?),
        Step::FilterExactlyOnce(_) | Step::FilterAllExactlyOnce { .. } => None,
    })
}

/// Runs `steps` for `kind` tours on `enc`, starting from the family of all
/// sets, and returns the final family (the tours) with per-step figures.
pub fn run<E: Engine>(
    engine: &E,
    enc: &Encoding,
    kind: TourKind,
    steps: &[Step],
    limits: &RunLimits,
    observer: &dyn Observer,
) -> Result<Completed<E::Func>, RunError> {
    let _span = info_span!("intersect", board = %enc.board(), %kind, steps = steps.len()).entered();
    let progress = |entries| observer.progress(Progress::FilterMemo { entries });
    let filter_limits = FilterLimits {
        max_memo_bytes: limits.memo_bytes,
        interrupt: limits.interrupt.clone(),
        progress: Some(&progress),
    };
    let mut family: Option<E::Func> = None;
    let mut reports: Vec<StepReport> = Vec::with_capacity(steps.len());
    let total = steps.len();

    for (index, step) in steps.iter().enumerate() {
        let name = step.name(enc);
        let _step_span = info_span!("step", index, name = %name).entered();
        let fail = |error: EngineError, completed: &Vec<StepReport>| RunError {
            step: index,
            step_name: name.clone(),
            error,
            completed: completed.clone(),
        };
        if limits
            .interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Err(fail(EngineError::Interrupted, &reports));
        }
        observer.step_started(index, total, &name);

        let started = Instant::now();
        let constraint = build(engine, enc, step).map_err(|e| fail(e, &reports))?;
        let built = Instant::now();
        let constraint_size = constraint.as_ref().map(|c| engine.node_count(c));
        let applied_from = Instant::now();

        // A filter step yields its memo size along with the family.
        let filter_step = |f: &E::Func| {
            match step {
                Step::FilterExactlyOnce(s) => {
                    engine.filter(f, &ExactlyOnce::new(enc, *s), &filter_limits)
                }
                Step::FilterAllExactlyOnce { end } => {
                    apply_all_exactly_once(engine, f, enc, *end, &filter_limits)
                }
                _ => unreachable!("only filter steps build no constraint"),
            }
            .map(|filtered| (filtered.family, Some(filtered.memo_entries)))
        };
        let (next, memo_entries) = match (&family, constraint) {
            (None, Some(c)) => Ok((c, None)),
            (Some(f), Some(c)) => engine.intersect(f, &c).map(|g| (g, None)),
            (Some(f), None) => filter_step(f),
            (None, None) => engine.universe().and_then(|u| filter_step(&u)),
        }
        .map_err(|e| fail(e, &reports))?;
        let applied = Instant::now();
        family = Some(next);
        let f = family.as_ref().expect("just set");

        let report = StepReport {
            index: index + 1,
            constraint: name,
            constraint_size,
            result_size: engine.node_count(f),
            live_nodes: engine.live_nodes(),
            build_ms: millis(built - started),
            apply_ms: millis(applied - applied_from),
            memo_entries,
            rss_bytes: kt_memory::resident().0,
        };
        debug!(
            result_size = report.result_size,
            live_nodes = report.live_nodes,
            apply_ms = report.apply_ms,
            "step done"
        );
        observer.step_finished(&report, total);
        reports.push(report);
    }

    let family = match family {
        Some(f) => f,
        None => engine.universe().map_err(|e| RunError {
            step: 0,
            step_name: "universe".into(),
            error: e,
            completed: Vec::new(),
        })?,
    };
    Ok(Completed {
        family,
        steps: reports,
    })
}
