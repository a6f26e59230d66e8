//! The frontier widths of an order, step by step, without planning a sweep.
//!
//! After step `m` the frontier holds the later squares that a knight's move
//! joins to a square already taken, and the next square to take (Knuth's
//! extended frontier, as [`crate::Sweep`] plans it). Its width bounds the
//! states a level can hold, so the widths are what an order search scores
//! and what decides the key a sweep needs. Computed with bit sets, one
//! pass over the steps: the search scores millions of orders this way.

use kt_board::{Board, Square};

/// The widths of an order's frontiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// The squares on the frontier after each step (the apex of open tours
    /// not counted).
    pub after: Vec<usize>,
}

impl Profile {
    /// The profile of taking `squares` (every square of `board` once) in
    /// that order.
    pub fn of(board: Board, squares: &[Square]) -> Profile {
        let moves = Moves::new(board);
        let mut after = Vec::with_capacity(squares.len());
        moves.widths(squares, |w| after.push(w));
        Profile { after }
    }

    /// The widest frontier, before or after any step (the first square
    /// alone before the first step).
    pub fn widest(&self) -> usize {
        self.after.iter().copied().max().unwrap_or(0).max(1)
    }
}

/// The knight's moves of a board as flat neighbour lists, for scoring
/// orders fast: one pass over the steps, eight neighbours a step, and two
/// flags a square, whatever the board's size (a bit set a square would
/// take `n²/8` bytes, a gigabyte at 90,000 squares).
#[derive(Clone, Debug)]
pub struct Moves {
    /// Square → its neighbours, `first[s] .. first[s + 1]` of `neighbours`.
    first: Vec<u32>,
    neighbours: Vec<u32>,
}

impl Moves {
    pub fn new(board: Board) -> Moves {
        let mut first = Vec::with_capacity(board.cells() + 1);
        let mut neighbours = Vec::with_capacity(board.cells() * 8);
        for s in board.squares() {
            first.push(neighbours.len() as u32);
            neighbours.extend(board.knight_moves(s).map(|t| t as u32));
        }
        first.push(neighbours.len() as u32);
        Moves { first, neighbours }
    }

    /// Calls `width` with the frontier's width after each step of taking
    /// `squares` in order.
    ///
    /// The frontier is the squares touched (a move from a square taken)
    /// and not taken; its size changes by one for each square newly
    /// touched and one for the square taken if it was on it.
    #[inline]
    pub fn widths(&self, squares: &[Square], mut width: impl FnMut(usize)) {
        let n = self.first.len() - 1;
        // Bit 0: taken; bit 1: touched.
        let mut flags = vec![0u8; n];
        let mut on_frontier = 0usize;
        for (m, &s) in squares.iter().enumerate() {
            on_frontier -= usize::from(flags[s] == 2);
            flags[s] |= 1;
            let (from, to) = (self.first[s] as usize, self.first[s + 1] as usize);
            for &t in &self.neighbours[from..to] {
                let f = &mut flags[t as usize];
                on_frontier += usize::from(*f == 0);
                *f |= 2;
            }
            // The next square is on the frontier whether touched or not.
            let next = squares
                .get(m + 1)
                .map_or(0, |&t| usize::from(flags[t] & 2 == 0));
            width(on_frontier + next);
        }
    }
}
