//! Searching for an order whose levels hold few states.
//!
//! **The score.** A level's states grow about exponentially with the
//! frontier's width, so an order is scored by `Σ_m B^{w_m}` over its steps'
//! widths `w_m` ([`Score`]): a proxy for the work summed over the levels,
//! which a sweep would take seconds to hours to measure and the profile
//! gives in a microsecond. With `B = 2.7` orders annealed on it held 2.7 to
//! 44 times fewer states at their widest level than the columns, every
//! count exact (`docs/frontier.md`, *The vertex order*).
//!
//! **The search** is simulated annealing over permutations, from the
//! columns: a step moves one square to another place not far off, or
//! swaps two, and is kept when it lowers the score's logarithm, or with
//! the Metropolis probability when it raises it, at a temperature that
//! falls geometrically over the budget. The budget is a number of
//! evaluations, not a time, and the random numbers come from a seed fixed
//! by the board: the same board gets the same order on every run, which is
//! what lets a checkpoint written with `--order auto` resume with it.

use kt_board::{Board, Square, Symmetry};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::profile::Moves;
use super::{Order, Origin};

/// The base of the score `Σ B^width`: about how much a level grows with
/// one more frontier square on the boards measured.
pub const BASE: f64 = 2.7;

/// Boards with fewer squares than this keep the columns under `auto`:
/// their sweeps take milliseconds whatever the order.
const SMALL: usize = 20;

/// Boards with more squares than this keep the columns under `auto`: the
/// search is part of planning, which must stay well under a second, and
/// counts on such boards take days in any order (`knights-tour order
/// BOARD --search N` searches for them, and `--order FILE` takes the
/// result).
const LARGE: usize = 128;

/// The most evaluations `auto` spends: planning a count refuses what
/// cannot run in well under a second, and the search is part of planning.
const AUTO_EVALUATIONS: u64 = 150_000;

/// How much searching one search does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Orders scored in all, over every restart.
    pub evaluations: u64,
    /// Independent annealing runs (each from the columns, with its own
    /// seed); the best order of all is kept.
    pub restarts: u32,
    /// Added to the board's own seed: another value gives other orders.
    pub seed: u64,
}

impl Budget {
    /// What `auto` spends on a board that has no shipped order: 2,000
    /// evaluations a square, at most `AUTO_EVALUATIONS` (about a tenth of
    /// a second on one core; on 7×7 a search 80 times as long finds a score
    /// only 1% lower), nothing on boards of fewer than 20 squares or more
    /// than 128 (`SMALL`, `LARGE`).
    pub fn auto(board: Board) -> Option<Budget> {
        let cells = board.cells();
        let short = board.rows().min(board.cols());
        (short >= 3 && (SMALL..=LARGE).contains(&cells)).then(|| Budget {
            evaluations: (2_000 * cells as u64).min(AUTO_EVALUATIONS),
            restarts: 2,
            seed: 0,
        })
    }
}

/// The score of orders of one board (see the module docs).
#[derive(Clone, Debug)]
pub struct Score {
    moves: Moves,
    powers: Vec<f64>,
}

impl Score {
    /// The score `Σ BASE^w` of [`BASE`].
    pub fn new(board: Board) -> Score {
        Score::with_base(board, BASE)
    }

    /// The score `Σ base^w`, for measuring how well another base predicts
    /// the states (`examples/order_search.rs`).
    pub fn with_base(board: Board, base: f64) -> Score {
        Score {
            moves: Moves::new(board),
            powers: (0..=board.cells() + 1)
                .map(|w| base.powi(i32::try_from(w).unwrap_or(i32::MAX)))
                .collect(),
        }
    }

    /// `Σ B^w` over the frontier widths after each step of taking
    /// `squares` in order.
    pub fn of(&self, squares: &[Square]) -> f64 {
        let mut total = 0.0;
        self.moves.widths(squares, |w| total += self.powers[w]);
        total
    }
}

/// The best order the search finds for `board` on `budget`, or the
/// columns if it finds none better. The score does not depend on the kind
/// of tour (the apex is on every frontier of an open sweep), so both kinds
/// get the same order.
pub fn search(board: Board, budget: &Budget) -> Order {
    search_with(board, budget, &Score::new(board))
}

/// [`search`] on another score (another base: [`Score::with_base`]).
pub fn search_with(board: Board, budget: &Budget, score: &Score) -> Order {
    let columns = Order::columns(board);
    let (best, evaluations) = best_of_runs(board, budget, columns.squares(), |o| score.of(o), None);
    if best == columns.squares() {
        return columns;
    }
    Order::from_squares(board, best)
        .expect("annealing permutes the squares")
        .with_origin(Origin::Searched { evaluations })
}

/// Two squares a step apart that a reflection swaps, or a square it keeps:
/// the unit a mirrored order takes.
type Unit = (Square, Option<Square>);

/// The best order the search finds for `board` on `budget` among the
/// orders that take the squares in pairs of images under `mirror` (an
/// involution of the board: a reflection, or the half turn), each pair on
/// consecutive steps, or a square the mirror keeps on its own step; `None`
/// if `mirror` is no involution of `board`.
///
/// After each pair the squares taken, and so the frontier, are their own
/// image, so a state and its mirror image have as many completions: a
/// *mirror fold* (Knuth's SYMFOLD) could keep one of the two and about
/// halve every level. Such orders are narrower in choice than the free
/// search's, so the fold pays only where the mirrored order holds fewer
/// than twice the states of the best free one; this search is how that is
/// measured (`examples/order_search.rs`, `mirror=`; docs/orders-measured.md,
/// *The mirror fold*).
pub fn search_mirrored(
    board: Board,
    budget: &Budget,
    score: &Score,
    mirror: Symmetry,
) -> Option<Order> {
    let involution = mirror != Symmetry::Identity
        && Symmetry::group(&board).contains(&mirror)
        && board
            .squares()
            .all(|s| mirror.apply(&board, mirror.apply(&board, s)) == s);
    if !involution {
        return None;
    }
    // The columns, each square followed at once by its image.
    let mut placed = vec![false; board.cells()];
    let mut units: Vec<Unit> = Vec::with_capacity(board.cells());
    for &s in Order::columns(board).squares() {
        if placed[s] {
            continue;
        }
        let image = mirror.apply(&board, s);
        placed[s] = true;
        placed[image] = true;
        units.push((s, (image != s).then_some(image)));
    }
    let mut flat = Vec::with_capacity(board.cells());
    let mut cost = |units: &[Unit]| {
        flatten(units, &mut flat);
        score.of(&flat)
    };
    let flip: fn(&mut Unit) = |unit| {
        if let (a, Some(b)) = *unit {
            *unit = (b, Some(a));
        }
    };
    let (best, evaluations) = best_of_runs(board, budget, &units, &mut cost, Some(flip));
    flatten(&best, &mut flat);
    Some(
        Order::from_squares(board, flat)
            .expect("annealing permutes the units")
            .with_origin(Origin::Searched { evaluations }),
    )
}

/// The squares of `units` in order.
fn flatten(units: &[Unit], squares: &mut Vec<Square>) {
    squares.clear();
    for &(a, b) in units {
        squares.push(a);
        squares.extend(b);
    }
}

/// The best of `budget.restarts` annealing runs from `start` (or `start`
/// itself, if no run beats it), and the evaluations spent.
fn best_of_runs<T: Copy>(
    board: Board,
    budget: &Budget,
    start: &[T],
    mut cost: impl FnMut(&[T]) -> f64,
    flip: Option<fn(&mut T)>,
) -> (Vec<T>, u64) {
    let mut best = start.to_vec();
    let mut best_score = cost(&best);
    let restarts = budget.restarts.max(1);
    let per_run = budget.evaluations / u64::from(restarts);
    for run in 0..restarts {
        let seed = seed_of(board)
            .wrapping_add(budget.seed)
            .wrapping_add(u64::from(run).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (found, value) = anneal(&mut cost, start, per_run, seed, flip);
        if value < best_score {
            best = found;
            best_score = value;
        }
    }
    (best, per_run * u64::from(restarts))
}

/// The board's own seed: the same board, the same search.
fn seed_of(board: Board) -> u64 {
    (board.rows() as u64) << 32 ^ (board.cols() as u64)
}

/// One annealing run from `start` (squares, or the units of a mirrored
/// order, with `flip` turning a unit round): the best sequence it met and
/// its cost. Without `flip` it draws the same random numbers as it always
/// has, so that the shipped orders and `auto`'s searches stay what they
/// were.
fn anneal<T: Copy>(
    mut cost: impl FnMut(&[T]) -> f64,
    start: &[T],
    evaluations: u64,
    seed: u64,
    flip: Option<fn(&mut T)>,
) -> (Vec<T>, f64) {
    let n = start.len();
    let mut current = start.to_vec();
    let mut current_log = cost(&current).ln();
    let mut best = current.clone();
    let mut best_log = current_log;
    if n < 3 || evaluations == 0 {
        return (best, best_log.exp());
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // A square moves at most this far: about the reach of a frontier.
    let window = (n / 3).clamp(2, 24);
    let (hot, cold) = (0.6f64, 0.005f64);
    let cooling = (cold / hot).ln() / evaluations as f64;
    let mut candidate = current.clone();
    for e in 0..evaluations {
        let temperature = hot * (cooling * e as f64).exp();
        let i = rng.random_range(0..n);
        candidate.copy_from_slice(&current);
        match flip {
            // A mirrored order's pair taken the other way round.
            Some(flip) if rng.random_bool(0.25) => flip(&mut candidate[i]),
            _ => {
                let offset = rng.random_range(1..=window);
                let j = if rng.random_bool(0.5) {
                    i.saturating_sub(offset)
                } else {
                    (i + offset).min(n - 1)
                };
                if i == j {
                    continue;
                }
                if rng.random_bool(0.5) {
                    candidate.swap(i, j);
                } else if i < j {
                    candidate[i..=j].rotate_left(1);
                } else {
                    candidate[j..=i].rotate_right(1);
                }
            }
        }
        let log = cost(&candidate).ln();
        let delta = log - current_log;
        if delta <= 0.0 || rng.random_bool((-delta / temperature).exp().min(1.0)) {
            std::mem::swap(&mut current, &mut candidate);
            current_log = log;
            if log < best_log {
                best_log = log;
                best.copy_from_slice(&current);
            }
        }
    }
    (best, best_log.exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_is_deterministic_and_no_worse_than_the_columns() {
        let board = Board::new(6, 6).unwrap();
        let budget = Budget {
            evaluations: 50_000,
            restarts: 2,
            seed: 0,
        };
        let a = search(board, &budget);
        let b = search(board, &budget);
        assert_eq!(a, b);
        let score = Score::new(board);
        assert!(score.of(a.squares()) <= score.of(Order::columns(board).squares()));
    }

    /// A mirrored order takes each square and its image on consecutive
    /// steps, so that the squares taken are their own image after every
    /// pair; only involutions of the board are mirrors.
    #[test]
    fn mirrored_orders_take_the_squares_in_pairs_of_images() {
        let budget = Budget {
            evaluations: 20_000,
            restarts: 2,
            seed: 0,
        };
        for (board, mirror) in [
            (Board::new(6, 6).unwrap(), Symmetry::FlipCols),
            (Board::new(5, 6).unwrap(), Symmetry::FlipRows),
            (Board::new(7, 7).unwrap(), Symmetry::Diagonal),
            (Board::new(5, 7).unwrap(), Symmetry::Rot180),
        ] {
            let score = Score::new(board);
            let order = search_mirrored(board, &budget, &score, mirror).unwrap();
            assert_eq!(
                order,
                search_mirrored(board, &budget, &score, mirror).unwrap()
            );
            let squares = order.squares();
            let mut taken = vec![false; board.cells()];
            let mut m = 0;
            while m < squares.len() {
                let s = squares[m];
                let image = mirror.apply(&board, s);
                taken[s] = true;
                if image != s {
                    assert_eq!(squares[m + 1], image, "{board} {mirror:?} step {m}");
                    taken[image] = true;
                    m += 1;
                }
                m += 1;
                assert!(
                    board
                        .squares()
                        .all(|t| taken[t] == taken[mirror.apply(&board, t)])
                );
            }
        }
        let board = Board::new(6, 6).unwrap();
        let score = Score::new(board);
        assert!(search_mirrored(board, &budget, &score, Symmetry::Rot90).is_none());
        assert!(search_mirrored(board, &budget, &score, Symmetry::Identity).is_none());
        let rectangle = Board::new(5, 6).unwrap();
        assert!(search_mirrored(rectangle, &budget, &score, Symmetry::Diagonal).is_none());
    }

    #[test]
    fn small_and_huge_boards_are_not_searched() {
        assert!(Budget::auto(Board::new(4, 4).unwrap()).is_none());
        assert!(Budget::auto(Board::new(2, 40).unwrap()).is_none());
        assert!(Budget::auto(Board::new(12, 12).unwrap()).is_none());
        assert!(Budget::auto(Board::new(6, 6).unwrap()).is_some());
    }
}
