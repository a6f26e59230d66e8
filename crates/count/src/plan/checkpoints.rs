//! The paths a method's settings write and the checkpoints they read,
//! checked before any work: writable, of the question asked (checkpoints
//! record whole counts, the classes of a count by pairs, the tallies of a
//! table, a sequence's sweep), and not one a count running now writes.

use std::path::PathBuf;

use crate::checkpoint_of::CheckpointOf;
use crate::failure::Failure;
use crate::methods::MethodSettings;
use crate::questions::Strategy;
use crate::request::{Question, Request};
use crate::words::Setting;
use crate::words::message;

/// The paths a candidate's settings write and the checkpoints they read,
/// checked before any work: writable, of the question asked, and not a
/// checkpoint that a count running now is writing.
pub(super) fn paths_and_checkpoints(
    request: &Request,
    settings: &MethodSettings,
    strategy: Strategy,
) -> Result<(), Failure> {
    check_outputs(request, settings)?;
    if let Some(question) = checkpoint_question(request, settings, strategy) {
        let dirs = settings.method().checkpoint_dirs();
        for (option, dir) in [
            (Setting::Checkpoint, &dirs.write),
            (Setting::Resume, &dirs.resume),
        ] {
            if let Some(dir) = dir {
                crate::checkpoint_of::check(option, dir, question)?;
            }
        }
        // A checkpoint that a count running now replaces is no level
        // to go on from (`--checkpoint` is refused likewise, by
        // `paths`).
        if let Some(dir) = &dirs.resume
            && kt_frontier::checkpoint::in_use(dir)
        {
            return Err(Failure::refused(message!(
                Setting::Resume.given(dir.display()),
                ": it is the checkpoint of another count running now; wait for it to end"
            )));
        }
    }
    Ok(())
}

/// Where a method spills (the temporary directory unless it names one).
pub(super) fn spill_dir(settings: &MethodSettings) -> PathBuf {
    let outputs = settings.method().outputs();
    outputs
        .dirs
        .first()
        .map_or_else(std::env::temp_dir, |(_, d)| d.clone())
}

/// Checkpoints record whole counts: a method's checkpoint or resume
/// settings only go with a question answered by one whole count (the
/// table by start square from one sweep with tallies is one), or by
/// endpoint pairs (the classes done, and the sweep of the one in progress;
/// `crate::pairs`).
pub(super) fn whole_counts_only(
    settings: &MethodSettings,
    question: Question,
    strategy: Strategy,
) -> Result<(), Failure> {
    if settings.method().outputs().checkpoints
        && !(question == Question::Total && strategy == Strategy::Count)
        && strategy != Strategy::ByPairs
        && strategy != Strategy::ByStartTallies
        && strategy != Strategy::ByEndTallies
        && strategy != Strategy::Prefixes
    {
        return Err(Failure::refused(message!(
            "checkpoints record whole counts: ",
            Setting::Checkpoint,
            " and ",
            Setting::Resume,
            " do not go with ",
            question.words()
        )));
    }
    Ok(())
}

/// What the checkpoints of `request` answered by `settings` and `strategy`
/// are of, where it writes or resumes any (`crate::checkpoint_of`).
pub(crate) fn checkpoint_question(
    request: &Request,
    settings: &MethodSettings,
    strategy: Strategy,
) -> Option<CheckpointOf> {
    if !settings.method().outputs().checkpoints {
        return None;
    }
    let board = request.board;
    if let (Some(sequence), Strategy::Prefixes) = (request.sequence_asked(), strategy) {
        return Some(CheckpointOf::Sequence {
            board,
            kind: request.kind,
            cells: sequence.measure == crate::terms::Measure::Cells,
            folded: sequence.folds(),
        });
    }
    match (request.question, strategy) {
        (Question::Pairs { shard, ends }, Strategy::ByPairs) => {
            Some(CheckpointOf::Classes { board, ends, shard })
        }
        (_, Strategy::ByPairs) => Some(CheckpointOf::Classes {
            board,
            ends: kt_shards::Ends::Starts,
            shard: None,
        }),
        (_, Strategy::ByStartTallies) => Some(CheckpointOf::Tallies { board }),
        (Question::ByEnd { from }, Strategy::ByEndTallies) => {
            Some(CheckpointOf::EndTallies { board, from })
        }
        (Question::Total, Strategy::Count) => Some(match settings {
            MethodSettings::Cluster(cluster) => CheckpointOf::Cluster {
                board,
                kind: request.kind,
                processes: cluster.processes(),
            },
            _ => CheckpointOf::Whole {
                board,
                kind: request.kind,
            },
        }),
        _ => None,
    }
}

/// Checks every path the work will write: the request's own outputs and
/// the method's (spill directory, checkpoint).
fn check_outputs(request: &Request, settings: &MethodSettings) -> Result<(), Failure> {
    let outputs = settings.method().outputs();
    for (option, dir) in &outputs.dirs {
        crate::paths::writable_dir(*option, dir)?;
    }
    for (option, dir) in &outputs.made_dirs {
        crate::paths::makeable_dir(*option, dir)?;
    }
    if let Some(target) = &outputs.checkpoint {
        crate::paths::checkpoint_dir(target)?;
    }
    for (output, file) in &request.outputs {
        crate::paths::writable_file(*output, file)?;
    }
    Ok(())
}
