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

/// The knight's moves of a board as bit sets, for scoring orders fast.
#[derive(Clone, Debug)]
pub struct Moves {
    words: usize,
    /// Square → the squares a move away, `words` words each.
    neighbours: Vec<u64>,
}

impl Moves {
    pub fn new(board: Board) -> Moves {
        let words = board.cells().div_ceil(64).max(1);
        let mut neighbours = vec![0u64; board.cells() * words];
        for s in board.squares() {
            for t in board.knight_moves(s) {
                neighbours[s * words + t / 64] |= 1 << (t % 64);
            }
        }
        Moves { words, neighbours }
    }

    /// Calls `width` with the frontier's width after each step of taking
    /// `squares` in order.
    #[inline]
    pub fn widths(&self, squares: &[Square], mut width: impl FnMut(usize)) {
        let w = self.words;
        // Squares taken, and squares a move from one taken.
        let mut taken = vec![0u64; w];
        let mut touched = vec![0u64; w];
        for (m, &s) in squares.iter().enumerate() {
            taken[s / 64] |= 1 << (s % 64);
            let near = &self.neighbours[s * w..(s + 1) * w];
            let mut count = 0;
            for k in 0..w {
                touched[k] |= near[k];
                count += (touched[k] & !taken[k]).count_ones() as usize;
            }
            // The next square is on the frontier whether touched or not.
            if let Some(&next) = squares.get(m + 1)
                && (touched[next / 64] >> (next % 64)) & 1 == 0
            {
                count += 1;
            }
            width(count);
        }
    }
}

#[cfg(test)]
mod tests {
    use kt_board::TourKind;

    use super::*;
    use crate::order::Order;
    use crate::sweep::Sweep;

    /// The profile is the sweep's frontier, step by step, in the columns
    /// and in a scrambled order.
    #[test]
    fn the_profile_is_the_sweeps_frontier() {
        for (r, c) in [(3, 4), (5, 5), (6, 7), (8, 8), (4, 9)] {
            let board = Board::new(r, c).unwrap();
            let columns = Order::columns(board);
            let mut scrambled: Vec<Square> = board.squares().collect();
            let mut seed = 0x9E37_79B9_7F4A_7C15u64;
            for i in (1..scrambled.len()).rev() {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                scrambled.swap(i, (seed >> 33) as usize % (i + 1));
            }
            let scrambled = Order::from_squares(board, scrambled).unwrap();
            for order in [columns, scrambled] {
                let sweep = Sweep::ordered(&order, TourKind::Closed);
                let widths: Vec<usize> = sweep.steps().iter().map(|s| s.after.len()).collect();
                assert_eq!(order.profile().after, widths, "{board}");
                assert_eq!(order.width(TourKind::Closed), sweep.width(), "{board}");
                let open = Sweep::ordered(&order, TourKind::Open);
                assert_eq!(order.width(TourKind::Open), open.width(), "{board}");
            }
        }
    }
}
