//! Depth-first search for one Hamiltonian path or cycle of a small knight's
//! graph, optionally with a fixed start, a fixed end and edges the tour must
//! use.
//!
//! Two jobs share it: the backtracking fallback of [`find_tour`] on boards of
//! at most [`BACKTRACK_MAX_CELLS`] squares, and finding the small "pieces" the
//! divide-and-conquer construction glues together (those need required
//! edges, which is why the constraints are here at all).
//!
//! The search tries moves in Warnsdorff order — fewest onward moves first —
//! which is what makes plain backtracking practical on boards of this size
//! (the heuristic alone solves most of them without any backtracking; the
//! search repairs the rest). Two sound prunings cut dead branches early:
//! a square that can no longer be entered at all kills the branch, and so do
//! two squares that can only be entered once each, since each of them would
//! have to be the end of the path (for a cycle, a square with fewer than two
//! usable neighbours kills the branch).
//!
//! The work is bounded by a node budget, and different `seed`s break ties in
//! the move order differently, so a caller can restart a hard instance with
//! a fresh order instead of waiting for an exhaustive search to finish.
//!
//! [`find_tour`]: crate::find_tour
//! [`BACKTRACK_MAX_CELLS`]: crate::BACKTRACK_MAX_CELLS

use kt_board::{Board, Square, TourKind};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

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
/// Meant for small boards: memory and time grow with the board and, in the
/// worst case, exponentially.
pub fn search(board: &Board, constraints: &Constraints, budget: u64, seed: u64) -> Outcome {
    let adjacency: Vec<Vec<u32>> = board
        .adjacency()
        .into_iter()
        .map(|list| list.into_iter().map(|s| s as u32).collect())
        .collect();
    let n = board.cells();
    // An open tour of an odd board starts and ends on the majority colour,
    // that of square 0.
    let colour = |s: usize| {
        let (r, c) = board.row_col(s);
        (r + c) % 2
    };
    let starts: Vec<Square> = (0..n).filter(|&s| n % 2 == 0 || colour(s) == 0).collect();
    search_graph(adjacency, &starts, constraints, budget, seed)
}

/// [`search`] on any graph given by adjacency lists (the constructions add
/// "virtual" edges to describe a cover by two paths as one path). When the
/// constraints fix no start, an open path may start at any of `starts`.
pub fn search_graph(
    adjacency: Vec<Vec<u32>>,
    starts: &[Square],
    constraints: &Constraints,
    budget: u64,
    seed: u64,
) -> Outcome {
    let n = adjacency.len();
    let closed = constraints.kind == TourKind::Closed;
    // A square without moves is a one-square board or a dead end.
    let isolated = n > 1 && adjacency.iter().any(|l| l.is_empty());
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
    let usable: Vec<u8> = adjacency.iter().map(|l| l.len().min(255) as u8).collect();
    let mut dfs = Dfs {
        single_entry: usable.iter().filter(|&&u| u == 1).count(),
        usable,
        adjacency,
        required,
        priority,
        closed,
        end: constraints.end.map(|e| e as u32),
        visited: vec![false; n],
        path: Vec::with_capacity(n),
        nodes: 0,
        budget,
        start: 0,
    };
    if closed {
        // A cycle is searched from a least-connected square and rotated to
        // the requested start afterwards. From a square with only two
        // moves (a corner) the cycle is a path between its two neighbours:
        // keeping the second one for the very end is what makes the search
        // fast, since Warnsdorff's order would otherwise use it up early.
        let s = (0..n as u32)
            .min_by_key(|&s| (dfs.adjacency[s as usize].len(), s))
            .unwrap_or(0);
        if dfs.adjacency[s as usize].len() == 2 {
            dfs.end = dfs.adjacency[s as usize].iter().copied().max();
        }
        dfs.start = s;
        return match dfs.run_from(s) {
            Some(true) => {
                let mut squares: Vec<Square> = dfs.path.iter().map(|&s| s as Square).collect();
                if let Some(at) = constraints
                    .start
                    .and_then(|t| squares.iter().position(|&s| s == t))
                {
                    squares.rotate_left(at);
                }
                Outcome::Found(squares)
            }
            Some(false) => Outcome::Exhausted,
            None => Outcome::OutOfBudget,
        };
    }
    let starts: Vec<u32> = match constraints.start {
        Some(s) => vec![s as u32],
        None => {
            // Try the least connected squares first: they are the natural
            // ends of a path.
            let mut starts: Vec<u32> = starts
                .iter()
                .filter(|&&s| s < n)
                .map(|&s| s as u32)
                .collect();
            starts.sort_by_key(|&s| (dfs.adjacency[s as usize].len(), dfs.priority[s as usize]));
            starts
        }
    };
    for s in starts {
        dfs.start = s;
        match dfs.run_from(s) {
            Some(true) => return Outcome::Found(dfs.path.iter().map(|&s| s as Square).collect()),
            Some(false) => {}
            None => return Outcome::OutOfBudget,
        }
    }
    Outcome::Exhausted
}

/// Each square's required partners (at most two), or `None` if the
/// requirements cannot all hold (a non-move, or three at one square).
fn required_partners(
    adjacency: &[Vec<u32>],
    required: &[(Square, Square)],
) -> Option<Vec<[u32; 2]>> {
    let n = adjacency.len();
    let mut partners = vec![[NONE; 2]; n];
    for &(a, b) in required {
        if a >= n || b >= n || !adjacency[a].contains(&(b as u32)) {
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

struct Dfs {
    adjacency: Vec<Vec<u32>>,
    required: Vec<[u32; 2]>,
    priority: Vec<u32>,
    closed: bool,
    end: Option<u32>,
    visited: Vec<bool>,
    /// For an unvisited square: how many neighbours could still be next to
    /// it on the tour (unvisited squares, the current square and, for a
    /// cycle, the start, which the last square returns to).
    usable: Vec<u8>,
    /// Unvisited squares with exactly one usable neighbour.
    single_entry: usize,
    path: Vec<u32>,
    nodes: u64,
    budget: u64,
    start: u32,
}

impl Dfs {
    /// Searches from `s`; `None` when the budget ran out.
    fn run_from(&mut self, s: u32) -> Option<bool> {
        self.visit(s);
        let found = self.extend(NONE);
        if found != Some(true) {
            self.unvisit(s);
        }
        found
    }

    fn visit(&mut self, s: u32) {
        self.visited[s as usize] = true;
        if self.usable[s as usize] == 1 {
            self.single_entry -= 1;
        }
        self.path.push(s);
    }

    fn unvisit(&mut self, s: u32) {
        self.path.pop();
        self.visited[s as usize] = false;
        if self.usable[s as usize] == 1 {
            self.single_entry += 1;
        }
    }

    /// Whether `x`'s required partners other than `prev` allow the path to
    /// continue from `x`; returns the forced next square, if any, as
    /// `Ok(Some(_))`, and `Err(())` if the requirements are violated.
    fn forced_next(&self, x: u32, prev: u32) -> Result<Option<u32>, ()> {
        let n = self.visited.len();
        let mut forced = None;
        let mut pending = 0;
        for &z in &self.required[x as usize] {
            if z == NONE || z == prev {
                continue;
            }
            pending += 1;
            if prev == NONE && self.closed {
                // The start of a cycle: one partner can be the last square,
                // so only two partners force the first step (to either).
                continue;
            }
            if self.visited[z as usize] && !(self.closed && z == self.start && self.path.len() == n)
            {
                return Err(());
            }
            forced = Some(z);
        }
        if prev == NONE && self.closed {
            return Ok(None);
        }
        if pending > 1 {
            return Err(());
        }
        Ok(forced)
    }

    /// Tries every way to finish the path from its last square.
    fn extend(&mut self, prev: u32) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let n = self.visited.len();
        let x = *self.path.last().expect("the path is never empty here");
        if self.path.len() == n {
            return Some(self.complete(x, prev));
        }
        let forced = match self.forced_next(x, prev) {
            Ok(f) => f,
            Err(()) => return Some(false),
        };
        let mut candidates: [(u8, u32, u32); 8] = [(0, 0, 0); 8];
        let mut count = 0;
        let start_pair = if prev == NONE && self.closed {
            let r = self.required[x as usize];
            (r[1] != NONE).then_some(r)
        } else {
            None
        };
        for &y in &self.adjacency[x as usize] {
            if self.visited[y as usize]
                || forced.is_some_and(|f| f != y)
                || start_pair.is_some_and(|r| !r.contains(&y))
                || (self.end == Some(y) && self.path.len() + 1 != n)
            {
                continue;
            }
            let onward = self.adjacency[y as usize]
                .iter()
                .filter(|&&z| !self.visited[z as usize])
                .count() as u8;
            candidates[count] = (onward, self.priority[y as usize], y);
            count += 1;
        }
        let candidates = &mut candidates[..count];
        candidates.sort_unstable();
        for &(_, _, y) in candidates.iter() {
            if !self.entry_allowed(x, y) {
                continue;
            }
            if self.advance(x, y) {
                match self.extend(x) {
                    Some(false) => {}
                    other => return other,
                }
            }
            self.retreat(x, y);
        }
        Some(false)
    }

    /// Whether entering `y` from `x` keeps `y`'s required moves possible.
    fn entry_allowed(&self, x: u32, y: u32) -> bool {
        let n = self.visited.len();
        self.required[y as usize].iter().all(|&z| {
            z == NONE
                || z == x
                || !self.visited[z as usize]
                || (self.closed && z == self.start && self.path.len() + 1 == n)
        })
    }

    /// Moves from `x` to `y`; returns false if a pruning rule fired (the
    /// move is still applied and must be undone by [`Dfs::retreat`]).
    fn advance(&mut self, x: u32, y: u32) -> bool {
        self.visit(y);
        let mut alive = true;
        // `x` stops being usable for its unvisited neighbours, except the
        // start of a cycle, which the last square must return to.
        if !(self.closed && x == self.start) {
            for i in 0..self.adjacency[x as usize].len() {
                let w = self.adjacency[x as usize][i] as usize;
                if self.visited[w] {
                    continue;
                }
                self.usable[w] -= 1;
                match self.usable[w] {
                    1 => self.single_entry += 1,
                    0 => {
                        self.single_entry -= 1;
                        alive = false;
                    }
                    _ => {}
                }
            }
        }
        if !alive {
            return false;
        }
        if self.closed {
            // Every unvisited square needs two usable neighbours.
            self.single_entry == 0
        } else {
            match self.end {
                // Only the end may be entered just once.
                Some(e) => {
                    self.single_entry == 0
                        || (self.single_entry == 1
                            && !self.visited[e as usize]
                            && self.usable[e as usize] == 1)
                }
                None => self.single_entry <= 1,
            }
        }
    }

    fn retreat(&mut self, x: u32, y: u32) {
        if !(self.closed && x == self.start) {
            for i in 0..self.adjacency[x as usize].len() {
                let w = self.adjacency[x as usize][i] as usize;
                if self.visited[w] {
                    continue;
                }
                self.usable[w] += 1;
                match self.usable[w] {
                    1 => self.single_entry += 1,
                    2 => self.single_entry -= 1,
                    _ => {}
                }
            }
        }
        self.unvisit(y);
    }

    /// Whether the complete path `…, prev, x` meets the end conditions.
    fn complete(&self, x: u32, prev: u32) -> bool {
        if self.end.is_some_and(|e| e != x) {
            return false;
        }
        let s = self.start;
        let pending_ok = |v: u32, allowed: [u32; 2]| {
            self.required[v as usize]
                .iter()
                .all(|&z| z == NONE || allowed.contains(&z))
        };
        if self.closed {
            let n = self.path.len();
            let adjacent = self.adjacency[x as usize].contains(&s);
            // With n == 3 … the second square is both next and previous.
            adjacent && pending_ok(x, [prev, s]) && pending_ok(s, [self.path[1], x]) && n >= 3
        } else {
            pending_ok(x, [prev, NONE])
        }
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
