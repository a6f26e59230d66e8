//! Tours that a symmetry mapping a strip's columns onto their mirror
//! images fixes, counted from the states half-way along the board: closed
//! tours (below), and open ones, which the half turn alone fixes (the
//! apex, its own image, one more square to glue: docs/symmetry.md, *Open
//! tours by the half turn*).
//!
//! Let `g` be the reflection left to right or the half turn of the board
//! `r × 2m`. Both map column `c` to column `2m − 1 − c`, so they swap the
//! left half `L` (columns `< m`) with the right half `R`, and both are
//! involutions. A closed tour `T` with `g(T) = T` is then
//!
//! ```text
//!     T = A ∪ g(A) ∪ X
//! ```
//!
//! where `A` is its moves inside `L` and `X` its moves across the axis (a
//! set that `g` maps onto itself). A knight crosses at most two columns, so
//! every move of `X`, and every move of `A` not yet decided when a
//! column-major sweep has finished column `m − 3`, has an end in the
//! *frontier* `F`, columns `m − 2` and `m − 1`. At that point the sweep's
//! state says, for each square of `F`, its degree and the other end of its
//! path through the squares already finished; `g` of it says the same of
//! `g(F)`, columns `m` and `m + 1`. What is left to choose is
//!
//! * moves inside `F` (column `m − 2` to `m − 1`), each with its image
//!   inside `g(F)`;
//! * moves across the axis, in their orbits under `g`: a move `v–u`
//!   (`v ∈ F`, `u ∈ g(F)`) with its image `g(v)–g(u)`, which touches `F` at
//!   `g(u)`; or a move that is its own image, `v–g(v)` (the half turn has
//!   some, the reflection none).
//!
//! Every square of `F` must reach degree 2, and the union — the paths
//! through `L` (the state's mates), their images through `R`, and the moves
//! chosen — must be one cycle. Each fixed tour is found exactly once: its
//! moves inside `L` are one path of the sweep to the state, and its moves at
//! the axis one choice here. So the tours `g` fixes are `Σ weight(s) ·
//! glue(s)` over the states `s` of that level, which the sweep adds up as it
//! reads them ([`crate::step::expand`]), beside the boards' own counts.
//!
//! The states are a sweep of every prefix of the strip (no cover test, and
//! no demand on squares no move has reached): every state that some fixed
//! tour passes through is kept, since its squares of `F` find the moves they
//! need in columns `m − 2` to `m + 1`, which the strip has as the board
//! does. The mirror fold (top to bottom) commutes with both symmetries and
//! maps `F` onto itself, so a state and its image glue in as many ways, and
//! a folded level's weights count them both.

use kt_board::{Board, Square, Symmetry};

use crate::state::{Digits, Key, MAX_SLOTS};
use crate::sweep::{Step, Sweep};

/// Labels at and past this one, in a sweep's prefix channel
/// ([`crate::step::Prefixes`]), are tours fixed by the sweep's symmetry
/// ([`fixed_of_label`]). Below it, the labels are prefixes, by their
/// squares.
pub const FIXED_LABEL: usize = 1 << 40;

/// The squares whose degrees a glue chooses, at most: `F` and `M` of a
/// strip as tall as a frontier holds (three columns of [`MAX_SLOTS`] / 2
/// rows), with one more for the apex; and the nodes of its union (those,
/// `F`'s images, the apex).
const NEEDS: usize = 3 * MAX_SLOTS / 2 + 1;
const NODES: usize = 2 * NEEDS + 1;

/// The classes a glue sorts its tours into (see [`Glue::ways`]).
pub const CLASSES: usize = 4;

/// Closed tours: the class of those the symmetry keeps in their direction
/// and of those it reverses.
///
/// On `r × 2m` neither symmetry fixes a square, so it acts on a fixed tour
/// as the half turn of the cycle (the tour keeps its direction: Knuth's
/// "Eulerian" symmetry of the half turn, and every tour the reflection
/// fixes) or as a reflection of the cycle, which fixes two of its moves,
/// each a move `v–g(v)` between a square and its image (the tour runs
/// backwards: "Bergholtian" symmetry, the half turn's alone).
pub const KEPT: usize = 0;
pub const REVERSED: usize = 1;

/// Open tours (every one the half turn fixes runs backwards under it: it
/// swaps the ends), by where the end in the left half lies: already on a
/// path through the squares before the glue's level (the state's apex
/// has an edge), or at the glue, at a square of `F` of the top left
/// corner's colour, of the other colour, or in the middle column `M`
/// (with its image, also in `M`: both ends in one column).
pub const END_BEFORE: usize = 0;
pub const END_LIKE_THE_CORNER: usize = 1;
pub const END_UNLIKE_THE_CORNER: usize = 2;
pub const END_IN_THE_MIDDLE: usize = 3;

/// The label of the tours of a board of `cells` squares that the symmetry
/// maps onto themselves, of one of the [`CLASSES`].
pub fn fixed_label(cells: usize, class: usize) -> usize {
    debug_assert!(class < CLASSES);
    FIXED_LABEL + CLASSES * cells + class
}

/// The board's squares and the class of the tours, of a label
/// [`fixed_label`] made; `None` for a prefix's label.
pub fn fixed_of_label(label: usize) -> Option<(usize, usize)> {
    let past = label.checked_sub(FIXED_LABEL)?;
    Some((past / CLASSES, past % CLASSES))
}

/// The glue of one level: the states read at the first step of column
/// `m − 2`, glued to their images into tours of `r × 2m`, or of
/// `r × (2m + 1)` for the half turn of an even number of rows.
///
/// On `r × (2m + 1)` the half turn maps the middle column `M` (column `m`)
/// onto itself, row `a` to row `r − 1 − a` (no square fixed where `r` is
/// even), and its squares are bare at the glue's level. A move `v–u` from
/// `F` to `M` comes with its image `g(v)–g(u)`, so it raises `v`, `u` and
/// `g(u)`: `M`'s squares get their degrees in pairs. Moves across `M`
/// (column `m − 1` to `m + 1`) are the axis's moves as before, and a move
/// `v–g(v)` among them is its own image.
#[derive(Clone, Debug)]
pub struct Glue {
    /// The squares of the board its tours are tours of.
    pub cells: usize,
    /// The squares whose degrees are chosen: `F` (`2r`, column `m − 2`
    /// then `m − 1`), then `M` (`r`, or none on `r × 2m`).
    squares: usize,
    /// For each slot before the step, its index in `F`.
    index_of_slot: Vec<usize>,
    /// The moves still to choose, each with the squares whose degree it
    /// raises (a move that is its own image raises one, once) and the
    /// edges it adds to the union, on the nodes `F` and `M` (`0..squares`)
    /// and `g(F)` (`squares + i` the image of `F`'s square `i`); open
    /// tours' apex is the node `2 · squares`, its own image, and its
    /// degree the need `squares` (in edges and their images: one).
    choices: Vec<Choice>,
    /// Open tours (the half turn alone).
    open: bool,
}

#[derive(Clone, Copy, Debug)]
struct Choice {
    /// The squares raised: the first `raised` (the half turn's centre,
    /// on an odd number of rows and columns, twice: a move to it comes
    /// with its image, also to it).
    raises: [usize; 3],
    raised: usize,
    /// Two edges, or one (`second` false: a move that is its own image).
    edges: [(usize, usize); 2],
    second: bool,
    /// An open tour's end and its image: the class it gives the tour.
    end: Option<usize>,
}

impl Glue {
    /// The glue at `step` of `sweep` for tours fixed by `symmetry` (the
    /// reflection left to right or the half turn): `Some` where `step` is
    /// the first of column `m − 2` of a column-major strip, with `m ≥ 2`,
    /// and its frontier is `F`; `None` at every other step.
    pub fn at(sweep: &Sweep, step: &Step, symmetry: Symmetry) -> Option<Glue> {
        Glue::of_board(sweep, step, symmetry, false)
    }

    /// The glue at `step` for the boards one column longer, `r × (2m + 1)`:
    /// the half turn alone (the reflection fixes `M`'s `r` squares, more
    /// than a cycle's reflection can fix from 3 rows on), of an even number
    /// of rows for closed tours (on odd rows such a board has an odd
    /// number of squares), of any for open ones: on odd rows the half turn
    /// fixes `M`'s middle square, the middle of the path.
    pub fn at_odd(sweep: &Sweep, step: &Step, symmetry: Symmetry) -> Option<Glue> {
        let even_rows = sweep.board().rows().is_multiple_of(2);
        let open = sweep.apex().is_some();
        (symmetry == Symmetry::Rot180 && (even_rows || open))
            .then(|| Glue::of_board(sweep, step, symmetry, true))
            .flatten()
    }

    fn of_board(sweep: &Sweep, step: &Step, symmetry: Symmetry, odd: bool) -> Option<Glue> {
        let strip = sweep.board();
        let rows = strip.rows();
        let (row, col) = strip.row_col(sweep.square_of(step.vertex));
        if row != 0 || step.vertex != col * rows {
            return None;
        }
        let m = col + 2;
        // The states must have been kept for a board with columns m and
        // m + 1 past F, as r × 2m has: nearer the strip's end its room
        // check has dropped states that a tour of r × 2m needs.
        if strip.cols() < m + 2 {
            return None;
        }
        let board = Board::new(rows, 2 * m + usize::from(odd)).ok()?;
        // `F`'s squares on the glued board, column m − 2 then m − 1: the
        // strip's squares there have the same row and column.
        let f: Vec<Square> = (m - 2..m)
            .flat_map(|c| (0..rows).map(move |r| (r, c)))
            .map(|(r, c)| board.square_at(r, c))
            .collect();
        let index = |s: Square| f.iter().position(|&x| x == s);
        let twice = f.len();
        let middle = if odd { rows } else { 0 };
        let squares = twice + middle;
        // A strip taller than a frontier holds is refused before any
        // sweep (`fits`); its glue would outgrow the stack's tables.
        if squares >= NEEDS {
            return None;
        }
        let open = sweep.apex().is_some();
        let mut index_of_slot = Vec::with_capacity(step.before.len());
        for &v in &step.before {
            if Some(v) == sweep.apex() {
                index_of_slot.push(2 * squares);
                continue;
            }
            let (r, c) = strip.row_col(sweep.square_of(v));
            // A frontier past F (another order) glues nothing.
            index_of_slot.push(index(board.square_at(r, c)).filter(|_| c >= m - 2 && c < m)?);
        }
        let image = |s: Square| symmetry.apply(&board, s);
        // M's square in row a, as a node.
        let in_middle = |s: Square| {
            let (r, c) = board.row_col(s);
            (odd && c == m).then_some(twice + r)
        };
        let images = twice + middle;
        let mut choices = Vec::new();
        for (i, &v) in f.iter().enumerate() {
            for u in board.knight_moves(v) {
                if let Some(j) = index(u) {
                    // A move inside F, once (from its lower end), with
                    // its image inside g(F).
                    if j > i {
                        choices.push(Choice {
                            raises: [i, j, 0],
                            raised: 2,
                            edges: [(i, j), (images + i, images + j)],
                            second: true,
                            end: None,
                        });
                    }
                } else if let Some(x) = in_middle(u) {
                    // To M, with its image from g(v) to g(u), also in M.
                    let y = in_middle(image(u)).expect("M maps onto itself");
                    choices.push(Choice {
                        raises: [i, x, y],
                        raised: 3,
                        edges: [(i, x), (images + i, y)],
                        second: true,
                        end: None,
                    });
                } else if let Some(j) = index(image(u)) {
                    // Across the axis: v–u, u = g(F[j]); its image is
                    // g(v)–F[j]. Once an orbit: from its lower end in F.
                    if j == i {
                        choices.push(Choice {
                            raises: [i, 0, 0],
                            raised: 1,
                            edges: [(i, images + i), (0, 0)],
                            second: false,
                            end: None,
                        });
                    } else if j > i {
                        choices.push(Choice {
                            raises: [i, j, 0],
                            raised: 2,
                            edges: [(i, images + j), (images + i, j)],
                            second: true,
                            end: None,
                        });
                    }
                }
            }
        }
        if open {
            // The apex: an edge to it from a square, with the image's from
            // the image, is the path's two ends (the half turn fixes the
            // apex and swaps the ends). The centre of an odd board is its
            // own image: an edge from it would be one end alone.
            let (apex, apex_need) = (2 * squares, squares);
            let corner = board.colour(board.square_at(0, 0));
            for (i, &v) in f.iter().enumerate() {
                let like = board.colour(v) == corner;
                choices.push(Choice {
                    raises: [i, apex_need, 0],
                    raised: 2,
                    edges: [(apex, i), (apex, images + i)],
                    second: true,
                    end: Some(if like {
                        END_LIKE_THE_CORNER
                    } else {
                        END_UNLIKE_THE_CORNER
                    }),
                });
            }
            for row in 0..middle {
                let square = board.square_at(row, m);
                let (x, y) = (in_middle(square), in_middle(image(square)));
                if let (Some(x), Some(y)) = (x, y)
                    && x < y
                {
                    choices.push(Choice {
                        raises: [x, y, apex_need],
                        raised: 3,
                        edges: [(apex, x), (apex, y)],
                        second: true,
                        end: Some(END_IN_THE_MIDDLE),
                    });
                }
            }
        }
        Some(Glue {
            cells: board.cells(),
            squares,
            index_of_slot,
            choices,
            open,
        })
    }

    /// In how many ways the state `key` glues to its image into one tour,
    /// by class: closed tours, those the symmetry keeps in their direction
    /// ([`KEPT`]) and those it reverses ([`REVERSED`]); open tours, by
    /// where their left end lies ([`END_BEFORE`] and the others).
    pub fn ways<K: Key>(&self, key: K) -> [u32; CLASSES] {
        let mut digits: Digits = [0; crate::state::ARRAY];
        key.unpack(self.index_of_slot.len(), &mut digits);
        let n = self.squares;
        // Degrees still needed (the apex's last: its edges in pairs with
        // their images, so one pair where no path through L ends at it),
        // and the paths through L by their ends. On the stack: a state's
        // glue allocated nothing it did not have to (6×30's half turn:
        // 66.1 s with a vector a state and two a leaf of the search).
        let mut need = [2u8; NEEDS];
        need[n] = u8::from(self.open);
        let mut mate_edges: Vec<(usize, usize)> = Vec::new();
        let mut first_end: [Option<usize>; 16] = [None; 16];
        for (slot, &i) in self.index_of_slot.iter().enumerate() {
            // The apex's node, and the need that stands for its degree.
            let at = if i == 2 * n { n } else { i };
            match digits[slot] {
                0 => {}
                // Both ends in L: their images are two more in R.
                1 if i == 2 * n => return [0; CLASSES],
                1 => need[at] = 0,
                label => {
                    need[at] = u8::from(i != 2 * n);
                    let label = usize::from(label & 0xF);
                    match first_end[label].take() {
                        Some(other) => mate_edges.push((other, i)),
                        None => first_end[label] = Some(i),
                    }
                }
            }
        }
        // The choices still ahead that could raise each square: a square
        // that needs more than it can still get ends the branch.
        let mut left = [0u8; NEEDS];
        for choice in &self.choices {
            for &x in &choice.raises[..choice.raised] {
                left[x] += 1;
            }
        }
        if need[..=n].iter().zip(&left).any(|(d, l)| d > l) {
            return [0; CLASSES];
        }
        let mut chosen = Vec::with_capacity(self.choices.len());
        let mut ways = [0; CLASSES];
        let mut links = Links::new();
        let image = |x: usize| if x == 2 * n { x } else { n + x };
        for &(a, b) in &mate_edges {
            links.join(a, b);
            links.join(image(a), image(b));
        }
        let mut search = Search {
            need: &mut need[..=n],
            left: &mut left[..=n],
            chosen: &mut chosen,
            links: &mut links,
            ways: &mut ways,
        };
        self.search(0, &mut search, &mate_edges);
        ways
    }

    /// The class of the tour the choices `chosen` close.
    fn class(&self, chosen: &[usize]) -> usize {
        if self.open {
            chosen
                .iter()
                .find_map(|&c| self.choices[c].end)
                .unwrap_or(END_BEFORE)
        } else if chosen.iter().any(|&c| !self.choices[c].second) {
            // A move that is its own image: the symmetry reverses the tour.
            REVERSED
        } else {
            KEPT
        }
    }

    /// Chooses among `choices[at..]` so that every need falls to 0, and
    /// counts the choices whose union is one cycle. `left` holds, for each
    /// square, the choices from `at` on that raise it.
    ///
    /// A choice whose move closes a cycle while some square still needs
    /// an edge ends its branch: every square of a closed cycle has its two
    /// edges, so the square that needs one can only end up in another
    /// cycle, and the union is not one tour. Without this the search went
    /// on to every leaf and rejected them there (6×30's half turn: 61.0 s).
    fn search(&self, at: usize, s: &mut Search<'_>, mates: &[(usize, usize)]) {
        if at == self.choices.len() {
            if self.one_cycle(s.chosen, mates, self.squares) {
                s.ways[self.class(s.chosen)] += 1;
            }
            return;
        }
        let choice = self.choices[at];
        let raises = &choice.raises[..choice.raised];
        for &x in raises {
            s.left[x] -= 1;
        }
        // Taken: every square it raises needs it (the centre, raised
        // twice, needs both).
        let needed = |x: usize| raises.iter().filter(|&&y| y == x).count();
        if raises.iter().all(|&x| usize::from(s.need[x]) >= needed(x)) {
            for &x in raises {
                s.need[x] -= 1;
            }
            let mark = s.links.mark();
            let edges = &choice.edges[..=usize::from(choice.second)];
            let closes = edges
                .iter()
                .fold(false, |closed, &(a, b)| s.links.join(a, b) || closed);
            if !closes || s.need.iter().all(|&d| d == 0) {
                s.chosen.push(at);
                self.search(at + 1, s, mates);
                s.chosen.pop();
            }
            s.links.undo_to(mark);
            for &x in raises {
                s.need[x] += 1;
            }
        }
        // Left out: every square it raises can still get what it needs.
        if raises.iter().all(|&x| s.need[x] <= s.left[x]) {
            self.search(at + 1, s, mates);
        }
        for &x in raises {
            s.left[x] += 1;
        }
    }

    /// Whether the paths through L (`mates`), their images through R, and
    /// the moves `chosen` make one cycle: every node they touch has degree
    /// 2 by the needs, so one cycle is one component. The apex (node
    /// `2n`) is its own image.
    fn one_cycle(&self, chosen: &[usize], mates: &[(usize, usize)], n: usize) -> bool {
        fn root(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        let mut parent: [usize; NODES] = std::array::from_fn(|x| x);
        let mut touched = [false; NODES];
        let image = |x: usize| if x == 2 * n { x } else { n + x };
        let mut join = |a: usize, b: usize, touched: &mut [bool]| {
            touched[a] = true;
            touched[b] = true;
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra] = rb;
        };
        for &(a, b) in mates {
            join(a, b, &mut touched);
            join(image(a), image(b), &mut touched);
        }
        for &c in chosen {
            let choice = self.choices[c];
            join(choice.edges[0].0, choice.edges[0].1, &mut touched);
            if choice.second {
                join(choice.edges[1].0, choice.edges[1].1, &mut touched);
            }
        }
        let mut roots = (0..=2 * n)
            .filter(|&x| touched[x])
            .map(|x| root(&mut parent, x));
        let Some(first) = roots.next() else {
            return false;
        };
        roots.all(|r| r == first)
    }
}

/// The state of a glue's search: the degrees still needed, the choices
/// left that raise each square, the choices taken, the union's
/// components so far, and the tours found by class.
struct Search<'a> {
    need: &'a mut [u8],
    left: &'a mut [u8],
    chosen: &'a mut Vec<usize>,
    links: &'a mut Links,
    ways: &'a mut [u32; CLASSES],
}

/// The components of a glue's union, joined as the search takes moves and
/// parted as it goes back: a union–find by size without path compression,
/// so that each join is undone by resetting one root.
struct Links {
    parent: [u8; NODES],
    size: [u8; NODES],
    /// The roots joined under another, in order, for undoing.
    joined: Vec<(u8, u8)>,
}

impl Links {
    fn new() -> Links {
        Links {
            parent: std::array::from_fn(|x| x as u8),
            size: [1; NODES],
            joined: Vec::with_capacity(NODES),
        }
    }

    fn root(&self, mut x: usize) -> usize {
        while usize::from(self.parent[x]) != x {
            x = usize::from(self.parent[x]);
        }
        x
    }

    /// Joins `a` and `b`; whether they were joined already (the move
    /// closes a cycle).
    fn join(&mut self, a: usize, b: usize) -> bool {
        let (mut ra, mut rb) = (self.root(a), self.root(b));
        if ra == rb {
            return true;
        }
        if self.size[ra] > self.size[rb] {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[ra] = rb as u8;
        self.size[rb] += self.size[ra];
        self.joined.push((ra as u8, rb as u8));
        false
    }

    fn mark(&self) -> usize {
        self.joined.len()
    }

    fn undo_to(&mut self, mark: usize) {
        while self.joined.len() > mark {
            let (child, root) = self.joined.pop().expect("a join to undo");
            let (child, root) = (usize::from(child), usize::from(root));
            self.parent[child] = child as u8;
            self.size[root] -= self.size[child];
        }
    }
}
