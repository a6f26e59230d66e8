//! The sweep: the order in which the squares are decided, and the frontier
//! after each one.
//!
//! The squares are numbered in the sweep's [`Order`]: vertex `v` is the
//! square taken at step `v`. The first order, [`Order::columns`], runs
//! along the board's **longer** side, a short line at a time; orders found
//! by search hold the same board in far fewer states (`order.rs`). Step `m`
//! decides every
//! edge between square `m` and a later square, so after step `m` each
//! square `≤ m` has its final degree, and the only squares whose state
//! matters are the later ones already touched: the *frontier*
//!
//! ```text
//!   F_m = { v > m : v is a knight's move from some w ≤ m } ∪ { m + 1 }
//! ```
//!
//! (Knuth's extended frontier `F̂_m`, TAOCP pre-fascicle 8A §7.2.2.4). In
//! the columns a knight reaches two lines ahead, so on a board whose short
//! side is `s` the frontier holds the rest of the current line, all of the
//! next and the start of the one after: at most about `2s + 1` squares,
//! whatever the long side. Open tours add one vertex, the *apex*, joined to every
//! square and always first on the frontier (a Hamiltonian cycle through
//! the apex is a Hamiltonian path of the board).
//!
//! Frontier slots are kept in increasing vertex order, the apex first.
//!
//! Four files, a job each: this one, the sweep, its steps and what they
//! hold; `ends.rs`, the classes of end squares a sweep tallies and the
//! rules by where open tours' ends lie; `symmetry.rs`, the fold and the
//! tours a symmetry fixes; `restriction.rs`, the counts with required or
//! forbidden moves and between two given squares.

mod ends;
mod restriction;
mod symmetry;

pub(crate) use ends::NO_CLASS;
pub use ends::{EndRules, MAX_END_CLASSES, tallies_fit};
pub use restriction::{Restriction, Rule};

use kt_board::{Board, Square, Symmetry, TourKind};

use crate::order::Order;

pub use crate::state::Slot;

/// No slot: the vertex left the frontier.
pub const GONE: Slot = u8::MAX;

/// The widest short side whose frontier width is measured on a cut board;
/// wider boards are far beyond any frontier this crate holds, and get the
/// steady-state width.
const MEASURED_SHORT_SIDE: usize = 16;

/// One step of the sweep: deciding the edges from vertex `vertex` to later
/// vertices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The vertex decided at this step (a board square in sweep order).
    pub vertex: usize,
    /// Frontier before the step, in slot order.
    pub before: Vec<usize>,
    /// Frontier after the step, in slot order.
    pub after: Vec<usize>,
    /// For each slot before, its slot after (`GONE` for `vertex`).
    pub carry: Vec<Slot>,
    /// The slot of `vertex` before the step.
    pub own: Slot,
    /// Slots after the step of the later neighbours of `vertex` (the apex
    /// included), in increasing order: the edges this step decides.
    pub edges: Vec<Slot>,
    /// For each slot after the step: how many more edges its vertex can
    /// still get from squares (its neighbours after `vertex`, at most 2);
    /// for the apex, how many squares are left to end a path. A vertex
    /// whose degree plus its room is below 2 can only be finished through
    /// the apex, which takes two path ends in all.
    pub room: Vec<u8>,
    /// For each slot after the step: its vertex's later neighbours that
    /// are on the frontier after the step, as a mask of their slots (the
    /// apex not included). A neighbour that is already inner cannot take
    /// the edge, so a state can have less room than `room` says. (Slots past
    /// 32 do not occur on a frontier the method packs.)
    pub frontier_neighbours: Vec<u32>,
    /// For each slot after the step: its vertex's later neighbours not yet
    /// on the frontier (they will come, bare).
    pub entering: Vec<u8>,
    /// The squares next to the frontier but not on it after the step that cannot get
    /// the edges they need from squares also still off it: for each, the
    /// slots of its frontier neighbours (a mask) and how many of its edges
    /// must come from them. Such a square is cut off when too many of those
    /// slots are inner, which the room check of the frontier's own slots
    /// does not see (`transition.rs`, *the squares off the frontier*). A
    /// sweep of every prefix does not look at them: there a square still off
    /// the frontier may lie beyond the prefix a state answers and need
    /// nothing.
    pub outer: Vec<(u32, u8)>,
    /// What the restriction says of each of `edges`.
    pub rules: Vec<Rule>,
    /// Whether a later step has a required edge: a tour cannot close here,
    /// since closing leaves every later edge untaken.
    pub required_later: bool,
    /// For each slot after the step: +1 or −1 by the colour of its square,
    /// 0 for the apex (the colour check of open tours; `transition.rs`).
    pub colours: Vec<i8>,
    /// What the colour check compares a state's balance with:
    /// `2·(Σ c over all squares) − 2·(Σ c over the squares ≤ vertex)`.
    pub colour_target: i32,
    /// A sweep of the boards `rows × n` alone ([`Sweep::prefixes`] with
    /// `boards`): the colour targets of the boards still to come, at most
    /// two (the colour sum of a board of whole columns is 0 with an even
    /// number of rows, and takes two values with an odd number).
    pub board_targets: Option<[i32; 2]>,
    /// A fixed-ends sweep ([`Sweep::between`]): the slots after the step of
    /// the terminals entering the frontier at this step (none, one, or
    /// both), in order, each with whether the other terminal entered
    /// before it.
    pub terminals_entering: Vec<(Slot, bool)>,
    /// A folded sweep ([`Sweep::prefixes`] with `fold`, [`Sweep::folded`]):
    /// for each symmetry of the board under which the squares left after
    /// this step, and its frontier, are their own image, each slot after
    /// the step's image; a state and its images are kept as one.
    pub mirrors: Vec<Vec<Slot>>,
}

/// The sweep of one board for one kind of tour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    board: Board,
    kind: TourKind,
    /// The order of the squares: vertex `v` is `order.squares()[v]`.
    order: Order,
    /// Vertex → square.
    square: Vec<Square>,
    /// Square → vertex.
    vertex: Vec<usize>,
    /// The apex's vertex number (`cells`), for open tours.
    apex: Option<usize>,
    /// Later neighbours of each vertex, increasing (the apex last).
    later: Vec<Vec<usize>>,
    steps: Vec<Step>,
    /// Whether the restriction requires a move no tour can make.
    impossible: bool,
    /// The end squares' vertices of a sweep of the paths between two
    /// squares ([`Sweep::between`]), in the order they enter the frontier.
    terminals: Option<[usize; 2]>,
    /// Whether the sweep counts every prefix of its order
    /// ([`Sweep::prefixes`]) rather than the whole board.
    prefixes: bool,
    /// A sweep with tallies ([`Sweep::tallied`], [`Sweep::tallied_from`]):
    /// the class of each vertex's square, an orbit of the board's
    /// symmetry group (or of the symmetries that fix the start), or
    /// [`NO_CLASS`].
    end_classes: Option<Vec<u8>>,
    /// A sweep of every prefix of a strip that also counts, half-way along
    /// each board `rows × 2m`, the closed tours this symmetry fixes
    /// ([`Sweep::fixed_by`], `mirror.rs`).
    fixed_by: Option<Symmetry>,
    /// Open tours in a columns order: which it keeps by where their ends
    /// lie.
    end_rules: EndRules,
}

impl Sweep {
    /// The sweep of `board` for `kind` tours in the columns order
    /// ([`Order::columns`]). Boards of one square have no edges to sweep
    /// and are the caller's business.
    pub fn new(board: Board, kind: TourKind) -> Sweep {
        Sweep::ordered(&Order::columns(board), kind)
    }

    /// The sweep of `order`'s board for `kind` tours, in that order.
    pub fn ordered(order: &Order, kind: TourKind) -> Sweep {
        Sweep::restricted_in(order, kind, &Restriction::default())
    }

    /// The sweep that counts, in one pass, the `kind` tours of every
    /// *prefix* of `order`: for each `m`, the Hamiltonian cycles (open
    /// tours: through the apex, so paths) of the graph the first `m`
    /// squares induce. Knuth's sequences are such prefixes: the first `m`
    /// cells of a strip taken column by column, and every `k×n` board at
    /// the column boundaries.
    ///
    /// Three things change in the transition (`transition.rs`):
    /// * a cycle that closes is an answer for the prefix it covers, not a
    ///   dead end, whenever everything it touched is inner and the squares
    ///   it covers are exactly the first `m`;
    /// * the room check no longer asks a *bare* square for two more edges:
    ///   a square no edge has reached may lie beyond the prefix a state
    ///   still answers, where it needs nothing (a square already reached
    ///   is in every prefix the state can answer, and keeps its check);
    /// * the colour check of open tours compares with the targets of the
    ///   prefixes asked for: with `boards`, the prefixes of whole columns
    ///   (multiples of `rows` squares; in a column-major order the boards
    ///   `rows × n`), which take at most two targets; otherwise none
    ///   (every target is possible for some prefix).
    ///
    /// With `fold`, the *mirror fold*: after each step that leaves the
    /// squares still to come, and the frontier, their own image under the
    /// board's reflection top to bottom (in a column-major order, every
    /// column boundary), a state and its image are kept as one, with both
    /// weights (which one: `Fold::keep`, `fold.rs`). The two complete in the same number
    /// of ways into every prefix that is its own image — the boards
    /// `rows × n` — so those counts stay exact, with about half the states
    /// (`docs/frontier.md`, *A mirror fold*); the counts of other prefixes
    /// (the first cells of a partial column) do not.
    ///
    /// `fold` needs `boards`; without it the sweep is not folded.
    pub fn prefixes(order: &Order, kind: TourKind, boards: bool, fold: bool) -> Sweep {
        let mut sweep = Sweep::build(order, kind, &Restriction::default(), None);
        sweep.prefixes = true;
        if boards {
            sweep.board_targets();
            if fold {
                // Only the reflection top to bottom keeps every board
                // `rows × n` (a prefix of whole columns) its own image.
                sweep.fold_by(&[Symmetry::FlipRows]);
            }
        }
        sweep
    }

    /// Sets each step's colour targets for the prefixes of whole columns
    /// answered after it (see [`Step::board_targets`]).
    pub(super) fn board_targets(&mut self) {
        let rows = self.board.rows();
        let n = self.cells();
        let colour = |v: usize| -> i32 {
            if self.board.colour(self.square[v]) == 0 {
                1
            } else {
                -1
            }
        };
        // Colour sums of the prefixes of whole columns, and of the first
        // squares done after each step.
        let mut sums = vec![0i32; n + 1];
        for v in 0..n {
            sums[v + 1] = sums[v] + colour(v);
        }
        // The distinct colour sums of the prefixes of whole columns from
        // each length on, gathered from the end (one pass, not one per
        // step: a strip may have a hundred thousand squares); three or more
        // are as good as any.
        let mut from: Vec<Vec<i32>> = vec![Vec::new(); n + 2];
        for m in (0..=n).rev() {
            let mut seen = from[m + 1].clone();
            if m % rows == 0 && seen.len() < 3 && !seen.contains(&sums[m]) {
                seen.push(sums[m]);
            }
            from[m] = seen;
        }
        for step in &mut self.steps {
            let done = sums[step.vertex + 1];
            let targets: Vec<i32> = from[step.vertex + 2]
                .iter()
                .map(|&sum| 2 * (sum - done))
                .collect();
            step.board_targets = match targets.as_slice() {
                // No board is left to answer: no state can help.
                [] => Some([i32::MAX / 4; 2]),
                [t] => Some([*t, *t]),
                [a, b] => Some([*a, *b]),
                // More than two: prefixes that are not a strip's whole
                // columns in this order; no target prunes.
                _ => None,
            };
        }
    }

    /// Whether this sweep counts every prefix of its order
    /// ([`Sweep::prefixes`]).
    pub fn counts_prefixes(&self) -> bool {
        self.prefixes
    }

    pub(super) fn build(
        order: &Order,
        kind: TourKind,
        restriction: &Restriction,
        ends: Option<(Square, Square)>,
    ) -> Sweep {
        let board = order.board();
        let cells = board.cells();
        let square: Vec<Square> = order.squares().to_vec();
        let mut vertex = vec![0; cells];
        for (v, &s) in square.iter().enumerate() {
            vertex[s] = v;
        }
        let apex = (kind == TourKind::Open && ends.is_none()).then_some(cells);
        // Ends off the board make the sweep impossible (`between`).
        let terminals = ends
            .filter(|&(a, b)| a < cells && b < cells && a != b)
            .map(|(a, b)| {
                let (a, b) = (vertex[a], vertex[b]);
                [a.min(b), a.max(b)]
            });
        let later: Vec<Vec<usize>> = (0..cells)
            .map(|v| {
                let mut up: Vec<usize> = board
                    .knight_moves(square[v])
                    .map(|s| vertex[s])
                    .filter(|&w| w > v)
                    .collect();
                up.sort_unstable();
                up.extend(apex);
                up
            })
            .collect();
        let mut sweep = Sweep {
            board,
            kind,
            order: order.clone(),
            square,
            vertex,
            apex,
            later,
            steps: Vec::new(),
            impossible: false,
            terminals,
            prefixes: false,
            end_classes: None,
            fixed_by: None,
            end_rules: EndRules::default(),
        };
        sweep.steps = sweep.plan_steps();
        sweep.apply(restriction);
        sweep
    }

    pub(super) fn plan_steps(&self) -> Vec<Step> {
        let n = self.cells();
        // Later neighbours counted from each vertex, to know how many edges
        // a frontier vertex can still get: `remaining[v]` after step m is
        // the number of neighbours of v greater than m.
        let neighbours: Vec<Vec<usize>> = (0..n)
            .map(|v| {
                self.board
                    .knight_moves(self.square[v])
                    .map(|s| self.vertex[s])
                    .collect()
            })
            .collect();
        let colour = |v: usize| -> i8 {
            if Some(v) == self.apex {
                0
            } else if self.board.colour(self.square[v]) == 0 {
                1
            } else {
                -1
            }
        };
        let all: i32 = (0..n).map(|v| i32::from(colour(v))).sum();
        let mut done = 0i32;
        let is_terminal = |v: usize| self.terminals.is_some_and(|t| t.contains(&v));
        // Vertex 0 is on the frontier before the first step.
        let mut terminals_entered = usize::from(is_terminal(0));
        let mut frontier: Vec<usize> = self.apex.into_iter().chain([0]).collect();
        let mut steps = Vec::with_capacity(n);
        for m in 0..n {
            done += i32::from(colour(m));
            let before = frontier.clone();
            let mut after: Vec<usize> = before.iter().copied().filter(|&v| v != m).collect();
            for &w in &self.later[m] {
                if !after.contains(&w) {
                    after.push(w);
                }
            }
            if m + 1 < n && !after.contains(&(m + 1)) {
                after.push(m + 1);
            }
            // Apex first, then increasing.
            after.sort_unstable_by_key(|&v| (Some(v) != self.apex, v));
            let slot_after = |v: usize| after.iter().position(|&w| w == v);
            let terminals_entering: Vec<(Slot, bool)> = after
                .iter()
                .filter(|&&v| is_terminal(v) && !before.contains(&v))
                .map(|&v| {
                    terminals_entered += 1;
                    (
                        slot_after(v).expect("on the frontier") as Slot,
                        terminals_entered == 2,
                    )
                })
                .collect();
            let carry = before
                .iter()
                .map(|&v| slot_after(v).map_or(GONE, |s| s as Slot))
                .collect();
            let own = before
                .iter()
                .position(|&v| v == m)
                .expect("m is on its frontier") as Slot;
            let edges = self.later[m]
                .iter()
                .map(|&w| slot_after(w).expect("later neighbours join the frontier") as Slot)
                .collect();
            // The neighbours of `v` still to come after m; none for the
            // apex, which is no square (and every square is its neighbour).
            let later_neighbours = |v: usize| {
                (Some(v) != self.apex)
                    .then(|| neighbours[v].iter().copied().filter(move |&w| w > m))
            };
            let room = after
                .iter()
                .map(|&v| {
                    // Every square after m can still end at the apex.
                    later_neighbours(v)
                        .map_or(n - 1 - m, Iterator::count)
                        .min(2) as u8
                })
                .collect();
            let frontier_neighbours = after
                .iter()
                .map(|&v| {
                    later_neighbours(v).map_or(0, |later| {
                        later
                            .filter_map(|w| after.iter().position(|&x| x == w))
                            .fold(0u32, |mask, slot| {
                                mask | 1u32.checked_shl(slot as u32).unwrap_or(0)
                            })
                    })
                })
                .collect();
            let entering = after
                .iter()
                .map(|&v| {
                    later_neighbours(v).map_or(0, |later| {
                        later.filter(|w| !after.contains(w)).count().min(2) as u8
                    })
                })
                .collect();
            // A square off the frontier has no neighbour at or before `m`
            // (they all joined it), so its edges come from the frontier's
            // slots and from squares also off it. A terminal needs one edge
            // (the virtual edge is its other), any other square two. Only
            // the frontier's neighbours are looked at (a few per slot, not
            // every square left: a long strip has thousands).
            let mut off_frontier: Vec<usize> = after
                .iter()
                .filter(|&&v| Some(v) != self.apex)
                .flat_map(|&v| neighbours[v].iter().copied())
                .filter(|&w| w > m && !after.contains(&w))
                .collect();
            off_frontier.sort_unstable();
            off_frontier.dedup();
            let outer = off_frontier
                .into_iter()
                .filter_map(|v| {
                    let wanted: u8 = if is_terminal(v) { 1 } else { 2 };
                    let off = neighbours[v].iter().filter(|w| !after.contains(w)).count();
                    let from_frontier = wanted.saturating_sub(off.min(2) as u8);
                    let slots = neighbours[v]
                        .iter()
                        .filter_map(|&w| slot_after(w))
                        .fold(0u32, |mask, slot| {
                            mask | 1u32.checked_shl(slot as u32).unwrap_or(0)
                        });
                    (from_frontier > 0).then_some((slots, from_frontier))
                })
                .collect();
            steps.push(Step {
                vertex: m,
                before,
                after: after.clone(),
                carry,
                own,
                edges,
                room,
                frontier_neighbours,
                entering,
                outer,
                rules: vec![Rule::Free; self.later[m].len()],
                required_later: false,
                colours: after.iter().map(|&v| colour(v)).collect(),
                colour_target: 2 * (all - done),
                board_targets: None,
                terminals_entering,
                mirrors: Vec::new(),
            });
            frontier = after;
        }
        steps
    }

    /// The digits of the one state before the first step: every slot bare,
    /// except vertex 0 when it is a terminal (tied to the virtual slot).
    pub fn start_digits(&self) -> crate::state::Digits {
        let mut digits = [0; crate::state::ARRAY];
        if self.terminals.is_some_and(|t| t[0] == 0) {
            digits[usize::from(self.apex.is_some())] = 2;
        }
        digits
    }

    /// Slots of the state before the first step.
    pub fn start_slots(&self) -> usize {
        1 + usize::from(self.apex.is_some())
    }

    /// Whether the restriction leaves no tour at all (a required move that
    /// is not a knight's move, or a square off the board).
    pub fn impossible(&self) -> bool {
        self.impossible
    }

    pub fn board(&self) -> Board {
        self.board
    }

    /// The order in which the sweep takes the squares.
    pub fn order(&self) -> &Order {
        &self.order
    }

    pub fn kind(&self) -> TourKind {
        self.kind
    }

    /// Squares on the board (the apex not included).
    pub fn cells(&self) -> usize {
        self.board.cells()
    }

    /// The apex vertex, for open tours.
    pub fn apex(&self) -> Option<usize> {
        self.apex
    }

    /// The square of a (non-apex) vertex.
    pub fn square_of(&self, vertex: usize) -> Square {
        self.square[vertex]
    }

    /// The vertex of a square.
    pub fn vertex_of(&self, square: Square) -> usize {
        self.vertex[square]
    }

    /// Later neighbours of `vertex`, increasing, the apex last.
    pub fn later(&self, vertex: usize) -> &[usize] {
        &self.later[vertex]
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The most slots a frontier of `board` has in the columns order,
    /// without planning the whole sweep, so that a board of millions of squares is measured (and
    /// refused) in microseconds.
    ///
    /// The frontier reaches two lines ahead of the sweep, so the board cut
    /// to its first `max(short, 8)` lines has the same widest frontier. A
    /// side too long for any frontier to hold is not swept at all: from
    /// short side 5 on, the widest frontier is the steady state of
    /// `2·short + 1` slots (one more for the apex of open tours), which a
    /// test checks against whole sweeps.
    pub fn frontier_width(board: Board, kind: TourKind) -> usize {
        let (short, long) = (
            board.rows().min(board.cols()),
            board.rows().max(board.cols()),
        );
        if short > MEASURED_SHORT_SIDE {
            return 2 * short + 1 + usize::from(kind == TourKind::Open);
        }
        let cut = Board::new(short, long.min(short.max(8))).expect("a smaller board");
        Sweep::new(cut, kind).width()
    }

    /// The most slots any frontier has.
    pub fn width(&self) -> usize {
        self.steps
            .iter()
            .map(|s| s.before.len().max(s.after.len()))
            .max()
            .unwrap_or(0)
    }

    /// The edges in variable order: by lower endpoint, then by higher (the
    /// apex last). Edge `i` is decided at the step of its lower endpoint.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.cells())
            .flat_map(|v| self.later[v].iter().map(move |&w| (v, w)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The profile is the sweep's frontier, step by step, in the columns
    /// and in a scrambled order.
    #[test]
    fn an_orders_profile_is_its_sweeps_frontier() {
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

    fn sweep(rows: usize, cols: usize, kind: TourKind) -> Sweep {
        Sweep::new(Board::new(rows, cols).unwrap(), kind)
    }

    #[test]
    fn sweeps_along_the_longer_side() {
        // 3x5: columns of 3 squares.
        let s = sweep(3, 5, TourKind::Closed);
        assert_eq!(s.square_of(1), s.board().square_at(1, 0));
        assert_eq!(s.square_of(3), s.board().square_at(0, 1));
        // 5x3: rows of 3 squares.
        let t = sweep(5, 3, TourKind::Closed);
        assert_eq!(t.square_of(1), t.board().square_at(0, 1));
        for v in 0..15 {
            assert_eq!(s.vertex_of(s.square_of(v)), v);
        }
    }

    #[test]
    fn frontiers_stay_near_twice_the_short_side() {
        for (r, c) in [(8, 8), (6, 6), (7, 8), (8, 32)] {
            let closed = sweep(r, c, TourKind::Closed);
            let short = r.min(c);
            assert!(
                closed.width() <= 2 * short + 1,
                "{r}x{c}: {}",
                closed.width()
            );
            let open = sweep(r, c, TourKind::Open);
            assert_eq!(open.width(), closed.width() + 1, "{r}x{c}");
        }
    }

    #[test]
    fn the_width_of_a_cut_board_is_the_width_of_the_board() {
        for (r, c) in [
            (6, 30),
            (30, 6),
            (8, 9),
            (3, 40),
            (5, 5),
            (7, 12),
            (9, 9),
            (10, 13),
            (14, 11),
            (16, 16),
            (16, 40),
        ] {
            for kind in [TourKind::Open, TourKind::Closed] {
                let board = Board::new(r, c).unwrap();
                assert_eq!(
                    Sweep::frontier_width(board, kind),
                    Sweep::new(board, kind).width(),
                    "{kind} {board}"
                );
            }
        }
    }

    #[test]
    fn wide_boards_reach_the_steady_state_width() {
        for short in 5..=MEASURED_SHORT_SIDE + 2 {
            for long in [short, short + 1, short + 7] {
                for kind in [TourKind::Open, TourKind::Closed] {
                    let width = sweep(short, long, kind).width();
                    assert_eq!(
                        width,
                        2 * short + 1 + usize::from(kind == TourKind::Open),
                        "{kind} {short}x{long}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_edge_is_decided_once() {
        let s = sweep(5, 6, TourKind::Open);
        let b = s.board();
        let knight_edges: usize = b.squares().map(|q| b.degree(q)).sum::<usize>() / 2;
        // Plus one edge from every square to the apex.
        assert_eq!(s.edges().len(), knight_edges + b.cells());
        let decided: usize = s.steps().iter().map(|st| st.edges.len()).sum();
        assert_eq!(decided, s.edges().len());
    }

    #[test]
    fn slots_carry_over_in_order() {
        let s = sweep(6, 6, TourKind::Closed);
        for step in s.steps() {
            assert_eq!(step.before[step.own as usize], step.vertex);
            for (i, &v) in step.before.iter().enumerate() {
                match step.carry[i] {
                    GONE => assert_eq!(v, step.vertex),
                    j => assert_eq!(step.after[j as usize], v),
                }
            }
            assert!(step.after.windows(2).all(|w| w[0] < w[1]));
        }
    }
}
