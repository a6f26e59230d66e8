//! The knights-tour counting library: "count the tours of this board",
//! callable from the command line, a test, a benchmark harness or any
//! other program.
//!
//! A [`Request`] says what to count (board, open or closed) and, where it
//! matters, how (method, engine, schedule, limits). [`plan`] checks it
//! before any work — refusing what the chosen method cannot represent or
//! options it would ignore — and [`count`] runs it. Progress reaches an
//! [`Observer`]; a [`CancelToken`] stops the work from outside. Nothing in
//! this crate prints, reads the environment's signals or ends the process:
//! that is the command line's business.
//!
//! The methods behind the seam:
//!
//! * [`zdd`]: the N⁴ time-sliced encoding on oxidd (the project's own);
//! * frontier-based search over the board's edges ([`kt_frontier`]), for
//!   the boards the time-sliced ZDD cannot reach (8×8 and beyond);
//! * backtracking over the knight's graph ([`kt_tours::backtrack`]), for
//!   comparison;
//! * theorems: boards that have no tour at all (Schwenk; Conrad et al.)
//!   are answered at once unless [`Request::use_theorems`] is off.
//!
//! Every finished count comes with a [`RunReport`], which serialises to
//! the JSON schema [`report::SCHEMA`]; [`known`] holds the published
//! counts a result can be checked against.
//!
//! # Examples
//!
//! Counting the open tours of the 5×5 board:
//!
//! ```
//! use kt_board::{Board, TourKind};
//! use kt_count::{CancelToken, Request, Silent, count};
//!
//! let board: Board = "5x5".parse().unwrap();
//! let counted = count(&Request::new(board, TourKind::Open), &Silent, &CancelToken::new()).unwrap();
//! assert_eq!(counted.count.to_string(), "1728");
//! assert_eq!(counted.report.settings.method, "zdd");
//! ```

mod backtrack;
mod cancel;
mod failure;
mod frontier;
pub mod known;
mod observer;
mod plan;
mod questions;
pub mod report;
mod request;
mod symmetry;
pub mod zdd;

use std::time::Instant;

use kt_board::TourKind;
use num_bigint::BigUint;

pub use cancel::{CancelToken, Cause};
pub use failure::{Failure, FailureKind};
pub use observer::{Observer, Progress, Silent};
pub use plan::{MAX_THREADS_PER_CORE, Method, Plan, ZDD_REACH_CLOSED, ZDD_REACH_OPEN, plan};
pub use report::{RunReport, Status};
pub use request::{MethodChoice, Request};

use report::{Benchmark, Settings};

/// A finished count.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    /// The count, in the project's convention: open tours directed over
    /// every start square, closed tours undirected.
    pub count: BigUint,
    pub report: RunReport,
}

/// Counts the tours `request` describes.
///
/// Blocks until the count is done, refused, stopped through `cancel`, or
/// out of a resource; a failure after work started carries the partial
/// report.
pub fn count(
    request: &Request,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<Counted, Failure> {
    let started = Instant::now();
    let plan = plan(request)?;
    let report = start_report(request, &plan, observer);
    let report = if let Some(reason) = plan.settled {
        let mut report = settled(report, &reason.to_string(), started);
        if request.asks_more() {
            questions::describe(request, &mut report);
            questions::none(request, &mut report);
            if request.up_to_symmetry {
                report.symmetry = Some(symmetry::none(&request.board));
            }
        }
        report
    } else if request.asks_more() {
        answer(request, &plan, report, observer, cancel)?
    } else {
        match plan.method {
            Method::Zdd => {
                let job = plan.zdd.as_ref().expect("a zdd plan holds its job");
                zdd::compute(job, report, zdd::JustCount, observer, cancel)?.0
            }
            Method::Backtrack => backtrack::count(request, report, observer, cancel)?,
            Method::Frontier if request.edges => {
                let job = plan.edges.as_ref().expect("an edges plan holds its job");
                zdd::edges::compute(job, report, zdd::JustCount, observer, cancel)?.0
            }
            Method::Frontier => frontier::count(request, &plan, report, observer, cancel)?,
        }
    };
    let count = finished_count(&report)?;
    Ok(Counted { count, report })
}

/// The count a finished report holds; a finished run without one is a bug.
fn finished_count(report: &RunReport) -> Result<BigUint, Failure> {
    report
        .count
        .as_deref()
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| Failure::other("internal error: a finished run has no count"))
}

/// Answers the questions beyond the plain count (a start, an end, a table,
/// symmetry) with the planned method.
fn answer(
    request: &Request,
    plan: &Plan,
    mut report: RunReport,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<RunReport, Failure> {
    let started = Instant::now();
    questions::describe(request, &mut report);
    let (board, kind) = (request.board, request.kind);
    let count = match plan.method {
        Method::Zdd => {
            let job = plan.zdd.as_ref().expect("a zdd plan holds its job");
            let (done, family) = zdd::compute(job, report, zdd::CopyOut, observer, cancel)?;
            report = done;
            match family {
                None => {
                    let none = questions::none(request, &mut report);
                    if request.up_to_symmetry {
                        report.symmetry = Some(symmetry::none(&board));
                    }
                    none
                }
                Some(family) if request.up_to_symmetry => {
                    symmetry::check_size(&family.count(), &board, kind)?;
                    let mut fixed = symmetry::FixedTours::new(board, kind);
                    family.visit_sets(&mut |set| {
                        if let Some(tour) = job.enc.decode(set) {
                            fixed.add(&tour);
                        }
                        !cancel.is_cancelled()
                    });
                    if cancel.is_cancelled() {
                        // Reported as an interruption below; the partial
                        // fixed counts mean nothing.
                        return Err(interrupted(cancel, report));
                    }
                    let per_tour = if kind == TourKind::Open && board.cells() > 1 {
                        2
                    } else {
                        1
                    };
                    let (symmetry, orbits) = fixed.finish(
                        per_tour,
                        format!("each of the {} sets of the time-sliced diagram checked against every symmetry", family.count()),
                    )?;
                    report.symmetry = Some(symmetry);
                    orbits
                }
                Some(family) => {
                    questions::from_time_sliced(request, &family, &job.enc, &mut report)
                }
            }
        }
        Method::Frontier if request.up_to_symmetry => {
            report = frontier::count(request, plan, report, observer, cancel)?;
            let total = finished_count(&report)?;
            up_to_symmetry(
                &mut report,
                request,
                &total,
                "counted by the frontier method",
                observer,
                cancel,
            )?
        }
        Method::Frontier => questions::by_runs(
            request,
            &mut report,
            |ends, only, through| {
                frontier::count_restricted(request, plan, ends, only, through, observer, cancel)
            },
            || {
                frontier::count(
                    request,
                    plan,
                    start_report(request, plan, &Silent),
                    observer,
                    cancel,
                )
                .and_then(|r| finished_count(&r))
            },
        )?,
        Method::Backtrack if request.up_to_symmetry => {
            let total = backtrack::count_total(request, cancel)?;
            up_to_symmetry(
                &mut report,
                request,
                &total,
                "counted by backtracking",
                observer,
                cancel,
            )?
        }
        Method::Backtrack => questions::by_runs(
            request,
            &mut report,
            |ends, _, _| backtrack::count_from(request, ends, cancel),
            || backtrack::count_total(request, cancel),
        )?,
    };
    if cancel.is_cancelled() {
        return Err(interrupted(cancel, report));
    }
    report.count = Some(count.to_string());
    report.close(started);
    Ok(report)
}

/// The failure of a question whose work was cancelled, with its report.
fn interrupted(cancel: &CancelToken, report: RunReport) -> Failure {
    Failure {
        kind: match cancel.cause() {
            Some(Cause::MemoryBudget { .. }) => FailureKind::Limit,
            Some(Cause::Stop { signal }) => FailureKind::Stopped { signal: *signal },
            None => FailureKind::Stopped { signal: None },
        },
        message: "interrupted".into(),
        report: None,
    }
    .with_report(report)
}

/// The orbits under the board's symmetries, given a method's plain count
/// (`total`): the identity fixes every tour, the other symmetries' fixed
/// tours are searched on quotient boards. Zero when the search was stopped;
/// the caller reports the interruption.
fn up_to_symmetry(
    report: &mut RunReport,
    request: &Request,
    total: &BigUint,
    identity_method: &str,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<BigUint, Failure> {
    let (board, kind) = (request.board, request.kind);
    let undirected = symmetry::undirected(total, &board, kind);
    let found =
        symmetry::by_quotients(board, kind, &undirected, identity_method, observer, cancel)?;
    Ok(match found {
        Some((symmetry, orbits)) => {
            report.symmetry = Some(symmetry);
            orbits
        }
        None => BigUint::ZERO,
    })
}

/// Builds the time-sliced ZDD of the tours `request` describes and hands
/// it to `finish` (copy it out, draw it). The output is `None` when no
/// diagram was built: a theorem or the board's shape settles the count
/// (the report's `reason` says which).
///
/// Only the zdd method builds a diagram; other methods are refused.
pub fn diagram<F: zdd::Finish>(
    request: &Request,
    finish: F,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<(RunReport, Option<F::Output>), Failure> {
    let started = Instant::now();
    let plan = plan(request)?;
    if plan.method != Method::Zdd && !request.edges {
        return Err(Failure::refused(format!(
            "--method {} builds no diagram of the tours: use --method zdd, or --encoding edges for the frontier method's",
            plan.method
        )));
    }
    let report = start_report(request, &plan, observer);
    if let Some(reason) = plan.settled {
        return Ok((settled(report, &reason.to_string(), started), None));
    }
    if let Some(job) = plan.edges.as_ref() {
        return zdd::edges::compute(job, report, finish, observer, cancel)
            .map(|(r, out)| (r, Some(out)));
    }
    let job = plan.zdd.as_ref().expect("a zdd plan holds its job");
    zdd::compute(job, report, finish, observer, cancel)
}

/// The report a run starts with, and the plan's notes said once.
fn start_report(request: &Request, plan: &Plan, observer: &dyn Observer) -> RunReport {
    let encoding = match plan.method {
        Method::Zdd => Benchmark::TIME_SLICED,
        Method::Backtrack => Benchmark::KNIGHTS_GRAPH,
        Method::Frontier => Benchmark::EDGES,
    };
    let mut report = RunReport::new(
        Benchmark::of(&request.board, request.kind, encoding),
        Settings {
            method: plan.method.name(),
            method_reason: Some(plan.reason.clone()),
            schedule: None,
            threads: plan.threads,
            node_capacity: 0,
            cache_capacity: 0,
            memory_budget_bytes: plan.budget.0,
        },
    );
    for note in &plan.notes {
        observer.note(note);
    }
    report.notes.clone_from(&plan.notes);
    report
}

/// A count of 0 that a theorem settles, with the theorem as the reason.
fn settled(mut report: RunReport, reason: &str, started: Instant) -> RunReport {
    report.settings.method = "theorem";
    report.settings.method_reason =
        Some("a theorem settles this board: it has no tour of this kind".into());
    report.count = Some("0".into());
    report.reason = Some(reason.to_string());
    report.close(started);
    report
}
