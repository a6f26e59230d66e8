//! `knights-tour sequence`: whole sequences from one sweep, checked
//! against the published terms the program ships and against counts of
//! each board on its own.

use assert_cmd::Command;

use crate::common;
use crate::common::without_usage;

fn knights_tour() -> Command {
    let mut cmd = Command::cargo_bin("knights-tour").expect("the binary is built for its tests");
    cmd.env_remove("RUST_LOG")
        .env("XDG_CACHE_HOME", common::scratch_cache());
    cmd
}

fn json(args: &[&str]) -> serde_json::Value {
    let output = knights_tour()
        .args(args)
        .args(["--json", "-q"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

fn counts(doc: &serde_json::Value) -> Vec<String> {
    doc["terms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["count"].as_str().unwrap().to_string())
        .collect()
}

/// Every published term of the 3-, 4- and 5-row sequences, open and
/// closed, boards and first cells, agrees: `--oeis` exits 0 only then.
#[test]
fn every_published_term_of_short_strips_agrees() {
    for args in [
        &["sequence", "3", "--to", "28", "--oeis", "A118067"][..],
        &["sequence", "3", "--to", "29", "--oeis", "A169696"],
        &[
            "sequence", "3", "--to", "42", "--closed", "--oeis", "A169764",
        ],
        &[
            "sequence", "3", "--to", "46", "--closed", "--oeis", "A070030",
        ],
        &["sequence", "4", "--to", "16", "--oeis", "A079137"],
        &["sequence", "5", "--to", "10", "--oeis", "A083386"],
        &[
            "sequence", "5", "--to", "14", "--closed", "--oeis", "A175855",
        ],
        &[
            "sequence", "3", "--to", "53", "--cells", "--oeis", "A389759",
        ],
        &[
            "sequence", "4", "--to", "55", "--cells", "--oeis", "A389754",
        ],
        &[
            "sequence", "5", "--to", "40", "--cells", "--oeis", "A389755",
        ],
        &[
            "sequence", "3", "--to", "70", "--cells", "--closed", "--oeis", "A383660",
        ],
        &[
            "sequence", "5", "--to", "50", "--cells", "--closed", "--oeis", "A383661",
        ],
    ] {
        let doc = json(args);
        let check = &doc["check"];
        assert!(check["compared"].as_u64().unwrap() > 0, "{args:?}: {check}");
        assert_eq!(check["mismatches"], serde_json::json!([]), "{args:?}");
    }
}

/// Each term is the count of its board by `count` on its own (another
/// method where it is small: backtracking or the shipped order).
#[test]
fn each_term_is_a_count_of_its_board() {
    for (rows, to, closed) in [(4, 7, false), (5, 6, true), (3, 9, false)] {
        let mut args = vec![
            "sequence".to_string(),
            rows.to_string(),
            "--to".into(),
            to.to_string(),
        ];
        if closed {
            args.push("--closed".into());
        }
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let terms = counts(&json(&refs));
        let unfolded = counts(&json(&[refs.as_slice(), &["--no-fold"]].concat()));
        assert_eq!(terms, unfolded, "{args:?}: folded and not");
        for (n, term) in (1..=to).zip(&terms) {
            let board = format!("{rows}x{n}");
            let mut count = knights_tour();
            count.args(["count", &board, "-q"]);
            if closed {
                count.arg("--closed");
            }
            let output = count.output().unwrap();
            let stdout = String::from_utf8(output.stdout).unwrap();
            assert_eq!(stdout.lines().next(), Some(term.as_str()), "{board}");
        }
    }
}

#[test]
fn a_bfile_has_a_line_a_term_in_the_sequences_convention() {
    let output = knights_tour()
        .args([
            "sequence", "4", "--to", "6", "--bfile", "--oeis", "A079137", "-q",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    // A079137 counts undirected: half the directed 4x5 count (164).
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "1 0\n2 0\n3 8\n4 0\n5 82\n6 744\n"
    );
}

/// A b-file starts at its sequence's offset, as OEIS's does: A383660
/// (closed tours of the first 2n cells of a 3-row strip) begins at a(11),
/// the first 22 cells, and not with ten lines of zeros before it.
#[test]
fn a_bfile_starts_at_the_sequences_offset() {
    let output = knights_tour()
        .args([
            "sequence", "3", "--cells", "--to", "32", "--closed", "--bfile", "--oeis", "A383660",
            "-q",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let first: Vec<&str> = text.lines().take(2).collect();
    assert_eq!(first, ["11 4", "12 0"], "{text}");
    assert_eq!(text.lines().count(), 6, "{text}");
    assert_eq!(text.lines().last(), Some("16 56"), "{text}");
}

/// A mismatch is exit 1, as `--check` is; a sequence of another height,
/// kind or measure, an unknown A-number and impossible strips are refused
/// before any work, in one line.
#[test]
fn mismatches_and_refusals() {
    for (args, code) in [
        (&["sequence", "6", "--to", "3", "--oeis", "A175881"][..], 2),
        (&["sequence", "4", "--to", "3", "--oeis", "A306281"], 2),
        (&["sequence", "4", "--to", "3", "--oeis", "A999999"], 2),
        (&["sequence", "0", "--to", "3"], 2),
        (&["sequence", "14", "--to", "3"], 2),
        (&["sequence", "4", "--to", "0"], 2),
        // A383660 begins at a(11), the first 22 cells: nothing to compare,
        // no line of a b-file to print.
        (
            &[
                "sequence", "3", "--closed", "--cells", "--to", "8", "--oeis", "A383660",
            ],
            2,
        ),
        (&["sequence", "-1", "--to", "3"], 2),
    ] {
        let output = knights_tour().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(code), "{args:?}: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        let stderr = without_usage(&stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr:?}");
    }
}

/// A sweep interrupted after a checkpoint goes on from it and gives the
/// same terms; a whole count's checkpoint is no sequence's.
#[test]
fn a_sequence_resumes_from_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let whole = counts(&json(&["sequence", "5", "--to", "9", "--threads", "1"]));
    // A checkpoint every millisecond, and a stop once one is written.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_knights-tour"))
        .args([
            "sequence",
            "5",
            "--to",
            "9",
            "--threads",
            "1",
            "--checkpoint",
            ckpt,
            "--checkpoint-every",
            "1ms",
            "-q",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let manifest = std::path::Path::new(ckpt).join("manifest");
    let started = std::time::Instant::now();
    while !manifest.exists() && started.elapsed() < std::time::Duration::from_secs(30) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(manifest.exists(), "a checkpoint was written");
    {
        let resumed = counts(&json(&[
            "sequence",
            "5",
            "--to",
            "9",
            "--threads",
            "1",
            "--resume",
            ckpt,
        ]));
        assert_eq!(resumed, whole);
        // Another sequence of the same strip reads other states.
        let output = knights_tour()
            .args([
                "sequence",
                "5",
                "--to",
                "9",
                "--no-fold",
                "--resume",
                ckpt,
                "-q",
            ])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{output:?}");
    }
}

/// An interrupted sequence gives the terms it had finished, marked
/// partial, keeps a checkpoint in the cache (here a temporary one, every
/// sweep counted as long) and says the command that goes on; that command
/// gives every term, and the finished sequence leaves no checkpoint.
#[test]
fn an_interrupted_sequence_gives_its_finished_terms_and_goes_on_from_the_cache() {
    let cache = tempfile::tempdir().unwrap();
    let whole = counts(&json(&["sequence", "5", "--to", "12", "--threads", "1"]));
    let args = [
        "sequence",
        "5",
        "--to",
        "12",
        "--threads",
        "1",
        "--checkpoint-every",
        "1ms",
    ];
    let child = spawn_long(&args, cache.path());
    // Past the fifth column (25 steps) and its checkpoint.
    let checkpoints = cache.path().join("knights-tour/checkpoints");
    let started = std::time::Instant::now();
    let past_five = || {
        std::fs::read_dir(&checkpoints)
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .any(|dir| {
                std::fs::read_dir(dir.path())
                    .into_iter()
                    .flatten()
                    .filter_map(Result::ok)
                    .filter_map(|e| {
                        e.file_name()
                            .to_str()?
                            .strip_prefix('g')?
                            .parse::<u32>()
                            .ok()
                    })
                    .any(|step| step > 25)
            })
    };
    while !past_five() && started.elapsed() < std::time::Duration::from_mins(1) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = common::interrupt(child);
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(130), "{stdout}\n{stderr}");
    let mut lines = stdout.lines();
    assert!(
        lines.next().unwrap().starts_with("# partial: the first "),
        "{stdout}"
    );
    let finished: Vec<String> = lines
        .skip(1)
        .map(|l| l.split_whitespace().nth(1).unwrap().replace(',', ""))
        .collect();
    assert!(finished.len() >= 5 && finished.len() < 12, "{stdout}");
    assert_eq!(finished[..], whole[..finished.len()], "{stdout}");
    let last = stderr.lines().last().unwrap();
    // In a count's words: where it stopped, and the signal.
    assert!(
        last.contains("interrupted after") && last.contains("(SIGINT)"),
        "{stderr}"
    );
    assert!(
        last.contains("go on with: ") && last.ends_with(')'),
        "{stderr}"
    );
    assert!(
        last.contains(" --resume (the checkpoint is in "),
        "{stderr}"
    );

    let output = knights_tour()
        .args(args)
        .args(["--resume", "--json", "-q"])
        .env("XDG_CACHE_HOME", cache.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(counts(&doc), whole);
    assert_eq!(doc["complete"], true);
    let left = std::fs::read_dir(&checkpoints).unwrap().count();
    assert_eq!(left, 0, "the finished sequence's checkpoint is removed");
}

/// Starts the program with `args`, `cache` as the user's cache and every
/// sweep counted as long (so it keeps a checkpoint there), its output
/// piped, to be interrupted.
fn spawn_long(args: &[&str], cache: &std::path::Path) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_knights-tour"))
        .args(args)
        .env("XDG_CACHE_HOME", cache)
        .env("KNIGHTS_TOUR_CHECKPOINT_FROM", "0")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// Whether a checkpoint directory under `checkpoints` (the cache's) holds
/// `file`: the marker a sweep writes when it claims the directory, or the
/// manifest of its first checkpoint.
fn some_checkpoint_holds(checkpoints: &std::path::Path, file: &str) -> bool {
    std::fs::read_dir(checkpoints)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .any(|dir| dir.path().join(file).is_file())
}

/// A sweep planned at seconds (`sequence 6 --to 20 --closed`: about 13 s)
/// keeps the cache's checkpoint without a word before it starts, written
/// from its first minute (here every second, `--checkpoint-every 1s`): a
/// machine slower than planned loses nothing to a Ctrl-C, and the
/// interruption says where the checkpoint is and how to go on (issue 66,
/// item 5).
#[test]
fn a_sweep_planned_at_seconds_keeps_a_quiet_checkpoint() {
    let cache = tempfile::tempdir().unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_knights-tour"))
        .args(["sequence", "6", "--to", "20", "--closed", "--threads", "1"])
        .args(["--checkpoint-every", "1s"])
        .env("XDG_CACHE_HOME", cache.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let checkpoints = cache.path().join("knights-tour/checkpoints");
    let written = || some_checkpoint_holds(&checkpoints, "manifest");
    let started = std::time::Instant::now();
    while !written() && started.elapsed() < std::time::Duration::from_mins(2) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = common::interrupt(child);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(!stderr.contains("note: keeping a checkpoint"), "{stderr}");
    if output.status.success() {
        // Finished before the interruption landed: nothing is left.
        assert_eq!(std::fs::read_dir(&checkpoints).unwrap().count(), 0);
        return;
    }
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("--resume (the checkpoint is in "),
        "{stderr}"
    );
    // The same command with a bare --resume goes on to the whole sequence.
    let resumed = knights_tour()
        .args([
            "sequence", "6", "--to", "20", "--closed", "--json", "--resume",
        ])
        .env("XDG_CACHE_HOME", cache.path())
        .output()
        .unwrap();
    assert!(resumed.status.success(), "{resumed:?}");
    let doc: serde_json::Value = serde_json::from_slice(&resumed.stdout).unwrap();
    assert_eq!(doc["complete"], true);
    assert_eq!(
        counts(&doc),
        counts(&json(&["sequence", "6", "--to", "20", "--closed"]))
    );
}

/// A sequence interrupted before its first checkpoint leaves nothing in
/// the cache: the directory it claimed there would resume nothing.
#[test]
fn a_sequence_stopped_before_its_first_checkpoint_leaves_the_cache_empty() {
    let cache = tempfile::tempdir().unwrap();
    let child = spawn_long(
        &["sequence", "6", "--to", "30", "--threads", "1"],
        cache.path(),
    );
    // Until the sweep has claimed its directory in the cache.
    let checkpoints = cache.path().join("knights-tour/checkpoints");
    let started = std::time::Instant::now();
    let claimed = || some_checkpoint_holds(&checkpoints, "KNIGHTS-TOUR-CHECKPOINT");
    while !claimed() && started.elapsed() < std::time::Duration::from_mins(1) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = common::interrupt(child);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("no checkpoint was written yet"), "{stderr}");
    let left = std::fs::read_dir(&checkpoints).unwrap().count();
    assert_eq!(left, 0, "{stderr}");
}

/// A sequence whose weights would pass the widest width a sweep holds
/// before its last term is refused before any work, saying how far it
/// goes (it stopped hours in, its terms lost, before); so is the count of
/// its last board.
#[test]
fn a_sequence_past_the_widest_weights_is_refused_with_how_far_it_goes() {
    for args in [
        &["sequence", "6", "--to", "1500", "--closed", "--force"][..],
        &[
            "count", "6x1500", "--closed", "--method", "frontier", "--force",
        ],
    ] {
        let output = knights_tour().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("past the 8192 bits"), "{stderr}");
        if args[0] == "sequence" {
            // 6x n closed's level sums grow six bits a column: the widest
            // weights hold them to about column 1,300.
            let last: usize = stderr
                .split("it goes to about n = ")
                .nth(1)
                .and_then(|rest| rest.trim().parse().ok())
                .expect(&stderr);
            assert!((1100..1500).contains(&last), "{stderr}");
        }
    }
}

/// `sequence` keeps the rules `count` keeps, before any work: threads and
/// memory the machine can honour, work within the machine unless forced,
/// and a checkpoint to resume that is one; nothing is written into a
/// directory refused.
#[test]
fn a_sequence_is_refused_as_a_count_is() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let empty = empty.to_str().unwrap();
    for args in [
        &["sequence", "5", "--to", "10", "--threads", "4096"][..],
        &["sequence", "5", "--to", "10", "--memory", "1KiB"],
        &["sequence", "13", "--to", "100"],
        &["sequence", "9", "--to", "40", "--memory", "1GiB"],
        &["sequence", "5", "--to", "10", "--resume", empty],
        &[
            "sequence",
            "5",
            "--to",
            "10",
            "--checkpoint",
            empty,
            "--resume",
            empty,
        ],
    ] {
        let started = std::time::Instant::now();
        let output = knights_tour().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
    }
    let refused = knights_tour()
        .args(["sequence", "13", "--to", "100"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(
        stderr.contains("beyond this machine") && stderr.contains("--force"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_dir(empty).unwrap().count(),
        0,
        "a refused directory is left as it was"
    );
}

/// A spill directory that does not exist is made, as `--help` says.
#[test]
fn a_missing_spill_directory_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let spill = dir.path().join("new").join("spill");
    let output = knights_tour()
        .args([
            "sequence",
            "4",
            "--to",
            "8",
            "--memory",
            "64MiB",
            "-q",
            "--spill-dir",
        ])
        .arg(&spill)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert!(spill.is_dir());
}

/// A strip taller than it is long is counted board by board along each
/// board's longer side, not by a sweep of a tall square's first columns:
/// the same terms as `count`, in a fraction of a second.
#[test]
fn a_tall_short_strip_is_counted_board_by_board() {
    let doc = json(&["sequence", "8", "--to", "4"]);
    assert_eq!(doc["way"], "board by board");
    assert_eq!(doc["complete"], true);
    let each: Vec<String> = (1..=4)
        .map(|n| {
            let output = knights_tour()
                .args(["count", &format!("8x{n}"), "--json", "-q"])
                .output()
                .unwrap();
            let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            report["count"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(counts(&doc), each);
}

/// A short sequence is planned as the counts of its boards, each as
/// `count` counts it: `sequence 9 --to 9` is 9×9 open's count and its
/// smaller boards, not a sweep of every prefix of 9×9 in the columns
/// (planned at about 7 days and 9.3 TiB before, 20 times the count; issue
/// 66). Both are refused before any work on this machine, in one line
/// each, with their estimates.
#[test]
fn a_short_sequence_is_planned_as_the_count_of_its_last_board() {
    let refusal = |args: &[&str]| {
        let output = knights_tour().args(args).arg("-v").output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        let line = stderr
            .lines()
            .find(|l| l.starts_with("error: "))
            .unwrap()
            .to_owned();
        // "(the estimate: about 8.6 hours and 568.0 GiB…"
        let (_, rest) = line.split_once("(the estimate: about ").unwrap();
        let words: Vec<&str> = rest.split([' ', ',', ';', ')']).collect();
        let hours: f64 = words[0].parse().unwrap();
        assert_eq!(words[1], "hours", "{line}");
        (hours, format!("{} {}", words[3], words[4]), line)
    };
    let (count_hours, count_memory, _) = refusal(&["count", "9"]);
    let (hours, memory, line) = refusal(&["sequence", "9", "--to", "9"]);
    assert_eq!(memory, count_memory, "{line}");
    assert!(
        hours >= count_hours && hours <= 1.5 * count_hours,
        "{hours} hours against the count's {count_hours}: {line}"
    );
    assert!(line.contains("as count counts it"), "{line}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 5,
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Interrupted at any moment, a sequence prints only terms it had
    /// finished, each the uninterrupted run's, marked partial (in text and
    /// in JSON); left to finish, all of them.
    #[test]
    fn a_sequence_interrupted_at_any_column_prints_only_finished_terms(
        after_ms in 0u64..2000,
        as_json in proptest::bool::ANY,
    ) {
        static WHOLE: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
        let whole = WHOLE.get_or_init(|| {
            counts(&json(&["sequence", "5", "--to", "12", "--threads", "1"]))
        });
        let mut args = vec!["sequence", "5", "--to", "12", "--threads", "1", "--no-checkpoint"];
        if as_json {
            args.extend(["--json", "-q"]);
        }
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_knights-tour"))
            .args(&args)
            .env("XDG_CACHE_HOME", common::scratch_cache())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(after_ms));
        let output = common::interrupt(child);
        let stdout = String::from_utf8(output.stdout).unwrap();
        // A signal that lands before the program listens for it (between
        // the exec and the plan's supervision, a few milliseconds) has its
        // default effect: the process ends, and has said nothing.
        if std::os::unix::process::ExitStatusExt::signal(&output.status) == Some(2) {
            proptest::prop_assert!(
                stdout.is_empty() && output.stderr.is_empty(),
                "{:?} {stdout}",
                output.status
            );
            return Ok(());
        }
        let finished = output.status.code() == Some(0);
        if !finished {
            proptest::prop_assert_eq!(output.status.code(), Some(130), "{}", stdout);
        }
        let terms: Vec<String> = if as_json {
            let doc: serde_json::Value = serde_json::from_str(&stdout).unwrap();
            proptest::prop_assert_eq!(doc["complete"].as_bool(), Some(finished), "{}", stdout);
            counts(&doc)
        } else {
            let mut lines = stdout.lines();
            if !finished {
                let head = lines.next().unwrap_or_default();
                proptest::prop_assert!(head.starts_with("# partial: the first "), "{}", stdout);
            }
            lines
                .skip(1)
                .map(|l| l.split_whitespace().nth(1).unwrap().replace(',', ""))
                .collect()
        };
        if finished {
            proptest::prop_assert_eq!(&terms, whole);
        } else {
            proptest::prop_assert!(terms.len() < whole.len(), "{}", stdout);
            proptest::prop_assert_eq!(&terms[..], &whole[..terms.len()], "{}", stdout);
        }
    }
}

/// A strip taller than it is long swept at once (first cells, or kept in
/// a checkpoint, which a count board by board cannot be) is planned as the
/// first columns of the strip of its height and runs without `--force`:
/// it was refused as the square 8×8's 235 GiB, and takes a tenth of a
/// second.
#[test]
fn a_tall_strip_swept_at_once_is_not_refused() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("ckpt");
    let checkpoint = checkpoint.to_str().unwrap();
    for args in [
        &["sequence", "8", "--cells", "--to", "16", "-q"][..],
        &[
            "sequence",
            "8",
            "--to",
            "3",
            "--checkpoint",
            checkpoint,
            "-q",
        ],
    ] {
        let output = knights_tour().args(args).output().unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
    }
}

/// `-q` says nothing before the terms, as `count -q` does: no note of the
/// cache's checkpoint that the same run without it announces.
#[test]
fn quiet_says_no_word_before_the_terms() {
    let cache = tempfile::tempdir().unwrap();
    let run = |quiet: bool| {
        let mut command = knights_tour();
        command
            .args(["sequence", "4", "--to", "5"])
            .env("XDG_CACHE_HOME", cache.path())
            .env("KNIGHTS_TOUR_CHECKPOINT_FROM", "0");
        if quiet {
            command.arg("-q");
        }
        let output = command.output().unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stderr).unwrap()
    };
    assert!(run(false).contains("note: keeping a checkpoint"));
    assert_eq!(run(true), "");
}

/// A b-file without `--oeis` says in its first line what it counts and
/// how: open tours directed, where OEIS's sequences count most undirected.
#[test]
fn a_bfile_without_a_sequence_says_its_convention() {
    for (args, first, last) in [
        (
            &["sequence", "3", "--to", "4", "--bfile"][..],
            "# open tours of 3xn boards, counted directed",
            "4 16",
        ),
        (
            &["sequence", "3", "--to", "4", "--bfile", "--closed"],
            "# closed tours of 3xn boards, undirected",
            "4 0",
        ),
    ] {
        let output = knights_tour().args(args).output().unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.starts_with(first), "{args:?}: {text}");
        assert_eq!(text.lines().nth(4), Some(last), "{text}");
    }
}

/// A thin strip's sweep takes the weights its terms need past 2,048 bits:
/// 3×n open to 1,200 columns (4,096-bit weights from about column 1,140),
/// unfolded, gives the shipped b-file's first 1,200 lines, which the
/// folded sweep made (issue 67).
#[test]
fn a_thin_strip_sweeps_past_2048_bits() {
    let output = knights_tour()
        .args([
            "sequence", "3", "--to", "1200", "--oeis", "A118067", "--bfile",
        ])
        .args(["--no-fold", "--no-checkpoint"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let shipped = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../bfiles/b118067.txt"
    ))
    .unwrap();
    let first: Vec<&str> = shipped.lines().take(1200).collect();
    let made = String::from_utf8(output.stdout).unwrap();
    assert_eq!(made.lines().collect::<Vec<_>>(), first);
    let last = first[1199].split_once(' ').unwrap().1;
    assert!(last.len() > 617, "a(1200) has {} digits", last.len());
}
