//! The command line: counts, reports, and bad input (one line on stderr,
//! a non-zero exit, never a panic).

use assert_cmd::Command;
use predicates::prelude::*;

use crate::common;
use crate::common::without_usage;

fn knights_tour() -> Command {
    let mut cmd = Command::cargo_bin("knights-tour").expect("the binary is built for its tests");
    cmd.env_remove("RUST_LOG")
        .env("XDG_CACHE_HOME", common::scratch_cache());
    cmd
}

/// Runs with `args`, expects success, and returns stdout.
fn succeeds(args: &[&str]) -> String {
    let output = knights_tour().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// Runs with `args`, expects failure with `code` and exactly one line on
/// stderr starting with `error:`.
fn fails_with_one_line(args: &[&str], code: i32) -> String {
    let output = knights_tour().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(code), "{args:?}: {output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    let stderr = without_usage(&stderr).to_string();
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr:?}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr:?}");
    stderr
}

#[test]
fn counts_and_summarises() {
    knights_tour()
        .args(["count", "5", "--method", "zdd"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("1728\n"))
        .stdout(predicate::str::contains("final diagram"));
}

#[test]
fn rectangular_boards_by_name_or_flags() {
    for args in [
        &["count", "3x4"][..],
        &["count", "--rows", "3", "--cols", "4"],
    ] {
        knights_tour()
            .args(args)
            .assert()
            .success()
            .stdout(predicate::str::starts_with("16\n"));
    }
}

#[test]
fn json_report_has_the_benchmark_fields() {
    let output = knights_tour()
        .args([
            "count", "6", "--closed", "--json", "--check", "--method", "zdd",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["count"], "9862");
    assert_eq!(report["satcount"]["result"], "9862");
    assert_eq!(report["status"], "complete");
    assert_eq!(report["package"]["name"], "oxidd");
    assert_eq!(report["package"]["type"], "zbdd");
    assert_eq!(report["benchmark"]["rows"], 6);
    assert_eq!(report["benchmark"]["tour"], "closed");
    assert_eq!(report["settings"]["schedule"], "fused");
    // A ZDD is canonical: every schedule and every implementation of the
    // encoding ends on this diagram, whose size the project's first
    // prototype measured too (docs/benchmarks.md).
    assert_eq!(report["paths"]["final_size"], 29524);
    assert!(report["steps"].as_array().unwrap().len() > 30);
    assert!(report["peak_rss_bytes"].as_u64().unwrap() > 0);
    assert_eq!(report["check"]["passed"], true);
}

/// What `count --json` prints reads back into the library's report, and
/// writing that again gives the same document.
#[test]
fn json_report_reads_back_into_a_run_report() {
    let output = knights_tour()
        .args(["count", "5", "--json", "--check"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let printed = String::from_utf8(output.stdout).unwrap();
    let report: kt_count::RunReport = serde_json::from_str(&printed).unwrap();
    assert_eq!(report.count.as_deref(), Some("1728"));
    assert_eq!(report.status, kt_count::Status::Complete);
    assert!(report.check.as_ref().is_some_and(|c| c.passed));
    // Written again by the library, it is the same document but for what
    // the program adds (docs/json.md): its version and commit, and the
    // sections that do not apply as null or [].
    let again = serde_json::to_value(&report).unwrap();
    let printed: serde_json::Value = serde_json::from_str(&printed).unwrap();
    let printed = printed.as_object().unwrap();
    for (key, value) in again.as_object().unwrap() {
        assert_eq!(printed.get(key), Some(value), "{key}");
    }
    for (key, value) in printed {
        if again.get(key).is_none() {
            let added = matches!(key.as_str(), "version" | "commit")
                || value.is_null()
                || value.as_array().is_some_and(Vec::is_empty);
            assert!(added, "{key}: {value}");
        }
    }
}

#[test]
fn bench_is_count_with_json() {
    let output = knights_tour()
        .args([
            "bench",
            "3x4",
            "--engine",
            "bdd",
            "--schedule",
            "adiar",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["count"], "16");
    assert_eq!(report["package"]["type"], "bdd");
    assert_eq!(report["settings"]["schedule"], "adiar");
    // With no option of the engines, `bench` still measures the
    // time-sliced ZDD (`auto` would take the fastest method); a method
    // named, `auto` included, is taken.
    for (args, method) in [
        (vec!["bench", "5", "--json"], "zdd"),
        (
            vec!["bench", "5", "--method", "frontier", "--json"],
            "frontier",
        ),
        (
            vec!["bench", "5", "--method", "auto", "--json"],
            "backtrack",
        ),
    ] {
        let output = knights_tour().args(&args).output().unwrap();
        assert!(output.status.success(), "{output:?}");
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["settings"]["method"], method, "{args:?}");
    }
    // Without --json, as hyperfine: the summary, the times on stderr in
    // one unit.
    let output = knights_tour()
        .args(["bench", "5", "--method", "frontier", "--runs", "2"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stdout.starts_with("1728\nopen tours of 5x5"), "{stdout}");
    assert!(stdout.lines().count() < 30, "{stdout}");
    assert!(stderr.contains("Time (mean ± σ): "), "{stderr}");
    // Each run but the last says which it was (issue 66 item 10).
    assert!(stderr.contains("bench: run 1 of 2, "), "{stderr}");
    assert!(!stderr.contains("bench: run 2 of 2"), "{stderr}");
}

#[test]
fn closed_tours_on_narrow_boards_are_zero_with_a_reason() {
    knights_tour()
        .args(["count", "2x8", "--closed"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("0\n"))
        .stdout(predicate::str::contains("Schwenk"));
    // Without the theorems the ZDD method itself says why.
    knights_tour()
        .args([
            "count",
            "2x8",
            "--closed",
            "--no-theorems",
            "--method",
            "zdd",
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("0\n"))
        .stdout(predicate::str::contains("at least 3 rows and 3 columns"));
}

#[test]
fn check_passes_on_published_counts() {
    knights_tour()
        .args(["count", "5x6", "--check"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "agrees with open 6x5 directed = 37568",
        ));
}

#[test]
fn known_lists_the_table() {
    knights_tour()
        .args(["known"])
        .assert()
        .success()
        .stdout(predicate::str::contains("13267364410532"))
        .stdout(predicate::str::contains("OEIS A001230"));
    let output = knights_tour().args(["known", "--json"]).output().unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(doc["schema"], "knights-tour/known/1");
    assert!(doc["counts"].as_array().unwrap().len() >= 30);
}

#[test]
fn bad_boards_are_one_line_errors() {
    for board in [
        "0",
        "-3",
        "abc",
        "3x",
        "x3",
        "3x4x5",
        "0x5",
        "5x0",
        "99999999999999999999",
    ] {
        fails_with_one_line(&["count", board], 2);
    }
    // Beyond the time-sliced ZDD, `auto` takes the frontier method, whose
    // state holds 28 slots: each method's limit is named.
    let message = fails_with_one_line(&["count", "200"], 2);
    assert!(message.contains("at most 28 frontier slots"), "{message}");
    let message = fails_with_one_line(&["count", "200", "--method", "zdd"], 2);
    assert!(message.contains("at most 128 squares"), "{message}");
    let message = fails_with_one_line(&["count", "10", "--method", "zdd", "--memory", "4M"], 2);
    assert!(message.contains("memory budget"), "{message}");
    let message = fails_with_one_line(&["count", "256x256", "--method", "zdd"], 2);
    assert!(message.contains("variables"), "{message}");
}

#[test]
fn malformed_flags_are_one_line_errors() {
    for args in [
        &["count", "5", "--bogus"][..],
        &["count", "5", "--engine", "cudd"],
        &["count", "5", "--schedule", "random"],
        &["count", "5", "--threads", "0"],
        &["count", "5", "--memory", "lots"],
        &["count", "5", "--memory", "0"],
        &["count", "5", "--cache", "-1"],
        &["count", "5", "--rows", "3"],
        &["count", "--rows", "3"],
        &["count", "--rows", "0", "--cols", "3"],
        &["frobnicate"],
    ] {
        fails_with_one_line(args, 2);
    }
}

#[test]
fn no_arguments_show_the_usage_and_the_commands() {
    let output = knights_tour().output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("Usage: knights-tour"), "{stderr}");
    for command in ["count", "tour", "dot", "find", "verify", "known"] {
        assert!(
            stderr.contains(&format!("\n  {command} ")),
            "{command}: {stderr}"
        );
    }
    assert!(!stderr.contains("error:"), "{stderr}");
}

#[test]
fn help_is_grouped_with_examples_and_no_developer_notes() {
    let output = knights_tour().args(["count", "--help"]).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let help = String::from_utf8(output.stdout).unwrap();
    for heading in [
        "Board:",
        "Questions:",
        "Method:",
        "ZDD options",
        "Frontier options",
        "Output:",
        "Examples:",
        "Exit status:",
    ] {
        assert!(help.contains(heading), "{heading}: {help}");
    }
    assert!(!help.contains("doc comments"), "{help}");
    let main = knights_tour().arg("--help").output().unwrap();
    let main = String::from_utf8(main.stdout).unwrap();
    assert!(main.contains("Examples:"), "{main}");
    assert!(!main.contains("doc comments"), "{main}");
    assert!(!main.contains("kt-count"), "{main}");
}

/// `count -h` is the one-screen summary (README): at most 40 lines, none
/// wider than the terminal, since clap wraps help to its width (COLUMNS
/// where the output is not a terminal).
#[test]
fn count_h_fits_one_screen_and_help_wraps_to_the_terminal() {
    for columns in [80, 100] {
        let output = knights_tour()
            .args(["count", "-h"])
            .env("COLUMNS", columns.to_string())
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        let help = String::from_utf8(output.stdout).unwrap();
        assert!(
            help.lines().count() <= 40,
            "{}: {help}",
            help.lines().count()
        );
        for option in [
            "--closed",
            "--by-start",
            "--method",
            "--checkpoint",
            "--json",
        ] {
            assert!(help.contains(option), "{option}: {help}");
        }
        for line in help.lines() {
            assert!(line.chars().count() <= columns, "{line:?}");
        }
        // --help keeps the long text and every option, wrapped the same.
        let output = knights_tour()
            .args(["count", "--help"])
            .env("COLUMNS", columns.to_string())
            .output()
            .unwrap();
        let long = String::from_utf8(output.stdout).unwrap();
        for text in [
            "--rows",
            "--processes",
            "--nodes",
            "biodivine",
            "Exit status:",
        ] {
            assert!(long.contains(text), "{text}: {long}");
        }
        for line in long.lines() {
            assert!(line.chars().count() <= columns, "{line:?}");
        }
    }
}

#[test]
fn typos_get_clap_tips_in_the_one_line() {
    let message = fails_with_one_line(&["count", "5", "--closd"], 2);
    assert!(message.contains("tip:"), "{message}");
    assert!(message.contains("'--closed'"), "{message}");
}

#[test]
fn options_a_method_does_not_take_are_refused_with_the_methods_that_do() {
    let message = fails_with_one_line(
        &["count", "5", "--method", "backtrack", "--engine", "bdd"],
        2,
    );
    assert!(
        message.contains("--engine applies to --method zdd"),
        "{message}"
    );
    let message = fails_with_one_line(&["count", "5", "--method", "zdd", "--spill-dir", "/tmp"], 2);
    assert!(
        message.contains("--spill-dir applies to --method frontier"),
        "{message}"
    );
    let message = fails_with_one_line(
        &["count", "5", "--method", "backtrack", "--memory", "1G"],
        2,
    );
    assert!(message.contains("--memory applies to"), "{message}");
    // The interval of checkpoints, without --checkpoint, is the cache's:
    // a method that keeps none refuses it; auto takes it.
    let message = fails_with_one_line(
        &["count", "5", "--method", "zdd", "--checkpoint-every", "5m"],
        2,
    );
    assert!(
        message.contains("--checkpoint-every applies to --method frontier"),
        "{message}"
    );
    knights_tour()
        .args(["count", "5", "--checkpoint-every", "5m", "-q"])
        .assert()
        .success();
    // Questions that do not go together are refused by clap's groups.
    for args in [
        &["count", "5", "--by-end"][..],
        &["count", "5", "--by-start", "--from", "a1"],
        &["count", "5", "--up-to-symmetry", "--to", "a1"],
        &["count", "5", "--from", "a1", "--to", "b3", "--by-end"],
    ] {
        fails_with_one_line(args, 2);
    }
}

#[test]
fn a_node_limit_stops_the_run_with_a_message() {
    let message =
        fails_with_one_line_stdout_ok(&["count", "5", "--nodes", "2000", "--method", "zdd"]);
    assert!(message.contains("node capacity of 2000"), "{message}");
}

#[test]
fn a_memory_budget_refuses_or_stops_the_run_with_a_message() {
    let message =
        fails_with_one_line_stdout_ok(&["count", "6", "--memory", "40M", "--method", "zdd"]);
    // Whichever limit the run meets first names itself: the budget (the
    // watchdog sees the resident set pass it), or the filter's memo, whose
    // share of the budget is 38 MiB; which comes first depends on when the
    // watchdog samples, so both are right.
    assert!(
        message.contains("40 MiB")
            || (message.contains("memo cannot grow") && message.contains("raise --memory")),
        "{message}"
    );
}

#[test]
fn a_memo_that_cannot_grow_stops_the_run_with_a_message() {
    // The one-pass filter of 6x6 open needs a memo of 14 million entries;
    // 150 MiB holds a few million. The run must stop before it asks for a
    // table it may not have, not abort inside the allocator.
    let message =
        fails_with_one_line_stdout_ok(&["count", "6", "--memory", "150MiB", "--method", "zdd"]);
    assert!(message.contains("memo cannot grow"), "{message}");
    assert!(message.contains("raise --memory"), "{message}");
}

/// Like `fails_with_one_line` for runs that stop midway: they print their
/// partial report on stdout and exit with status 2 (refused) or 3 (limit).
fn fails_with_one_line_stdout_ok(args: &[&str]) -> String {
    let output = knights_tour().args(args).output().unwrap();
    let code = output.status.code();
    assert!(matches!(code, Some(2 | 3)), "{args:?}: {output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn the_default_board_is_six_by_six() {
    knights_tour()
        .args(["count", "--closed"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("9862\n"));
}

#[test]
fn help_documents_the_conventions() {
    knights_tour()
        .args(["count", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("DIRECTED"))
        .stdout(predicate::str::contains("UNDIRECTED"))
        .stdout(predicate::str::contains("1x1"));
}

/// Starts a long count, interrupts it after 1.5 s, and checks the partial
/// report and the one-line message.
fn interrupt_count(args: &[&str]) {
    let binary = assert_cmd::cargo::cargo_bin("knights-tour");
    let child = std::process::Command::new(binary)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let output = common::interrupt(child);
    assert_eq!(output.status.code(), Some(130), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["status"], "interrupted");
    assert!(!report["steps"].as_array().unwrap().is_empty(), "{report}");
    assert!(report["count"].is_null());
    let stderr = String::from_utf8(output.stderr).unwrap();
    // One error line, after the notes (a long run's estimate) if any.
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|l| !l.starts_with("note: "))
        .collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(errors[0].contains("interrupted"), "{stderr}");
}

/// Runs `count 8` by the frontier method (estimated at hours) with `extra`,
/// interrupts it by SIGINT once `ready` holds (or after 60 s), and returns
/// its stderr. `--force`: on a machine whose memory and free disk are
/// below the estimate the plan refuses it otherwise; the few seconds it
/// runs hold little.
fn interrupted_long_count(extra: &[&str], ready: impl Fn() -> bool) -> String {
    // Never the user's cache.
    let cache = tempfile::tempdir().unwrap();
    interrupted_long_count_in(cache.path(), extra, ready)
}

/// [`interrupted_long_count`] with `cache` as the user's cache.
fn interrupted_long_count_in(
    cache: &std::path::Path,
    extra: &[&str],
    ready: impl Fn() -> bool,
) -> String {
    String::from_utf8(interrupted_long_count_output(cache, extra, ready).stderr).unwrap()
}

/// [`interrupted_long_count_in`]'s whole output: its report on stdout too.
fn interrupted_long_count_output(
    cache: &std::path::Path,
    extra: &[&str],
    ready: impl Fn() -> bool,
) -> std::process::Output {
    let binary = assert_cmd::cargo::cargo_bin("knights-tour");
    let child = std::process::Command::new(binary)
        .args([
            "count", "8", "--method", "frontier", "--memory", "1GiB", "--force",
        ])
        .args(extra)
        .env("XDG_CACHE_HOME", cache)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    std::thread::sleep(std::time::Duration::from_millis(500));
    while !ready() && started.elapsed() < std::time::Duration::from_mins(1) {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let output = common::interrupt(child);
    assert_eq!(output.status.code(), Some(130), "{output:?}");
    output
}

/// A long frontier count says what it will take before it starts, on
/// stderr even when it is not a terminal (here a pipe), and, interrupted,
/// how to go on: the exact command with its checkpoint, or the option
/// that keeps one.
#[test]
fn a_long_count_announces_itself_and_says_how_to_go_on() {
    let cache = tempfile::tempdir().unwrap();
    let stderr = interrupted_long_count_in(cache.path(), &[], || true);
    let first = stderr.lines().next().unwrap();
    assert!(
        first.starts_with("note: this count is estimated at about"),
        "{stderr}"
    );
    assert!(
        first.contains("of memory") && first.contains("hours"),
        "{stderr}"
    );
    let second = stderr.lines().nth(1).unwrap();
    assert!(
        second.starts_with("note: keeping a checkpoint in ")
            && second.contains("knights-tour/checkpoints/8x8-open-total-frontier-"),
        "{stderr}"
    );
    let last = stderr.lines().last().unwrap();
    assert!(last.contains("interrupted"), "{stderr}");
    assert!(last.contains("no checkpoint was written yet"), "{stderr}");
    // The cache keeps nothing of a run that wrote no checkpoint.
    let checkpoints = cache.path().join("knights-tour/checkpoints");
    assert_eq!(
        std::fs::read_dir(&checkpoints).unwrap().count(),
        0,
        "{}",
        checkpoints.display()
    );
    let stderr = interrupted_long_count(&["--no-checkpoint"], || true);
    assert!(!stderr.contains("keeping a checkpoint"), "{stderr}");
    let last = stderr.lines().last().unwrap();
    assert!(last.contains("add --checkpoint DIR"), "{stderr}");

    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("ckpt");
    let ckpt_text = ckpt.to_str().unwrap();
    let stderr = interrupted_long_count(
        &["--checkpoint", ckpt_text, "--checkpoint-every", "1s"],
        || ckpt.join("manifest").is_file(),
    );
    let last = stderr.lines().last().unwrap();
    assert!(
        last.contains(&format!(
            " count 8 --method frontier --memory 1GiB --force --checkpoint {ckpt_text} --checkpoint-every 1s --resume {ckpt_text}"
        )),
        "{stderr}"
    );
    // -q: no estimate (the library's own notes, here that --force
    // started it, are issue 40's item 9).
    let stderr = interrupted_long_count(&["-q"], || true);
    assert!(!stderr.contains("this count is estimated"), "{stderr}");
}

/// The step a checkpoint directory's `read-states` file holds (0 where
/// it has none yet).
fn checkpoint_step(dir: &std::path::Path) -> usize {
    std::fs::read_to_string(dir.join("read-states"))
        .ok()
        .and_then(|line| line.split(' ').next()?.parse().ok())
        .unwrap_or(0)
}

/// A count resumed with `--resume DIR` alone keeps its checkpoint in DIR:
/// stopped again, it says to go on from DIR, which now holds a later
/// step, and its summary counts the levels the checkpoint held with its
/// own and says where it went on from (issue 66, item 6).
#[test]
fn a_resumed_count_stopped_again_goes_on_from_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("ckpt");
    let ckpt_text = ckpt.to_str().unwrap();
    interrupted_long_count(
        &["--checkpoint", ckpt_text, "--checkpoint-every", "1s"],
        || checkpoint_step(&ckpt) > 0,
    );
    let first = checkpoint_step(&ckpt);
    assert!(first > 0);
    let cache = tempfile::tempdir().unwrap();
    let output = interrupted_long_count_output(
        cache.path(),
        &["--resume", ckpt_text, "--checkpoint-every", "1s"],
        || checkpoint_step(&ckpt) > first,
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let second = checkpoint_step(&ckpt);
    assert!(second > first, "{stderr}");
    assert!(
        stderr.contains(&format!(
            "note: going on from the checkpoint's level after step {first} of 64"
        )),
        "{stderr}"
    );
    assert!(
        stdout.contains(&format!("({first} before the resume)"))
            && stdout.contains(&format!("states at most since step {first}")),
        "{stdout}"
    );
    let last = stderr.lines().last().unwrap();
    assert!(
        last.ends_with(&format!(
            " count 8 --method frontier --memory 1GiB --force --checkpoint-every 1s --resume {ckpt_text}"
        )),
        "{stderr}"
    );
}

/// The checkpoints a count keeps in `cache` (`XDG_CACHE_HOME`).
fn cached_checkpoints(cache: &std::path::Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(cache.join("knights-tour/checkpoints"))
        .map(|dir| dir.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default()
}

/// A long count keeps a checkpoint in the cache by default: interrupted by
/// SIGINT after a few levels, it names the command that goes on, and that
/// command resumes from the cache and gives the count of an uninterrupted
/// run (7x7 open, A165134); the count done, the cache holds nothing.
/// `KNIGHTS_TOUR_CHECKPOINT_FROM=0` makes a count of seconds "long".
#[test]
fn an_interrupted_count_resumes_from_the_cache_with_the_same_count() {
    let cache = tempfile::tempdir().unwrap();
    let count = [
        "count",
        "7",
        "--method",
        "frontier",
        "--threads",
        "1",
        "--checkpoint-every",
        "1s",
    ];
    let run = |extra: &[&str]| {
        let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("knights-tour"));
        command
            .args(count)
            .args(extra)
            .env("XDG_CACHE_HOME", cache.path())
            .env("KNIGHTS_TOUR_CHECKPOINT_FROM", "0")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        command
    };
    let child = run(&[]).spawn().unwrap();
    let started = std::time::Instant::now();
    while !cached_checkpoints(cache.path())
        .iter()
        .any(|dir| dir.join("manifest").is_file())
    {
        assert!(
            started.elapsed() < std::time::Duration::from_mins(1),
            "no checkpoint in the cache"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let output = common::interrupt(child);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    let last = stderr.lines().last().unwrap();
    assert!(
        last.contains(" count 7 --method frontier --threads 1 --checkpoint-every 1s --resume (the checkpoint is in "),
        "{stderr}"
    );
    let [dir] = &cached_checkpoints(cache.path())[..] else {
        panic!("one checkpoint: {stderr}")
    };
    assert!(
        dir.to_str().unwrap().contains("7x7-open-total-frontier-"),
        "{}",
        dir.display()
    );

    // The command it names: a bare --resume.
    let output = run(&["--resume", "--json"]).output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("note: going on from the checkpoint in"),
        "{stderr}"
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["count"], "165575218320");
    assert!(
        report["frontier"]["resumed_from"].as_u64().unwrap() > 0,
        "{report}"
    );
    assert!(cached_checkpoints(cache.path()).is_empty());
    // Nothing to resume now.
    let output = run(&["--resume"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("the cache holds no checkpoint of this count")
    );
}

/// A count that takes a checkpoint in the cache is planned again with
/// it, and its method line still gives the first plan's reason: `auto`
/// where no method was named, never "asked for" (issue 51, point 5).
#[test]
fn a_cached_count_keeps_the_reason_its_method_was_chosen() {
    let cache = tempfile::tempdir().unwrap();
    let output = knights_tour()
        .args(["count", "6"])
        .env("XDG_CACHE_HOME", cache.path())
        .env("KNIGHTS_TOUR_CHECKPOINT_FROM", "0")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("keeping a checkpoint in"), "{stderr}");
    let method = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("method "))
        .unwrap();
    assert!(method.contains("(auto: fastest that fits;"), "{method}");
}

/// A count that keeps a checkpoint in the cache first prunes the cache to
/// its cap (`KNIGHTS_TOUR_CACHE_CAP`): the oldest checkpoints go, only the
/// program's, and the count's own stays until the count is done.
#[test]
fn the_checkpoint_cache_is_pruned_to_its_cap() {
    let cache = tempfile::tempdir().unwrap();
    let checkpoints = cache.path().join("knights-tour/checkpoints");
    let make = |name: &str| {
        let dir = checkpoints.join(name);
        std::fs::create_dir_all(dir.join("g3")).unwrap();
        std::fs::write(dir.join("KNIGHTS-TOUR-CHECKPOINT"), "").unwrap();
        std::fs::write(dir.join("g3/run-0"), vec![0u8; 4096]).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        dir
    };
    let oldest = make("6x7-open-total-frontier-00000001");
    let newer = make("6x7-open-total-frontier-00000002");
    std::fs::create_dir_all(checkpoints.join("not-ours")).unwrap();
    knights_tour()
        .args(["count", "5", "--method", "frontier"])
        .env("XDG_CACHE_HOME", cache.path())
        .env("KNIGHTS_TOUR_CHECKPOINT_FROM", "0")
        .env("KNIGHTS_TOUR_CACHE_CAP", "6KiB")
        .assert()
        .success()
        .stdout(predicate::str::contains("1728"));
    assert!(!oldest.exists());
    assert!(newer.is_dir());
    assert!(checkpoints.join("not-ours").is_dir());
    // A cap that is no size is refused before any work.
    knights_tour()
        .args(["count", "5", "--method", "frontier"])
        .env("XDG_CACHE_HOME", cache.path())
        .env("KNIGHTS_TOUR_CHECKPOINT_FROM", "0")
        .env("KNIGHTS_TOUR_CACHE_CAP", "lots")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("KNIGHTS_TOUR_CACHE_CAP=lots"));
}

/// `-q` prints the result and errors only: not the notes of
/// `--up-to-symmetry` (which stay in the JSON report's `notes`).
#[test]
fn quiet_prints_only_the_result() {
    let output = knights_tour()
        .args(["count", "5", "--up-to-symmetry", "-q"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert!(!output.stdout.is_empty());
    let loud = knights_tour()
        .args(["count", "5", "--up-to-symmetry"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&loud.stderr).contains("note: "));
}

/// `-v` says that it hides the bar, and its log lines (a level each) fit
/// 80 columns.
#[test]
fn verbose_lines_fit_the_screen_and_say_the_bar_is_hidden() {
    let output = knights_tour()
        .args(["count", "6x7", "--method", "frontier", "-v"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("the progress bar is hidden"), "{stderr}");
    assert!(stderr.contains("level 20: "), "{stderr}");
    for line in stderr.lines().filter(|l| l.contains(" level ")) {
        assert!(
            line.chars().count() <= 80,
            "{} columns: {line}",
            line.chars().count()
        );
    }
}

#[test]
fn ctrl_c_prints_the_partial_report() {
    // 6x6 open with plain intersections runs for minutes; interrupt it once
    // a few steps are done, inside one of oxidd's intersections.
    interrupt_count(&[
        "count",
        "6",
        "--schedule",
        "adiar",
        "--json",
        "--memory",
        "4GiB",
    ]);
}

#[test]
fn ctrl_c_stops_the_one_pass_filter_cleanly() {
    // The default schedule spends its seconds on 6x6 open in the one-pass
    // exactly-once filter: the interrupt lands there, and the nodes the
    // pass holds must go back to the manager without a word on stderr.
    interrupt_count(&[
        "count", "6", "--json", "--memory", "4GiB", "--method", "zdd",
    ]);
}

#[test]
fn tour_prints_checked_tours_in_every_format() {
    knights_tour()
        .args(["tour", "3x4"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "open tour #1 of 16 on 3x4 (index 0)\n",
        ));
    knights_tour()
        .args(["tour", "3x4", "--all", "--format", "moves"])
        .assert()
        .success()
        .stdout(predicate::function(|out: &str| out.lines().count() == 16));
    let output = knights_tour()
        .args([
            "tour", "6", "--closed", "--random", "--seed", "3", "--count", "4", "--format", "json",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(doc["total"], "9862");
    assert_eq!(doc["seed"], 3);
    assert_eq!(doc["tours"].as_array().unwrap().len(), 4);
    assert_eq!(doc["tours"][0]["moves"].as_array().unwrap().len(), 36);
}

/// The `data-count` of every square of a heat map, in the table's layout.
fn heat_map_counts(file: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    document
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .map(|n| n.attribute("data-count").unwrap().to_owned())
        .collect()
}

/// The table of a JSON document's field, row by row.
fn table_of(document: &serde_json::Value, field: &str) -> Vec<String> {
    document[field]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().clone())
        .map(|cell| cell.as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn heat_maps_carry_the_numbers_of_their_tables() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("map.svg");
    for (args, field) in [
        (vec!["count", "5", "--by-start"], "by_start"),
        (vec!["count", "5", "--from", "a1", "--by-end"], "by_end"),
        (
            vec![
                "merge",
                concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../count/data/ours/7x7-open-pairs.json"
                ),
            ],
            "by_start",
        ),
    ] {
        let output = knights_tour()
            .args(&args)
            .arg("--json")
            .arg("--svg")
            .arg(&file)
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
        let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let table = table_of(&document, field);
        assert_eq!(heat_map_counts(&file), table, "{args:?}");
        std::fs::remove_file(&file).unwrap();
    }
    // No table to draw, or a file that cannot be written: refused before
    // any work.
    fails_with_one_line(&["count", "5", "--svg", file.to_str().unwrap()], 2);
    fails_with_one_line(&["count", "5", "--by-start", "--svg", "/dev/null/x.svg"], 2);
}

/// `plot` draws the levels of the reports it is given, one labelled line
/// each, and refuses what is not a report with levels before drawing.
#[test]
fn plot_draws_the_levels_of_frontier_reports() {
    let dir = tempfile::tempdir().unwrap();
    let report = |args: &[&str], name: &str| {
        let out = knights_tour().args(args).arg("--json").output().unwrap();
        assert!(out.status.success(), "{out:?}");
        let path = dir.path().join(name);
        std::fs::write(&path, out.stdout).unwrap();
        path.display().to_string()
    };
    let open = report(&["count", "5", "--method", "frontier"], "open.json");
    let closed = report(
        &["count", "6", "--closed", "--method", "frontier"],
        "closed.json",
    );
    let chart = dir.path().join("levels.svg");
    knights_tour()
        .args(["plot", &open, &closed, "-o"])
        .arg(&chart)
        .assert()
        .success();
    let text = std::fs::read_to_string(&chart).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    let words: String = document
        .descendants()
        .filter(roxmltree::Node::is_text)
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join("|");
    for expected in [
        "5x5 open, shipped order",
        "6x6 closed, shipped order",
        "States per level",
    ] {
        assert!(words.contains(expected), "{expected}: {words}");
    }
    // Not a report, a report without levels, a file that cannot be
    // written: one line each, before anything is drawn.
    let bare = report(&["count", "5", "--method", "backtrack"], "bare.json");
    let message = fails_with_one_line(&["plot", &bare], 2);
    assert!(message.contains("without frontier levels"), "{message}");
    let message = fails_with_one_line(&["plot", &chart.display().to_string()], 2);
    assert!(message.contains("not a report"), "{message}");
    fails_with_one_line(&["plot", &open, "-o", "/dev/null/x.svg"], 2);
    // `-` is standard input, and as -o standard output: no file named `-`.
    let piped = knights_tour()
        .args(["plot", "-", "-o", "-"])
        .current_dir(dir.path())
        .write_stdin(std::fs::read(&open).unwrap())
        .output()
        .unwrap();
    assert!(piped.status.success(), "{piped:?}");
    assert!(String::from_utf8(piped.stdout).unwrap().starts_with("<svg"));
    assert!(!dir.path().join("-").exists());
    fails_with_one_line(&["plot", "-", "-"], 2);
    // Another command's document is named, not read as a broken report.
    let sequence = report(&["sequence", "3", "--to", "4"], "sequence.json");
    let message = fails_with_one_line(&["plot", &sequence], 2);
    assert!(message.contains("knights-tour/sequence/1"), "{message}");
    // Drawn again over itself, the chart is replaced whole.
    knights_tour()
        .args(["plot", &open, &closed, "-o"])
        .arg(&chart)
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&chart).unwrap(), text);
    // Only the formats written: never SVG under a PDF's name.
    for name in ["chart.pdf", "chart.JPG"] {
        let path = dir.path().join(name);
        let line = fails_with_one_line(&["plot", &open, "-o", path.to_str().unwrap()], 2);
        assert!(line.contains("SVG and PNG"), "{line}");
        assert!(!path.exists());
    }
}

/// The log axis of `plot --time` names 10⁻⁴ as 0.0001, not 0, and no tick
/// label twice; the line takes the first Okabe–Ito colour. The report is
/// a recorded one whose levels take from microseconds to a second.
#[test]
fn plot_time_labels_small_seconds_once_each() {
    let dir = tempfile::tempdir().unwrap();
    let report = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../bench-results/levels/6x8-closed.json");
    let chart = dir.path().join("time.svg");
    knights_tour()
        .arg("plot")
        .arg("--time")
        .arg(&report)
        .arg("-o")
        .arg(&chart)
        .assert()
        .success();
    let text = std::fs::read_to_string(&chart).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    let labels: Vec<String> = document
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or_default().trim().to_owned())
        .collect();
    assert!(labels.iter().any(|l| l == "0.0001"), "{labels:?}");
    let mut unique = labels.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(
        unique.len(),
        labels.len(),
        "a label drawn twice: {labels:?}"
    );
    // The one "0" is the step axis's first tick.
    assert_eq!(labels.iter().filter(|l| *l == "0").count(), 1, "{labels:?}");
    assert!(text.contains("#0072B2"), "not Okabe–Ito's blue");
}

/// `plot --chart bars` draws a bar a run, from single reports and from
/// JSON lines of them; `--chart table` draws one report's table by start
/// square, whose cells carry the table's numbers; options of another
/// chart, and a table asked of several reports, are refused.
#[test]
fn plot_draws_runs_as_bars_and_a_table_as_a_heat_map() {
    let dir = tempfile::tempdir().unwrap();
    let report = |args: &[&str], name: &str| {
        let out = knights_tour().args(args).arg("--json").output().unwrap();
        assert!(out.status.success(), "{out:?}");
        let path = dir.path().join(name);
        std::fs::write(&path, &out.stdout).unwrap();
        (path.display().to_string(), out.stdout)
    };
    let texts = |path: &std::path::Path| {
        let text = std::fs::read_to_string(path).unwrap();
        let document = roxmltree::Document::parse(&text).unwrap();
        document
            .descendants()
            .filter(roxmltree::Node::is_text)
            .filter_map(|n| n.text())
            .collect::<Vec<_>>()
            .join("|")
    };
    let (zdd, zdd_json) = report(&["bench", "5"], "zdd.json");
    let (backtrack, backtrack_json) = report(&["count", "5", "--method", "backtrack"], "bt.json");
    let lines = dir.path().join("runs.jsonl");
    std::fs::write(&lines, [zdd_json.clone(), backtrack_json].concat()).unwrap();
    let chart = dir.path().join("bars.svg");
    for args in [
        vec![zdd.as_str(), backtrack.as_str()],
        vec![lines.to_str().unwrap()],
    ] {
        knights_tour()
            .args(["plot", "--chart", "bars"])
            .args(&args)
            .arg("-o")
            .arg(&chart)
            .assert()
            .success();
        let words = texts(&chart);
        // What every bar shares goes to the title once.
        for expected in ["zdd zbdd fused", "backtrack", "Seconds per run: 5x5 open"] {
            assert!(words.contains(expected), "{expected}: {words}");
        }
    }
    // A run the benchmark script stopped at its timeout (its word
    // `timeout`, in a line of its runs.jsonl) is drawn as a lower bound,
    // never as a finished time; --label names the bars.
    let mut stopped: serde_json::Value = serde_json::from_slice(&zdd_json).unwrap();
    stopped["status"] = "timeout".into();
    stopped["count"] = serde_json::Value::Null;
    let script = dir.path().join("script.jsonl");
    std::fs::write(
        &script,
        format!(
            "{}\n",
            serde_json::json!({ "config": {}, "report": stopped })
        ),
    )
    .unwrap();
    knights_tour()
        .args(["plot", "--chart", "bars", &backtrack])
        .arg(&script)
        .args(["--label", "walked", "--label", "cut short", "-o"])
        .arg(&chart)
        .assert()
        .success();
    let words = texts(&chart);
    for expected in ["walked", "cut short (stopped)", "stopped, ≥"] {
        assert!(words.contains(expected), "{expected}: {words}");
    }
    let message = fails_with_one_line(
        &[
            "plot", "--chart", "bars", &zdd, "--label", "a", "--label", "b",
        ],
        2,
    );
    assert!(message.contains("one per report"), "{message}");
    let (table, json) = report(&["count", "5", "--by-start"], "table.json");
    let map = dir.path().join("table.svg");
    knights_tour()
        .args(["plot", "--chart", "table", &table, "-o"])
        .arg(&map)
        .assert()
        .success();
    let words = texts(&map);
    let counts: serde_json::Value = serde_json::from_slice(&json).unwrap();
    for cell in counts["by_start"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
    {
        let n: u64 = cell.as_str().unwrap().parse().unwrap();
        if n > 0 {
            let digits = n.to_string();
            let grouped: String = digits
                .chars()
                .enumerate()
                .flat_map(|(i, c)| {
                    let comma = i > 0 && (digits.len() - i).is_multiple_of(3);
                    comma.then_some(',').into_iter().chain([c])
                })
                .collect();
            assert!(
                words.contains(&grouped) || words.contains(&digits),
                "{n}: {words}"
            );
        }
    }
    let message = fails_with_one_line(&["plot", "--chart", "table", lines.to_str().unwrap()], 2);
    assert!(message.contains("one report"), "{message}");
    let message = fails_with_one_line(&["plot", "--chart", "table", &zdd], 2);
    assert!(message.contains("without a table"), "{message}");
    let message = fails_with_one_line(&["plot", "--chart", "bars", "--time", &zdd], 2);
    assert!(
        message.contains("--time goes with --chart levels"),
        "{message}"
    );
}

#[test]
fn tour_writes_an_svg_that_parses() {
    let dir = std::env::temp_dir().join(format!("kt-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.svg");
    knights_tour()
        .args(["tour", "5x6", "--closed", "--svg", file.to_str().unwrap()])
        .assert()
        .success();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("<svg"), "{text}");
    assert!(text.contains("</svg>"));
    // 30 step numbers and the names of 6 files and 5 ranks, beside the
    // caption's lines.
    let captions = |svg: &str| svg.matches("<text class=\"caption\"").count();
    assert!(captions(&text) >= 1, "{text}");
    assert_eq!(
        text.matches("<text ").count() - captions(&text),
        30 + 6 + 5,
        "{text}"
    );
    assert!(!text.contains("dominant-baseline"), "{text}");
    // --no-numbers: the same picture without the step numbers, for
    // `tour` and `find` alike.
    let bare = dir.join("bare.svg");
    knights_tour()
        .args(["tour", "5x6", "--closed", "--no-numbers", "--svg"])
        .arg(&bare)
        .assert()
        .success();
    let without = std::fs::read_to_string(&bare).unwrap();
    assert!(without.contains("class=\"path\""), "{without}");
    assert!(!without.contains("class=\"numbers\""), "{without}");
    assert_eq!(
        without.matches("<text ").count() - captions(&without),
        6 + 5,
        "{without}"
    );
    for numbers in [true, false] {
        let found = dir.join("found.svg");
        let mut cmd = knights_tour();
        cmd.args(["find", "12", "--closed", "--no-time", "--svg"])
            .arg(&found);
        if !numbers {
            cmd.arg("--no-numbers");
        }
        cmd.assert().success();
        let text = std::fs::read_to_string(&found).unwrap();
        // The numbers, and the names of 12 files and 12 ranks either
        // way, beside the caption.
        let expected = if numbers { 144 + 24 } else { 24 };
        assert_eq!(
            text.matches("<text ").count() - captions(&text),
            expected,
            "{text}"
        );
    }
    // Numbers are a property of the picture: without --svg, refused.
    fails_with_one_line(&["find", "8", "--no-numbers"], 2);
    fails_with_one_line(&["tour", "5x6", "--closed", "--no-numbers"], 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The one JSON convention (docs/json.md): `--json` on every command that
/// prints a result, and in every document a `schema`, the program's
/// `version` and the `commit` it was built from.
#[test]
fn every_json_document_names_its_schema_version_and_commit() {
    let dir = tempfile::tempdir().unwrap();
    let tour_file = dir.path().join("tour.json");
    let part = dir.path().join("part.json");
    let found = knights_tour()
        .args(["find", "5", "--json", "--no-time"])
        .output()
        .unwrap();
    assert!(found.status.success(), "{found:?}");
    std::fs::write(&tour_file, &found.stdout).unwrap();
    let counted = knights_tour()
        .args(["count", "5", "--shard", "1/1", "--json", "-q"])
        .output()
        .unwrap();
    assert!(counted.status.success(), "{counted:?}");
    std::fs::write(&part, &counted.stdout).unwrap();
    let tour_path = tour_file.to_str().unwrap();
    let part_path = part.to_str().unwrap();
    let version = env!("CARGO_PKG_VERSION");
    for (args, schema) in [
        (&["count", "5", "--json"][..], "knights-tour/run/1"),
        (
            &["bench", "3x4", "--closed", "--json"],
            "knights-tour/run/1",
        ),
        (
            &["count", "5", "--shard", "1/1", "--json"],
            "knights-tour/pairs-part/2",
        ),
        (&["tour", "5", "--json"], "knights-tour/tour/1"),
        (&["tour", "5", "--format", "json"], "knights-tour/tour/1"),
        (&["find", "5", "--json", "--no-time"], "knights-tour/find/1"),
        (
            &["find", "5", "--format", "json", "--no-time"],
            "knights-tour/find/1",
        ),
        (&["verify", tour_path, "--json"], "knights-tour/verify/1"),
        (&["known", "--json"], "knights-tour/known/1"),
        (
            &["known", "--sequence", "A306281", "--json"],
            "knights-tour/sequence-terms/1",
        ),
        (
            &["sequence", "3", "--to", "6", "--json"],
            "knights-tour/sequence/1",
        ),
        (&["shards", "5", "--json"], "knights-tour/pairs-plan/1"),
        (
            &["merge", part_path, "--json"],
            "knights-tour/pairs-merged/1",
        ),
    ] {
        let output = knights_tour().args(args).arg("-q").output().unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
        let doc: serde_json::Value =
            serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        assert_eq!(doc["schema"], schema, "{args:?}");
        assert_eq!(doc["version"], version, "{args:?}");
        let commit = doc["commit"].as_str().unwrap();
        assert!(
            commit == "unknown" || commit.bytes().all(|b| b.is_ascii_hexdigit()),
            "{args:?}: {commit}"
        );
    }
    // --json is the JSON format: with a human --format it is refused.
    for args in [
        &["tour", "5", "--json", "--format", "moves"][..],
        &["find", "5", "--json", "--format", "board"],
    ] {
        let message = fails_with_one_line(args, 2);
        assert!(message.contains("two formats"), "{message}");
    }
    // --version names the commit too.
    let output = knights_tour().arg("--version").output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with(&format!("knights-tour {version} (commit ")),
        "{text}"
    );
}

/// "No tour exists" is an answer with a status of its own (5), not the
/// internal-error status (4) it had before.
#[test]
fn boards_without_tours_say_so() {
    fails_with_one_line(&["tour", "4"], 5);
    let message = fails_with_one_line(&["find", "3x8", "--closed"], 5);
    assert!(message.contains("Schwenk"), "{message}");
    let message = fails_with_one_line(&["tour", "2x5", "--closed"], 5);
    assert!(message.contains("Schwenk"), "{message}");
}

#[test]
fn find_and_verify_agree() {
    let output = knights_tour()
        .args(["find", "12x9", "--closed", "--format", "moves", "--no-time"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let dir = std::env::temp_dir().join(format!("kt-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    std::fs::write(&good, &output.stdout).unwrap();
    knights_tour()
        .args(["verify", good.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("valid closed tour"));
    // Swap two squares: no longer a tour.
    let text = String::from_utf8(output.stdout).unwrap();
    let mut moves: Vec<&str> = text.split_whitespace().collect();
    moves.swap(3, 40);
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, moves.join(" ")).unwrap();
    knights_tour()
        .args(["verify", bad.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("invalid"));
    fails_with_one_line(&["verify", dir.join("missing.txt").to_str().unwrap()], 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dot_writes_small_diagrams_and_refuses_large_ones() {
    knights_tour()
        .args(["dot", "3x4", "--method", "zdd"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("digraph"))
        .stdout(predicate::str::contains("a3@0"));
    // The message names the diagram's size: the canonical 5x5 open ZDD.
    let message = fails_with_one_line(&["dot", "5", "--method", "zdd", "--max-nodes", "1000"], 2);
    assert!(message.contains("6512 nodes"), "{message}");
}

/// Runs `args`, which must be refused before any work: exit 2, one line,
/// nothing on stdout, in well under a second.
fn refused_at_once(args: &[&str]) -> String {
    let started = std::time::Instant::now();
    let output = knights_tour().args(args).output().unwrap();
    let took = started.elapsed();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
    assert!(output.stdout.is_empty(), "{args:?}: {output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    let stderr = without_usage(&stderr).to_string();
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr:?}");
    // Before any work: seconds at most even on a loaded machine, where
    // the work refused would take hours.
    assert!(
        took < std::time::Duration::from_secs(10),
        "{args:?} took {took:?}"
    );
    stderr
}

/// A refusal of work beyond the machine says what is beyond it and
/// `--force` first, the estimate's derivation last, so that a line cut at
/// its length keeps the way on; `-v` prints it whole.
#[test]
fn a_refusal_beyond_the_machine_gives_the_way_on_before_the_estimate() {
    for args in [&["count", "9"][..], &["count", "10", "--closed"]] {
        let message = refused_at_once(args);
        let force = message.find("--force starts it anyway").expect(&message);
        let estimate = message.find("the estimate").expect(&message);
        assert!(force < estimate, "{message}");
        assert!(
            message.find("beyond this machine").unwrap() < force,
            "{message}"
        );
        let mut verbose = vec!["-v"];
        verbose.extend_from_slice(args);
        let output = knights_tour().args(&verbose).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        let line = stderr
            .lines()
            .find(|l| l.starts_with("error: "))
            .expect(&stderr);
        assert!(!line.contains("message cut"), "{line}");
        let kept = message.trim_end();
        let kept = kept.split("… (message cut").next().unwrap_or(kept);
        assert!(line.starts_with(kept), "{line}");
    }
}

/// `--from` and `--to` on one square: refused, not answered 0, on every
/// board but the single square (whose one tour starts and ends there).
#[test]
fn a_tour_from_a_square_to_itself_is_refused() {
    for kind in [&[][..], &["--closed"]] {
        let mut args = vec!["count", "5x5", "--from", "a1", "--to", "a1"];
        args.extend_from_slice(kind);
        let message = refused_at_once(&args);
        assert!(message.contains("the same square"), "{message}");
        assert!(message.contains("--from and --to"), "{message}");
    }
    knights_tour()
        .args(["count", "1x1", "--from", "a1", "--to", "a1"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("1\n"));
}

#[test]
fn pairs_the_capability_table_refuses_are_refused_at_plan_time() {
    // 5x6: a1 is the bottom-left corner, c2 a knight's move from it.
    for method in ["zdd", "frontier", "edges", "backtrack"] {
        let message =
            refused_at_once(&["count", "5x6", "--closed", "--to", "c2", "--method", method]);
        assert!(message.contains("--to needs --from"), "{message}");
    }
    for question in [
        &["--from", "a1", "--to", "c2"][..],
        &["--from", "a1", "--by-end"],
    ] {
        let mut args = vec!["count", "5x6", "--closed", "--method", "backtrack"];
        args.extend(question);
        let message = refused_at_once(&args);
        assert!(
            message.contains("--method backtrack cannot answer"),
            "{message}"
        );
        assert!(message.contains("required move"), "{message}");
    }
    for command in ["tour", "dot"] {
        for method in ["frontier", "backtrack"] {
            let message = refused_at_once(&[command, "5", "--method", method]);
            assert!(message.contains("family of tours"), "{message}");
        }
    }
    let scratch = std::env::temp_dir().join(format!("kt-cli-ckpt-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let checkpoint = scratch.join("x.ckpt");
    let message = refused_at_once(&[
        "count",
        "6",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
        "--from",
        "a1",
    ]);
    assert!(
        message.contains("checkpoints record whole counts"),
        "{message}"
    );
    std::fs::remove_dir_all(&scratch).unwrap();
}

#[test]
fn paths_that_cannot_be_written_are_refused_before_any_work() {
    // Paths under `/dev/null` (or under a plain file): no user, root
    // included, can make a directory there, so the refusal is tested
    // without a path that merely happens not to exist (`/nonexistent`,
    // which a root's earlier run can create, and the count then runs and
    // writes there).
    let scratch = std::env::temp_dir().join(format!("kt-cli-paths-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let file = scratch.join("a-file");
    std::fs::write(&file, "").unwrap();
    let under_a_file = file.join("spill");
    for (args, path) in [
        (
            vec!["count", "8", "--closed", "--checkpoint", "/dev/null/x.ckpt"],
            "/dev/null/x.ckpt",
        ),
        (
            vec![
                "count",
                "8",
                "--closed",
                "--spill-dir",
                under_a_file.to_str().unwrap(),
            ],
            under_a_file.to_str().unwrap(),
        ),
        (
            vec!["dot", "3x4", "-o", "/dev/null/x.dot"],
            "/dev/null/x.dot",
        ),
        (
            vec!["dot", "3x4", "-o", scratch.to_str().unwrap()],
            scratch.to_str().unwrap(),
        ),
        (
            vec!["tour", "3x4", "--svg", "/dev/null/x.svg"],
            "/dev/null/x.svg",
        ),
        (
            vec!["find", "8", "--svg", "/dev/null/x.svg"],
            "/dev/null/x.svg",
        ),
    ] {
        let message = refused_at_once(&args);
        assert!(message.contains(path), "{args:?}: {message}");
    }
    // A spill directory the user names is created.
    let spill = scratch.join("new/spill");
    knights_tour()
        .args([
            "count",
            "5",
            "--method",
            "frontier",
            "--spill-dir",
            spill.to_str().unwrap(),
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("1728\n"));
    assert!(spill.is_dir());
    std::fs::remove_dir_all(&scratch).unwrap();
}

#[test]
fn diagrams_beyond_the_machine_are_refused_unless_forced() {
    for args in [&["tour", "9"][..], &["tour", "12", "--closed"]] {
        let message = refused_at_once(args);
        assert!(message.contains("beyond this machine"), "{message}");
        assert!(message.contains("--force"), "{message}");
    }
    // Plain `dot` is 6x6 open: 3,555,077 nodes in the time-sliced ZDD,
    // about 1.2 million in the edge diagram `auto` takes, far beyond
    // --max-nodes either way.
    let message = refused_at_once(&["dot", "--method", "zdd"]);
    assert!(message.contains("3555077 nodes"), "{message}");
    let message = refused_at_once(&["dot"]);
    assert!(message.contains("nodes"), "{message}");
    assert!(message.contains("--max-nodes"), "{message}");
}

#[test]
fn a_memory_budget_below_the_program_itself_is_refused_alike() {
    for method in ["auto", "zdd", "frontier", "edges"] {
        let message = refused_at_once(&["count", "5", "--memory", "1M", "--method", method]);
        assert!(
            message.contains("--memory 1 MiB is below the smallest usable memory budget of 8 MiB"),
            "{method}: {message}"
        );
    }
}

#[test]
fn from_counts_report_their_levels() {
    for (args, sweeps) in [
        (
            &[
                "count", "5", "--method", "frontier", "--from", "a1", "--json",
            ][..],
            1,
        ),
        // The table by start square: one sweep with tallies.
        (
            &["count", "5", "--method", "frontier", "--by-start", "--json"],
            1,
        ),
        // 3x33's 34 classes of squares are more than a tally holds: one
        // sweep per class of start squares; the 17 classes of the
        // minority colour start no tour and take none.
        (
            &[
                "count",
                "3x33",
                "--method",
                "frontier",
                "--by-start",
                "--json",
            ],
            17,
        ),
    ] {
        let output = knights_tour().args(args).output().unwrap();
        assert!(output.status.success(), "{output:?}");
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let frontier = &report["frontier"];
        assert_eq!(frontier["sweeps"], sweeps, "{args:?}: {report}");
        assert!(
            !frontier["levels"].as_array().unwrap().is_empty(),
            "{report}"
        );
        assert!(frontier["peak_states"].as_u64().unwrap() > 0, "{report}");
        assert!(report["total_time_ms"].as_f64().unwrap() > 0.0, "{report}");
    }
}

#[test]
fn the_edge_diagram_counts_up_to_symmetry_itself() {
    for args in [
        &[
            "count",
            "5x6",
            "--closed",
            "--method",
            "edges",
            "--up-to-symmetry",
            "--json",
        ][..],
        &[
            "count",
            "5x6",
            "--closed",
            "--encoding",
            "edges",
            "--up-to-symmetry",
            "--json",
        ],
    ] {
        let output = knights_tour().args(args).output().unwrap();
        assert!(output.status.success(), "{output:?}");
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["settings"]["method"], "edges", "{report}");
        assert!(
            report["symmetry"]["method"]
                .as_str()
                .unwrap()
                .contains("--method edges diagram"),
            "{report}"
        );
        assert!(report["frontier"].is_null(), "no sweep ran: {report}");
        assert_eq!(report["steps"].as_array().unwrap().len(), 1, "{report}");
    }
}

/// `count --shard K/N --json` writes parts that `merge` adds up to the
/// total and the table by start square; the merge refuses parts that are
/// missing, damaged, doubled with another count or of another board.
#[test]
fn shards_count_parts_that_merge_checks_and_adds_up() {
    let dir = tempfile::tempdir().unwrap();
    let part = |k: usize| dir.path().join(format!("part-{k}.json"));
    for k in 1..=3 {
        let out = knights_tour()
            .args(["count", "5", "--shard", &format!("{k}/3"), "--json"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::write(part(k), out.stdout).unwrap();
    }
    let all: Vec<String> = (1..=3).map(|k| part(k).display().to_string()).collect();
    knights_tour()
        .arg("merge")
        .args(&all)
        .arg("--check")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("1728\n"))
        .stdout(predicate::str::contains("304   0  56   0 304"));
    let merged = knights_tour()
        .arg("merge")
        .args(&all)
        .arg("--json")
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&merged.stdout).unwrap();
    assert_eq!(doc["count"], "1728");
    assert_eq!(doc["by_start"][2][2], "64");

    // A part missing: the classes and the shard to run again.
    let message = fails_with_one_line(&["merge", &all[0], &all[2]], 2);
    assert!(message.contains("run the shards 2/3 again"), "{message}");
    // A truncated part, named.
    let text = std::fs::read_to_string(part(3)).unwrap();
    let cut = dir.path().join("cut.json");
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let message = fails_with_one_line(&["merge", &all[0], &all[1], cut.to_str().unwrap()], 2);
    assert!(message.contains("cut.json"), "{message}");
    // A class counted again with another count (a whole part, sealed as
    // the program seals it).
    let other = dir.path().join("other.json");
    let first = kt_count::Part::read(&part(1)).unwrap();
    let mut recounted = first.clone();
    recounted.classes[0].count = "7".into();
    std::fs::write(&other, recounted.to_json()).unwrap();
    let mut twice = all.clone();
    twice.push(other.display().to_string());
    let message = fails_with_one_line(&["merge", &twice[0], &twice[1], &twice[2], &twice[3]], 2);
    assert!(message.contains("different counts"), "{message}");
    // One digit of one count changed by hand: its checksum no longer
    // matches. Counts no class can have, even sealed: refused.
    let edited = dir.path().join("edited.json");
    let text = std::fs::read_to_string(part(1)).unwrap();
    let digit = format!("\"count\":\"{}", first.classes[0].count);
    let changed = text.replacen(&digit, &format!("{digit}1"), 1);
    assert_ne!(changed, text);
    std::fs::write(&edited, changed).unwrap();
    let message = fails_with_one_line(&["merge", edited.to_str().unwrap(), &all[1], &all[2]], 2);
    assert!(message.contains("edited.json"), "{message}");
    assert!(message.contains("checksum"), "{message}");
    for count in ["0".repeat(2), "9".repeat(44)] {
        let mut absurd = first.clone();
        absurd.classes[0].count = count;
        std::fs::write(&edited, absurd.to_json()).unwrap();
        fails_with_one_line(&["merge", edited.to_str().unwrap(), &all[1], &all[2]], 2);
    }
    // A part of another board.
    let foreign = dir.path().join("foreign.json");
    let out = knights_tour()
        .args(["count", "4x5", "--shard", "1/1", "--json"])
        .output()
        .unwrap();
    std::fs::write(&foreign, out.stdout).unwrap();
    let message = fails_with_one_line(&["merge", &all[0], foreign.to_str().unwrap()], 2);
    assert!(message.contains("foreign.json"), "{message}");
    // Shards of closed tours, and shards that are not K of N: refused.
    fails_with_one_line(&["count", "6", "--closed", "--shard", "1/2"], 2);
    fails_with_one_line(&["count", "5", "--shard", "4/3"], 2);
}

#[test]
fn shards_lists_the_136_classes_of_8x8() {
    let out = knights_tour()
        .args(["shards", "8", "--shards", "16", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["classes"].as_array().unwrap().len(), 136);
    assert_eq!(doc["ordered_pairs"], 64 * 32);
}

/// A count by endpoint pairs with `--checkpoint DIR` keeps the classes it
/// has done there; `--resume DIR` counts only the others and ends on the
/// same part.
/// The table by start square in shards of start classes: each shard's
/// part, merged, is the table `count --by-start` prints; a part of start
/// classes never merges with a part of pair classes.
#[test]
fn start_shards_merge_into_the_table_by_start_square() {
    let dir = tempfile::tempdir().unwrap();
    let part = |k: usize| dir.path().join(format!("start-{k}.json"));
    for k in 1..=2 {
        let out = knights_tour()
            .args(["count", "6", "--by-start", "--method", "frontier"])
            .args(["--shard", &format!("{k}/2"), "--json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("knights-tour/starts-part/1"), "{text}");
        std::fs::write(part(k), text).unwrap();
    }
    let all: Vec<String> = (1..=2).map(|k| part(k).display().to_string()).collect();
    let merged = knights_tour()
        .arg("merge")
        .args(&all)
        .args(["--json", "--check"])
        .output()
        .unwrap();
    assert!(merged.status.success(), "{merged:?}");
    let merged: serde_json::Value = serde_json::from_slice(&merged.stdout).unwrap();
    assert_eq!(merged["count"], "6637920");
    let whole = knights_tour()
        .args(["count", "6", "--by-start", "--method", "frontier", "--json"])
        .output()
        .unwrap();
    let whole: serde_json::Value = serde_json::from_slice(&whole.stdout).unwrap();
    // The classes' runs, merged, against the one sweep with tallies: two
    // ways to the same table.
    assert_eq!(merged["by_start"], whole["by_start"]);
    assert_eq!(whole["frontier"]["sweeps"], 1);
    // A shard of the pair plan is not a shard of the start plan.
    let pairs = dir.path().join("pairs.json");
    let out = knights_tour()
        .args(["count", "6", "--shard", "1/2", "--json"])
        .output()
        .unwrap();
    std::fs::write(&pairs, out.stdout).unwrap();
    let message = fails_with_one_line(&["merge", &all[0], pairs.to_str().unwrap()], 2);
    assert!(message.contains("not by start squares"), "{message}");
}

/// `count --by-start --checkpoint DIR` on a board counted a class at a
/// time (4x33: 34 classes, more than a tally holds) keeps the start
/// classes done, and goes on from them with --resume.
#[test]
fn a_count_by_start_resumes_with_the_classes_it_had_done() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let args = [
        "count",
        "4x33",
        "--by-start",
        "--method",
        "frontier",
        "--json",
    ];
    let whole = knights_tour()
        .args(args)
        .args(["--checkpoint", ckpt])
        .output()
        .unwrap();
    assert!(whole.status.success(), "{whole:?}");
    let whole: serde_json::Value = serde_json::from_slice(&whole.stdout).unwrap();
    let kept = std::path::Path::new(ckpt).join("part.json");
    let mut part = kt_count::Part::read(&kept).unwrap();
    assert_eq!(part.ends(), Some(kt_count::Ends::Starts));
    part.classes.truncate(2);
    std::fs::write(&kept, part.to_json()).unwrap();
    let resumed = knights_tour()
        .args(args)
        .args(["--resume", ckpt])
        .output()
        .unwrap();
    assert!(resumed.status.success(), "{resumed:?}");
    let resumed: serde_json::Value = serde_json::from_slice(&resumed.stdout).unwrap();
    assert_eq!(resumed["by_start"], whole["by_start"]);
    // The same count by the edge diagram (`count 4x33 --method edges`).
    assert_eq!(resumed["count"], "34726476427504151753844");
    // Only the classes not kept were counted again.
    assert_eq!(
        resumed["frontier"]["sweeps"].as_u64().unwrap(),
        whole["frontier"]["sweeps"].as_u64().unwrap() - 2
    );
}

/// The table by start square in one sweep keeps a checkpoint of its own
/// (`tallies BOARD open`): a whole count's is refused, and it resumes
/// only as itself.
#[test]
fn a_table_in_one_sweep_checkpoints_as_itself() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("tallies");
    let ckpt = ckpt.to_str().unwrap();
    let table = ["count", "6", "--by-start", "--method", "frontier", "--json"];
    let out = knights_tour()
        .args(table)
        .args(["--checkpoint", ckpt])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = std::fs::read_to_string(std::path::Path::new(ckpt).join("QUESTION")).unwrap();
    assert_eq!(said.trim(), "tallies 6x6 open");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["count"], "6637920");
    // A whole count does not take it for its own, nor it a whole count's.
    let message = fails_with_one_line(&["count", "6", "--method", "frontier", "--resume", ckpt], 2);
    assert!(
        message.contains("by start squares in one sweep"),
        "{message}"
    );
    let whole = dir.path().join("whole");
    let whole = whole.to_str().unwrap();
    let out = knights_tour()
        .args(["count", "6", "--method", "frontier", "--checkpoint", whole])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let mut resuming = table.to_vec();
    resuming.extend(["--resume", whole]);
    let message = fails_with_one_line(&resuming, 2);
    assert!(message.contains("a whole count"), "{message}");
}

/// The table by end square from a square in one sweep keeps a checkpoint
/// of its own (`tallies BOARD open from SQ`): another square's table is
/// refused it (not counted a run a class beside it), and it resumes as
/// itself, to the same table.
#[test]
fn a_table_by_end_in_one_sweep_checkpoints_as_itself() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("by-end");
    let ckpt = ckpt.to_str().unwrap();
    let table = ["count", "5x6", "--from", "a1", "--by-end", "--json"];
    let out = knights_tour()
        .args(table)
        .args(["--checkpoint", ckpt])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = std::fs::read_to_string(std::path::Path::new(ckpt).join("QUESTION")).unwrap();
    assert_eq!(said.trim(), "tallies 5x6 open from a1");
    let written: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let plain = knights_tour()
        .args(table)
        .arg("--no-checkpoint")
        .output()
        .unwrap();
    let plain: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert_eq!(written["by_end"], plain["by_end"]);
    let message = fails_with_one_line(
        &["count", "5x6", "--from", "b1", "--by-end", "--resume", ckpt],
        2,
    );
    assert!(message.contains("from a1 by end square"), "{message}");
    let message = fails_with_one_line(&["count", "5x6", "--resume", ckpt], 2);
    assert!(message.contains("from a1 by end square"), "{message}");
}

#[test]
fn a_shard_resumes_with_the_classes_it_had_done() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let whole = knights_tour()
        .args([
            "count",
            "5x6",
            "--shard",
            "2/2",
            "--json",
            "--checkpoint",
            ckpt,
        ])
        .output()
        .unwrap();
    assert!(
        whole.status.success(),
        "{}",
        String::from_utf8_lossy(&whole.stderr)
    );
    let whole: serde_json::Value = serde_json::from_slice(&whole.stdout).unwrap();
    // Forget the last classes done, as a shard stopped early would have
    // (the part sealed again, as the program writes it).
    let kept = std::path::Path::new(ckpt).join("part.json");
    let mut part = kt_count::Part::read(&kept).unwrap();
    let done = part.classes.len();
    part.classes.truncate(done / 2);
    std::fs::write(&kept, part.to_json()).unwrap();
    // Edited by hand (one count changed, the checksum left): refused
    // before any work, and the directory left as it was.
    let edited = part.to_json().replacen("\"count\":\"", "\"count\":\"1", 1);
    let sealed = std::fs::read(&kept).unwrap();
    std::fs::write(&kept, &edited).unwrap();
    let message = fails_with_one_line(
        &["count", "5x6", "--shard", "2/2", "--json", "--resume", ckpt],
        2,
    );
    assert!(message.contains("checksum"), "{message}");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), edited);
    std::fs::write(&kept, sealed).unwrap();
    let resumed = knights_tour()
        .args(["count", "5x6", "--shard", "2/2", "--json", "--resume", ckpt])
        .output()
        .unwrap();
    assert!(
        resumed.status.success(),
        "{}",
        String::from_utf8_lossy(&resumed.stderr)
    );
    let resumed: serde_json::Value = serde_json::from_slice(&resumed.stdout).unwrap();
    let counts = |doc: &serde_json::Value| {
        let mut c: Vec<(u64, String)> = doc["classes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["id"].as_u64().unwrap(),
                    c["count"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        c.sort();
        c
    };
    assert_eq!(counts(&resumed), counts(&whole));
    // The classes of another shard: refused before any work.
    fails_with_one_line(&["count", "5x6", "--shard", "1/2", "--resume", ckpt], 2);
}

#[test]
fn completions_are_generated_for_every_shell() {
    let output = knights_tour()
        .args(["completions", "bash"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let script = String::from_utf8(output.stdout).unwrap();
    assert!(script.contains("knights-tour"), "{script}");
    assert!(script.contains("count"), "{script}");
    assert!(script.contains("--closed"), "{script}");
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let output = knights_tour()
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(output.status.success(), "{shell}: {output:?}");
        let script = String::from_utf8(output.stdout).unwrap();
        assert!(script.contains("knights-tour"), "{shell}: {script}");
        assert!(script.contains("count"), "{shell}: {script}");
    }
    let message = fails_with_one_line(&["completions", "tcsh"], 2);
    assert!(message.contains("tcsh"), "{message}");
    fails_with_one_line(&["completions"], 2);
}

/// What bash's completion offers for the words `line` (the last one being
/// completed), from the script `completions bash` prints; `None` where
/// this machine has no bash.
fn bash_completes(line: &[&str]) -> Option<Vec<String>> {
    let output = knights_tour()
        .args(["completions", "bash"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("knights-tour.bash");
    std::fs::write(&script, output.stdout).unwrap();
    // Bash calls the function `complete -F` names with the command, the
    // word being completed and the word before it, COMP_WORDS and
    // COMP_CWORD set: as here.
    let words: Vec<String> = line.iter().map(|w| format!("'{w}'")).collect();
    let (current, previous) = (line[line.len() - 1], line[line.len() - 2]);
    let driver = [
        format!("source '{}'", script.display()),
        // The function `complete -F` names, whatever clap calls it.
        "function=$(complete -p knights-tour | sed 's/.*-F \\([^ ]*\\).*/\\1/')".to_owned(),
        format!("COMP_WORDS=({})", words.join(" ")),
        format!("COMP_CWORD={}", line.len() - 1),
        format!("\"$function\" knights-tour '{current}' '{previous}'"),
        "printf '%s\\n' \"${COMPREPLY[@]}\"".to_owned(),
    ]
    .join("\n");
    let output = std::process::Command::new("bash")
        .args(["--noprofile", "--norc", "-c", &driver])
        .output()
        .ok()?;
    assert!(output.status.success(), "{output:?}");
    Some(
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect(),
    )
}

/// clap-rs/clap#6421: `clap_complete`'s bash script never matched a
/// subcommand of a hyphenated program; `completions` fixes its text.
#[test]
fn bash_completes_the_options_of_a_subcommand() {
    let Some(offered) = bash_completes(&["knights-tour", "count", "--cl"]) else {
        eprintln!("no bash on this machine: the completion test is skipped");
        return;
    };
    assert!(offered.iter().any(|o| o == "--closed"), "{offered:?}");
    let offered = bash_completes(&["knights-tour", "tour", "--ra"]).unwrap();
    assert_eq!(offered, ["--random"]);
    // The subcommands themselves, as before.
    let offered = bash_completes(&["knights-tour", "cou"]).unwrap();
    assert_eq!(offered, ["count"]);
}

#[test]
fn man_prints_roff_pages() {
    let output = knights_tour().arg("man").output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let page = String::from_utf8(output.stdout).unwrap();
    // The roff header comes first: only the definition of the apostrophe
    // string (`.ie`/`.el`) that clap_mangen puts before it may precede it.
    let header = page
        .lines()
        .find(|l| !l.starts_with(".ie ") && !l.starts_with(".el "))
        .unwrap();
    assert!(header.starts_with(".TH knights-tour 1"), "{page}");
    for command in ["count", "tour", "find", "completions"] {
        assert!(
            page.contains(&format!("knights\\-tour\\-{command}(1)")),
            "{command}: {page}"
        );
    }
    assert!(!page.contains("tour\\-help(1)"), "{page}");
    let output = knights_tour().args(["man", "count"]).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(page.contains(".TH knights-tour-count 1"), "{page}");
    assert!(page.contains("\\-\\-closed"), "{page}");
    let message = fails_with_one_line(&["man", "nope"], 2);
    assert!(message.contains("count"), "{message}");
}

/// `order` prints a file that `--order` reads back; the count in that
/// order is the count, and the report names the order.
#[test]
fn an_order_printed_by_order_counts_as_given() {
    let dir = tempfile::tempdir().unwrap();
    let output = knights_tour().args(["order", "5x6"]).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with("# the order of the squares of 5x6"),
        "{text}"
    );
    let fingerprint = text
        .lines()
        .find_map(|l| l.strip_prefix("# fingerprint"))
        .unwrap()
        .trim()
        .to_string();
    let file = dir.path().join("5x6.order");
    std::fs::write(&file, &text).unwrap();
    let output = knights_tour()
        .args(["count", "5x6", "--method", "frontier", "--json", "--order"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["count"], "37568");
    assert_eq!(report["frontier"]["order"], "given");
    assert_eq!(
        report["frontier"]["order_fingerprint"],
        fingerprint.as_str()
    );
    let columns = knights_tour()
        .args([
            "count", "5x6", "--method", "frontier", "--json", "--order", "columns",
        ])
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&columns.stdout).unwrap();
    assert_eq!(report["count"], "37568");
    assert_eq!(report["frontier"]["order"], "columns");
}

/// `order` refuses threads beyond the machine as `count` does, before
/// any search.
#[test]
fn order_refuses_threads_as_count_does() {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let too_many = (4 * cores + 1).to_string();
    for command in ["count", "order"] {
        let mut args = vec![command, "5", "--threads", &too_many];
        if command == "order" {
            args.extend(["--search", "10", "--measure", "1000"]);
        }
        let message = fails_with_one_line(&args, 2);
        assert!(message.contains("times the"), "{command}: {message}");
    }
}

/// `order --search N --measure STATES` sweeps its candidates, prints the
/// one whose sweep held the fewest states with every candidate's figures
/// as `#` lines, and the same seed gives the same file; the count in the
/// order printed is the count.
#[test]
fn a_measured_order_search_prints_the_best_candidate_and_is_reproduced() {
    let search = || {
        let output = knights_tour()
            .args([
                "order",
                "5x6",
                "--search",
                "20000",
                "--measure",
                "100000000",
                "--mirrored",
                "--seeds",
                "2",
                "--closed",
                "-q",
            ])
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let text = search();
    let table: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("#  ") || l.starts_with("# 1"))
        .collect();
    assert!(table.len() >= 4, "{text}");
    assert!(table.iter().all(|l| l.contains("whole: 8 tours")), "{text}");
    let summed = |l: &str| -> u64 {
        l.split_whitespace()
            .skip_while(|w| w.len() != 8)
            .nth(1)
            .unwrap()
            .parse()
            .unwrap()
    };
    let work: Vec<u64> = table.iter().map(|l| summed(l)).collect();
    assert!(work.is_sorted(), "{text}");
    // The times differ from run to run; nothing else does.
    let timeless = |t: &str| -> String {
        t.lines()
            .flat_map(|l| l.split(", ").filter(|part| !part.ends_with(" s")))
            .collect()
    };
    assert_eq!(timeless(&search()), timeless(&text));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("5x6.order");
    std::fs::write(&file, &text).unwrap();
    let output = knights_tour()
        .args([
            "count", "5x6", "--closed", "--method", "frontier", "--order",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert!(String::from_utf8(output.stdout).unwrap().starts_with("8\n"));
}

/// An order file that is not a permutation of the board's squares, of
/// another board, malformed or huge is refused with one line, exit 2,
/// before any work; so is `--order` with a method that has no sweep.
#[test]
fn bad_orders_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let twice = write("twice", "0 1 2 3 / 4 5 6 7 / 8 9 10 10");
    let short = write("short", "0 1 2 3 / 4 5 6");
    let words = write("words", "0 1 x 3 / 4 5 6 7 / 8 9 10 11");
    let other = write("other", "0 1 2 / 3 4 5 / 6 7 8 / 9 10 11");
    let empty = write("empty", "# nothing\n");
    for (file, says) in [
        (twice.as_str(), "two squares"),
        (short.as_str(), "line 2"),
        (words.as_str(), "not a step number"),
        (empty.as_str(), "no step numbers"),
        ("/no/such/order", "cannot read"),
        ("/dev/zero", "larger than"),
    ] {
        let message = fails_with_one_line(&["count", "3x4", "--order", file], 2);
        assert!(message.contains(says), "{file}: {message}");
    }
    let message = fails_with_one_line(&["count", "3x4", "--order", &other], 2);
    assert!(message.contains("4x3"), "{message}");
    let message = fails_with_one_line(&["count", "5", "--method", "zdd", "--order", "columns"], 2);
    assert!(message.contains("--order"), "{message}");
}

/// A move list names only the squares it visits: `--board` says which
/// board it is on; without it, the board its squares imply.
#[test]
fn verify_reads_a_move_list_on_the_board_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("three.txt");
    std::fs::write(&file, "a1 b3 c5\n").unwrap();
    let path = file.to_str().unwrap();
    knights_tour()
        .args(["verify", path])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("on 5x3"));
    knights_tour()
        .args(["verify", "--board", "5x5", path])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("on 5x5"));
    let message = fails_with_one_line(&["verify", "--board", "4", path], 2);
    assert!(message.contains("beyond the 4x4 board"), "{message}");
    fails_with_one_line(&["verify", "--board", "nonsense", path], 2);
}

/// `known` leaves the boards without a tour out unless `--all`, and a
/// board narrows it to that board's rows, in either orientation.
#[test]
fn known_lists_the_boards_with_tours_and_narrows_to_one() {
    let all = knights_tour().args(["known", "--all"]).output().unwrap();
    let some = knights_tour().arg("known").output().unwrap();
    let (all, some) = (
        String::from_utf8(all.stdout).unwrap(),
        String::from_utf8(some.stdout).unwrap(),
    );
    assert!(all.lines().count() > some.lines().count() + 100);
    assert!(some.contains("--all lists them"), "{some}");
    assert!(all.contains("closed   1x1"), "{all}");
    assert!(!some.contains("closed   1x1"), "{some}");
    let six_five = knights_tour().args(["known", "6x5"]).output().unwrap();
    let six_five = String::from_utf8(six_five.stdout).unwrap();
    assert!(
        six_five.contains("5x6") && six_five.contains("6x5"),
        "{six_five}"
    );
    let message = fails_with_one_line(&["known", "13x17"], 2);
    assert!(message.contains("no count of 13x17"), "{message}");
    // This project's own counts by start square are listed for their
    // board, marked as ours.
    let seven = knights_tour().args(["known", "7"]).output().unwrap();
    let seven = String::from_utf8(seven.stdout).unwrap();
    assert!(
        seven.contains("from a7 *") && seven.contains("19023006776"),
        "{seven}"
    );
    assert!(seven.contains("this project's own count"), "{seven}");
    assert!(!some.contains("from a7 *"), "{some}");
}

/// `known --sequence A` lists a published sequence's terms in both
/// conventions (OEIS counts open tours undirected, the project directed),
/// `known --sequences` every sequence shipped; an unknown A-number is a
/// one-line error.
#[test]
fn known_lists_a_published_sequence_and_all_of_them() {
    let text = knights_tour()
        .args(["known", "--sequence", "A306283"])
        .output()
        .unwrap();
    assert!(text.status.success(), "{text:?}");
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.starts_with("A306283: 7×n, open tours, undirected\n"),
        "{text}"
    );
    assert!(text.contains("Gubarev"), "{text}");
    // a(9) and a(10): Gubarev's terms, and the project's directed counts.
    let row = |n: &str| {
        text.lines()
            .find(|l| l.split_whitespace().next() == Some(n))
            .unwrap_or_else(|| panic!("no a({n}): {text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
    };
    assert_eq!(row("9"), ["9", "9", "2903212163753000", "5806424327506000"]);
    assert_eq!(
        row("10"),
        ["10", "10", "1025241126020698238", "2050482252041396476"]
    );
    // Any spelling of the A-number; the JSON form.
    let json = knights_tour()
        .args(["known", "--sequence", "a175855", "--json"])
        .output()
        .unwrap();
    assert!(json.status.success(), "{json:?}");
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(doc["schema"], "knights-tour/sequence-terms/1");
    assert_eq!(doc["a_number"], "A175855");
    assert_eq!(
        (doc["rows"].as_u64(), doc["step"].as_u64()),
        (Some(5), Some(2))
    );
    assert_eq!(
        (&doc["measure"], &doc["convention"]),
        (&"cols".into(), &"undirected".into())
    );
    let third = &doc["terms"][2];
    assert_eq!(
        (&third["n"], &third["published"], &third["count"]),
        (&3.into(), &"8".into(), &"8".into())
    );
    // An open, undirected sequence of cells: the one-cell path counts once.
    let cells = knights_tour()
        .args(["known", "--sequence", "389759", "--json"])
        .output()
        .unwrap();
    let cells: serde_json::Value = serde_json::from_slice(&cells.stdout).unwrap();
    assert_eq!(cells["measure"], "cells");
    assert_eq!(cells["terms"][0]["count"], "1");
    assert_eq!(cells["terms"][9]["count"], "4", "a(10) = 2 undirected");
    // Every sequence shipped, one a line.
    let list = knights_tour()
        .args(["known", "--sequences"])
        .output()
        .unwrap();
    assert!(list.status.success(), "{list:?}");
    let list = String::from_utf8(list.stdout).unwrap();
    for a in [
        "A306281", "A306283", "A389760", "A193055", "A389754", "A383664",
    ] {
        assert!(list.lines().any(|l| l.starts_with(a)), "{a}: {list}");
    }
    // The table leaves the sequences' terms out unless a board is named.
    let some = knights_tour().arg("known").output().unwrap();
    let some = String::from_utf8(some.stdout).unwrap();
    assert!(!some.contains("OEIS A306281 a(14)"), "{some}");
    let board = knights_tour().args(["known", "14x6"]).output().unwrap();
    let board = String::from_utf8(board.stdout).unwrap();
    assert!(board.contains("OEIS A306281 a(14)"), "{board}");
    let message = fails_with_one_line(&["known", "--sequence", "A000045"], 2);
    assert!(
        message.contains("no published sequence 'A000045'"),
        "{message}"
    );
    fails_with_one_line(&["known", "--sequence", "fibonacci"], 2);
}

/// A count that kept a checkpoint with `--checkpoint D` goes on from it
/// with `--resume D` (or `--checkpoint D --resume`) without naming its
/// method: `auto`'s other candidate, the cluster, which cannot take a
/// single process's checkpoint, no longer refuses the whole count.
#[test]
fn a_checkpoint_resumes_without_naming_the_method() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("ck");
    let ck = ck.to_str().unwrap();
    let first = knights_tour()
        .args([
            "count",
            "6",
            "--closed",
            "--checkpoint",
            ck,
            "--checkpoint-every",
            "1ms",
            "-q",
        ])
        .output()
        .unwrap();
    assert!(first.status.success(), "{first:?}");
    assert!(std::path::Path::new(ck).join("manifest").is_file());
    for args in [
        &[
            "count",
            "6",
            "--closed",
            "--checkpoint",
            ck,
            "--resume",
            ck,
            "-q",
        ][..],
        &["count", "6", "--closed", "--resume", ck, "-q"],
        &[
            "count",
            "6",
            "--closed",
            "--checkpoint",
            ck,
            "--resume",
            "-q",
        ],
    ] {
        let output = knights_tour().args(args).output().unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(stdout.lines().next(), Some("9862"), "{args:?}");
    }
}

/// A number past any machine word is refused with the range it must be
/// in, as a number just past the range is, not with "number too large"
/// (issue 66 item 11).
#[test]
fn a_number_past_a_machine_word_is_refused_with_its_range() {
    for (args, range) in [
        (
            &["sequence", "6", "--to", "99999999999999999999"][..],
            "1..=100000",
        ),
        (&["sequence", "6", "--to", "100001"], "1..=100000"),
        (&["sequence", "6", "--to", "-3"], "1..=100000"),
        (&["sequence", "99999999999999999999", "--to", "5"], "1..=13"),
        (
            &["count", "5", "--threads", "99999999999999999999999"],
            "1..=4096",
        ),
    ] {
        let line = fails_with_one_line(args, 2);
        assert!(
            line.contains(&format!("is not in {range}")),
            "{args:?}: {line}"
        );
    }
    let line = fails_with_one_line(&["sequence", "6", "--to", "ten"], 2);
    assert!(line.contains("ten is not a whole number"), "{line}");
}

/// `bench -h` lists the two options an engine benchmark is about, and
/// the BuDDy refusal of a build without it says how to reinstall with it,
/// naming what it refuses by what it is (issue 66 item 10).
#[test]
fn bench_help_names_the_engine_and_the_schedule() {
    let output = knights_tour().args(["bench", "-h"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(help.contains("--engine"), "{help}");
    assert!(help.contains("--schedule"), "{help}");
    let count = knights_tour().args(["count", "-h"]).output().unwrap();
    let count = String::from_utf8(count.stdout).unwrap();
    assert!(!count.contains("--schedule"), "{count}");
    let output = knights_tour()
        .args(["bench", "4", "--engine", "buddy"])
        .output()
        .unwrap();
    if output.status.code() == Some(2) {
        let line = String::from_utf8(output.stderr).unwrap();
        assert!(
            line.contains("the time-sliced ZDD of 4x4 (buddy)"),
            "{line}"
        );
        assert!(
            line.contains("cargo install knights-tour --features buddy"),
            "{line}"
        );
    }
}

/// `--up-to-symmetry` says in one note what it searches, not in one a
/// symmetry (seven lines before the answer on a square board; issue 66
/// item 11).
#[test]
fn up_to_symmetry_says_its_searches_in_one_note() {
    let output = knights_tour()
        .args(["count", "6", "--closed", "--up-to-symmetry"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("1245\n"));
    let stderr = String::from_utf8(output.stderr).unwrap();
    let searches: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("note: counting the tours"))
        .collect();
    assert_eq!(searches.len(), 1, "{stderr}");
    assert!(searches[0].contains("rot90") && searches[0].contains("antidiag"));
}

/// A count by start classes names the squares each class stands for,
/// and says nothing of states where its method holds none (backtracking
/// read "class 4 c3 to any x1 … 0 states at most"; issue 66 item 11).
#[test]
fn class_lines_say_their_squares_and_no_states_a_method_never_held() {
    let stdout = succeeds(&["count", "5", "--by-start", "--method", "backtrack"]);
    let classes: Vec<&str> = stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("class "))
        .collect();
    assert_eq!(classes.len(), 4, "{stdout}");
    assert!(
        classes.iter().all(|l| !l.contains("states at most")),
        "{stdout}"
    );
    assert!(
        classes.iter().any(|l| l.contains("c3 to any (1 square)")),
        "{stdout}"
    );
    assert!(
        classes.iter().any(|l| l.contains("(4 squares)")),
        "{stdout}"
    );
}

/// A table by start square names its squares as every other line does,
/// by rank and file (`a1` bottom left), not "row 0 at the top"; `known`
/// names a start square the same way (issue 66 item 11).
#[test]
fn tables_and_known_name_squares_algebraically() {
    let stdout = succeeds(&["count", "3x4", "--by-start", "--method", "backtrack"]);
    let table: Vec<&str> = stdout
        .lines()
        .skip_while(|l| l.trim() != "by start square:")
        .skip(1)
        .take(4)
        .map(str::trim)
        .collect();
    // 3×4's 16 directed open tours start on the corners and on a2 and d2.
    assert_eq!(
        table,
        ["3  2 0 0 2", "2  4 0 0 4", "1  2 0 0 2", "a b c d"],
        "{stdout}"
    );
    assert!(!stdout.contains("row 0"), "{stdout}");
    let seven = succeeds(&["known", "7"]);
    assert!(seven.contains("from d4 *"), "{seven}");
    assert!(!seven.contains("from-"), "{seven}");
}
