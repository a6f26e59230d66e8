//! Property tests of hostile input: random argument lists for `count` and
//! the other commands, random tour files for `verify`.
//!
//! Arguments are parsed and planned in-process ([`knights_tour::plan_args`]:
//! clap, then the library's plan, which refuses without running anything),
//! so thousands of cases take seconds; the first few refusals are also run
//! through the binary, whose exit status and one line of stderr must match.
//! Tour texts are parsed in-process ([`kt_tours::parse_tours`] and a verdict
//! per tour) and the first few are verified by the binary.
//!
//! `PROPTEST_CASES` sets the number of cases (`scripts/hostile-props.sh`
//! runs 10,000 of each).

use std::ffi::OsString;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use knights_tour::{ExitCode, one_line, plan_args};
use kt_board::{Board, TourKind};
use proptest::prelude::*;
use proptest::sample::select;

/// Cases per property: `PROPTEST_CASES`, or `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

fn config(default: u32) -> ProptestConfig {
    ProptestConfig {
        cases: cases(default),
        // Failures are reported, not written into the source tree.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// How many cases of each property also run the binary.
const BINARY_RUNS: usize = 12;

fn binary() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("knights-tour")
}

/// Runs the binary with `args` (stdin empty, `RUST_BACKTRACE` unset) and
/// returns its exit status and stderr. Only refused requests and `verify`
/// are run, which end at once; a 30 s limit still guards against a hang.
fn run_binary(args: &[String]) -> (Option<i32>, String) {
    let mut child = Command::new(binary())
        .args(args)
        .env_remove("RUST_LOG")
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if started.elapsed() > std::time::Duration::from_secs(30) {
            let _ = child.kill();
            panic!("{args:?}: still running after 30 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

// ---------------------------------------------------------------------
// Arguments.

fn words(list: &[&'static str]) -> impl Strategy<Value = String> + use<> {
    select(list.to_vec()).prop_map(String::from)
}

/// One argument: a board, a flag, a value, or noise.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => words(&[
            "5", "6x6", "3x4", "1", "1x1", "0", "-3", "abc", "3x", "x3", "3x4x5", "0x5",
            "99999999999999999999", "11x11", "12x11", "13x5", "2x65", "65x2", "7x7", "8x8",
            "10000x3", "12x12", "200", "10001", "5X5", "5 x 5", "٥", "5x5\n", " 5",
        ]),
        4 => words(&[
            "--memory", "--nodes", "--cache", "--threads", "--engine", "--schedule",
            "--method", "--closed", "--json", "--check", "--rows", "--cols",
            "--no-theorems", "--spill-dir", "--checkpoint", "--checkpoint-every",
            "--resume", "-v", "-vvv", "-q", "--quiet", "--", "-", "--memory=", "--nodes=0",
            "--format", "--count", "--limit", "--all", "--random", "--seed", "--max-nodes",
            "--oxidd", "-o", "--svg", "--no-time",
        ]),
        4 => words(&[
            "64G", "1T", "100T", "16E", "0", "1", "-1", "4096", "4095", "18446744073709551615",
            "18446744073709551616", "4294967296", "4294967292", "1.5GiB", "1e9", "lots", "",
            "8 GiB", "512M", "0.0001K", "NaN", "inf", "zbdd", "bdd", "bcdd", "cudd", "fused",
            "restrict", "per-square", "adiar", "backward", "auto", "zdd", "frontier",
            "backtrack", "5m", "0s", "1ns", "999999999999h", "moves", "json", "board",
            "/dev/null/dir", "/dev/null",
        ]),
        2 => any::<u64>().prop_map(|n| n.to_string()),
        1 => any::<i64>().prop_map(|n| n.to_string()),
        1 => "[0-9]{1,3}x[0-9]{1,3}",
        1 => "[-a-z0-9x.=]{0,12}",
        1 => "\\PC{0,12}",
    ]
}

fn arguments() -> impl Strategy<Value = Vec<String>> {
    let command = prop_oneof![
        6 => Just("count"),
        1 => Just("bench"),
        1 => Just("tour"),
        1 => Just("dot"),
        1 => Just("find"),
        1 => Just("known"),
    ];
    (command, proptest::collection::vec(token(), 0..7)).prop_map(|(command, rest)| {
        let mut args = vec!["knights-tour".to_string(), command.to_string()];
        // The plan creates the directories --spill-dir and --checkpoint
        // name: a relative one goes under the temporary directory, not
        // into the source tree the tests run in.
        let scratch = std::env::temp_dir().join("kt-hostile-props");
        let mut directory_next = false;
        for arg in rest {
            let relative = !arg.is_empty() && !arg.starts_with(['/', '-']);
            let arg = if directory_next && relative {
                scratch.join(&arg).display().to_string()
            } else {
                arg
            };
            directory_next = matches!(arg.as_str(), "--spill-dir" | "--checkpoint");
            args.push(arg);
        }
        args
    })
}

static ARGUMENT_RUNS: AtomicUsize = AtomicUsize::new(0);

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn random_arguments_plan_or_refuse_in_one_line(args in arguments()) {
        let os: Vec<OsString> = args.iter().map(OsString::from).collect();
        match plan_args(os) {
            Ok(()) => {}
            Err(error) => {
                prop_assert_eq!(error.code, ExitCode::BadInput, "{:?}: {}", args, error.message);
                let line = one_line(&error.message);
                prop_assert!(!line.is_empty(), "{:?}: an empty message", args);
                prop_assert!(line.chars().count() <= 440, "{:?}: {}", args, line);
                prop_assert!(!line.contains("internal error"), "{:?}: {}", args, line);
                // The binary must fail the same way, in exactly that line.
                if ARGUMENT_RUNS.fetch_add(1, Ordering::Relaxed) < BINARY_RUNS {
                    let (code, stderr) = run_binary(&args[1..]);
                    prop_assert_eq!(code, Some(2), "{:?}: {}", args, stderr);
                    // A usage error adds clap's `Usage:` line and hint.
                    let stderr = stderr.split("\n\nUsage: ").next().unwrap_or_default();
                    let stderr = stderr.trim_end_matches('\n');
                    prop_assert_eq!(stderr, format!("error: {line}"), "{:?}", args);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------
// Tour files.

/// A tour of a small board, in a format the program writes (a board
/// without a tour of the kind asked gets an open 3x4 tour instead).
fn written_tour() -> impl Strategy<Value = String> {
    (1usize..=8, 1usize..=8, any::<bool>(), 0u8..3).prop_map(|(rows, cols, closed, format)| {
        let kind = if closed {
            TourKind::Closed
        } else {
            TourKind::Open
        };
        let find = |board: Board, kind| {
            kt_tours::find_tour(&board, kind, &kt_tours::FindOptions::default()).ok()
        };
        let tour = Board::new(rows, cols)
            .ok()
            .and_then(|board| find(board, kind))
            .or_else(|| find(Board::new(3, 4).unwrap(), TourKind::Open))
            .expect("3x4 has an open tour");
        match format {
            0 => kt_tours::render_board(&tour),
            1 => kt_tours::render_moves(&tour),
            _ => serde_json::to_string_pretty(&kt_tours::TourView::from(&tour)).unwrap(),
        }
    })
}

/// Small damage to a text: a character inserted, removed or replaced, a
/// line repeated, the end cut off.
fn damaged(text: String) -> impl Strategy<Value = String> {
    let len = text.len().max(1);
    (0usize..len, 0u8..5, any::<char>(), Just(text)).prop_map(|(at, how, c, text)| {
        let mut chars: Vec<char> = text.chars().collect();
        let at = at.min(chars.len());
        match how {
            0 => chars.insert(at, c),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 if at < chars.len() => chars[at] = c,
            3 => {
                let line: String = text.lines().next().unwrap_or_default().to_string();
                return format!("{line}\n{text}");
            }
            _ => chars.truncate(at),
        }
        chars.into_iter().collect()
    })
}

fn tour_text() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => written_tour(),
        4 => written_tour().prop_flat_map(damaged),
        1 => (written_tour(), written_tour()).prop_map(|(a, b)| format!("{a}\n{b}")),
        2 => "[a-h0-9 ,\n]{0,120}",
        1 => "[0-9 \n]{0,120}",
        1 => "[{}\\[\\]\":,0-9a-z \n]{0,120}",
        1 => (0usize..20_000, 0usize..20_000, proptest::collection::vec(any::<usize>(), 0..6))
            .prop_map(|(rows, cols, squares)| format!(
                "{{\"rows\": {rows}, \"cols\": {cols}, \"squares\": {squares:?}}}"
            )),
        1 => (0u64..1_000_000, 1usize..5).prop_map(|(n, k)| {
            // Boards with huge step numbers or ranks.
            format!("{n} 1\n2 {}\nzz{n} a{k}", n.saturating_mul(7))
        }),
        1 => "\\PC{0,120}",
    ]
}

static VERIFY_RUNS: AtomicUsize = AtomicUsize::new(0);

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn random_tour_files_parse_or_fail_in_one_line(text in tour_text()) {
        match kt_tours::parse_tours(&text) {
            Ok(tours) => {
                prop_assert!(!tours.is_empty(), "{:?}: no tours and no error", text);
                for tour in &tours {
                    let _ = kt_tours::verdict(tour);
                }
            }
            Err(e) => {
                let message = e.to_string();
                prop_assert!(!message.is_empty());
                prop_assert!(!message.contains('\n'), "{:?}: {:?}", text, message);
            }
        }
        if VERIFY_RUNS.fetch_add(1, Ordering::Relaxed) < BINARY_RUNS {
            let dir = std::env::temp_dir().join(format!("kt-props-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let file = dir.join("tour.txt");
            std::fs::write(&file, &text).unwrap();
            let (code, stderr) = run_binary(&[
                "verify".to_string(),
                "--json".to_string(),
                file.display().to_string(),
            ]);
            let _ = std::fs::remove_dir_all(&dir);
            match code {
                Some(0 | 1) => prop_assert!(stderr.is_empty(), "{:?}: {}", text, stderr),
                Some(2) => {
                    let stderr = stderr.split("\n\nUsage: ").next().unwrap_or_default();
                    prop_assert_eq!(stderr.lines().count(), 1, "{:?}: {}", text, stderr);
                    prop_assert!(stderr.starts_with("error: "), "{:?}: {}", text, stderr);
                }
                other => prop_assert!(false, "{:?}: exit {:?}, {}", text, other, stderr),
            }
        }
    }
}
