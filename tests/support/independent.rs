//! An independent way to count (and list) knight's tours, for cross-checking
//! the product.
//!
//! Nothing here depends on a workspace crate: the knight's graph is rebuilt
//! from the eight `(±1, ±2)`, `(±2, ±1)` offsets, and tours are found by a
//! plain depth-first search over a `u64` bitmask of unvisited squares (so
//! boards of at most 64 squares). The search enumerates every self-avoiding
//! knight path from the start; the only thing added to the naive search is
//! *sound* pruning, i.e. tests that abandon a partial path only when no
//! completion of it can be a tour (each test is argued where it is made). No
//! symmetry is used to save work, so a count is literally the number of
//! tours the search walked to the end.
//!
//! Conventions (the project's):
//! - squares are numbered row-major, `square = cols * row + col`, row 0 at the
//!   top;
//! - *open* tours are Hamiltonian paths of the knight's graph counted
//!   **directed** (each path once per direction, summed over every start
//!   square); the 1×1 board has exactly one open tour;
//! - *closed* tours are Hamiltonian cycles counted **undirected** (each cycle
//!   once, whatever its start and direction); boards of fewer than 3 squares
//!   have none.

use std::collections::HashSet;

/// The eight knight moves as `(row step, column step)`.
const KNIGHT_STEPS: [(isize, isize); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

/// The bitmask holding only `square`.
fn bit(square: usize) -> u64 {
    1u64 << square
}

/// The squares in `set`, in increasing order.
fn squares_of(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let square = set.trailing_zeros() as usize;
            set &= set - 1;
            Some(square)
        }
    })
}

/// The number of squares in `set`.
fn size(set: u64) -> u32 {
    set.count_ones()
}

/// The knight's graph of a `rows × cols` board: entry `s` is the set of
/// squares one knight move from square `s`.
///
/// Trustworthy because it is the definition: every square, every one of the
/// eight offsets, kept when the target lies on the board.
fn knight_graph(rows: usize, cols: usize) -> Vec<u64> {
    assert!(rows >= 1 && cols >= 1, "a board has at least one square");
    assert!(
        rows * cols <= 64,
        "the independent counter handles boards of at most 64 squares"
    );
    let mut graph = vec![0u64; rows * cols];
    for row in 0..rows {
        for col in 0..cols {
            for (dr, dc) in KNIGHT_STEPS {
                let target_row = row.checked_add_signed(dr).filter(|&r| r < rows);
                let target_col = col.checked_add_signed(dc).filter(|&c| c < cols);
                if let (Some(r2), Some(c2)) = (target_row, target_col) {
                    graph[cols * row + col] |= bit(cols * r2 + c2);
                }
            }
        }
    }
    graph
}

/// Colour of a square in the chessboard colouring: 0 when `row + col` is even.
/// Every knight move changes `row + col` by an odd number, so it changes the
/// colour.
fn colour(cols: usize, square: usize) -> usize {
    (square / cols + square % cols) % 2
}

/// What the walk must end with.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Goal {
    /// An open tour ending anywhere.
    AnyEnd,
    /// An open tour ending on this square.
    End(usize),
    /// A closed tour: the last square must be a knight move from this one
    /// (the start).
    BackTo(usize),
}

/// A depth-first walk over self-avoiding knight paths from a fixed start.
///
/// Invariant of [`Search::extend`]: `path` is the walk so far (its last
/// square is the head) and `unvisited` the squares not on it. A completion
/// is a path from the head through every unvisited square, in some order,
/// satisfying the goal.
///
/// Call a square *usable* if a completion may still join it to an unvisited
/// square: the unvisited squares, the head, and, for a closed tour, the start
/// (which the completion's last square must join). In any completion every
/// unvisited square has its path neighbours among its usable knight
/// neighbours, and it has two of them unless it is the completion's final
/// square, which has one. Hence the pruning rules, each of which only ever
/// discards partial paths that have no completion:
/// - open, any end: every unvisited square needs at least one usable
///   neighbour, and at most one unvisited square may have exactly one (it
///   must be the end, and there is only one end);
/// - open, fixed end `e`: `e` needs at least one usable neighbour, every
///   other unvisited square at least two; `e` may be entered only last;
/// - closed: every unvisited square needs at least two usable neighbours
///   (each is interior to the path head → … → start), and the start needs an
///   unvisited or head neighbour left to return from.
///
/// Usable sets only shrink as the walk goes on (a square leaves the set when
/// it is visited and then left behind as a non-head), so when the head moves
/// from `h` to `b` only the knight neighbours of `h` can lose a usable
/// neighbour; those are the squares re-examined after each move, and the
/// squares found earlier with exactly one usable neighbour are carried along
/// in `ones`.
struct Search<'a, V: FnMut(&[usize])> {
    graph: &'a [u64],
    goal: Goal,
    path: Vec<usize>,
    visit: V,
}

impl<V: FnMut(&[usize])> Search<'_, V> {
    /// The squares usable after moving the head onto `head` with `unvisited`
    /// left.
    fn usable(&self, head: usize, unvisited: u64) -> u64 {
        match self.goal {
            Goal::AnyEnd | Goal::End(_) => unvisited | bit(head),
            Goal::BackTo(start) => unvisited | bit(head) | bit(start),
        }
    }

    /// Checks the unvisited squares of `to_check` against the rules in the
    /// type's documentation, given the `usable` squares; returns the updated
    /// set of unvisited squares with exactly one usable neighbour (open tours
    /// ending anywhere), or `None` when the partial path cannot be completed.
    fn check(&self, to_check: u64, usable: u64, unvisited: u64, ones: u64) -> Option<u64> {
        let mut ones = ones & unvisited;
        for square in squares_of(to_check & unvisited) {
            let degree = size(self.graph[square] & usable);
            let needed = match self.goal {
                Goal::AnyEnd => 1,
                Goal::End(end) if square == end => 1,
                Goal::End(_) | Goal::BackTo(_) => 2,
            };
            if degree < needed {
                return None;
            }
            if self.goal == Goal::AnyEnd && degree == 1 {
                ones |= bit(square);
            }
        }
        if size(ones) > 1 {
            return None;
        }
        if let Goal::BackTo(start) = self.goal {
            let head = *self.path.last().expect("a path has a square");
            if unvisited != 0 && size(self.graph[start] & (unvisited | bit(head))) == 0 {
                return None;
            }
        }
        Some(ones)
    }

    /// Counts (and visits) the tours completing the current path.
    fn extend(&mut self, unvisited: u64, ones: u64) -> u128 {
        let head = *self.path.last().expect("a path has a square");
        if unvisited == 0 {
            if let Goal::BackTo(start) = self.goal
                && self.graph[head] & bit(start) == 0
            {
                return 0;
            }
            (self.visit)(&self.path);
            return 1;
        }
        let mut total = 0;
        for next in squares_of(self.graph[head] & unvisited) {
            let rest = unvisited & !bit(next);
            if let Goal::End(end) = self.goal
                && next == end
                && rest != 0
            {
                continue; // the fixed end is entered only last
            }
            // Moving the head from `head` to `next`: only `head`'s neighbours
            // lose a usable neighbour (`head` itself).
            self.path.push(next);
            let usable = self.usable(next, rest);
            if let Some(ones) = self.check(self.graph[head], usable, rest, ones) {
                total += self.extend(rest, ones);
            }
            self.path.pop();
        }
        total
    }
}

/// Counts the tours from `start` meeting `goal`, calling `visit` on each one
/// (as its square sequence).
///
/// Before searching, it applies the colouring argument (a knight move always
/// changes colour, so a path of `n` squares alternates colours): on a board
/// with an odd number of squares, a path starts and ends on the majority
/// colour (the colour of square 0, which has `(n + 1) / 2` squares) and there
/// is no closed tour; on a board with an even number of squares an open tour
/// starts and ends on different colours.
fn search(rows: usize, cols: usize, start: usize, goal: Goal, visit: impl FnMut(&[usize])) -> u128 {
    let graph = knight_graph(rows, cols);
    let n = rows * cols;
    assert!(start < n, "square {start} is not on a {rows}×{cols} board");
    let odd = n % 2 == 1;
    match goal {
        Goal::AnyEnd if odd && colour(cols, start) != 0 => return 0,
        Goal::End(end) => {
            assert!(end < n, "square {end} is not on a {rows}×{cols} board");
            if end == start && n > 1 {
                return 0;
            }
            if odd && (colour(cols, start) != 0 || colour(cols, end) != 0) {
                return 0;
            }
            if !odd && colour(cols, start) == colour(cols, end) {
                return 0;
            }
        }
        Goal::BackTo(_) if odd || n < 3 => return 0,
        _ => {}
    }
    let mut walk = Search {
        graph: &graph,
        goal,
        path: vec![start],
        visit,
    };
    let unvisited = ((1u128 << n) - 1) as u64 & !bit(start);
    // The root check examines every unvisited square.
    match walk.check(unvisited, walk.usable(start, unvisited), unvisited, 0) {
        Some(ones) => walk.extend(unvisited, ones),
        None => 0,
    }
}

/// Directed open tours of the `rows × cols` board (Hamiltonian paths of the
/// knight's graph, each once per direction): the sum over every start square
/// of [`open_tours_from`].
pub fn open_tours(rows: usize, cols: usize) -> u128 {
    open_tours_by_start(rows, cols).iter().sum()
}

/// Directed open tours starting on `start`, by the pruned depth-first search
/// (see the module documentation; each pruning rule only discards partial
/// paths that cannot become tours).
pub fn open_tours_from(rows: usize, cols: usize, start: usize) -> u128 {
    search(rows, cols, start, Goal::AnyEnd, |_| {})
}

/// Directed open tours starting on `start` and ending on `end` (0 when
/// `start == end`, except on the 1×1 board). The search is pruned with the
/// end known, so this is a different code path from [`open_tours_from`]; the
/// tests check that summing it over every end gives [`open_tours_from`].
pub fn open_tours_from_to(rows: usize, cols: usize, start: usize, end: usize) -> u128 {
    search(rows, cols, start, Goal::End(end), |_| {})
}

/// [`open_tours_from`] for every start square (index = square).
pub fn open_tours_by_start(rows: usize, cols: usize) -> Vec<u128> {
    (0..rows * cols)
        .map(|start| open_tours_from(rows, cols, start))
        .collect()
}

/// The directed open tours from `start`, tallied by their last square (index
/// = square): the search of [`open_tours_from`], recording where each tour
/// ends.
pub fn open_tours_by_end_from(rows: usize, cols: usize, start: usize) -> Vec<u128> {
    let mut by_end = vec![0u128; rows * cols];
    search(rows, cols, start, Goal::AnyEnd, |path| {
        by_end[*path.last().expect("a tour has a square")] += 1;
    });
    by_end
}

/// Undirected closed tours (Hamiltonian cycles of the knight's graph, each
/// once). Every cycle passes square 0, and is walked from there exactly
/// twice (once per direction), so the count of closed walks from square 0 is
/// halved. Boards of fewer than 3 squares have none.
pub fn closed_tours(rows: usize, cols: usize) -> u128 {
    let directed = search(rows, cols, 0, Goal::BackTo(0), |_| {});
    assert!(
        directed % 2 == 0,
        "closed walks from square 0 come in pairs"
    );
    directed / 2
}

/// Every directed open tour, as its square sequence (each path once per
/// direction, grouped by start square).
pub fn open_tours_listed(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let mut tours = Vec::new();
    for start in 0..rows * cols {
        search(rows, cols, start, Goal::AnyEnd, |path| {
            tours.push(path.to_vec());
        });
    }
    tours
}

/// Every undirected closed tour once, as the square sequence that starts on
/// square 0 and goes in the direction whose second square is smaller than
/// its last (the closing move back to square 0 is implied).
pub fn closed_tours_listed(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let mut tours = Vec::new();
    search(rows, cols, 0, Goal::BackTo(0), |path| {
        if path[1] < path[path.len() - 1] {
            tours.push(path.to_vec());
        }
    });
    tours
}

/// The symmetries of the `rows × cols` board, as `(name, permutation)` where
/// `permutation[s]` is the square that square `s` is carried to.
///
/// On a square board (`rows == cols == n`) there are the 8 symmetries of the
/// square, in this order, with `(r, c)` the row and column:
/// - `"id"`: `(r, c) → (r, c)`;
/// - `"rot90"`: `(r, c) → (c, n-1-r)`, a quarter turn **clockwise** as the
///   board is drawn (row 0 at the top): the top-left corner goes to the
///   top-right;
/// - `"rot180"`: `(r, c) → (n-1-r, n-1-c)`;
/// - `"rot270"`: `(r, c) → (n-1-c, r)`, a quarter turn anticlockwise;
/// - `"flip_rows"`: `(r, c) → (n-1-r, c)`, reflection top to bottom;
/// - `"flip_cols"`: `(r, c) → (r, n-1-c)`, reflection left to right;
/// - `"diag"`: `(r, c) → (c, r)`, transpose about the main diagonal;
/// - `"antidiag"`: `(r, c) → (n-1-c, n-1-r)`, reflection in the other
///   diagonal.
///
/// Otherwise there are the 4 of the rectangle: `"id"`, `"flip_rows"`,
/// `"flip_cols"`, `"rot180"` (same formulas with `rows - 1` and `cols - 1`).
/// Each maps knight moves to knight moves, since it permutes or negates the
/// row and column steps.
pub fn symmetries(rows: usize, cols: usize) -> Vec<(&'static str, Vec<usize>)> {
    let (rl, cl) = (rows - 1, cols - 1);
    let permutation = |map: &dyn Fn(usize, usize) -> (usize, usize)| -> Vec<usize> {
        (0..rows * cols)
            .map(|s| {
                let (r, c) = map(s / cols, s % cols);
                cols * r + c
            })
            .collect()
    };
    if rows == cols {
        let n1 = rl;
        vec![
            ("id", permutation(&|r, c| (r, c))),
            ("rot90", permutation(&|r, c| (c, n1 - r))),
            ("rot180", permutation(&|r, c| (n1 - r, n1 - c))),
            ("rot270", permutation(&|r, c| (n1 - c, r))),
            ("flip_rows", permutation(&|r, c| (n1 - r, c))),
            ("flip_cols", permutation(&|r, c| (r, n1 - c))),
            ("diag", permutation(&|r, c| (c, r))),
            ("antidiag", permutation(&|r, c| (n1 - c, n1 - r))),
        ]
    } else {
        vec![
            ("id", permutation(&|r, c| (r, c))),
            ("flip_rows", permutation(&|r, c| (rl - r, c))),
            ("flip_cols", permutation(&|r, c| (r, cl - c))),
            ("rot180", permutation(&|r, c| (rl - r, cl - c))),
        ]
    }
}

/// The result of [`orbits`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrbitCount {
    /// The number of geometrically distinct tours: orbits of undirected
    /// tours under the board's symmetries.
    pub orbits: u128,
    /// For each symmetry (in the order of [`symmetries`]), the number of
    /// undirected tours it maps onto themselves.
    pub fixed: Vec<(&'static str, u128)>,
}

/// A canonical encoding of an undirected tour given as a square sequence:
/// for a path, the smaller of the sequence and its reverse; for a cycle, its
/// sorted list of edges `(smaller square, larger square)`, flattened. Two
/// sequences encode equally exactly when they are the same undirected tour.
fn encode(tour: &[usize], closed: bool) -> Vec<usize> {
    if closed {
        let n = tour.len();
        let mut edges: Vec<(usize, usize)> = (0..n)
            .map(|i| {
                let (a, b) = (tour[i], tour[(i + 1) % n]);
                (a.min(b), a.max(b))
            })
            .collect();
        edges.sort_unstable();
        edges.into_iter().flat_map(|(a, b)| [a, b]).collect()
    } else {
        let reversed: Vec<usize> = tour.iter().rev().copied().collect();
        reversed.min(tour.to_vec())
    }
}

/// Geometrically distinct tours by brute force: lists every undirected tour
/// (open: a path and its reverse are one tour; closed: a cycle whatever its
/// start and direction), maps each by every symmetry of [`symmetries`], and
/// counts
/// - the orbits, as the number of distinct canonical forms (the smallest
///   encoding among a tour's images), and
/// - for each symmetry `g`, the tours `g` maps onto themselves.
///
/// Burnside's lemma (orbits = average number of fixed tours) ties the two
/// together and is asserted, so each half checks the other.
pub fn orbits(rows: usize, cols: usize, closed: bool) -> OrbitCount {
    let tours: Vec<Vec<usize>> = if closed {
        closed_tours_listed(rows, cols)
    } else {
        // One direction of each path: the one starting on the smaller end
        // (the 1×1 path is its own reverse).
        open_tours_listed(rows, cols)
            .into_iter()
            .filter(|t| t[0] <= t[t.len() - 1])
            .collect()
    };
    let group = symmetries(rows, cols);
    let mut fixed = vec![0u128; group.len()];
    let mut canonical_forms = HashSet::new();
    for tour in &tours {
        let own = encode(tour, closed);
        let mut smallest = own.clone();
        for (g, (_, permutation)) in group.iter().enumerate() {
            let image: Vec<usize> = tour.iter().map(|&s| permutation[s]).collect();
            let image = encode(&image, closed);
            if image == own {
                fixed[g] += 1;
            }
            smallest = smallest.min(image);
        }
        canonical_forms.insert(smallest);
    }
    let orbits = canonical_forms.len() as u128;
    let total_fixed: u128 = fixed.iter().sum();
    assert_eq!(
        total_fixed,
        orbits * group.len() as u128,
        "Burnside's lemma fails on {rows}×{cols} ({} tours)",
        if closed { "closed" } else { "open" }
    );
    OrbitCount {
        orbits,
        fixed: group.iter().map(|(name, _)| *name).zip(fixed).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// Every board with at most `max` squares, in both orientations.
    fn boards(max: usize) -> Vec<(usize, usize)> {
        (1..=max)
            .flat_map(|rows| (1..=max / rows).map(move |cols| (rows, cols)))
            .collect()
    }

    #[test]
    fn published_open_counts() {
        for (rows, cols, tours) in [
            (1, 1, 1),
            (3, 4, 16),
            (4, 5, 164),
            (5, 5, 1728),
            (5, 6, 37568),
            (3, 10, 6096),
            (4, 7, 12756),
            (3, 7, 104),
            (3, 8, 792),
            (3, 9, 1120),
            (4, 6, 1488),
        ] {
            assert_eq!(open_tours(rows, cols), tours, "{rows}×{cols}");
            assert_eq!(open_tours(cols, rows), tours, "{cols}×{rows}");
        }
    }

    #[test]
    fn published_closed_counts() {
        for (rows, cols, tours) in [(3, 10, 16), (5, 6, 8), (6, 6, 9862), (3, 12, 176)] {
            assert_eq!(closed_tours(rows, cols), tours, "{rows}×{cols}");
            assert_eq!(closed_tours(cols, rows), tours, "{cols}×{rows}");
        }
        for (rows, cols) in [(1, 1), (1, 2), (2, 1)] {
            assert_eq!(closed_tours(rows, cols), 0);
        }
    }

    #[test]
    fn five_by_five_from_corner_and_centre() {
        for corner in [0, 4, 20, 24] {
            assert_eq!(open_tours_from(5, 5, corner), 304);
        }
        assert_eq!(open_tours_from(5, 5, 12), 64);
    }

    #[test]
    fn five_by_five_open_orbits() {
        let count = orbits(5, 5, false);
        eprintln!("5×5 open: {count:?}");
        assert_eq!(count.orbits, 112);
        assert_eq!(count.fixed[0], ("id", 864));
    }

    #[test]
    fn six_by_six_closed_orbits() {
        let started = Instant::now();
        let count = orbits(6, 6, true);
        eprintln!("6×6 closed: {count:?} in {:?}", started.elapsed());
        assert_eq!(count.orbits, 1245);
        assert_eq!(count.fixed[0], ("id", 9862));
    }

    #[test]
    fn symmetry_names_and_rot90_direction() {
        let names = |r, c| -> Vec<&str> { symmetries(r, c).into_iter().map(|(n, _)| n).collect() };
        assert_eq!(
            names(3, 3),
            [
                "id",
                "rot90",
                "rot180",
                "rot270",
                "flip_rows",
                "flip_cols",
                "diag",
                "antidiag"
            ]
        );
        assert_eq!(names(3, 4), ["id", "flip_rows", "flip_cols", "rot180"]);
        let group = symmetries(4, 4);
        // rot90 takes the top-left corner to the top-right, (1, 0) to (0, 2).
        assert_eq!(group[1].1[0], 3);
        assert_eq!(group[1].1[4], 2);
        // rot90 four times is the identity; rot90 then rot90 is rot180.
        let compose =
            |p: &[usize], q: &[usize]| -> Vec<usize> { (0..16).map(|s| q[p[s]]).collect() };
        let r2 = compose(&group[1].1, &group[1].1);
        assert_eq!(r2, group[2].1);
        assert_eq!(compose(&r2, &group[1].1), group[3].1);
        assert_eq!(compose(&compose(&r2, &r2), &group[0].1), group[0].1);
    }

    #[test]
    fn symmetries_preserve_knight_moves() {
        for (rows, cols) in boards(30) {
            let graph = knight_graph(rows, cols);
            for (name, p) in symmetries(rows, cols) {
                let mut seen = p.clone();
                seen.sort_unstable();
                assert!(
                    seen.iter().copied().eq(0..rows * cols),
                    "{name} is a permutation"
                );
                for a in 0..rows * cols {
                    for b in squares_of(graph[a]) {
                        assert!(graph[p[a]] & bit(p[b]) != 0, "{name} on {rows}×{cols}");
                    }
                }
            }
        }
    }

    #[test]
    fn by_start_sums_and_symmetry() {
        for (rows, cols) in boards(25).into_iter().chain([(5, 6), (6, 5)]) {
            let table = open_tours_by_start(rows, cols);
            assert_eq!(table.iter().sum::<u128>(), open_tours(rows, cols));
            for (name, p) in symmetries(rows, cols) {
                for s in 0..rows * cols {
                    assert_eq!(table[p[s]], table[s], "{name} on {rows}×{cols}, square {s}");
                }
            }
        }
    }

    #[test]
    fn from_to_and_by_end_agree_with_from() {
        for (rows, cols) in boards(20).into_iter().chain([(5, 5), (4, 6)]) {
            for start in 0..rows * cols {
                let by_end = open_tours_by_end_from(rows, cols, start);
                let from_to: Vec<u128> = (0..rows * cols)
                    .map(|end| open_tours_from_to(rows, cols, start, end))
                    .collect();
                assert_eq!(by_end, from_to, "{rows}×{cols} from {start}");
                assert_eq!(
                    by_end.iter().sum::<u128>(),
                    open_tours_from(rows, cols, start)
                );
            }
        }
    }

    /// Is `tour` a sequence of knight moves visiting every square once?
    /// (Knight moves checked as |Δrow|·|Δcol| = 2, not via the graph.)
    fn is_tour(rows: usize, cols: usize, tour: &[usize], closed: bool) -> bool {
        let n = rows * cols;
        let mut seen = tour.to_vec();
        seen.sort_unstable();
        let knight =
            |a: usize, b: usize| (a / cols).abs_diff(b / cols) * (a % cols).abs_diff(b % cols) == 2;
        seen.iter().copied().eq(0..n)
            && tour.windows(2).all(|w| knight(w[0], w[1]))
            && (!closed || knight(tour[n - 1], tour[0]))
    }

    #[test]
    fn listed_tours_are_tours_and_match_counts() {
        for (rows, cols) in boards(20).into_iter().chain([(5, 5), (3, 10), (5, 6)]) {
            let open = open_tours_listed(rows, cols);
            assert_eq!(open.len() as u128, open_tours(rows, cols));
            assert!(open.iter().all(|t| is_tour(rows, cols, t, false)));
            let distinct: HashSet<&Vec<usize>> = open.iter().collect();
            assert_eq!(distinct.len(), open.len());
            let closed = closed_tours_listed(rows, cols);
            assert_eq!(closed.len() as u128, closed_tours(rows, cols));
            assert!(closed.iter().all(|t| is_tour(rows, cols, t, true)));
            let distinct: HashSet<Vec<usize>> = closed.iter().map(|t| encode(t, true)).collect();
            assert_eq!(distinct.len(), closed.len());
        }
    }

    #[test]
    fn orbits_on_small_boards() {
        let started = Instant::now();
        for (rows, cols) in boards(25) {
            for closed in [false, true] {
                let count = orbits(rows, cols, closed);
                let tours = if closed {
                    closed_tours(rows, cols)
                } else {
                    open_tours(rows, cols) / if rows * cols == 1 { 1 } else { 2 }
                };
                assert_eq!(count.fixed[0], ("id", tours), "{rows}×{cols}");
            }
        }
        eprintln!(
            "orbits on every board ≤ 25 squares: {:?}",
            started.elapsed()
        );
    }

    /// Hamiltonian paths by dynamic programming over subsets: `ways[mask][v]`
    /// counts the knight paths from `start` visiting exactly `mask` and
    /// ending on `v`. Knight moves are tested as |Δrow|·|Δcol| = 2.
    fn dp_from(rows: usize, cols: usize, start: usize) -> Vec<u64> {
        let n = rows * cols;
        let knight =
            |a: usize, b: usize| (a / cols).abs_diff(b / cols) * (a % cols).abs_diff(b % cols) == 2;
        let mut ways = vec![0u64; (1 << n) * n];
        ways[(1 << start) * n + start] = 1;
        for mask in 1usize..1 << n {
            for v in 0..n {
                let w = ways[mask * n + v];
                if w == 0 {
                    continue;
                }
                for u in 0..n {
                    if mask & (1 << u) == 0 && knight(v, u) {
                        ways[(mask | 1 << u) * n + u] += w;
                    }
                }
            }
        }
        let full = (1 << n) - 1;
        ways[full * n..(full + 1) * n].to_vec()
    }

    #[test]
    fn agrees_with_subset_dynamic_program() {
        for (rows, cols) in boards(16) {
            let n = rows * cols;
            let mut total = 0;
            for start in 0..n {
                let by_end: Vec<u128> = dp_from(rows, cols, start)
                    .into_iter()
                    .map(u128::from)
                    .collect();
                assert_eq!(
                    by_end,
                    open_tours_by_end_from(rows, cols, start),
                    "{rows}×{cols}"
                );
                total += by_end.iter().sum::<u128>();
                if start == 0 {
                    let closing: u128 = (0..n)
                        .filter(|&v| (v / cols).abs_diff(0) * (v % cols).abs_diff(0) == 2)
                        .map(|v| by_end[v])
                        .sum();
                    let cycles = if n < 3 { 0 } else { closing / 2 };
                    assert_eq!(cycles, closed_tours(rows, cols), "{rows}×{cols} closed");
                }
            }
            assert_eq!(total, open_tours(rows, cols), "{rows}×{cols}");
        }
    }

    /// The naive search: every self-avoiding knight path, no pruning at all.
    fn unpruned(graph: &[u64], head: usize, unvisited: u64, closed_to: Option<usize>) -> u128 {
        if unvisited == 0 {
            return u128::from(closed_to.is_none_or(|start| graph[head] & bit(start) != 0));
        }
        squares_of(graph[head] & unvisited)
            .map(|next| unpruned(graph, next, unvisited & !bit(next), closed_to))
            .sum()
    }

    #[test]
    fn pruning_loses_nothing() {
        for (rows, cols) in boards(24)
            .into_iter()
            .filter(|&(r, c)| r * c >= 12)
            .chain([(5, 5)])
        {
            let graph = knight_graph(rows, cols);
            let n = rows * cols;
            let all = ((1u128 << n) - 1) as u64;
            let by_start: Vec<u128> = (0..n)
                .map(|s| unpruned(&graph, s, all & !bit(s), None))
                .collect();
            assert_eq!(by_start, open_tours_by_start(rows, cols), "{rows}×{cols}");
            let cycles = if n < 3 {
                0
            } else {
                unpruned(&graph, 0, all & !1, Some(0)) / 2
            };
            assert_eq!(cycles, closed_tours(rows, cols), "{rows}×{cols} closed");
        }
    }

    #[test]
    fn sweep_every_board_up_to_30_squares() {
        let started = Instant::now();
        for (rows, cols) in boards(30) {
            let n = rows * cols;
            let open = open_tours(rows, cols);
            let closed = closed_tours(rows, cols);
            // Removing any one of a cycle's n edges leaves a path, walked two
            // ways; distinct (cycle, edge) pairs give distinct paths.
            assert!(open >= 2 * n as u128 * closed, "{rows}×{cols}");
        }
        eprintln!("sweep of every board ≤ 30 squares: {:?}", started.elapsed());
    }
}
