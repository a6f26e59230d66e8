//! What a frontier sweep costs, before any work: its states (measured or
//! modelled, `measured::frontier_sweep_states`), at the bytes and seconds
//! a state that `measured` records, with its weights' width; and the
//! refusal of a sweep whose weights would pass the widest width.

use kt_board::TourKind;
use kt_frontier::Order;
use kt_memory::Bytes;

use crate::failure::Failure;
use crate::methods::measured::{self, whole};
use crate::methods::{Job, Reach};
use crate::sweep_runner::store_limit;

/// Refuses, before any work, a whole count whose weights the estimate
/// puts past the widest width a sweep holds (`weights::past_the_widest`):
/// it would stop when its levels' sums got there.
pub(crate) fn check_weights(job: &Job) -> Result<(), Failure> {
    match crate::methods::weights::past_the_widest(job.board, job.kind, false) {
        None => Ok(()),
        Some(bits) => Err(Failure::refused(format!(
            "{} tours of {}: the sweep's weights would need about {bits} bits, past the {} bits it holds",
            job.kind,
            job.board,
            kt_frontier::widest_weight_bits()
        ))),
    }
}

/// What one frontier sweep of `job` costs, shared by `processes` that
/// each hold and expand their part of every level: the states its levels
/// hold at the widest and in all (`measured::frontier_sweep_states`), at
/// the bytes and seconds of one thread a state that `measured` records.
pub(crate) fn sweep_reach(job: &Job, order: &Order, processes: usize) -> Reach {
    let states = measured::frontier_sweep_states(job.board, job.kind, order);
    let width = order.width(job.kind);
    let cost = SweepCost::of(
        &states,
        job.board,
        job.kind,
        false,
        width,
        job.threads,
        processes,
        job.budget,
    );
    Reach {
        seconds: cost.seconds,
        memory: Bytes(whole(cost.bytes)),
        spills: true,
        nodes: None,
        // A process of a cluster reads its share of each level.
        states: (processes == 1).then_some(states.summed),
        basis: if processes > 1 {
            format!("{}; shared by {processes} processes", states_basis(&states))
        } else {
            states_basis(&states)
        },
    }
}

/// The estimate's figures and their source, in the words of the method
/// line and of a refusal.
fn states_basis(states: &measured::SweepStates) -> String {
    format!(
        "widest level {} states, {} in all: {}",
        crate::human::estimated(states.peak),
        crate::human::estimated(states.summed),
        states.basis
    )
}

/// The time and memory a sweep of these states takes.
struct SweepCost {
    seconds: f64,
    bytes: f64,
}

impl SweepCost {
    /// With `threads` threads in each of `processes` processes, each with
    /// a memory `budget`: a widest level beyond it spills, which costs
    /// [`measured::FRONTIER_SPILL_SLOWDOWN`] times the time a state.
    #[allow(clippy::too_many_arguments)]
    fn of(
        states: &measured::SweepStates,
        board: kt_board::Board,
        kind: TourKind,
        prefixes: bool,
        width: usize,
        threads: u32,
        processes: usize,
        budget: Bytes,
    ) -> SweepCost {
        let shares = processes.max(1) as f64;
        let key_bits = kt_frontier::key_bits_for(width).unwrap_or(128);
        // The weights' width at the end of the sweep, where they are
        // widest (`weights.rs`).
        let width_bits = kt_frontier::weight_width_for(crate::methods::weights::sweep_weight_bits(
            board, kind, prefixes,
        ))
        .unwrap_or(1024);
        let bytes = measured::frontier_sweep_bytes(
            states.peak,
            key_bits,
            width_bits,
            shares,
            store_limit(budget),
        );
        let spill = if bytes > budget.0 as f64 {
            measured::FRONTIER_SPILL_SLOWDOWN
        } else {
            1.0
        };
        SweepCost {
            seconds: states.summed
                * measured::FRONTIER_SECONDS_PER_STATE
                * spill
                * crate::methods::weights::time_factor(width_bits)
                / measured::speedup(threads)
                / shares
                + board.cells() as f64 * measured::FRONTIER_SECONDS_PER_LEVEL,
            bytes,
        }
    }
}

/// The frontier method's estimate of a whole sweep of `board` in the
/// columns order, with `threads` threads on the reference machine (2
/// cores, 24 GiB; `docs/benchmarks.md`, *Estimate against measured*).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColumnsEstimate {
    /// The most states a level holds.
    pub peak_states: f64,
    /// The states summed over the levels: the work.
    pub states_summed: f64,
    /// Wall time.
    pub seconds: f64,
    /// Memory at the widest level (beyond the budget, levels spill).
    pub bytes: f64,
}

/// What sweeping `board` column by column costs, before any work: from the
/// levels measured on strips of as many rows
/// (`crates/count/data/strip-levels.csv`), the same estimate the plan
/// makes for `--order columns` with the default memory budget. A sweep truncated after its first `k`
/// columns costs at most this; its levels are the whole board's until
/// the last three columns. Its weights are sized as a sweep of every
/// prefix's (`sequence`'s, which is what asks), wider than a whole
/// count's (`weights.rs`).
pub fn estimate_columns_sweep(
    board: kt_board::Board,
    kind: TourKind,
    threads: u32,
) -> ColumnsEstimate {
    let columns = Order::columns(board);
    let states = measured::frontier_sweep_states(board, kind, &columns);
    ColumnsEstimate::of(&states, board, kind, columns.width(kind), threads, true)
}

/// What a whole count of `board` costs in the order a count takes
/// (`kt_frontier::order::auto`: the shipped order, else one searched for
/// the board), its weights a whole count's: the term of a short sequence
/// counted as `count` counts its board (`sequence 9 --to 9` is 9×9 open's
/// count, about 8.6 hours, not a sweep of every prefix of 9×9 in the
/// columns, about 7 days).
pub fn estimate_board_count(
    board: kt_board::Board,
    kind: TourKind,
    threads: u32,
) -> ColumnsEstimate {
    let order = kt_frontier::order::auto(board);
    let states = measured::frontier_sweep_states(board, kind, &order);
    ColumnsEstimate::of(&states, board, kind, order.width(kind), threads, false)
}

/// What `sequence`'s sweep of the strip `board` costs: column by column
/// whatever the board's shape (`Order::column_major`), so that a board
/// taller than it is long is the first columns of the strip of its
/// height ([`estimate_columns_sweep`] of such a board would sweep along
/// its longer side, the boards a count by board takes).
pub fn estimate_strip_sweep(
    board: kt_board::Board,
    kind: TourKind,
    threads: u32,
) -> ColumnsEstimate {
    if board.rows() <= board.cols() {
        return estimate_columns_sweep(board, kind, threads);
    }
    let states = crate::methods::strip_levels::tall_strip_sweep(board, kind);
    let width = Order::column_major(board).width(kind);
    ColumnsEstimate::of(&states, board, kind, width, threads, true)
}

impl ColumnsEstimate {
    /// The figures of a sweep through these states, of every prefix or a
    /// whole count's (its weights' width), with the default memory budget.
    fn of(
        states: &measured::SweepStates,
        board: kt_board::Board,
        kind: TourKind,
        width: usize,
        threads: u32,
        prefixes: bool,
    ) -> ColumnsEstimate {
        let cost = SweepCost::of(
            states,
            board,
            kind,
            prefixes,
            width,
            threads,
            1,
            kt_memory::default_budget(),
        );
        ColumnsEstimate {
            peak_states: states.peak,
            states_summed: states.summed,
            seconds: cost.seconds,
            bytes: cost.bytes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The estimate's time against the times `docs/benchmarks.md` measured
    /// (*Estimate against measured*): board, kind, the columns or the
    /// shipped order, threads, the budget it ran with, seconds. Within 2×
    /// each.
    #[test]
    fn the_time_is_within_twice_every_measured_sweep() {
        let gib = |n: u64| Bytes(n * Bytes::GIB);
        for (board, kind, columns, threads, budget, seconds) in [
            ("6x6", TourKind::Open, true, 2, gib(18), 2.15),
            ("6x6", TourKind::Open, true, 1, gib(18), 3.71),
            ("6x7", TourKind::Open, true, 2, gib(18), 12.4),
            // The shipped orders of 6×7, 7×7 and 7×8 fold (`orders.csv`):
            // one thread's CPU seconds, measured with the fold on a loaded
            // machine (docs/benchmarks.md, *The fold in whole counts*).
            ("6x7", TourKind::Open, false, 1, gib(18), 0.15),
            ("6x8", TourKind::Closed, true, 1, gib(18), 2.88),
            ("7x7", TourKind::Open, true, 2, gib(18), 157.0),
            ("7x7", TourKind::Open, false, 1, gib(18), 2.28),
            ("7x8", TourKind::Closed, true, 2, gib(18), 41.0),
            ("7x8", TourKind::Closed, false, 1, gib(18), 9.07),
            ("7x8", TourKind::Open, false, 2, gib(17), 73.0),
            // Measured before the fold (loaded); the fold's figures put the
            // estimate at 0.62 of it.
            ("7x9", TourKind::Open, false, 2, gib(17), 117.0),
            ("7x10", TourKind::Open, false, 2, gib(18), 166.0),
            ("7x12", TourKind::Closed, true, 2, gib(18), 136.9),
            ("8x8", TourKind::Closed, true, 2, gib(18), 1439.0),
            // With the fold, idle (bench-results/order/8x8-closed-folded-idle.json).
            ("8x8", TourKind::Closed, false, 2, gib(18), 227.4),
            // Folded (bench-results/order/8x8-open-folded.json).
            ("8x8", TourKind::Open, false, 2, gib(16), 4023.0),
            ("6x14", TourKind::Open, true, 2, gib(18), 41.0),
        ] {
            let board: kt_board::Board = board.parse().unwrap();
            let order = if columns {
                Order::columns(board)
            } else {
                kt_frontier::order::shipped::find(board).unwrap()
            };
            let states = measured::frontier_sweep_states(board, kind, &order);
            let width = order.width(kind);
            let cost = SweepCost::of(&states, board, kind, false, width, threads, 1, budget);
            let ratio = cost.seconds / seconds;
            assert!(
                (0.5..=2.0).contains(&ratio),
                "{board} {kind} {threads} threads: {:.1} s against {seconds} s",
                cost.seconds
            );
        }
    }

    /// The estimate's memory against the bytes whole sweeps held at their
    /// widest, resident and spilled together (`bench-results/order/*.json`,
    /// `peak_rss_bytes` plus `frontier.disk_peak_bytes`; `docs/benchmarks.md`,
    /// *The plan's memory*): never below, and within half again.
    #[test]
    fn the_memory_errs_high_on_every_large_measured_sweep() {
        let gib = |n: u64| Bytes(n * Bytes::GIB);
        for (board, kind, budget, bytes, within) in [
            // Since the placement by high slots (2026-12-02,
            // docs/benchmarks.md): 8×8 open's peak resident set and the
            // most it spilled at once, under the default budget; 8×8
            // closed's and 7×8 open's peak resident sets.
            (
                "8x8",
                TourKind::Open,
                gib(18),
                17_267_113_984.0 + 8_642_035_106.0,
                1.5,
            ),
            // The plan's states of 8×8 closed are its levels measured
            // before the cover test (161.8 M at the widest; 90.9 M since):
            // the estimate errs high by more than the bytes a state do.
            ("8x8", TourKind::Closed, gib(18), 2_436_890_624.0, 2.5),
            // Tens of millions of states, where the batches weigh more
            // (`/usr/bin/time count 7x9 --no-checkpoint -q`: 1,871,600 KB;
            // 7×10: 2,174,384 KB).
            ("7x8", TourKind::Open, gib(18), 1_717_986_918.0, 1.5),
            ("7x10", TourKind::Open, gib(18), 2_226_569_216.0, 1.5),
            ("7x9", TourKind::Open, gib(18), 1_916_518_400.0, 1.5),
        ] {
            let board: kt_board::Board = board.parse().unwrap();
            let order = kt_frontier::order::shipped::find(board).unwrap();
            let states = measured::frontier_sweep_states(board, kind, &order);
            let width = order.width(kind);
            let cost = SweepCost::of(&states, board, kind, false, width, 2, 1, budget);
            let ratio = cost.bytes / bytes;
            assert!(
                (1.0..=within).contains(&ratio),
                "{board} {kind}: {:.2e} bytes against {bytes:.2e}",
                cost.bytes
            );
        }
    }

    /// The estimate for other front ends is the plan's for the columns.
    #[test]
    fn the_columns_estimate_is_the_plans() {
        let board: kt_board::Board = "6x20".parse().unwrap();
        let estimate = estimate_columns_sweep(board, TourKind::Open, 2);
        let states = measured::frontier_sweep_states(board, TourKind::Open, &Order::columns(board));
        assert!((estimate.peak_states - states.peak).abs() < 1e-6);
        assert!((estimate.states_summed - states.summed).abs() < 1e-6);
        assert!(
            estimate.seconds > 10.0 && estimate.seconds < 600.0,
            "{estimate:?}"
        );
        // `sequence 6 --to 20` held 0.97 GiB at its peak, its weights
        // 192 bits wide at the end (docs/benchmarks.md, *Weights past
        // 2⁶⁴*): the estimate within 2×, and above it.
        let measured = 972_168.0 * 1024.0;
        assert!(
            (measured..2.0 * measured).contains(&estimate.bytes),
            "{estimate:?}"
        );
    }
}
