//! The classes of end squares a sweep with tallies keeps, and the rules
//! that keep open tours by where their ends lie.

use kt_board::{Board, Square, Symmetry, TourKind};

use super::{Restriction, Rule, Sweep};
use crate::order::Order;

/// The most classes of end squares a sweep with tallies keeps
/// ([`Sweep::tallied`]): the widest tally's 32 (7×9 to 8×10 have twenty,
/// 6×11 eighteen; measured: 6×11's table in 52 s against 141 s a class
/// at a time); a board with more (3×33, 9×10: 25 fits, 6×21: 33 does
/// not) is counted a class at a time.
pub const MAX_END_CLASSES: usize = crate::tally::MAX_TALLY_CLASSES;

/// The class of a square no tally counts ([`Sweep::end_class`]: `None`):
/// the start of a table by end square, and the squares no tour from it
/// can end on.
pub(crate) const NO_CLASS: u8 = u8::MAX;

/// Whether the open tours of `board` by start square come from one sweep
/// with tallies (`count_by_start_in`): a board of two squares or more
/// and at most [`MAX_END_CLASSES`] classes of squares.
pub fn tallies_fit(board: Board) -> bool {
    board.cells() >= 2 && Sweep::end_classes(board).1 <= MAX_END_CLASSES
}

/// Which open tours a sweep keeps by where their ends lie; at a step, the
/// rules that drop a state after it ([`Sweep::end_rules_at`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EndRules {
    /// Only the tours whose two ends lie in one column
    /// ([`Sweep::ends_in_one_column`]); at a step, the last of its column:
    /// a state whose apex has one edge after it is dropped.
    pub one_column: bool,
    /// Only the tours whose first end (in the order) differs in colour
    /// from the order's first square ([`Sweep::first_end_unlike_the_corner`]);
    /// at a step, whose square has the corner's colour: a state that takes
    /// its first apex edge there is dropped.
    pub first_unlike_the_corner: bool,
}

impl Sweep {
    /// Whether every step of an open sweep checks the colour balance: a
    /// whole count, or a sweep of the boards of whole columns (not of
    /// first cells, where every balance is some prefix's). The rules on
    /// where the ends lie are asked with that check (`transition.rs`).
    pub(super) fn colour_checked(&self) -> bool {
        !self.prefixes || self.steps.iter().all(|s| s.board_targets.is_some())
    }

    /// Whether the order takes the board column by column, each from its
    /// top row (as [`Order::columns`] does a strip longer than tall).
    pub(super) fn by_columns(&self) -> bool {
        let rows = self.board.rows();
        self.order
            .squares()
            .iter()
            .enumerate()
            .all(|(v, &s)| s == self.board.square_at(v % rows, v / rows))
    }

    /// This sweep of open tours, in its columns order, counting only the
    /// tours whose two ends lie in one column: Knuth's "type X" of the 3×n
    /// open tours (A169770). A path's ends are its apex edges, and the
    /// apex edges of a column's squares are all decided once the column's
    /// last square is; so after that step a state whose apex has one edge
    /// has its second end still to come in a later column, and is dropped
    /// (`transition.rs`). Every other state goes on as before, and the
    /// fold by the reflection top to bottom keeps every column. A whole
    /// count and a sweep of the boards of whole columns alike. `None` where
    /// the tours are closed, the order is not the columns order, or the
    /// sweep counts first cells (a prefix of a column has no column's end).
    #[must_use]
    pub fn ends_in_one_column(mut self) -> Option<Sweep> {
        if self.apex.is_none() || !self.by_columns() || !self.colour_checked() {
            return None;
        }
        self.end_rules.one_column = true;
        Some(self)
    }

    /// This sweep of open tours, in its columns order, counting only the
    /// tours whose first end in the order (on a strip: the end in the
    /// column further left, or the upper of two in one column) differs in
    /// colour from the order's first square, the top left corner. With
    /// [`Sweep::ends_in_one_column`] and without, it sorts Knuth's 3×n
    /// open tours whose ends lie in different columns by the colour of
    /// the end nearer the left corner: his "type B" (A169772) is this
    /// sweep's count less that of the one with both rules, and "type F"
    /// (A169771) the rest of them. The first end of a path is the first
    /// apex edge a state takes; a state that takes it at a square of the
    /// corner's colour is dropped (`transition.rs`). The fold by the
    /// reflection top to bottom keeps a square's colour on an odd number
    /// of rows only, so a folded sweep of an even number of rows is
    /// refused, as are closed tours, other orders, sweeps of first cells
    /// and restricted sweeps.
    #[must_use]
    pub fn first_end_unlike_the_corner(mut self) -> Option<Sweep> {
        let unrestricted = self
            .steps
            .iter()
            .all(|s| s.rules.iter().all(|&r| r == Rule::Free));
        let folded = self.steps.iter().any(|s| !s.mirrors.is_empty());
        let colours_kept = self.board.rows() % 2 == 1 || !folded;
        if self.apex.is_none()
            || !self.by_columns()
            || !unrestricted
            || !colours_kept
            || !self.colour_checked()
        {
            return None;
        }
        self.end_rules.first_unlike_the_corner = true;
        Some(self)
    }

    /// Which open tours the sweep keeps by where their ends lie
    /// ([`Sweep::ends_in_one_column`], [`Sweep::first_end_unlike_the_corner`]).
    pub fn end_rules(&self) -> EndRules {
        self.end_rules
    }

    /// The rules on where the ends lie that drop a state after `vertex`'s
    /// step: one column's, where `vertex` is its column's last square; the
    /// first end's, where its square has the corner's colour.
    pub fn end_rules_at(&self, vertex: usize) -> EndRules {
        EndRules {
            one_column: self.end_rules.one_column && (vertex + 1).is_multiple_of(self.board.rows()),
            first_unlike_the_corner: self.end_rules.first_unlike_the_corner
                && self.board.colour(self.square[vertex]) == self.board.colour(self.square[0]),
        }
    }

    /// This whole count of open tours with tallies of the paths' ends by
    /// class of square ([`crate::tally`]): the cycles the sweep closes come
    /// with the directed tours from each class, and the classes are the
    /// orbits of the board's whole symmetry group ([`Sweep::end_classes`]),
    /// so the sweep folds as the whole count does. `None` for a closed or
    /// restricted sweep (no apex, or ends the tallies would not see), and
    /// for a board of more than [`MAX_END_CLASSES`] classes.
    pub fn tallied(order: &Order, kind: TourKind, fold: bool) -> Option<Sweep> {
        if kind != TourKind::Open {
            return None;
        }
        let board = order.board();
        if !tallies_fit(board) {
            return None;
        }
        let (classes, _) = Sweep::end_classes(board);
        let mut sweep = Sweep::ordered(order, kind);
        sweep.end_classes = Some(sweep.square.iter().map(|&sq| classes[sq]).collect());
        Some(if fold { sweep.folded() } else { sweep })
    }

    /// Each square's class, numbered by first square, and how many
    /// classes: the orbits of the squares under the board's whole
    /// symmetry group (what a table by start square repeats).
    pub fn end_classes(board: Board) -> (Vec<u8>, usize) {
        let group = Symmetry::group(&board);
        let mut class = vec![u8::MAX; board.cells()];
        let mut count = 0usize;
        for square in 0..board.cells() {
            if class[square] != u8::MAX {
                continue;
            }
            let c = u8::try_from(count).unwrap_or(u8::MAX);
            for &symmetry in &group {
                class[symmetry.apply(&board, square)] = c;
            }
            count += 1;
        }
        (class, count)
    }

    /// The open tours from `from` with tallies of their other end by
    /// class of square (`classes`, a square's class or [`NO_CLASS`]; the
    /// table by end square, [`crate::by_end`]): the sweep restricted to
    /// paths with an end at `from`, unfolded (a fixed start breaks the
    /// board's symmetry).
    pub(crate) fn tallied_from(order: &Order, from: Square, classes: &[u8]) -> Sweep {
        let restriction = Restriction {
            ends: vec![from],
            only_these_ends: false,
            moves: Vec::new(),
        };
        let mut sweep = Sweep::restricted_in(order, TourKind::Open, &restriction);
        sweep.end_classes = Some(sweep.square.iter().map(|&sq| classes[sq]).collect());
        sweep
    }

    /// A sweep with tallies: the class of vertex `v`'s square, `None`
    /// where no tally counts it.
    pub fn end_class(&self, v: usize) -> Option<usize> {
        self.end_classes
            .as_ref()
            .and_then(|c| c.get(v))
            .filter(|&&c| c != NO_CLASS)
            .map(|&c| usize::from(c))
    }

    /// A sweep with tallies: how many classes its tallies have.
    pub fn tallies(&self) -> Option<usize> {
        self.end_classes.as_ref().map(|c| {
            c.iter()
                .filter(|&&x| x != NO_CLASS)
                .map(|&x| usize::from(x) + 1)
                .max()
                .unwrap_or(0)
        })
    }
}
