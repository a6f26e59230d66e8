//! `count --processes N --process I`: real processes on 127.0.0.1, started
//! as a user starts them, against published counts; a process killed
//! mid-run, a resumed cluster, and the refusals before any work.

use std::net::TcpListener;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common;
use crate::common::without_usage;

fn binary() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("knights-tour")
}

/// A base port with `n` free ports after it, found by binding them.
fn free_port(n: u16) -> u16 {
    for _ in 0..100 {
        let base = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        if base.checked_add(n).is_none() {
            continue;
        }
        let all: Vec<_> = (0..n)
            .map(|i| TcpListener::bind(("127.0.0.1", base + i)))
            .collect();
        if all.iter().all(Result::is_ok) {
            return base;
        }
    }
    panic!("no {n} free ports in a row");
}

fn start(args: &[&str], processes: u16, process: u16, port: u16) -> Child {
    Command::new(binary())
        .env("XDG_CACHE_HOME", common::scratch_cache())
        .args(args)
        .args([
            "--processes",
            &processes.to_string(),
            "--process",
            &process.to_string(),
            "--port",
            &port.to_string(),
            "--connect-timeout",
            "60s",
            "--threads",
            "1",
        ])
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Runs every process of a cluster to the end.
fn cluster(args: &[&str], processes: u16) -> Vec<Output> {
    let port = free_port(processes);
    let children: Vec<Child> = (0..processes)
        .map(|i| start(args, processes, i, port))
        .collect();
    children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn clusters_of_real_processes_count_published_counts() {
    for (args, processes, expected) in [
        (&["count", "5x5"][..], 2, "1728"),
        (&["count", "5x6", "--closed"], 3, "8"),
        (&["count", "3x10"], 2, "6096"),
        (&["count", "3x10", "--closed"], 3, "16"),
        (&["count", "6x7"], 2, "779938932"),
    ] {
        for (i, output) in cluster(args, processes).iter().enumerate() {
            assert!(output.status.success(), "{args:?} process {i}: {output:?}");
            assert_eq!(
                stdout(output).lines().next(),
                Some(expected),
                "{args:?} process {i}"
            );
        }
    }
}

#[test]
fn the_json_report_says_how_the_count_was_spread() {
    let outputs = cluster(&["count", "5x5", "--json"], 2);
    let report: serde_json::Value = serde_json::from_slice(&outputs[0].stdout).unwrap();
    assert_eq!(report["count"], "1728");
    assert_eq!(report["cluster"]["processes"], 2);
    assert_eq!(report["cluster"]["process"], 0);
    assert_eq!(
        report["cluster"]["per_process"].as_array().unwrap().len(),
        2
    );
    assert!(report["cluster"]["sent_bytes"].as_u64().unwrap() > 0);
    assert_eq!(report["frontier"]["levels"].as_array().unwrap().len(), 25);
}

/// `count --by-start` on a cluster: the table by start square in one
/// sweep with tallies, each process holding its share of every level; every
/// process prints the one process's table (5×6 open: 37,568 directed
/// tours, twice OEIS A083386 a(6)).
#[test]
fn a_cluster_gives_the_table_by_start_square_in_one_sweep() {
    let args = ["count", "5x6", "--by-start", "--json"];
    let one = Command::new(binary())
        .env("XDG_CACHE_HOME", common::scratch_cache())
        .args(args)
        .args(["--method", "frontier", "--threads", "1"])
        .output()
        .unwrap();
    assert!(
        one.status.success(),
        "{}",
        String::from_utf8_lossy(&one.stderr)
    );
    let one: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
    assert_eq!(one["count"], "37568");
    assert_eq!(one["settings"]["method"], "frontier");
    for (process, output) in cluster(&args, 2).iter().enumerate() {
        assert!(
            output.status.success(),
            "process {process}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["settings"]["method"], "cluster", "process {process}");
        assert_eq!(report["count"], one["count"], "process {process}");
        assert_eq!(report["by_start"], one["by_start"], "process {process}");
        assert_eq!(report["cluster"]["processes"], 2, "process {process}");
    }
}

/// Kill one process mid-run: the other exits non-zero within seconds,
/// with one line naming the lost process and no count; a restarted
/// cluster goes on from the checkpoints and finishes with the count.
#[test]
fn a_killed_process_stops_the_cluster_and_the_cluster_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoints = dir.path().join("ckpt");
    let checkpoint = checkpoints.to_str().unwrap();
    // The columns order: 6x7 open runs long enough to checkpoint and be
    // killed (its own order counts it in a fraction of a second).
    let args = [
        "count",
        "6x7",
        "--order",
        "columns",
        "--checkpoint",
        checkpoint,
        "--checkpoint-every",
        "1s",
    ];
    let port = free_port(2);
    let survivor = start(&args, 2, 0, port);
    let mut victim = start(&args, 2, 1, port);
    wait_for_checkpoints(&checkpoints);
    std::thread::sleep(Duration::from_millis(500));
    victim.kill().unwrap();
    let killed = Instant::now();
    let output = survivor.wait_with_output().unwrap();
    assert!(
        killed.elapsed() < Duration::from_secs(10),
        "took {:?}",
        killed.elapsed()
    );
    victim.wait().unwrap();
    assert_eq!(output.status.code(), Some(4), "{output:?}");
    // The partial report, with no count.
    assert!(
        !stdout(&output).starts_with(|c: char| c.is_ascii_digit()),
        "{output:?}"
    );
    assert!(!stdout(&output).contains("779938932"), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(errors[0].contains("lost process 1"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    let resumed = cluster(
        &["count", "6x7", "--order", "columns", "--resume", checkpoint],
        2,
    );
    for output in &resumed {
        assert!(output.status.success(), "{output:?}");
        assert_eq!(stdout(output).lines().next(), Some("779938932"));
        assert!(stdout(output).contains("resumed"), "{}", stdout(output));
    }
}

/// Waits (at most two minutes) until both processes of a 2-process
/// cluster have written a checkpoint under `checkpoints`.
fn wait_for_checkpoints(checkpoints: &std::path::Path) {
    let deadline = Instant::now() + Duration::from_mins(2);
    let written = |i: usize| {
        ["a", "b"].iter().any(|slot| {
            checkpoints
                .join(format!("process-{i}-of-2"))
                .join(slot)
                .join("manifest")
                .exists()
        })
    };
    while !(written(0) && written(1)) {
        assert!(Instant::now() < deadline, "no checkpoints written");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A process that stops without closing its connections (SIGSTOP; a hung
/// machine or a partition look the same) stops the other after
/// --peer-timeout with one line naming it and exit 4; continued, the
/// stopped one finds the other gone and stops too; the checkpoints resume.
#[test]
fn a_frozen_process_stops_the_cluster_and_the_cluster_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoints = dir.path().join("ckpt");
    let checkpoint = checkpoints.to_str().unwrap();
    let args = [
        "count",
        "6x7",
        "--order",
        "columns",
        "--checkpoint",
        checkpoint,
        "--checkpoint-every",
        "1s",
        "--peer-timeout",
        "3s",
    ];
    let port = free_port(2);
    let survivor = start(&args, 2, 0, port);
    let victim = start(&args, 2, 1, port);
    wait_for_checkpoints(&checkpoints);
    let signal = |name: &str| {
        let status = Command::new("kill")
            .args([name, &victim.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    };
    signal("-STOP");
    let stopped = Instant::now();
    let output = survivor.wait_with_output().unwrap();
    let waited = stopped.elapsed();
    signal("-CONT");
    let victim = victim.wait_with_output().unwrap();
    assert!(
        waited < Duration::from_secs(20),
        "took {waited:?}: {output:?}"
    );
    assert_eq!(output.status.code(), Some(4), "{output:?}");
    assert!(!stdout(&output).contains("779938932"), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(errors[0].contains("lost process 1"), "{stderr}");
    assert!(errors[0].contains("sent nothing for 3 s"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // The stopped one, continued, finds process 0 gone.
    assert_eq!(victim.status.code(), Some(4), "{victim:?}");
    assert!(!stdout(&victim).contains("779938932"), "{victim:?}");

    let resumed = cluster(
        &["count", "6x7", "--order", "columns", "--resume", checkpoint],
        2,
    );
    for output in &resumed {
        assert!(output.status.success(), "{output:?}");
        assert_eq!(stdout(output).lines().next(), Some("779938932"));
    }
}

fn refused(args: &[&str]) -> String {
    let output = Command::new(binary())
        .args(args)
        .env("XDG_CACHE_HOME", common::scratch_cache())
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    let stderr = without_usage(&stderr).to_string();
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    stderr
}

#[test]
fn bad_clusters_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let hosts = dir.path().join("hosts");
    std::fs::write(&hosts, "127.0.0.1:2101\nnot an address\n").unwrap();
    let hostfile = hosts.to_str().unwrap();
    assert!(
        refused(&["count", "5x5", "--processes", "2", "--hostfile", hostfile]).contains("line 2")
    );
    assert!(
        refused(&["count", "5x5", "--processes", "2", "--process", "2"]).contains("out of range")
    );
    assert!(
        refused(&["count", "5x5", "--processes", "2", "--method", "zdd"])
            .contains("--method cluster")
    );
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    assert!(
        refused(&["count", "5x5", "--processes", "2", "--port", &port]).contains("cannot listen")
    );
    // Processes started for different counts refuse each other.
    let port = free_port(2);
    let a = start(&["count", "5x5"], 2, 0, port);
    let b = start(&["count", "5x6"], 2, 1, port);
    for output in [a.wait_with_output().unwrap(), b.wait_with_output().unwrap()] {
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("same command line"), "{stderr}");
        assert!(output.stdout.is_empty());
    }
}

/// A process's checkpoint is its share of the count, and says so: resumed
/// alone as a whole count, or by another process, it is refused before
/// any work instead of giving a part of the count as the count.
#[test]
fn a_process_share_is_never_resumed_as_a_whole_count() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoints = dir.path().join("ckpt");
    let checkpoint = checkpoints.to_str().unwrap();
    let args = [
        "count",
        "6x6",
        "--closed",
        "--checkpoint",
        checkpoint,
        "--checkpoint-every",
        "1ms",
    ];
    for output in cluster(&args, 2) {
        assert!(output.status.success(), "{output:?}");
        assert_eq!(stdout(&output).lines().next(), Some("9862")); // OEIS A001230
    }
    let slots: Vec<String> = ["a", "b"]
        .iter()
        .map(|slot| checkpoints.join("process-0-of-2").join(slot))
        .filter(|slot| slot.join("manifest").exists())
        .map(|slot| slot.to_str().unwrap().to_string())
        .collect();
    assert!(!slots.is_empty());
    for slot in &slots {
        let message = refused(&[
            "count", "6x6", "--closed", "--method", "frontier", "--resume", slot,
        ]);
        assert!(message.contains("process 0 of 2"), "{message}");
    }
    // The same directory again without --resume: refused, not replaced.
    let message = refused(&[&args[..], &["--processes", "2", "--process", "0"]].concat());
    assert!(message.contains("already holds a checkpoint"), "{message}");
    // One process without its checkpoints: every process refuses at once
    // (not after --connect-timeout), naming it.
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let port = free_port(2);
    let started = Instant::now();
    let whole = start(
        &["count", "6x6", "--closed", "--resume", checkpoint],
        2,
        0,
        port,
    );
    let bare = start(
        &[
            "count",
            "6x6",
            "--closed",
            "--resume",
            empty.to_str().unwrap(),
        ],
        2,
        1,
        port,
    );
    for output in [
        whole.wait_with_output().unwrap(),
        bare.wait_with_output().unwrap(),
    ] {
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("process 1 holds no checkpoint"), "{stderr}");
    }
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
    // Process 0's newest slot damaged past its header (the checksum at
    // the end of its manifest; the last levels, which hold no states, have
    // no runs to damage): the cluster resumes from the older level, which
    // every process holds whole.
    let mine = checkpoints.join("process-0-of-2");
    let run = ["a", "b"]
        .iter()
        .map(|slot| mine.join(slot).join("manifest"))
        .max_by_key(|manifest| std::fs::metadata(manifest).and_then(|m| m.modified()).ok())
        .unwrap();
    let mut bytes = std::fs::read(&run).unwrap();
    *bytes.last_mut().unwrap() ^= 0x10;
    std::fs::write(&run, bytes).unwrap();
    for output in cluster(&["count", "6x6", "--closed", "--resume", checkpoint], 2) {
        assert!(output.status.success(), "{output:?}");
        assert_eq!(stdout(&output).lines().next(), Some("9862"));
        assert!(stdout(&output).contains("resumed"), "{}", stdout(&output));
    }
}
