//! Every way a count can end without a number, produced on purpose: each
//! failure kind, with its message and (when work had started) its partial
//! report.

use kt_count::{
    Backtrack, Board, Bytes, CancelToken, Cause, FailureKind, Frontier, MethodChoice,
    MethodSettings, Request, Resources, Silent, Status, TimeSliced, TourKind, count,
};

fn request(board: &str, kind: TourKind, method: impl Into<MethodChoice>) -> Request {
    Request::new(board.parse::<Board>().unwrap(), kind).with_method(method)
}

fn zdd(settings: TimeSliced) -> MethodSettings {
    MethodSettings::TimeSliced(settings)
}

fn memory(bytes: Bytes) -> Resources {
    Resources {
        memory: Some(bytes),
        ..Resources::default()
    }
}

#[test]
fn a_node_capacity_that_runs_out_is_a_limit() {
    let req = request(
        "5x5",
        TourKind::Open,
        zdd(TimeSliced {
            nodes: Some(2000),
            ..TimeSliced::default()
        }),
    );
    let failure = count(&req, &Silent, &CancelToken::new()).unwrap_err();
    assert_eq!(failure.kind, FailureKind::Limit);
    assert!(
        failure
            .message
            .to_string()
            .contains("node capacity of 2000"),
        "{}",
        failure.message
    );
    let report = failure.report.expect("a partial report");
    assert_eq!(report.status, Status::OutOfMemory);
}

#[test]
fn a_memo_that_cannot_grow_within_the_budget_is_a_limit() {
    // 6x6 open needs a memo of 14 million entries; 150 MiB holds a few
    // million.
    let req = request(
        "6x6",
        TourKind::Open,
        zdd(TimeSliced {
            resources: memory(Bytes(150 * Bytes::MIB)),
            ..TimeSliced::default()
        }),
    );
    let failure = count(&req, &Silent, &CancelToken::new()).unwrap_err();
    // The memo's own limit or the watchdog, whichever sees it first.
    assert_eq!(failure.kind, FailureKind::Limit);
    assert!(
        failure.message.to_string().contains("memo cannot grow")
            || failure
                .message
                .to_string()
                .contains("memory budget of 150 MiB"),
        "{}",
        failure.message
    );
    assert!(!failure.report.expect("a partial report").steps.is_empty());
}

#[test]
fn a_cancelled_count_stops_with_its_partial_report() {
    for method in [
        zdd(TimeSliced::default()),
        MethodSettings::Frontier(Frontier::default()),
        MethodSettings::Backtrack(Backtrack),
    ] {
        let cancel = CancelToken::new();
        cancel.cancel(Cause::Stop { signal: Some(15) });
        let failure = count(
            &request("6x6", TourKind::Open, method.clone()),
            &Silent,
            &cancel,
        )
        .unwrap_err();
        assert_eq!(
            failure.kind,
            FailureKind::Stopped { signal: Some(15) },
            "{method:?}"
        );
        let report = failure.report.expect("a partial report");
        assert_eq!(report.status, Status::Interrupted, "{method:?}");
        assert!(report.count.is_none());
    }
}

/// Takes memory the count cannot see when its first level starts, as
/// another part of a process (or a leak) would: only the watchdog, which
/// reads the resident set, can stop the count then.
struct Hog {
    bytes: usize,
    held: std::sync::Mutex<Vec<u8>>,
}

impl kt_count::Observer for Hog {
    fn step_started(&self, _index: usize, _total: usize, _name: &str) {
        let mut held = self.held.lock().unwrap();
        if held.is_empty() {
            // Written, so that every page is resident.
            *held = vec![1u8; self.bytes];
        }
    }
}

#[test]
fn the_memory_watchdog_stops_a_count_as_a_limit() {
    // Whatever the method's own buffers and spilling: once the resident
    // set passes the budget, the watchdog cancels the count, and the
    // failure is a limit that names the budget.
    let req = request(
        "7x6",
        TourKind::Open,
        MethodSettings::Frontier(Frontier {
            resources: memory(Bytes(64 * Bytes::MIB)),
            ..Frontier::default()
        }),
    );
    let hog = Hog {
        bytes: 96 << 20,
        held: std::sync::Mutex::new(Vec::new()),
    };
    let failure = count(&req, &hog, &CancelToken::new()).unwrap_err();
    assert_eq!(failure.kind, FailureKind::Limit, "{}", failure.message);
    assert!(
        failure
            .message
            .to_string()
            .contains("memory budget of 64 MiB"),
        "{}",
        failure.message
    );
}

#[test]
fn requests_that_cannot_run_are_refused_before_any_work() {
    // An engine for backtracking, and --by-end without --from, cannot be
    // written any more (`MethodSettings`, `Question`); the command line's
    // refusals of them are tested in crates/driver/tests/cli.rs.
    let cases: Vec<(Request, &str)> = vec![
        (
            request("12x11", TourKind::Closed, zdd(TimeSliced::default())),
            "at most 128 squares",
        ),
        (
            request(
                "30x30",
                TourKind::Open,
                MethodSettings::Frontier(Frontier::default()),
            ),
            "frontier slots",
        ),
        (
            request("9x9", TourKind::Open, MethodSettings::Backtrack(Backtrack)),
            "up to 64 squares",
        ),
        (
            request(
                "5x5",
                TourKind::Open,
                zdd(TimeSliced {
                    cache: Some(16),
                    ..TimeSliced::default()
                }),
            ),
            "working minimum",
        ),
        (
            request(
                "5x5",
                TourKind::Open,
                zdd(TimeSliced {
                    nodes: Some(u64::MAX),
                    ..TimeSliced::default()
                }),
            ),
            "32-bit node indices",
        ),
        (
            request(
                "5x5",
                TourKind::Open,
                zdd(TimeSliced {
                    resources: memory(Bytes(Bytes::MIB)),
                    ..TimeSliced::default()
                }),
            ),
            "smallest usable memory budget",
        ),
    ];
    for (req, expected) in cases {
        let started = std::time::Instant::now();
        let failure = count(&req, &Silent, &CancelToken::new()).unwrap_err();
        assert_eq!(failure.kind, FailureKind::Refused, "{}", failure.message);
        assert!(
            failure.message.to_string().contains(expected),
            "{} should say {expected}",
            failure.message
        );
        assert!(failure.report.is_none(), "no work was done");
        assert!(started.elapsed().as_secs_f64() < 1.0, "refused at once");
    }
}

#[test]
fn a_theorem_answers_boards_without_tours_at_once() {
    for (board, kind, theorem) in [
        ("2x65", TourKind::Open, "Conrad"),
        ("2x65", TourKind::Closed, "Schwenk"),
        ("4x100", TourKind::Closed, "Schwenk"),
        ("3x8", TourKind::Closed, "Schwenk"),
        ("4x4", TourKind::Open, "Conrad"),
    ] {
        let counted = count(
            &request(board, kind, MethodChoice::auto()),
            &Silent,
            &CancelToken::new(),
        )
        .unwrap();
        assert_eq!(counted.count, num_bigint::BigUint::ZERO);
        assert!(
            counted
                .report
                .reason
                .as_deref()
                .unwrap_or_default()
                .contains(theorem),
            "{board} {kind}"
        );
        assert_eq!(counted.report.settings.method, "theorem");
    }
}
