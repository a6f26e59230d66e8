//! Plain backtracking over the knight's graph (`--method backtrack`;
//! kt-tours), reported like a ZDD run so that the two can stand side by
//! side in the benchmark tables. It holds one path and a few counters: it
//! takes neither threads nor a memory budget, so its settings are empty.

use std::time::Instant;

use kt_board::TourKind;
use kt_memory::Bytes;
use kt_tours::backtrack::{COUNT_MAX_CELLS, CountError, CountLimits};
use kt_tours::{
    Endpoints, SearchProgress, count_open_tours, count_tours_with_progress, estimate_tree,
};
use num_bigint::BigUint;

use super::measured::{BASELINE_BYTES, whole};
use super::{
    CountsFixedEnds, Descriptor, FixedEnds, GivenOptions, Job, Method, MethodSettings, Reach,
    Resources, Setting,
};
use crate::cancel::{CancelToken, Cause};
use crate::failure::{Failure, FailureKind};
use crate::observer::{Progress, Watch};
use crate::report::{Benchmark, Counted, RunReport, Status};

/// Backtracking: one thread, no budget, nothing to set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backtrack;

/// The nominal speed of the search: 6×6 open searches 37.3 million nodes
/// in 0.62 s on the reference machine (`docs/benchmarks.md`), about 60
/// million a second.
const NODES_PER_SECOND: f64 = 60e6;

/// Random probes of Knuth's estimator.
const PROBES: u64 = 20_000;

/// Searches estimated to take longer than this are announced when they
/// start (the plan announces those beyond its own, longer, threshold).
const ANNOUNCE_AFTER_SECONDS: f64 = 60.0;

impl Backtrack {
    /// Knuth's estimate of the search tree ("Estimating the efficiency of
    /// backtrack programs", 1975): random probes, microseconds each.
    fn tree(job: &Job) -> Option<(f64, f64)> {
        let tree = estimate_tree(&job.board, job.kind, PROBES, 1).ok()?;
        Some((tree.nodes_mean, tree.relative_std_error))
    }
}

fn describe_tree(nodes: f64, error: f64) -> String {
    format!(
        "the search tree has about {nodes:.1e} nodes (Knuth's estimator, {PROBES} probes, relative error {:.0}%) at about 60 million nodes a second",
        error * 100.0
    )
}

impl Method for Backtrack {
    fn descriptor(&self) -> &'static Descriptor {
        &Descriptor {
            name: "backtrack",
            summary: "plain backtracking over the knight's graph, for comparison (boards of up to 64 squares)",
            breadth: 1,
            encoding: Benchmark::KNIGHTS_GRAPH,
            // Takes `--threads 1` (it runs on one thread) and nothing else.
            takes: &[Setting::Threads],
        }
    }

    fn resources(&self) -> Option<Resources> {
        None
    }

    fn configure(&self, given: &GivenOptions) -> Result<MethodSettings, Setting> {
        if given.resources.threads.is_some_and(|t| t > 1) {
            return Err(Setting::Threads);
        }
        Ok(MethodSettings::Backtrack(Backtrack))
    }

    /// Refuses boards the counter cannot take (its visited set is one
    /// `u64`); estimates the search by Knuth's random probes.
    fn reach(&self, job: &Job) -> Result<Reach, Failure> {
        let board = job.board;
        if board.cells() > COUNT_MAX_CELLS {
            return Err(Failure::refused(format!(
                "{board} {}: the backtracking counter handles boards of up to {COUNT_MAX_CELLS} squares; this one has {}",
                job.kind,
                board.cells()
            )));
        }
        let (nodes, error) = Backtrack::tree(job).unwrap_or((0.0, 0.0));
        Ok(Reach {
            seconds: nodes / NODES_PER_SECOND,
            memory: Bytes(whole(BASELINE_BYTES)),
            spills: false,
            nodes: None,
            states: None,
            basis: describe_tree(nodes, error),
        })
    }

    fn count(
        &self,
        job: &Job,
        mut report: RunReport,
        watch: Watch<'_>,
    ) -> Result<Counted, Failure> {
        let started = Instant::now();
        report.settings.threads = 1;
        if let Some((nodes, error)) = Backtrack::tree(job) {
            let seconds = nodes / NODES_PER_SECOND;
            if seconds > ANNOUNCE_AFTER_SECONDS && seconds <= crate::methods::LONG_SECONDS {
                let note = format!(
                    "{}: about {}",
                    describe_tree(nodes, error),
                    crate::human::duration(seconds)
                );
                watch.observer.note(&note.clone().into());
                report.notes.push(note);
            }
        }
        watch.observer.report(&report);
        let progress = |p: &SearchProgress| {
            watch.observer.progress(Progress::Search {
                nodes: p.nodes,
                tours: p.tours,
                starts_done: p.starts_done,
                starts_total: p.starts_total,
            });
        };
        let result = count_tours_with_progress(
            &job.board,
            job.kind,
            &CountLimits {
                node_limit: None,
                stop: Some(watch.cancel.flag()),
            },
            Some(&progress),
        );
        match result {
            Ok(done) => {
                report.search_nodes = Some(done.nodes);
                report.close(started);
                Ok(Counted::new(BigUint::from(done.tours), report))
            }
            Err(CountError::TooLarge { .. }) => Err(Failure::refused(
                result.expect_err("matched an error").to_string(),
            )),
            Err(e @ (CountError::Stopped { nodes } | CountError::NodeLimit { nodes })) => {
                let signal = match watch.cancel.cause() {
                    Some(Cause::Stop { signal }) => *signal,
                    _ => None,
                };
                let message = format!("interrupted: {e}");
                report.search_nodes = Some(nodes);
                report.stop(Status::Interrupted, &message, started);
                Err(Failure {
                    kind: FailureKind::Stopped { signal },
                    message: message.into(),
                    report: None,
                }
                .with_report(report))
            }
        }
    }

    fn fixed_ends(&self) -> Option<&dyn CountsFixedEnds> {
        Some(self)
    }
}

impl CountsFixedEnds for Backtrack {
    /// Directed open tours from a square (to another, if given).
    fn count_fixed_ends(
        &self,
        job: &Job,
        fixed: FixedEnds,
        _report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<BigUint, Failure> {
        let ends = Endpoints {
            from: Some(fixed.from),
            to: fixed.to,
        };
        debug_assert_eq!(job.kind, TourKind::Open);
        let limits = CountLimits {
            node_limit: None,
            stop: Some(watch.cancel.flag()),
        };
        count_open_tours(&job.board, ends, &limits, None)
            .map(|done| BigUint::from(done.tours))
            .map_err(|e| stopped(&e, watch.cancel))
    }
}

/// The failure a stopped or refused search means.
fn stopped(error: &CountError, cancel: &CancelToken) -> Failure {
    match error {
        CountError::TooLarge { .. } => Failure::refused(error.to_string()),
        _ => Failure {
            kind: FailureKind::Stopped {
                signal: match cancel.cause() {
                    Some(Cause::Stop { signal }) => *signal,
                    _ => None,
                },
            },
            message: format!("interrupted: {error}").into(),
            report: None,
        },
    }
}
