//! Test support: an independent way to count tours, and a one-call way to
//! count them with the product.
//!
//! The backtracking counter below shares nothing with the product except the
//! board's knight moves, which it recomputes from the offsets itself: it
//! walks every self-avoiding knight path from every square and counts the
//! ones that cover the board. It is deliberately plain, so that it is easy
//! to believe; it is fast enough for boards of up to about 20 squares.

use kt_board::{Board, TourKind};
use kt_count::zdd::{CopyOut, Schedule};
use kt_count::{CancelToken, MethodChoice, Request, Silent, count, diagram};
use kt_engine::EngineKind;
use kt_memory::Bytes;

/// Knight moves on a `rows × cols` board, from first principles.
fn moves(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let mut adjacency = vec![Vec::new(); rows * cols];
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            for (dr, dc) in [
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ] {
                let (r2, c2) = (r + dr, c + dc);
                if (0..rows as i64).contains(&r2) && (0..cols as i64).contains(&c2) {
                    adjacency[(r * cols as i64 + c) as usize]
                        .push((r2 * cols as i64 + c2) as usize);
                }
            }
        }
    }
    adjacency
}

/// Counts the complete paths extending `path` (depth-first).
fn extend(adjacency: &[Vec<usize>], path: &mut Vec<usize>, used: &mut [bool], closed: bool) -> u64 {
    let n = adjacency.len();
    let last = *path.last().expect("a path has a square");
    if path.len() == n {
        return if !closed || adjacency[last].contains(&path[0]) {
            1
        } else {
            0
        };
    }
    let mut total = 0;
    for &next in &adjacency[last] {
        if !used[next] {
            used[next] = true;
            path.push(next);
            total += extend(adjacency, path, used, closed);
            path.pop();
            used[next] = false;
        }
    }
    total
}

/// Collects the complete paths extending `path`.
fn list(
    adjacency: &[Vec<usize>],
    path: &mut Vec<usize>,
    used: &mut [bool],
    out: &mut Vec<Vec<usize>>,
) {
    if path.len() == adjacency.len() {
        out.push(path.clone());
        return;
    }
    let last = *path.last().expect("a path has a square");
    for &next in &adjacency[last] {
        if !used[next] {
            used[next] = true;
            path.push(next);
            list(adjacency, path, used, out);
            path.pop();
            used[next] = false;
        }
    }
}

/// Every directed open tour of a small board, as square sequences.
pub fn open_tours_listed(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let adjacency = moves(rows, cols);
    let mut out = Vec::new();
    for start in 0..rows * cols {
        let mut used = vec![false; rows * cols];
        used[start] = true;
        list(&adjacency, &mut vec![start], &mut used, &mut out);
    }
    out
}

/// Directed open tours (Hamiltonian paths, every start, each direction).
pub fn open_tours_by_backtracking(rows: usize, cols: usize) -> u64 {
    let adjacency = moves(rows, cols);
    let n = rows * cols;
    let mut total = 0;
    for start in 0..n {
        let mut used = vec![false; n];
        used[start] = true;
        total += extend(&adjacency, &mut vec![start], &mut used, false);
    }
    total
}

/// Undirected closed tours (Hamiltonian cycles, each once).
///
/// Every cycle passes square 0; the cycles through it starting at 0 come in
/// two directions, so the directed count from 0 is halved. Boards of fewer
/// than 3 squares have no cycle.
pub fn closed_tours_by_backtracking(rows: usize, cols: usize) -> u64 {
    let n = rows * cols;
    if n < 3 {
        return 0;
    }
    let adjacency = moves(rows, cols);
    let mut used = vec![false; n];
    used[0] = true;
    extend(&adjacency, &mut vec![0], &mut used, true) / 2
}

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
