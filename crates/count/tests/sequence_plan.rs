//! A sequence is work of the one plan: `Request::sequence`, planned by
//! `kt_count::plan` and counted by `Plan::sequence`. Its terms against
//! each board's own count, its first cells against its boards, the terms
//! a stopped sweep keeps, and the refusals before any work.

use kt_count::{
    BigUint, Board, CancelToken, Cause, FailureKind, Frontier, Measure, MethodSettings, Observer,
    Request, Resources, SequenceWay, Silent, TourKind,
};

/// The frontier method on one thread.
fn one_thread() -> MethodSettings {
    MethodSettings::Frontier(Frontier {
        resources: Resources {
            threads: Some(1),
            memory: None,
        },
        ..Frontier::default()
    })
}

fn request(rows: usize, to: usize, kind: TourKind, measure: Measure, fold: bool) -> Request {
    let mut request = Request::sequence(rows, to, kind, measure)
        .unwrap()
        .with_method(one_thread());
    if let kt_count::Work::Sequence(sequence) = &mut request.work {
        sequence.fold = fold;
    }
    request
}

fn counts(rows: usize, to: usize, kind: TourKind, measure: Measure, fold: bool) -> Vec<BigUint> {
    kt_count::plan(&request(rows, to, kind, measure, fold))
        .unwrap()
        .sequence(&Silent, &CancelToken::new())
        .unwrap()
        .terms
        .into_iter()
        .map(|t| t.count)
        .collect()
}

/// Each term is the count of its board by a whole count in the shipped
/// or searched order: another sweep, with every pruning on.
#[test]
fn every_term_is_its_boards_count() {
    for (rows, to, kind) in [
        (3, 9, TourKind::Open),
        (4, 7, TourKind::Closed),
        (5, 6, TourKind::Open),
        (1, 3, TourKind::Open),
        (2, 4, TourKind::Open),
        (3, 3, TourKind::Closed),
    ] {
        let terms = counts(rows, to, kind, Measure::Cols, true);
        assert_eq!(
            terms,
            counts(rows, to, kind, Measure::Cols, false),
            "{kind} {rows}xn, folded and not"
        );
        for (n, term) in (1..=to).zip(terms) {
            let board = Board::new(rows, n).unwrap();
            let expected = if board.cells() == 1 {
                BigUint::from(u32::from(kind == TourKind::Open))
            } else {
                let mut count = Request::new(board, kind).with_method(one_thread());
                count.use_theorems = false;
                kt_count::count(&count, &Silent, &CancelToken::new())
                    .unwrap()
                    .count
            };
            assert_eq!(term, expected, "{kind} {board}");
        }
    }
}

#[test]
fn cells_at_column_boundaries_are_boards() {
    let cols = counts(4, 5, TourKind::Open, Measure::Cols, true);
    let cells = counts(4, 20, TourKind::Open, Measure::Cells, true);
    for n in 1..=5 {
        assert_eq!(cells[4 * n - 1], cols[n - 1], "4x{n}");
    }
    // One cell: one path; two cells of a column: no move joins them.
    assert_eq!(cells[0], BigUint::from(1u32));
    assert_eq!(cells[1], BigUint::ZERO);
}

/// Stops a sweep when step `at` (1-based) starts.
struct StopAt {
    at: usize,
    cancel: CancelToken,
}

impl Observer for StopAt {
    fn step_started(&self, index: usize, _total: usize, _name: &str) {
        if index + 1 == self.at {
            self.cancel.cancel(Cause::Stop { signal: None });
        }
    }
}

/// A sweep stopped part-way gives exactly the terms whose squares it had
/// passed, each the whole sweep's.
#[test]
fn a_stopped_sweep_gives_its_finished_terms() {
    for (rows, to, kind, measure) in [
        (4, 9, TourKind::Open, Measure::Cols),
        (3, 8, TourKind::Closed, Measure::Cols),
        (4, 30, TourKind::Open, Measure::Cells),
    ] {
        let whole = counts(rows, to, kind, measure, true);
        for at in [2, 13, 22] {
            let cancel = CancelToken::new();
            let plan = kt_count::plan(&request(rows, to, kind, measure, true)).unwrap();
            let stop = StopAt {
                at,
                cancel: cancel.clone(),
            };
            let stopped = plan.sequence(&stop, &cancel).unwrap_err();
            assert!(
                matches!(stopped.failure.kind, FailureKind::Stopped { .. }),
                "{:?}",
                stopped.failure
            );
            let done = at - 1;
            let expected = match measure {
                Measure::Cols => done / rows,
                Measure::Cells => done,
            };
            let found: Vec<BigUint> = stopped.terms.into_iter().map(|t| t.count).collect();
            assert_eq!(
                found[..],
                whole[..expected],
                "{rows} {kind} {measure:?} at {at}"
            );
        }
    }
}

/// A strip taller than it is long is planned as the first columns of the
/// strip of its height: `sequence 8 --to 3` (a tenth of a second) was
/// refused as 235 GiB when it was planned as the square 8×8 in
/// proportion to its columns. The first columns hold few states; the
/// whole square is still the square's estimate. Where counting each
/// board on its own is cheaper, the plan says so.
#[test]
fn a_tall_strip_is_planned_as_its_first_columns() {
    let planned = |rows: usize, to: usize, kind: TourKind, measure: Measure| {
        let request = Request::sequence(rows, to, kind, measure)
            .unwrap()
            .with_method(MethodSettings::Frontier(Frontier {
                resources: Resources {
                    threads: Some(2),
                    memory: None,
                },
                ..Frontier::default()
            }));
        let mut request = request;
        request.force = true;
        kt_count::plan(&request).unwrap().sequence.unwrap()
    };
    for (rows, to, measure) in [
        (8, 3, Measure::Cols),
        (8, 24, Measure::Cells),
        (8, 8, Measure::Cells),
        (9, 2, Measure::Cols),
    ] {
        for kind in [TourKind::Open, TourKind::Closed] {
            let estimate = planned(rows, to, kind, measure).estimate;
            assert!(
                estimate.seconds < 60.0 && estimate.bytes < 2e9,
                "{rows} rows to {to} {kind}: {estimate:?}"
            );
        }
    }
    let first = planned(8, 5, TourKind::Closed, Measure::Cols).estimate;
    let square = planned(8, 16, TourKind::Closed, Measure::Cols);
    assert_eq!(square.way, SequenceWay::OneSweep);
    assert!(first.peak_states < square.estimate.peak_states);
    assert!(square.estimate.peak_states > 1e8, "{square:?}");
    // 9 rows to 9: the last board is most of the work, and its own
    // count (along its own order) beats the strip's sweep.
    let short = planned(9, 9, TourKind::Open, Measure::Cols);
    assert_eq!(short.way, SequenceWay::BoardByBoard, "{short:?}");
}

#[test]
fn impossible_requests_are_refused_before_work() {
    // Strips of 1 to 13 rows, terms to at most 100,000.
    for (rows, to) in [(0, 5), (14, 5), (5, 0), (5, 100_001)] {
        let failure = Request::sequence(rows, to, TourKind::Open, Measure::Cols).unwrap_err();
        assert_eq!(failure.kind, FailureKind::Refused, "{rows} {to}");
    }
    // A sequence takes no question, and no method without a sweep of
    // every prefix answers it.
    let mut request = Request::sequence(4, 6, TourKind::Open, Measure::Cols).unwrap();
    request.question = kt_count::Question::ByStart;
    assert_eq!(
        kt_count::plan(&request).unwrap_err().kind,
        FailureKind::Refused
    );
    for name in MethodSettings::names() {
        let settings = MethodSettings::named(name).unwrap();
        let request = Request::sequence(4, 6, TourKind::Open, Measure::Cols)
            .unwrap()
            .with_method(settings.clone());
        let planned = kt_count::plan(&request);
        assert_eq!(
            planned.is_ok(),
            settings.can(kt_count::Capability::Prefixes),
            "{name}: {:?}",
            planned.err()
        );
        if let Err(refusal) = planned {
            assert_eq!(refusal.kind, FailureKind::Refused, "{name}");
            assert!(
                refusal.message.to_string().contains("prefixes"),
                "{refusal:?}"
            );
        }
    }
    assert!(
        MethodSettings::named("frontier")
            .unwrap()
            .can(kt_count::Capability::Prefixes)
    );
    // The answer is the sequence's, not a count's.
    let plan =
        kt_count::plan(&Request::sequence(4, 6, TourKind::Open, Measure::Cols).unwrap()).unwrap();
    assert!(plan.run(&Silent, &CancelToken::new()).is_err());
}
