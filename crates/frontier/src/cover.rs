//! Whether the squares still to be decided can all get their edges: a
//! test of a state's slots' kinds alone, which rules out states that the
//! room check lets live for many steps.
//!
//! **Why.** A state has a completion only if the edges still to come give
//! every square left its missing degree: 2 to a square no edge has reached
//! (a bare slot, or a square off the frontier), 1 to a path end, 0 to an
//! inner slot, which takes no more. Those edges join squares left, none of
//! them inner, so they form a subgraph of the knight's graph on the
//! squares left in which each square has exactly its missing degree: a
//! *degree-constrained subgraph* (a b-factor). Whether one exists depends
//! on which slots are inner, bare or ends, not on how the ends pair up.
//!
//! The room check asks each frontier slot alone whether it has neighbours
//! enough; this asks all of them together, and the squares off the
//! frontier too. Measured on the closed tours' widest levels of 6×8 and
//! 7×8 (docs/benchmarks.md, *States that cannot finish*), half the states
//! have no completion; for nearly all of them no state with the same kinds
//! has one, and this test finds all but 0.3% of those.
//!
//! **How.** The knight's graph is bipartite (a move changes the square's
//! colour), so a b-factor is a flow from the light squares to the dark
//! ones, each square passing its missing degree, each move one unit. A
//! greedy pass fills most of it; augmenting paths, found a layer at a time
//! on bit masks of the squares, finish it or show that no flow fills every
//! light square, and then none exists: a light square left short has no
//! augmenting path, and augmenting elsewhere never makes one for it.
//!
//! **What it costs.** The test is asked of every successor at a tested
//! step (231 million at 8×8 closed's widest), but answers depend on the
//! kinds alone, and those repeat: tens of states share them. So answers are
//! kept in two direct-mapped tables of words, each the kinds with its
//! answer: each thread's own, small enough to stay in its core's cache
//! (about four lookups in five are found there at 8×8's widest levels),
//! and behind it one per step, shared by the workers and written and read
//! with relaxed atomics (a lost write costs a recomputation). Even so a
//! lookup costs about as much as a tenth of a state's whole step, and a
//! test every step cost more than it saved (8×8 closed: 204 s, against
//! 154 s tested every third or fourth step, 149 s every sixth, 138 s every
//! eighth; 222 s untested). A state ruled out later than it could be only
//! takes a few more steps of its dead descendants, so the test runs every
//! [`TEST_EVERY`]th step.
//!
//! Open tours, whose apex can end a path at any square, and sweeps of every
//! prefix, where a square left may lie beyond the prefix answered, are not
//! tested. Neither are boards with more than 128 squares left after a step:
//! the masks are `u128`.

use std::cell::RefCell;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::state::ARRAY;
use crate::sweep::{Step, Sweep};

/// The steps tested: those whose vertex is a multiple of this (see the
/// module docs; measured on 8×8 and 8×7 closed in docs/benchmarks.md,
/// *States that cannot finish*).
pub const TEST_EVERY: usize = 8;

/// Slots of the kinds in a cache word: `inner` and `bare` masks of up to
/// 28 slots each ([`crate::state::MAX_SLOTS`]).
const KIND_BITS: u32 = 28;

/// A cache word: the kinds (56 bits), shifted past a flag "filled" and the
/// answer.
const FILLED: u64 = 0b10;

/// Entries of each thread's own cache, in front of the step's shared one:
/// 512 KiB, which stays in the core's own cache (measured against 2^14,
/// 2^17 and 2^18 on 8×7 closed: docs/benchmarks.md, *States that cannot
/// finish*).
const NEAR_ENTRIES: usize = 1 << 16;

/// Entries of a step's shared cache: up to 8 MiB, fewer on narrow
/// frontiers (a state has at most 3^slots kinds).
const FAR_ENTRIES: usize = 1 << 20;

/// Where `kinds` sits in a direct-mapped table of `2^bits` entries.
#[inline]
fn index(kinds: u64, bits: u32) -> usize {
    (kinds.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

thread_local! {
    /// Each thread's near cache, and the step it holds answers of.
    static NEAR: RefCell<(u64, Vec<u64>)> = const { RefCell::new((0, Vec::new())) };
}

/// Numbers the tests as they are made, so that a thread's near cache knows
/// when its answers are of another step.
static TESTS_MADE: AtomicU64 = AtomicU64::new(1);

/// A set of squares left as a bit mask: `u64` where 64 squares or fewer
/// are left after a step, `u128` up to 128.
trait Mask:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + std::fmt::Debug
    + Send
    + Sync
{
    const ZERO: Self;
    fn bit(i: usize) -> Self;
    fn lowest(self) -> usize;
    fn ones(self) -> u32;
    fn without_lowest(self) -> Self;
}

macro_rules! mask {
    ($t:ty) => {
        impl Mask for $t {
            const ZERO: Self = 0;
            #[inline]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn ones(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}
mask!(u64);
mask!(u128);

/// The bits of a mask, lowest first.
#[inline]
fn bits<M: Mask>(mut mask: M) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != M::ZERO).then(|| {
            let v = mask.lowest();
            mask = mask.without_lowest();
            v
        })
    })
}

/// One step's test: the squares left after it, their moves, and where the
/// frontier's slots sit among them.
#[derive(Debug)]
pub struct Cover {
    graph: Graph,
    /// This test's number, for the near caches.
    id: u64,
    far_bits: u32,
    far: Box<[AtomicU64]>,
}

/// The squares left in the mask that fits them.
#[derive(Clone, Debug)]
enum Graph {
    Narrow(Box<Left<u64>>),
    Wide(Box<Left<u128>>),
}

/// The squares left after a step: vertex `v` is bit `v − (step + 1)`.
#[derive(Clone, Debug)]
struct Left<M> {
    /// Light squares left (colour 0).
    light: M,
    /// The frontier's squares after the step.
    on_frontier: M,
    /// Squares left that no edge has reached and that are not on the
    /// frontier, by the edges they need: two, and one (a terminal of a
    /// fixed-ends sweep, whose other edge is the virtual one).
    off_two: M,
    off_one: M,
    /// Each square left's moves to squares left.
    moves: Vec<M>,
    /// Each slot after the step: its square's bit (the apex has none).
    slot_bit: [M; ARRAY],
}

impl Clone for Cover {
    fn clone(&self) -> Cover {
        Cover::with(self.graph.clone(), self.far_bits)
    }
}

impl Cover {
    /// The test after `step`, where it applies (see the module docs).
    pub fn new(sweep: &Sweep, step: &Step) -> Option<Cover> {
        let left = sweep.cells() - (step.vertex + 1);
        if sweep.apex().is_some()
            || sweep.counts_prefixes()
            || left == 0
            || !step.vertex.is_multiple_of(TEST_EVERY)
        {
            return None;
        }
        let graph = if left <= 64 {
            Graph::Narrow(Box::new(Left::new(sweep, step)))
        } else if left <= 128 {
            Graph::Wide(Box::new(Left::new(sweep, step)))
        } else {
            return None;
        };
        // 3^slots kinds at most, two entries each.
        let kinds = 3u64.saturating_pow(u32::try_from(step.after.len()).unwrap_or(u32::MAX));
        let far_bits = kinds
            .saturating_mul(2)
            .next_power_of_two()
            .ilog2()
            .clamp(6, FAR_ENTRIES.ilog2());
        Some(Cover::with(graph, far_bits))
    }

    fn with(graph: Graph, far_bits: u32) -> Cover {
        Cover {
            graph,
            id: TESTS_MADE.fetch_add(1, Ordering::Relaxed),
            far_bits,
            far: (0..1usize << far_bits).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Whether a state whose slots after the step are `inner` and `bare`
    /// (the other live slots are path ends) can still have every square
    /// left get its missing degree.
    #[inline]
    pub fn fits(&self, inner: u32, bare: u32) -> bool {
        let kinds = u64::from(inner) | u64::from(bare) << KIND_BITS;
        let word = kinds << 2 | FILLED;
        NEAR.with(|near| {
            let mut near = near.borrow_mut();
            let (id, table) = &mut *near;
            // No larger than the step's own table: a narrow frontier's
            // kinds are few, and a small board's sweep makes many tests.
            let near_bits = self.far_bits.min(NEAR_ENTRIES.ilog2());
            if *id != self.id {
                *id = self.id;
                table.clear();
                table.resize(1 << near_bits, 0);
            }
            let at = index(kinds, near_bits);
            if table[at] & !1 == word {
                return table[at] & 1 == 1;
            }
            let fits = self.far_fits(kinds, word, inner, bare);
            table[at] = word | u64::from(fits);
            fits
        })
    }

    /// [`Cover::fits`] past the near cache.
    fn far_fits(&self, kinds: u64, word: u64, inner: u32, bare: u32) -> bool {
        let at = index(kinds, self.far_bits);
        let cached = self.far[at].load(Ordering::Relaxed);
        if cached & !1 == word {
            return cached & 1 == 1;
        }
        let fits = match &self.graph {
            Graph::Narrow(left) => left.fits(inner, bare),
            Graph::Wide(left) => left.fits(inner, bare),
        };
        self.far[at].store(word | u64::from(fits), Ordering::Relaxed);
        fits
    }
}

impl<M: Mask> Left<M> {
    fn new(sweep: &Sweep, step: &Step) -> Left<M> {
        let first = step.vertex + 1;
        let cells = sweep.cells();
        let bit = |v: usize| M::bit(v - first);
        let board = sweep.board();
        let mut light = M::ZERO;
        let mut all = M::ZERO;
        let mut moves = vec![M::ZERO; cells - first];
        for v in first..cells {
            let square = sweep.square_of(v);
            all |= bit(v);
            if board.colour(square) == 0 {
                light |= bit(v);
            }
            for target in board.knight_moves(square) {
                let w = sweep.vertex_of(target);
                if w >= first {
                    moves[v - first] |= bit(w);
                }
            }
        }
        let mut slot_bit = [M::ZERO; ARRAY];
        let mut on_frontier = M::ZERO;
        for (slot, &v) in step.after.iter().enumerate() {
            if v >= first && v < cells {
                slot_bit[slot] = bit(v);
                on_frontier |= bit(v);
            }
        }
        let terminals = sweep
            .terminals()
            .into_iter()
            .flatten()
            .filter(|&v| v >= first && v < cells)
            .fold(M::ZERO, |mask, v| mask | bit(v));
        let off_frontier = all & !on_frontier;
        Left {
            light,
            on_frontier,
            off_two: off_frontier & !terminals,
            off_one: off_frontier & terminals,
            moves,
            slot_bit,
        }
    }

    /// [`Cover::fits`] without the caches.
    fn fits(&self, inner: u32, bare: u32) -> bool {
        // Missing degrees: two for bare slots and squares off the frontier
        // (a terminal one fewer), one for path ends; inner slots are gone.
        let mut inner_bits = M::ZERO;
        let mut bare_bits = M::ZERO;
        for slot in bits(u64::from(inner | bare)) {
            if inner >> slot & 1 == 1 {
                inner_bits |= self.slot_bit[slot];
            } else {
                bare_bits |= self.slot_bit[slot];
            }
        }
        let ends = self.on_frontier & !inner_bits & !bare_bits;
        let two = self.off_two | bare_bits;
        let one = ends | self.off_one;
        let left = one | two;
        let degree = |set: M| (set & one).ones() + 2 * (set & two).ones();
        if degree(left & self.light) != degree(left & !self.light) {
            return false;
        }
        Flow {
            moves: &self.moves,
            light: left & self.light,
            dark: left & !self.light,
            taken: [M::ZERO; 128],
            one,
            two,
        }
        .fills()
    }
}

/// The flow of a b-factor being built: which moves it takes, and what each
/// square still misses, as two masks.
struct Flow<'a, M> {
    moves: &'a [M],
    light: M,
    dark: M,
    /// Each square's moves taken, as the other colour's bits.
    taken: [M; 128],
    /// Squares that miss one edge, and two.
    one: M,
    two: M,
}

impl<M: Mask> Flow<'_, M> {
    /// One edge more for square `v`.
    #[inline]
    fn fill(&mut self, v: usize) {
        let b = M::bit(v);
        if self.two & b == M::ZERO {
            self.one &= !b;
        } else {
            self.two &= !b;
            self.one |= b;
        }
    }

    #[inline]
    fn missing(&self, v: usize) -> bool {
        (self.one | self.two) & M::bit(v) != M::ZERO
    }

    #[inline]
    fn set(&mut self, l: usize, d: usize, taken: bool) {
        if taken {
            self.taken[l] |= M::bit(d);
            self.taken[d] |= M::bit(l);
        } else {
            self.taken[l] &= !M::bit(d);
            self.taken[d] &= !M::bit(l);
        }
    }

    /// Whether every light square gets its missing degree (and so, the
    /// degrees summing alike on both colours, every dark square too).
    fn fills(mut self) -> bool {
        // Greedy: each light square takes dark neighbours that still miss
        // an edge.
        for l in bits(self.light) {
            while self.missing(l) {
                let free = self.moves[l] & self.dark & (self.one | self.two) & !self.taken[l];
                if free == M::ZERO {
                    break;
                }
                let d = free.lowest();
                self.set(l, d, true);
                self.fill(l);
                self.fill(d);
            }
        }
        for l in bits(self.light) {
            while self.missing(l) {
                if !self.augment(l) {
                    return false;
                }
            }
        }
        true
    }

    /// One augmenting path from light square `start` to a dark square that
    /// misses an edge, found a layer at a time: untaken moves from light to
    /// dark, taken ones back.
    fn augment(&mut self, start: usize) -> bool {
        let mut came_light = [0u8; 128];
        let mut came_dark = [0u8; 128];
        let mut seen_light = M::bit(start);
        let mut seen_dark = M::ZERO;
        let mut layer = M::bit(start);
        loop {
            let mut reached = M::ZERO;
            for l in bits(layer) {
                let next = self.moves[l] & self.dark & !self.taken[l] & !seen_dark & !reached;
                for d in bits(next) {
                    came_dark[d] = l as u8;
                }
                reached |= next;
            }
            if reached == M::ZERO {
                return false;
            }
            let short = reached & (self.one | self.two);
            if short != M::ZERO {
                self.flip(start, short.lowest(), &came_light, &came_dark);
                return true;
            }
            seen_dark |= reached;
            layer = M::ZERO;
            for d in bits(reached) {
                let back = self.taken[d] & !seen_light & !layer;
                for l in bits(back) {
                    came_light[l] = d as u8;
                }
                layer |= back;
            }
            if layer == M::ZERO {
                return false;
            }
            seen_light |= layer;
        }
    }

    /// Takes the path found by [`Flow::augment`]: its moves from light to
    /// dark become taken, its moves back become free; only its two ends
    /// gain an edge.
    fn flip(&mut self, start: usize, end: usize, came_light: &[u8], came_dark: &[u8]) {
        self.fill(start);
        self.fill(end);
        let mut d = end;
        let mut l = usize::from(came_dark[d]);
        self.set(l, d, true);
        while l != start {
            let back = usize::from(came_light[l]);
            self.set(l, back, false);
            d = back;
            l = usize::from(came_dark[d]);
            self.set(l, d, true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kt_board::{Board, TourKind};

    fn flow(moves: &[u64], one: u64, two: u64) -> Flow<'_, u64> {
        Flow {
            moves,
            light: 0b0101,
            dark: 0b1010,
            taken: [0; 128],
            one,
            two,
        }
    }

    /// The flow on a tiny graph: light squares 0, 2 and dark 1, 3 in a
    /// 4-cycle 0–1–2–3–0, each missing 2: the cycle itself.
    #[test]
    fn a_cycle_is_its_own_b_factor() {
        let moves = [0b1010, 0b0101, 0b1010, 0b0101];
        assert!(flow(&moves, 0, 0b1111).fills());
        // A path 0–1–2–3 (no move 3–0): its ends cannot get two.
        let path = [0b0010, 0b0101, 0b1010, 0b0100];
        assert!(!flow(&path, 0, 0b1111).fills());
        // The path with ends that miss one: itself.
        assert!(flow(&path, 0b1001, 0b0110).fills());
    }

    /// An augmenting path undoes the greedy pass: light 0 takes dark 1
    /// first, though light 2 can only use dark 1, and 0 could use dark 3.
    #[test]
    fn an_augmenting_path_moves_a_greedy_choice() {
        let moves = [0b1010, 0b0101, 0b0010, 0b0001];
        assert!(flow(&moves, 0b1111, 0).fills());
        // With 3 gone, 0 and 2 both need 1: no b-factor.
        let moves = [0b0010, 0b0101, 0b0010, 0];
        let mut f = flow(&moves, 0b0111, 0);
        f.dark = 0b0010;
        assert!(!f.fills());
    }

    /// After the first step of a closed sweep, the first square's two
    /// neighbours are the ends of its path and everything else is left
    /// whole: that fits. With all of them bare instead, the degrees left
    /// differ between the colours (the first square's edges are missing
    /// from one side only), and nothing fits. Open tours are not tested.
    #[test]
    fn the_first_step_fits_as_a_path() {
        let board = Board::new(6, 6).unwrap();
        let sweep = Sweep::new(board, TourKind::Closed);
        let step = &sweep.steps()[0];
        let cover = Cover::new(&sweep, step).expect("a closed sweep is tested");
        let live = (1u32 << step.after.len()) - 1;
        let ends = step.edges.iter().fold(0u32, |mask, &s| mask | 1 << s);
        assert!(cover.fits(0, live & !ends));
        assert!(!cover.fits(0, live));
        assert!(Cover::new(&Sweep::new(board, TourKind::Open), step).is_none());
    }
}
