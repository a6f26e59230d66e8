//! The exact number of knight's tours of a small board by plain
//! backtracking: the obvious alternative to counting with decision
//! diagrams, kept simple on purpose so that the comparison is fair and the
//! counts are easy to trust.
//!
//! Conventions (the same as the rest of the project):
//! - open tours are **directed** Hamiltonian paths, summed over all start
//!   squares (the 5×5 board has 1728, the 3×4 board 16, the 1×1 board 1);
//! - closed tours are **undirected** Hamiltonian cycles (6×6 has 9862,
//!   5×6 has 8, 3×10 has 16; boards with fewer than 3 rows or columns, or
//!   an odd number of squares, have none).
//!
//! The search is a depth-first search over the knight's graph with the
//! visited set in one `u64` (hence the limit of 64 squares) and two sound
//! prunings that only cut branches with no tour in them:
//! - an unvisited square with no usable neighbour left (unvisited, or the
//!   current square, or for a cycle the start) can never be entered;
//! - a square with a single usable neighbour must be the last square of a
//!   path, so two such squares end the branch; a cycle allows none.
//!
//! Two further savings are exact too: symmetric start squares (under the
//! board's reflections and rotations) have equally many paths, so only one
//! per orbit is searched; and on a board with an odd number of squares a
//! path can only start on the majority colour. A cycle is searched from one
//! fixed square and counted in one direction only (its second square before
//! its last), so every cycle is counted once.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use kt_board::{Board, TourKind};

/// The largest board (in squares) the counter accepts.
pub const COUNT_MAX_CELLS: usize = 64;

/// Bounds on the work of [`count_tours`].
#[derive(Clone, Copy, Debug, Default)]
pub struct CountLimits<'a> {
    /// Give up after this many search nodes.
    pub node_limit: Option<u64>,
    /// Give up soon after this flag becomes true (checked every 2¹⁶ nodes).
    pub stop: Option<&'a AtomicBool>,
}

/// Why [`count_tours`] gave no count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountError {
    /// The board has more than [`COUNT_MAX_CELLS`] squares.
    TooLarge { board: Board },
    /// The node limit was reached after `nodes` nodes.
    NodeLimit { nodes: u64 },
    /// The stop flag was raised after `nodes` nodes.
    Stopped { nodes: u64 },
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::TooLarge { board } => write!(
                f,
                "the {board} board has {} squares; the backtracking counter is limited to {COUNT_MAX_CELLS}",
                board.cells()
            ),
            CountError::NodeLimit { nodes } => {
                write!(
                    f,
                    "backtracking stopped at its node limit after {nodes} nodes"
                )
            }
            CountError::Stopped { nodes } => {
                write!(f, "backtracking was stopped after {nodes} nodes")
            }
        }
    }
}

impl std::error::Error for CountError {}

/// A finished count and the work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountReport {
    /// The number of tours (see the module docs for the conventions).
    pub tours: u128,
    /// Search nodes visited (one per partial path extended).
    pub nodes: u64,
}

/// The number of tours of `board` of the given kind (see the module docs
/// for the conventions), or why the count was not finished.
pub fn count_tours(
    board: &Board,
    kind: TourKind,
    limits: &CountLimits,
) -> Result<u128, CountError> {
    count_tours_with_nodes(board, kind, limits).map(|report| report.tours)
}

/// [`count_tours`], also reporting the number of search nodes.
pub fn count_tours_with_nodes(
    board: &Board,
    kind: TourKind,
    limits: &CountLimits,
) -> Result<CountReport, CountError> {
    let n = board.cells();
    if n > COUNT_MAX_CELLS {
        return Err(CountError::TooLarge { board: *board });
    }
    let mut counter = Counter::new(board, limits);
    let tours = match kind {
        TourKind::Open => counter.open(board)?,
        TourKind::Closed => {
            if board.rows() < 3 || board.cols() < 3 || n % 2 == 1 {
                0
            } else {
                counter.closed()?
            }
        }
    };
    Ok(CountReport {
        tours,
        nodes: counter.nodes,
    })
}

struct Counter<'a> {
    adj: Vec<u64>,
    n: usize,
    /// For unvisited squares: usable neighbours (see the module docs).
    usable: [u8; 64],
    /// Unvisited squares with exactly one usable neighbour, and with none.
    ones: u32,
    zeros: u32,
    /// For cycles: the fixed start, and the squares that may be last.
    start: usize,
    closers: u64,
    nodes: u64,
    limits: &'a CountLimits<'a>,
}

impl<'a> Counter<'a> {
    fn new(board: &Board, limits: &'a CountLimits<'a>) -> Counter<'a> {
        let adj: Vec<u64> = board
            .squares()
            .map(|s| board.knight_moves(s).fold(0u64, |m, t| m | 1 << t))
            .collect();
        Counter {
            n: adj.len(),
            adj,
            usable: [0; 64],
            ones: 0,
            zeros: 0,
            start: 0,
            closers: 0,
            nodes: 0,
            limits,
        }
    }

    fn reset(&mut self) {
        for s in 0..self.n {
            self.usable[s] = self.adj[s].count_ones() as u8;
        }
        self.ones = self.usable[..self.n].iter().filter(|&&u| u == 1).count() as u32;
        self.zeros = self.usable[..self.n].iter().filter(|&&u| u == 0).count() as u32;
    }

    fn tick(&mut self) -> Result<(), CountError> {
        self.nodes += 1;
        if self
            .limits
            .node_limit
            .is_some_and(|limit| self.nodes > limit)
        {
            return Err(CountError::NodeLimit { nodes: self.nodes });
        }
        if self.nodes & 0xFFFF == 0 && self.limits.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(CountError::Stopped { nodes: self.nodes });
        }
        Ok(())
    }

    /// Marks `s` visited (it leaves the unvisited squares' statistics).
    fn enter(&mut self, s: usize) {
        match self.usable[s] {
            0 => self.zeros -= 1,
            1 => self.ones -= 1,
            _ => {}
        }
    }

    fn leave(&mut self, s: usize) {
        match self.usable[s] {
            0 => self.zeros += 1,
            1 => self.ones += 1,
            _ => {}
        }
    }

    /// `cur` stops being usable for the unvisited squares in `squares`.
    fn detach(&mut self, mut squares: u64) {
        while squares != 0 {
            let w = squares.trailing_zeros() as usize;
            squares &= squares - 1;
            self.usable[w] -= 1;
            match self.usable[w] {
                1 => self.ones += 1,
                0 => {
                    self.ones -= 1;
                    self.zeros += 1;
                }
                _ => {}
            }
        }
    }

    fn reattach(&mut self, mut squares: u64) {
        while squares != 0 {
            let w = squares.trailing_zeros() as usize;
            squares &= squares - 1;
            match self.usable[w] {
                1 => self.ones -= 1,
                0 => {
                    self.zeros -= 1;
                    self.ones += 1;
                }
                _ => {}
            }
            self.usable[w] += 1;
        }
    }

    /// Directed Hamiltonian paths, summed over start squares, one start
    /// per symmetry orbit.
    fn open(&mut self, board: &Board) -> Result<u128, CountError> {
        let symmetries = symmetries(board);
        let mut total = 0u128;
        for s in 0..self.n {
            let (r, c) = board.row_col(s);
            if self.n % 2 == 1 && (r + c) % 2 == 1 {
                continue;
            }
            let mut orbit: Vec<usize> = symmetries.iter().map(|f| f(s)).collect();
            orbit.sort_unstable();
            orbit.dedup();
            if orbit[0] != s {
                continue;
            }
            self.reset();
            self.enter(s);
            let paths = self.extend_path(s, 1 << s)?;
            total += paths * orbit.len() as u128;
        }
        Ok(total)
    }

    fn extend_path(&mut self, cur: usize, visited: u64) -> Result<u128, CountError> {
        self.tick()?;
        if visited.count_ones() as usize == self.n {
            return Ok(1);
        }
        let free = self.adj[cur] & !visited;
        self.detach(free);
        let mut count = 0;
        let mut next = free;
        while next != 0 {
            let y = next.trailing_zeros() as usize;
            next &= next - 1;
            self.enter(y);
            if self.zeros == 0 && self.ones <= 1 {
                let found = self.extend_path(y, visited | 1 << y);
                match found {
                    Ok(k) => count += k,
                    Err(e) => {
                        self.leave(y);
                        self.reattach(free);
                        return Err(e);
                    }
                }
            }
            self.leave(y);
        }
        self.reattach(free);
        Ok(count)
    }

    /// Undirected Hamiltonian cycles: from a least-connected start, each
    /// cycle once, in the direction whose second square is lower-numbered
    /// than its last.
    fn closed(&mut self) -> Result<u128, CountError> {
        let start = (0..self.n)
            .min_by_key(|&s| self.adj[s].count_ones())
            .unwrap_or(0);
        self.start = start;
        self.reset();
        self.enter(start);
        let mut count = 0;
        let mut first = self.adj[start];
        while first != 0 {
            let y = first.trailing_zeros() as usize;
            first &= first - 1;
            // The last square must be a higher-numbered neighbour of start.
            self.closers = self.adj[start] & !((2u64 << y) - 1);
            if self.closers == 0 {
                continue;
            }
            self.enter(y);
            if self.zeros == 0 && self.ones == 0 {
                count += self.extend_cycle(y, 1 << start | 1 << y)?;
            }
            self.leave(y);
        }
        Ok(count)
    }

    fn extend_cycle(&mut self, cur: usize, visited: u64) -> Result<u128, CountError> {
        self.tick()?;
        if visited.count_ones() as usize == self.n {
            return Ok(u128::from(self.closers >> cur & 1));
        }
        // Some possible last square must still be free (or be `cur`).
        if self.closers & !visited == 0 {
            return Ok(0);
        }
        // The start stays usable: the last square returns to it.
        let free = self.adj[cur] & !visited;
        let detached = if cur == self.start { 0 } else { free };
        self.detach(detached);
        let mut count = 0;
        let mut next = free;
        while next != 0 {
            let y = next.trailing_zeros() as usize;
            next &= next - 1;
            self.enter(y);
            if self.zeros == 0 && self.ones == 0 {
                match self.extend_cycle(y, visited | 1 << y) {
                    Ok(k) => count += k,
                    Err(e) => {
                        self.leave(y);
                        self.reattach(detached);
                        return Err(e);
                    }
                }
            }
            self.leave(y);
        }
        self.reattach(detached);
        Ok(count)
    }
}

/// The board's symmetries (reflections, and rotations for a square board)
/// as maps on squares.
fn symmetries(board: &Board) -> Vec<Box<dyn Fn(usize) -> usize + '_>> {
    let (rows, cols) = (board.rows(), board.cols());
    let at = move |r: usize, c: usize| r * cols + c;
    let rc = move |s: usize| (s / cols, s % cols);
    let mut maps: Vec<Box<dyn Fn(usize) -> usize>> = vec![
        Box::new(move |s| s),
        Box::new(move |s| {
            let (r, c) = rc(s);
            at(rows - 1 - r, c)
        }),
        Box::new(move |s| {
            let (r, c) = rc(s);
            at(r, cols - 1 - c)
        }),
        Box::new(move |s| {
            let (r, c) = rc(s);
            at(rows - 1 - r, cols - 1 - c)
        }),
    ];
    if rows == cols {
        let n = rows;
        maps.push(Box::new(move |s| {
            let (r, c) = rc(s);
            at(c, r)
        }));
        maps.push(Box::new(move |s| {
            let (r, c) = rc(s);
            at(n - 1 - c, n - 1 - r)
        }));
        maps.push(Box::new(move |s| {
            let (r, c) = rc(s);
            at(c, n - 1 - r)
        }));
        maps.push(Box::new(move |s| {
            let (r, c) = rc(s);
            at(n - 1 - c, r)
        }));
    }
    maps
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(rows: usize, cols: usize, kind: TourKind) -> u128 {
        let b = Board::new(rows, cols).unwrap();
        count_tours(&b, kind, &CountLimits::default()).unwrap()
    }

    #[test]
    fn known_open_counts() {
        assert_eq!(count(1, 1, TourKind::Open), 1);
        assert_eq!(count(3, 4, TourKind::Open), 16);
        assert_eq!(count(4, 3, TourKind::Open), 16);
        assert_eq!(count(4, 5, TourKind::Open), 164);
        assert_eq!(count(5, 5, TourKind::Open), 1728);
        assert_eq!(count(4, 4, TourKind::Open), 0);
        assert_eq!(count(1, 5, TourKind::Open), 0);
    }

    #[test]
    fn known_closed_counts() {
        assert_eq!(count(3, 10, TourKind::Closed), 16);
        assert_eq!(count(10, 3, TourKind::Closed), 16);
        assert_eq!(count(5, 6, TourKind::Closed), 8);
        assert_eq!(count(3, 8, TourKind::Closed), 0);
        assert_eq!(count(5, 5, TourKind::Closed), 0);
        assert_eq!(count(1, 1, TourKind::Closed), 0);
        assert_eq!(count(2, 8, TourKind::Closed), 0);
    }

    /// Hamiltonian paths and cycles by dynamic programming over subsets:
    /// a different algorithm, for cross-checking on small boards.
    fn by_subsets(board: &Board, kind: TourKind) -> u128 {
        let n = board.cells();
        let adj: Vec<u32> = board
            .squares()
            .map(|s| board.knight_moves(s).fold(0, |m, t| m | 1 << t))
            .collect();
        // ways[mask][v]: paths visiting exactly `mask`, ending at v
        // (open: from any start; closed: from square 0).
        let mut ways = vec![vec![0u128; n]; 1 << n];
        match kind {
            TourKind::Open => (0..n).for_each(|v| ways[1 << v][v] = 1),
            TourKind::Closed => ways[1][0] = 1,
        }
        for mask in 1..1usize << n {
            for v in 0..n {
                let w = ways[mask][v];
                if w == 0 {
                    continue;
                }
                let mut next = adj[v] as usize & !mask;
                while next != 0 {
                    let y = next.trailing_zeros() as usize;
                    next &= next - 1;
                    ways[mask | 1 << y][y] += w;
                }
            }
        }
        let full = &ways[(1 << n) - 1];
        match kind {
            TourKind::Open => full.iter().sum(),
            TourKind::Closed if n >= 3 => {
                (0..n)
                    .filter(|&v| adj[v] & 1 != 0)
                    .map(|v| full[v])
                    .sum::<u128>()
                    / 2
            }
            TourKind::Closed => 0,
        }
    }

    #[test]
    fn agrees_with_dynamic_programming_on_small_boards() {
        for rows in 1..=16 {
            for cols in 1..=16 {
                let b = Board::new(rows, cols).unwrap();
                if b.cells() > 16 {
                    continue;
                }
                for kind in [TourKind::Open, TourKind::Closed] {
                    let limits = CountLimits::default();
                    assert_eq!(
                        count_tours(&b, kind, &limits).unwrap(),
                        by_subsets(&b, kind),
                        "{b} {kind}"
                    );
                }
            }
        }
    }

    #[test]
    fn refuses_large_boards_and_honours_limits() {
        let b = Board::new(5, 13).unwrap();
        assert!(matches!(
            count_tours(&b, TourKind::Open, &CountLimits::default()),
            Err(CountError::TooLarge { .. })
        ));
        let b = Board::square(6).unwrap();
        let limits = CountLimits {
            node_limit: Some(1000),
            stop: None,
        };
        assert!(matches!(
            count_tours(&b, TourKind::Closed, &limits),
            Err(CountError::NodeLimit { .. })
        ));
        let stop = AtomicBool::new(true);
        let limits = CountLimits {
            node_limit: None,
            stop: Some(&stop),
        };
        assert!(matches!(
            count_tours(&b, TourKind::Closed, &limits),
            Err(CountError::Stopped { .. })
        ));
    }
}
