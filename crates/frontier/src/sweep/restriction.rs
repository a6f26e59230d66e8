//! Counts with required or forbidden moves, and between two given squares.

use kt_board::{Board, Square, TourKind};

use super::Sweep;
use crate::order::Order;

/// What a restriction says about one edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    Free,
    /// Every counted tour makes this move.
    Required,
    /// No counted tour makes this move.
    Forbidden,
}

/// Tours with some moves required or forbidden: how the frontier method
/// counts open tours from a given start or between given ends (a square is
/// an end exactly when the path uses its edge to the apex) and closed tours
/// through a given move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Restriction {
    /// Squares that must be ends of the path (open tours: at most two).
    pub ends: Vec<Square>,
    /// Whether the squares of `ends` are the only ones allowed to be ends.
    pub only_these_ends: bool,
    /// Moves the tour must make.
    pub moves: Vec<(Square, Square)>,
}

impl Restriction {
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty() && !self.only_these_ends && self.moves.is_empty()
    }
}

impl Sweep {
    /// The sweep of `board` for `kind` tours that obey `restriction`, in
    /// the columns order.
    pub fn restricted(board: Board, kind: TourKind, restriction: &Restriction) -> Sweep {
        Sweep::restricted_in(&Order::columns(board), kind, restriction)
    }

    /// The sweep for `kind` tours that obey `restriction`, in `order`.
    /// Squares and moves are the board's (moves that are not knight's
    /// moves are never made, so requiring one leaves no tour).
    pub fn restricted_in(order: &Order, kind: TourKind, restriction: &Restriction) -> Sweep {
        Sweep::build(order, kind, restriction, None)
    }

    /// The sweep of the Hamiltonian paths of `board` from `from` to `to`
    /// (two distinct squares): the fixed-ends sweep.
    ///
    /// There is no apex. The two end squares are *terminals*, vertices of
    /// degree 1, and the sweep counts the Hamiltonian cycles of the board
    /// plus one *virtual* edge between them that use it: every path from
    /// `from` to `to`, closed by the virtual edge, is such a cycle, once.
    /// The virtual edge never takes a frontier slot. While only one
    /// terminal has entered the frontier, the end of the path hanging from
    /// it through the virtual edge is marked as tied to the virtual slot
    /// (`transition.rs`); when the second enters, it is tied to that end as
    /// its mate. So the frontier is one slot narrower than the apex sweep's
    /// and no square but the two terminals may end a path, which the room
    /// check then enforces as for closed tours.
    ///
    /// A knight's move changes a square's colour, so a path covering the
    /// board ends on opposite colours when the board has as many squares of
    /// each, and on the majority colour at both ends otherwise; other pairs
    /// have no path, and their sweep is [`Sweep::impossible`].
    pub fn between(board: Board, from: Square, to: Square) -> Sweep {
        Sweep::between_in(&Order::columns(board), from, to)
    }

    /// [`Sweep::between`] in `order`.
    pub fn between_in(order: &Order, from: Square, to: Square) -> Sweep {
        let board = order.board();
        let cells = board.cells();
        let on_board = from < cells && to < cells && from != to;
        let colours_fit = on_board && {
            let (a, b) = (board.colour(from), board.colour(to));
            if cells.is_multiple_of(2) {
                a != b
            } else {
                // The majority colour is that of square 0.
                a == board.colour(0) && b == board.colour(0)
            }
        };
        let mut sweep = Sweep::build(
            order,
            TourKind::Open,
            &Restriction::default(),
            Some((from, to)),
        );
        sweep.impossible |= !colours_fit;
        sweep
    }

    /// Writes the rules of `restriction` into the steps.
    pub(super) fn apply(&mut self, restriction: &Restriction) {
        let cells = self.cells();
        let mut rules: Vec<(usize, usize, Rule)> = Vec::new();
        for &(a, b) in &restriction.moves {
            if a < cells && b < cells {
                rules.push((self.vertex[a], self.vertex[b], Rule::Required));
            } else {
                self.impossible = true;
            }
        }
        match self.apex {
            None => self.impossible |= !restriction.ends.is_empty(),
            Some(apex) => {
                if restriction.only_these_ends {
                    rules.extend((0..cells).map(|v| (v, apex, Rule::Forbidden)));
                }
                for &end in &restriction.ends {
                    if end < cells {
                        rules.push((self.vertex[end], apex, Rule::Required));
                    } else {
                        self.impossible = true;
                    }
                }
            }
        }
        for (v, w, rule) in rules {
            let (low, high) = (v.min(w), v.max(w));
            match self.later[low].iter().position(|&x| x == high) {
                Some(i) => self.steps[low].rules[i] = rule,
                None if rule == Rule::Required => self.impossible = true,
                None => {}
            }
        }
        let mut later = false;
        for step in self.steps.iter_mut().rev() {
            step.required_later = later;
            later |= step.rules.contains(&Rule::Required);
        }
    }

    /// The end squares' vertices of a fixed-ends sweep, the first to enter
    /// the frontier first.
    pub fn terminals(&self) -> Option<[usize; 2]> {
        self.terminals
    }
}
