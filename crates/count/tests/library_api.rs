//! A program that uses the counting library through kt-count alone: the
//! request, the methods' settings, the count, the report and the tours are
//! all reachable from this crate's root, so a user depends on kt-count and
//! names no other crate of the workspace (kt-board, kt-engine, kt-memory,
//! kt-shards) nor num-bigint. Every path below starts at `kt_count`.

use kt_count::{
    BigUint, Board, BoardError, Bytes, CancelToken, Counted, EngineKind, Failure, MethodSettings,
    Question, Request, Resources, RunReport, Schedule, Selection, Silent, Status, TimeSliced, Tour,
    TourKind, Work, count, parse_square, square_name, tours,
};

/// The directed open tours of `board` from `square`, with the report.
fn tours_from(board: &str, square: &str) -> Result<(BigUint, RunReport), String> {
    let board: Board = board.parse().map_err(|e: BoardError| e.to_string())?;
    let from = parse_square(&board, square).map_err(|e| e.to_string())?;
    let method = MethodSettings::TimeSliced(TimeSliced {
        resources: Resources {
            threads: Some(1),
            memory: Some("2GiB".parse::<Bytes>()?),
        },
        engine: Some(EngineKind::Zbdd),
        schedule: Some(Schedule::Fused),
        nodes: None,
        cache: None,
    });
    let request = Request::new(board, TourKind::Open)
        .with_method(method)
        .asking(Question::From { from });
    let Counted { count, report } = count(&request, &Silent, &CancelToken::new())
        .map_err(|failure: Failure| failure.to_string())?;
    Ok((count, report))
}

#[test]
fn counts_and_reports_through_kt_count_alone() {
    let (tours, report) = tours_from("5x5", "a1").unwrap();
    assert_eq!(tours, BigUint::from(304_u32));
    assert_eq!(report.status, Status::Complete);
    assert_eq!(report.count.as_deref(), Some("304"));
    assert_eq!(report.settings.method, "zdd");
    assert_eq!((report.benchmark.rows, report.benchmark.cols), (5, 5));
    assert_eq!(report.from.as_ref().map(|s| s.name.as_str()), Some("a1"));
    assert!(tours_from("0x5", "a1").is_err());
}

#[test]
fn hands_out_checked_tours_through_kt_count_alone() {
    let board: Board = "5x5".parse().unwrap();
    let mut request = Request::new(board, TourKind::Open);
    request.work = Work::Tours;
    let built = tours(&request, &Silent, &CancelToken::new()).unwrap();
    let family = built.family.expect("5x5 has open tours");
    assert_eq!(family.total(), BigUint::from(1728_u32));
    let first: Vec<(BigUint, Tour)> = family
        .tours(&Selection::First { count: 2 })
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(first.len(), 2);
    for (_, tour) in &first {
        tour.check().unwrap();
        assert_eq!(tour.squares.len(), 25);
        assert!(!square_name(&board, tour.squares[0]).is_empty());
    }
}
