//! The count on one process: one level after another, states pushed
//! forward with their weights, tours added up as they close. The level
//! loop is `sweep_loop.rs`'s, shared with a cluster's processes; this file
//! is what one process does in it ([`Local`]).
//!
//! Only the level being read and the level being built exist. The level
//! being read is taken a partition at a time by the workers; each merges
//! the partition's runs as it reads them (`merge.rs`), expands every state
//! ([`Transition::expand`]) and hands the successors to its sink of the
//! level being built (`level.rs`). A partition that has been read is freed
//! at once, so the old level shrinks while the new one grows.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use num_bigint::BigUint;

use crate::checkpoint::{self, Checkpoint};
use crate::error::FrontierError;
use crate::level::Level;
use crate::order::OrderChoice;
use crate::report::{LevelReport, Watcher};
use crate::state::Key;
use crate::step::{self, Expanded};
use crate::store::Store;
use crate::sweep::Sweep;
use crate::sweep_loop::{self, Exchange, Expansion, Looping, Started, StepFigures};
use crate::weight::Weight;
use crate::workers::Workers;

/// The threads a count uses unless told otherwise: the cores this process
/// may run on, as every tool a user compares with does.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// How a count runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Worker threads (at least 1; default: the available cores).
    pub threads: usize,
    /// Bytes the levels' runs and batches may hold in memory; runs beyond
    /// go to the spill directory.
    pub memory: u64,
    /// The resident set past which new runs go to disk, whatever the
    /// accounts say (`u64::MAX`: never); the caller sets it below its
    /// watchdog.
    pub resident_limit: u64,
    /// Where spilled runs go (a fresh directory is made inside).
    pub spill_dir: PathBuf,
    /// Write the level reached to this file every `checkpoint_every`.
    pub checkpoint: Option<PathBuf>,
    pub checkpoint_every: Duration,
    /// Go on from a checkpoint instead of from the start.
    pub resume: Option<PathBuf>,
    /// The order in which the sweep takes the squares (default: `auto`,
    /// the shipped or searched order of the board; `order.rs`).
    pub order: OrderChoice,
    /// Whether a whole count keeps a state and its images under the
    /// board's symmetries as one where the squares left are their own
    /// image ([`Sweep::folded`]; default: yes).
    pub fold: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: default_threads(),
            memory: u64::MAX,
            resident_limit: u64::MAX,
            spill_dir: std::env::temp_dir(),
            checkpoint: None,
            checkpoint_every: Duration::from_mins(5),
            resume: None,
            order: OrderChoice::Auto,
            fold: true,
        }
    }
}

/// The result of a count.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepCount {
    /// Hamiltonian cycles of the swept graph: undirected closed tours, or
    /// (with the apex) undirected open tours.
    pub cycles: BigUint,
    /// A sweep of every prefix ([`Sweep::prefixes`]): the cycles by the
    /// prefix they answer (its squares), increasing; prefixes with none
    /// are left out. Empty in a whole count.
    pub prefixes: Vec<(usize, BigUint)>,
    pub levels: Vec<LevelReport>,
    /// The most frontier slots of any step.
    pub width: usize,
    /// Whether the count went on from a checkpoint.
    pub resumed_from: Option<usize>,
    /// The most bytes of spilled runs on disk at any time, and the bytes
    /// written to spill runs in all.
    pub disk_peak_bytes: u64,
    pub spilled_bytes: u64,
}

impl SweepCount {
    /// The outcome of a count that did no step.
    pub fn empty(width: usize) -> SweepCount {
        SweepCount {
            cycles: BigUint::ZERO,
            prefixes: Vec::new(),
            levels: Vec::new(),
            width,
            resumed_from: None,
            disk_peak_bytes: 0,
            spilled_bytes: 0,
        }
    }

    /// A sweep of every prefix: the cycles of the prefix of `m` squares
    /// (0 for a prefix with none).
    pub fn prefix(&self, m: usize) -> BigUint {
        self.prefixes
            .binary_search_by_key(&m, |(k, _)| *k)
            .map_or(BigUint::ZERO, |at| self.prefixes[at].1.clone())
    }

    /// The most states any level held.
    pub fn peak_states(&self) -> u64 {
        self.levels.iter().map(|l| l.states).max().unwrap_or(0)
    }
}

/// One process holds the whole level: the successors go to its own
/// builder, its figures are the level's, and its checkpoint is the file
/// of `options.checkpoint`.
struct Local<'a> {
    sweep: &'a Sweep,
    options: &'a Options,
    cancel: &'a AtomicBool,
}

impl<K: Key> Exchange<K> for Local<'_> {
    type Error = FrontierError;

    fn with_finished(error: FrontierError, finished: &[(usize, BigUint)]) -> FrontierError {
        error.with_finished(finished)
    }

    fn start(&mut self, workers: &Workers, store: &Store) -> Result<Started<K>, FrontierError> {
        Ok(match &self.options.resume {
            Some(path) => Started::resumed(checkpoint::read::<K>(path, self.sweep, workers)?),
            None => Started::fresh(self.sweep, store, true)?,
        })
    }

    fn expand<W: Weight>(
        &mut self,
        expansion: Expansion<'_, '_, K, W>,
    ) -> Result<Expanded, FrontierError> {
        let builder = expansion.builder;
        step::expand(
            expansion.level,
            expansion.transition,
            expansion.workers,
            expansion.store,
            self.cancel,
            expansion.progress,
            &|| builder.sink(),
        )
        .map_err(|e| e.at_step(expansion.round + 1))
    }

    fn gather(&mut self, _round: usize, own: StepFigures) -> Result<StepFigures, FrontierError> {
        Ok(own)
    }

    fn threads(&self, workers: &Workers) -> usize {
        workers.threads()
    }

    fn checkpoint(
        &mut self,
        header: &Checkpoint<'_>,
        level: &Level<K>,
        workers: &Workers,
    ) -> Result<PathBuf, FrontierError> {
        let path = self
            .options
            .checkpoint
            .clone()
            .expect("a checkpoint is due only with a checkpoint path");
        checkpoint::write(&path, header, level, workers)?;
        Ok(path)
    }
}

/// Counts the Hamiltonian cycles of `sweep`'s graph, doing its first
/// `last` steps (all of them in a count; fewer in a test that wants the
/// levels of a wide board without its whole sweep).
pub(crate) fn run<K: Key>(
    sweep: &Sweep,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
    last: usize,
) -> Result<SweepCount, FrontierError> {
    let workers = Workers::new(options.threads)?;
    let store = Store::new(&options.spill_dir, options.memory, options.resident_limit);
    // The checkpoint directory is this count's until it ends.
    let _held = options
        .checkpoint
        .as_deref()
        .map(checkpoint::hold)
        .transpose()
        .map_err(FrontierError::Checkpoint)?;
    let looping = Looping {
        sweep,
        last,
        checkpoint_every: options
            .checkpoint
            .as_ref()
            .map(|_| options.checkpoint_every),
        watcher,
        cancel,
    };
    let mut local = Local {
        sweep,
        options,
        cancel,
    };
    let swept = sweep_loop::run::<K, _>(&looping, &mut local, &workers, &store)?;
    Ok(SweepCount {
        cycles: swept.cycles,
        prefixes: swept.prefixes,
        levels: swept.levels,
        width: sweep.width(),
        resumed_from: swept.resumed_from,
        disk_peak_bytes: store.disk_peak(),
        spilled_bytes: store.written(),
    })
}

/// The key type a sweep needs, by its widest frontier.
pub fn key_bits(sweep: &Sweep) -> Option<u32> {
    key_bits_for(sweep.width())
}

/// The bits of the key that a frontier of `width` slots packs into: 64 up
/// to 18 slots, 128 up to 28; `None` beyond. The plan's memory estimate
/// needs it before any sweep: a 16-byte key costs about half as much again
/// a stored state.
pub fn key_bits_for(width: usize) -> Option<u32> {
    match width {
        w if w <= <u64 as Key>::MAX_SLOTS => Some(64),
        w if w <= <u128 as Key>::MAX_SLOTS => Some(128),
        _ => None,
    }
}

/// The Hamiltonian cycles of `sweep`'s graph (used by the public entry
/// points).
pub(crate) fn count_cycles(
    sweep: &Sweep,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<SweepCount, FrontierError> {
    let (board, kind) = (sweep.board(), sweep.kind());
    if sweep.impossible() {
        return Ok(SweepCount::empty(sweep.width()));
    }
    match key_bits(sweep) {
        Some(64) => run::<u64>(sweep, options, watcher, cancel, sweep.steps().len()),
        Some(_) => run::<u128>(sweep, options, watcher, cancel, sweep.steps().len()),
        None => Err(FrontierError::TooWide {
            board,
            kind,
            slots: sweep.width(),
        }),
    }
}

/// Whether the method can represent `board`'s frontier in the columns
/// order, before any work (an order of the board's own may be narrower:
/// [`fits`] checks the one a count takes).
pub fn supports(board: kt_board::Board, kind: kt_board::TourKind) -> Result<(), FrontierError> {
    let slots = Sweep::frontier_width(board, kind);
    if slots <= crate::state::MAX_SLOTS {
        Ok(())
    } else {
        Err(FrontierError::TooWide { board, kind, slots })
    }
}

/// Refuses an order whose frontier of `kind` tours no state key holds:
/// as the board's fault where its columns are too wide as well, else as
/// the order's (a given order, or a search in pairs of images, can be
/// wider than the board needs; "its short side" would mislead).
pub fn fits(order: &crate::order::Order, kind: kt_board::TourKind) -> Result<(), FrontierError> {
    let slots = order.width(kind);
    if slots <= crate::state::MAX_SLOTS {
        return Ok(());
    }
    let board = order.board();
    supports(board, kind)?;
    Err(FrontierError::Order(format!(
        "its frontier has {slots} slots for {kind} tours, more than the {} a state holds (the columns' has {})",
        crate::state::MAX_SLOTS,
        Sweep::frontier_width(board, kind),
    )))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use kt_board::{Board, TourKind};

    use super::*;
    use crate::report::Unwatched;
    use crate::transition::Transition;

    /// The states of every level and the cycles, by the simplest sweep
    /// there is: a hash map per level, filled through [`Transition::expand`].
    fn naive(sweep: &Sweep, last: usize) -> (Vec<u64>, BigUint) {
        let mut level: HashMap<u128, BigUint> = HashMap::from([(0, BigUint::from(1u32))]);
        let mut cycles = BigUint::ZERO;
        let mut states = Vec::new();
        for step in sweep.steps().iter().take(last) {
            let transition = Transition::new(sweep, step);
            let mut next: HashMap<u128, BigUint> = HashMap::new();
            for (key, weight) in &level {
                let closed = transition.expand(*key, |k: u128| {
                    *next.entry(k).or_default() += weight;
                });
                cycles += weight * closed;
            }
            states.push(next.len() as u64);
            level = next;
        }
        (states, cycles)
    }

    fn levels(outcome: &SweepCount) -> Vec<u64> {
        outcome.levels.iter().map(|l| l.states).collect()
    }

    fn options(threads: usize, memory: u64, dir: &std::path::Path) -> Options {
        Options {
            threads,
            memory,
            spill_dir: dir.to_path_buf(),
            ..Options::default()
        }
    }

    /// The first `last` steps of `sweep` with `K` keys, unwatched and never
    /// cancelled: what every test here runs, with its own options.
    fn counted<K: Key>(
        sweep: &Sweep,
        options: &Options,
        last: usize,
    ) -> Result<SweepCount, FrontierError> {
        run::<K>(sweep, options, &Unwatched, &AtomicBool::new(false), last)
    }

    /// `u128` keys, which boards with a short side of 9 or more need, count
    /// what `u64` keys count, level by level.
    #[test]
    fn wide_keys_count_what_narrow_keys_count() {
        let dir = tempfile::tempdir().unwrap();
        for (board, kind) in [
            ("5x6", TourKind::Open),
            ("6x6", TourKind::Closed),
            ("3x10", TourKind::Closed),
            ("4x7", TourKind::Open),
        ] {
            let sweep = Sweep::new(board.parse::<Board>().unwrap(), kind);
            let all = sweep.steps().len();
            let narrow = counted::<u64>(&sweep, &options(1, u64::MAX, dir.path()), all).unwrap();
            let wide = counted::<u128>(&sweep, &options(2, 1, dir.path()), all).unwrap();
            let (states, cycles) = naive(&sweep, all);
            assert_eq!(narrow.cycles, cycles, "{kind} {board}");
            assert_eq!(wide.cycles, cycles, "{kind} {board}");
            assert_eq!(levels(&narrow), states, "{kind} {board}");
            assert_eq!(levels(&wide), states, "{kind} {board}");
        }
    }

    /// In any order the streamed sweep — with both key widths, spilled and
    /// in memory, on one and two threads — holds the same states level by
    /// level as the plain hash-map sweep, and counts the same cycles.
    #[test]
    fn levels_are_the_same_in_any_order() {
        let dir = tempfile::tempdir().unwrap();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for (board, kind) in [
            ("5x5", TourKind::Open),
            ("4x6", TourKind::Closed),
            ("5x6", TourKind::Closed),
            ("3x8", TourKind::Open),
        ] {
            let board: Board = board.parse().unwrap();
            let mut squares: Vec<usize> = board.squares().collect();
            for i in (1..squares.len()).rev() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                squares.swap(i, (seed % (i as u64 + 1)) as usize);
            }
            let order = crate::order::Order::from_squares(board, squares).unwrap();
            let sweep = Sweep::ordered(&order, kind);
            let all = sweep.steps().len();
            let (states, cycles) = naive(&sweep, all);
            if sweep.width() <= u64::MAX_SLOTS {
                let narrow = counted::<u64>(&sweep, &options(2, 1, dir.path()), all).unwrap();
                assert_eq!(levels(&narrow), states, "{kind} {board}");
                assert_eq!(narrow.cycles, cycles, "{kind} {board}");
            }
            let wide = counted::<u128>(&sweep, &options(1, u64::MAX, dir.path()), all).unwrap();
            assert_eq!(levels(&wide), states, "{kind} {board}");
            assert_eq!(wide.cycles, cycles, "{kind} {board}");
        }
    }

    /// Widths wider than the sweep's choice count the strips 3×64 (open
    /// and closed), 4×64 open and 5×30 closed term by term as the chosen
    /// width does (their counts pass 2⁶⁴), on one thread and two, in
    /// memory and spilled; a width too narrow for a step's weights (a
    /// test's 16 bits, and `u64`) stops the sweep with the error that says
    /// so, and never gives a count.
    #[test]
    fn every_width_counts_long_strips_alike() {
        use crate::sweep_loop::force_width;
        use crate::weight::Width;
        let dir = tempfile::tempdir().unwrap();
        for (rows, cols, kind) in [
            (3, 64, TourKind::Open),
            (3, 64, TourKind::Closed),
            (4, 64, TourKind::Open),
            (5, 30, TourKind::Closed),
        ] {
            let order = column_major(Board::new(rows, cols).unwrap());
            let sweep = Sweep::prefixes(&order, kind, true, false);
            let count = |threads: usize, memory: u64| {
                counted::<u64>(
                    &sweep,
                    &options(threads, memory, dir.path()),
                    sweep.steps().len(),
                )
            };
            let chosen = count(2, u64::MAX).unwrap();
            let largest = chosen.prefixes.last().unwrap().1.bits();
            assert!(largest > 64, "{rows}x{cols} {kind}: {largest} bits");
            let widest = chosen.levels.iter().map(|l| l.width_bits).max().unwrap();
            assert!(u64::from(widest) > largest, "{rows}x{cols} {kind}");
            let chosen_width = Width::holding(widest).unwrap();
            for (width, threads, memory) in [
                (Width::Test16, 1, u64::MAX),
                (Width::W64, 2, u64::MAX),
                (chosen_width, 1, 1 << 20),
                (Width::W1024, 2, u64::MAX),
            ] {
                force_width(Some(width));
                let forced = count(threads, memory);
                force_width(None);
                match forced {
                    Ok(forced) => {
                        assert!(width >= chosen_width, "{rows}x{cols} {kind} {width:?}");
                        assert_eq!(forced.prefixes, chosen.prefixes, "{rows}x{cols} {kind}");
                    }
                    Err(FrontierError::WeightOverflow {
                        bits,
                        step,
                        prefixes,
                    }) => {
                        assert_eq!(bits, width.bits(), "{rows}x{cols} {kind}");
                        assert!(step > 0);
                        assert!(width < chosen_width, "{rows}x{cols} {kind} {width:?}");
                        // What had closed by the step before goes with
                        // the error: every prefix it finished, exact (a
                        // prefix past the steps done is not finished).
                        let finished = |all: &[(usize, BigUint)]| -> Vec<(usize, BigUint)> {
                            all.iter().filter(|(m, _)| *m < step).cloned().collect()
                        };
                        assert!(!finished(&prefixes).is_empty(), "{rows}x{cols} {kind}");
                        assert_eq!(
                            finished(&prefixes),
                            finished(&chosen.prefixes),
                            "{rows}x{cols} {kind} {width:?}"
                        );
                    }
                    Err(other) => panic!("{rows}x{cols} {kind} {width:?}: {other}"),
                }
            }
        }
    }

    /// The squares of `board` column by column, the top row first: the
    /// order in which Knuth numbers a strip's cells.
    fn column_major(board: Board) -> crate::order::Order {
        let squares = (0..board.cols())
            .flat_map(|c| (0..board.rows()).map(move |r| board.square_at(r, c)))
            .collect();
        crate::order::Order::from_squares(board, squares).unwrap()
    }

    /// The undirected Hamiltonian paths (open) or cycles (closed) of the
    /// graph the first `m` squares of `order` induce, by dynamic
    /// programming over subsets: nothing of the sweep.
    fn brute(order: &crate::order::Order, m: usize, kind: TourKind) -> BigUint {
        let board = order.board();
        let squares = &order.squares()[..m];
        let adjacent: Vec<u32> = squares
            .iter()
            .map(|&a| {
                squares
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| board.knight_moves(a).any(|x| x == b))
                    .fold(0u32, |mask, (j, _)| mask | 1 << j)
            })
            .collect();
        let full = (1usize << m) - 1;
        // paths[mask][v]: directed paths over `mask` ending at `v`, from
        // any start (open) or from vertex 0 (closed).
        let mut paths = vec![vec![0u64; m]; full + 1];
        for v in 0..m {
            if kind == TourKind::Open || v == 0 {
                paths[1 << v][v] = 1;
            }
        }
        for mask in 1..=full {
            for v in 0..m {
                let here = paths[mask][v];
                if here == 0 {
                    continue;
                }
                let mut next = adjacent[v] & !(mask as u32);
                while next != 0 {
                    let w = next.trailing_zeros() as usize;
                    next &= next - 1;
                    paths[mask | 1 << w][w] += here;
                }
            }
        }
        let directed: u64 = match kind {
            TourKind::Open => paths[full].iter().sum(),
            TourKind::Closed => (0..m)
                .filter(|&v| adjacent[v] & 1 != 0)
                .map(|v| paths[full][v])
                .sum(),
        };
        BigUint::from(if m == 1 { directed } else { directed / 2 })
    }

    /// A sweep of every prefix counts, for every prefix of a strip, what
    /// plain dynamic programming over subsets counts, and at every column
    /// what a whole count of that board counts.
    #[test]
    fn a_sweep_of_every_prefix_counts_every_prefix() {
        let dir = tempfile::tempdir().unwrap();
        for (rows, cols, kind) in [
            (3, 7, TourKind::Open),
            (3, 8, TourKind::Closed),
            (4, 5, TourKind::Open),
            (4, 6, TourKind::Closed),
            (5, 4, TourKind::Open),
            (5, 4, TourKind::Closed),
            (2, 6, TourKind::Open),
            (6, 3, TourKind::Open),
        ] {
            let board = Board::new(rows, cols).unwrap();
            let order = column_major(board);
            let sweep = Sweep::prefixes(&order, kind, false, false);
            let folded = Sweep::prefixes(&order, kind, true, true);
            let all = sweep.steps().len();
            for (threads, memory) in [(1, u64::MAX), (2, 1)] {
                let outcome =
                    counted::<u64>(&sweep, &options(threads, memory, dir.path()), all).unwrap();
                let found = |m: usize| outcome.prefix(m);
                for m in 2..=board.cells().min(16) {
                    assert_eq!(
                        found(m),
                        brute(&order, m, kind),
                        "{kind} {board}, first {m} cells"
                    );
                }
                let halved =
                    counted::<u64>(&folded, &options(threads, memory, dir.path()), all).unwrap();
                let folded_count = |m: usize| halved.prefix(m);
                if rows >= 3 && cols >= 3 {
                    assert!(folded.folds(), "{board}");
                    assert!(
                        halved.levels.iter().map(|l| l.states).sum::<u64>()
                            < outcome.levels.iter().map(|l| l.states).sum::<u64>(),
                        "{kind} {board}: the fold keeps fewer states"
                    );
                }
                for n in 1..=cols {
                    let part = Board::new(rows, n).unwrap();
                    assert_eq!(
                        folded_count(rows * n),
                        found(rows * n),
                        "folded {kind} {part}"
                    );
                    let whole = Sweep::ordered(&column_major(part), kind);
                    let expected = if part.cells() == 1 {
                        BigUint::ZERO
                    } else {
                        counted::<u64>(
                            &whole,
                            &options(1, u64::MAX, dir.path()),
                            whole.steps().len(),
                        )
                        .unwrap()
                        .cycles
                    };
                    assert_eq!(found(rows * n), expected, "{kind} {part}");
                }
            }
        }
    }

    /// The fold of a whole count counts what the unfolded sweep counts, on
    /// every board of up to 30 squares, open and closed, in the columns
    /// and a scrambled order, and keeps fewer states wherever it folds.
    #[test]
    fn a_folded_count_is_the_unfolded_count() {
        let dir = tempfile::tempdir().unwrap();
        let mut folded_somewhere = 0;
        for rows in 3..=6 {
            for cols in rows..=30 / rows {
                let board = Board::new(rows, cols).unwrap();
                let mut squares: Vec<usize> = board.squares().collect();
                squares.reverse();
                let reversed = crate::order::Order::from_squares(board, squares).unwrap();
                for order in [crate::order::Order::columns(board), reversed] {
                    for kind in [TourKind::Open, TourKind::Closed] {
                        let sweep = Sweep::ordered(&order, kind);
                        let folded = sweep.clone().folded();
                        let all = sweep.steps().len();
                        let opts = options(2, u64::MAX, dir.path());
                        // Rows of 6 along the long side are too wide for `u64` keys.
                        let plain = counted::<u128>(&sweep, &opts, all).unwrap();
                        let fewer = counted::<u128>(&folded, &opts, all).unwrap();
                        assert_eq!(fewer.cycles, plain.cycles, "{kind} {board}");
                        let summed =
                            |o: &SweepCount| o.levels.iter().map(|l| l.states).sum::<u64>();
                        if folded.folds() && plain.cycles > BigUint::ZERO {
                            folded_somewhere += 1;
                            assert!(summed(&fewer) < summed(&plain), "{kind} {board}");
                        }
                    }
                }
            }
        }
        assert!(folded_somewhere > 10, "{folded_somewhere}");
    }

    /// The first levels of 8×8 open reach the widest frontier a `u64` key
    /// holds (18 slots) and go through every store: in memory, spilled,
    /// partly spilled, with one and two threads, with both key widths.
    #[test]
    fn an_eighteen_slot_frontier_goes_through_every_store() {
        let dir = tempfile::tempdir().unwrap();
        let sweep = Sweep::new(Board::new(8, 8).unwrap(), TourKind::Open);
        let last = 8;
        let widest = sweep.steps()[..last].iter().map(|s| s.after.len()).max();
        assert_eq!(widest, Some(18));
        let (states, _) = naive(&sweep, last);
        for (threads, memory) in [(1, u64::MAX), (2, 1), (2, 256 << 10), (1, 64 << 10)] {
            let opts = options(threads, memory, dir.path());
            let narrow = counted::<u64>(&sweep, &opts, last).unwrap();
            assert_eq!(levels(&narrow), states, "{threads} threads, {memory} bytes");
            let wide = counted::<u128>(&sweep, &opts, last).unwrap();
            assert_eq!(
                levels(&wide),
                states,
                "u128, {threads} threads, {memory} bytes"
            );
        }
    }
}
