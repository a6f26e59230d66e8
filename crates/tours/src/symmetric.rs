//! Tours that one symmetry of the board maps onto themselves, counted on
//! the quotient of the knight's graph by the symmetry's cyclic group.
//!
//! Burnside's lemma needs, for each symmetry `g`, the number `fix(g)` of
//! undirected tours `g` maps onto themselves (`docs/symmetry.md`). Going
//! through every tour works while the tours are few; 8×8 has 13 trillion
//! closed ones. But a tour that `g` fixes is determined by a fraction of
//! itself, and that fraction is a Hamiltonian walk of a graph with
//! `1/|⟨g⟩|` of the vertices: the squares taken up to `g`, its *orbits*.
//! This module finds those walks by depth-first search.
//!
//! ## How `g` can act on a tour it fixes
//!
//! Let `k` be the order of `g` (1, 2 or 4) and `f` the squares it fixes.
//! A tour fixed by `g` is a cycle (or path) of the graph that `g` maps
//! onto itself, so `g` acts on it as an automorphism of a cycle (a
//! rotation or a reflection) or of a path (the identity or the reversal).
//!
//! **Closed tours**, cycles of `N` squares:
//!
//! * **rotation** (needs `f = 0`): `g` moves every square `N/k` places on
//!   (or back). The first `N/k` squares from any square `r` meet every
//!   orbit once, and the next move goes to `g(r)` or `g⁻¹(r)` (for
//!   `k = 4`, to `g^j(r)` with `j` odd: `g²` must not close it early).
//!   Conversely every such walk, closed that way and copied by `g`, is a
//!   fixed tour. Each tour is found twice from `r`, once per direction.
//! * **reflection** (needs `k = 2`): a reflection of a cycle fixes two
//!   of its squares or two of its moves, and nothing else. A fixed move
//!   joins a square to its image, a *self-move* `s–g(s)`; a fixed square
//!   is one `g` fixes, so `f` must be 0, 1 or 2. The tour is then two
//!   mirror halves, each meeting every orbit once, joined at the two fixed
//!   places. The search starts at one fixed place (the lowest fixed
//!   square, or the lowest square of an orbit with a self-move) and stops
//!   at the other. Each tour is found twice: from each fixed place when
//!   `f = 0`, by each half from the one start otherwise.
//!
//! **Open tours**, paths: `g ≠ id` must reverse the path (mapping it onto
//! itself square by square would make `g` the identity), so `k = 2` and
//! the middle of the path is fixed: its middle square (`N` odd, `f = 1`)
//! or its middle move, a self-move (`f = 0`). The search walks the half
//! from the middle to an end, meeting every orbit once. From the fixed
//! middle square both halves are found; from the lowest square of a
//! self-move's orbit exactly one. The identity fixes every tour: the
//! walks then cover the whole board from every square, twice per tour.
//!
//! Each case divides exactly; a remainder would be a bug, and is reported
//! as one rather than rounded.
//!
//! ## The search
//!
//! A walk moves on the knight's graph itself, so each of its moves is a
//! real move, but it marks orbits visited, not squares. It prunes as the
//! backtracking counter does (`crate::dfs`), on orbits: an unvisited orbit
//! needs two orbits it can still be joined through (one for the walk's
//! last orbit when the walk is a path), counted on the quotient graph,
//! where two orbits are adjacent when some move joins them. Since `g`
//! carries moves to moves, every square of an orbit has the same
//! neighbouring orbits, so the pruning only cuts walks with no future.

use std::sync::atomic::{AtomicBool, Ordering};

use kt_board::{Board, Square, Symmetry, TourKind};

/// The most orbits a search handles: one bit of a `u128` each.
pub const MAX_ORBITS: usize = 128;

/// The stop flag is read every 2¹⁶ search nodes.
const STOP_CHECK_MASK: u64 = (1 << 16) - 1;

/// Why no count came back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FixedError {
    /// The quotient has more than [`MAX_ORBITS`] orbits.
    #[error(
        "the tours of {board} fixed by {symmetry} are searched on {orbits} orbits of squares, more than the {MAX_ORBITS} the search holds"
    )]
    TooManyOrbits {
        board: Board,
        symmetry: Symmetry,
        orbits: usize,
    },
    /// The stop flag was raised.
    #[error("stopped")]
    Stopped,
    /// The walks did not divide into tours: a bug.
    #[error("internal error: {0}")]
    Internal(String),
}

/// The tours one symmetry fixes, and the work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fixed {
    /// Undirected tours mapped onto themselves.
    pub tours: u64,
    /// Orbits of squares the walks cover.
    pub orbits: usize,
    /// Search nodes visited.
    pub nodes: u64,
}

/// The undirected `kind` tours of `board` that `symmetry` maps onto
/// themselves (as a set of moves for closed tours; onto itself or its
/// reverse for open ones). `stop` is read every 2¹⁶ nodes.
///
/// # Errors
///
/// [`FixedError::Stopped`] when `stop` is raised, and
/// [`FixedError::TooManyOrbits`] on boards too large for the search.
pub fn count_fixed(
    board: Board,
    kind: TourKind,
    symmetry: Symmetry,
    stop: &AtomicBool,
) -> Result<Fixed, FixedError> {
    let quotient = Quotient::new(board, symmetry);
    if quotient.orbits > MAX_ORBITS {
        return Err(FixedError::TooManyOrbits {
            board,
            symmetry,
            orbits: quotient.orbits,
        });
    }
    let mut search = Search {
        quotient: &quotient,
        stop,
        nodes: 0,
        ends: vec![0; board.cells()],
        anchor: 0,
        slack: 1,
    };
    let tours = match kind {
        TourKind::Closed => search.closed()?,
        TourKind::Open => search.open()?,
    };
    Ok(Fixed {
        tours,
        orbits: quotient.orbits,
        nodes: search.nodes,
    })
}

/// The knight's graph of a board, its squares grouped into the orbits of
/// one symmetry's cyclic group.
struct Quotient {
    board: Board,
    /// The symmetry as a table of squares, and its powers: `power[i][s]`
    /// is `g^i(s)`, for `i` below the order.
    power: Vec<Vec<Square>>,
    /// The order of the symmetry: the size of its cyclic group.
    order: usize,
    orbit_of: Vec<usize>,
    orbits: usize,
    /// Each orbit's lowest square.
    first: Vec<Square>,
    /// The squares the symmetry fixes.
    fixed: Vec<Square>,
    /// For each orbit, the orbits a move joins it to (itself excluded).
    adjacent: Vec<u128>,
    moves: Vec<Vec<Square>>,
}

impl Quotient {
    fn new(board: Board, symmetry: Symmetry) -> Quotient {
        let g = symmetry.table(&board);
        let identity: Vec<Square> = board.squares().collect();
        let mut power = vec![identity.clone()];
        loop {
            let next: Vec<Square> = power.last().unwrap().iter().map(|&s| g[s]).collect();
            if next == identity {
                break;
            }
            power.push(next);
        }
        let order = power.len();
        let mut orbit_of = vec![usize::MAX; board.cells()];
        let mut first = Vec::new();
        for s in board.squares() {
            if orbit_of[s] == usize::MAX {
                for p in &power {
                    orbit_of[p[s]] = first.len();
                }
                first.push(s);
            }
        }
        let orbits = first.len();
        let moves: Vec<Vec<Square>> = board
            .squares()
            .map(|s| board.knight_moves(s).collect())
            .collect();
        let mut adjacent = vec![0u128; orbits];
        for s in board.squares() {
            for &w in &moves[s] {
                let (a, b) = (orbit_of[s], orbit_of[w]);
                if a != b && a < MAX_ORBITS && b < MAX_ORBITS {
                    adjacent[a] |= 1 << b;
                }
            }
        }
        Quotient {
            board,
            fixed: board.squares().filter(|&s| g[s] == s).collect(),
            power,
            order,
            orbit_of,
            orbits,
            first,
            adjacent,
            moves,
        }
    }

    /// Whether `s` and its image are a move apart.
    fn self_move(&self, s: Square) -> bool {
        self.order == 2 && self.moves[s].contains(&self.power[1][s])
    }

    /// Every orbit, as a mask.
    fn all(&self) -> u128 {
        if self.orbits == MAX_ORBITS {
            u128::MAX
        } else {
            (1u128 << self.orbits) - 1
        }
    }
}

/// One kind of walk: where it may end, and how it is pruned.
struct Search<'a> {
    quotient: &'a Quotient,
    stop: &'a AtomicBool,
    nodes: u64,
    /// For each square: the ways a walk that has met every orbit can end
    /// there (0: it cannot).
    ends: Vec<u64>,
    /// Orbits the walk's last square steps back to (a cycle's start), as
    /// a mask: they count as a way out for the pruning.
    anchor: u128,
    /// Unvisited orbits allowed a single way in or out: 1 for a walk that
    /// ends anywhere (its last orbit), 0 for one that must step on.
    slack: u32,
}

impl Search<'_> {
    fn closed(&mut self) -> Result<u64, FixedError> {
        let q = self.quotient;
        let f = q.fixed.len();
        let mut tours = 0;
        // Rotations: no square fixed, walks from square 0 back to an image
        // of it by a generator of the group.
        if f == 0 || q.order == 1 {
            let r = q.first[0];
            let generators: Vec<Square> = (0..q.order)
                .filter(|&j| gcd(j, q.order) == 1)
                .map(|j| q.power[j][r])
                .collect();
            for s in q.board.squares() {
                self.ends[s] = generators
                    .iter()
                    .filter(|&&t| q.moves[s].contains(&t))
                    .count() as u64;
            }
            self.anchor = 1 << q.orbit_of[r];
            self.slack = 0;
            let walks = self.walk(r)?;
            tours += halve(walks, "rotation-fixed closed tours")?;
        }
        // Reflections: from one fixed place to the other.
        if q.order == 2 && f <= 2 {
            self.anchor = 0;
            self.slack = 1;
            let starts: Vec<Square> = if f == 0 {
                q.first
                    .iter()
                    .copied()
                    .filter(|&s| q.self_move(s))
                    .collect()
            } else {
                vec![q.fixed[0]]
            };
            for s in q.board.squares() {
                let end = match f {
                    2 => s == q.fixed[1],
                    _ => q.self_move(s),
                };
                self.ends[s] = u64::from(end);
            }
            let mut walks = 0;
            for start in starts {
                walks += self.walk(start)?;
            }
            tours += halve(walks, "reflection-fixed closed tours")?;
        }
        Ok(tours)
    }

    fn open(&mut self) -> Result<u64, FixedError> {
        let q = self.quotient;
        let f = q.fixed.len();
        self.ends.fill(1);
        self.anchor = 0;
        self.slack = 1;
        if q.order == 1 {
            // The identity: every path, once per direction.
            if q.orbits == 1 {
                return Ok(1);
            }
            let mut walks = 0;
            for s in q.board.squares() {
                walks += self.walk(s)?;
            }
            return halve(walks, "open tours");
        }
        if q.order != 2 {
            return Ok(0);
        }
        match f {
            // The middle square: both halves are walks from it.
            1 => halve(
                self.walk(q.fixed[0])?,
                "open tours fixed through their middle square",
            ),
            // The middle move: one half starts at its orbit's lowest square.
            0 => {
                let mut walks = 0;
                for &s in q.first.iter().filter(|&&s| q.self_move(s)) {
                    walks += self.walk(s)?;
                }
                Ok(walks)
            }
            _ => Ok(0),
        }
    }

    /// The walks that start at `start` and meet every orbit once, each
    /// weighted by its ways to end.
    fn walk(&mut self, start: Square) -> Result<u64, FixedError> {
        let q = self.quotient;
        let unseen = q.all() & !(1u128 << q.orbit_of[start]);
        self.step(start, unseen)
    }

    fn step(&mut self, at: Square, unseen: u128) -> Result<u64, FixedError> {
        self.nodes += 1;
        if self.nodes & STOP_CHECK_MASK == 0 && self.stop.load(Ordering::Relaxed) {
            return Err(FixedError::Stopped);
        }
        if unseen == 0 {
            return Ok(self.ends[at]);
        }
        let q = self.quotient;
        if !self.has_future(at, unseen) {
            return Ok(0);
        }
        let mut walks = 0u64;
        for &next in &q.moves[at] {
            let bit = 1u128 << q.orbit_of[next];
            if unseen & bit != 0 {
                walks = walks
                    .checked_add(self.step(next, unseen & !bit)?)
                    .ok_or_else(|| FixedError::Internal("more than 2^64 walks".into()))?;
            }
        }
        Ok(walks)
    }

    /// Whether every unvisited orbit can still be entered and left.
    fn has_future(&self, at: Square, unseen: u128) -> bool {
        let q = self.quotient;
        if q.orbits <= 3 {
            return true;
        }
        let open = unseen | (1u128 << q.orbit_of[at]) | self.anchor;
        let mut single = 0;
        let mut rest = unseen;
        while rest != 0 {
            let o = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            match (q.adjacent[o] & open).count_ones() {
                0 => return false,
                1 => {
                    single += 1;
                    if single > self.slack {
                        return false;
                    }
                }
                _ => {}
            }
        }
        true
    }
}

/// Half of `walks`, which must be even.
fn halve(walks: u64, what: &str) -> Result<u64, FixedError> {
    if walks.is_multiple_of(2) {
        Ok(walks / 2)
    } else {
        Err(FixedError::Internal(format!(
            "{walks} walks found for {what}, an odd number"
        )))
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(rows: usize, cols: usize, kind: TourKind, g: Symmetry) -> u64 {
        let board = Board::new(rows, cols).unwrap();
        count_fixed(board, kind, g, &AtomicBool::new(false))
            .unwrap()
            .tours
    }

    #[test]
    fn the_identity_fixes_every_tour() {
        // Undirected: 5x5 open 1728 / 2, 6x6 closed 9862, 3x4 open 16 / 2.
        assert_eq!(fixed(5, 5, TourKind::Open, Symmetry::Identity), 864);
        assert_eq!(fixed(3, 4, TourKind::Open, Symmetry::Identity), 8);
        assert_eq!(fixed(6, 6, TourKind::Closed, Symmetry::Identity), 9862);
        assert_eq!(fixed(1, 1, TourKind::Open, Symmetry::Identity), 1);
    }

    #[test]
    fn published_fixed_counts() {
        // 6x6 closed: 1,245 geometrically distinct = (9862 + 10 + 78 + 10) / 8.
        assert_eq!(fixed(6, 6, TourKind::Closed, Symmetry::Rot90), 10);
        assert_eq!(fixed(6, 6, TourKind::Closed, Symmetry::Rot180), 78);
        assert_eq!(fixed(6, 6, TourKind::Closed, Symmetry::Rot270), 10);
        for g in [
            Symmetry::FlipRows,
            Symmetry::FlipCols,
            Symmetry::Diagonal,
            Symmetry::Antidiagonal,
        ] {
            assert_eq!(fixed(6, 6, TourKind::Closed, g), 0, "{g}");
        }
        // 5x5 open: 112 = (864 + 32) / 8.
        assert_eq!(fixed(5, 5, TourKind::Open, Symmetry::Rot180), 32);
        assert_eq!(fixed(5, 5, TourKind::Open, Symmetry::Rot90), 0);
    }

    #[test]
    fn a_stop_is_obeyed() {
        let board = Board::new(8, 8).unwrap();
        let stop = AtomicBool::new(true);
        assert_eq!(
            count_fixed(board, TourKind::Closed, Symmetry::Identity, &stop),
            Err(FixedError::Stopped)
        );
    }

    #[test]
    fn boards_beyond_the_masks_are_refused() {
        let board = Board::new(12, 12).unwrap();
        assert!(matches!(
            count_fixed(
                board,
                TourKind::Closed,
                Symmetry::Identity,
                &AtomicBool::new(false)
            ),
            Err(FixedError::TooManyOrbits { orbits: 144, .. })
        ));
    }
}
