//! The count by classes of endpoint pairs or of start squares: one
//! fixed-ends (or fixed-start) run a class, cheapest first, the classes
//! done kept in the checkpoint directory as they finish and read back when
//! the count resumes (the part file's format is `crate::pairs`'s).

use std::path::Path;
use std::time::Instant;

use kt_shards::{PairPlan, Part, Shard};
use num_bigint::BigUint;

use super::table;
use crate::failure::Failure;
use crate::methods::{self, FixedEnds, Job, Method};
use crate::observer::Watch;
use crate::pairs::{has_part, part};
use crate::paths::PART_FILE;
use crate::report::{PairsReport, RunReport};

/// Counts the classes of the pair plan of `job`'s board — those of `shard`,
/// or all — each by one fixed-ends run of `method`, cheapest first; fills
/// the report's pair section as each class finishes, and with every class,
/// the table by start square. Returns `Σ weight × count` over the classes
/// counted: the total when they are all.
pub(super) fn by_pairs(
    shard: Option<Shard>,
    ends: kt_shards::Ends,
    job: &Job,
    method: &dyn Method,
    report: &mut RunReport,
    watch: Watch<'_>,
) -> Result<BigUint, Failure> {
    let board = job.board;
    let plan = crate::pairs::plan_of(board, ends);
    let ids: Vec<usize> = match shard {
        Some(shard) => plan.shard_classes(shard),
        None => plan.by_cost().iter().map(|c| c.id).collect(),
    };
    let mut pairs = start(&plan, shard);
    let mut total = BigUint::ZERO;
    // Each class's count as a number, by id: the table is added up from
    // these, never from the report's text.
    let mut counts: Vec<Option<BigUint>> = vec![None; plan.classes().len()];
    let runs = methods::fixed_ends(method)?;
    let dirs = method.checkpoint_dirs();
    if let Some(dir) = &dirs.resume {
        pairs.classes = resumed(dir, &plan, shard).map_err(Failure::refused)?;
        for done in &pairs.classes {
            let count = class_count(done, dir)?;
            total += &count * done.weight;
            counts[done.id - 1] = Some(count);
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
            None => runs.count_fixed_ends(
                job,
                FixedEnds {
                    from: class.from,
                    to: None,
                },
                report,
                watch,
            )?,
            Some(to) => runs.count_fixed_ends(
                job,
                FixedEnds {
                    from: class.from,
                    to: Some(to),
                },
                report,
                watch,
            )?,
        };
        if watch.cancel.is_cancelled() {
            break;
        }
        total += &count * class.weight;
        counts[id - 1] = Some(count.clone());
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
            keep(dir, report).map_err(|e| {
                Failure::other(format!(
                    "cannot write the classes done to {}: {e}",
                    dir.display()
                ))
            })?;
        }
        watch.observer.report(report);
    }
    if let Some(counts) = counts.into_iter().collect::<Option<Vec<BigUint>>>() {
        let added = kt_shards::merge::added_up(&plan, counts);
        report.by_start = Some(table(&board, &added.by_start));
    }
    report.pairs = Some(pairs);
    Ok(total)
}

/// The classes done that a checkpoint directory holds, if it is one of
/// `plan` and `shard`; a part of another plan or shard is refused.
fn resumed(
    dir: &Path,
    plan: &PairPlan,
    shard: Option<Shard>,
) -> Result<Vec<kt_shards::ClassCount>, String> {
    if !has_part(dir) {
        return Ok(Vec::new());
    }
    let path = dir.join(PART_FILE);
    let part = Part::read(&path).map_err(|e| e.0)?;
    kt_shards::merge::check_part(plan, &part)
        .map_err(|why| format!("{}: {why}", path.display()))?;
    if part.plan != plan.fingerprint() || part.shard != shard.map(|s| s.to_string()) {
        return Err(format!(
            "{}: the classes of another plan or shard (plan {}, shard {}); this count is plan {}, shard {}",
            path.display(),
            part.plan,
            part.shard.as_deref().unwrap_or("all"),
            plan.fingerprint(),
            shard.map_or("all".to_string(), |s| s.to_string())
        ));
    }
    Ok(part.classes)
}

/// Keeps the classes done in the checkpoint directory `dir` (written next
/// to the file and renamed over it: a crash leaves the last whole one).
fn keep(dir: &Path, report: &RunReport) -> std::io::Result<()> {
    let Some(part) = part(report, env!("CARGO_PKG_VERSION")) else {
        return Ok(());
    };
    // The directory is the sweep's checkpoint directory too: marked as
    // the program's before anything is written in it.
    kt_frontier::checkpoint::claim(dir).map_err(std::io::Error::other)?;
    let partial = dir.join(format!("{PART_FILE}.partial"));
    std::fs::write(&partial, part.to_json())?;
    std::fs::rename(&partial, dir.join(PART_FILE))
}

/// An empty pair report of `plan` for `shard`.
fn start(plan: &PairPlan, shard: Option<Shard>) -> PairsReport {
    PairsReport {
        ends: plan.ends(),
        plan: plan.fingerprint(),
        plan_classes: plan.classes().len(),
        shard: shard.map(|s| s.to_string()),
        classes: Vec::new(),
    }
}

/// A class's count as the checkpoint keeps it, read strictly: a damaged
/// count is a refusal naming the class, never 0.
fn class_count(class: &kt_shards::ClassCount, dir: &Path) -> Result<BigUint, Failure> {
    class.value().ok_or_else(|| {
        Failure::refused(format!(
            "{}: class {} keeps the count {:?}, which is not a count; remove the directory to count again",
            dir.display(),
            class.id,
            class.count
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A damaged class count kept in a checkpoint is an error, never 0.
    #[test]
    fn a_damaged_class_count_is_an_error() {
        let mut class = kt_shards::ClassCount {
            id: 3,
            from: "a1".into(),
            to: None,
            weight: 4,
            count: "304".into(),
            seconds: 0.0,
            peak_states: 0,
        };
        let dir = Path::new("checkpoint");
        assert_eq!(class_count(&class, dir).unwrap(), BigUint::from(304u32));
        for damaged in ["", "30x", "-1", "0304", "3.0"] {
            class.count = damaged.into();
            let error = class_count(&class, dir).unwrap_err();
            assert!(
                error.message.to_string().contains("class 3"),
                "{}",
                error.message
            );
        }
    }
}
