//! What long runs rely on: levels spilled to disk give the same counts as
//! levels in memory, several threads give the same counts as one, and a
//! count resumed from a checkpoint gives the count of an uninterrupted run;
//! a checkpoint of another board, or a damaged one, is refused.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use kt_board::{Board, TourKind};
use kt_frontier::{FrontierError, Options, Unwatched, count_tours};
use num_bigint::BigUint;

fn count(
    board: &str,
    kind: TourKind,
    options: &Options,
) -> Result<kt_frontier::Counted, FrontierError> {
    count_tours(
        board.parse::<Board>().unwrap(),
        kind,
        options,
        &Unwatched,
        &AtomicBool::new(false),
    )
}

#[test]
fn spilled_levels_and_threads_give_the_same_counts() {
    let dir = tempfile::tempdir().unwrap();
    for (board, kind, published) in [
        ("6x6", TourKind::Closed, 9862u64), // OEIS A001230
        ("5x5", TourKind::Open, 1728),      // OEIS A165134
        ("3x12", TourKind::Closed, 176),    // OEIS A070030
    ] {
        let spilling = Options {
            memory: 1,
            spill_dir: dir.path().to_path_buf(),
            ..Options::default()
        };
        let counted = count(board, kind, &spilling).unwrap();
        assert_eq!(counted.tours, BigUint::from(published), "{board} spilled");
        let spilled: u64 = counted.outcome.levels.iter().map(|l| l.spilled_bytes).sum();
        assert!(spilled > 0, "{board}: nothing spilled");
        let threads = Options {
            threads: 2,
            ..Options::default()
        };
        assert_eq!(
            count(board, kind, &threads).unwrap().tours,
            BigUint::from(published),
            "{board} 2 threads"
        );
    }
    // The spill directory is removed with the count.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn a_resumed_count_equals_an_uninterrupted_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("6x6.checkpoint");
    // A checkpoint after every level: the last one written is the level
    // before the last step.
    let writing = Options {
        checkpoint: Some(file.clone()),
        checkpoint_every: Duration::ZERO,
        ..Options::default()
    };
    let whole = count("6x6", TourKind::Closed, &writing).unwrap();
    assert_eq!(whole.tours, BigUint::from(9862u32));
    assert!(file.exists());
    // Written next to the file and renamed over it: nothing else is left.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["6x6.checkpoint"]);
    let header = kt_frontier::checkpoint::inspect(&file).unwrap();
    assert!(header.step > 0 && header.step < 36, "{header:?}");
    let resuming = Options {
        resume: Some(file.clone()),
        ..Options::default()
    };
    let resumed = count("6x6", TourKind::Closed, &resuming).unwrap();
    assert_eq!(resumed.tours, whole.tours);
    assert_eq!(resumed.outcome.resumed_from, Some(header.step));

    // Another board, another kind: refused.
    for (board, kind) in [("6x7", TourKind::Closed), ("6x6", TourKind::Open)] {
        match count(board, kind, &resuming) {
            Err(FrontierError::Resume(why)) => assert!(why.contains("not of"), "{why}"),
            other => panic!("{board} {kind}: {other:?}"),
        }
    }
    // A damaged file: refused.
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x55;
    let damaged = dir.path().join("damaged.checkpoint");
    std::fs::write(&damaged, &bytes).unwrap();
    let from_damaged = Options {
        resume: Some(damaged),
        ..Options::default()
    };
    match count("6x6", TourKind::Closed, &from_damaged) {
        Err(FrontierError::Resume(why)) => assert!(
            why.contains("damaged") || why.contains("not a whole"),
            "{why}"
        ),
        other => panic!("{other:?}"),
    }
    // One written by a build that sweeps or codes the board otherwise (its
    // fingerprint, after the magic, version, sides, kind and key width):
    // refused before its states are read.
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[22] ^= 0x01;
    let other_build = dir.path().join("other-build.checkpoint");
    std::fs::write(&other_build, &bytes).unwrap();
    let from_other_build = Options {
        resume: Some(other_build),
        ..Options::default()
    };
    match count("6x6", TourKind::Closed, &from_other_build) {
        Err(FrontierError::Resume(why)) => assert!(why.contains("differently"), "{why}"),
        other => panic!("{other:?}"),
    }
    // Not a checkpoint at all.
    let junk = dir.path().join("junk");
    std::fs::write(&junk, b"hello").unwrap();
    let from_junk = Options {
        resume: Some(junk),
        ..Options::default()
    };
    assert!(matches!(
        count("6x6", TourKind::Closed, &from_junk),
        Err(FrontierError::Resume(_))
    ));
}
