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
//! where they come from and what verifies them. [`all`] is both, and what
//! `--check` compares with.

use std::fmt;

use kt_board::{Board, TourKind};
use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

const TABLE: &str = include_str!("../data/known-counts.csv");

/// The 7×7 open table by start square this project computed.
const OURS_7X7: &str = include_str!("../data/ours/7x7-open-by-start.csv");

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
    let board = Board::square(7).expect("7x7 is a board");
    let cells: Vec<Vec<&str>> = OURS_7X7
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
            rows: 7,
            cols: 7,
            convention: Convention::From { row, col },
            count: (*count).to_owned(),
            source: "this project's own count (data/ours/7x7-open-by-start.csv; the table sums to OEIS A165134 a(7))".into(),
            ours: true,
        });
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
                    "this project's own count (data/ours/8x8-open-by-start, class {} of the start plan, shard {}); checked against OEIS A165134 a(8) once all ten classes are in",
                    class.id,
                    part.shard.as_deref().unwrap_or("all")
                ),
                ours: true,
            });
        }
    }
    rows
}

/// The published counts and this project's own ([`table`] and [`ours`]).
pub fn all() -> Vec<Published> {
    let mut rows = table();
    rows.extend(ours());
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

    #[test]
    fn rows_describe_both_orientations() {
        let board = Board::new(5, 6).unwrap();
        let c = check(&board, TourKind::Open, &BigUint::from(37_568u32));
        assert!(c.passed() && !c.agreeing.is_empty(), "{c:?}");
    }
}
