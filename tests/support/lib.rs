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
use kt_count::zdd::{CopyOut, Schedule};
use kt_count::{CancelToken, Counted, MethodChoice, Request, Silent, count, diagram};
use kt_engine::EngineKind;
use kt_memory::Bytes;

/// A request for `kind` tours of `board` by the ZDD method, on a memory
/// budget of 4 GiB so that parallel tests leave room for each other, with
/// the theorems off: the method itself must find the boards without tours.
pub fn zdd_request(board: &str, kind: TourKind, engine: EngineKind, schedule: Schedule) -> Request {
    let board: Board = board.parse().expect("a valid board");
    let mut request = Request::new(board, kind).with_method(MethodChoice::Zdd);
    request.engine = Some(engine);
    request.schedule = Some(schedule);
    request.memory = Some(Bytes(4 * Bytes::GIB));
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
    let request = zdd_request(board, kind, engine, Schedule::Fused);
    diagram(&request, CopyOut, &Silent, &CancelToken::new())
        .unwrap_or_else(|f| panic!("{board}: {}", f.message))
        .1
        .expect("a board with a diagram")
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

/// A request for `kind` tours of `board` by `method`, theorems off, on a
/// memory budget of 4 GiB (backtracking takes none).
pub fn request(rows: usize, cols: usize, kind: TourKind, method: MethodChoice) -> Request {
    let mut request =
        Request::new(Board::new(rows, cols).expect("a board"), kind).with_method(method);
    if method != MethodChoice::Backtrack {
        request.memory = Some(Bytes(4 * Bytes::GIB));
    }
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
