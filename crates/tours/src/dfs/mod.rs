//! The one depth-first search over Hamiltonian paths and cycles that all
//! backtracking in this crate shares: the exact counter and its tree-size
//! estimator ([`crate::backtrack`]), and the search for one tour that
//! [`crate::find`] uses on small boards and for the construction's pieces.
//!
//! What is shared is what has to be right: the path and its visited set,
//! the sound prunings, the start and end conditions, and the node count
//! with its budget and stop flag. What differs is a [`Visitor`]: the order
//! in which moves are tried (increasing square order for counting, which
//! costs nothing; Warnsdorff's order for finding), extra conditions on
//! moves (the finder's required moves), and what a complete tour means
//! (count it and go on, or stop with it).
//!
//! ## The prunings
//!
//! A square is *usable* by an unvisited square `w` if a tour could still
//! step between them: an unvisited neighbour of `w`, the path's last
//! square, and for a cycle the start (the last square steps back to it).
//! Every unvisited square is entered once and, unless it is the path's
//! last square, left once, so:
//!
//! - an unvisited square with no usable neighbour can never be entered:
//!   the branch is dead;
//! - one with a single usable neighbour can be entered but not left: it
//!   must be the path's last square. A path allows one such square (the
//!   fixed end, if there is one); a cycle allows none, since its last
//!   square still steps back to the start.
//!
//! Both only cut branches that hold no tour, so counts stay exact. Both
//! read one number kept up to date move by move, the unvisited squares'
//! *shortfall*: how many usable neighbours they lack of the two each
//! needs. It is 0 when every square has two, 1 when one square has a
//! single one, and at least 2 when a branch is dead either way.
//!
//! ## Ends
//!
//! `ends` are the squares that may be last: for a path every square, or
//! the one its caller fixed; for a cycle the start's neighbours numbered
//! higher than the second square. Each undirected cycle is then found
//! exactly once, in the direction whose second square is lower-numbered
//! than its last. (From a start with two neighbours, a corner, that
//! reserves the higher neighbour for the very end, which is also what
//! makes Warnsdorff's order find cycles at once: it would otherwise use
//! that square up early.) A branch whose possible ends are all visited is
//! dead, and a complete path counts only if it stops on one of them.
//!
//! A search that halts (node budget, stop flag, or a visitor that has what
//! it wanted) returns at once without undoing its moves: the path is the
//! finder's answer, and [`Dfs::begin`] resets everything for the next
//! search.

mod set;

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use kt_board::{Board, TourKind};

pub(crate) use set::{SquareSet, Squares};

/// The stop flag is read when the node count is a multiple of 2¹⁶ (a
/// fraction of a millisecond), progress is reported every 2²⁰ nodes.
const STOP_CHECK_MASK: u64 = (1 << 16) - 1;
const PROGRESS_MASK: u64 = (1 << 20) - 1;

/// The most squares a search can take: the size of its per-square arrays.
const MAX_SQUARES: usize = 128;

/// `index`, masked so that the compiler sees it is in bounds of a
/// `MAX_SQUARES` array: the innermost loops then need no bounds checks.
#[inline]
fn slot(index: usize) -> usize {
    index & (MAX_SQUARES - 1)
}

/// Bounds on the work of a [`Dfs`], over all the searches it runs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget<'a> {
    /// Halt after this many nodes.
    pub nodes: u64,
    /// Halt soon after this flag becomes true.
    pub stop: Option<&'a AtomicBool>,
}

/// Why a search ended before exploring everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halt {
    /// The visitor has what it wanted (the finder's tour is the path).
    Visitor,
    /// The node budget ran out.
    NodeLimit,
    /// The stop flag was raised.
    Stopped,
}

/// What one user of the search decides.
pub(crate) trait Visitor<S: SquareSet> {
    /// The moves to try, in order.
    type Moves: Iterator<Item = u32>;

    /// The moves to try from the path's last square: some or all of
    /// `free`, its unvisited neighbours.
    fn moves(&mut self, dfs: &Dfs<'_, S>, free: S) -> Self::Moves;

    /// The path visits every square (and, for a cycle, closes): go on
    /// searching, or stop.
    fn complete(&mut self, dfs: &Dfs<'_, S>) -> ControlFlow<()>;

    /// `nodes` nodes have been searched (called every 2²⁰ nodes).
    fn progress(&mut self, _nodes: u64) {}
}

/// The adjacency sets of the knight's graph of `board`.
pub(crate) fn knight_graph<S: SquareSet>(board: &Board) -> Vec<S> {
    assert!(board.cells() <= S::CAPACITY, "{board} is too large a board");
    board
        .squares()
        .map(|s| {
            board
                .knight_moves(s)
                .fold(S::EMPTY, |set, t| set | S::unit(t as u32))
        })
        .collect()
}

/// The moves from one node: its free neighbours, and what
/// [`Dfs::close_node`] restores (see [`Dfs::open_node`]).
#[derive(Clone, Copy)]
pub(crate) struct Node<S> {
    pub free: S,
    detached: S,
    ends: S,
}

/// The search state: one path, grown and shrunk in place.
pub(crate) struct Dfs<'a, S> {
    adjacency: Vec<S>,
    cycle: bool,
    /// For unvisited squares: usable neighbours (see the module docs).
    usable: Box<[u8; MAX_SQUARES]>,
    /// The unvisited squares' shortfall (see the module docs).
    shortfall: u32,
    visited: S,
    /// `path[..depth]`, from the start.
    path: Box<[u32; MAX_SQUARES]>,
    depth: usize,
    /// The squares that may be last (see the module docs).
    ends: S,
    /// The path's fixed last square, if any (never for a cycle).
    end: Option<u32>,
    /// Whether `ends` leaves out some square; if not, [`Dfs::enter`] skips
    /// the test, which would cost time on every move.
    ends_restricted: bool,
    nodes: u64,
    budget: Budget<'a>,
}

// `enter`, `leave`, `open_node` and `close_node` run for every move of
// every search: forcing them inline measurably speeds up the counter.
#[allow(clippy::inline_always)]
impl<'a, S: SquareSet> Dfs<'a, S> {
    /// A search for paths (`Open`) or cycles (`Closed`) of the graph given
    /// by its adjacency sets, which must be symmetric.
    pub fn new(adjacency: Vec<S>, kind: TourKind, budget: Budget<'a>) -> Dfs<'a, S> {
        let cells = adjacency.len();
        assert!(
            cells <= S::CAPACITY && cells <= MAX_SQUARES,
            "{cells} squares are too many"
        );
        Dfs {
            adjacency,
            cycle: kind == TourKind::Closed,
            usable: Box::new([0; MAX_SQUARES]),
            shortfall: 0,
            visited: S::EMPTY,
            path: Box::new([0; MAX_SQUARES]),
            depth: 0,
            ends: S::EMPTY,
            end: None,
            ends_restricted: false,
            nodes: 0,
            budget,
        }
    }

    pub fn cells(&self) -> usize {
        self.adjacency.len()
    }

    /// Nodes searched so far, over every search this state has run.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The path, from its start.
    pub fn path(&self) -> &[u32] {
        &self.path[..self.depth]
    }

    /// The path's last square.
    fn last(&self) -> u32 {
        self.path[slot(self.depth - 1)]
    }

    pub fn is_visited(&self, square: u32) -> bool {
        self.visited.contains(square)
    }

    pub fn is_cycle(&self) -> bool {
        self.cycle
    }

    pub fn neighbours(&self, square: u32) -> S {
        self.adjacency[square as usize]
    }

    /// Unvisited neighbours of `square`.
    pub fn onward(&self, square: u32) -> u32 {
        (self.adjacency[square as usize] & !self.visited).len()
    }

    /// Where to search cycles from: the first square with the fewest
    /// neighbours, since a cycle through it is a path between two of them.
    pub fn least_connected(&self) -> u32 {
        (0..self.cells() as u32)
            .min_by_key(|&s| self.adjacency[s as usize].len())
            .unwrap_or(0)
    }

    /// Runs `visitor` over every path (or cycle) from `start`, ending at
    /// `end` if given (paths only).
    pub fn search_from<V: Visitor<S>>(
        &mut self,
        start: u32,
        end: Option<u32>,
        visitor: &mut V,
    ) -> Result<(), Halt> {
        if self.begin(start, end) {
            self.visit(visitor)
        } else {
            Ok(())
        }
    }

    /// One node: the path as it stands passed the prunings.
    fn visit<V: Visitor<S>>(&mut self, visitor: &mut V) -> Result<(), Halt> {
        self.tick(visitor)?;
        if self.depth == self.cells() {
            let last = self.last();
            if !self.ends.contains(last) {
                return Ok(());
            }
            return match visitor.complete(self) {
                ControlFlow::Continue(()) => Ok(()),
                ControlFlow::Break(()) => Err(Halt::Visitor),
            };
        }
        let node = self.open_node();
        for y in visitor.moves(self, node.free) {
            if self.enter(y) {
                self.visit(visitor)?;
            }
            self.leave(y);
        }
        self.close_node(node);
        Ok(())
    }

    fn tick<V: Visitor<S>>(&mut self, visitor: &mut V) -> Result<(), Halt> {
        self.nodes += 1;
        if self.nodes > self.budget.nodes {
            return Err(Halt::NodeLimit);
        }
        if self.nodes & STOP_CHECK_MASK == 0 {
            if self.budget.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return Err(Halt::Stopped);
            }
            if self.nodes & PROGRESS_MASK == 0 {
                visitor.progress(self.nodes);
            }
        }
        Ok(())
    }

    /// Starts afresh with the path `start`; whether it passes the
    /// prunings. The building block of [`Dfs::search_from`], and of the
    /// tree-size estimator's random probes.
    pub fn begin(&mut self, start: u32, end: Option<u32>) -> bool {
        for (usable, &neighbours) in self.usable.iter_mut().zip(&self.adjacency) {
            *usable = neighbours.len() as u8;
        }
        self.shortfall = self.usable[..self.cells()]
            .iter()
            .map(|&u| shortfall(u))
            .sum();
        self.visited = S::EMPTY;
        self.depth = 0;
        self.end = if self.cycle { None } else { end };
        self.ends = match self.end {
            _ if self.cycle => self.adjacency[start as usize],
            Some(end) => S::unit(end),
            None => !S::EMPTY,
        };
        self.ends_restricted = self.cycle || self.end.is_some();
        self.enter(start)
    }

    /// The moves from the path's last square. Its unvisited neighbours can
    /// no longer use it, except the next square (which [`Dfs::enter`]
    /// takes out of the statistics anyway) — unless it is a cycle's start,
    /// which the last square returns to. A cycle's second square fixes its
    /// direction, hence its possible last squares.
    #[inline(always)]
    pub fn open_node(&mut self) -> Node<S> {
        let last = self.last();
        let free = self.adjacency[last as usize] & !self.visited;
        let ends = self.ends;
        let mut detached = free;
        if self.cycle && self.depth <= 2 {
            if self.depth == 1 {
                detached = S::EMPTY;
            } else {
                self.ends = self.adjacency[self.path[0] as usize] & S::above(last);
            }
        }
        for w in detached.squares() {
            let usable = &mut self.usable[slot(w as usize)];
            *usable -= 1;
            if *usable < 2 {
                self.shortfall += 1;
            }
        }
        Node {
            free,
            detached,
            ends,
        }
    }

    /// Undoes [`Dfs::open_node`].
    #[inline(always)]
    pub fn close_node(&mut self, node: Node<S>) {
        for w in node.detached.squares() {
            let usable = &mut self.usable[slot(w as usize)];
            if *usable < 2 {
                self.shortfall -= 1;
            }
            *usable += 1;
        }
        self.ends = node.ends;
    }

    /// Appends `y` to the path; whether the path can still become a tour
    /// (the prunings and the ends of the module docs).
    #[inline(always)]
    pub fn enter(&mut self, y: u32) -> bool {
        self.path[slot(self.depth)] = y;
        self.depth += 1;
        self.visited |= S::unit(y);
        self.shortfall -= shortfall(self.usable[slot(y as usize)]);
        let alive = match self.shortfall {
            0 => true,
            // The one square with a single usable neighbour ends the path.
            1 => {
                !self.cycle
                    && self
                        .end
                        .is_none_or(|end| self.usable[slot(end as usize)] == 1)
            }
            _ => false,
        };
        alive
            && (!self.ends_restricted
                || self.ends & !self.visited != S::EMPTY
                || self.depth == self.cells())
    }

    /// Undoes [`Dfs::enter`].
    #[inline(always)]
    pub fn leave(&mut self, y: u32) {
        self.depth -= 1;
        self.visited &= !S::unit(y);
        self.shortfall += shortfall(self.usable[slot(y as usize)]);
    }
}

/// How many usable neighbours a square with `usable` of them lacks of the
/// two that a square inside a tour needs.
fn shortfall(usable: u8) -> u32 {
    2u32.saturating_sub(u32::from(usable))
}
