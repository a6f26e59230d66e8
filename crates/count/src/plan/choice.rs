//! `auto`'s choice among the capable methods, by their estimates for the
//! whole answer ([`super::AUTO_RULE`]), and the refusal of work beyond
//! this machine unless forced.

use kt_memory::Bytes;

use super::checkpoints::{paths_and_checkpoints, spill_dir, whole_counts_only};
use super::{Candidate, Plan, SequencePlanned, finish};
use crate::failure::Failure;
use crate::machine::{machine_fits, memory_fits};
use crate::methods::{CountsByEnd, CountsByStart, Reach};
use crate::questions::{self, Strategy};
use crate::request::{Question, Request, Work};
use crate::terms::{Sequence, SequenceWay};
use crate::words::Word;
use crate::words::message;

/// Picks among the resolved candidates by their reach, by [`AUTO_RULE`].
pub(super) fn choose(
    request: &Request,
    resolved: Vec<Candidate>,
    auto: bool,
) -> Result<Plan, Failure> {
    let mut refusals: Vec<(u32, Failure)> = Vec::new();
    let mut estimated: Vec<(Candidate, Reach)> = Vec::new();
    for candidate in resolved {
        if let Some(sequence) = request.sequence_asked() {
            let mut candidate = candidate;
            match sequence_reach(&mut candidate, sequence) {
                Err(refusal) if !auto => return Err(refusal),
                Err(refusal) => refusals.push((candidate.settings.method().breadth(), refusal)),
                Ok(reach) => estimated.push((candidate, reach)),
            }
            continue;
        }
        match candidate.settings.method().reach(&candidate.job) {
            Err(refusal) if !auto => return Err(refusal),
            Err(refusal) => refusals.push((candidate.settings.method().breadth(), refusal)),
            Ok(whole) => {
                let mut candidate = candidate;
                let mut reach =
                    answer_reach(request, &candidate, candidate.strategy, whole.clone());
                // The table in one sweep holds wider records than a run a
                // class: where only the runs fit the machine, or they are
                // estimated faster (`questions::runs_may_be_faster`), they
                // answer (unless the count keeps checkpoints the runs
                // cannot).
                if let Some(other) = questions::instead(candidate.strategy, &candidate.settings)
                    && whole_counts_only(&candidate.settings, request.question, other).is_ok()
                    && paths_and_checkpoints(request, &candidate.settings, other).is_ok()
                {
                    let runs = answer_reach(request, &candidate, other, whole);
                    let sweep_fits = fits(&reach, &candidate).is_ok();
                    let faster = questions::runs_may_be_faster(candidate.strategy)
                        && runs.seconds < reach.seconds;
                    if fits(&runs, &candidate).is_ok() && (!sweep_fits || faster) {
                        candidate.strategy = other;
                        reach = runs;
                    }
                }
                estimated.push((candidate, reach));
            }
        }
    }
    if !auto {
        let (candidate, reach) = estimated
            .pop()
            .ok_or_else(|| Failure::other("internal error: no method was planned"))?;
        return decide(request, candidate, reach, Grounds::Asked);
    }
    let fastest = |candidates: &mut dyn Iterator<Item = (usize, &(Candidate, Reach))>| {
        candidates
            .min_by(|(_, a), (_, b)| a.1.seconds.total_cmp(&b.1.seconds))
            .map(|(i, _)| i)
    };
    let fitting = fastest(
        &mut estimated
            .iter()
            .enumerate()
            .filter(|(_, (candidate, reach))| fits(reach, candidate).is_ok()),
    );
    let (i, grounds) = if let Some(i) = fitting {
        (i, Grounds::Fastest)
    } else if let Some(i) = fastest(&mut estimated.iter().enumerate()) {
        (i, Grounds::Smallest)
    } else {
        // None can represent the board: the refusal of the method that
        // reaches furthest says why.
        refusals.sort_by_key(|(breadth, _)| std::cmp::Reverse(*breadth));
        return Err(refusals.into_iter().next().map_or_else(
            || Failure::other("internal error: no method was planned"),
            |(_, refusal)| refusal,
        ));
    };
    let (candidate, reach) = estimated.swap_remove(i);
    decide(request, candidate, reach, grounds)
}

/// The estimate of `candidate` answering `sequence`: one sweep of every
/// prefix, or board by board where that is estimated faster (`candidate`
/// takes the way chosen, and its estimate in a sequence's terms).
fn sequence_reach(candidate: &mut Candidate, sequence: &Sequence) -> Result<Reach, Failure> {
    let prefixes = crate::methods::prefixes(candidate.settings.method())?;
    let job = &candidate.job;
    let sweep = prefixes
        .sequence_estimate(job, sequence, SequenceWay::OneSweep)?
        .ok_or_else(|| Failure::other("internal error: a sequence's sweep has no estimate"))?;
    let (way, estimate) =
        match prefixes.sequence_estimate(job, sequence, SequenceWay::BoardByBoard)? {
            Some(boards) if boards.seconds < sweep.seconds => (SequenceWay::BoardByBoard, boards),
            _ => (SequenceWay::OneSweep, sweep),
        };
    candidate.strategy = match way {
        SequenceWay::OneSweep => Strategy::Prefixes,
        SequenceWay::BoardByBoard => Strategy::BoardByBoard,
    };
    let reach = Reach {
        seconds: estimate.seconds,
        memory: Bytes(crate::methods::whole(estimate.bytes)),
        spills: true,
        nodes: None,
        states: Some(estimate.states_summed),
        basis: match way {
            SequenceWay::OneSweep => "from the levels measured on strips",
            SequenceWay::BoardByBoard => {
                "each board counted on its own, as count counts it: `count` of the last board is most of it"
            }
        }
        .into(),
    };
    candidate.sequence = Some(SequencePlanned { way, estimate });
    Ok(reach)
}

/// The estimate of `candidate` answering by `strategy`, from its estimate
/// of one whole count: the runs the strategy makes, each at its share of
/// a whole count's time (and a sweep with tallies at its share of its
/// memory too).
fn answer_reach(
    request: &Request,
    candidate: &Candidate,
    strategy: Strategy,
    whole: Reach,
) -> Reach {
    let method = candidate.settings.method();
    let runs = questions::runs(request.question, request.kind, request.board, strategy);
    let share = questions::fixed_ends_of_runs(request.question, request.kind, strategy)
        .and_then(|ends| method.fixed_ends().map(|m| m.run_share(ends)));
    // One sweep with tallies (the whole count's states, or a fixed
    // start's, in wider records): its share of a whole count.
    let tally_share = match strategy {
        Strategy::ByStartTallies => method.start_tallies().map(CountsByStart::tally_share),
        Strategy::ByEndTallies => method.end_tallies().map(CountsByEnd::tally_share),
        _ => None,
    };
    if let Some((time, memory)) = tally_share {
        return whole.times(1, Some(time)).with_memory_times(memory);
    }
    let mut reach = whole.times(runs, share);
    if strategy == Strategy::ByPairs {
        // The plan is built before the first class is counted.
        let ends = match request.question {
            Question::Pairs { ends, .. } => ends,
            _ => kt_shards::Ends::Starts,
        };
        reach.seconds += crate::pairs::plan_seconds(request.board, ends);
    }
    reach
}

/// Why a method runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Grounds {
    /// Named with `--method`.
    Asked,
    /// `auto`: the fastest estimate that fits.
    Fastest,
    /// `auto`: none fits; the smallest estimated time.
    Smallest,
}

/// The plan for `candidate`, or its refusal when its estimate is beyond
/// the machine (unless forced) or, for a drawing, beyond `max_nodes`.
fn decide(
    request: &Request,
    mut candidate: Candidate,
    reach: Reach,
    grounds: Grounds,
) -> Result<Plan, Failure> {
    let name = candidate.settings.name();
    let estimate = reach.brief_within(candidate.job.budget);
    let reason = match grounds {
        Grounds::Asked => format!("asked for; {estimate}"),
        Grounds::Fastest => format!("auto: fastest that fits; {estimate}"),
        Grounds::Smallest => format!("auto: none fits; smallest estimate, {estimate}"),
    };
    let drawing = match &request.work {
        Work::Draw { drawing } => Some(drawing),
        Work::Count | Work::Tours | Work::Sequence(_) => None,
    };
    if let Err(beyond) = within_machine(&reach, &candidate) {
        // The verdict and the way on first, the estimate's derivation
        // last: a front end that cuts a long line cuts the derivation, not
        // the one instruction the refusal gives.
        let (what, estimate) = if candidate.sequence.is_some() {
            (
                message!(format!(
                    "a sequence of {} tours of {} is beyond this machine: {beyond}",
                    request.kind, request.board,
                )),
                format!(" (the estimate: {}, {})", reach.describe(), reach.basis),
            )
        } else {
            (
                message!(
                    Word::Method.given(name),
                    format!(
                        " on {} tours of {} is beyond this machine: {beyond}",
                        request.kind, request.board,
                    )
                ),
                format!(" (the estimate: {}; {})", reach.describe(), reach.basis),
            )
        };
        if request.force {
            candidate
                .notes
                .push(message!(what, "; started with ", Word::Force, estimate));
        } else {
            return Err(Failure::beyond_machine(message!(
                what,
                "; ",
                Word::Force,
                " starts it anyway",
                estimate
            )));
        }
    }
    if let (Some(drawing), Some(nodes)) = (drawing, reach.nodes)
        && !request.force
        && nodes > drawing.max_nodes as u64
    {
        let size = if reach.basis.starts_with("measured") {
            format!("{nodes} nodes")
        } else {
            format!("about {nodes} nodes")
        };
        return Err(Failure::refused(message!(
            "the ",
            Word::Method.given(name),
            format!(
                " diagram of {} tours of {} has {size} ({}), more than ",
                request.kind, request.board, reach.basis
            ),
            Word::MaxNodes.given(drawing.max_nodes),
            "; DOT layouts of that size are unreadable (raise ",
            Word::MaxNodes,
            " to insist)"
        )));
    }
    Ok(finish(request, candidate, reason, None, Some(reach)))
}

/// Whether the estimate's memory fits this machine (its physical memory,
/// and for a method that spills the free disk where it spills). `auto`
/// chooses by the machine, as the methods' reach is stated, not by the
/// budget: a budget below what the board needs stops the run with a
/// message naming it, whichever method runs.
fn fits(reach: &Reach, candidate: &Candidate) -> Result<(), String> {
    memory_fits(reach, &spill_dir(&candidate.settings), candidate.job.budget)
}

/// Whether the estimate is within this machine: memory within its
/// physical memory (and, for a method that spills, the free disk where it
/// spills), time within [`crate::methods::LONG_SECONDS`]. `Err` says why not, in a few
/// words. A run over its budget but within the machine is left to the
/// budget's own checks, which stop it with a message naming the limit.
fn within_machine(reach: &Reach, candidate: &Candidate) -> Result<(), String> {
    machine_fits(reach, &spill_dir(&candidate.settings), candidate.job.budget)
}
