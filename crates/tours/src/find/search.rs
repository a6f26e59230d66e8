//! Depth-first search for one Hamiltonian path or cycle of a small knight's
//! graph, optionally with a fixed start, a fixed end and edges the tour must
//! use.
//!
//! Two jobs share it: the backtracking fallback of [`find_tour`] on boards of
//! at most [`BACKTRACK_MAX_CELLS`] squares, and finding the small "pieces" the
//! divide-and-conquer construction glues together (those need required
//! edges, which is why the constraints are here at all).
//!
//! The search is the crate's one depth-first search ([`crate::dfs`], with
//! its sound prunings and its start and end conditions); this module adds
//! the move order and the required moves. Moves are tried in Warnsdorff
//! order — fewest onward moves first — which is what makes plain
//! backtracking practical on boards of this size (the heuristic alone
//! solves most of them without any backtracking; the search repairs the
//! rest).
//!
//! The work is bounded by a node budget, and different `seed`s break ties in
//! the move order differently, so a caller can restart a hard instance with
//! a fresh order instead of waiting for an exhaustive search to finish.
//!
//! [`find_tour`]: crate::find_tour
//! [`BACKTRACK_MAX_CELLS`]: crate::BACKTRACK_MAX_CELLS

use std::ops::ControlFlow;

use kt_board::{Board, Square, TourKind};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::dfs::{Budget, Dfs, Halt, SquareSet, Visitor, knight_graph};

/// The finder's sets of squares: up to 128, since the construction's
/// pieces have up to 100 squares.
type Set = u128;

/// The most neighbours a square may have: the knight's eight, plus the
/// virtual edges of the construction's pieces.
const MAX_DEGREE: usize = 16;

/// What the searched tour must satisfy besides being a tour.
#[derive(Clone, Debug)]
pub struct Constraints {
    pub kind: TourKind,
    /// The first square. For a cycle it only fixes the rotation.
    pub start: Option<Square>,
    /// The last square (open tours only).
    pub end: Option<Square>,
    /// Knight moves the tour must make (in either direction; for a cycle the
    /// closing move counts).
    pub required: Vec<(Square, Square)>,
}

impl Constraints {
    pub fn open() -> Constraints {
        Constraints {
            kind: TourKind::Open,
            start: None,
            end: None,
            required: Vec::new(),
        }
    }

    pub fn closed() -> Constraints {
        Constraints {
            kind: TourKind::Closed,
            ..Constraints::open()
        }
    }
}

/// How a bounded search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A tour meeting the constraints, as squares in visiting order.
    Found(Vec<Square>),
    /// The whole search space was explored: no such tour exists.
    Exhausted,
    /// The node budget ran out first.
    OutOfBudget,
}

const NONE: u32 = u32::MAX;

/// Searches for one tour of `board` meeting `constraints`, visiting at most
/// `budget` search nodes. `seed` 0 breaks ties by square number; other seeds
/// break them by a random (but fixed for the seed) priority.
///
/// Meant for small boards (at most 128 squares): time grows with the board
/// and, in the worst case, exponentially.
pub fn search(board: &Board, constraints: &Constraints, budget: u64, seed: u64) -> Outcome {
    // An open tour of an odd board starts and ends on the majority colour,
    // that of square 0.
    let n = board.cells();
    let on_majority_colour = |s: usize| {
        let (r, c) = board.row_col(s);
        (r + c).is_multiple_of(2)
    };
    let starts: Vec<Square> = (0..n)
        .filter(|&s| n.is_multiple_of(2) || on_majority_colour(s))
        .collect();
    search_sets(knight_graph(board), &starts, constraints, budget, seed)
}

/// [`search`] on any graph given by adjacency lists (the constructions add
/// "virtual" edges to describe a cover by two paths as one path). When the
/// constraints fix no start, an open path may start at any of `starts`.
pub fn search_graph(
    adjacency: &[Vec<u32>],
    starts: &[Square],
    constraints: &Constraints,
    budget: u64,
    seed: u64,
) -> Outcome {
    let sets = adjacency
        .iter()
        .map(|list| list.iter().fold(0, |set, &t| set | Set::unit(t)))
        .collect();
    search_sets(sets, starts, constraints, budget, seed)
}

fn search_sets(
    adjacency: Vec<Set>,
    starts: &[Square],
    constraints: &Constraints,
    budget: u64,
    seed: u64,
) -> Outcome {
    let n = adjacency.len();
    let closed = constraints.kind == TourKind::Closed;
    assert!(
        adjacency.iter().all(|s| s.len() as usize <= MAX_DEGREE),
        "a square with more than {MAX_DEGREE} neighbours"
    );
    // A square without moves is a one-square board or a dead end.
    let isolated = n > 1 && adjacency.contains(&Set::EMPTY);
    if n == 0 || (closed && n < 3) || isolated {
        return Outcome::Exhausted;
    }
    let on_board = |s: &Option<Square>| s.is_none_or(|s| s < n);
    if !on_board(&constraints.start) || !on_board(&constraints.end) {
        return Outcome::Exhausted;
    }
    let Some(required) = required_partners(&adjacency, &constraints.required) else {
        return Outcome::Exhausted;
    };
    let mut priority: Vec<u32> = (0..n as u32).collect();
    if seed != 0 {
        priority.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    }
    let budget = Budget {
        nodes: budget,
        stop: None,
    };
    let mut dfs = Dfs::new(adjacency, constraints.kind, budget);
    let mut finder = Finder { priority, required };
    if closed {
        // A cycle is searched from a least-connected square (the DFS's
        // choice of direction then keeps a corner's second neighbour for
        // the very end) and rotated to the requested start afterwards.
        let from = dfs.least_connected();
        return match dfs.search_from(from, None, &mut finder) {
            Err(Halt::Visitor) => {
                let mut squares = path_squares(&dfs);
                if let Some(at) = constraints
                    .start
                    .and_then(|t| squares.iter().position(|&s| s == t))
                {
                    squares.rotate_left(at);
                }
                Outcome::Found(squares)
            }
            Ok(()) => Outcome::Exhausted,
            Err(Halt::NodeLimit | Halt::Stopped) => Outcome::OutOfBudget,
        };
    }
    let starts: Vec<u32> = if let Some(s) = constraints.start {
        vec![s as u32]
    } else {
        // Try the least connected squares first: they are the natural
        // ends of a path.
        let mut starts: Vec<u32> = starts
            .iter()
            .filter(|&&s| s < n)
            .map(|&s| s as u32)
            .collect();
        starts.sort_by_key(|&s| (dfs.neighbours(s).len(), finder.priority[s as usize]));
        starts
    };
    let end = constraints.end.map(|e| e as u32);
    for from in starts {
        match dfs.search_from(from, end, &mut finder) {
            Err(Halt::Visitor) => return Outcome::Found(path_squares(&dfs)),
            Ok(()) => {}
            Err(Halt::NodeLimit | Halt::Stopped) => return Outcome::OutOfBudget,
        }
    }
    Outcome::Exhausted
}

fn path_squares(dfs: &Dfs<'_, Set>) -> Vec<Square> {
    dfs.path().iter().map(|&s| s as Square).collect()
}

/// Each square's required partners (at most two), or `None` if the
/// requirements cannot all hold (a non-move, or three at one square).
fn required_partners(adjacency: &[Set], required: &[(Square, Square)]) -> Option<Vec<[u32; 2]>> {
    let n = adjacency.len();
    let mut partners = vec![[NONE; 2]; n];
    for &(a, b) in required {
        if a >= n || b >= n || !adjacency[a].contains(b as u32) {
            return None;
        }
        for (x, y) in [(a, b), (b, a)] {
            let slot = &mut partners[x];
            if slot.contains(&(y as u32)) {
                continue;
            }
            if slot[0] == NONE {
                slot[0] = y as u32;
            } else if slot[1] == NONE {
                slot[1] = y as u32;
            } else {
                return None;
            }
        }
    }
    Some(partners)
}

/// The finder's side of the search: Warnsdorff's move order, the required
/// moves, and a stop at the first tour that meets them.
struct Finder {
    /// Tie-break among moves with equally many onward moves.
    priority: Vec<u32>,
    /// Each square's required partners ([`NONE`] for none).
    required: Vec<[u32; 2]>,
}

impl Visitor<Set> for Finder {
    type Moves = Ordered;

    fn moves(&mut self, dfs: &Dfs<'_, Set>, free: Set) -> Ordered {
        let (x, prev) = last_two(dfs);
        let mut moves = Ordered::default();
        let Ok(forced) = self.forced_next(dfs, x, prev) else {
            return moves;
        };
        // The start of a cycle with two required partners: the first
        // step goes to one of them (the last square is the other).
        let start_pair = if prev == NONE && dfs.is_cycle() {
            let r = self.required[x as usize];
            (r[1] != NONE).then_some(r)
        } else {
            None
        };
        for y in free.squares() {
            if forced.is_some_and(|f| f != y)
                || start_pair.is_some_and(|r| !r.contains(&y))
                || !self.entry_allowed(dfs, x, y)
            {
                continue;
            }
            moves.push((dfs.onward(y) as u8, self.priority[y as usize], y));
        }
        moves.sort();
        moves
    }

    fn complete(&mut self, dfs: &Dfs<'_, Set>) -> ControlFlow<()> {
        if self.required_moves_made(dfs) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl Finder {
    /// Whether `x`'s required partners other than `prev` allow the path to
    /// continue from `x`; returns the forced next square, if any, as
    /// `Ok(Some(_))`, and `Err(())` if the requirements are violated.
    fn forced_next(&self, dfs: &Dfs<'_, Set>, x: u32, prev: u32) -> Result<Option<u32>, ()> {
        let at_cycle_start = prev == NONE && dfs.is_cycle();
        let mut forced = None;
        let mut pending = 0;
        for &z in &self.required[x as usize] {
            if z == NONE || z == prev {
                continue;
            }
            pending += 1;
            if at_cycle_start {
                // One partner can be the last square, so only two
                // partners force the first step (to either).
                continue;
            }
            if dfs.is_visited(z) {
                return Err(());
            }
            forced = Some(z);
        }
        if at_cycle_start {
            return Ok(None);
        }
        if pending > 1 {
            return Err(());
        }
        Ok(forced)
    }

    /// Whether entering `y` from `x` keeps `y`'s required moves possible.
    fn entry_allowed(&self, dfs: &Dfs<'_, Set>, x: u32, y: u32) -> bool {
        let closing = dfs.is_cycle() && dfs.path().len() + 1 == dfs.cells();
        let start = dfs.path()[0];
        self.required[y as usize]
            .iter()
            .all(|&z| z == NONE || z == x || !dfs.is_visited(z) || (closing && z == start))
    }

    /// Whether the complete path makes every required move at its ends
    /// (inside the path, [`Finder::forced_next`] saw to them).
    fn required_moves_made(&self, dfs: &Dfs<'_, Set>) -> bool {
        let path = dfs.path();
        let (x, prev) = last_two(dfs);
        let pending_ok = |v: u32, allowed: [u32; 2]| {
            self.required[v as usize]
                .iter()
                .all(|&z| z == NONE || allowed.contains(&z))
        };
        if dfs.is_cycle() {
            let s = path[0];
            pending_ok(x, [prev, s]) && pending_ok(s, [path[1], x])
        } else {
            pending_ok(x, [prev, NONE])
        }
    }
}

/// The path's last square and the one before it ([`NONE`] at the start).
fn last_two(dfs: &Dfs<'_, Set>) -> (u32, u32) {
    match dfs.path() {
        [.., prev, last] => (*last, *prev),
        [last] => (*last, NONE),
        [] => unreachable!("a search's path holds at least its start"),
    }
}

/// Moves in Warnsdorff order: fewest onward moves first, ties by the
/// seeded priority.
#[derive(Default)]
struct Ordered {
    /// `(onward moves, priority, square)`, sorted by [`Ordered::sort`].
    moves: [(u8, u32, u32); MAX_DEGREE],
    len: usize,
    next: usize,
}

impl Ordered {
    fn push(&mut self, entry: (u8, u32, u32)) {
        self.moves[self.len] = entry;
        self.len += 1;
    }

    fn sort(&mut self) {
        self.moves[..self.len].sort_unstable();
    }
}

impl Iterator for Ordered {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.moves[self.next - 1].2
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kt_board::Tour;

    fn found(board: &Board, c: &Constraints) -> Vec<Square> {
        match search(board, c, 10_000_000, 0) {
            Outcome::Found(squares) => squares,
            other => panic!("{board}: {other:?}"),
        }
    }

    #[test]
    fn finds_open_and_closed_tours() {
        let b = Board::new(3, 4).unwrap();
        let t = Tour::new(b, TourKind::Open, found(&b, &Constraints::open()));
        assert_eq!(t.check(), Ok(()));
        let b = Board::new(6, 6).unwrap();
        let t = Tour::new(b, TourKind::Closed, found(&b, &Constraints::closed()));
        assert_eq!(t.check(), Ok(()));
    }

    #[test]
    fn reports_exhaustion_when_there_is_no_tour() {
        for (r, c, kind) in [
            (4, 4, TourKind::Open),
            (3, 3, TourKind::Open),
            (4, 5, TourKind::Closed),
        ] {
            let b = Board::new(r, c).unwrap();
            let constraints = Constraints {
                kind,
                ..Constraints::open()
            };
            assert_eq!(
                search(&b, &constraints, u64::MAX, 0),
                Outcome::Exhausted,
                "{b}"
            );
        }
    }

    #[test]
    fn honours_start_end_and_required_moves() {
        let b = Board::new(5, 6).unwrap();
        let c = Constraints {
            start: Some(b.square_at(2, 2)),
            end: Some(b.square_at(0, 5)),
            required: vec![(b.square_at(1, 1), b.square_at(3, 0))],
            ..Constraints::open()
        };
        let squares = found(&b, &c);
        assert_eq!(squares[0], b.square_at(2, 2));
        assert_eq!(*squares.last().unwrap(), b.square_at(0, 5));
        let at = |s| squares.iter().position(|&x| x == s).unwrap();
        assert_eq!(at(b.square_at(1, 1)).abs_diff(at(b.square_at(3, 0))), 1);
        assert_eq!(Tour::new(b, TourKind::Open, squares).check(), Ok(()));
    }

    #[test]
    fn required_moves_may_be_the_closing_move() {
        let b = Board::new(6, 6).unwrap();
        for seed in 0..4 {
            let c = Constraints {
                start: Some(0),
                required: vec![
                    (b.square_at(1, 2), 0),
                    (b.square_at(1, 1), b.square_at(3, 0)),
                ],
                ..Constraints::closed()
            };
            let Outcome::Found(squares) = search(&b, &c, 10_000_000, seed) else {
                panic!()
            };
            let t = Tour::new(b, TourKind::Closed, squares.clone());
            assert_eq!(t.check(), Ok(()));
            let at = |s| squares.iter().position(|&x| x == s).unwrap();
            let d = at(b.square_at(1, 1)).abs_diff(at(b.square_at(3, 0)));
            assert!(d == 1 || d == 35);
        }
    }
}
