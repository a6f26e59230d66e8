//! Frontier-based counting of knight's tours: the method that reaches the
//! boards people cite (8×8: 13,267,364,410,532 closed tours).
//!
//! The time-sliced ZDD has a variable per (square, time) and needs the
//! whole family of walks before it can say which are tours; it stops near
//! 40 squares. Frontier-based search (Knuth's DYNAHAM, TAOCP pre-fascicle
//! 8A §7.2.2.4; Iwashita and Minato's `TdZdd` `HamiltonCycleZdd`) instead
//! decides the board's *edges*, a square at a time in an order of the
//! squares (`order`, `sweep/`), and remembers of the past only what the future needs: the
//! degree of each square on the frontier and which path ends belong
//! together (`state.rs`). Equal memories are merged, with a weight counting
//! the edge sets behind them (`weight.rs`); that merging is what turns an
//! exponential search into a sweep whose cost depends on the short side.
//!
//! The modules, private but for the seams marked *public*:
//! * `transition.rs`: one square's edges on one state — the whole search;
//! * `level.rs`: the states after a step, in partitions of sorted runs
//!   (`run.rs`) that a store (`store.rs`) keeps in memory or on disk,
//!   merged as they are read (`merge.rs`);
//! * `step.rs`: one step on all workers (`workers.rs`), its successors
//!   handed to a sink;
//! * `sweep_loop.rs`: the level loop, written once, and [`exchange`]
//!   (*public*), the seam a distributed sweep plugs into;
//! * `count.rs`: the sweep on one process ([`count_tours`] and its kin);
//! * [`order`] (*public*): the order of the squares, shipped or searched;
//! * [`checkpoint`] (*public*): a level kept on disk by links, and back;
//! * [`zdd`] (*public*): the same search written down as an edge-variable
//!   ZDD.
//!
//! Closed tours are the Hamiltonian cycles of the knight's graph. Open
//! tours are the Hamiltonian cycles of the graph with one more vertex, the
//! *apex*, joined to every square: removing the apex from such a cycle
//! leaves a Hamiltonian path, and every path closes through the apex in
//! exactly one way. The project counts open tours directed (each path
//! once per direction), so the open count is twice the cycles through the
//! apex; the 1×1 board, whose one-square path no cycle describes, has one.

// The sweep's machinery is private: what another crate may build on is
// the count ([`count_tours`] and its kin), the order, checkpoints, the
// reports, the edge-variable ZDD, and the seam a sweep over several
// processes plugs into ([`exchange`]), which names the few types such a
// sweep handles. Everything behind them can change without a caller
// noticing.
mod by_end;
pub mod checkpoint;
mod count;
mod cover;
pub mod error;
pub mod exchange;
mod fold;
mod level;
mod merge;
pub mod mirror;
pub mod order;
pub mod report;
mod run;
mod state;
mod step;
mod store;
mod successor_key;
mod sweep;
mod sweep_loop;
mod tally;
mod transition;
mod weight;
mod workers;
pub mod zdd;

use std::sync::atomic::AtomicBool;

use kt_board::{Board, TourKind};
use num_bigint::BigUint;

pub use by_end::{ByEnd, by_end_of, count_by_end_in, end_classes_from, end_tallies_fit};
pub use count::{Options, SweepCount, default_threads, fits, key_bits_for, supports};
pub use error::FrontierError;
pub use level::batch_bytes;
pub use order::{Order, OrderChoice, OrderError, Origin};
pub use report::{LevelReport, Unwatched, Watcher};
pub use store::{SPILL_PREFIX, remove_spill_directories};
pub use sweep::{EndRules, MAX_END_CLASSES, Restriction, Sweep, tallies_fit};
pub use tally::MAX_TALLY_CLASSES;
pub use zdd::{BuildError, EdgeDiagram, EdgeEncoding};

/// The bits of the width a step's weights take when they need `bits`
/// bits (`weight.rs`: 64, 128, 192, 256, 384, 512, 1,024 or 2,048), or
/// `None` past the widest: what the plan sizes batches and runs by.
pub fn weight_width_for(bits: u32) -> Option<u32> {
    weight::Width::holding(bits).map(weight::Width::bits)
}

/// The widest weight a sweep holds, in bits: a count whose levels' sums
/// need more stops with [`FrontierError::WeightOverflow`], which the plan
/// refuses before any work.
pub fn widest_weight_bits() -> u32 {
    weight::Width::LADDER[weight::Width::LADDER.len() - 1].bits()
}

/// A finished count.
#[derive(Clone, Debug, PartialEq)]
pub struct FrontierCounted {
    /// In the project's convention: closed tours undirected, open tours
    /// directed over every start square.
    pub tours: BigUint,
    pub outcome: SweepCount,
}

/// The order `options` asks for on `board`'s `kind` tours, refused if it
/// is of another board or its frontier is too wide for the method.
pub fn resolve_order(
    board: Board,
    kind: TourKind,
    options: &Options,
) -> Result<Order, FrontierError> {
    // A span per resolution, so that a test can count them: a count
    // resolves its order once, in its plan (`kt_count::plan`).
    let _resolving = tracing::debug_span!("resolve_order").entered();
    // A board that takes the columns is measured without building its
    // order, so that a board of millions of squares is refused at once.
    let columns = match &options.order {
        OrderChoice::Columns => true,
        OrderChoice::Auto => order::keeps_columns(board),
        OrderChoice::Given(_) => false,
    };
    if columns {
        supports(board, kind)?;
    }
    let order = options
        .order
        .resolve(board)
        .map_err(|e| FrontierError::Order(e.to_string()))?;
    fits(&order, kind)?;
    Ok(order)
}

/// The Hamiltonian cycles of the swept graph that obey `restriction`: for
/// open tours (the graph with the apex), the undirected paths with the
/// required ends and moves; for closed tours, the undirected cycles with
/// the required moves. Its checkpoints carry the restriction in their
/// fingerprint (`checkpoint::fingerprint`), so one is resumed only by the
/// same restricted count.
pub fn count_restricted(
    board: Board,
    kind: TourKind,
    restriction: &Restriction,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<SweepCount, FrontierError> {
    let order = resolve_order(board, kind, options)?;
    count_restricted_in(&order, kind, restriction, options, watcher, cancel)
}

/// [`count_restricted`] in an order already resolved (`options.order` is
/// not read).
pub fn count_restricted_in(
    order: &Order,
    kind: TourKind,
    restriction: &Restriction,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<SweepCount, FrontierError> {
    count::count_cycles(
        &Sweep::restricted_in(order, kind, restriction),
        options,
        watcher,
        cancel,
    )
}

/// The Hamiltonian paths of `board` from square `from` to square `to`, by
/// the fixed-ends sweep ([`Sweep::between`]): no apex, the two squares
/// tied by a virtual edge. The number is the same read either way (each
/// path from `from` to `to` is one path from `to` to `from`), so it is
/// the count of directed open tours that start on `from` and end on `to`.
/// The same square twice, or squares of colours no path can join, count 0
/// without work.
pub fn count_between(
    board: Board,
    from: kt_board::Square,
    to: kt_board::Square,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<SweepCount, FrontierError> {
    if board.cells() == 1 && from == 0 && to == 0 {
        return count_between_in(&Order::columns(board), from, to, options, watcher, cancel);
    }
    let order = resolve_order(board, TourKind::Closed, options)?;
    count_between_in(&order, from, to, options, watcher, cancel)
}

/// [`count_between`] in an order already resolved (`options.order` is not
/// read).
pub fn count_between_in(
    order: &Order,
    from: kt_board::Square,
    to: kt_board::Square,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<SweepCount, FrontierError> {
    if order.board().cells() == 1 && from == 0 && to == 0 {
        // The one-square path starts and ends on its square.
        return Ok(SweepCount {
            cycles: BigUint::from(1u32),
            ..SweepCount::empty(0)
        });
    }
    count::count_cycles(
        &Sweep::between_in(order, from, to),
        options,
        watcher,
        cancel,
    )
}

/// The `kind` tours of every prefix of `order` in one sweep
/// ([`Sweep::prefixes`]): [`SweepCount::prefixes`] holds, for each number of
/// squares `m` with any, the Hamiltonian cycles of the graph the first `m`
/// squares induce (open tours: undirected paths, through the apex). A
/// prefix of one square, whose one-square path no cycle describes, is the
/// caller's business, as in [`count_tours`]. Refused if the order's
/// frontier is too wide for the method. With `boards`, only the prefixes
/// of whole columns (multiples of the board's rows: in a column-major
/// order, the boards `rows × n`) are counted right, with the colour check
/// of open tours kept for them, and with `fold` the mirror fold besides
/// ([`Sweep::prefixes`]).
pub fn count_prefixes(
    order: &Order,
    kind: TourKind,
    boards: bool,
    fold: bool,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<SweepCount, FrontierError> {
    fits(order, kind)?;
    count::count_cycles(
        &Sweep::prefixes(order, kind, boards, fold),
        options,
        watcher,
        cancel,
    )
}

/// The counts of a sweep built by the caller: a [`Sweep::prefixes`] sweep
/// made [`Sweep::fixed_by`] a symmetry, whose prefixes carry the boards'
/// counts and, under [`mirror::FIXED_LABEL`], the tours the symmetry fixes.
/// Refused if the sweep's frontier is too wide for the method.
pub fn count_sweep(
    sweep: &Sweep,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<SweepCount, FrontierError> {
    fits(sweep.order(), sweep.kind())?;
    count::count_cycles(sweep, options, watcher, cancel)
}

/// The open tours of a board by start square, from one sweep: what
/// [`count_by_start_in`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct ByStart {
    /// Directed open tours in all.
    pub tours: BigUint,
    /// Directed open tours from each square, by square.
    pub by_square: Vec<BigUint>,
    pub outcome: SweepCount,
}

/// The directed open tours of `order`'s board from each square, in one
/// sweep with tallies of the paths' ends by class of square
/// ([`Sweep::tallied`]; folded as `options` says): the table by start
/// square at about the cost of the whole count, where a sweep a class
/// costs one unfolded count each. `Ok(None)` where the sweep cannot keep
/// tallies (a board of one square, or of more than [`MAX_END_CLASSES`]
/// classes); the caller counts a class at a time there. The tallies add
/// up to the directed total, which the count checks.
pub fn count_by_start_in(
    order: &Order,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<Option<ByStart>, FrontierError> {
    let Some(sweep) = Sweep::tallied(order, TourKind::Open, options.fold) else {
        return Ok(None);
    };
    fits(order, TourKind::Open)?;
    let outcome = count::count_cycles(&sweep, options, watcher, cancel)?;
    by_start_of(order.board(), outcome).map(Some)
}

/// The table by start square from a finished sweep with tallies
/// ([`Sweep::tallied`]; one process's or a cluster's, whose `prefixes`
/// are then the ends by class, summed): each class's directed tours shared
/// out over its squares. The count checks itself: the tallies must add
/// up to the directed total, and each class's share evenly over its
/// squares, or the table is not given ([`FrontierError::Inconsistent`]).
pub fn by_start_of(board: Board, mut outcome: SweepCount) -> Result<ByStart, FrontierError> {
    let (class, classes) = Sweep::end_classes(board);
    let mut by_class = vec![BigUint::ZERO; classes];
    for (c, tours) in std::mem::take(&mut outcome.prefixes) {
        if let Some(slot) = by_class.get_mut(c) {
            *slot = tours;
        }
    }
    let tours = tours_of_cycles(board, TourKind::Open, &outcome.cycles);
    let summed: BigUint = by_class.iter().sum();
    let sizes = (0..classes).map(|c| class.iter().filter(|&&x| usize::from(x) == c).count());
    let whole = by_class
        .iter()
        .zip(sizes.clone())
        .all(|(t, size)| (t % size as u32) == BigUint::ZERO);
    if summed != tours || !whole {
        return Err(FrontierError::Inconsistent(format!(
            "the tallies by start square add up to {summed} directed tours, not the count's {tours}, or do not share out evenly over their squares: the table is not given"
        )));
    }
    let per_square: Vec<BigUint> = by_class
        .iter()
        .zip(sizes)
        .map(|(t, size)| t / size as u32)
        .collect();
    let by_square = class
        .iter()
        .map(|&c| per_square[usize::from(c)].clone())
        .collect();
    Ok(ByStart {
        tours,
        by_square,
        outcome,
    })
}

/// The sweep of a whole count of `kind` tours in `order`, folded as
/// `options` says: the fold keeps a state and its images as one wherever
/// the squares left are their own image ([`Sweep::folded`]), exact and
/// with fewer states. One process and a cluster's build the same sweep.
pub fn whole_sweep(order: &Order, kind: TourKind, options: &Options) -> Sweep {
    let sweep = Sweep::ordered(order, kind);
    if options.fold { sweep.folded() } else { sweep }
}

/// Counts the `kind` tours of `board` (see the crate docs for the
/// conventions). `cancel` stops the count at its next look.
pub fn count_tours(
    board: Board,
    kind: TourKind,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<FrontierCounted, FrontierError> {
    let order = resolve_order(board, kind, options)?;
    count_tours_in(&order, kind, options, watcher, cancel)
}

/// [`count_tours`] in an order already resolved (`options.order` is not
/// read): what a caller that planned the count calls.
pub fn count_tours_in(
    order: &Order,
    kind: TourKind,
    options: &Options,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<FrontierCounted, FrontierError> {
    let outcome =
        count::count_cycles(&whole_sweep(order, kind, options), options, watcher, cancel)?;
    let tours = tours_of_cycles(order.board(), kind, &outcome.cycles);
    Ok(FrontierCounted { tours, outcome })
}

/// The tours a whole sweep's cycles stand for, in the project's
/// convention: closed tours are the cycles (undirected); an open tour is
/// a path through the apex, counted once a direction; the one-square
/// board's one tour no cycle describes. One process and a cluster's read
/// their sweep's cycles by this one rule.
pub fn tours_of_cycles(board: Board, kind: TourKind, cycles: &BigUint) -> BigUint {
    match kind {
        TourKind::Closed => cycles.clone(),
        TourKind::Open if board.cells() == 1 => BigUint::from(1u32),
        TourKind::Open => cycles * 2u32,
    }
}
