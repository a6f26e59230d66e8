//! The published counts the project ships and checks itself against.
//!
//! The table (`data/known-counts.csv`) is compiled into the binary, so a
//! `--check` never depends on files next to it. Each row gives a count in
//! the convention of its source; [`Published::in_project_convention`]
//! converts it to the project's (open: directed; closed: undirected), so a
//! row in either convention checks the same result.
//!
//! Besides totals the table holds counts by start square (convention
//! `from-R-C`: directed open tours starting on row `R`, column `C`, 0-based
//! from the top left) and counts up to symmetry (convention `geometric`:
//! undirected tours up to the board's symmetries).
//!
//! **Counts of this project's own** ([`ours`]): the tables by start square
//! that nobody had published, computed here and shipped in `data/ours/`
//! (7×7 whole; 8×8 a class at a time), are rows too, marked `ours`, with
//! where they come from and what verifies them.
//!
//! **Terms of the published sequences** ([`from_sequences`]): every term of
//! a shipped OEIS sequence ([`crate::sequences`]) that counts a whole board
//! (`k×n`, `k×2n`, `n×n`) is a row too, marked with its A-number, so
//! `count 7x9 --check` compares with A306283 a(9) though no single-board
//! row names 7×9. A term the table already gives is not repeated.
//!
//! [`all`] is all three, and what `--check` compares with.

use std::fmt;

use kt_board::{Board, TourKind};
use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

use crate::sequences::{Measure, PublishedSequence, published_sequences};

const TABLE: &str = include_str!("../data/known-counts.csv");

/// The open tables by start square this project computed: the board's
/// rows and columns, the table (a row of the board a line, row 0 first),
/// and what says it is right.
const OURS_TABLES: [(usize, usize, &str, &str); 2] = [
    (
        7,
        7,
        include_str!("../data/ours/7x7-open-by-start.csv"),
        "this project's own count (data/ours/7x7-open-by-start.csv; the table sums to OEIS A165134 a(7))",
    ),
    (
        7,
        9,
        include_str!("../data/ours/7x9-open-by-start.csv"),
        "this project's own count (data/ours/7x9-open-by-start.csv; the table sums to twice OEIS A306283 a(9))",
    ),
];

/// The parts of the 8×8 open table by start square shipped so far (the
/// build script lists `data/ours/8x8-open-by-start/part-*.json`).
const OURS_8X8_PARTS: &[&str] = include!(concat!(env!("OUT_DIR"), "/ours_parts.rs"));

/// How a source counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Convention {
    /// Every Hamiltonian path once per direction, over all start squares.
    Directed,
    /// Every path or cycle once, whatever its direction (and start).
    Undirected,
    /// Undirected tours up to the board's symmetries.
    Geometric,
    /// Directed open tours starting on one square (row, column, 0-based,
    /// row 0 at the top).
    From { row: usize, col: usize },
}

impl TryFrom<String> for Convention {
    type Error = String;

    fn try_from(text: String) -> Result<Convention, String> {
        match text.as_str() {
            "directed" => Ok(Convention::Directed),
            "undirected" => Ok(Convention::Undirected),
            "geometric" => Ok(Convention::Geometric),
            other => {
                let bad = || format!("unknown convention '{other}'");
                let rest = other.strip_prefix("from-").ok_or_else(bad)?;
                let (row, col) = rest.split_once('-').ok_or_else(bad)?;
                Ok(Convention::From {
                    row: row.parse().map_err(|_| bad())?,
                    col: col.parse().map_err(|_| bad())?,
                })
            }
        }
    }
}

impl From<Convention> for String {
    fn from(c: Convention) -> String {
        c.to_string()
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Convention::Directed => f.write_str("directed"),
            Convention::Undirected => f.write_str("undirected"),
            Convention::Geometric => f.write_str("geometric"),
            Convention::From { row, col } => write!(f, "from-{row}-{col}"),
        }
    }
}

impl Convention {
    /// The convention as a person reads it on a board of `rows` rows: a
    /// start square by its algebraic name (`from a7`), as everywhere else
    /// the program names squares; the others as [`fmt::Display`] writes
    /// them, which is also the table's own spelling (`from-R-C`).
    pub fn named(&self, rows: usize) -> String {
        match *self {
            Convention::From { row, col } => format!(
                "from {}{}",
                kt_board::file_name(col),
                rows.saturating_sub(row)
            ),
            other => other.to_string(),
        }
    }
}

/// What a count is a count of, for checking it against the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantity {
    /// All tours, in the project's convention.
    Total,
    /// Undirected tours up to the board's symmetries.
    Geometric,
    /// Directed open tours starting on a square.
    From(kt_board::Square),
}

/// One published count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Published {
    pub kind: TourKind,
    pub rows: usize,
    pub cols: usize,
    pub convention: Convention,
    /// A decimal string: some published counts exceed 2¹²⁸.
    pub count: String,
    pub source: String,
    /// Whether the count is this project's own computation (`data/ours/`),
    /// not a published one.
    #[serde(default)]
    pub ours: bool,
    /// The A-number of the shipped sequence the row is a term of
    /// ([`from_sequences`]); `None` for the table's own rows (and in
    /// reports written before sequences were shipped).
    #[serde(default)]
    pub sequence: Option<String>,
}

impl Published {
    pub fn count(&self) -> BigUint {
        self.count
            .parse()
            .expect("the shipped table holds decimal counts (checked by a test)")
    }

    /// Whether this row speaks of `board` (in either orientation: turning a
    /// board on its side maps tours to tours one to one).
    pub fn describes(&self, board: &Board, kind: TourKind) -> bool {
        self.kind == kind
            && ((self.rows, self.cols) == (board.rows(), board.cols())
                || (self.rows, self.cols) == (board.cols(), board.rows()))
    }

    /// The count in the project's convention, or `None` where no
    /// conversion is defined.
    ///
    /// Open undirected counts double into directed ones on boards of two
    /// squares or more. On 1×1 the sources disagree about the undirected
    /// count (0 or 1), and the project counts the one-square path once,
    /// directed; such rows are not converted. Closed counts are undirected
    /// in every source and in the project.
    pub fn in_project_convention(&self) -> Option<BigUint> {
        match (self.kind, self.convention) {
            (_, Convention::Geometric)
            | (TourKind::Open, Convention::From { .. } | Convention::Directed)
            | (TourKind::Closed, Convention::Undirected) => Some(self.count()),
            (TourKind::Open, Convention::Undirected) if self.rows * self.cols >= 2 => {
                Some(self.count() * 2u32)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Published {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = self.kind;
        let convention = self.convention;
        write!(
            f,
            "{kind} {}x{} {convention} = {} ({})",
            self.rows, self.cols, self.count, self.source
        )
    }
}

/// The shipped table, in file order.
pub fn table() -> Vec<Published> {
    csv::Reader::from_reader(TABLE.as_bytes())
        .deserialize()
        .collect::<Result<Vec<Published>, _>>()
        .expect("the shipped table parses (checked by a test)")
}

/// The counts of this project's own: one row per class of start squares
/// under the board's symmetries (a row speaks for every image of its
/// square) of the 7×7 table and of each 8×8 part shipped.
pub fn ours() -> Vec<Published> {
    let mut rows = Vec::new();
    for (r, c, text, source) in OURS_TABLES {
        let board = Board::new(r, c).expect("a shipped table's board");
        let cells: Vec<Vec<&str>> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split(',').map(str::trim).collect())
            .collect();
        let mut seen = vec![false; board.cells()];
        for square in board.squares() {
            if seen[square] {
                continue;
            }
            for g in kt_board::Symmetry::group(&board) {
                seen[g.apply(&board, square)] = true;
            }
            let (row, col) = board.row_col(square);
            let Some(count) = cells.get(row).and_then(|r| r.get(col)) else {
                continue;
            };
            rows.push(Published {
                kind: TourKind::Open,
                rows: r,
                cols: c,
                convention: Convention::From { row, col },
                count: (*count).to_owned(),
                source: source.into(),
                ours: true,
                sequence: None,
            });
        }
    }
    let board = Board::square(8).expect("8x8 is a board");
    for text in OURS_8X8_PARTS {
        let part = kt_shards::Part::parse(text).expect("a shipped part parses (checked by a test)");
        for class in &part.classes {
            let Ok(square) = kt_board::parse_square(&board, &class.from) else {
                continue;
            };
            let (row, col) = board.row_col(square);
            rows.push(Published {
                kind: TourKind::Open,
                rows: 8,
                cols: 8,
                convention: Convention::From { row, col },
                count: class.count.clone(),
                source: format!(
                    "this project's own count (data/ours/8x8-open-by-start, class {} of the start plan, shard {}); the ten classes add up to OEIS A165134 a(8)",
                    class.id,
                    part.shard.as_deref().unwrap_or("all")
                ),
                ours: true,
                sequence: None,
            });
        }
    }
    rows
}

/// Whether two rows give the same count of the same board (either way
/// round) in the same convention: one is news, the other a repeat.
fn same_count(a: &Published, b: &Published) -> bool {
    a.kind == b.kind
        && a.convention == b.convention
        && a.count == b.count
        && ((a.rows, a.cols) == (b.rows, b.cols) || (a.rows, a.cols) == (b.cols, b.rows))
}

/// The whole-board terms of the shipped sequences as rows, in the
/// sequence's convention (source `OEIS Axxxxxx a(n)`).
///
/// A single count is checked against the same published figures a sweep
/// along the strip is, without copying them into `known-counts.csv` by
/// hand. A term the table already gives (the same count of the same board,
/// either way round, in the same convention) is left out; a board two
/// sequences share (6×7 is A306281 a(7) and A306283 a(6)) is one row
/// naming both. Prefixes of cells are no rows: a partial column is no
/// board, and a prefix of whole columns repeats a `k×n` sequence's term
/// (the sequences' tests check that it does).
pub fn from_sequences() -> Vec<Published> {
    board_rows(published_sequences(), &table())
}

/// [`from_sequences`] of these sequences against this table.
fn board_rows(sequences: &[PublishedSequence], table: &[Published]) -> Vec<Published> {
    let mut rows: Vec<Published> = Vec::new();
    for sequence in sequences {
        if sequence.measure != Measure::Cols {
            continue;
        }
        for (n, term) in &sequence.terms {
            let Some((r, c)) = sequence.board_of(*n) else {
                continue;
            };
            let row = Published {
                kind: sequence.kind,
                rows: r,
                cols: c,
                convention: if sequence.directed {
                    Convention::Directed
                } else {
                    Convention::Undirected
                },
                count: term.to_string(),
                source: format!("OEIS {} a({n})", sequence.a_number),
                ours: false,
                sequence: Some(sequence.a_number.clone()),
            };
            if table.iter().any(|t| same_count(t, &row)) {
                continue;
            }
            if let Some(earlier) = rows.iter_mut().find(|t| same_count(t, &row)) {
                let also = if (earlier.rows, earlier.cols) == (r, c) {
                    format!("; {} a({n})", sequence.a_number)
                } else {
                    format!("; {} a({n}) ({r} X {c})", sequence.a_number)
                };
                earlier.source += &also;
                continue;
            }
            rows.push(row);
        }
    }
    rows
}

/// The published counts, this project's own and the sequences' board
/// terms ([`table`], [`ours`] and [`from_sequences`]).
pub fn all() -> Vec<Published> {
    let mut rows = table();
    rows.extend(ours());
    rows.extend(from_sequences());
    rows
}

/// The outcome of comparing a count with the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    /// Rows that agree.
    pub agreeing: Vec<Published>,
    /// Rows that disagree, with the value they imply in the project's convention.
    pub disagreeing: Vec<(Published, String)>,
}

impl Check {
    pub fn passed(&self) -> bool {
        self.disagreeing.is_empty()
    }
}

/// Compares the total `count` for `board` with every row that describes it.
pub fn check(board: &Board, kind: TourKind, count: &BigUint) -> Check {
    check_quantity(board, kind, Quantity::Total, count)
}

impl Published {
    /// Whether this row counts `quantity` on `board` (in either
    /// orientation, and for a start square, up to the board's symmetries,
    /// which map the tours from one square onto those from its image).
    pub fn counts(&self, board: &Board, kind: TourKind, quantity: Quantity) -> bool {
        if !self.describes(board, kind) {
            return false;
        }
        match (quantity, self.convention) {
            (Quantity::Total, Convention::Directed | Convention::Undirected)
            | (Quantity::Geometric, Convention::Geometric) => true,
            (Quantity::From(square), Convention::From { row, col }) => {
                // The row's square on `board`: transposed if the row names
                // the board the other way round.
                let (r, c) = if (self.rows, self.cols) == (board.rows(), board.cols()) {
                    (row, col)
                } else {
                    (col, row)
                };
                r < board.rows()
                    && c < board.cols()
                    && kt_board::Symmetry::group(board)
                        .iter()
                        .any(|g| g.apply(board, board.square_at(r, c)) == square)
            }
            _ => false,
        }
    }
}

/// Compares `count`, a count of `quantity`, with every row that counts it.
pub fn check_quantity(board: &Board, kind: TourKind, quantity: Quantity, count: &BigUint) -> Check {
    let mut result = Check {
        agreeing: Vec::new(),
        disagreeing: Vec::new(),
    };
    for row in all()
        .into_iter()
        .filter(|r| r.counts(board, kind, quantity))
    {
        match row.in_project_convention() {
            Some(expected) if &expected == count => result.agreeing.push(row),
            Some(expected) => result.disagreeing.push((row, expected.to_string())),
            None => {}
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_parses_and_holds_decimal_counts() {
        let rows = table();
        assert!(rows.len() >= 30);
        for row in &rows {
            assert!(row.count.parse::<BigUint>().is_ok(), "{row}");
            assert!(row.rows >= 1 && row.cols >= 1, "{row}");
        }
    }

    /// The project's own rows: the 7×7 table they stand for sums to the
    /// published total, every 8×8 row is one of a shipped part's classes,
    /// and `--check` compares a count from a square with them.
    #[test]
    fn our_rows_add_up_to_the_published_totals() {
        let rows = ours();
        let board = Board::square(7).unwrap();
        let mut total = BigUint::ZERO;
        for square in board.squares() {
            let row = rows
                .iter()
                .find(|r| r.counts(&board, TourKind::Open, Quantity::From(square)))
                .unwrap_or_else(|| panic!("no row for square {square}"));
            assert!(row.ours);
            total += row.count();
        }
        assert_eq!(total.to_string(), "165575218320");
        let eight: Vec<&Published> = rows.iter().filter(|r| r.rows == 8).collect();
        assert_eq!(eight.len(), OURS_8X8_PARTS.len());
        let corner = board.square_at(0, 0);
        let check = check_quantity(
            &board,
            TourKind::Open,
            Quantity::From(corner),
            &BigUint::from(19_023_006_776u64),
        );
        assert!(
            check.passed() && check.agreeing.iter().any(|r| r.ours),
            "{check:?}"
        );
    }

    #[test]
    fn conventions_convert() {
        let board = Board::square(5).unwrap();
        let ok = check(&board, TourKind::Open, &BigUint::from(1728u32));
        assert!(ok.passed());
        // The directed and the undirected row both agree.
        assert!(ok.agreeing.len() >= 2, "{ok:?}");
        let bad = check(&board, TourKind::Open, &BigUint::from(864u32));
        assert!(!bad.passed());
    }

    /// The sequences' board terms agree with the table wherever both speak
    /// of a board, and add the boards the table lacks (6×14 open: A306281
    /// a(14)). 7×9 and 7×10 open (A306283, Gubarev 2024) are table rows,
    /// the sequence's terms not repeated.
    #[test]
    fn sequence_rows_agree_with_the_table_and_fill_its_gaps() {
        let table = table();
        let extra = from_sequences();
        assert!(!extra.is_empty());
        for row in &extra {
            assert!(row.sequence.is_some() && !row.ours, "{row}");
            assert!(row.source.starts_with("OEIS A"), "{row}");
            assert!(
                !table.iter().any(|t| same_count(t, row)),
                "repeats the table: {row}"
            );
        }
        // Every term, repeats included, against every table row of its board.
        let mut compared = 0;
        for row in &board_rows(published_sequences(), &[]) {
            let board = Board::new(row.rows, row.cols).unwrap();
            for t in table
                .iter()
                .filter(|t| t.counts(&board, row.kind, Quantity::Total))
            {
                if let (Some(a), Some(b)) = (t.in_project_convention(), row.in_project_convention())
                {
                    assert_eq!(a, b, "{row} against {t}");
                    compared += 1;
                }
            }
        }
        assert!(compared >= 150, "{compared}");
        for (board, count) in [
            ("7x9", "5806424327506000"),
            ("7x10", "2050482252041396476"),
            ("6x14", "8016912226637170235248"),
        ] {
            let board: Board = board.parse().unwrap();
            let c = check(&board, TourKind::Open, &count.parse().unwrap());
            assert!(c.passed() && !c.agreeing.is_empty(), "{board}: {c:?}");
            let from_sequence = c.agreeing.iter().any(|r| r.sequence.is_some());
            assert_eq!(from_sequence, board.cols() == 14, "{board}: {c:?}");
            let wrong = check(
                &board,
                TourKind::Open,
                &(count.parse::<BigUint>().unwrap() + 2u32),
            );
            assert!(!wrong.passed(), "{board}");
        }
        // Against an empty table, a board two sequences share is one row
        // naming both (every such board of the shipped sequences is in the
        // table already).
        let alone = board_rows(published_sequences(), &[]);
        let six_by_seven: Vec<&Published> = alone
            .iter()
            .filter(|r| r.kind == TourKind::Open && (r.rows, r.cols) == (6, 7))
            .collect();
        assert_eq!(six_by_seven.len(), 1, "{six_by_seven:?}");
        assert_eq!(
            six_by_seven[0].source,
            "OEIS A306281 a(7); A306283 a(6) (7 X 6)"
        );
        assert_eq!(six_by_seven[0].count, "389969466");
    }

    /// No two rows of everything `--check` compares with disagree.
    #[test]
    fn no_two_rows_disagree() {
        let rows = all();
        for (i, a) in rows.iter().enumerate() {
            let Some(x) = a.in_project_convention() else {
                continue;
            };
            for b in &rows[i + 1..] {
                let board = Board::new(a.rows, a.cols).unwrap();
                if !b.counts(&board, a.kind, Quantity::Total)
                    || !a.counts(&board, a.kind, Quantity::Total)
                {
                    continue;
                }
                if let Some(y) = b.in_project_convention() {
                    assert_eq!(x, y, "{a} against {b}");
                }
            }
        }
    }

    #[test]
    fn rows_describe_both_orientations() {
        let board = Board::new(5, 6).unwrap();
        let c = check(&board, TourKind::Open, &BigUint::from(37_568u32));
        assert!(c.passed() && !c.agreeing.is_empty(), "{c:?}");
    }
}
