//! Tours up to the board's symmetries ("geometrically distinct" tours), by
//! Burnside's lemma: the number of orbits of the group `G` acting on the
//! undirected tours is `(1/|G|) Σ_g fix(g)`, where `fix(g)` counts the
//! undirected tours that `g` maps onto themselves.
//!
//! An undirected closed tour is fixed by `g` when `g` maps its set of moves
//! onto itself; an undirected open tour (a path) when `g` maps the path
//! onto itself or onto its reverse. `docs/symmetry.md` derives this and
//! explains why the time-sliced family needs the reverse: it holds each
//! path once per direction, so the directed paths `P` with `g(P) = P` or
//! `g(P) = reverse(P)` are exactly twice the undirected fixed ones.
//!
//! The fixed tours are counted in one of two ways, both exact:
//!
//! * the methods with a family of tours (the time-sliced ZDD, the edge
//!   diagram) go through the tours of their diagram one at a time and
//!   check each against every symmetry ([`FixedTours`]); on the boards
//!   those diagrams reach this takes seconds (6×6 open has 6.6 million
//!   directed tours), and beyond [`MAX_ENUMERATED`] sets the request is
//!   refused rather than left running for days;
//! * the frontier and backtracking methods count the tours (what the
//!   identity fixes) and search every other symmetry's fixed tours on the
//!   quotient of the board by the symmetry's group ([`by_quotients`],
//!   `kt_tours::symmetric`), which reaches 8×8: a symmetric tour is
//!   determined by the part of it that meets each orbit of squares once.
//!
//! The sum must be divisible by `|G|`; a remainder is a bug, reported as an
//! internal error, never rounded away.

use kt_board::{Board, Square, Symmetry, TourKind};
use kt_tours::symmetric::{FixedError, count_fixed};
use num_bigint::BigUint;

use crate::failure::Failure;
use crate::observer::Watch;
use crate::report::{Fixed, SymmetryReport};
use crate::words::Word;

/// The most tours (sets of the diagram) the enumeration goes through.
pub const MAX_ENUMERATED: u64 = 1 << 28;

/// Counts the tours fixed by each symmetry of the board, tour by tour.
pub(crate) struct FixedTours {
    board: Board,
    kind: TourKind,
    group: Vec<Symmetry>,
    tables: Vec<Vec<Square>>,
    fixed: Vec<u64>,
    /// Positions of each square in the current tour, reused.
    position: Vec<usize>,
}

impl FixedTours {
    pub(crate) fn new(board: Board, kind: TourKind) -> FixedTours {
        let group = Symmetry::group(&board);
        let tables = group.iter().map(|g| g.table(&board)).collect();
        FixedTours {
            board,
            kind,
            fixed: vec![0; group.len()],
            group,
            tables,
            position: vec![0; board.cells()],
        }
    }

    /// Takes one tour, as its squares in order.
    pub(crate) fn add(&mut self, tour: &[Square]) {
        let n = tour.len();
        for (t, &s) in tour.iter().enumerate() {
            self.position[s] = t;
        }
        for (g, table) in self.tables.iter().enumerate() {
            let fixed = match self.kind {
                // As a path: onto itself, or onto its reverse.
                TourKind::Open => {
                    tour.iter().all(|&s| table[s] == s)
                        || tour
                            .iter()
                            .enumerate()
                            .all(|(t, &s)| table[s] == tour[n - 1 - t])
                }
                // As a set of moves: every move goes to a move.
                TourKind::Closed => (0..n).all(|t| {
                    let (a, b) = (table[tour[t]], table[tour[(t + 1) % n]]);
                    let (pa, pb) = (self.position[a], self.position[b]);
                    pa.abs_diff(pb) == 1 || pa.abs_diff(pb) == n - 1
                }),
            };
            self.fixed[g] += u64::from(fixed);
        }
    }

    /// The report, given whether each undirected tour was added once
    /// (`per_tour = 1`) or once per direction (`2`).
    pub(crate) fn finish(
        self,
        per_tour: u64,
        method: String,
    ) -> Result<(SymmetryReport, BigUint), Failure> {
        let order = self.group.len();
        let fixed: Vec<u64> = self.fixed.iter().map(|&f| f / per_tour).collect();
        if self.fixed.iter().any(|&f| f % per_tour != 0) {
            return Err(Failure::other(format!(
                "internal error: the fixed tours of {} {} are not counted once per direction",
                self.kind, self.board
            )));
        }
        let sum: u64 = fixed.iter().sum();
        let orbits = divide(&BigUint::from(sum), order, &self.board, self.kind)?;
        let report = SymmetryReport {
            group_order: order,
            fixed: Fixed(
                self.group
                    .iter()
                    .zip(&fixed)
                    .map(|(g, f)| (g.name().to_string(), f.to_string()))
                    .collect(),
            ),
            orbits: orbits.clone(),
            method,
        };
        Ok((report, orbits))
    }
}

/// Counts the tours fixed by each symmetry on the quotient of the board by
/// the symmetry (`kt_tours::symmetric`), given the undirected count, which
/// is what the identity fixes. This reaches boards whose tours are far too
/// many to go through: a symmetric tour is determined by the part of it
/// that meets each orbit of squares once.
///
/// Returns `None` when `cancel` stopped a search; the caller reports the
/// interruption.
pub(crate) fn by_quotients(
    board: Board,
    kind: TourKind,
    undirected: &BigUint,
    identity_method: &str,
    watch: Watch<'_>,
) -> Result<Option<(SymmetryReport, BigUint)>, Failure> {
    let group = Symmetry::group(&board);
    let order = group.len();
    let mut fixed = Vec::with_capacity(order);
    let mut sum = BigUint::ZERO;
    // One note for the searches, not one a symmetry (seven lines before
    // the answer on a square board).
    let others: Vec<String> = group
        .iter()
        .filter(|&&g| g != Symmetry::Identity)
        .map(|g| g.name().to_string())
        .collect();
    if !others.is_empty() {
        watch.observer.note(
            &format!(
                "counting the tours each other symmetry maps onto themselves ({}), on the quotient of the board by it",
                others.join(", ")
            )
            .into(),
        );
    }
    for &g in &group {
        let count = if g == Symmetry::Identity {
            undirected.clone()
        } else {
            match count_fixed(board, kind, g, watch.cancel.flag()) {
                Ok(found) => BigUint::from(found.tours),
                Err(FixedError::Stopped) => return Ok(None),
                Err(e @ FixedError::TooManyOrbits { .. }) => {
                    return Err(Failure::refused(crate::words::message!(
                        Word::UpToSymmetry,
                        format!(": {e}")
                    )));
                }
                Err(FixedError::Internal(why)) => {
                    return Err(Failure::other(format!("internal error: {why}")));
                }
            }
        };
        sum += &count;
        fixed.push((g.name().to_string(), count.to_string()));
    }
    let orbits = divide(&sum, order, &board, kind)?;
    let report = SymmetryReport {
        group_order: order,
        fixed: Fixed(fixed),
        orbits: orbits.clone(),
        method: format!(
            "the identity fixes every tour ({identity_method}); every other symmetry's fixed tours searched on the quotient of the board by its group"
        ),
    };
    Ok(Some((report, orbits)))
}

/// The undirected count, from a method's count: open tours are counted
/// directed, each path once per direction (the one-square path once).
pub(crate) fn undirected(count: &BigUint, board: &Board, kind: TourKind) -> BigUint {
    if kind == TourKind::Open && board.cells() > 1 {
        count / 2u32
    } else {
        count.clone()
    }
}

/// Burnside's quotient, refusing a remainder: the group's fixed tours
/// always add up to a multiple of its order, so a remainder is a bug.
fn divide(sum: &BigUint, order: usize, board: &Board, kind: TourKind) -> Result<BigUint, Failure> {
    let order = BigUint::from(order);
    if sum % &order != BigUint::ZERO {
        return Err(Failure::other(format!(
            "internal error: the fixed {kind} tours of {board} add up to {sum}, which {order} does not divide (Burnside's lemma)"
        )));
    }
    Ok(sum / order)
}

/// The report for a board without tours: every symmetry fixes none.
pub(crate) fn none(board: &Board) -> SymmetryReport {
    let group = Symmetry::group(board);
    SymmetryReport {
        group_order: group.len(),
        fixed: Fixed(
            group
                .iter()
                .map(|g| (g.name().to_string(), "0".to_string()))
                .collect(),
        ),
        orbits: BigUint::ZERO,
        method: "a theorem: the board has no tour of this kind".into(),
    }
}

/// Refuses an enumeration of more than [`MAX_ENUMERATED`] sets.
pub(crate) fn check_size(count: &BigUint, board: &Board, kind: TourKind) -> Result<(), Failure> {
    if *count > BigUint::from(MAX_ENUMERATED) {
        return Err(Failure::refused(crate::words::message!(
            Word::UpToSymmetry,
            format!(
                " goes through the tours one at a time: the {count} of {kind} {board} are more than the {MAX_ENUMERATED} it goes through"
            )
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_fixed_by_a_half_turn() {
        // 3x4: a path and its half-turn image, which is its reverse.
        let b = Board::new(3, 4).unwrap();
        let tour = [0, 6, 8, 1, 7, 9, 2, 4, 10, 3, 5, 11];
        let mut fixed = FixedTours::new(b, TourKind::Open);
        fixed.add(&tour);
        let rot180: Vec<usize> = tour.iter().map(|&s| 11 - s).collect();
        let reverse: Vec<usize> = tour.iter().rev().copied().collect();
        let by_half_turn = usize::from(rot180 == tour || rot180 == reverse);
        let i = fixed
            .group
            .iter()
            .position(|&g| g == Symmetry::Rot180)
            .unwrap();
        assert_eq!(fixed.fixed[i], by_half_turn as u64);
        assert_eq!(fixed.fixed[0], 1, "the identity fixes every tour");
    }
}
