//! Reports can be read back: a report from a real count, written as the
//! JSON document the command line prints, reads back into an equal
//! [`RunReport`], for every section a count can fill in (the diagram's
//! steps and summaries, the frontier's levels, tables by start square,
//! symmetry classes with their fixed tours, endpoint-pair classes, the
//! check against the published counts).

use kt_count::known;
use kt_count::report::{CheckReport, SCHEMA};
use kt_count::{
    Board, CancelToken, Frontier, MethodSettings, Question, Request, RunReport, Silent, TourKind,
    count,
};

fn report(
    board: &str,
    kind: TourKind,
    method: Option<MethodSettings>,
    question: Question,
) -> RunReport {
    let board: Board = board.parse().unwrap();
    let mut request = Request::new(board, kind).asking(question);
    if let Some(method) = method {
        request = request.with_method(method);
    }
    count(&request, &Silent, &CancelToken::new())
        .unwrap()
        .report
}

/// Writes `report` as JSON, reads it back, and checks the two are equal,
/// and that writing the copy gives the same document.
fn round_trip(report: &RunReport) -> RunReport {
    let json = serde_json::to_string_pretty(report).unwrap();
    let back: RunReport = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("the report does not read back: {e}\n{json}"));
    assert_eq!(&back, report, "{json}");
    assert_eq!(serde_json::to_string_pretty(&back).unwrap(), json);
    back
}

#[test]
fn a_time_sliced_count_reads_back() {
    let zdd = MethodSettings::named("zdd").unwrap();
    let mut counted = report("5x5", TourKind::Open, Some(zdd), Question::Total);
    let board: Board = "5x5".parse().unwrap();
    let check = known::check(&board, TourKind::Open, &1728_u32.into());
    counted.check = Some(CheckReport::from(&check));
    let back = round_trip(&counted);
    assert_eq!(back.schema, SCHEMA);
    assert_eq!(back.count.as_deref(), Some("1728"));
    assert_eq!(back.settings.method, "zdd");
    assert!(!back.steps.is_empty() && back.paths.is_some());
    assert!(back.check.as_ref().is_some_and(|c| c.passed));
}

#[test]
fn a_frontier_table_by_start_square_reads_back() {
    let frontier = MethodSettings::Frontier(Frontier::default());
    let back = round_trip(&report(
        "5x5",
        TourKind::Open,
        Some(frontier),
        Question::ByStart,
    ));
    assert!(back.frontier.as_ref().is_some_and(|f| !f.levels.is_empty()));
    assert_eq!(back.by_start.as_ref().map(|table| table.len()), Some(5));
}

#[test]
fn symmetry_classes_read_back_in_group_order() {
    let back = round_trip(&report(
        "5x6",
        TourKind::Closed,
        None,
        Question::UpToSymmetry,
    ));
    let symmetry = back.symmetry.expect("a symmetry section");
    let names: Vec<&str> = symmetry
        .fixed
        .0
        .iter()
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(names.len(), symmetry.group_order);
    assert_eq!(names[0], "id");
}

#[test]
fn endpoint_pair_classes_read_back() {
    let back = round_trip(&report(
        "5x5",
        TourKind::Open,
        None,
        Question::Pairs {
            shard: None,
            ends: kt_count::Ends::Pairs,
        },
    ));
    let pairs = back.pairs.expect("a pairs section");
    assert!(!pairs.classes.is_empty());
    assert_eq!(back.count.as_deref(), Some("1728"));
    // The table by start square of a board of more classes than a tally
    // holds (3x33, 34): one class of start squares a run.
    let back = round_trip(&report(
        "3x33",
        TourKind::Open,
        MethodSettings::named("frontier"),
        Question::ByStart,
    ));
    let starts = back.pairs.expect("a pairs section");
    assert_eq!(starts.ends, kt_count::Ends::Starts);
    assert!(starts.classes.iter().all(|c| c.to.is_none()));
    // The same count by the edge diagram (`count 3x33 --method edges`).
    assert_eq!(back.count.as_deref(), Some("27613245892789952"));
    // 5x5's in one sweep with tallies: no classes, the table itself.
    let back = round_trip(&report(
        "5x5",
        TourKind::Open,
        MethodSettings::named("frontier"),
        Question::ByStart,
    ));
    assert!(back.pairs.is_none());
    assert!(back.by_start.is_some());
    assert_eq!(back.count.as_deref(), Some("1728"));
}

#[test]
fn a_settled_count_reads_back() {
    // 4x4 has no closed tour: a theorem settles it, and the report says so.
    let back = round_trip(&report("4x4", TourKind::Closed, None, Question::Total));
    assert_eq!(back.settings.method, "theorem");
    assert!(back.reason.is_some());
}

/// A count's answer is numbers: the total and the table by start square
/// of 5×5 (the corner's 304), and a damaged class count in a report read
/// back is an error, never 0.
#[test]
fn the_answer_is_numbers_and_damage_is_an_error() {
    let board: Board = "5x5".parse().unwrap();
    let request = Request::new(board, TourKind::Open)
        .with_method(MethodSettings::Frontier(Frontier::default()))
        .asking(Question::ByStart);
    let counted = count(&request, &Silent, &CancelToken::new()).unwrap();
    let answer = counted.answer().unwrap();
    assert_eq!(answer.total, kt_count::BigUint::from(1728u32));
    let table = answer.by_start.expect("a table by start square");
    assert_eq!(table[0][0], kt_count::BigUint::from(304u32));
    // A count by start classes (3x33: more classes than a tally holds)
    // keeps its classes in the report.
    let request = Request::new("3x33".parse().unwrap(), TourKind::Open)
        .with_method(MethodSettings::Frontier(Frontier::default()))
        .asking(Question::ByStart);
    let mut damaged = count(&request, &Silent, &CancelToken::new()).unwrap();
    let pairs = damaged.report.pairs.as_mut().expect("counted by classes");
    pairs.classes[0].count = "3x4".into();
    let error = damaged.answer().unwrap_err();
    assert!(error.contains("not a count"), "{error}");
}
