//! The open tours from one square by end square, in one sweep whose
//! states tally their paths' other end by class of square.
//!
//! A run a class of end squares (the fixed-ends sweep from `from` to one
//! square of each class) repeats, for each class, the whole sweep's work
//! up to the step that takes its end: 7×7 from a1 took 16 such runs. The
//! sweep restricted to paths with an end at `from` sees every tour from
//! `from` once, and its states can tally where the *other* end of their
//! paths lies, as the table by start square tallies both ends
//! ([`crate::tally`]).
//!
//! **The classes.** The start is fixed, so the symmetries left are those
//! that fix it (the stabilizer of `from`): two squares one of them maps
//! onto each other have as many tours from `from` ending on them, and
//! share a class. Only squares a Hamiltonian path from `from` can end on
//! take a class: the knight's graph is bipartite, so a path of an even
//! number of squares ends on the other colour, one of an odd number
//! starts and ends on the colour of more squares. `from` itself takes none (every tour from it has it as an
//! end: its tally would be the count). A square of no class is not
//! tallied ([`crate::sweep::NO_CLASS`]); a path that ends there never
//! becomes a tour. So every tour adds its count to exactly one class,
//! and the tallies add up to the count: the check the sweep carries in
//! itself. On 8×8 a square no symmetry fixes has 32 classes (the other
//! colour's squares), a square on a diagonal 16; on 7×7 a1 has 15.

use std::sync::atomic::AtomicBool;

use kt_board::{Board, Square, Symmetry, TourKind};
use num_bigint::BigUint;

use crate::count::{self, Options, SweepCount};
use crate::error::FrontierError;
use crate::order::Order;
use crate::report::Watcher;
use crate::sweep::{NO_CLASS, Sweep};
use crate::tally::MAX_TALLY_CLASSES;

/// The open tours of a board from one square by end square, from one
/// sweep: what [`count_by_end_in`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct ByEnd {
    /// Directed open tours from the square.
    pub tours: BigUint,
    /// Directed open tours from the square to each square, by square.
    pub by_square: Vec<BigUint>,
    pub outcome: SweepCount,
}

/// Each square's class for the table by end square from `from` (or
/// [`NO_CLASS`]), numbered by first square, and how many classes: the
/// orbits, under the symmetries that fix `from`, of the squares a
/// Hamiltonian path from `from` can end on (the module's comment).
pub fn end_classes_from(board: Board, from: Square) -> (Vec<u8>, usize) {
    let fixing: Vec<Symmetry> = Symmetry::group(&board)
        .into_iter()
        .filter(|g| g.apply(&board, from) == from)
        .collect();
    // A path of an even number of squares ends on the other colour; one
    // of an odd number starts and ends on the colour of more squares, the
    // corners' (0).
    let can_end = |square: Square| {
        square != from
            && if board.cells().is_multiple_of(2) {
                board.colour(square) != board.colour(from)
            } else {
                board.colour(square) == 0 && board.colour(from) == 0
            }
    };
    let mut class = vec![NO_CLASS; board.cells()];
    let mut count = 0usize;
    for square in board.squares().filter(|&s| can_end(s)) {
        if class[square] != NO_CLASS {
            continue;
        }
        let c = u8::try_from(count).unwrap_or(NO_CLASS);
        for g in &fixing {
            class[g.apply(&board, square)] = c;
        }
        count += 1;
    }
    (class, count)
}

/// Whether the open tours of `board` from `from` by end square come from
/// one sweep with tallies ([`count_by_end_in`]): a board of two squares
/// or more, `from` on it, and at most [`MAX_TALLY_CLASSES`] classes.
pub fn end_tallies_fit(board: Board, from: Square) -> bool {
    board.cells() >= 2
        && from < board.cells()
        && end_classes_from(board, from).1 <= MAX_TALLY_CLASSES
}

/// The directed open tours of `order`'s board from `from`, by end square,
/// in one sweep with tallies of the paths' other end by class of square:
/// about one fixed-start sweep's states, where a run a class of end
/// squares repeats the sweep for each. `Ok(None)` where the sweep cannot
/// keep tallies ([`end_tallies_fit`]); the caller counts a class at a
/// time there. The tallies add up to the count, which the count checks.
/// A start no tour can have (a square of an odd board's minority colour)
/// counts 0 without work.
pub fn count_by_end_in(
    order: &Order,
    from: Square,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<Option<ByEnd>, FrontierError> {
    let board = order.board();
    if !end_tallies_fit(board, from) {
        return Ok(None);
    }
    count::fits(order, TourKind::Open)?;
    let (classes, count) = end_classes_from(board, from);
    if count == 0 {
        // No square a path from `from` can end on (a square of the
        // minority colour of an odd board): no tour, and no work.
        return by_end_of(board, from, SweepCount::empty(order.width(TourKind::Open))).map(Some);
    }
    let sweep = Sweep::tallied_from(order, from, &classes);
    let outcome = count::count_cycles(&sweep, options, watcher, cancel)?;
    by_end_of(board, from, outcome).map(Some)
}

/// The table by end square from a finished sweep of [`count_by_end_in`]:
/// each class's tours shared out over its squares. The count checks
/// itself: the tallies must add up to the tours from `from` (the sweep's
/// cycles: each is one path with an end at `from`, one directed tour from
/// it), and each class's share evenly over its squares, or the table is
/// not given ([`FrontierError::Inconsistent`]).
pub fn by_end_of(
    board: Board,
    from: Square,
    mut outcome: SweepCount,
) -> Result<ByEnd, FrontierError> {
    let (class, classes) = end_classes_from(board, from);
    let mut by_class = vec![BigUint::ZERO; classes];
    for (c, tours) in std::mem::take(&mut outcome.prefixes) {
        if let Some(slot) = by_class.get_mut(c) {
            *slot = tours;
        }
    }
    let size = |c: usize| class.iter().filter(|&&x| usize::from(x) == c).count() as u32;
    let summed: BigUint = by_class.iter().sum();
    let whole = by_class
        .iter()
        .enumerate()
        .all(|(c, t)| t % size(c) == BigUint::ZERO);
    if summed != outcome.cycles || !whole {
        return Err(FrontierError::Inconsistent(format!(
            "the tallies by end square add up to {summed} directed tours, not the count's {}, or do not share out evenly over their squares: the table is not given",
            outcome.cycles
        )));
    }
    let by_square = class
        .iter()
        .map(|&c| match by_class.get(usize::from(c)) {
            Some(t) => t / size(usize::from(c)),
            None => BigUint::ZERO,
        })
        .collect();
    Ok(ByEnd {
        tours: outcome.cycles.clone(),
        by_square,
        outcome,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The classes the module's comment counts.
    #[test]
    fn the_classes_are_the_ends_a_path_can_take_up_to_the_start_s_symmetries() {
        let b8 = Board::square(8).unwrap();
        // a1 (row 7, column 0) sits on a diagonal; b1 on none.
        assert_eq!(end_classes_from(b8, 56).1, 16);
        assert_eq!(end_classes_from(b8, 57).1, 32);
        let b7 = Board::square(7).unwrap();
        assert_eq!(end_classes_from(b7, 42).1, 15);
        // d4, the centre, fixed by all eight symmetries.
        assert_eq!(end_classes_from(b7, 24).1, 5);
        let (class, _) = end_classes_from(b7, 42);
        assert_eq!(class[42], NO_CLASS);
        // b1 is of the other colour: no path of 49 squares ends there,
        // nor starts.
        assert_eq!(class[43], NO_CLASS);
        assert_eq!(end_classes_from(b7, 43).1, 0);
        assert!(end_tallies_fit(b8, 57));
        // c9 on 9×9: 40 squares of its colour besides it, and no symmetry.
        assert!(!end_tallies_fit(Board::square(9).unwrap(), 2));
        assert!(!end_tallies_fit(Board::new(1, 1).unwrap(), 0));
    }
}
