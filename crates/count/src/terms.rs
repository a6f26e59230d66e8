//! What a sequence asks and what it gives: the terms of every board
//! `rows × n` for `n ≤ N`, or of every "first `m` cells" of a strip for
//! `m ≤ N`, as D. E. Knuth counts them (pre-fascicle 8A, 2025; OEIS
//! A306281, A389754 and their kin).
//!
//! A sequence is work of the one plan ([`crate::Request::sequence`],
//! `Work::Sequence`): the frontier method answers it by one sweep of every
//! prefix of the strip, column by column, the top row first (a cycle that
//! closes and covers exactly the first `m` squares is the answer for those
//! `m` cells), or, where the plan finds it cheaper, board by board. At a
//! column boundary the first `m = rows·n` cells are the board `rows × n`;
//! so one sweep of the `rows × N` strip gives the whole sequence, and the
//! first-`m`-cells counts besides.
//!
//! Terms are in the project's convention: closed tours undirected, open
//! tours directed (twice the undirected paths; a one-cell prefix has its
//! one path, whichever way it is read). A published sequence's own
//! convention is the front end's to apply (`crate::sequence_check`).

use kt_board::TourKind;
use num_bigint::BigUint;

use crate::failure::Failure;
pub use crate::sequences::Measure;

/// The widest strip a sequence sweeps: the frontier of a column-major
/// sweep holds about `2·rows + 1` squares (one more for the apex of open
/// tours), and the method packs at most 28.
pub const MAX_ROWS: usize = 13;

/// The longest sequence asked for: far beyond any strip a machine
/// sweeps (Knuth's longest are 8 rows × 32 columns, 3 rows × 99), and
/// small enough that a typing slip is refused before any work.
pub const MAX_TERMS: usize = 100_000;

/// What a sequence asks, beside its strip's height and its kind of tour
/// (the request's board and kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// The last term: columns, or cells.
    pub to: usize,
    /// What a term counts: a board, or the first cells of the strip.
    pub measure: Measure,
    /// Keep a state and its mirror image as one at every column boundary
    /// (the mirror fold, `kt_frontier::Sweep::prefixes`): about half the
    /// states. Only boards `rows × n` are their own mirror image, so a
    /// count of first cells is never folded ([`Sequence::folds`]).
    pub fold: bool,
}

impl Sequence {
    /// The terms to `to` of `measure`, folded where they can be.
    pub fn to(to: usize, measure: Measure) -> Sequence {
        Sequence {
            to,
            measure,
            fold: true,
        }
    }

    /// Whether the sweep folds: asked for, and every term a board.
    pub fn folds(&self) -> bool {
        self.fold && self.measure == Measure::Cols
    }

    /// The columns of the strip one sweep takes for `rows` rows: enough
    /// for the last term.
    pub fn cols(&self, rows: usize) -> usize {
        match self.measure {
            Measure::Cols => self.to,
            Measure::Cells => self.to.div_ceil(rows.max(1)),
        }
    }

    /// The terms of a strip of `rows` rows whose last square is among
    /// its first `through`, from a sweep's cycles by prefix (`(squares,
    /// cycles)`, sorted), in the project's convention.
    pub fn terms(
        &self,
        rows: usize,
        kind: TourKind,
        prefixes: &[(usize, BigUint)],
        through: usize,
    ) -> Vec<Term> {
        let cycles = |m: usize| {
            prefixes
                .binary_search_by_key(&m, |(k, _)| *k)
                .map_or(BigUint::ZERO, |at| prefixes[at].1.clone())
        };
        (1..=self.to)
            .map(|n| match self.measure {
                Measure::Cols => (n, rows * n),
                Measure::Cells => (n, n),
            })
            .take_while(|&(_, m)| m <= through)
            .map(|(n, m)| {
                let count = match kind {
                    TourKind::Closed => cycles(m),
                    TourKind::Open if m == 1 => BigUint::from(1u32),
                    TourKind::Open => cycles(m) * 2u32,
                };
                Term { n, count }
            })
            .collect()
    }
}

/// One term: `n` columns (or cells) and its count in the project's
/// convention.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    pub n: usize,
    pub count: BigUint,
}

/// How a sequence is answered, as its plan chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SequenceWay {
    /// One sweep of the whole strip, column by column: every term from
    /// it.
    OneSweep,
    /// Each board `rows × n` by its own count, as `count` counts it: in
    /// its own order (the shipped one, else one searched for it), folded.
    /// A strip taller than it is long has a frontier of about `2·rows`
    /// squares swept column by column, and of `2·n` swept row by row
    /// (`sequence 9 --to 4`: four small counts, not a sweep of 9×9's
    /// first columns); and the last board of a short sequence is most of
    /// its work (`sequence 9 --to 9` is 9×9 open's count). Chosen by
    /// estimate, for boards only.
    BoardByBoard,
}

/// A counted sequence.
#[derive(Clone, Debug, PartialEq)]
pub struct Sequenced {
    /// The strip swept: `rows ×` the columns the last term needs.
    pub board: kt_board::Board,
    pub terms: Vec<Term>,
    /// The sweep's levels (board by board, every board's in turn).
    pub outcome: kt_frontier::SweepCount,
    pub seconds: f64,
}

/// A sequence that stopped before its last term: why, and the terms it
/// had finished (a term is final once the sweep has passed its last
/// square), which a front end still gives, marked partial.
#[derive(Clone, Debug)]
pub struct SequenceStopped {
    pub failure: Failure,
    /// The finished terms, in order: the first terms of the sequence.
    pub terms: Vec<Term>,
}

impl From<Failure> for SequenceStopped {
    fn from(failure: Failure) -> SequenceStopped {
        SequenceStopped {
            failure,
            terms: Vec::new(),
        }
    }
}
