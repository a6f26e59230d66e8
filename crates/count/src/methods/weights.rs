//! How wide a frontier sweep's weights grow, before the sweep: what its
//! memory and time estimates add for weights past 2⁶⁴.
//!
//! A sweep chooses its weights' width a step at a time, from a bound it
//! proves as it goes (kt-frontier's `weight.rs`); the plan cannot run the
//! sweep to know it, so it estimates the widest from the board's count.
//! The count of a `rows × n` strip grows geometrically in `n`, and the
//! published sequences hold long runs of it for every height from 3 to 8
//! (`crates/count/data/sequences`): the bits of the board's count are the
//! bits of the family's largest published board, plus the family's bits a
//! column times the columns beyond it. A square or wide board takes the
//! family of its short side (8×8: the 8-row strips). Past the heights
//! published, a bit a cell, about what 6- to 8-row strips grow by.
//!
//! A step's weights are as wide as the sum of the level it reads, and a
//! level's sum passes the board's count: measured on the levels' reports
//! (`weight_bits`), by 21–22 bits on 6×n open in a sweep of every prefix
//! (`sequence 6 --to 20 --json`: 119 bits at column 18, whose board's
//! count has 98), where the partial paths that will never close are most
//! of every level, and by 3 to 6.4 bits in a whole count (7×10 open: 63
//! bits at the most, against its undirected count's 60; 8×8 closed: 50
//! against 43.6): [`OVER_COUNT_PREFIXES`] and [`OVER_COUNT_WHOLE`]. A
//! count within a few bits below a width may take the next width for its
//! last levels, and the estimate then misses by that width's bytes.

use kt_board::{Board, TourKind};

use crate::sequences::{Measure, published_sequences};

/// Bits a level's sum reaches beyond its board's count in a sweep of
/// every prefix (`sequence`; see the module docs): 21–22 measured.
pub(super) const OVER_COUNT_PREFIXES: u32 = 24;

/// The same in a whole count: 3 measured on 7×10 open (every step at 64
/// bits), 6.4 on 8×8 closed.
pub(super) const OVER_COUNT_WHOLE: u32 = 4;

/// Bits of a count, a cell, where no sequence of the height is published.
const BITS_PER_CELL_UNPUBLISHED: f64 = 1.0;

/// Thread-time a state costs at `width_bits` against `u64` weights: one
/// limb more, 6–8% more per limb (`sequence 6 --to 32`: 261 ns a state at
/// 64 bits, 278 at 128, 321 at 192 and 317 at 256, two threads).
pub(super) fn time_factor(width_bits: u32) -> f64 {
    1.0 + 0.08 * f64::from(width_bits.div_ceil(64).saturating_sub(1))
}

/// The bits the weights of a sweep of `board`'s `kind` tours reach, at
/// most (`prefixes`: a sweep of every prefix, as `sequence` makes): what
/// the plan sizes its batches and runs by.
pub(super) fn sweep_weight_bits(board: Board, kind: TourKind, prefixes: bool) -> u32 {
    count_bits(board, kind).saturating_add(if prefixes {
        OVER_COUNT_PREFIXES
    } else {
        OVER_COUNT_WHOLE
    })
}

/// Refuses, before any work, a sweep whose weights the estimate puts past
/// the widest width a sweep holds: it would stop when its levels' sums
/// got there (6×n closed in a sweep of every prefix at about column 171
/// before the ladder reached 2,048 bits). `None` where it fits; else the
/// bits the weights would need.
pub(crate) fn past_the_widest(board: Board, kind: TourKind, prefixes: bool) -> Option<u32> {
    let bits = sweep_weight_bits(board, kind, prefixes);
    (bits > kt_frontier::widest_weight_bits()).then_some(bits)
}

/// The bits of the count of `board`'s `kind` tours, estimated from the
/// published strips of its short side.
///
/// Each published sequence is a line of its own: a directed count has a
/// bit more than the undirected one of the same board, so the last two
/// boards of two sequences together (3×28 directed, 3×29 undirected) make
/// a slope of one bit a column where 3-row strips grow by 1.8. The slope
/// is the longest sequence's over its last [`BASELINE`] columns, where a
/// strip's parity and its first columns weigh little (3×n open: 1.87
/// bits a column over 3×21 to 3×29, 1.79 from there to 3×1,142, whose
/// level sums passed 2,048 bits where this estimate says 2,158: a few
/// percent high, on the side that refuses rather than stops).
fn count_bits(board: Board, kind: TourKind) -> u32 {
    let rows = board.rows().min(board.cols());
    let cols = board.rows().max(board.cols());
    // (columns, bits) of every published board with tours, a sequence at
    // a time.
    let lines: Vec<Vec<(usize, u64)>> = published_sequences()
        .iter()
        .filter(|s| s.rows == rows && s.kind == kind && s.measure == Measure::Cols)
        .map(|s| {
            let mut line: Vec<(usize, u64)> = s
                .terms
                .iter()
                .filter(|(_, term)| term.bits() > 1)
                .map(|&(n, ref term)| (s.measure_of(n), term.bits()))
                .collect();
            line.sort_unstable();
            line
        })
        .collect();
    let published = lines
        .iter()
        .flatten()
        .filter(|&&(c, _)| c == cols)
        .map(|&(_, bits)| bits)
        .max();
    if let Some(bits) = published {
        // Published: its own bits (the directed count's, where both are).
        return u32::try_from(bits).unwrap_or(u32::MAX);
    }
    let longest = lines
        .iter()
        .filter(|line| line.len() >= 2)
        .max_by_key(|line| line.last().map(|&(c, _)| c));
    let estimated = match longest {
        Some(line) => {
            let (c1, b1) = line[line.len() - 1];
            let (c0, b0) = *line
                .iter()
                .find(|&&(c, _)| c + BASELINE >= c1)
                .filter(|&&(c, _)| c < c1)
                .unwrap_or(&line[line.len() - 2]);
            let slope = (b1 as f64 - b0 as f64) / (c1 as f64 - c0 as f64);
            b1 as f64 + slope * (cols as f64 - c1 as f64)
        }
        None => board.cells() as f64 * BITS_PER_CELL_UNPUBLISHED,
    };
    // A directed open count is twice the undirected one the sequences
    // list: one bit more, which the margin holds.
    u32::try_from(super::measured::whole(estimated.ceil())).unwrap_or(u32::MAX)
}

/// The columns a family's slope is taken over (see [`count_bits`]).
const BASELINE: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;

    /// The estimate against the sums the sweeps' levels reached: 6×20
    /// open's prefix sweep 119 bits (its count has 110), 8×8 closed's
    /// whole count 50 (within `u64`), and 8×32 closed's count is a
    /// 79-digit number (263 bits).
    #[test]
    fn the_widths_the_sweeps_reached() {
        let bits = |b: &str, kind, prefixes| sweep_weight_bits(b.parse().unwrap(), kind, prefixes);
        let six = bits("6x20", TourKind::Open, true);
        assert!((119..=140).contains(&six), "{six}");
        assert!(bits("8x8", TourKind::Closed, false) <= 64);
        assert!(bits("8x8", TourKind::Open, false) <= 64);
        assert!(bits("7x10", TourKind::Open, false) <= 64);
        let eight = count_bits("8x32".parse().unwrap(), TourKind::Closed);
        assert!((240..=290).contains(&eight), "{eight}");
        assert!((time_factor(64) - 1.0).abs() < 1e-9 && time_factor(256) > 1.2);
    }

    /// 6×n closed's counts grow six bits a column and its prefix sweep's
    /// levels' sums stay 24 bits above (`sequence 6 --to 120 --closed
    /// --json`: 602 bits at column 100, whose count has 578): past 2,048
    /// bits at about column 337, past the widest 8,192 at about 1,350.
    /// 3×n open's level sums passed 2,048 bits at column 1,142 (`sequence
    /// 3 --to 2000`, when 2,048 was the widest; the count of 3×1,142 has
    /// 614 digits, 2,040 bits), where the estimate from two sequences'
    /// last boards said 2,006.
    #[test]
    fn a_sweep_past_the_widest_width_is_known_before_it_starts() {
        let past = |b: &str, kind, prefixes| past_the_widest(b.parse().unwrap(), kind, prefixes);
        assert_eq!(past("6x200", TourKind::Closed, true), None);
        assert_eq!(past("6x400", TourKind::Closed, true), None);
        assert!(past("6x1500", TourKind::Closed, true).is_some_and(|bits| bits > 8192));
        assert_eq!(past("8x8", TourKind::Open, false), None);
        let three = sweep_weight_bits("3x1142".parse().unwrap(), TourKind::Open, true);
        assert!((2049..=2200).contains(&three), "{three}");
        let hundred = sweep_weight_bits("6x100".parse().unwrap(), TourKind::Closed, true);
        assert!((590..=640).contains(&hundred), "{hundred}");
    }
}
