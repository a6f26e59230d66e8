//! Test support: an independent way to count tours ([`independent`]), and
//! one-call ways to count them with the product through the library.
//!
//! The independent counter shares nothing with the product, not even the
//! board's knight moves, which it rebuilds from the eight offsets. It is a
//! plain depth-first search with two sound prunings, fast enough to run on
//! every board of up to 30 squares in a fraction of a second.

pub mod canonical;
pub mod independent;

use kt_board::{Board, TourKind};
use kt_count::zdd::Schedule;
use kt_count::{
    Backtrack, CancelToken, Counted, Edges, Frontier, MethodSettings, Request, Resources, Silent,
    TimeSliced, Work, count, tours,
};
use kt_engine::EngineKind;
use kt_memory::Bytes;

/// The budget every test request gets, so that parallel tests leave room
/// for each other.
const BUDGET: Resources = Resources {
    threads: None,
    memory: Some(Bytes(4 * Bytes::GIB)),
};

/// A request for `kind` tours of `board` by the ZDD method, on a memory
/// budget of 4 GiB so that parallel tests leave room for each other, with
/// the theorems off: the method itself must find the boards without tours.
pub fn zdd_request(board: &str, kind: TourKind, engine: EngineKind, schedule: Schedule) -> Request {
    let board: Board = board.parse().expect("a valid board");
    let mut request =
        Request::new(board, kind).with_method(MethodSettings::TimeSliced(TimeSliced {
            resources: BUDGET,
            engine: Some(engine),
            schedule: Some(schedule),
            ..TimeSliced::default()
        }));
    request.use_theorems = false;
    request
}

/// The product's count, as a decimal string.
pub fn zdd_count(board: &str, kind: TourKind, engine: EngineKind, schedule: Schedule) -> String {
    zdd_run(board, kind, engine, schedule).0
}

/// The product's count and final diagram size (0 if no diagram was built).
pub fn zdd_run(
    board: &str,
    kind: TourKind,
    engine: EngineKind,
    schedule: Schedule,
) -> (String, usize) {
    let request = zdd_request(board, kind, engine, schedule);
    let counted = count(&request, &Silent, &CancelToken::new())
        .unwrap_or_else(|f| panic!("{board}: {}", f.message));
    let size = counted.report.paths.as_ref().map_or(0, |p| p.final_size);
    (counted.count.to_string(), size)
}

/// The family of `kind` tours of `board` on `engine`, as a snapshot.
pub fn family(board: &str, kind: TourKind, engine: EngineKind) -> kt_engine::Family {
    let mut request = zdd_request(board, kind, engine, Schedule::Fused);
    request.work = Work::Tours;
    tours(&request, &Silent, &CancelToken::new())
        .unwrap_or_else(|f| panic!("{board}: {}", f.message))
        .family
        .expect("a board with a diagram")
        .family()
        .clone()
}

/// Counts `request` with the library, panicking with the message on failure.
pub fn run(request: &Request) -> Counted {
    count(request, &Silent, &CancelToken::new()).unwrap_or_else(|f| {
        panic!(
            "{} {} by {:?}: {}",
            request.kind, request.board, request.method, f.message
        )
    })
}

/// The methods, by name, for tests that go through several.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Zdd,
    Frontier,
    Edges,
    Backtrack,
}

impl Method {
    /// The method's settings at their defaults, on a memory budget of
    /// 4 GiB (backtracking takes none).
    pub fn settings(self) -> MethodSettings {
        match self {
            Method::Zdd => MethodSettings::TimeSliced(TimeSliced {
                resources: BUDGET,
                ..TimeSliced::default()
            }),
            Method::Frontier => MethodSettings::Frontier(Frontier {
                resources: BUDGET,
                ..Frontier::default()
            }),
            Method::Edges => MethodSettings::Edges(Edges {
                resources: BUDGET,
                ..Edges::default()
            }),
            Method::Backtrack => MethodSettings::Backtrack(Backtrack),
        }
    }
}

/// A request for `kind` tours of `board` by `method`, theorems off, on a
/// memory budget of 4 GiB (backtracking takes none).
pub fn request(rows: usize, cols: usize, kind: TourKind, method: Method) -> Request {
    let mut request =
        Request::new(Board::new(rows, cols).expect("a board"), kind).with_method(method.settings());
    request.use_theorems = false;
    request
}

/// Every board with at most `max_cells` squares, in both orientations.
pub fn boards_up_to(max_cells: usize) -> Vec<(usize, usize)> {
    let mut boards = Vec::new();
    for rows in 1..=max_cells {
        for cols in 1..=max_cells / rows {
            boards.push((rows, cols));
        }
    }
    boards
}
