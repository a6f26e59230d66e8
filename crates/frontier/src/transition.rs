//! One step of the sweep on one state: which states follow, and which
//! choices finish a tour.
//!
//! Step `m` decides the edges from vertex `m` to its later neighbours, all
//! on the frontier after the step. Vertex `m` must leave with degree 2:
//!
//! * **inner** already: it takes none of them;
//! * **end of a path** whose other end is `p`: it takes exactly one, to
//!   some `u`; the path now runs from `p` to `u`, as if the edge `p—u`
//!   had been added (a *derived* edge);
//! * **bare**: it takes exactly two, to `u` and `w`; the path `u—m—w` is
//!   the derived edge `u—w`.
//!
//! Adding a derived edge `a—b` to the mates (Knuth's `try`, pre-fascicle
//! 8A ans. 193) is the whole of the search:
//!
//! ```text
//!   a or b inner                       → impossible (degree 3)
//!   a, b bare                          → a new path a…b
//!   a bare, b an end (other end c)     → the path now ends at a and c; b inner
//!   a an end (c), b an end (d), c ≠ b  → the paths join into c…d; a, b inner
//!   a and b ends of the same path      → it closes into a cycle
//! ```
//!
//! A cycle is a tour only if it covers everything: every later vertex is on
//! the frontier and inner (and, for open tours, so is the apex). Any other
//! cycle is a dead end, pruned at once. So is a state in which some vertex
//! needs more edges than it has neighbours left to take them from.
//!
//! A sweep of every prefix ([`Sweep::prefixes`]) asks less of a closing
//! cycle: it answers the prefix of the first `m` vertices when everything
//! it touched is inner and the vertices after this step that it covers are
//! exactly `m − 1 − vertex` consecutive ones, `vertex + 1, vertex + 2, …`
//! (every vertex up to this step is inner already; none when an open
//! path's last edge is the own vertex's edge to the apex). The frontier after a
//! step always starts with `vertex + 1`, so that is a look at the leading
//! slots ([`Transition::prefix_covered`]). A state closes at most one
//! cycle that answers anything — an answer leaves no other path on the
//! frontier, so only one pair of ends can close — and its prefix is what
//! [`Closed::covered`] tells.

use std::hint::select_unpredictable;

use crate::cover::Cover;
use crate::fold::Fold;
use crate::state::{
    ALL_BARE, ARRAY, Classes, Digits, INNER, Key, MAX_SLOTS, Mates, bare_slots, classify_words,
    digits_of, key_classified, key_of, label_slots, live_words, slots_holding,
};
use crate::successor_key::BaseCode;
use crate::sweep::{EndRules, GONE, Rule, Slot, Step, Sweep};

/// Where the own vertex's slot goes: nowhere (the spare slot 31).
const NOWHERE_SLOT: Slot = (ARRAY - 1) as Slot;

/// The slot that takes the writes a branch-free loop sends nowhere (30;
/// frontiers have at most [`crate::state::MAX_SLOTS`] = 28 slots).
const JUNK: usize = ARRAY - 2;

/// The virtual slot of a fixed-ends sweep (29): the mate of the end of the
/// path tied to the one terminal on the frontier, through the virtual edge,
/// while the other terminal has not entered it (see [`Sweep::between`]).
/// It is never part of a key: its end is the one path label of a code that
/// has a first end and no second.
const VIRTUAL: Slot = (ARRAY - 3) as Slot;

/// Byte `j` of entry `m` is bit `j` of `m`: eight bits spread to eight
/// bytes.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let mut j = 0;
        while j < 8 {
            table[m] |= ((m as u64 >> j) & 1) << (8 * j);
            j += 1;
        }
        m += 1;
    }
    table
};

/// The digits of a state whose inner slots are `inner` and whose other
/// slots are 0, as [`crate::state::Words`] (what [`classify_words`] gives).
#[inline]
fn inner_digits(inner: u32) -> crate::state::Words {
    [0, 1, 2, 3].map(|k| SPREAD[((inner >> (8 * k)) & 0xFF) as usize])
}

/// `min(popcount(x), 2)` without a popcount instruction (which the
/// baseline x86-64 target lacks): a room check only asks whether a slot
/// has no, one, or at least two neighbours left.
#[inline]
fn at_most_two(x: u32) -> u8 {
    u8::from(x != 0) + u8::from(x & x.wrapping_sub(1) != 0)
}

/// The outcome of adding a derived edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Join {
    /// A vertex would get degree 3.
    Rejected,
    /// The paths changed; the state goes on.
    Joined,
    /// A path closed into a cycle.
    Closed,
}

/// Adds the derived edge `a—b` to `mates` (see the module docs).
#[inline]
fn join(mates: &mut Mates, a: Slot, b: Slot) -> Join {
    let (ai, bi) = (a as usize, b as usize);
    let (ma, mb) = (mates[ai], mates[bi]);
    if ma == INNER || mb == INNER {
        return Join::Rejected;
    }
    if a == b || ma == b {
        mates[ai] = INNER;
        mates[bi] = INNER;
        return Join::Closed;
    }
    // The new path runs from a's far end to b's (a bare slot is its own
    // far end). A slot that was an end takes its second edge: inner. The
    // four cases (bare or end, twice) are the same four writes, so none
    // is branched on: which case comes is as good as random.
    mates[select_unpredictable(ma == a, JUNK, ai)] = INNER;
    mates[select_unpredictable(mb == b, JUNK, bi)] = INNER;
    mates[ma as usize & (ARRAY - 1)] = mb;
    mates[mb as usize & (ARRAY - 1)] = ma;
    Join::Joined
}

/// A derived edge `a—b` that joins two paths or extends one (no slot of
/// it inner, no cycle closing), as the base it is added to sees it: the
/// slots, their mates in the base (a bare slot is its own), and the slots
/// it makes inner (those that were path ends). What [`join`] would write
/// is known from these without writing it.
#[derive(Clone, Copy, Debug)]
struct Joined {
    a: usize,
    b: usize,
    ma: usize,
    mb: usize,
    became_inner: u32,
}

impl Joined {
    /// The edge `a—b` added to `base`, or `None` where [`join`] would not
    /// answer [`Join::Joined`] (a slot inner, or a cycle closing).
    #[inline]
    fn of(base: &Mates, a: Slot, b: Slot) -> Option<Joined> {
        let (ma, mb) = (base[a as usize], base[b as usize]);
        if ma == INNER || mb == INNER || a == b || ma == b {
            return None;
        }
        let (a, b) = (usize::from(a), usize::from(b));
        let (ma, mb) = (usize::from(ma) & (ARRAY - 1), usize::from(mb) & (ARRAY - 1));
        Some(Joined {
            a,
            b,
            ma,
            mb,
            became_inner: (u32::from(ma != a) << a) | (u32::from(mb != b) << b),
        })
    }

    /// The mates [`join`] writes: `base` with the edge added.
    fn mates(&self, base: &Mates) -> Mates {
        let mut mates = *base;
        let joined = join(&mut mates, self.a as Slot, self.b as Slot);
        debug_assert_eq!(joined, Join::Joined);
        mates
    }

    /// [`need`] of slot `s` after the edge: `a` and `b` need one more edge
    /// where they were bare, none where they were ends; every other slot
    /// keeps its kind (the far ends stay ends).
    #[inline]
    fn need(&self, base: &Mates, s: usize) -> u8 {
        let was_bare = |slot: usize, mate: usize| u8::from(mate == slot);
        if s == self.a {
            was_bare(self.a, self.ma)
        } else if s == self.b {
            was_bare(self.b, self.mb)
        } else {
            need(base, s)
        }
    }

    /// [`Transition::room_need`] of slot `s` after the edge: as
    /// [`Joined::need`], a bare slot's being the step's `bare_need`
    /// (neither `a` nor `b` is bare after it).
    #[inline]
    fn room_need(&self, transition: &Transition, base: &Mates, s: usize) -> u8 {
        if s == self.a || s == self.b {
            self.need(base, s)
        } else {
            transition.room_need(base, s)
        }
    }
}

/// What follows a state once a step's edges are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next<K> {
    /// No tour goes this way.
    Dead,
    /// A tour closes here.
    Tour,
    /// A sweep of every prefix: a cycle closes that answers the prefix
    /// ending this many vertices after the step's own.
    Prefix(u8),
    /// The state goes on as `K`.
    State(K),
}

/// The cycles a state closes at a step: how many, and, in a sweep of every
/// prefix, which prefix the one it closes answers (the vertices it covers
/// after the step's own; `None` in a whole count).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Closed {
    pub tours: u32,
    pub covered: Option<u8>,
    /// Of the `tours`, those whose step took the own vertex's apex edge:
    /// their last end is the step's square (a sweep with tallies).
    pub ended: u32,
}

/// The own vertex's state before the step.
#[derive(Clone, Copy, Debug)]
enum Own {
    Inner,
    Bare,
    /// The end of a path whose other end is at this slot after the step.
    End(Slot),
}

/// A state read for a step: its mates carried onto the slots after the
/// step (newcomers bare; the far end of the own vertex's path looking bare,
/// since joining it to a neighbour is the derived edge extending the path
/// makes), and the own vertex's state.
struct Read<K> {
    base: Mates,
    own: Own,
    room: Room,
    /// `Σ c(s)·degree(s)` over the slots of `base` (see
    /// [`Transition::colour_fits_targets`]).
    balance: i32,
    /// The bare slots of `base` (for the cover test and the fold): a
    /// successor's are these but the two its derived edge joins.
    bare: u32,
    /// The base's key, and what each successor's is worked out from
    /// (`successor_key.rs`).
    code: BaseCode<K>,
}

/// What the room check of [`Transition::has_room`] found on a state read
/// for a step, so that each of its successors only rechecks the few slots
/// its edges change: the slots joined, and the neighbours of slots that
/// became inner (their room shrinks).
#[derive(Clone, Copy, Debug)]
struct Room {
    /// The inner slots.
    inner: u32,
    /// Each slot's deficit: the edges it needs beyond its room.
    deficit: [u8; ARRAY],
    /// Slots with a deficit, and with a deficit of two or more.
    short: u32,
    over: u32,
    /// The sum of the deficits.
    total: u8,
    /// The same for the squares off the frontier ([`Transition::outer`]):
    /// their deficits summed, and the largest.
    outer_total: u8,
    outer_worst: u8,
}

/// The slots of a mask, lowest first.
#[inline]
fn slots(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let s = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            s
        })
    })
}

/// The edges slot `s` still needs: bare 2, a path end 1, inner 0.
#[inline]
fn need(mates: &Mates, s: usize) -> u8 {
    let m = mates[s];
    u8::from(m != INNER) + u8::from(m as usize == s)
}

/// A step of the sweep, ready to expand states.
#[derive(Clone, Debug)]
pub struct Transition {
    q_before: usize,
    q_after: usize,
    /// Where a mate value before the step points after it: a slot's new
    /// slot, `INNER` for `INNER`, and the own vertex's slot to
    /// [`NOWHERE_SLOT`] (its partner is handled apart).
    remap: [Slot; 256],
    own: usize,
    edges: Vec<Slot>,
    room: Vec<u8>,
    frontier_neighbours: [u32; ARRAY],
    entering: [u8; ARRAY],
    /// The squares off the frontier after the step that need edges from
    /// its slots ([`Step::outer`]; none in a sweep of every prefix), and
    /// all those slots as one mask: only a state that makes one of them
    /// inner changes what they can get.
    ///
    /// **The squares off the frontier.** The room check of the frontier's
    /// own slots lets a state live while a square that has not entered the
    /// frontier yet is already cut off: its neighbours still to come are too
    /// few, and the frontier slots it would need are inner. Such a state
    /// lives on for a dozen steps and more (until that square is reached),
    /// and so do its successors. Measured on the closed tours' widest levels
    /// (6×8: 455,583 states, 7×8: 8,631,061), about half the states have no
    /// completion at all, nearly all of them in groups whose slots' kinds
    /// (inner, bare, end) alone rule them out. Each square's degree alone
    /// finds 86% of those (the frontier's slots by the room check, the
    /// others by this one); the rest takes the cover test (`cover.rs`;
    /// docs/benchmarks.md, *States that cannot finish*).
    outer: Vec<(u32, u8)>,
    outer_slots: u32,
    /// Whether the squares left can all still get their degree, from the
    /// kinds of a state's slots (`cover.rs`); `None` where not tested.
    cover: Option<Cover>,
    /// Open tours: each slot's colour sign before and after the step (0 for
    /// the apex, and for the own vertex before: it leaves the frontier),
    /// and the balance a completion needs (see [`Transition::colour_fits_targets`]).
    colours_before: [i8; ARRAY],
    colours_after: [i8; ARRAY],
    /// The balances a completion needs, when the colour check applies
    /// (open tours, but in a sweep of every first cells: a prefix has its
    /// own balance): the whole board's twice, or in a sweep of the boards
    /// `rows × n` alone, those of the boards still to come
    /// ([`Step::board_targets`]); a state must fit one.
    colour_targets: Option<[i32; 2]>,
    /// A fixed-ends sweep: the slots of the terminals entering the frontier
    /// at this step, each with whether the other one entered before it.
    terminals_entering: [Option<(usize, bool)>; 2],
    /// The live bytes of a mate table after the step ([`live_words`]).
    live: [u64; 4],
    /// The slots the room check looks at: those (the apex aside) with fewer
    /// than two neighbours still to come. A slot with two can always get
    /// the edges it needs, so its deficit is 0 whatever the state.
    watched: u32,
    /// Whether every vertex after this step is on the frontier after it and
    /// no later step has a required edge: only then can a cycle closed here
    /// be a tour (closing leaves every later edge untaken).
    can_finish: bool,
    /// Whether slot 0 is the apex (open tours).
    apex: bool,
    /// The edges the room check asks of a bare slot: 2, or 0 in a sweep of
    /// every prefix, where a square no edge has reached may lie beyond
    /// the prefix a state answers ([`Sweep::prefixes`]).
    bare_need: u8,
    /// A folded sweep's symmetries at this step ([`Step::mirrors`]): one
    /// of a successor and its images is kept (`fold.rs`).
    fold: Fold,
    /// The live slots after the step, as a mask.
    live_slots: u32,
    /// A sweep by where the ends lie: the rules that drop a state after
    /// this step ([`Sweep::end_rules_at`], [`Transition::apex_fits`]).
    end_rules: EndRules,
    /// A sweep of every prefix: the step's vertex, and how many leading
    /// slots after the step (the apex aside) hold `vertex + 1, vertex + 2,
    /// …` without a gap; `None` in a whole count.
    prefix: Option<(usize, u8)>,
    /// What a restriction says of each of `edges` (all free, mostly).
    rules: Vec<Rule>,
    /// Whether some rule is not free.
    ruled: bool,
    /// A sweep with tallies: the class of the step's square, where an
    /// apex edge taken here ends a path ([`crate::tally`]); `None` where
    /// no tally counts it, or the sweep keeps none.
    end_class: Option<usize>,
    /// A sweep counting the tours a symmetry fixes: at the first step of
    /// a column, the glues of the states it reads (`mirror.rs`): the board
    /// of even length, and where the symmetry fixes tours there, the one
    /// a column longer.
    glues: Vec<crate::mirror::Glue>,
}

impl Transition {
    pub fn new(sweep: &Sweep, step: &Step) -> Transition {
        let apex = usize::from(sweep.apex().is_some());
        let later_vertices = sweep.cells() - 1 - step.vertex;
        let mut remap = [NOWHERE_SLOT; 256];
        for (i, &to) in step.carry.iter().enumerate() {
            remap[i] = if to == GONE { NOWHERE_SLOT } else { to };
        }
        remap[INNER as usize] = INNER;
        // A sweep of every prefix asks nothing of the squares off the
        // frontier (see `Step::outer`).
        let outer: &[(u32, u8)] = if sweep.counts_prefixes() {
            &[]
        } else {
            &step.outer
        };
        Transition {
            q_before: step.before.len(),
            q_after: step.after.len(),
            remap,
            own: step.own as usize,
            edges: step.edges.clone(),
            room: step.room.clone(),
            frontier_neighbours: {
                let mut a = [0; ARRAY];
                a[..step.frontier_neighbours.len()].copy_from_slice(&step.frontier_neighbours);
                a
            },
            entering: {
                let mut a = [0; ARRAY];
                a[..step.entering.len()].copy_from_slice(&step.entering);
                a
            },
            cover: Cover::new(sweep, step),
            outer: outer.to_vec(),
            outer_slots: outer.iter().fold(0, |mask, &(slots, _)| mask | slots),
            colours_before: {
                let mut a = [0; ARRAY];
                for (i, &v) in step.before.iter().enumerate() {
                    if let Some(slot) = step.after.iter().position(|&w| w == v) {
                        a[i] = step.colours[slot];
                    }
                }
                a
            },
            colours_after: {
                let mut a = [0; ARRAY];
                a[..step.colours.len()].copy_from_slice(&step.colours);
                a
            },
            colour_targets: (apex == 1
                && (!sweep.counts_prefixes() || step.board_targets.is_some()))
            .then(|| {
                step.board_targets
                    .unwrap_or([step.colour_target, step.colour_target])
            }),
            live: live_words(step.after.len()),
            terminals_entering: [0, 1].map(|i| {
                step.terminals_entering
                    .get(i)
                    .map(|&(slot, second)| (slot as usize, second))
            }),
            watched: step
                .entering
                .iter()
                .enumerate()
                .skip(apex)
                .filter(|&(_, &e)| e < 2)
                .fold(0u32, |mask, (s, _)| mask | 1 << s),
            can_finish: step.after.len() - apex == later_vertices && !step.required_later,
            apex: apex == 1,
            bare_need: if sweep.counts_prefixes() { 0 } else { 2 },
            fold: Fold::new(&step.mirrors, step.after.len()),
            live_slots: ((1u64 << step.after.len()) - 1) as u32,
            end_rules: sweep.end_rules_at(step.vertex),
            prefix: sweep.counts_prefixes().then(|| {
                let run = step.after[apex..]
                    .iter()
                    .zip(step.vertex + 1..)
                    .take_while(|&(&v, want)| v == want)
                    .count();
                (step.vertex, run as u8)
            }),
            rules: step.rules.clone(),
            ruled: step.rules.iter().any(|&r| r != Rule::Free),
            end_class: sweep.end_class(step.vertex),
            glues: sweep.fixed_symmetry().map_or_else(Vec::new, |symmetry| {
                [
                    crate::mirror::Glue::at(sweep, step, symmetry),
                    crate::mirror::Glue::at_odd(sweep, step, symmetry),
                ]
                .into_iter()
                .flatten()
                .collect()
            }),
        }
    }

    /// A sweep counting the tours a symmetry fixes: the glues of the
    /// states this step reads, where they are half-way along a board.
    pub fn glues(&self) -> &[crate::mirror::Glue] {
        &self.glues
    }

    /// A sweep with tallies: the class of the step's square (`None` where
    /// no tally counts it).
    pub fn end_class(&self) -> Option<usize> {
        self.end_class
    }

    /// Slots before the step.
    pub fn slots_before(&self) -> usize {
        self.q_before
    }

    /// Slots after the step.
    pub fn slots_after(&self) -> usize {
        self.q_after
    }

    /// Calls `next` with every state that follows `key`, once per way of
    /// choosing this step's edges, and returns how many of those ways close
    /// a tour.
    #[inline]
    pub fn expand<K: Key>(&self, key: K, mut next: impl FnMut(K)) -> u32 {
        self.expand_closing(key, |k, _| next(k)).tours
    }

    /// The vertices a prefix answered at this step holds, from what
    /// [`Transition::expand_closing`] found (a sweep of every prefix).
    pub fn prefix_answered(&self, closed: Closed) -> Option<usize> {
        let covered = closed.covered?;
        self.prefix
            .map(|(vertex, _)| vertex + 1 + usize::from(covered))
    }

    /// [`Transition::expand`], telling also which prefix the closed cycle
    /// answers in a sweep of every prefix, and for each successor (and of
    /// the tours that closed) whether the step took the own vertex's apex
    /// edge: the end of an open path at this step's square, which a sweep
    /// with tallies counts by its class.
    #[inline]
    pub fn expand_closing<K: Key>(&self, key: K, mut next: impl FnMut(K, bool)) -> Closed {
        if self.ruled {
            return Closed {
                tours: self.expand_ruled(key, |k| next(k, false)),
                covered: None,
                ended: 0,
            };
        }
        let read = self.read(key);
        // The edges to vertices that can take one more.
        let mut usable: [Slot; 16] = [0; 16];
        let mut k = 0;
        for &e in &self.edges {
            usable[k & 0xF] = e;
            k += usize::from(read.base[e as usize] != INNER);
        }
        let usable = &usable[..k];
        let mut closed = Closed::default();
        // `ended`: one of the step's own edges is its edge to the apex
        // (slot 0 of an open sweep).
        let mut take = |a: Slot, b: Slot, ended: bool| match self.apply::<K>(&read, a, b) {
            Next::Dead => {}
            Next::Tour => {
                closed.tours += 1;
                closed.ended += u32::from(ended);
            }
            Next::Prefix(covered) => {
                closed.tours += 1;
                closed.ended += u32::from(ended);
                closed.covered = Some(covered);
            }
            Next::State(key) => next(key, ended),
        };
        match read.own {
            Own::Inner => match self.settle::<K>(&read) {
                Next::State(key) => next(key, false),
                Next::Dead | Next::Tour | Next::Prefix(_) => {}
            },
            // Bare: two edges, u—m—w.
            Own::Bare => {
                for (x, &u) in usable.iter().enumerate() {
                    for &w in &usable[x + 1..] {
                        take(u, w, self.apex && (u == 0 || w == 0));
                    }
                }
            }
            // The end of a path from p: one edge, to u.
            Own::End(p) => {
                for &u in usable {
                    take(p, u, self.apex && u == 0);
                }
            }
        }
        closed
    }

    /// [`Transition::expand`] for a step with required or forbidden edges:
    /// the choices must take every required edge and no forbidden one.
    fn expand_ruled<K: Key>(&self, key: K, mut next: impl FnMut(K)) -> u32 {
        let read = self.read(key);
        let mut usable: Vec<Slot> = Vec::with_capacity(self.edges.len());
        let mut required: Vec<Slot> = Vec::with_capacity(2);
        for (&e, &rule) in self.edges.iter().zip(&self.rules) {
            let open = read.base[e as usize] != INNER;
            match rule {
                Rule::Required if !open => return 0,
                Rule::Required => required.push(e),
                Rule::Free if open => usable.push(e),
                Rule::Free | Rule::Forbidden => {}
            }
        }
        let mut tours = 0;
        // Prefix sweeps have no rules: no cycle here answers a prefix.
        let mut take = |a: Slot, b: Slot| match self.apply::<K>(&read, a, b) {
            Next::Dead | Next::Prefix(_) => {}
            Next::Tour => tours += 1,
            Next::State(key) => next(key),
        };
        match (read.own, required.as_slice()) {
            (Own::Inner, []) => {
                if let Next::State(key) = self.settle::<K>(&read) {
                    next(key);
                }
            }
            (Own::Bare, &[u, w]) => take(u, w),
            (Own::Bare, &[u]) => usable.iter().for_each(|&w| take(u, w)),
            (Own::Bare, []) => {
                for (x, &u) in usable.iter().enumerate() {
                    for &w in &usable[x + 1..] {
                        take(u, w);
                    }
                }
            }
            (Own::End(p), &[u]) => take(p, u),
            (Own::End(p), []) => usable.iter().for_each(|&u| take(p, u)),
            _ => {}
        }
        tours
    }

    /// The edges this step decides, as slots after the step, in variable
    /// order.
    pub fn edges(&self) -> &[Slot] {
        &self.edges
    }

    /// What follows `key` when the step takes exactly the edges `taken`
    /// (indices into [`Transition::edges`], increasing): the road a
    /// decision diagram of the edges follows, one choice at a time.
    pub fn successor<K: Key>(&self, key: K, taken: &[usize]) -> Next<K> {
        let obeys = self.rules.iter().enumerate().all(|(i, &rule)| match rule {
            Rule::Free => true,
            Rule::Required => taken.contains(&i),
            Rule::Forbidden => !taken.contains(&i),
        });
        if !obeys {
            return Next::Dead;
        }
        let read = self.read(key);
        let slot = |i: usize| self.edges[i];
        match (read.own, taken) {
            (Own::Inner, []) => self.settle(&read),
            (Own::Bare, &[a, b]) => self.apply(&read, slot(a), slot(b)),
            (Own::End(p), &[a]) => self.apply(&read, p, slot(a)),
            _ => Next::Dead,
        }
    }

    /// Reads `key` onto the slots after the step (see [`Read`]).
    ///
    /// Two passes, neither with a chain from slot to slot. The first moves
    /// every slot to its place after the step (`remap[i]`; the own vertex
    /// to the spare slot 31): inner stays inner, and every other slot is
    /// its own mate for now. The second pairs each path's two ends, one
    /// word test per path ([`slots_holding`]): a handful of paths, not a
    /// pass over the slots. A single loop that carried each label's first
    /// end from slot to slot ran about 45 instructions a slot (its profile,
    /// docs/benchmarks.md).
    #[inline]
    fn read<K: Key>(&self, key: K) -> Read<K> {
        let words = key.unpack_words();
        let digits: Digits = digits_of(&words);
        let q = self.q_before.min(MAX_SLOTS);
        let mut base = ALL_BARE;
        // The base's inner slots, path ends and first ends, kept as the
        // base is written (reading it back as words at once would wait on
        // the bytes just stored; `state::classify_words` finds the same).
        let mut inner = 0u32;
        let mut ends = 0u32;
        let mut firsts = 0u32;
        for (i, &digit) in digits.iter().enumerate().take(q) {
            let to = self.remap[i];
            base[(to as usize) & (ARRAY - 1)] = select_unpredictable(digit == 1, INNER, to);
            inner |= u32::from(digit == 1) << (to & 31);
        }
        // The colour balance of open tours: `Σ c(s)·degree(s)` before the
        // step (closed tours' colours are all 0).
        let mut balance = if self.colour_targets.is_some() {
            digits
                .iter()
                .zip(&self.colours_before)
                .take(q)
                .map(|(&d, &colour)| {
                    // Degree 0 (bare), 2 (inner) or 1 (an end).
                    i32::from(colour) * (i32::from(d != 0) + i32::from(d == 1))
                })
                .sum()
        } else {
            0
        };
        // Labels are given in the order of the paths' first ends, 2, 3, …:
        // as many as the ends, halved and rounded up (one end alone is the
        // end tied to the virtual slot of a fixed-ends sweep).
        let used = q.div_ceil(8);
        let labels = label_slots(&words, used).count_ones().div_ceil(2) as u8;
        for label in 2..2 + labels {
            let held = slots_holding(&words, label, used);
            let a = self.remap[(held.trailing_zeros() as usize) & (ARRAY - 1)];
            let rest = held & held.wrapping_sub(1);
            if rest == 0 {
                base[(a as usize) & (ARRAY - 1)] = VIRTUAL;
                base[VIRTUAL as usize] = a;
                ends |= 1 << (a & 31);
                firsts |= 1 << (a & 31);
            } else {
                let b = self.remap[(rest.trailing_zeros() as usize) & (ARRAY - 1)];
                base[(a as usize) & (ARRAY - 1)] = b;
                base[(b as usize) & (ARRAY - 1)] = a;
                ends |= 1 << (a & 31) | 1 << (b & 31);
                firsts |= 1 << (a.min(b) & 31);
            }
        }
        for &(slot, second) in self.terminals_entering.iter().flatten() {
            // A terminal enters tied to the virtual edge: to the virtual
            // slot if it is the first, else to the end the virtual slot was
            // tied to (the path now runs from one terminal to the other).
            ends |= 1 << slot;
            if second {
                let end = base[VIRTUAL as usize];
                base[(end as usize) & (ARRAY - 1)] = slot as Slot;
                base[slot] = end;
                base[VIRTUAL as usize] = VIRTUAL;
                firsts = firsts & !(1 << (end & 31)) | 1 << (usize::from(end).min(slot) & 31);
            } else {
                base[slot] = VIRTUAL;
                base[VIRTUAL as usize] = slot as Slot;
                firsts |= 1 << slot;
            }
        }
        let own = match digits[self.own] {
            0 => Own::Bare,
            1 => Own::Inner,
            // The far end of the own vertex's path looks bare (see `Read`).
            _ => {
                let partner = base[NOWHERE_SLOT as usize];
                base[(partner as usize) & (ARRAY - 1)] = partner;
                ends &= !(1 << (partner & 31));
                firsts &= !(1 << (partner & 31));
                // The partner counts as bare in `base`.
                balance -= i32::from(self.colours_after[(partner as usize) & (ARRAY - 1)]);
                Own::End(partner)
            }
        };
        // The base's classes: its inner slots for the room check, its key
        // and first ends for its successors' keys, its bare slots for the
        // cover test and the fold.
        let classes = Classes {
            inner: inner & self.live_slots,
            first_ends: firsts & self.live_slots,
        };
        let inner_digits = inner_digits(classes.inner);
        debug_assert_eq!(
            classify_words(&base, &self.live),
            (inner_digits, classes),
            "the base's classes"
        );
        let room = self.room(&base, classes.inner);
        let bare = self.live_slots & !classes.inner & !ends;
        debug_assert_eq!(bare, bare_slots(&base, &self.live), "the base's bare slots");
        let code = BaseCode::new(
            &base,
            key_classified(&base, &inner_digits, classes),
            classes.first_ends,
            self.q_after,
        );
        Read {
            base,
            own,
            room,
            balance,
            bare,
            code,
        }
    }

    /// The room check's findings on `mates`, whose inner slots are `inner`
    /// (see [`Room`]).
    #[inline]
    fn room(&self, mates: &Mates, inner: u32) -> Room {
        let (outer_total, outer_worst) = self.outer_short(inner);
        let mut room = Room {
            inner,
            deficit: [0; ARRAY],
            short: 0,
            over: 0,
            total: 0,
            outer_total,
            outer_worst,
        };
        for s in slots(self.watched) {
            let d = self.deficit(mates, inner, s);
            room.deficit[s] = d;
            room.short |= u32::from(d > 0) << s;
            room.over |= u32::from(d > 1) << s;
            room.total += d;
        }
        room
    }

    /// The squares off the frontier, given the inner slots: the edges they
    /// need beyond what their neighbours can still give, summed, and the
    /// most one of them needs.
    #[inline]
    fn outer_short(&self, inner: u32) -> (u8, u8) {
        let (mut total, mut worst) = (0u8, 0u8);
        for &(slots, wanted) in &self.outer {
            let short = wanted.saturating_sub(at_most_two(slots & !inner));
            total += short;
            worst = worst.max(short);
        }
        (total, worst)
    }

    /// The edges slot `s` needs beyond those its neighbours can still give,
    /// given the inner slots.
    #[inline]
    fn deficit(&self, mates: &Mates, inner: u32, s: usize) -> u8 {
        self.deficit_of(self.room_need(mates, s), inner, s)
    }

    /// The edges slot `s`, which needs `need` (as [`Transition::room_need`]
    /// counts), needs beyond those its neighbours can still give, given
    /// the inner slots.
    #[inline]
    fn deficit_of(&self, need: u8, inner: u32, s: usize) -> u8 {
        let open = at_most_two(self.frontier_neighbours[s] & !inner);
        // Branch-free: need ≤ 2 and room = min(entering + open, 2).
        let room = i32::from(self.entering[s] + open).min(2);
        let short = i32::from(need) - room;
        select_unpredictable(short > 0, short, 0).unsigned_abs() as u8
    }

    /// [`Transition::has_room`] for the base of `read` with the derived
    /// edge `joined` added: only the slots the edge changed are looked at
    /// again, and their needs come from the base ([`Joined::room_need`]).
    #[inline]
    fn has_room_after(&self, read: &Room, base: &Mates, joined: &Joined) -> bool {
        let (a, b) = (joined.a, joined.b);
        let became_inner = joined.became_inner;
        let inner = read.inner | became_inner;
        let mut changed = (1u32 << a) | (1u32 << b);
        for x in slots(became_inner) {
            changed |= self.frontier_neighbours[x];
        }
        // Only watched slots can have a deficit (the apex is never one).
        changed &= self.watched;
        if (read.over | (read.short * u32::from(!self.apex))) & !changed != 0 {
            return false;
        }
        let (outer_total, outer_worst) = if became_inner & self.outer_slots == 0 {
            (read.outer_total, read.outer_worst)
        } else {
            self.outer_short(inner)
        };
        if outer_worst > u8::from(self.apex) {
            return false;
        }
        let mut total = read.total + outer_total;
        for s in slots(changed) {
            total -= read.deficit[s];
            let d = self.deficit_of(joined.room_need(self, base, s), inner, s);
            if d > u8::from(self.apex) {
                return false;
            }
            total += d;
        }
        if !self.apex {
            return total == 0;
        }
        let spare = joined.need(base, 0);
        spare <= self.room[0] && total <= spare
    }

    /// The edges the room check asks of slot `s`: [`need`], but a bare
    /// slot's is `bare_need` (see [`Sweep::prefixes`]).
    #[inline]
    fn room_need(&self, mates: &Mates, s: usize) -> u8 {
        let m = mates[s];
        select_unpredictable(m as usize == s, self.bare_need, u8::from(m != INNER))
    }

    /// The state after adding the derived edge `a—b` to the base of `read`.
    ///
    /// The successor's mates are written out only where they are read: a
    /// cycle closing, a folded step keeping an image, a debug build's
    /// checks. Everything else (the room, cover and colour checks, the
    /// key) comes from the base and the four slots the edge changes
    /// ([`Joined`]). Writing the mates byte by byte and reading them back
    /// at once made each successor wait on its own stores
    /// (docs/benchmarks.md, *The floor of a state*).
    #[inline]
    fn apply<K: Key>(&self, read: &Read<K>, a: Slot, b: Slot) -> Next<K> {
        let Some(joined) = Joined::of(&read.base, a, b) else {
            let mut mates = read.base;
            return match join(&mut mates, a, b) {
                Join::Closed if self.prefix.is_some() => {
                    self.prefix_covered(&mates).map_or(Next::Dead, Next::Prefix)
                }
                Join::Closed if self.finishes(&mates) => Next::Tour,
                Join::Rejected | Join::Closed | Join::Joined => Next::Dead,
            };
        };
        let balance = read.balance
            + i32::from(self.colours_after[a as usize])
            + i32::from(self.colours_after[b as usize]);
        if !self.apex_fits(read, joined.need(&read.base, 0), balance) {
            return Next::Dead;
        }
        let room = self.has_room_after(&read.room, &read.base, &joined);
        debug_assert_eq!(
            room,
            self.has_room(&joined.mates(&read.base)),
            "the room check after {a}—{b}"
        );
        if room && self.covers_after(read, &joined) {
            Next::State(self.pack_joined(read, &joined))
        } else {
            Next::Dead
        }
    }

    /// The base of `read` itself, when the step takes no edge.
    #[inline]
    fn settle<K: Key>(&self, read: &Read<K>) -> Next<K> {
        let room = &read.room;
        let fits = if self.apex {
            room.over == 0 && room.outer_worst <= 1 && {
                let spare = need(&read.base, 0);
                spare <= self.room[0] && room.total + room.outer_total <= spare
            }
        } else {
            room.short == 0 && room.outer_worst == 0
        };
        debug_assert_eq!(fits, self.has_room(&read.base));
        if fits
            && self.apex_fits(read, need(&read.base, 0), read.balance)
            && self.covers(room.inner, read.bare)
        {
            Next::State(self.folded(&read.base, read.code.key(), room.inner, read.bare))
        } else {
            Next::Dead
        }
    }

    /// Whether the squares left can still get their degrees, by the kinds
    /// of a state's slots (`cover.rs`): `inner` and `bare`.
    #[inline]
    fn covers(&self, inner: u32, bare: u32) -> bool {
        debug_assert!(inner & bare == 0);
        self.cover
            .as_ref()
            .is_none_or(|cover| cover.fits(inner, bare))
    }

    /// [`Transition::covers`] for `mates`, the base of `read` with the
    /// derived edge `a—b` added: its kinds are the base's but at `a` and
    /// `b`, which are no longer bare and may have become inner. Nothing is
    /// worked out at a step not tested.
    #[inline]
    fn covers_after<K>(&self, read: &Read<K>, joined: &Joined) -> bool {
        self.cover.is_none() || {
            let inner = read.room.inner | joined.became_inner;
            self.covers(inner, read.bare & !(1 << joined.a) & !(1 << joined.b))
        }
    }

    /// What the apex of a successor of `read` asks of it, where it still
    /// needs `apex_need` edges: the colour check, and in a sweep by where
    /// the ends lie, its rules ([`Sweep::ends_in_one_column`],
    /// [`Sweep::first_end_unlike_the_corner`]): a successor whose apex has
    /// exactly one edge is dropped at a column's last step, and where the
    /// apex had none and this step's square has the corner's colour (the
    /// edge would be the path's first end). The apex looks bare in a base
    /// also where the own vertex's path runs to it, its first edge taken
    /// before: that base's successors extend the path, not begin it.
    ///
    /// The rules come behind the colour targets, which every sweep they
    /// apply to has (open tours, boards or a whole count), so that a
    /// closed sweep pays nothing for them (4% of a state read, measured,
    /// when they were asked first).
    #[inline]
    fn apex_fits<K>(&self, read: &Read<K>, apex_need: u8, balance: i32) -> bool {
        let Some([low, high]) = self.colour_targets else {
            return true;
        };
        let EndRules {
            one_column,
            first_unlike_the_corner,
        } = self.end_rules;
        let one_end_dies = apex_need == 1
            && (one_column
                || (first_unlike_the_corner
                    && read.base[0] == 0
                    && !matches!(read.own, Own::End(0))));
        !one_end_dies && Self::colour_fits_targets(low, high, apex_need, balance)
    }

    /// The colour check of open tours: whether a Hamiltonian path can
    /// still come out of a state whose balance is `balance` and whose apex
    /// still needs `apex_need` edges, against the targets `low` and `high`.
    ///
    /// A knight's move joins squares of opposite colours. Give a square
    /// `c = +1` or `−1` by its colour: over all squares, `Σ c·degree` then
    /// counts the apex edges to `+1` squares minus those to `−1` squares,
    /// every move cancelling out. Squares already decided have degree 2;
    /// so after a step, with the frontier's degrees and the apex's degree
    /// `a`, the apex edges' difference is known, and a finished path needs
    /// it to reach `2·Σ c` (0 on a board with as many squares of each
    /// colour: the ends differ in colour; ±2 on an odd board: both ends on
    /// the majority colour) with the `2 − a` apex edges left. Precomputed
    /// per step, that is `|colour_target − balance| ≤ 2 − a`. Nothing
    /// local sees this: a state whose path ends are of the wrong colours
    /// lives on until the last squares. On 5×5 the check halves the states
    /// read; on 6×6 it removes a fifth (`docs/frontier.md`).
    ///
    /// Closed tours need no check (every edge is a move, so the balance
    /// holds by itself): they have no targets.
    #[inline]
    fn colour_fits_targets(low: i32, high: i32, apex_need: u8, balance: i32) -> bool {
        let apex_degree = 2 - i32::from(apex_need);
        (low - balance).abs() <= 2 - apex_degree || (high - balance).abs() <= 2 - apex_degree
    }

    /// The key of `mates`; in a folded sweep at a step with symmetries,
    /// the key of the one of it and its images that the fold keeps
    /// (`fold.rs`: by kinds, or where those are alike, the smallest key). They
    /// all complete in the same ways. (A sweep packs its successors by
    /// [`Transition::pack_joined`]; this is the whole computation, which
    /// the tests hold it to.)
    #[cfg(test)]
    fn pack<K: Key>(&self, mates: &Mates) -> K {
        let (inner_digits, classes) = classify_words(mates, &self.live);
        let key = key_classified(mates, &inner_digits, classes);
        self.folded(mates, key, classes.inner, bare_slots(mates, &self.live))
    }

    /// [`Transition::pack`] for `mates`, the base of `read` with the
    /// derived edge `a—b` joined: its key worked out from the base's
    /// (`successor_key.rs`), and its kinds from the base's.
    #[inline]
    fn pack_joined<K: Key>(&self, read: &Read<K>, joined: &Joined) -> K {
        let Joined { a, b, ma, mb, .. } = *joined;
        let key = read.code.joined(a, b, ma, mb);
        debug_assert_eq!(
            key,
            key_of::<K>(&joined.mates(&read.base), &self.live),
            "the key of the successor by {a}—{b}"
        );
        let inner = read.room.inner | joined.became_inner;
        let bare = read.bare & !(1 << a) & !(1 << b);
        self.fold
            .keep(|| joined.mates(&read.base), key, inner, bare)
    }

    /// In a folded sweep at a step with symmetries, the key of the one of
    /// `mates` and its images that the fold keeps (`fold.rs`); `key` is
    /// that of `mates`, whose inner and bare slots are `inner` and `bare`.
    #[inline]
    fn folded<K: Key>(&self, mates: &Mates, key: K, inner: u32, bare: u32) -> K {
        self.fold.keep(|| *mates, key, inner, bare)
    }

    /// Whether every vertex can still reach degree 2.
    ///
    /// A vertex's room is its later neighbours that can still take an edge:
    /// those not yet on the frontier, and those on it that are not inner.
    /// Closed tours need room for every missing edge. Open tours may make
    /// up one edge per vertex at the apex, which takes two path ends in
    /// all.
    #[inline]
    fn has_room(&self, mates: &Mates) -> bool {
        let q = self.q_after.min(ARRAY);
        let mut inner = 0u32;
        for (s, &m) in mates.iter().enumerate().take(q) {
            inner |= u32::from(m == INNER) << s;
        }
        let first = usize::from(self.apex);
        let mut short = 0u8;
        for (s, &m) in mates.iter().enumerate().take(q).skip(first) {
            let need: u8 = if m == INNER {
                0
            } else if m as usize == s {
                self.bare_need
            } else {
                1
            };
            let open = (self.frontier_neighbours[s] & !inner).count_ones() as u8;
            let room = (self.entering[s] + open).min(2);
            // Each vertex can make up at most one edge, at the apex.
            short += need.saturating_sub(room).min(2);
            if need > room + u8::from(self.apex) {
                return false;
            }
        }
        let (outer_total, outer_worst) = self.outer_short(inner);
        if outer_worst > u8::from(self.apex) {
            return false;
        }
        short += outer_total;
        if !self.apex {
            return short == 0;
        }
        let m = mates[0];
        let spare = if m == INNER {
            0
        } else if m == 0 {
            2
        } else {
            1
        };
        spare <= self.room[0] && short <= spare
    }

    /// Whether a cycle just closed covers everything: every later vertex is
    /// on the frontier and inner, the apex too.
    fn finishes(&self, mates: &Mates) -> bool {
        self.can_finish && mates[..self.q_after].iter().all(|&m| m == INNER)
    }

    /// A sweep of every prefix: whether a cycle just closed answers a
    /// prefix, and which — the vertices after the step's own it covers.
    /// Everything it touched is inner (the apex too, for open tours: the
    /// cycle is a path through it), nothing else on the frontier is
    /// touched, and the inner slots are the leading run of consecutive
    /// vertices after the step's own — none at all when an open path's last
    /// edge is the step vertex's own edge to the apex.
    fn prefix_covered(&self, mates: &Mates) -> Option<u8> {
        let (_, run) = self.prefix?;
        let first = usize::from(self.apex);
        if self.apex && mates[0] != INNER {
            return None;
        }
        let q = self.q_after.min(ARRAY);
        let covered = mates[first..q].iter().take_while(|&&m| m == INNER).count();
        let rest_bare = (first + covered..q).all(|s| mates[s] as usize == s);
        (covered <= usize::from(run) && rest_bare).then_some(covered as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mates(list: &[Slot]) -> Mates {
        let mut m = [0; ARRAY];
        m[..list.len()].copy_from_slice(list);
        m
    }

    /// The fold keeps one state of each orbit: a mate table and each of
    /// its images are packed to the same key, the key of one of them, on
    /// every folded step of 6×6, 5×8 and 8×8 (open and closed), whatever the
    /// table (proptest draws the inner slots, the paths and the bare
    /// ones).
    #[test]
    fn a_state_and_its_images_pack_alike() {
        use proptest::prelude::*;
        let boards = ["6x6", "5x8", "8x8"];
        let mut folded = Vec::new();
        for board in boards {
            let board: kt_board::Board = board.parse().unwrap();
            for kind in [kt_board::TourKind::Open, kt_board::TourKind::Closed] {
                let sweep = Sweep::ordered(&crate::order::auto(board), kind).folded();
                folded.extend(
                    sweep
                        .steps()
                        .iter()
                        .filter(|s| !s.mirrors.is_empty())
                        .map(|s| Transition::new(&sweep, s)),
                );
            }
        }
        assert!(folded.len() > 10, "{}", folded.len());
        let table = |t: &Transition, order: &[u8], inner: u32, paths: usize| {
            let q = t.q_after;
            let mut mates = ALL_BARE;
            let slots: Vec<usize> = order.iter().map(|&i| usize::from(i) % q).collect();
            let mut free: Vec<usize> = Vec::new();
            for s in slots {
                if !free.contains(&s) {
                    free.push(s);
                }
            }
            for (k, &s) in free.iter().enumerate() {
                if inner >> k & 1 == 1 {
                    mates[s] = INNER;
                }
            }
            let ends: Vec<usize> = free
                .iter()
                .copied()
                .filter(|&s| mates[s] != INNER)
                .collect();
            for pair in ends.chunks_exact(2).take(paths) {
                mates[pair[0]] = pair[1] as Slot;
                mates[pair[1]] = pair[0] as Slot;
            }
            mates
        };
        proptest!(ProptestConfig::with_cases(2000), |(
            step in 0..folded.len(),
            order in proptest::collection::vec(any::<u8>(), 1..40),
            inner in any::<u32>(),
            paths in 0usize..10,
        )| {
            let t = &folded[step];
            let mates = table(t, &order, inner, paths);
            let packed: u128 = t.pack(&mates);
            let own: u128 = key_of(&mates, &t.live);
            let mut keys = vec![own];
            for image in t.fold.images(&mates) {
                prop_assert_eq!(t.pack::<u128>(&image), packed);
                keys.push(key_of(&image, &t.live));
            }
            prop_assert!(keys.contains(&packed));
        });
    }

    /// The successor path of a sweep (the key worked out from the base's,
    /// the checks from the base and the four slots an edge changes) gives
    /// what writing the successor's mates and packing them anew gives:
    /// state by state, successor by successor, on every level of small
    /// boards, open, closed and between two squares, folded and not, and
    /// a sweep of every prefix; and the base's classes, kept as it is
    /// written, are those `classify_words` finds in it.
    #[test]
    fn the_key_of_every_successor_is_the_key_packed_anew() {
        use kt_board::{Board, TourKind};
        let mut sweeps = Vec::new();
        for (rows, cols) in [(5, 6), (6, 6), (5, 8), (3, 10)] {
            let board = Board::new(rows, cols).unwrap();
            for kind in [TourKind::Open, TourKind::Closed] {
                let sweep = Sweep::ordered(&crate::order::auto(board), kind);
                sweeps.push(sweep.clone().folded());
                sweeps.push(sweep);
            }
        }
        let board = Board::new(5, 6).unwrap();
        sweeps.push(Sweep::between(board, 0, 29));
        for kind in [TourKind::Open, TourKind::Closed] {
            sweeps.push(Sweep::prefixes(
                &crate::order::Order::columns(board),
                kind,
                false,
                false,
            ));
        }
        let mut checked = 0u64;
        for sweep in &sweeps {
            let mut level = vec![u64::pack(&sweep.start_digits(), sweep.start_slots())];
            for step in sweep.steps() {
                let t = Transition::new(sweep, step);
                let mut next = Vec::new();
                for &key in &level {
                    let read = t.read(key);
                    let (digits, classes) = classify_words(&read.base, &t.live);
                    assert_eq!(t.room(&read.base, classes.inner).inner, read.room.inner);
                    assert_eq!(inner_digits(classes.inner), digits);
                    assert_eq!(read.code.key(), key_of::<u64>(&read.base, &t.live));
                    assert_eq!(read.bare, bare_slots(&read.base, &t.live));
                    // The step's edges, the own vertex's partner, and two
                    // slots besides: every pair, real successors and not.
                    let mut ends: Vec<Slot> = t.edges.clone();
                    ends.extend([0, 1]);
                    if let Own::End(p) = read.own {
                        ends.push(p);
                    }
                    ends.retain(|&s| usize::from(s) < t.q_after);
                    for (x, &u) in ends.iter().enumerate() {
                        for &w in &ends[x..] {
                            let Some(joined) = Joined::of(&read.base, u, w) else {
                                continue;
                            };
                            let mates = joined.mates(&read.base);
                            let packed: u64 = t.pack(&mates);
                            assert_eq!(t.pack_joined(&read, &joined), packed, "{u}—{w}");
                            assert_eq!(
                                t.has_room_after(&read.room, &read.base, &joined),
                                t.has_room(&mates),
                                "{u}—{w}"
                            );
                            checked += 1;
                        }
                    }
                    t.expand(key, |k| next.push(k));
                }
                next.sort_unstable();
                next.dedup();
                level = next;
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn a_fragment_closing_early_is_a_cycle() {
        // Slots 0 and 2 are the ends of one path: joining them closes it.
        let mut m = mates(&[2, 1, 0, 3]);
        assert_eq!(join(&mut m, 0, 2), Join::Closed);
        assert_eq!(&m[..4], &[INNER, 1, INNER, 3]);
    }

    #[test]
    fn mates_after_a_merge() {
        // Paths 0…2 and 1…3; the derived edge 2—1 makes one path 0…3.
        let mut m = mates(&[2, 3, 0, 1]);
        assert_eq!(join(&mut m, 2, 1), Join::Joined);
        assert_eq!(&m[..4], &[3, INNER, INNER, 0]);
        // A bare slot joined to an end extends that path.
        let mut m = mates(&[2, 1, 0]);
        assert_eq!(join(&mut m, 1, 2), Join::Joined);
        assert_eq!(&m[..3], &[1, 0, INNER]);
        // Two bare slots start a path.
        let mut m = mates(&[0, 1]);
        assert_eq!(join(&mut m, 0, 1), Join::Joined);
        assert_eq!(&m[..2], &[1, 0]);
    }

    #[test]
    fn an_inner_vertex_takes_no_edge() {
        let mut m = mates(&[INNER, 1]);
        assert_eq!(join(&mut m, 0, 1), Join::Rejected);
    }

    #[test]
    fn a_vertex_leaving_with_degree_one_is_pruned() {
        // The 3x4 board, closed: from the start state, keep only the
        // successors; none may leave the corner (vertex 0) short of
        // degree 2, and a vertex whose room is spent must be finished.
        let board = kt_board::Board::new(3, 4).unwrap();
        let sweep = Sweep::new(board, kt_board::TourKind::Closed);
        let first = Transition::new(&sweep, &sweep.steps()[0]);
        let mut next = Vec::new();
        let start = {
            let mut digits = [0; ARRAY];
            digits[0] = 0;
            <u64 as Key>::pack(&digits, 1)
        };
        assert_eq!(first.expand(start, |k: u64| next.push(k)), 0);
        // The corner has two later neighbours: exactly one way, both taken.
        assert_eq!(next.len(), 1);
        let mut digits = [0; ARRAY];
        next[0].unpack(first.slots_after(), &mut digits);
        let ends = digits[..first.slots_after()]
            .iter()
            .filter(|&&d| d >= 2)
            .count();
        assert_eq!(ends, 2, "{digits:?}");
    }
}

#[cfg(test)]
mod cover_tests {
    use super::*;
    use kt_board::{Board, TourKind};

    /// The distinct states of every level, from the start state; with
    /// `tested`, the transitions test the squares left (`cover.rs`), else
    /// not.
    fn levels(sweep: &Sweep, tested: bool) -> (Vec<Transition>, Vec<Vec<u64>>) {
        let transitions: Vec<Transition> = sweep
            .steps()
            .iter()
            .map(|step| {
                let mut t = Transition::new(sweep, step);
                if !tested {
                    t.cover = None;
                }
                t
            })
            .collect();
        let mut levels = vec![vec![u64::pack(&sweep.start_digits(), sweep.start_slots())]];
        for t in &transitions {
            let mut next = Vec::new();
            for &key in levels.last().expect("a level") {
                t.expand(key, |k| next.push(k));
            }
            next.sort_unstable();
            next.dedup();
            levels.push(next);
        }
        (transitions, levels)
    }

    /// The test rules out only states with no completion, and on closed
    /// tours most of those: every state of the untested sweep from which a
    /// tour goes on is kept, level by level, and the widest level shrinks.
    /// (The counts themselves are checked against published ones by every
    /// closed and fixed-ends count of the suite.)
    #[test]
    fn the_cover_test_keeps_every_state_that_can_finish() {
        for (rows, cols, kind, ends) in [
            (5, 6, TourKind::Closed, None),
            (6, 6, TourKind::Closed, None),
            (6, 7, TourKind::Closed, None),
            (6, 8, TourKind::Closed, None),
            (5, 6, TourKind::Open, Some((0, 29))),
        ] {
            let board = Board::new(rows, cols).unwrap();
            let sweep = match ends {
                None => Sweep::new(board, kind),
                Some((a, b)) => Sweep::between(board, a, b),
            };
            let (transitions, plain) = levels(&sweep, false);
            let (_, tested) = levels(&sweep, true);
            // Live states of the plain sweep, from the last level back.
            let mut live_next: Vec<bool> = vec![false; plain.last().unwrap().len()];
            for m in (0..transitions.len()).rev() {
                let next = &plain[m + 1];
                let live: Vec<bool> = plain[m]
                    .iter()
                    .map(|&key| {
                        let mut goes_on = false;
                        let tours = transitions[m].expand(key, |k| {
                            let at = next.binary_search(&k).expect("a successor");
                            goes_on |= live_next[at];
                        });
                        goes_on || tours > 0
                    })
                    .collect();
                for (key, _) in plain[m].iter().zip(&live).filter(|(_, l)| **l) {
                    assert!(
                        tested[m].binary_search(key).is_ok(),
                        "{board} {kind:?}: a state that can finish was ruled out before step {m}"
                    );
                }
                live_next = live;
            }
            let summed = |levels: &[Vec<u64>]| levels.iter().map(Vec::len).sum::<usize>();
            if ends.is_none() && cols >= 7 {
                assert!(
                    summed(&tested) * 10 < summed(&plain) * 9,
                    "{board}: {} states summed, {} untested",
                    summed(&tested),
                    summed(&plain)
                );
            }
        }
    }
}
