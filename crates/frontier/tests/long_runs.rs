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
) -> Result<kt_frontier::FrontierCounted, FrontierError> {
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

/// A copy of the checkpoint directory `from` at `to`.
fn copy_checkpoint(from: &std::path::Path, to: &std::path::Path) {
    for entry in walk(from) {
        let target = to.join(entry.strip_prefix(from).unwrap());
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(&entry, &target).unwrap();
    }
}

/// The files below `dir`.
fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files.sort();
    files
}

fn resume_from(path: &std::path::Path) -> Result<kt_frontier::FrontierCounted, FrontierError> {
    let resuming = Options {
        resume: Some(path.to_path_buf()),
        ..Options::default()
    };
    count("5x6", TourKind::Open, &resuming)
}

fn refused(result: Result<kt_frontier::FrontierCounted, FrontierError>, words: &[&str]) {
    match result {
        Err(FrontierError::Resume(why)) => assert!(words.iter().any(|w| why.contains(w)), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_resumed_count_equals_an_uninterrupted_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("5x6.checkpoint");
    // A checkpoint after every level, some of whose runs are spilled: the
    // last one written is the level before the last step (one state).
    let writing = Options {
        checkpoint: Some(path.clone()),
        checkpoint_every: Duration::ZERO,
        memory: 16 << 10,
        spill_dir: dir.path().to_path_buf(),
        ..Options::default()
    };
    let whole = count("5x6", TourKind::Open, &writing).unwrap();
    assert_eq!(whole.tours, BigUint::from(37_568u32)); // OEIS A306282
    assert!(path.is_dir());
    // The spill directory is gone, and the checkpoint holds its manifest
    // and one generation of runs.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["5x6.checkpoint"]);
    let inside: Vec<String> = std::fs::read_dir(&path)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(inside.len(), 3, "{inside:?}");
    assert!(inside.contains(&"manifest".to_string()), "{inside:?}");
    assert!(
        inside.contains(&kt_frontier::checkpoint::MARKER.to_string()),
        "{inside:?}"
    );
    let header = kt_frontier::checkpoint::inspect(&path).unwrap();
    assert_eq!(header.step, 29, "{header:?}");

    let resumed = resume_from(&path).unwrap();
    assert_eq!(resumed.tours, whole.tours);
    assert_eq!(resumed.outcome.resumed_from, Some(header.step));
    // Resuming reads the checkpoint in place and leaves it whole.
    assert_eq!(resume_from(&path).unwrap().tours, whole.tours);

    // Another board, another kind: refused.
    for (board, kind) in [("6x5", TourKind::Open), ("5x6", TourKind::Closed)] {
        let resuming = Options {
            resume: Some(path.clone()),
            ..Options::default()
        };
        match count(board, kind, &resuming) {
            Err(FrontierError::Resume(why)) => assert!(why.contains("not of"), "{why}"),
            other => panic!("{board} {kind}: {other:?}"),
        }
    }
    // A damaged manifest, or a damaged run: refused before any work.
    let files: Vec<_> = walk(&path)
        .into_iter()
        .filter(|f| !f.ends_with(kt_frontier::checkpoint::MARKER))
        .collect();
    assert_eq!(files.len(), 2, "{files:?}");
    for (i, victim) in files.iter().enumerate() {
        let copy = dir.path().join(format!("damaged-{i}"));
        copy_checkpoint(&path, &copy);
        let target = copy.join(victim.strip_prefix(&path).unwrap());
        let mut bytes = std::fs::read(&target).unwrap();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 0x55;
        std::fs::write(&target, &bytes).unwrap();
        refused(resume_from(&copy), &["damaged", "not a whole"]);
    }
    // A run missing: refused.
    let copy = dir.path().join("missing");
    copy_checkpoint(&path, &copy);
    let run = walk(&copy)
        .into_iter()
        .find(|f| f.file_name().unwrap().to_string_lossy().starts_with("run-"))
        .unwrap();
    std::fs::remove_file(run).unwrap();
    refused(resume_from(&copy), &["cannot read"]);
    // An old checkpoint file, and a file that is not one at all.
    let junk = dir.path().join("junk");
    std::fs::write(&junk, b"KTFRONT\0hello").unwrap();
    refused(resume_from(&junk), &["not a checkpoint directory"]);
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    refused(resume_from(&dir.path().join("empty")), &["manifest"]);
}

/// A checkpoint directory that holds someone else's files is refused, and
/// everything in it stays, directories named like generations included;
/// in its own directory a count removes only the generations it wrote.
#[test]
fn a_checkpoint_never_removes_what_it_did_not_write() {
    let dir = tempfile::tempdir().unwrap();
    let theirs = dir.path().join("theirs");
    std::fs::create_dir_all(theirs.join("go/src")).unwrap();
    std::fs::create_dir_all(theirs.join("graphs")).unwrap();
    std::fs::write(theirs.join("go/src/main.go"), "k").unwrap();
    let writing = |path: &std::path::Path| Options {
        checkpoint: Some(path.to_path_buf()),
        checkpoint_every: Duration::ZERO,
        ..Options::default()
    };
    match count("5x5", TourKind::Open, &writing(&theirs)) {
        Err(FrontierError::Checkpoint(why)) => {
            assert!(why.contains("not a knights-tour checkpoint"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        std::fs::read_to_string(theirs.join("go/src/main.go")).unwrap(),
        "k"
    );
    assert!(theirs.join("graphs").is_dir());
    // The program's own directory, in which someone left a file named like
    // a generation and one inside a generation: both stay.
    let ours = dir.path().join("ours");
    count("5x5", TourKind::Open, &writing(&ours)).unwrap();
    std::fs::create_dir(ours.join("g1")).unwrap();
    std::fs::write(ours.join("g1/notes.txt"), "mine").unwrap();
    std::fs::create_dir(ours.join("gallery")).unwrap();
    let resume_and_write = Options {
        resume: Some(ours.clone()),
        ..writing(&ours)
    };
    let counted = count("5x5", TourKind::Open, &resume_and_write).unwrap();
    assert_eq!(counted.tours, BigUint::from(1728u32)); // OEIS A165134
    assert_eq!(
        std::fs::read_to_string(ours.join("g1/notes.txt")).unwrap(),
        "mine"
    );
    assert!(ours.join("gallery").is_dir());
}
