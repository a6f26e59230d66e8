//! How each question is answered, once the plan has chosen the method and
//! the strategy from the table (`questions.rs`): the executor the library's
//! `count` calls.
//!
//! **The strategies.** A method with a family of tours answers from its
//! one diagram: the tours from `s` are its sets that contain the mark of
//! a start on `s` ([`Decoder::start_mark`]), and one pass counts the sets
//! containing each variable ([`Family::counts_containing`]); up to
//! symmetry it goes through the tours one at a time. A method with fixed
//! ends or a required move runs once per question, a run per symmetry
//! orbit of squares. A method that only counts gets the questions that
//! follow from the total (closed tours from a square) and, up to symmetry,
//! the tours each other symmetry fixes searched on quotient boards.
//!

use std::time::Instant;

use kt_board::{Board, Square, Symmetry, TourKind};
use kt_engine::Family;
use num_bigint::BigUint;

use crate::cancel::{CancelToken, Cause};
use crate::failure::{Failure, FailureKind};
use crate::methods::{self, Job, Method, RunRestriction};
use crate::observer::Observer;
use crate::questions::Strategy;
use crate::report::{Counted, RunReport, SquareRef, Status};
use crate::request::Question;
use crate::symmetry;
use crate::zdd::{Built, Decoder, Finishing};

/// Fills the squares asked about into the report.
pub(crate) fn describe(question: Question, board: &Board, report: &mut RunReport) {
    let (from, to) = match question {
        Question::From { from } | Question::ByEnd { from } => (Some(from), None),
        Question::To { to } => (None, Some(to)),
        Question::FromTo { from, to } => (Some(from), Some(to)),
        Question::Total | Question::ByStart | Question::UpToSymmetry | Question::Pairs { .. } => {
            (None, None)
        }
    };
    report.from = from.map(|s| SquareRef::of(board, s));
    report.to = to.map(|s| SquareRef::of(board, s));
}

/// Answers `question` with `method` by `strategy`, filling `report`.
#[allow(
    clippy::too_many_arguments,
    reason = "the question, its method and strategy, and the run's three handles"
)]
pub(crate) fn answer(
    method: &dyn Method,
    job: &Job,
    question: Question,
    strategy: Strategy,
    mut report: RunReport,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<Counted, Failure> {
    let started = Instant::now();
    describe(question, &job.board, &mut report);
    if strategy == Strategy::Count && question == Question::Total {
        return method.count(job, report, observer, cancel);
    }
    let count = match strategy {
        Strategy::Count => {
            let counted = method.count(job, report, observer, cancel)?;
            let total = counted.count;
            report = counted.report;
            match question {
                Question::ByStart => {
                    report.reason = Some(closed_by_start_reason(&total));
                    total
                }
                _ => total * 2u32,
            }
        }
        Strategy::Quotients => {
            let counted = method.count(job, report, observer, cancel)?;
            let total = counted.count;
            report = counted.report;
            let identity = format!("counted by --method {}", method.name());
            up_to_symmetry(&mut report, job, &total, &identity, observer, cancel)?
        }
        Strategy::FromFamily | Strategy::EnumerateFamily => {
            let builds = methods::family(method)?;
            let (built, family) =
                builds.build(job, report, Finishing::CopyOut, observer, cancel)?;
            report = built;
            match (family, builds.decoder(job.board, job.kind)) {
                (Some(Built::Family(family)), Some(decoder)) => {
                    if strategy == Strategy::EnumerateFamily {
                        enumerate(&family, decoder.as_ref(), job, method, &mut report, cancel)?
                    } else {
                        from_family(question, job, &family, decoder.as_ref(), &mut report)
                    }
                }
                // No diagram: the board's shape settles it (closed tours
                // of a board narrower than 3).
                (None, _) => none(question, job.kind, &job.board, &mut report),
                _ => {
                    return Err(Failure::other(
                        "internal error: the family came without its decoder",
                    ));
                }
            }
        }
        Strategy::ByRuns => {
            let runs = methods::restricted(method).and_then(|runs| {
                by_runs(question, job, &mut report, |restriction, report| {
                    runs.count_restricted(job, restriction, report, observer, cancel)
                })
            });
            runs.map_err(|failure| with_partial(failure, &report, started))?
        }
        Strategy::ByPairs => {
            // The table by start square is the start plan, whole.
            let (shard, ends) = match question {
                Question::Pairs { shard, ends } => (shard, ends),
                _ => (None, kt_shards::Ends::Starts),
            };
            by_pairs(shard, ends, job, method, &mut report, observer, cancel)
                .map_err(|failure| with_partial(failure, &report, started))?
        }
        Strategy::Diagram => {
            return Err(Failure::other(
                "internal error: a diagram is not an answer to count",
            ));
        }
    };
    if cancel.is_cancelled() {
        return Err(interrupted(cancel, report));
    }
    report.close(started);
    Ok(Counted::new(count, report))
}

/// The failure of a run a question made, with the question's report so far
/// and its time.
fn with_partial(mut failure: Failure, report: &RunReport, started: Instant) -> Failure {
    if failure.kind == FailureKind::Refused {
        return failure;
    }
    let mut partial = failure.report.take().map_or_else(|| report.clone(), |r| *r);
    let status = match failure.kind {
        FailureKind::Limit => Status::OutOfMemory,
        FailureKind::Stopped { .. } => Status::Interrupted,
        FailureKind::Refused | FailureKind::Other => Status::Failed,
    };
    partial.stop(status, &failure.message, started);
    failure.with_report(partial)
}

/// The failure of a question whose work was cancelled, with its report.
pub(crate) fn interrupted(cancel: &CancelToken, report: RunReport) -> Failure {
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
    job: &Job,
    total: &BigUint,
    identity_method: &str,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<BigUint, Failure> {
    let (board, kind) = (job.board, job.kind);
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

/// Up to symmetry from the family: each of its tours checked against every
/// symmetry.
fn enumerate(
    family: &Family,
    decoder: &dyn Decoder,
    job: &Job,
    method: &dyn Method,
    report: &mut RunReport,
    cancel: &CancelToken,
) -> Result<BigUint, Failure> {
    let (board, kind) = (job.board, job.kind);
    symmetry::check_size(&family.count(), &board, kind)?;
    let mut fixed = symmetry::FixedTours::new(board, kind);
    family.visit_sets(&mut |set| {
        if let Some(tour) = decoder.decode(set) {
            fixed.add(&tour);
        }
        !cancel.is_cancelled()
    });
    if cancel.is_cancelled() {
        // Reported as an interruption by the caller; the partial fixed
        // counts mean nothing.
        return Ok(BigUint::ZERO);
    }
    let (symmetry, orbits) = fixed.finish(
        decoder.sets_per_tour(kind),
        format!(
            "each of the {} sets of the --method {} diagram checked against every symmetry",
            family.count(),
            method.name()
        ),
    )?;
    report.symmetry = Some(symmetry);
    Ok(orbits)
}

/// A board-shaped table of decimal strings, row 0 first.
fn table(board: &Board, counts: &[BigUint]) -> Vec<Vec<String>> {
    (0..board.rows())
        .map(|r| {
            (0..board.cols())
                .map(|c| counts[board.square_at(r, c)].to_string())
                .collect()
        })
        .collect()
}

/// What a closed by-start request gets instead of a table.
fn closed_by_start_reason(total: &BigUint) -> String {
    format!(
        "every closed tour passes every square, so every square starts the same {} directed tours (twice the {total} undirected ones); no table is printed",
        total * 2u32
    )
}

/// Answers `question` when no tour exists at all.
pub(crate) fn none(
    question: Question,
    kind: TourKind,
    board: &Board,
    report: &mut RunReport,
) -> BigUint {
    let zeros = vec![BigUint::ZERO; board.cells()];
    match question {
        Question::ByStart if kind == TourKind::Open => {
            report.by_start = Some(table(board, &zeros));
        }
        Question::ByEnd { .. } => report.by_end = Some(table(board, &zeros)),
        Question::UpToSymmetry => report.symmetry = Some(symmetry::none(board)),
        _ => {}
    }
    BigUint::ZERO
}

/// Answers from the family of tours, in one pass per question.
fn from_family(
    question: Question,
    job: &Job,
    family: &Family,
    decoder: &dyn Decoder,
    report: &mut RunReport,
) -> BigUint {
    let board = job.board;
    let n = board.cells();
    // The sets containing every mark, and for each variable those that
    // also contain it; no set contains a mark the diagram does not have.
    let containing = |marks: &[Option<kt_engine::Var>]| -> Option<kt_engine::Containing> {
        let marks: Option<Vec<_>> = marks.iter().copied().collect();
        marks.map(|m| family.counts_containing(&m))
    };
    let total_of = |c: Option<kt_engine::Containing>| c.map_or(BigUint::ZERO, |c| c.total);
    let by_var = |c: &Option<kt_engine::Containing>, var: Option<kt_engine::Var>| -> BigUint {
        match (c, var) {
            (Some(c), Some(v)) => c.by_var[v as usize].clone(),
            _ => BigUint::ZERO,
        }
    };
    match (job.kind, question) {
        (TourKind::Open, Question::From { from }) => {
            total_of(containing(&[decoder.start_mark(from)]))
        }
        (TourKind::Open, Question::To { to }) => total_of(containing(&[decoder.end_mark(to)])),
        (TourKind::Open, Question::FromTo { from, to }) if from == to && n > 1 => BigUint::ZERO,
        (TourKind::Open, Question::FromTo { from, to }) => total_of(containing(&[
            decoder.start_mark(from),
            decoder.end_mark(to),
        ])),
        (TourKind::Open, Question::ByStart) => {
            let all = containing(&[]);
            let by: Vec<BigUint> = (0..n)
                .map(|s| by_var(&all, decoder.start_mark(s)))
                .collect();
            report.by_start = Some(table(&board, &by));
            by.iter().sum()
        }
        (TourKind::Open, Question::ByEnd { from }) => {
            let starting = containing(&[decoder.start_mark(from)]);
            let by: Vec<BigUint> = (0..n)
                .map(|e| {
                    if e == from && n > 1 {
                        BigUint::ZERO
                    } else {
                        by_var(&starting, decoder.end_mark(e))
                    }
                })
                .collect();
            report.by_end = Some(table(&board, &by));
            by.iter().sum()
        }
        (TourKind::Closed, Question::FromTo { from, to }) => {
            through(family, decoder, &board, from, to)
        }
        (TourKind::Closed, Question::ByEnd { from }) => {
            let by: Vec<BigUint> = (0..n)
                .map(|e| through(family, decoder, &board, from, e))
                .collect();
            report.by_end = Some(table(&board, &by));
            by.iter().sum()
        }
        // The table sends the rest to other strategies.
        _ => BigUint::ZERO,
    }
}

/// The closed tours of `family` through the move `a`–`b` (none if it is not
/// a move).
fn through(family: &Family, decoder: &dyn Decoder, board: &Board, a: Square, b: Square) -> BigUint {
    if board.is_knight_move(a, b) {
        decoder.through_move(family, a, b)
    } else {
        BigUint::ZERO
    }
}

/// Counts the classes of the pair plan of `job`'s board — those of `shard`,
/// or all — each by one fixed-ends run of `method`, cheapest first; fills
/// the report's pair section as each class finishes, and with every class,
/// the table by start square. Returns `Σ weight × count` over the classes
/// counted: the total when they are all.
fn by_pairs(
    shard: Option<kt_shards::Shard>,
    ends: kt_shards::Ends,
    job: &Job,
    method: &dyn Method,
    report: &mut RunReport,
    observer: &dyn Observer,
    cancel: &CancelToken,
) -> Result<BigUint, Failure> {
    let board = job.board;
    let plan = crate::pairs::plan_of(board, ends);
    let ids: Vec<usize> = match shard {
        Some(shard) => plan.shard_classes(shard),
        None => plan.by_cost().iter().map(|c| c.id).collect(),
    };
    let mut pairs = crate::pairs::start(&plan, shard);
    let mut total = BigUint::ZERO;
    let runs = methods::restricted(method)?;
    let dirs = method.checkpoint_dirs();
    if let Some(dir) = &dirs.resume {
        pairs.classes = crate::pairs::resumed(dir, &plan, shard).map_err(Failure::refused)?;
        for done in &pairs.classes {
            let count: BigUint = done.count.parse().unwrap_or_default();
            total += count * done.weight;
        }
    }
    // From the first sweep on, the report says it is a run of classes
    // (the progress bar names the sweep).
    report.pairs = Some(pairs.clone());
    for id in ids {
        if pairs.classes.iter().any(|c| c.id == id) {
            continue;
        }
        let class = plan.class(id).expect("the plan's own class");
        let started = Instant::now();
        let count = match class.to {
            // The one-square path starts and ends on its square.
            None if board.cells() == 1 => BigUint::from(1u32),
            None => runs.count_restricted(
                job,
                RunRestriction::From(class.from),
                report,
                observer,
                cancel,
            )?,
            Some(to) => runs.count_restricted(
                job,
                RunRestriction::FromTo(class.from, to),
                report,
                observer,
                cancel,
            )?,
        };
        if cancel.is_cancelled() {
            break;
        }
        total += &count * class.weight;
        pairs.classes.push(kt_shards::ClassCount {
            id,
            from: kt_board::square_name(&board, class.from),
            to: class.to.map(|to| kt_board::square_name(&board, to)),
            weight: class.weight,
            count: count.to_string(),
            seconds: started.elapsed().as_secs_f64(),
            peak_states: report.frontier.as_ref().map_or(0, |f| f.sweep_peak_states),
        });
        report.pairs = Some(pairs.clone());
        if let Some(dir) = &dirs.write {
            crate::pairs::keep(dir, report).map_err(|e| {
                Failure::other(format!(
                    "cannot write the classes done to {}: {e}",
                    dir.display()
                ))
            })?;
        }
        observer.report(report);
    }
    if pairs.classes.len() == plan.classes().len() {
        let part = crate::pairs::part(report, "this count").expect("a pair report");
        let merged = kt_shards::merge(&plan, &[(std::path::PathBuf::from("this count"), part)])
            .map_err(|e| Failure::other(format!("internal error: {e}")))?;
        report.by_start = Some(table(&board, &merged.by_start));
    }
    report.pairs = Some(pairs);
    Ok(total)
}

/// The squares of `board` in orbits under the symmetries that fix every
/// square of `fixed` (all of them when `fixed` is empty): the counts of
/// one square of an orbit hold for all of it.
fn orbits(board: &Board, fixed: &[Square]) -> Vec<Vec<Square>> {
    let group: Vec<Symmetry> = Symmetry::group(board)
        .into_iter()
        .filter(|g| fixed.iter().all(|&s| g.apply(board, s) == s))
        .collect();
    let mut seen = vec![false; board.cells()];
    let mut orbits = Vec::new();
    for s in board.squares() {
        if seen[s] {
            continue;
        }
        let mut orbit: Vec<Square> = group.iter().map(|g| g.apply(board, s)).collect();
        orbit.sort_unstable();
        orbit.dedup();
        for &t in &orbit {
            seen[t] = true;
        }
        orbits.push(orbit);
    }
    orbits
}

/// Answers by running a restricted count once per distinct question.
fn by_runs(
    question: Question,
    job: &Job,
    report: &mut RunReport,
    mut count: impl FnMut(RunRestriction, &mut RunReport) -> Result<BigUint, Failure>,
) -> Result<BigUint, Failure> {
    let board = job.board;
    let n = board.cells();
    let one = BigUint::from(1u32);
    match (job.kind, question) {
        (TourKind::Open, Question::ByEnd { .. }) if n == 1 => {
            report.by_end = Some(table(&board, std::slice::from_ref(&one)));
            Ok(one)
        }
        (TourKind::Open, _) if n == 1 => Ok(one),
        (TourKind::Open, Question::ByEnd { from }) => {
            let mut by = vec![BigUint::ZERO; n];
            for orbit in orbits(&board, &[from]) {
                if orbit[0] == from {
                    continue;
                }
                let c = count(RunRestriction::FromTo(from, orbit[0]), report)?;
                for e in orbit {
                    by[e].clone_from(&c);
                }
            }
            report.by_end = Some(table(&board, &by));
            Ok(by.iter().sum())
        }
        (TourKind::Open, Question::FromTo { from, to }) if from == to => Ok(BigUint::ZERO),
        (TourKind::Open, Question::FromTo { from, to }) => {
            count(RunRestriction::FromTo(from, to), report)
        }
        // Open tours ending on a square are, reversed, those starting on it.
        (TourKind::Open, Question::From { from: one } | Question::To { to: one }) => {
            count(RunRestriction::From(one), report)
        }
        (TourKind::Closed, Question::FromTo { from, to }) => {
            if board.is_knight_move(from, to) {
                count(RunRestriction::Through(from, to), report)
            } else {
                Ok(BigUint::ZERO)
            }
        }
        (TourKind::Closed, Question::ByEnd { from }) => {
            let mut by = vec![BigUint::ZERO; n];
            for (e, cell) in by.iter_mut().enumerate() {
                if board.is_knight_move(from, e) {
                    *cell = count(RunRestriction::Through(from, e), report)?;
                }
            }
            report.by_end = Some(table(&board, &by));
            Ok(by.iter().sum())
        }
        _ => Err(Failure::other(format!(
            "internal error: {} is not answered a run at a time",
            question.flags()
        ))),
    }
}
