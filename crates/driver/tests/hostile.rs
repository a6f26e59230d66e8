//! Hostile input and signals: no abort, no hang, no lost report.
//!
//! One test per row of the issue's table: each runs the binary as a user
//! would (real signals to a real child, a closed descriptor, a pipe whose
//! reader goes away, a terminal where one is needed) and never waits on it
//! without a limit. Tests that run long counts take the [`HEAVY`] lock, so
//! that at most one of them loads the machine at a time and the others'
//! timings stay honest.

use std::io::{BufRead, BufReader, Read};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use crate::common;
use crate::common::without_usage;

/// Held by tests whose child counts for seconds.
static HEAVY: Mutex<()> = Mutex::new(());

fn heavy() -> MutexGuard<'static, ()> {
    HEAVY
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The most any one child may take before the test fails (not hangs).
const LIMIT: Duration = Duration::from_mins(1);

fn binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("knights-tour")
}

fn knights_tour(args: &[&str]) -> Command {
    let mut cmd = Command::new(binary());
    // RUST_BACKTRACE would turn a panic's one line into Rust's report.
    cmd.args(args)
        .env("XDG_CACHE_HOME", common::scratch_cache())
        .env_remove("RUST_LOG")
        .env_remove("NO_COLOR")
        .env_remove("RUST_BACKTRACE");
    cmd
}

/// Spawns `cmd` with stdout and stderr captured (stdin empty) in a
/// process group of its own.
fn spawn(cmd: &mut Command) -> Child {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("the binary starts")
}

/// Waits for `child` for at most `limit`, collecting its output; a child
/// still running then is killed and the test fails.
fn wait(mut child: Child, limit: Duration, what: &str) -> Output {
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}; killed");
        }
        thread::sleep(Duration::from_millis(10));
    };
    Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// Runs `args` to the end (within [`LIMIT`]).
fn run(args: &[&str]) -> Output {
    wait(spawn(&mut knights_tour(args)), LIMIT, &format!("{args:?}"))
}

/// Runs `args` and returns the output and the wall time it took.
fn timed(args: &[&str]) -> (Output, Duration) {
    let started = Instant::now();
    let output = run(args);
    (output, started.elapsed())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Checks the exit status and that stderr ends in exactly one line
/// starting with `error: `, with nothing before it but `note: ` lines
/// (a capped setting, a search's size estimate); returns that line.
fn one_error_line(output: &Output, code: i32, what: &str) -> String {
    let stderr = text(&output.stderr);
    let stderr = without_usage(&stderr);
    assert_eq!(output.status.code(), Some(code), "{what}: {output:?}");
    let lines: Vec<&str> = stderr.lines().collect();
    let Some((last, before)) = lines.split_last() else {
        panic!("{what}: nothing on stderr");
    };
    assert!(last.starts_with("error: "), "{what}: {stderr:?}");
    assert!(
        before.iter().all(|l| l.starts_with("note: ")),
        "{what}: {stderr:?}"
    );
    assert!(!stderr.contains("panicked"), "{what}: {stderr:?}");
    assert!(
        !stderr.contains("internal error"),
        "{what}: a panic: {stderr:?}"
    );
    format!("{last}\n")
}

/// Sends `signal` (`INT`, `TERM`, …) to the process `pid`, or to the
/// process group `pid` leads if `group`.
fn send(signal: &str, pid: u32, group: bool) {
    let target = if group {
        format!("-{pid}")
    } else {
        pid.to_string()
    };
    let status = Command::new("kill")
        .args([&format!("-{signal}"), "--", &target])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -{signal} {target}");
}

/// Starts `args`, sends `signal` after `after`, and returns the output.
fn interrupted(args: &[&str], signal: &str, after: Duration) -> Output {
    let child = spawn(&mut knights_tour(args));
    let pid = child.id();
    thread::sleep(after);
    send(signal, pid, false);
    wait(
        child,
        Duration::from_secs(20),
        &format!("{args:?} after SIG{signal}"),
    )
}

/// A scratch directory removed at the end of the test.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("kt-hostile-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn file(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, contents).unwrap();
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

// ---------------------------------------------------------------------
// Limits on numbers: memory, nodes, cache.

#[test]
fn memory_above_the_machine_is_capped_with_a_note() {
    for memory in ["64G", "1T", "100T"] {
        let output = run(&["count", "5", "--memory", memory]);
        assert!(output.status.success(), "--memory {memory}: {output:?}");
        assert!(text(&output.stdout).starts_with("1728\n"), "{output:?}");
        let stderr = text(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "--memory {memory}: {stderr:?}");
        assert!(stderr.starts_with("note: "), "{stderr:?}");
        assert!(stderr.contains("the budget is"), "{stderr:?}");
    }
}

#[test]
fn node_capacities_beyond_the_engine_are_refused() {
    for nodes in ["18446744073709551615", "4294967293", "18446744073709551616"] {
        let (output, took) = timed(&["count", "5", "--nodes", nodes]);
        let line = one_error_line(&output, 2, nodes);
        assert!(line.contains("nodes") || line.contains(nodes), "{line}");
        assert!(
            took < Duration::from_secs(1),
            "--nodes {nodes} took {took:?}"
        );
    }
}

#[test]
fn caches_below_the_minimum_are_refused() {
    for cache in ["1", "16", "256", "4095"] {
        let (output, took) = timed(&["count", "5", "--cache", cache]);
        let line = one_error_line(&output, 2, cache);
        assert!(line.contains("4096"), "{line}");
        assert!(
            took < Duration::from_secs(1),
            "--cache {cache} took {took:?}"
        );
    }
    let output = run(&["count", "3x4", "--cache", "4096"]);
    assert!(output.status.success(), "{output:?}");
}

// ---------------------------------------------------------------------
// Input that does not end, or is not what it claims to be.

#[test]
fn verify_reads_at_most_256_mib() {
    let (output, took) = timed(&["verify", "/dev/zero"]);
    let line = one_error_line(&output, 2, "verify /dev/zero");
    assert!(line.contains("256 MiB"), "{line}");
    assert!(took < Duration::from_secs(30), "{took:?}");
    // The same from standard input.
    let child = knights_tour(&["verify", "-"])
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let output = wait(child, LIMIT, "verify - < /dev/zero");
    one_error_line(&output, 2, "verify - < /dev/zero");
}

#[test]
fn a_huge_token_is_cut_short_in_the_message() {
    let scratch = Scratch::new("token");
    let letters = scratch.file("letters.txt", "a".repeat(10_000_000));
    let digits = scratch.file("digits.txt", "1".repeat(10_000_000));
    let inside = scratch.file(
        "inside.txt",
        format!("a1 c2 {} b3\n", "x9".repeat(5_000_000)),
    );
    for file in [&letters, &digits, &inside] {
        let output = run(&["verify", path_str(file)]);
        let line = one_error_line(&output, 2, path_str(file));
        assert!(line.len() < 600, "{} bytes: {}…", line.len(), &line[..200]);
    }
    // An argument is at most 128 KiB on Linux: a board name that long.
    let board = "7".repeat(100_000);
    let output = run(&["count", &board]);
    let line = one_error_line(&output, 2, "a 100,000-digit board");
    assert!(line.len() < 600, "{} bytes", line.len());
}

#[test]
fn boards_of_one_or_two_columns_are_answered_at_once() {
    for board in ["2x65", "65x2", "1x100", "2x128"] {
        let (output, took) = timed(&["count", board]);
        assert!(output.status.success(), "{board}: {output:?}");
        let stdout = text(&output.stdout);
        assert!(stdout.starts_with("0\n"), "{board}: {stdout}");
        assert!(
            stdout.contains("Conrad"),
            "{board}: the theorem is the reason: {stdout}"
        );
        assert!(took < Duration::from_secs(2), "{board} took {took:?}");
    }
}

/// Runs `args`, which must be refused: exit 2, one line, nothing on
/// stdout, in under a second.
fn refused_at_once(args: &[&str]) {
    let (output, took) = timed(args);
    one_error_line(&output, 2, &format!("{args:?}"));
    assert!(output.stdout.is_empty(), "{args:?}: {output:?}");
    assert!(took < Duration::from_secs(1), "{args:?} took {took:?}");
}

#[test]
fn boards_no_method_can_represent_are_refused_up_front() {
    for args in [
        &["count", "14x14"][..],
        &["count", "20x20"],
        &["count", "30x30", "--closed"],
        &["count", "12x12", "--method", "zdd"],
        &["count", "9x9", "--method", "backtrack"],
        &["count", "60", "--schedule", "adiar", "--memory", "1G"],
        &["count", "10000x3", "--method", "zdd"],
        &["tour", "10000x10000"],
        &["dot", "200x200"],
    ] {
        refused_at_once(args);
    }
}

#[test]
fn boards_far_too_wide_for_the_frontier_are_refused_up_front() {
    for args in [
        &["count", "100x100"][..],
        &["count", "200x200"],
        &["count", "256x256"],
        &["count", "40x10000"],
        &["count", "1000x1000"],
        &["count", "10000x10000", "--closed"],
        &["tour", "100x100"],
        &["dot", "1000x1000", "--closed"],
    ] {
        refused_at_once(args);
    }
}

#[test]
fn boards_that_run_start_at_once_and_can_be_interrupted() {
    let _heavy = heavy();
    for args in [
        // Far beyond the machine: started with --force.
        &["count", "11x11", "--force"][..],
        &["count", "12x11", "--force"],
        &["count", "13x5", "--check", "--force"],
    ] {
        let output = interrupted(args, "INT", Duration::from_millis(800));
        let what = format!("{args:?}");
        match output.status.code() {
            // Finished within the 0.8 s (13x5 may, on a fast machine).
            Some(0) => assert!(!output.stdout.is_empty(), "{what}: {output:?}"),
            Some(130) => {
                one_error_line(&output, 130, &what);
                let stdout = text(&output.stdout);
                assert!(stdout.contains("interrupted"), "{what}: {stdout}");
            }
            _ => panic!("{what}: {output:?}"),
        }
    }
}

// ---------------------------------------------------------------------
// Signals.

/// The text report of an interrupted `count 6x6`.
fn assert_partial_6x6(output: &Output, code: i32, signal: &str, what: &str) {
    let line = one_error_line(output, code, what);
    assert!(line.contains(signal), "{what}: {line}");
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains("open tours of 6x6"),
        "{what}: stdout {stdout:?}"
    );
    assert!(stdout.contains("interrupted"), "{what}: stdout {stdout:?}");
}

#[test]
fn sigint_prints_the_partial_report_every_time() {
    let _heavy = heavy();
    for run in 1..=5 {
        let output = interrupted(
            &["count", "6x6", "--method", "zdd"],
            "INT",
            Duration::from_secs(1),
        );
        assert_partial_6x6(&output, 130, "SIGINT", &format!("run {run}"));
    }
}

#[test]
fn two_quick_sigints_to_the_group_are_one_press() {
    // `timeout -s INT` and a terminal's Ctrl-C signal the whole process
    // group: the same press can arrive twice within microseconds. Neither
    // may end the program without its report.
    let _heavy = heavy();
    for gap in [0, 3, 20] {
        let child = spawn(&mut knights_tour(&["count", "6x6", "--method", "zdd"]));
        let pid = child.id();
        thread::sleep(Duration::from_secs(1));
        send("INT", pid, true);
        thread::sleep(Duration::from_millis(gap));
        send("INT", pid, true);
        let output = wait(child, Duration::from_secs(20), "two SIGINTs");
        assert_partial_6x6(&output, 130, "SIGINT", &format!("{gap} ms apart"));
    }
}

#[test]
fn sigint_with_json_gives_one_interrupted_document() {
    let _heavy = heavy();
    let output = interrupted(
        &["count", "6x6", "--json", "--method", "zdd"],
        "INT",
        Duration::from_secs(1),
    );
    one_error_line(&output, 130, "count 6x6 --json");
    let report: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("stdout is one JSON document");
    assert_eq!(report["status"], "interrupted", "{report}");
    assert!(report["count"].is_null(), "{report}");
    assert!(!report["steps"].as_array().unwrap().is_empty(), "{report}");
}

/// An interrupted frontier count says where it was in the words a resume
/// needs: the steps it finished and the step its checkpoint holds (a
/// level is reported only once the next step has read it, so the levels
/// alone lag a step behind).
#[test]
fn an_interrupted_count_says_the_step_its_checkpoint_holds() {
    let _heavy = heavy();
    let scratch = Scratch::new("interrupted-step");
    let checkpoint = scratch.0.join("ckpt");
    let child = spawn(&mut knights_tour(&[
        "count",
        "6x7",
        "--method",
        "frontier",
        "--order",
        "columns",
        "--threads",
        "1",
        "--json",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
        "--checkpoint-every",
        "1ms",
    ]));
    let deadline = Instant::now() + Duration::from_mins(1);
    while !checkpoint.join("manifest").exists() {
        assert!(Instant::now() < deadline, "no checkpoint");
        thread::sleep(Duration::from_millis(20));
    }
    thread::sleep(Duration::from_millis(300));
    send("INT", child.id(), false);
    let output = wait(child, Duration::from_secs(20), "6x7 with a checkpoint");
    let line = one_error_line(&output, 130, "6x7 with a checkpoint");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let frontier = &report["frontier"];
    let done = frontier["steps_done"].as_u64().unwrap();
    let held = frontier["checkpoint_step"].as_u64().unwrap();
    let levels = frontier["levels"].as_array().unwrap().len() as u64;
    assert!(done >= held && done >= levels && held > 0, "{frontier}");
    assert!(
        line.contains(&format!(
            "after {done} steps; the checkpoint holds step {held}"
        )),
        "{line}"
    );
}

#[test]
fn sigint_stops_backtracking_with_its_report() {
    let _heavy = heavy();
    let output = interrupted(
        &["count", "7x7", "--method", "backtrack", "--force"],
        "INT",
        Duration::from_millis(700),
    );
    let line = one_error_line(&output, 130, "7x7 backtrack");
    assert!(line.contains("SIGINT"), "{line}");
    let stdout = text(&output.stdout);
    for field in ["search nodes", "wall time", "interrupted"] {
        assert!(stdout.contains(field), "{field}: {stdout}");
    }
    let output = interrupted(
        &["count", "7x7", "--method", "backtrack", "--json", "--force"],
        "INT",
        Duration::from_millis(700),
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["status"], "interrupted", "{report}");
    assert!(report["search_nodes"].as_u64().unwrap() > 0, "{report}");
}

#[test]
fn sigterm_and_sighup_are_handled_like_ctrl_c() {
    let _heavy = heavy();
    for (signal, code) in [("TERM", 143), ("HUP", 129)] {
        // The columns order keeps 6x7 open busy for seconds (its own order
        // counts it in a fraction of one).
        let output = interrupted(
            &["count", "6x7", "--order", "columns"],
            signal,
            Duration::from_millis(800),
        );
        let what = format!("SIG{signal}");
        let line = one_error_line(&output, code, &what);
        assert!(line.contains(&what), "{line}");
        let stdout = text(&output.stdout);
        assert!(stdout.contains("open tours of 6x7"), "{what}: {stdout}");
        assert!(stdout.contains("interrupted"), "{what}: {stdout}");
    }
    // The ZDD method too, mid-step.
    let output = interrupted(
        &["count", "6x6", "--json", "--method", "zdd"],
        "TERM",
        Duration::from_millis(800),
    );
    one_error_line(&output, 143, "6x6 SIGTERM");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["status"], "interrupted", "{report}");
}

#[test]
fn backtracking_8x8_closed_starts_and_stops_cleanly() {
    let _heavy = heavy();
    let output = interrupted(
        &[
            "count",
            "8x8",
            "--closed",
            "--method",
            "backtrack",
            "--force",
        ],
        "INT",
        Duration::from_secs(1),
    );
    one_error_line(&output, 130, "8x8 closed backtrack");
    let stdout = text(&output.stdout);
    assert!(stdout.contains("closed tours of 8x8"), "{stdout}");
    assert!(stdout.contains("search nodes"), "{stdout}");
}

// ---------------------------------------------------------------------
// Standard output: closed, or a pipe whose reader leaves.

/// Standard output on `/dev/null` discards the output, whatever its open
/// mode: a shell's `>/dev/null` (write-only), Python's `subprocess.DEVNULL`
/// (read-write), and a descriptor closed at the start, which the Rust
/// runtime replaces with a read-write `/dev/null` before `main` (the
/// program cannot tell it from `subprocess.DEVNULL`; docs/hostile-inputs.md).
#[test]
fn stdout_on_dev_null_is_accepted_whatever_its_open_mode() {
    let open = |read: bool| {
        std::fs::OpenOptions::new()
            .read(read)
            .write(true)
            .open("/dev/null")
            .unwrap()
    };
    for read in [false, true] {
        let output = knights_tour(&["count", "3x4"])
            .stdout(Stdio::from(open(read)))
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert!(output.status.success(), "read {read}: {output:?}");
        assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
    }
    for args in [&["count", "5"][..], &["known"], &["find", "8"], &["man"]] {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(r#"exec 1>&-; exec "$0" "$@""#)
            .arg(binary())
            .args(args)
            .stderr(Stdio::piped())
            .env_remove("RUST_LOG")
            .env_remove("RUST_BACKTRACE");
        let output = wait(spawn(&mut cmd), LIMIT, &format!("{args:?} >&-"));
        assert!(output.status.success(), "{args:?} >&-: {output:?}");
    }
}

/// Starts `args`, reads the first line of its output, closes the pipe,
/// and returns that line and how the program ended.
fn first_line_then_close(args: &[&str], limit: Duration) -> (String, Output, Duration) {
    let started = Instant::now();
    let mut child = spawn(&mut knights_tour(args));
    let mut line = String::new();
    {
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        reader.read_line(&mut line).unwrap();
    }
    let output = wait(child, limit, &format!("{args:?} | head -1"));
    (line, output, started.elapsed())
}

#[test]
fn a_closed_pipe_ends_quietly() {
    for (args, may_finish) in [
        // The table fits in the pipe: it may be written before the reader leaves.
        (&["known"][..], true),
        (&["find", "1000x1000", "--no-time"], false),
        (&["tour", "3x4", "--all", "--limit", "16"], true),
        (&["completions", "bash"], true),
        (&["man"], true),
    ] {
        let (line, output, _) = first_line_then_close(args, LIMIT);
        assert!(!line.is_empty(), "{args:?}");
        let code = output.status.code();
        assert!(
            code == Some(141) || (may_finish && code == Some(0)),
            "{args:?}: {output:?}"
        );
        assert!(
            output.stderr.is_empty(),
            "{args:?}: {}",
            text(&output.stderr)
        );
    }
}

#[test]
fn random_tours_stream() {
    for format in ["moves", "json", "board"] {
        let (line, output, took) = first_line_then_close(
            &[
                "tour", "5", "--random", "--seed", "7", "--count", "1000000", "--format", format,
            ],
            Duration::from_secs(30),
        );
        assert!(
            took < Duration::from_secs(10),
            "--format {format}: {took:?}"
        );
        assert_eq!(
            output.status.code(),
            Some(141),
            "--format {format}: {output:?}"
        );
        assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
        if format == "moves" {
            assert_eq!(line.split_whitespace().count(), 25, "{line}");
        }
    }
}

// ---------------------------------------------------------------------
// A terminal.

/// Runs `command` (a shell command line) on a pseudo-terminal with
/// util-linux `script`; `None` where that is not available.
fn on_a_terminal(command: &str, env: &[(&str, &str)]) -> Option<String> {
    let version = Command::new("script").arg("--version").output().ok()?;
    if !text(&version.stdout).contains("util-linux") {
        eprintln!("skipped: no util-linux script to make a terminal");
        return None;
    }
    let mut cmd = Command::new("script");
    cmd.args(["-qfec", command, "/dev/null"])
        .env_remove("RUST_LOG")
        .env_remove("NO_COLOR")
        .env_remove("RUST_BACKTRACE");
    for (key, value) in env {
        cmd.env(key, value);
    }
    let output = wait(spawn(&mut cmd), LIMIT, command);
    Some(text(&output.stdout))
}

#[test]
fn no_color_means_no_colour_on_a_terminal() {
    let command = format!("'{}' count 3x4 -v --method zdd", path_str(&binary()));
    let Some(coloured) = on_a_terminal(&command, &[]) else {
        return;
    };
    assert!(
        coloured.contains('\u{1b}'),
        "a terminal gets colour: {coloured:?}"
    );
    for value in ["1", "yes"] {
        let plain = on_a_terminal(&command, &[("NO_COLOR", value)]).unwrap();
        assert!(plain.contains("INFO"), "{plain:?}");
        assert!(!plain.contains('\u{1b}'), "NO_COLOR={value}: {plain:?}");
    }
}

#[test]
fn a_long_count_shows_progress_from_the_first_second() {
    let _heavy = heavy();
    let command = format!(
        "XDG_CACHE_HOME='{}' timeout -s INT 1.5 '{}' count 11x11 --force",
        path_str(&common::scratch_cache()),
        path_str(&binary())
    );
    let Some(screen) = on_a_terminal(&command, &[]) else {
        return;
    };
    assert!(screen.contains("states expanded"), "{screen:?}");
    assert!(screen.contains(" left; "), "the time left: {screen:?}");
    assert!(screen.contains("interrupted"), "{screen:?}");
}

// ---------------------------------------------------------------------
// Files: written, read back, named in errors.

#[test]
fn dot_names_the_path_it_cannot_write() {
    let output = run(&["dot", "3x4", "-o", "/dev/null/x.dot"]);
    let code = output.status.code().unwrap_or(-1);
    assert!(code != 0, "{output:?}");
    let line = one_error_line(&output, code, "dot -o /dev/null/x.dot");
    assert!(line.contains("/dev/null/x.dot"), "{line}");
}

#[test]
fn every_format_the_tool_writes_verifies_as_it_is() {
    let scratch = Scratch::new("formats");
    let mut written = 0;
    for (args, tours, closed) in [
        (&["tour", "5x5"][..], 1, false),
        (&["tour", "3x4", "--count", "3"], 3, false),
        (&["tour", "3x4", "--all"], 16, false),
        (
            &[
                "tour", "6", "--closed", "--random", "--seed", "1", "--count", "3",
            ],
            3,
            true,
        ),
        (&["tour", "1x1"], 1, false),
        (&["find", "8", "--no-time"], 1, false),
        (&["find", "6", "--closed", "--no-time"], 1, true),
        (&["find", "30x27", "--closed", "--no-time"], 1, true),
        (&["find", "1x1", "--no-time"], 1, false),
    ] {
        for format in ["board", "moves", "json"] {
            let mut args = args.to_vec();
            args.extend(["--format", format]);
            let output = run(&args);
            assert!(output.status.success(), "{args:?}: {output:?}");
            written += 1;
            let file = scratch.file(&format!("tour-{written}.txt"), &output.stdout);
            let mut verify = vec!["verify", path_str(&file), "--json"];
            if closed {
                verify.push("--closed");
            }
            let checked = run(&verify);
            assert!(
                checked.status.success(),
                "{args:?} then {verify:?}: {checked:?}"
            );
            let doc: serde_json::Value = serde_json::from_slice(&checked.stdout).unwrap();
            assert_eq!(doc["passed"], true, "{args:?}: {doc}");
            let verdicts = doc["tours"].as_array().unwrap();
            assert_eq!(verdicts.len(), tours, "{args:?}: {doc}");
            let kind = if closed { "closed" } else { "open" };
            if args[0] == "tour" || closed {
                assert!(
                    verdicts.iter().all(|v| v["kind"] == kind),
                    "{args:?}: {doc}"
                );
            }
        }
    }
}

#[test]
fn verify_closed_requires_closed_tours_and_json_names_the_kind() {
    let scratch = Scratch::new("closed");
    let find = |args: &[&str]| {
        let output = run(args);
        assert!(output.status.success(), "{output:?}");
        output.stdout
    };
    let open = scratch.file(
        "open.txt",
        find(&["find", "5", "--format", "moves", "--no-time"]),
    );
    let closed = scratch.file(
        "closed.txt",
        find(&["find", "6", "--closed", "--format", "moves", "--no-time"]),
    );
    let (open, closed) = (path_str(&open), path_str(&closed));

    assert_eq!(run(&["verify", open]).status.code(), Some(0));
    assert_eq!(run(&["verify", "--closed", open]).status.code(), Some(1));
    assert_eq!(run(&["verify", "--closed", closed]).status.code(), Some(0));
    for (file, kind, closed_flag, passed) in [
        (open, "open", false, true),
        (open, "open", true, false),
        (closed, "closed", false, true),
        (closed, "closed", true, true),
    ] {
        let mut args = vec!["verify", "--json", file];
        if closed_flag {
            args.push("--closed");
        }
        let output = run(&args);
        let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(doc["tours"][0]["kind"], kind, "{args:?}: {doc}");
        assert_eq!(doc["passed"], passed, "{args:?}: {doc}");
        assert_eq!(output.status.code(), Some(i32::from(!passed)), "{args:?}");
    }
}

#[test]
fn verify_of_many_tiny_tours_is_quick() {
    // Once quadratic: every board re-read the lines before it.
    let scratch = Scratch::new("many");
    let file = scratch.file("boards.txt", "1\n\n".repeat(100_000));
    let (output, took) = timed(&["verify", path_str(&file)]);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(text(&output.stdout).lines().count(), 100_000);
    assert!(took < Duration::from_secs(10), "{took:?}");
}

#[test]
fn a_signal_stops_a_long_output_at_once() {
    // Once the diagram is built, tours are written one by one: a signal
    // then stops the program as it stops any Unix tool (before, the
    // handlers kept swallowing it and the million tours were written).
    use std::os::unix::process::ExitStatusExt;
    let _heavy = heavy();
    let mut child = spawn(&mut knights_tour(&[
        "tour", "6", "--closed", "--random", "--seed", "1", "--count", "1000000", "--format",
        "moves",
    ]));
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    assert_eq!(line.split_whitespace().count(), 36, "{line}");
    send("INT", child.id(), false);
    let signalled = Instant::now();
    let drain = thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
    let output = wait(child, Duration::from_secs(30), "tour --count 1000000");
    let _ = drain.join();
    assert!(
        output.status.signal() == Some(2) || output.status.code() == Some(130),
        "{:?}",
        output.status
    );
    assert!(
        signalled.elapsed() < Duration::from_secs(3),
        "{:?}",
        signalled.elapsed()
    );
}

#[test]
fn control_characters_from_the_input_are_escaped_in_messages() {
    let scratch = Scratch::new("escape");
    let file = scratch.file("escape.txt", "a1 \u{1b}[2J\u{1b}[31mred\r\n");
    let json = scratch.file(
        "long.json",
        format!("{{\"rows\": \"{}\"}}", "a".repeat(10_000_000)),
    );
    for output in [
        run(&["verify", path_str(&file)]),
        run(&["verify", path_str(&json)]),
        run(&["count", "5\u{1b}[31m"]),
        run(&["count", "5", "--memory", "8\u{1b}\rG"]),
    ] {
        let line = one_error_line(&output, 2, "escapes");
        assert!(!line.contains('\u{1b}') && !line.contains('\r'), "{line:?}");
        assert!(line.len() < 600, "{} bytes", line.len());
    }
}

// ---------------------------------------------------------------------
// Nothing lost (issue 28): a user's files and checkpoints are never
// destroyed, and damage never becomes a count.

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A directory of the user's named as `--checkpoint`: refused before any
/// work, whichever method would write it (a whole count, a shard, a
/// cluster), and nothing in it removed or changed.
#[test]
fn a_checkpoint_directory_of_someone_elses_files_is_refused_and_kept() {
    let scratch = Scratch::new("foreign-checkpoint");
    let x = scratch.0.join("x");
    std::fs::create_dir_all(x.join("go/src")).unwrap();
    std::fs::create_dir_all(x.join("graphs")).unwrap();
    std::fs::write(x.join("go/src/main.go"), "k\n").unwrap();
    let x = path_str(&x);
    for args in [
        &[
            "count",
            "6x6",
            "--closed",
            "--method",
            "frontier",
            "-q",
            "--checkpoint",
            x,
            "--checkpoint-every",
            "1ms",
        ][..],
        &["count", "5", "--shard", "1/2", "--checkpoint", x][..],
        &["count", "5x5", "--method", "cluster", "--checkpoint", x][..],
    ] {
        let output = run(args);
        let line = one_error_line(&output, 2, &format!("{args:?}"));
        assert!(line.contains("not a knights-tour checkpoint"), "{line}");
        assert!(output.stdout.is_empty(), "{args:?}: {output:?}");
    }
    let x = Path::new(x);
    assert_eq!(names(x), ["go", "graphs"]);
    assert_eq!(
        std::fs::read_to_string(x.join("go/src/main.go")).unwrap(),
        "k\n"
    );
}

/// A second run with the same `--checkpoint DIR` (or another board's count
/// into it) is refused before any work, saying how to go on or start over,
/// and the checkpoint stays as it was; with `--resume DIR` it goes on.
#[test]
fn an_existing_checkpoint_is_never_replaced_without_resume() {
    let scratch = Scratch::new("existing-checkpoint");
    let ck = scratch.0.join("ck");
    let ck_str = path_str(&ck);
    let write = [
        "count",
        "6x6",
        "--closed",
        "--method",
        "frontier",
        "-q",
        "--checkpoint",
        ck_str,
        "--checkpoint-every",
        "1ms",
    ];
    let first = run(&write);
    assert!(first.status.success(), "{first:?}");
    assert!(text(&first.stdout).starts_with("9862\n"), "{first:?}"); // OEIS A001230
    let manifest = std::fs::read(ck.join("manifest")).unwrap();
    let held = names(&ck);
    for args in [
        &write[..],
        &[
            "count",
            "5x5",
            "--method",
            "frontier",
            "--checkpoint",
            ck_str,
        ][..],
    ] {
        let output = run(args);
        let line = one_error_line(&output, 2, &format!("{args:?}"));
        assert!(line.contains("already holds a checkpoint"), "{line}");
        assert!(line.contains(&format!("--resume {ck_str}")), "{line}");
        assert!(line.contains("start over"), "{line}");
    }
    assert_eq!(std::fs::read(ck.join("manifest")).unwrap(), manifest);
    assert_eq!(names(&ck), held);
    let mut resume = write.to_vec();
    resume.extend(["--resume", ck_str]);
    let resumed = run(&resume);
    assert!(resumed.status.success(), "{resumed:?}");
    assert!(text(&resumed.stdout).starts_with("9862\n"), "{resumed:?}");
}

/// A hostfile that never ends (`/dev/zero`) is refused at once, in one
/// line, instead of filling memory.
#[test]
fn an_endless_hostfile_is_refused_at_once() {
    let (output, took) = timed(&[
        "count",
        "6x6",
        "--processes",
        "2",
        "--process",
        "0",
        "--hostfile",
        "/dev/zero",
    ]);
    let line = one_error_line(&output, 2, "hostfile /dev/zero");
    assert!(line.contains("larger than"), "{line}");
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

/// Changes the last byte of every run file under `spill` once, after its
/// size has held still for one look, until `done`: the last record's
/// weight, changed to another weight that is not 0, so that the run still
/// reads as a run (a failing disk's damage, not a cut file). Returns the
/// files changed.
fn damage_spilled_runs(spill: &Path, done: &std::sync::atomic::AtomicBool) -> usize {
    use std::io::{Seek, SeekFrom, Write};
    use std::sync::atomic::Ordering;
    let mut sizes: std::collections::HashMap<PathBuf, u64> = std::collections::HashMap::new();
    let mut changed: std::collections::HashSet<PathBuf> = std::collections::HashSet::new();
    while !done.load(Ordering::Relaxed) {
        let runs = std::fs::read_dir(spill)
            .into_iter()
            .flatten()
            .flatten()
            .flat_map(|d| std::fs::read_dir(d.path()).into_iter().flatten().flatten())
            .map(|e| e.path());
        for run in runs {
            let Ok(size) = std::fs::metadata(&run).map(|m| m.len()) else {
                continue;
            };
            let steady = sizes.insert(run.clone(), size) == Some(size);
            if size == 0 || !steady || changed.contains(&run) {
                continue;
            }
            let Ok(mut file) = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(&run)
            else {
                continue;
            };
            let mut last = [0u8];
            if file.seek(SeekFrom::End(-1)).is_err() || file.read_exact(&mut last).is_err() {
                continue;
            }
            // A one-byte varint (below 0x80) stays one: another value, never 0.
            let new = if last[0] & 0x40 == 0 {
                last[0] | 0x40
            } else {
                last[0] ^ 0x20
            };
            if file.seek(SeekFrom::End(-1)).is_ok() && file.write_all(&[new]).is_ok() {
                changed.insert(run);
            }
        }
        thread::sleep(Duration::from_millis(2));
    }
    changed.len()
}

/// Spilled runs changed on disk while the count runs, as a failing disk
/// would change them: the count stops with one line and exit 4 and gives
/// no count; it never adds up changed data.
#[test]
fn a_spilled_run_changed_on_disk_stops_the_count() {
    let _heavy = heavy();
    let scratch = Scratch::new("spill-damage");
    let spill = scratch.0.join("spill");
    std::fs::create_dir_all(&spill).unwrap();
    // In the columns order 6x6 open holds 0.7 million states (folded at
    // the column boundaries; a million unfolded), enough to spill at 16
    // MiB (its own order holds 14,181).
    let child = spawn(&mut knights_tour(&[
        "count",
        "6x6",
        "--order",
        "columns",
        "--threads",
        "1",
        "--memory",
        "16MiB",
        "-q",
        "--spill-dir",
        path_str(&spill),
    ]));
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let damager = {
        let (spill, done) = (spill.clone(), std::sync::Arc::clone(&done));
        thread::spawn(move || damage_spilled_runs(&spill, &done))
    };
    let output = wait(child, LIMIT, "a count with damaged spilled runs");
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let changed = damager.join().unwrap();
    assert!(changed > 0, "no spilled run was changed: {output:?}");
    let line = one_error_line(&output, 4, "damaged spilled runs");
    assert!(line.contains("damaged"), "{line}");
    assert!(
        !text(&output.stdout)
            .lines()
            .any(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit())),
        "a count from damaged runs: {output:?}"
    );
}

/// A second count on the checkpoint directory of a count running now,
/// even one that asks to resume from it, is refused before any work; the
/// first goes on undisturbed.
#[test]
fn two_counts_never_share_one_checkpoint_directory() {
    let _heavy = heavy();
    let scratch = Scratch::new("shared-checkpoint");
    let ck = scratch.0.join("ck");
    let ck_str = path_str(&ck);
    let mut first = spawn(&mut knights_tour(&[
        "count",
        "6x6",
        "--method",
        "frontier",
        "--threads",
        "1",
        "-q",
        "--checkpoint",
        ck_str,
        "--checkpoint-every",
        "1ms",
    ]));
    let deadline = Instant::now() + LIMIT;
    while !ck.join("manifest").exists() {
        assert!(Instant::now() < deadline, "no checkpoint written");
        assert!(
            first.try_wait().unwrap().is_none(),
            "ended before a checkpoint"
        );
        thread::sleep(Duration::from_millis(5));
    }
    let second = run(&[
        "count",
        "6x6",
        "--method",
        "frontier",
        "--checkpoint",
        ck_str,
        "--resume",
        ck_str,
    ]);
    // Only resuming from it (issue 38): no level to go on from either.
    let third = run(&["count", "6x6", "--method", "frontier", "--resume", ck_str]);
    let running = first.try_wait().unwrap().is_none();
    let first = wait(first, LIMIT, "the first count");
    assert!(first.status.success(), "{first:?}");
    assert!(text(&first.stdout).starts_with("6637920\n"), "{first:?}"); // OEIS A165134
    if running {
        for (output, what) in [(&second, "a second count"), (&third, "a count resuming")] {
            let line = one_error_line(output, 2, what);
            assert!(line.contains("another count running now"), "{line}");
        }
    }
}

// ---------------------------------------------------------------------
// Nothing written over (issue 38): no output is a file the command reads,
// or a file in a directory the count owns.

/// Runs `args` (stdout appended to `stdout` if given), expecting the one
/// line of a refusal before any work, and returns it.
fn refused_before_work(args: &[&str], stdout: Option<&Path>) -> String {
    let mut cmd = knights_tour(args);
    cmd.stdin(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0);
    match stdout {
        Some(path) => cmd.stdout(std::fs::OpenOptions::new().append(true).open(path).unwrap()),
        None => cmd.stdout(Stdio::piped()),
    };
    let output = wait(cmd.spawn().unwrap(), LIMIT, &format!("{args:?}"));
    let line = one_error_line(&output, 2, &format!("{args:?}"));
    assert!(output.stdout.is_empty(), "{args:?}: {output:?}");
    line
}

/// The order of `board`'s squares by columns, as `order` prints it: a file
/// `--order` reads.
fn order_file(scratch: &Scratch, board: &str) -> PathBuf {
    let output = run(&["order", board, "--columns"]);
    assert!(output.status.success(), "{output:?}");
    scratch.file(&format!("o{board}.txt"), output.stdout)
}

/// Every command that writes a file refuses one that it reads, however
/// spelled (another path, a symbolic link, a hard link, standard output
/// appended to it), and leaves it as it was: the cases of the issue.
#[test]
fn no_output_is_ever_a_file_the_command_reads() {
    let scratch = Scratch::new("output-over-input");
    let dir = path_str(&scratch.0).to_owned();
    let a = scratch.file("a.json", "{\"part of\": \"half an hour\"}\n");
    let b = scratch.file("b.json", "{}\n");
    let r = scratch.file("r.json", "{\"report\": 1}\n");
    let o6 = order_file(&scratch, "6");
    let o5 = order_file(&scratch, "5");
    std::os::unix::fs::symlink(&a, scratch.0.join("link.svg")).unwrap();
    std::fs::hard_link(&r, scratch.0.join("hard.svg")).unwrap();
    std::fs::create_dir(scratch.0.join("sub")).unwrap();
    let (a, b, r, o6, o5) = (
        path_str(&a),
        path_str(&b),
        path_str(&r),
        path_str(&o6),
        path_str(&o5),
    );
    let before: Vec<Vec<u8>> = [a, b, r, o6, o5]
        .iter()
        .map(|f| std::fs::read(f).unwrap())
        .collect();
    let respelled = format!("{dir}/sub/../a.json");
    let link = format!("{dir}/link.svg");
    let hard = format!("{dir}/hard.svg");
    let cases: [(&[&str], &str); 7] = [
        (&["merge", a, b, "--svg", a], "the part"),
        (&["merge", a, b, "--svg", &respelled], "the part"),
        (&["merge", b, a, "--svg", &link], "the part"),
        (&["plot", r, "-o", r], "the report"),
        (&["plot", r, "--output", &hard], "the report"),
        (
            &["count", "6", "--by-start", "--order", o6, "--svg", o6],
            "the --order file",
        ),
        (&["dot", "5", "--order", o5, "-o", o5], "the --order file"),
    ];
    for (args, what) in cases {
        let line = refused_before_work(args, None);
        // A picture named as an input that is no picture (`--svg a.json`)
        // is refused by its name first; under a picture's name (a link,
        // a hard link) as the input it is.
        if line.contains("the pictures written are SVG and PNG") {
            continue;
        }
        assert!(line.contains(what), "{args:?}: {line}");
        assert!(line.contains("never writes over"), "{args:?}: {line}");
    }
    // Standard output appended to an input (`>> a.json`).
    let line = refused_before_work(&["merge", a, b], Some(Path::new(a)));
    assert!(line.contains("standard output is the part"), "{line}");
    let after: Vec<Vec<u8>> = [a, b, r, o6, o5]
        .iter()
        .map(|f| std::fs::read(f).unwrap())
        .collect();
    assert_eq!(before, after, "an input was changed");
}

/// An output inside a directory the count owns (its checkpoint, the one
/// it resumes from, its spill directory) is refused before any work, and
/// the checkpoint stays resumable.
#[test]
fn no_output_is_ever_written_into_a_checkpoint_or_spill_directory() {
    let scratch = Scratch::new("output-in-checkpoint");
    let ck = scratch.0.join("ck");
    let ck_str = path_str(&ck);
    // 3x33: 34 classes of squares, counted a class at a time, whose
    // classes done (`part.json`) the checkpoint directory holds.
    let write = [
        "count",
        "3x33",
        "--by-start",
        "--method",
        "frontier",
        "-q",
        "--checkpoint",
        ck_str,
        "--checkpoint-every",
        "1ms",
    ];
    let first = run(&write);
    assert!(first.status.success(), "{first:?}");
    let part = ck.join("part.json");
    let kept = std::fs::read(&part).unwrap();
    let held = names(&ck);
    let into_part = path_str(&part);
    let new_file = ck.join("new.svg");
    // A count's spill directory in a shared --spill-dir (a running count's,
    // or one a killed count left); beside it, the user's own files belong.
    let spill = scratch.0.join("spill");
    let counts = spill.join("knights-tour-spill-host-1-abc");
    std::fs::create_dir_all(&counts).unwrap();
    let in_spill = counts.join("x.svg");
    let mut resume = write.to_vec();
    resume.extend(["--resume", ck_str, "--svg", into_part]);
    let mut resume_new = write[..write.len() - 4].to_vec();
    resume_new.extend(["--resume", ck_str, "--svg", path_str(&new_file)]);
    let spilling = [
        "count",
        "5",
        "--by-start",
        "--method",
        "frontier",
        "--spill-dir",
        path_str(&spill),
        "--svg",
        path_str(&in_spill),
    ];
    for (args, owner) in [
        (&resume[..], "--checkpoint directory"),
        (&resume_new[..], "--resume directory"),
        (&spilling[..], "a directory a count spills into"),
    ] {
        let line = refused_before_work(args, None);
        // The part itself (`part.json`) is no picture's name: refused as
        // such first, and left as it was all the same.
        assert!(
            line.contains(owner) || line.contains("the pictures written are SVG and PNG"),
            "{args:?}: {line}"
        );
    }
    assert_eq!(std::fs::read(&part).unwrap(), kept);
    assert_eq!(names(&ck), held);
    assert!(!in_spill.exists());
    // Beside the counts' spill directories, in a shared scratch space.
    let beside = spill.join("ok.svg");
    let mut drawn = spilling.to_vec();
    drawn.pop();
    drawn.push(path_str(&beside));
    let output = run(&drawn);
    assert!(output.status.success(), "{output:?}");
    assert!(beside.is_file());
    let mut go_on = write.to_vec();
    go_on.extend(["--resume", ck_str]);
    let resumed = run(&go_on);
    assert!(resumed.status.success(), "{resumed:?}");
}

/// A checkpoint of one question is never resumed or written over by
/// another (issue 38, finding 2): a whole count's checkpoint resumed by a
/// count by start squares or by endpoint pairs, or the classes of a count
/// by start squares resumed as a whole count, are refused before any work
/// with one line naming both questions, and the checkpoint stays as it was
/// and resumable by its own question, even one written before the
/// question was recorded.
#[test]
fn a_checkpoint_of_one_question_is_never_resumed_by_another() {
    let scratch = Scratch::new("checkpoint-question");
    let whole = scratch.0.join("whole");
    let classes = scratch.0.join("classes");
    let (whole_str, classes_str) = (path_str(&whole), path_str(&classes));
    let count = |question: &[&'static str], dir: &str, resume: bool| {
        let mut args = vec!["count", "5", "--method", "frontier", "--order", "columns"];
        args.extend(question);
        args.extend(["-q", "--checkpoint", dir, "--checkpoint-every", "1ms"]);
        if resume {
            args.extend(["--resume", dir]);
        }
        run(&args)
    };
    let first = count(&[], whole_str, false);
    assert!(first.status.success(), "{first:?}");
    let total = text(&first.stdout).lines().next().unwrap().to_owned();
    let manifest = std::fs::read(whole.join("manifest")).expect("a checkpoint was written");
    let held = names(&whole);
    for question in [
        &["--by-start"][..],
        &["--pairs"][..],
        &["--shard", "1/2"][..],
    ] {
        let output = count(question, whole_str, true);
        let line = one_error_line(&output, 2, &format!("{question:?}"));
        assert!(
            line.contains("a whole count of open tours of 5x5"),
            "{line}"
        );
        assert!(
            line.contains("by start squares") || line.contains("by endpoint pairs"),
            "{line}"
        );
    }
    assert_eq!(std::fs::read(whole.join("manifest")).unwrap(), manifest);
    assert_eq!(names(&whole), held);
    let resumed = count(&[], whole_str, true);
    assert!(resumed.status.success(), "{resumed:?}");
    // Without -q, a resume from a named checkpoint says where it went on
    // from, as one from the cache does (issue 66 item 6).
    let said = run(&[
        "count", "5", "--method", "frontier", "--order", "columns", "--resume", whole_str,
    ]);
    assert!(said.status.success(), "{said:?}");
    assert!(
        text(&said.stderr).contains("note: going on from the checkpoint's level after step "),
        "{said:?}"
    );
    assert!(
        text(&resumed.stdout).starts_with(&format!("{total}\n")),
        "{resumed:?}"
    );

    // The table by start square a class at a time (the start plan as one
    // shard; the table in one sweep keeps a sweep's checkpoint instead).
    let by_start = count(&["--by-start", "--shard", "1/1"], classes_str, false);
    assert!(by_start.status.success(), "{by_start:?}");
    let part = std::fs::read(classes.join("part.json")).unwrap();
    let output = count(&[], classes_str, true);
    let line = one_error_line(&output, 2, "a whole count from classes");
    assert!(line.contains("by start squares"), "{line}");
    assert!(
        line.contains("a whole count of open tours of 5x5"),
        "{line}"
    );
    let output = count(&["--by-start"], classes_str, false);
    let line = one_error_line(&output, 2, "classes without --resume");
    assert!(line.contains("by start squares"), "{line}");
    assert_eq!(std::fs::read(classes.join("part.json")).unwrap(), part);

    // Written before the question was recorded: a sweep's checkpoint alone
    // is a whole count's.
    std::fs::remove_file(whole.join("QUESTION")).unwrap();
    let output = count(&["--by-start"], whole_str, true);
    let line = one_error_line(&output, 2, "classes from an old whole count");
    assert!(line.contains("a whole count"), "{line}");
    let resumed = count(&[], whole_str, true);
    assert!(resumed.status.success(), "{resumed:?}");
    assert!(
        text(&resumed.stdout).starts_with(&format!("{total}\n")),
        "{resumed:?}"
    );
}

// ---------------------------------------------------------------------
// No abort or hang from any input (issue 38): every input bounded by
// what is read, every size taken from input bounded before it is used.

/// Runs `args` expecting a refusal (2) within a few seconds.
fn refused_quickly(args: &[&str]) -> String {
    let (output, took) = timed(args);
    let line = one_error_line(&output, 2, &format!("{args:?}"));
    assert!(took < Duration::from_secs(10), "{args:?} took {took:?}");
    line
}

/// A device or a pipe has no length to check: `merge /dev/zero`, `plot
/// /dev/zero` and a part read from an endless pipe stop at the size
/// limit instead of reading until memory runs out.
#[test]
fn endless_parts_and_reports_are_refused_at_their_size_limit() {
    for args in [&["merge", "/dev/zero"][..], &["plot", "/dev/zero"][..]] {
        let line = refused_quickly(args);
        assert!(line.contains("too large"), "{args:?}: {line}");
    }
    let mut yes = Command::new("yes")
        .arg("{}")
        .stdout(Stdio::piped())
        .spawn()
        .expect("yes runs");
    let mut merge = knights_tour(&["merge", "/dev/stdin"]);
    merge
        .stdin(yes.stdout.take().unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let output = wait(merge.spawn().unwrap(), LIMIT, "merge of an endless pipe");
    let _ = yes.kill();
    let _ = yes.wait();
    let line = one_error_line(&output, 2, "merge of an endless pipe");
    assert!(line.contains("too large"), "{line}");
}

/// Sizes taken from the command line are bounded before anything is
/// allocated or built for them: a pair plan of a huge board, a huge
/// number of shards, a count whose plan alone would take minutes.
#[test]
fn huge_plans_and_shards_are_refused_before_they_are_built() {
    for args in [
        &["shards", "1000"][..],
        &["shards", "100"][..],
        &["shards", "10000", "--by-start"][..],
    ] {
        let line = refused_quickly(args);
        assert!(line.contains("plan"), "{args:?}: {line}");
    }
    for shard in ["1/4294967296", "1/18446744073709551615"] {
        let line = refused_quickly(&["count", "5", "--shard", shard]);
        assert!(line.contains("at most"), "{shard}: {line}");
    }
    for args in [
        &["count", "10x60", "--shard", "1/2"][..],
        &["count", "12x40", "--pairs"][..],
    ] {
        let line = refused_quickly(args);
        assert!(line.contains("--force"), "{args:?}: {line}");
    }
}

/// `count --closed --by-start --svg` asks for a picture of a table that
/// closed tours do not have: refused before the count, not after it.
#[test]
fn a_closed_table_by_start_square_is_refused_before_any_work() {
    let scratch = Scratch::new("closed-svg");
    let svg = scratch.0.join("x.svg");
    let line = refused_quickly(&[
        "count",
        "6",
        "--closed",
        "--by-start",
        "--svg",
        path_str(&svg),
    ]);
    assert!(line.contains("closed tours by start square"), "{line}");
    assert!(!svg.exists());
}

/// A chart of more reports than can be read is refused (1,030 of them
/// made the legend's room infinite and the drawing endless).
#[test]
fn a_chart_of_too_many_reports_is_refused() {
    let scratch = Scratch::new("many-reports");
    let one = run(&["count", "5", "--method", "frontier", "--json"]);
    assert!(one.status.success(), "{one:?}");
    let many = scratch.file("runs.json", one.stdout.repeat(1030));
    let line = refused_quickly(&["plot", path_str(&many)]);
    assert!(line.contains("1030 reports"), "{line}");
}

/// A count stopped by its memory budget leaves nothing in its spill
/// directory (issue 38, finding 10: thousands of run files were left,
/// removed only by a later count spilling into the same directory).
#[test]
fn a_count_over_its_budget_leaves_no_spill_behind() {
    let _heavy = heavy();
    let scratch = Scratch::new("spill-left");
    let spill = scratch.0.join("spill");
    std::fs::create_dir(&spill).unwrap();
    let output = run(&[
        "count",
        "6x7",
        "--method",
        "frontier",
        "--order",
        "columns",
        "--threads",
        "1",
        "--memory",
        "16MiB",
        "-q",
        "--spill-dir",
        path_str(&spill),
    ]);
    // Within the budget on some machines: then nothing is left either.
    assert!(matches!(output.status.code(), Some(0 | 3)), "{output:?}");
    assert_eq!(names(&spill), Vec::<String>::new(), "{output:?}");
}

/// Under an address-space limit (`ulimit -v`, as batch systems set it)
/// the default budget fits the limit, so the decision-diagram commands
/// run instead of aborting at an allocation (issue 38, finding 11: 134,
/// allocating 7.2 GB under 4 GiB).
#[test]
fn an_address_space_limit_bounds_the_default_budget() {
    let _heavy = heavy();
    for args in [
        "count 5 --method zdd",
        "count 5 --method edges",
        "tour 5",
        "dot 5",
    ] {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!("ulimit -v 4194304 && exec \"$0\" {args}"))
            .arg(binary())
            .env_remove("RUST_LOG")
            .env_remove("RUST_BACKTRACE");
        let output = wait(spawn(&mut cmd), LIMIT, args);
        assert!(output.status.success(), "{args}: {output:?}");
    }
}

/// The smaller points of issue 38 (item 16) that are fixed rather than
/// decided: a byte-order mark before an order, a peer timeout shorter than
/// a heartbeat, port 0, and a checkpoint's `part.json` that is a directory
/// (found before any work, not after a class is counted).
#[test]
fn the_smaller_points_of_issue_38() {
    let scratch = Scratch::new("issue-38-small");
    let order = run(&["order", "5", "--columns"]);
    let mut marked = "\u{feff}".as_bytes().to_vec();
    marked.extend(&order.stdout);
    let bom = scratch.file("bom.txt", marked);
    let counted = run(&[
        "count",
        "5",
        "--method",
        "frontier",
        "--order",
        path_str(&bom),
    ]);
    assert!(counted.status.success(), "{counted:?}");
    for (args, says) in [
        (
            &["count", "5", "--processes", "2", "--peer-timeout", "1ns"][..],
            "heartbeats",
        ),
        (&["count", "5", "--processes", "2", "--port", "0"][..], "0"),
    ] {
        let line = refused_quickly(args);
        assert!(line.contains(says), "{args:?}: {line}");
    }
    let ck = scratch.0.join("ck");
    std::fs::create_dir_all(ck.join("part.json")).unwrap();
    std::fs::write(ck.join("KNIGHTS-TOUR-CHECKPOINT"), "").unwrap();
    let ck = path_str(&ck);
    let line = refused_quickly(&[
        "count",
        "5",
        "--by-start",
        "--method",
        "frontier",
        "--checkpoint",
        ck,
        "--resume",
        ck,
    ]);
    assert!(line.contains("part.json is not a file"), "{line}");
}

/// `--check` of a count by endpoint pairs compares the published total
/// and table instead of saying that nothing is published, and with
/// `--json` its verdict stays in the part, which still merges (issue 38,
/// finding 3).
#[test]
fn check_of_a_count_by_pairs_compares_and_keeps_its_verdict() {
    let scratch = Scratch::new("pairs-check");
    let text = run(&["count", "5", "--pairs", "--check"]);
    assert!(text.status.success(), "{text:?}");
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(!stdout.contains("no published count"), "{stdout}");
    assert!(stdout.contains("agrees with"), "{stdout}");
    let json = run(&["count", "5", "--pairs", "--check", "--json"]);
    assert!(json.status.success(), "{json:?}");
    let part: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(part["check"]["passed"], true, "{part}");
    assert!(
        !part["check"]["agreeing"].as_array().unwrap().is_empty(),
        "{part}"
    );
    let file = scratch.file("part.json", &json.stdout);
    let merged = run(&["merge", path_str(&file), "--check"]);
    assert!(merged.status.success(), "{merged:?}");
}

/// Bounded input, bounded work (issue 38, finding 12): an order of a
/// board no count could sweep, and a report claiming a huge table, are
/// refused instead of taking gigabytes.
#[test]
fn huge_orders_and_tables_are_refused() {
    let scratch = Scratch::new("huge-table");
    let line = refused_quickly(&["order", "10000x10000"]);
    assert!(line.contains("squares"), "{line}");
    let counted = run(&["count", "5", "--by-start", "--json"]);
    assert!(counted.status.success(), "{counted:?}");
    let mut report: serde_json::Value = serde_json::from_slice(&counted.stdout).unwrap();
    let side = 300;
    report["benchmark"]["rows"] = side.into();
    report["benchmark"]["cols"] = side.into();
    report["by_start"] = vec![vec!["1"; side]; side].into();
    let file = scratch.file("huge.json", report.to_string());
    let line = refused_quickly(&["plot", "--chart", "table", path_str(&file)]);
    assert!(line.contains("300x300"), "{line}");
}

/// A given order whose frontier no state's key holds, on a board whose
/// own orders fit, is refused as the order's fault: it said "this board's
/// frontier" and to take a board "with a short side of up to 13", of a
/// board of side 9.
#[test]
fn an_order_too_wide_to_sweep_is_refused_as_the_orders_fault() {
    let scratch = Scratch::new("wide-order");
    // Rows from both ends inwards: two frontiers at once, 38 slots.
    let rows = [0, 8, 1, 7, 2, 6, 3, 5, 4];
    let mut steps = [[0usize; 9]; 9];
    for (k, &row) in rows.iter().enumerate() {
        for (col, step) in steps[row].iter_mut().enumerate() {
            *step = 9 * k + col;
        }
    }
    let text: Vec<String> = steps
        .iter()
        .map(|row| row.map(|s| s.to_string()).join(" "))
        .collect();
    let file = scratch.file("wide.order", text.join("\n") + "\n");
    let line = refused_quickly(&["count", "9", "--order", path_str(&file)]);
    assert!(line.contains("--order"), "{line}");
    assert!(line.contains("38 slots"), "{line}");
    assert!(!line.contains("short side"), "{line}");
}

/// Ctrl-C stops every command, as it stops `count`, even where the
/// process inherited SIGINT ignored (a background job of a script):
/// `find`, `shards` and `plot` used to run on.
#[test]
fn sigint_stops_every_command_even_inherited_ignored() {
    use std::os::unix::process::ExitStatusExt;
    let _heavy = heavy();
    let mut command = Command::new("sh");
    command
        .args(["-c", "trap '' INT; exec \"$0\" find 10000 --closed"])
        .arg(binary())
        .env("XDG_CACHE_HOME", common::scratch_cache());
    let child = spawn(&mut command);
    thread::sleep(Duration::from_millis(700));
    let started = Instant::now();
    send("INT", child.id(), false);
    let output = wait(child, Duration::from_secs(20), "find after SIGINT");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "stopped at once: {output:?}"
    );
    assert_eq!(
        output
            .status
            .signal()
            .or(output.status.code().map(|c| c - 128)),
        Some(2),
        "{output:?}"
    );
}

/// The faults of issue 53 that the tests of `sequence` do not cover: a
/// checkpoint another sweep is writing, refused before any work; a
/// picture too large for PNG, refused in one line that says what to do;
/// a picture written to standard output's own file, refused.
#[test]
fn the_faults_of_issue_53() {
    let scratch = Scratch::new("issue-53");
    // 6. `--resume D` while another sequence writes D.
    let ck = scratch.0.join("ck");
    let ck_str = path_str(&ck).to_owned();
    let mut writer = knights_tour(&[
        "sequence",
        "6",
        "--to",
        "30",
        "--threads",
        "1",
        "--checkpoint",
        &ck_str,
        "--checkpoint-every",
        "1ms",
        "-q",
    ]);
    let child = spawn(&mut writer);
    let started = Instant::now();
    while !ck.join("manifest").exists() && started.elapsed() < Duration::from_mins(1) {
        thread::sleep(Duration::from_millis(20));
    }
    let line = refused_before_work(
        &["sequence", "6", "--to", "30", "--resume", &ck_str, "-q"],
        None,
    );
    send("INT", child.id(), false);
    let _ = wait(child, Duration::from_secs(20), "the writing sequence");
    assert!(line.contains("running now"), "{line}");

    // 7. A table of 10,000 cells of 400 digits: too large for PNG.
    let report = run(&["count", "5", "--by-start", "--json"]);
    let mut doc: serde_json::Value = serde_json::from_slice(&report.stdout).unwrap();
    let cell = serde_json::Value::from("9".repeat(400));
    doc["by_start"] = serde_json::Value::from(vec![vec![cell; 100]; 100]);
    doc["pairs"] = serde_json::Value::Null;
    let text = doc
        .to_string()
        .replace("\"rows\":5", "\"rows\":100")
        .replace("\"cols\":5", "\"cols\":100")
        .replace("\"5x5\"", "\"100x100\"");
    let table = scratch.file("t100.json", text);
    let png = scratch.0.join("t.png");
    let output = run(&[
        "plot",
        "--chart",
        "table",
        "--exact",
        path_str(&table),
        "-o",
        path_str(&png),
    ]);
    if output.status.code() != Some(0) {
        let line = one_error_line(&output, 3, "a 100x100 table as PNG");
        assert!(line.contains("write it as SVG"), "{line}");
        assert!(!line.contains("internal error"), "{line}");
    }

    // `--svg x.svg > x.svg`: standard output is the picture.
    let same = scratch.file("same.svg", "");
    let line = refused_before_work(
        &["count", "5", "--by-start", "--svg", path_str(&same)],
        Some(&same),
    );
    assert!(line.contains("standard output too"), "{line}");
}
