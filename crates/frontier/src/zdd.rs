//! An edge-variable ZDD of the tours: the frontier search, written down as
//! a decision diagram instead of summed into a number.
//!
//! The time-sliced ZDD of `kt-constraints` has a variable per (square,
//! time); this one has a variable per **edge** of the swept graph, in the
//! order of [`Sweep::edges`], and its sets are the Hamiltonian cycles
//! themselves: a closed tour is the set of its moves, an open tour the set
//! of its moves plus the apex edges of its two end squares. Such a diagram
//! is what `TdZdd`'s `HamiltonCycleZdd` builds (Iwashita and Minato): a node
//! per (step, frontier state), children by the edges the step takes, and
//! nodes with equal sub-diagrams merged into one.
//!
//! **How it is built.** `TdZdd` builds top-down and then reduces bottom-up.
//! Here the engine seam only builds bottom-up (a node's children must exist
//! first), so the build is two passes over the same states:
//!
//! 1. *forward*: the distinct states of every level, from the start state,
//!    by [`Transition::expand`] (sorted, so that a state is found again by
//!    binary search);
//! 2. *backward*: from the last level to the first, one diagram per state.
//!    A state's diagram decides its step's edges in a short chain (take an
//!    edge or not, as many as the state's own vertex still needs), and each
//!    way of choosing ends where [`Transition::successor`] says: nowhere,
//!    at a finished tour, or at the diagram already built for the next
//!    state.
//!
//! Every node (but the all-reject ones, which every kind reduces to reject
//! and `choose` skips) goes through [`Engine::node`], which applies the diagram's
//! reduction rule and looks the node up in oxidd's unique table: two states
//! whose futures are the same family get the same node, which is exactly
//! `TdZdd`'s node merging, with no pass of its own.
//!
//! The diagram is built through the engine seam, so the same code gives a
//! BDD or a BCDD; the one place where the kinds differ (a variable left out
//! of a path is absent in a ZBDD but free in a BDD) is handled by deciding
//! every variable on every accepting path: every step's chain makes a node
//! for each of its edges, and a tour that closes before the last step is
//! followed by a node forcing out each later edge.
//!
//! This holds every level's states in memory at once, which the streaming
//! count of `count.rs` never does: it is for boards where
//! the diagram itself is wanted (enumerating, sampling, drawing tours) and
//! fits, not for record counts.

use std::sync::atomic::{AtomicBool, Ordering};

use kt_board::{Board, Square, TourKind, square_name};
use kt_engine::{Engine, EngineError, Var};

use crate::count::key_bits;
use crate::state::{ARRAY, Digits, Key};
use crate::sweep::{Step, Sweep};
use crate::transition::{Next, Transition};

/// How many states are handled between looks at the cancel flag.
const CHECK_EVERY: usize = 1 << 10;

/// The variables of the edge diagram of one board and kind: one per edge of
/// the swept graph, in the sweep's order.
///
/// For open tours the graph has the apex, joined to every square; the apex
/// edge of a square means "this square is an end of the path", so a set of
/// the family is the moves of an open tour plus its two ends.
#[derive(Clone, Debug)]
pub struct EdgeEncoding {
    sweep: Sweep,
    /// Variable → edge `(v, w)`, vertex numbers, `v < w`.
    edges: Vec<(usize, usize)>,
    /// The first variable of each step, and after the last step the number
    /// of variables: step `m` decides `first[m] .. first[m + 1]`.
    first: Vec<Var>,
}

impl EdgeEncoding {
    /// The variables of the columns order's sweep.
    pub fn new(board: Board, kind: TourKind) -> EdgeEncoding {
        EdgeEncoding::ordered(&crate::order::Order::columns(board), kind)
    }

    /// The variables of the sweep in `order`: the order of the squares is
    /// the diagram's variable order, and a narrower frontier is a smaller
    /// diagram.
    pub fn ordered(order: &crate::order::Order, kind: TourKind) -> EdgeEncoding {
        let sweep = Sweep::ordered(order, kind);
        let edges = sweep.edges();
        let mut first = Vec::with_capacity(sweep.steps().len() + 1);
        let mut next: Var = 0;
        for step in sweep.steps() {
            first.push(next);
            next += step.edges.len() as Var;
        }
        first.push(next);
        debug_assert_eq!(next as usize, edges.len());
        EdgeEncoding {
            sweep,
            edges,
            first,
        }
    }

    pub fn sweep(&self) -> &Sweep {
        &self.sweep
    }

    pub fn board(&self) -> Board {
        self.sweep.board()
    }

    pub fn kind(&self) -> TourKind {
        self.sweep.kind()
    }

    /// The number of variables, one per edge of the swept graph: what the
    /// engine must be created with.
    pub fn num_vars(&self) -> Var {
        self.edges.len() as Var
    }

    /// The edge of `var`: vertex numbers of the sweep, lower first (the
    /// apex, for open tours, is vertex `cells`).
    pub fn edge(&self, var: Var) -> (usize, usize) {
        self.edges[var as usize]
    }

    /// The variables step `step` decides.
    fn step_vars(&self, step: usize) -> std::ops::Range<Var> {
        self.first[step]..self.first[step + 1]
    }

    /// The edge's squares in algebraic notation, lower vertex first:
    /// `a1-b3` for a move, `a1-end` for the apex edge of `a1`.
    pub fn var_name(&self, var: Var) -> String {
        let (v, w) = self.edge(var);
        let board = self.board();
        let name = |x: usize| {
            if Some(x) == self.sweep.apex() {
                "end".to_string()
            } else {
                square_name(&board, self.sweep.square_of(x))
            }
        };
        format!("{}-{}", name(v), name(w))
    }

    /// The tour a set of the family stands for, as squares in order, or
    /// `None` if `set` is not one Hamiltonian cycle of the swept graph.
    ///
    /// A set names an undirected tour; the order read out of it is fixed so
    /// that each set gives one sequence: a closed tour starts at square 0
    /// and goes first to the lower-numbered of its two neighbours, an open
    /// tour starts at its lower-numbered end. The 1×1 open board's one
    /// tour is the set `{a1-end}` (its square is both ends of the path).
    pub fn decode(&self, set: &[Var]) -> Option<Vec<Square>> {
        let cells = self.sweep.cells();
        if self.kind() == TourKind::Open && cells == 1 {
            return (set == [0]).then(|| vec![0]);
        }
        let adjacency = self.adjacency(set)?;
        let cycle = match self.sweep.apex() {
            // The cycle from the apex to the lower end: the path follows.
            Some(apex) => self.walk_from(&adjacency, apex)?[1..].to_vec(),
            None => self.walk_from(&adjacency, self.sweep.vertex_of(0))?,
        };
        Some(cycle.iter().map(|&v| self.sweep.square_of(v)).collect())
    }

    /// Both neighbours of every vertex in the graph of `set`, if every
    /// vertex (the apex included) has degree exactly 2 and `set` names
    /// each variable at most once.
    fn adjacency(&self, set: &[Var]) -> Option<Vec<[usize; 2]>> {
        let vertices = self.sweep.cells() + usize::from(self.sweep.apex().is_some());
        let mut degree = vec![0usize; vertices];
        let mut adjacency = vec![[usize::MAX; 2]; vertices];
        for &var in set {
            let &(v, w) = self.edges.get(var as usize)?;
            for (x, y) in [(v, w), (w, v)] {
                // A third edge at a vertex, or the same edge twice.
                if degree[x] == 2 || adjacency[x][0] == y {
                    return None;
                }
                adjacency[x][degree[x]] = y;
                degree[x] += 1;
            }
        }
        degree.iter().all(|&d| d == 2).then_some(adjacency)
    }

    /// The cycle through `start`, first towards the neighbour on the
    /// lower-numbered square, if it covers every vertex.
    fn walk_from(&self, adjacency: &[[usize; 2]], start: usize) -> Option<Vec<usize>> {
        let [a, b] = adjacency[start];
        let mut next = if self.sweep.square_of(a) < self.sweep.square_of(b) {
            a
        } else {
            b
        };
        let mut order = vec![start];
        let mut previous = start;
        while next != start {
            if order.len() == adjacency.len() {
                return None;
            }
            order.push(next);
            let [x, y] = adjacency[next];
            (previous, next) = (next, if x == previous { y } else { x });
        }
        (order.len() == adjacency.len()).then_some(order)
    }
}

/// Why no diagram was built.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The engine ran out of nodes, or refused otherwise.
    #[error("edge diagram: {0}")]
    Engine(#[source] EngineError),
    /// The cancel flag was raised.
    #[error("edge diagram: cancelled")]
    Cancelled,
    /// The frontier has more slots than a state packs (see
    /// `MAX_SLOTS`).
    #[error(
        "edge diagram: the frontier has {slots} slots, more than the {} a state packs",
        crate::state::MAX_SLOTS
    )]
    TooWide { slots: usize },
}

impl From<EngineError> for BuildError {
    fn from(e: EngineError) -> BuildError {
        BuildError::Engine(e)
    }
}

/// A built edge diagram and what it took.
#[derive(Clone, Debug)]
pub struct EdgeDiagram<F> {
    /// The family of tours: each set is one undirected tour's edges.
    pub root: F,
    /// Distinct states of each level: `states[0]` before the first step
    /// (the start state), `states[m]` after step `m`: `steps + 1` entries.
    pub states: Vec<usize>,
    /// States of each level from which some tour goes on (whose diagram is
    /// not empty), aligned with `states`: what `TdZdd` keeps after reducing.
    /// All zero when no tour exists (no backward pass was made).
    pub live: Vec<usize>,
    /// Nodes of `root`, terminals included ([`Engine::node_count`]).
    pub nodes: usize,
}

/// Builds the edge diagram of `enc` in `engine`, which must have been
/// created with `enc.num_vars()` variables.
///
/// The diagram of a board without tours is the empty family; when the
/// forward pass sees no tour close (most often because every state dies
/// within a few steps), the backward pass is skipped. The 1×1 open board, which has no edge to sweep, gets
/// the family `{{a1-end}}` (see [`EdgeEncoding::decode`]).
pub fn build<E: Engine>(
    engine: &E,
    enc: &EdgeEncoding,
    cancel: &AtomicBool,
) -> Result<EdgeDiagram<E::Func>, BuildError> {
    assert_eq!(
        engine.num_vars(),
        enc.num_vars(),
        "the engine must have one variable per edge"
    );
    if enc.kind() == TourKind::Open && enc.sweep.cells() == 1 {
        // The one-square path: its square is both ends.
        let end = engine.node(0, &engine.accept(), &engine.reject())?;
        return Ok(finish(engine, end, vec![1], vec![1]));
    }
    match key_bits(&enc.sweep) {
        Some(64) => build_with::<E, u64>(engine, enc, cancel),
        Some(_) => build_with::<E, u128>(engine, enc, cancel),
        None => Err(BuildError::TooWide {
            slots: enc.sweep.width(),
        }),
    }
}

/// The diagram `root` with its figures.
fn finish<E: Engine>(
    engine: &E,
    root: E::Func,
    states: Vec<usize>,
    live: Vec<usize>,
) -> EdgeDiagram<E::Func> {
    let nodes = engine.node_count(&root);
    EdgeDiagram {
        root,
        states,
        live,
        nodes,
    }
}

fn check(cancel: &AtomicBool) -> Result<(), BuildError> {
    if cancel.load(Ordering::Relaxed) {
        Err(BuildError::Cancelled)
    } else {
        Ok(())
    }
}

/// [`build`] with states packed in `K`.
fn build_with<E: Engine, K: Key>(
    engine: &E,
    enc: &EdgeEncoding,
    cancel: &AtomicBool,
) -> Result<EdgeDiagram<E::Func>, BuildError> {
    let steps = enc.sweep.steps();
    let transitions: Vec<Transition> = steps
        .iter()
        .map(|step| Transition::new(&enc.sweep, step))
        .collect();
    let Forward { levels, closed } = forward::<K>(&transitions, cancel)?;
    let states: Vec<usize> = levels.iter().map(Vec::len).collect();
    if !closed {
        // No tour: the empty family, with no backward pass.
        let live = vec![0; states.len()];
        return Ok(finish(engine, engine.reject(), states, live));
    }
    debug_assert_eq!(levels.len(), steps.len() + 1);
    let (root, live) = backward(engine, enc, &transitions, &levels, cancel)?;
    Ok(finish(engine, root, states, live))
}

/// The states of the forward pass.
struct Forward<K> {
    /// `levels[m]`: the distinct states before step `m`, sorted.
    levels: Vec<Vec<K>>,
    /// Whether a choice closed a tour at some step.
    closed: bool,
}

/// The distinct states of every level, and whether any tour closes.
///
/// A level can come out empty while a tour has closed (on 5×6 every
/// closed tour closes at step 24 of 30, and nothing goes on), so the pass
/// goes to the end; empty levels cost nothing.
fn forward<K: Key>(
    transitions: &[Transition],
    cancel: &AtomicBool,
) -> Result<Forward<K>, BuildError> {
    // Before the first step every slot is bare: the code of all zeros.
    let mut levels = vec![vec![K::pack(&[0; ARRAY], 0)]];
    let mut closed = false;
    for transition in transitions {
        let level = levels.last().expect("the start level");
        let mut next = Vec::new();
        for (i, &key) in level.iter().enumerate() {
            if i % CHECK_EVERY == 0 {
                check(cancel)?;
            }
            closed |= transition.expand(key, |successor| next.push(successor)) > 0;
        }
        next.sort_unstable();
        next.dedup();
        levels.push(next);
    }
    Ok(Forward { levels, closed })
}

/// The diagrams of every level from the last to the first; returns the
/// start state's diagram and the live states of each level.
fn backward<E: Engine, K: Key>(
    engine: &E,
    enc: &EdgeEncoding,
    transitions: &[Transition],
    levels: &[Vec<K>],
    cancel: &AtomicBool,
) -> Result<(E::Func, Vec<usize>), BuildError> {
    let steps = enc.sweep.steps();
    let reject = engine.reject();
    // After the last step no cycle can close any more: a state still
    // there is a set of paths that never became a tour.
    let mut below: Vec<E::Func> = vec![reject.clone(); levels[steps.len()].len()];
    let mut live = vec![0; levels.len()];
    // Every variable after the current step forced out: where a tour that
    // closes at this step goes on (see `Chain::tour`).
    let mut tail = engine.accept();
    for m in (0..steps.len()).rev() {
        check(cancel)?;
        let chain = Chain {
            engine,
            transition: &transitions[m],
            step: &steps[m],
            vars: enc.step_vars(m),
            next_keys: &levels[m + 1],
            next: &below,
            tail: &tail,
            reject: &reject,
        };
        let mut here = Vec::with_capacity(levels[m].len());
        for (i, &key) in levels[m].iter().enumerate() {
            if i % CHECK_EVERY == 0 {
                check(cancel)?;
            }
            here.push(chain.diagram(key)?);
        }
        live[m] = here.iter().filter(|f| **f != reject).count();
        for var in enc.step_vars(m).rev() {
            tail = engine.forced_out(var, &tail)?;
        }
        below = here;
    }
    let root = below.pop().expect("one start state");
    Ok((root, live))
}

/// One step's view of the backward pass: how a state of this step becomes
/// a diagram over the step's variables and the next level's diagrams.
struct Chain<'a, E: Engine, K> {
    engine: &'a E,
    transition: &'a Transition,
    step: &'a Step,
    /// The step's variables, one per entry of `transition.edges()`.
    vars: std::ops::Range<Var>,
    next_keys: &'a [K],
    /// The diagram of each state of `next_keys`.
    next: &'a [E::Func],
    /// Accept, with every later step's variable forced out.
    tail: &'a E::Func,
    reject: &'a E::Func,
}

impl<E: Engine, K: Key> Chain<'_, E, K> {
    /// The diagram of `key`: every way of taking as many of the step's edges
    /// as its own vertex still needs (0 if inner, 1 if a path end, 2 if
    /// bare — any other number leaves it with a degree other than 2).
    fn diagram(&self, key: K) -> Result<E::Func, EngineError> {
        let mut digits: Digits = [0; ARRAY];
        key.unpack(self.transition.slots_before(), &mut digits);
        let need = match digits[self.step.own as usize] {
            0 => 2,
            1 => 0,
            _ => 1,
        };
        self.choose(key, 0, need, &mut Vec::with_capacity(2))
    }

    /// The sub-chain from edge `i` on, `taken` already chosen, `need` in
    /// all: a node per edge, taken (`hi`) or not (`lo`).
    fn choose(
        &self,
        key: K,
        i: usize,
        need: usize,
        taken: &mut Vec<usize>,
    ) -> Result<E::Func, EngineError> {
        let edges = self.transition.edges().len();
        if taken.len() + (edges - i) < need {
            return Ok(self.reject.clone());
        }
        if i == edges {
            return Ok(self.leaf(key, taken));
        }
        let hi = if taken.len() < need {
            taken.push(i);
            let hi = self.choose(key, i + 1, need, taken);
            taken.pop();
            hi?
        } else {
            self.reject.clone()
        };
        let lo = self.choose(key, i + 1, need, taken)?;
        if hi == *self.reject && lo == *self.reject {
            // Saves a call into the manager: every engine reduces this.
            return Ok(lo);
        }
        self.engine.node(self.vars.start + i as Var, &hi, &lo)
    }

    /// Where taking exactly `taken` leads.
    fn leaf(&self, key: K, taken: &[usize]) -> E::Func {
        match self.transition.successor(key, taken) {
            // The diagram is built from whole counts' sweeps, where no
            // cycle answers a prefix.
            Next::Dead | Next::Prefix(_) => self.reject.clone(),
            Next::Tour => self.tour(),
            Next::State(next) => match self.next_keys.binary_search(&next) {
                Ok(at) => self.next[at].clone(),
                Err(_) => self.reject.clone(),
            },
        }
    }

    /// A tour closed at this step. Its set holds none of the later edges,
    /// so they are forced out: free of charge in a ZBDD, where an absent
    /// variable is out of the set, but a node each in a BDD, where an
    /// absent variable would be free and multiply the tour.
    fn tour(&self) -> E::Func {
        self.tail.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoding(rows: usize, cols: usize, kind: TourKind) -> EdgeEncoding {
        EdgeEncoding::new(Board::new(rows, cols).unwrap(), kind)
    }

    /// The variable of the move between two named squares.
    fn var_of(enc: &EdgeEncoding, a: &str, b: &str) -> Var {
        (0..enc.num_vars())
            .find(|&v| {
                let name = enc.var_name(v);
                name == format!("{a}-{b}") || name == format!("{b}-{a}")
            })
            .unwrap_or_else(|| panic!("no edge {a}-{b}"))
    }

    #[test]
    fn variables_are_the_edges_then_the_ends() {
        let enc = encoding(3, 4, TourKind::Open);
        let board = enc.board();
        let moves: usize = board.squares().map(|s| board.degree(s)).sum::<usize>() / 2;
        assert_eq!(enc.num_vars() as usize, moves + board.cells());
        // 3x4 is swept column by column from the top-left corner, a3: its
        // moves go to c2 and b1, then it may end the path.
        assert_eq!(enc.var_name(0), "a3-b1");
        assert_eq!(enc.var_name(1), "a3-c2");
        assert_eq!(enc.var_name(2), "a3-end");
        let last = enc.num_vars() - 1;
        assert_eq!(enc.var_name(last), "d1-end");
        let closed = encoding(3, 4, TourKind::Closed);
        assert_eq!(closed.num_vars() as usize, moves);
        assert!((0..closed.num_vars()).all(|v| !closed.var_name(v).ends_with("-end")));
    }

    /// The squares of a tour printed as step numbers (1-based), row by row.
    fn squares_by_step(numbers: &[usize]) -> Vec<Square> {
        let mut squares = vec![0; numbers.len()];
        for (square, &n) in numbers.iter().enumerate() {
            squares[n - 1] = square;
        }
        squares
    }

    /// The edge variables of a tour (its ends' apex edges for open tours).
    fn set_of(enc: &EdgeEncoding, squares: &[Square]) -> Vec<Var> {
        let board = enc.board();
        let name = |s: Square| square_name(&board, s);
        let mut set: Vec<Var> = squares
            .windows(2)
            .map(|w| var_of(enc, &name(w[0]), &name(w[1])))
            .collect();
        let (first, last) = (squares[0], squares[squares.len() - 1]);
        match enc.kind() {
            TourKind::Closed => set.push(var_of(enc, &name(last), &name(first))),
            TourKind::Open => {
                set.push(var_of(enc, &name(first), "end"));
                set.push(var_of(enc, &name(last), "end"));
            }
        }
        set.sort_unstable();
        set
    }

    #[test]
    fn decodes_a_closed_tour_from_square_zero_towards_the_lower_neighbour() {
        // The README's closed 6x6 tour: square 0 (step 1) sits between
        // square 8 (step 2) and square 13 (step 36), so it reads forwards.
        #[rustfmt::skip]
        let numbers = [
             1, 26,  9, 30,  3, 24,
            10, 29,  2, 25,  8, 31,
            19, 36, 27, 32, 23,  4,
            28, 11, 18,  5, 14,  7,
            35, 20, 13, 16, 33, 22,
            12, 17, 34, 21,  6, 15,
        ];
        let enc = encoding(6, 6, TourKind::Closed);
        let squares = squares_by_step(&numbers);
        kt_board::Tour::new(enc.board(), TourKind::Closed, squares.clone())
            .check()
            .unwrap();
        let set = set_of(&enc, &squares);
        assert_eq!(enc.decode(&set), Some(squares.clone()));
        // The same cycle walked backwards from another square is the same
        // set, and reads the same.
        let mut turned = squares.clone();
        turned.reverse();
        turned.rotate_left(7);
        assert_eq!(enc.decode(&set_of(&enc, &turned)), Some(squares));
    }

    #[test]
    fn refuses_a_cycle_that_misses_a_square() {
        // The eight squares around the centre of 3x3 form a cycle of
        // knight's moves; the centre is on no move, so it is no tour.
        let enc = encoding(3, 3, TourKind::Closed);
        let ring = ["a3", "b1", "c3", "a2", "c1", "b3", "a1", "c2"];
        let set: Vec<Var> = (0..8)
            .map(|i| var_of(&enc, ring[i], ring[(i + 1) % 8]))
            .collect();
        assert_eq!(enc.decode(&set), None);
    }

    /// Two disjoint cycles give every square degree 2 but are no tour.
    #[test]
    fn refuses_two_cycles() {
        let enc = encoding(3, 4, TourKind::Closed);
        let rings = [
            ["a3", "c2", "a1", "b3", "d2", "b1"],
            ["c3", "d1", "b2", "d3", "c1", "a2"],
        ];
        let set: Vec<Var> = rings
            .iter()
            .flat_map(|ring| (0..6).map(|i| var_of(&enc, ring[i], ring[(i + 1) % 6])))
            .collect();
        assert_eq!(enc.decode(&set), None);
    }

    #[test]
    fn decodes_paths_and_cycles_in_their_fixed_order() {
        // 3x4 open tour: a3 c2 a1 b3 d2 b1 c3 a2 c1 d3 b2 d1.
        let enc = encoding(3, 4, TourKind::Open);
        let board = enc.board();
        let names = [
            "a3", "c2", "a1", "b3", "d2", "b1", "c3", "a2", "c1", "d3", "b2", "d1",
        ];
        let squares: Vec<Square> = names
            .iter()
            .map(|n| kt_board::parse_square(&board, n).unwrap())
            .collect();
        let tour = kt_board::Tour::new(board, TourKind::Open, squares.clone());
        tour.check().unwrap();
        let mut set: Vec<Var> = names.windows(2).map(|w| var_of(&enc, w[0], w[1])).collect();
        set.push(var_of(&enc, "a3", "end"));
        set.push(var_of(&enc, "d1", "end"));
        // Squares a3 = 0 and d1 = 11 are the ends: a3 starts.
        assert_eq!(enc.decode(&set), Some(squares.clone()));
        // Order does not matter; a missing end, a repeated edge do.
        set.reverse();
        assert_eq!(enc.decode(&set), Some(squares));
        let short = &set[1..];
        assert_eq!(enc.decode(short), None);
        let mut doubled = set.clone();
        doubled.push(set[0]);
        assert_eq!(enc.decode(&doubled), None);
        assert_eq!(enc.decode(&[enc.num_vars()]), None);
    }

    #[test]
    fn the_one_square_board_is_one_end_edge() {
        let enc = encoding(1, 1, TourKind::Open);
        assert_eq!(enc.num_vars(), 1);
        assert_eq!(enc.var_name(0), "a1-end");
        assert_eq!(enc.decode(&[0]), Some(vec![0]));
        assert_eq!(enc.decode(&[]), None);
        let closed = encoding(1, 1, TourKind::Closed);
        assert_eq!(closed.num_vars(), 0);
        assert_eq!(closed.decode(&[]), None);
    }
}
