//! Answers as numbers: a count is a [`BigUint`] from the method that
//! counted it to the front end that prints it, and its decimal digits are
//! written only where a document is (the report's JSON, a table on the
//! terminal). Nothing in the library or its front ends reads a count back
//! out of its text; what is read from disk (a saved report, a part, a
//! checkpoint's classes) is read strictly: a damaged count is an error,
//! never 0.
//!
//! A leaf: it knows only numbers and the board's shape.

use kt_board::Board;
use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

/// A count read from its decimal digits as the program writes them: digits
/// only, no sign, no leading zero (a hand-edited `007` is not a count the
/// program wrote). `None` for anything else.
pub fn strict_count(text: &str) -> Option<BigUint> {
    if text.is_empty()
        || !text.bytes().all(|b| b.is_ascii_digit())
        || (text.len() > 1 && text.starts_with('0'))
    {
        return None;
    }
    BigUint::parse_bytes(text.as_bytes(), 10)
}

/// A table of counts by square, shaped as the board: a row per board row,
/// row 0 first. In JSON, rows of decimal strings (`knights-tour/run/1`'s
/// `by_start` and `by_end`); read back strictly ([`strict_count`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table(pub Vec<Vec<BigUint>>);

impl Table {
    /// The table of `board` whose square `s` holds `counts[s]`.
    pub fn of(board: &Board, counts: &[BigUint]) -> Table {
        Table(
            (0..board.rows())
                .map(|r| {
                    (0..board.cols())
                        .map(|c| counts[board.square_at(r, c)].clone())
                        .collect()
                })
                .collect(),
        )
    }

    /// The rows, row 0 first.
    pub fn rows(&self) -> &[Vec<BigUint>] {
        &self.0
    }

    /// The cells as decimal text, for a picture or a terminal table.
    pub fn decimal(&self) -> Vec<Vec<String>> {
        self.0
            .iter()
            .map(|row| row.iter().map(BigUint::to_string).collect())
            .collect()
    }
}

impl std::ops::Deref for Table {
    type Target = [Vec<BigUint>];

    fn deref(&self) -> &[Vec<BigUint>] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a Table {
    type Item = &'a Vec<BigUint>;
    type IntoIter = std::slice::Iter<'a, Vec<BigUint>>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Serialize for Table {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.decimal().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Table {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Table, D::Error> {
        let rows = Vec::<Vec<String>>::deserialize(deserializer)?;
        rows.into_iter()
            .map(|row| {
                row.into_iter()
                    .map(|cell| {
                        strict_count(&cell).ok_or_else(|| {
                            serde::de::Error::custom(format!("{cell:?} is not a count"))
                        })
                    })
                    .collect()
            })
            .collect::<Result<_, _>>()
            .map(Table)
    }
}

/// A count serialised as its decimal string and read back strictly: for
/// `#[serde(with = "crate::numbers::decimal")]`.
pub mod decimal {
    use num_bigint::BigUint;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(count: &BigUint, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(count)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<BigUint, D::Error> {
        let text = String::deserialize(deserializer)?;
        super::strict_count(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("{text:?} is not a count")))
    }
}

/// Everything a count answers, as numbers: the total, the tables by start
/// and by end square, the orbits under the board's symmetries, and the
/// classes of a count by endpoint pairs (by class id). What a front end
/// shows or checks (`kt_count::check_answer`) is read from here.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// In the project's convention (open tours directed over every start,
    /// closed tours undirected), or what the question counts.
    pub total: BigUint,
    pub by_start: Option<Table>,
    pub by_end: Option<Table>,
    /// The geometrically distinct tours (`--up-to-symmetry`).
    pub orbits: Option<BigUint>,
    /// Each class counted, by its id in the pair plan.
    pub classes: Vec<(usize, BigUint)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_back_as_written() {
        let table = Table(vec![
            vec![BigUint::from(0u32), BigUint::from(304u32)],
            vec![BigUint::from(10u32).pow(30), BigUint::from(7u32)],
        ]);
        let json = serde_json::to_string(&table).unwrap();
        assert_eq!(
            json,
            r#"[["0","304"],["1000000000000000000000000000000","7"]]"#
        );
        assert_eq!(serde_json::from_str::<Table>(&json).unwrap(), table);
    }

    /// A damaged cell is an error, never 0.
    #[test]
    fn a_damaged_table_cell_is_an_error() {
        for damaged in [
            r#"[["1","x"]]"#,
            r#"[["1",""]]"#,
            r#"[["1","-2"]]"#,
            r#"[["1","007"]]"#,
            r#"[["1","1.5"]]"#,
        ] {
            let error = serde_json::from_str::<Table>(damaged).unwrap_err();
            assert!(error.to_string().contains("is not a count"), "{error}");
        }
    }

    #[test]
    fn counts_are_read_strictly() {
        assert_eq!(strict_count("0"), Some(BigUint::ZERO));
        assert_eq!(strict_count("6637920"), Some(BigUint::from(6_637_920u32)));
        for damaged in ["", "07", "+1", "1e3", " 1", "x"] {
            assert_eq!(strict_count(damaged), None, "{damaged:?}");
        }
    }
}
