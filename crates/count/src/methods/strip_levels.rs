//! What the frontier sweep does in the columns order, from the levels
//! measured on long strips (`data/strip-levels.csv`).
//!
//! Column by column, a sweep of a board with `r` rows (its short side)
//! takes `r` steps a column. Its levels grow for the first few columns,
//! then stay at a steady size that depends only on `r` and the kind of
//! tour (the frontier is always the same `2r + 1` squares, so the states
//! it can hold stop growing), and collapse in the last columns, which the
//! board's end prunes. So the sweep of an `r × c` board is the strip's
//! first columns, then `c − 3 − ramp` steady columns, then a short tail:
//! its widest level does not grow with `c`, and its work grows linearly.
//! The widest level of a square board is in its middle columns, which the
//! strip has too (8×8 closed: 679,048,443 states in column 5 of 8).
//!
//! The figures are exact state counts, measured once by
//! `scripts/strip-levels.py` (3 to 8 rows; 7 and 8 rows from the columns
//! sweeps of `bench-results/frontier-core`). Rows beyond the table
//! (9×9 open, 10×10 closed) grow by the ratio of the last two rows
//! measured, per row: 28 times the widest level and 32 times the work
//! from 7 rows to 8.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use kt_board::{Board, TourKind};

/// The table, as shipped.
const TABLE: &str = include_str!("../../data/strip-levels.csv");

/// The share of a steady column's states the third column from the end
/// still holds: 0.16 on 7×8 and 7×12 closed, 0.21 on 8×8 closed, 0.18 on
/// 3×40 open (the last two columns hold next to nothing). Its widest
/// level: 0.22 on 7×8 closed, 0.27 on 6×8 and 8×8 closed.
const TAIL_SUMMED: f64 = 0.2;
const TAIL_PEAK: f64 = 0.3;

/// The figures of one column of the sweep.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Column {
    /// The most states a level of the column holds.
    pub peak: f64,
    /// The states summed over the column's levels.
    pub summed: f64,
}

/// What a sweep holds and handles, estimated before any work.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct SweepStates {
    /// The most states a level holds.
    pub peak: f64,
    /// The states summed over the levels: the work, which the time follows.
    pub summed: f64,
    /// Where the figures come from, said with them.
    pub basis: String,
}

/// The measured columns of every row count and kind, in order.
fn table() -> &'static BTreeMap<(usize, bool), Vec<Column>> {
    static TABLE_READ: OnceLock<BTreeMap<(usize, bool), Vec<Column>>> = OnceLock::new();
    TABLE_READ.get_or_init(|| {
        let mut table: BTreeMap<(usize, bool), Vec<Column>> = BTreeMap::new();
        let mut reader = csv::ReaderBuilder::new()
            .comment(Some(b'#'))
            .from_reader(TABLE.as_bytes());
        for record in reader.records() {
            let record = record.expect("data/strip-levels.csv is well formed (a test reads it)");
            let number = |i: usize| -> f64 {
                record[i]
                    .parse()
                    .expect("data/strip-levels.csv holds whole numbers")
            };
            let rows: usize = record[0].parse().expect("a row count");
            let closed = &record[1] == "closed";
            table.entry((rows, closed)).or_default().push(Column {
                peak: number(3),
                summed: number(4),
            });
        }
        table
    })
}

/// The columns measured for `rows` rows and `kind`, the nearest row count
/// measured when `rows` is not, and by how much to scale them: per row
/// beyond the table, by the growth from its second last row to its last.
fn measured(rows: usize, kind: TourKind) -> (&'static [Column], f64, f64, String) {
    let closed = kind == TourKind::Closed;
    let table = table();
    let measured_rows: Vec<usize> = table
        .keys()
        .filter(|(_, c)| *c == closed)
        .map(|(r, _)| *r)
        .collect();
    let (first, last) = (measured_rows[0], measured_rows[measured_rows.len() - 1]);
    if rows <= last {
        // Fewer rows than the table's first: a board with no tours or a
        // thin one, whose sweep costs next to nothing either way. (Every
        // row count between the first and the last is measured: a test.)
        let rows = measured_rows
            .iter()
            .copied()
            .rfind(|&r| r <= rows)
            .unwrap_or(first);
        return (
            &table[&(rows, closed)],
            1.0,
            1.0,
            format!("measured on strips of {rows} rows"),
        );
    }
    let (below, top) = (
        steady(&table[&(last - 1, closed)]),
        steady(&table[&(last, closed)]),
    );
    let more = i32::try_from(rows - last).unwrap_or(i32::MAX);
    (
        &table[&(last, closed)],
        (top.peak / below.peak).powi(more),
        (top.summed / below.summed).powi(more),
        format!("extrapolated from strips of {} and {last} rows", last - 1),
    )
}

/// The steady column: the most of the last two measured columns (some
/// strips alternate between two columns, 3×n open between 1,534 and 1,477
/// states; 8 rows were measured only up to column 5 of 8×8, the first
/// column that may be steady, which the larger of the two is).
fn steady(columns: &[Column]) -> Column {
    let tail = &columns[columns.len().saturating_sub(2)..];
    Column {
        peak: tail.iter().map(|c| c.peak).fold(0.0, f64::max),
        summed: tail.iter().map(|c| c.summed).fold(0.0, f64::max),
    }
}

/// The `j`th column (from 1) of a long strip's sweep.
fn column(columns: &[Column], j: usize) -> Column {
    columns
        .get(j - 1)
        .copied()
        .unwrap_or_else(|| steady(columns))
}
/// The states of the sweep of a board taller than it is long column by
/// column, as `sequence` sweeps a strip (`Order::column_major`; a board
/// no taller than long is [`columns_sweep`]'s). It is the first columns
/// of the strip of its height, before its levels reach their steady size,
/// so the tail of a long strip (a share of the steady column) does not
/// model its end: its last two columns are taken as the columns before
/// them, the first `cols − 2` columns of the strip whole. Measured
/// (`sequence 8 --to 5 --checkpoint DIR --json`, one sweep, folded): open
/// 236 M states at the widest and 1.01 G summed against 282 M and 1.24 G
/// from the table's first three columns; closed 9.8 M and 41 M against
/// 23 M and 91 M: high by 1.2–2.4×, where the tail's shares were low by
/// 8×. Three columns unfolded, at the widest: 8 rows 114 K (estimated
/// 118 K), 9 rows 871 K (708 K), 10 rows 4.8 M (4.2 M).
pub(super) fn tall_strip_sweep(board: Board, kind: TourKind) -> SweepStates {
    let (columns, _, _, basis) = measured(board.rows(), kind);
    // Beyond the table, each column grows a row at a time as that column
    // grew from the second last row measured to the last (8×1 closed is
    // 6 times 7×1, 8×3 20 times 7×3): the steady column's growth, which
    // `measured` scales by, would put 13×1 at a hundred billion states.
    let last = table()
        .keys()
        .filter(|(_, closed)| *closed == (kind == TourKind::Closed))
        .map(|(r, _)| *r)
        .max()
        .unwrap_or(board.rows());
    let more = i32::try_from(board.rows().saturating_sub(last)).unwrap_or(i32::MAX);
    let below = &table()[&(last - 1, kind == TourKind::Closed)];
    let (mut peak, mut summed) = (0.0f64, 0.0);
    // A board of one or two columns has no tour, and its sweep prunes
    // every state (`sequence 13 --to 2`: one state at the widest).
    for j in 1..=board.cols().saturating_sub(2) {
        let c = column(columns, j);
        let (peak_scale, summed_scale) = if more > 0 {
            let b = column(below, j);
            (
                (c.peak / b.peak).powi(more),
                (c.summed / b.summed).powi(more),
            )
        } else {
            (1.0, 1.0)
        };
        peak = peak.max(c.peak * peak_scale);
        summed += c.summed * summed_scale;
    }
    SweepStates {
        peak: peak.max(1.0),
        summed: summed.max(1.0),
        basis: format!("the first columns' levels {basis}"),
    }
}

/// The states of `board`'s sweep in the columns order: the strip's
/// columns up to the fourth from the end, then the tail (module docs).
pub(super) fn columns_sweep(board: Board, kind: TourKind) -> SweepStates {
    let rows = board.rows().min(board.cols());
    let cols = board.rows().max(board.cols());
    let (columns, peak_scale, summed_scale, basis) = measured(rows, kind);
    let body = cols.saturating_sub(3);
    let (mut peak, mut summed) = (0.0f64, 0.0);
    // The steady columns all alike: counted, not walked (a strip of
    // thousands of columns is planned in microseconds).
    let walked = body.min(columns.len() + 2);
    for j in 1..=walked {
        let c = column(columns, j);
        peak = peak.max(c.peak);
        summed += c.summed;
    }
    let still = steady(columns);
    if body > walked {
        peak = peak.max(still.peak);
        summed += still.summed * (body - walked) as f64;
    }
    if cols >= 3 {
        let tail = column(columns, cols - 2);
        // No wider than the column before it, on a board too short for the
        // steady state (6×6 closed: 43,192 states at most, where the strip's
        // fourth column holds 559,944 and its third 51,025).
        let before = if cols >= 4 {
            column(columns, cols - 3).peak
        } else {
            tail.peak
        };
        peak = peak.max((tail.peak * TAIL_PEAK).min(before));
        summed += tail.summed * TAIL_SUMMED;
    }
    SweepStates {
        peak: (peak * peak_scale).max(1.0),
        summed: (summed * summed_scale).max(1.0),
        basis: format!("the columns' levels {basis}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row count 3 to 8 is measured for both kinds, each column's
    /// peak is at most its work, and the steady state is reached.
    #[test]
    fn the_table_covers_three_to_eight_rows() {
        for rows in 3..=8 {
            for closed in [false, true] {
                let columns = &table()[&(rows, closed)];
                assert!(columns.len() >= 4, "{rows} rows, closed {closed}");
                for c in columns {
                    assert!(c.peak <= c.summed && c.peak >= 1.0, "{rows} {closed}");
                }
            }
        }
    }

    /// A longer strip is more work but no wider a level, once the steady
    /// state is reached; a row more is far more of both.
    #[test]
    fn work_grows_with_the_strip_and_the_peak_does_not() {
        for kind in [TourKind::Open, TourKind::Closed] {
            let sweep = |r: usize, c: usize| columns_sweep(Board::new(r, c).unwrap(), kind);
            let (short, long) = (sweep(5, 30), sweep(5, 60));
            assert!((long.peak - short.peak).abs() < 1e-9);
            let per_column = sweep(5, 31).summed - short.summed;
            assert!(per_column > 0.0);
            assert!(((long.summed - short.summed) / 30.0 / per_column - 1.0).abs() < 1e-9);
            assert!(sweep(9, 9).peak > 10.0 * sweep(8, 9).peak);
            assert!(sweep(3, 10_000).summed.is_finite());
        }
    }
}
