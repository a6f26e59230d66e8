//! The published knight's-tour *sequences* the project ships: whole OEIS
//! entries, term by term.
//!
//! The single-board table ([`crate::known`]) answers "what is published
//! for this board?"; a sequence answers "what is published for every board
//! of this strip?" — the `k×n` boards for every `n`, or the *first n cells*
//! of a `k`-row strip (cells numbered column by column, top row first, the
//! last column partial), as Knuth's 2025 entries count them. A sweep along
//! a strip produces a whole sequence at once, so it is checked against a
//! whole sequence.
//!
//! The data (`data/sequences/index.csv` and `terms.csv`, their sources in
//! that folder's README) is compiled into the binary, so a check never
//! depends on files next to it, and parsed once, strictly: a malformed row
//! is a panic, which the unit tests below turn into a failed build rather
//! than a silently shorter table.
//!
//! **Conventions.** OEIS counts open tours undirected (a path and its
//! reverse once) except A165134 and A118067, which count them directed;
//! this project counts open tours directed. Closed tours are undirected
//! everywhere. [`PublishedSequence::in_project_convention`] and its inverse
//! convert one term.

use std::fmt;
use std::sync::LazyLock;

use kt_board::TourKind;
use num_bigint::BigUint;

const INDEX: &str = include_str!("../data/sequences/index.csv");
const TERMS: &str = include_str!("../data/sequences/terms.csv");

/// What term `n` of a sequence counts the tours of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Measure {
    /// The whole board of `step·n` columns.
    Cols,
    /// The first `step·n` cells of the strip, column by column, top row
    /// first (the last column partial unless the rows divide it).
    Cells,
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Measure::Cols => "cols",
            Measure::Cells => "cells",
        })
    }
}

/// One published sequence: what it counts and the terms its entry shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublishedSequence {
    /// The OEIS A-number, `"A306281"`.
    pub a_number: String,
    /// The rows of the strip; 0 for the `n×n` boards (A165134, A308131),
    /// whose rows grow with `n` as their columns do.
    pub rows: usize,
    pub kind: TourKind,
    pub measure: Measure,
    /// Term `n` counts `step·n` columns or cells (2 for A175855 `5×2n`,
    /// A193054 `7×2n` and the closed prefixes A383660–A383664).
    pub step: usize,
    /// Open tours: whether the sequence counts a path and its reverse
    /// twice (A118067, A165134) or once (every other open sequence).
    /// Closed sequences are undirected, as is the project.
    pub directed: bool,
    /// The OEIS offset: the first `n`.
    pub offset: usize,
    /// The entry's name, as the entry gives it.
    pub name: String,
    /// Who published the terms (the entry's author and extension lines).
    pub authors: String,
    /// The entry.
    pub url: String,
    /// The comment line OEIS's b-file of the sequence begins with, if it
    /// has one (Knuth's A389754–A389759: `# A389754`): `sequence --bfile`
    /// writes it first, so that the file is OEIS's byte for byte.
    pub bfile_comment: String,
    /// `(n, a(n))` as published, increasing `n`.
    pub terms: Vec<(usize, BigUint)>,
}

impl PublishedSequence {
    /// Columns or cells that term n counts: step·n.
    pub fn measure_of(&self, n: usize) -> usize {
        self.step * n
    }

    /// The squares of the board (or strip prefix) that term `n` counts.
    pub fn cells_of(&self, n: usize) -> usize {
        let m = self.measure_of(n);
        match (self.measure, self.rows) {
            (Measure::Cells, _) => m,
            (Measure::Cols, 0) => m * m,
            (Measure::Cols, rows) => rows * m,
        }
    }

    /// The whole board `(rows, cols)` that term `n` counts, or `None` for
    /// a prefix of cells that leaves its last column partial (a prefix of
    /// whole columns is a board too: A389756 a(12) is 6×2).
    pub fn board_of(&self, n: usize) -> Option<(usize, usize)> {
        let m = self.measure_of(n);
        match (self.measure, self.rows) {
            (Measure::Cols, 0) => Some((m, m)),
            (Measure::Cols, rows) => Some((rows, m)),
            (Measure::Cells, 0) => None,
            (Measure::Cells, rows) => m.is_multiple_of(rows).then_some((rows, m / rows)),
        }
    }

    /// `"directed"` or `"undirected"`: how the sequence counts.
    pub fn convention(&self) -> &'static str {
        if self.directed {
            "directed"
        } else {
            "undirected"
        }
    }

    /// Term `n` as published, if the entry shows it.
    pub fn term(&self, n: usize) -> Option<&BigUint> {
        self.terms
            .binary_search_by_key(&n, |(k, _)| *k)
            .ok()
            .map(|i| &self.terms[i].1)
    }

    /// Whether the project's count of term `n` is twice the published one:
    /// open tours counted undirected on a board of two cells or more. A
    /// one-cell board's single path is its own reverse, so it counts 1 in
    /// either convention.
    fn doubles(&self, n: usize) -> bool {
        self.kind == TourKind::Open && !self.directed && self.cells_of(n) >= 2
    }

    /// A published term in the project's convention: open tours directed (×2 when the
    /// sequence is undirected, except a one-cell board, whose single path counts 1 either way);
    /// closed tours undirected as published.
    ///
    /// A one-cell board's open tour is the project's 1 (the path of no
    /// moves, as `count 1` says) whatever the sequence publishes for it:
    /// Knuth's first-cells sequences count it 1, Weisstein's A308131 counts
    /// a graph of one vertex as having no Hamiltonian path (0). That is a
    /// convention of the sequence, not a different count.
    pub fn in_project_convention(&self, n: usize, term: &BigUint) -> BigUint {
        if self.kind == TourKind::Open && self.cells_of(n) == 1 {
            return BigUint::from(1u32);
        }
        if self.doubles(n) {
            term * 2u32
        } else {
            term.clone()
        }
    }

    /// The inverse: a count in the project's convention as this sequence counts it.
    ///
    /// A directed count of a board of two cells or more is even (every path
    /// has a distinct reverse); an odd one is halved rounding down, so
    /// compare in the project's convention (or check that converting back
    /// gives `ours`) where a count may be wrong.
    /// A one-cell board's open tour is as the sequence publishes it,
    /// where it does (see [`Self::in_project_convention`]).
    pub fn in_sequence_convention(&self, n: usize, ours: &BigUint) -> BigUint {
        if self.kind == TourKind::Open
            && self.cells_of(n) == 1
            && let Some(published) = self.term(n)
        {
            return published.clone();
        }
        if self.doubles(n) {
            ours / 2u32
        } else {
            ours.clone()
        }
    }
}

impl fmt::Display for PublishedSequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.a_number, self.name)
    }
}

static SEQUENCES: LazyLock<Vec<PublishedSequence>> = LazyLock::new(|| {
    parse(INDEX, TERMS).unwrap_or_else(|e| panic!("the shipped sequences parse: {e}"))
});

/// Every shipped sequence, in the order of `index.csv`.
pub fn published_sequences() -> &'static [PublishedSequence] {
    &SEQUENCES
}

/// "A306281", "a306281" or "306281".
pub fn published_sequence(a_number: &str) -> Option<&'static PublishedSequence> {
    let wanted = normalise(a_number)?;
    published_sequences().iter().find(|s| s.a_number == wanted)
}

/// The sequences of `rows`-row strips of `kind` tours by `measure` (for `sequence ROWS` to find one to check against).
///
/// `rows` 0 asks for the `n×n` sequences.
pub fn sequences_for(
    rows: usize,
    kind: TourKind,
    measure: Measure,
) -> Vec<&'static PublishedSequence> {
    published_sequences()
        .iter()
        .filter(|s| s.rows == rows && s.kind == kind && s.measure == measure)
        .collect()
}

/// `"A306281"` from any spelling a user types: the letter optional and of
/// either case, the six digits zero-padded (`A79137` is `A079137`).
fn normalise(a_number: &str) -> Option<String> {
    let text = a_number.trim();
    let digits = text
        .strip_prefix('A')
        .or_else(|| text.strip_prefix('a'))
        .unwrap_or(text);
    if digits.is_empty() || digits.len() > 6 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(format!("A{digits:0>6}"))
}

/// One CSV file's records with the header checked, each with its line
/// number for the error messages.
fn records(
    text: &str,
    file: &str,
    header: &[&str],
) -> Result<Vec<(u64, csv::StringRecord)>, String> {
    let mut reader = csv::ReaderBuilder::new().from_reader(text.as_bytes());
    let found = reader
        .headers()
        .map_err(|e| format!("{file}: {e}"))?
        .clone();
    if found.iter().collect::<Vec<_>>() != header {
        return Err(format!("{file}: header {found:?}, expected {header:?}"));
    }
    reader
        .records()
        .map(|r| {
            let record = r.map_err(|e| format!("{file}: {e}"))?;
            let line = record.position().map_or(0, csv::Position::line);
            if record.len() != header.len() {
                return Err(format!(
                    "{file} line {line}: {} fields, expected {}",
                    record.len(),
                    header.len()
                ));
            }
            Ok((line, record))
        })
        .collect()
}

fn number(field: &str, what: &str, at: &str) -> Result<usize, String> {
    field
        .parse()
        .map_err(|_| format!("{at}: {what} '{field}' is not a number"))
}

/// Both files into sequences, refusing anything out of form: a
/// misspelled kind, a term with a stray character, a term of an unknown
/// sequence, terms out of order or before the offset, a sequence listed
/// twice or with no terms.
fn parse(index: &str, terms: &str) -> Result<Vec<PublishedSequence>, String> {
    let header = [
        "a_number",
        "rows",
        "kind",
        "measure",
        "step",
        "convention",
        "offset",
        "name",
        "authors",
        "url",
        "bfile_comment",
    ];
    let mut sequences: Vec<PublishedSequence> = Vec::new();
    for (line, r) in records(index, "index.csv", &header)? {
        let at = format!("index.csv line {line}");
        let a_number = r[0].to_owned();
        if normalise(&a_number).as_deref() != Some(a_number.as_str()) {
            return Err(format!(
                "{at}: '{a_number}' is not an A-number (A and six digits)"
            ));
        }
        if sequences.iter().any(|s| s.a_number == a_number) {
            return Err(format!("{at}: {a_number} is listed twice"));
        }
        let kind = match &r[2] {
            "open" => TourKind::Open,
            "closed" => TourKind::Closed,
            other => return Err(format!("{at}: kind '{other}' (open or closed)")),
        };
        let measure = match &r[3] {
            "cols" => Measure::Cols,
            "cells" => Measure::Cells,
            other => return Err(format!("{at}: measure '{other}' (cols or cells)")),
        };
        let step = number(&r[4], "step", &at)?;
        if !(1..=2).contains(&step) {
            return Err(format!("{at}: step {step} (1 or 2)"));
        }
        let directed = match &r[5] {
            "directed" => true,
            "undirected" => false,
            other => {
                return Err(format!(
                    "{at}: convention '{other}' (directed or undirected)"
                ));
            }
        };
        if directed && kind == TourKind::Closed {
            return Err(format!("{at}: a closed sequence counted directed"));
        }
        let rows = number(&r[1], "rows", &at)?;
        if rows == 0 && measure == Measure::Cells {
            return Err(format!("{at}: cells of a strip of 0 rows"));
        }
        for (i, what) in [(7, "name"), (8, "authors"), (9, "url")] {
            if r[i].trim().is_empty() {
                return Err(format!("{at}: no {what}"));
            }
        }
        if !(r[10].is_empty() || r[10].starts_with('#')) {
            return Err(format!("{at}: a b-file comment begins with #"));
        }
        sequences.push(PublishedSequence {
            a_number,
            rows,
            kind,
            measure,
            step,
            directed,
            offset: number(&r[6], "offset", &at)?,
            name: r[7].to_owned(),
            authors: r[8].to_owned(),
            url: r[9].to_owned(),
            bfile_comment: r[10].to_owned(),
            terms: Vec::new(),
        });
    }
    for (line, r) in records(terms, "terms.csv", &["a_number", "n", "term"])? {
        let at = format!("terms.csv line {line}");
        let sequence = sequences
            .iter_mut()
            .find(|s| s.a_number == r[0])
            .ok_or_else(|| format!("{at}: {} is not in index.csv", &r[0]))?;
        let n = number(&r[1], "n", &at)?;
        if n < sequence.offset {
            return Err(format!(
                "{at}: n = {n} is below {}'s offset {}",
                sequence.a_number, sequence.offset
            ));
        }
        if sequence.terms.last().is_some_and(|(k, _)| *k >= n) {
            return Err(format!("{at}: n = {n} does not follow the term before it"));
        }
        // Digits only: `BigUint`'s parser would also take `_` separators.
        let text = &r[2];
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("{at}: term '{text}' is not a decimal number"));
        }
        let term: BigUint = text
            .parse()
            .map_err(|e| format!("{at}: term '{text}': {e}"))?;
        sequence.terms.push((n, term));
    }
    if let Some(empty) = sequences.iter().find(|s| s.terms.is_empty()) {
        return Err(format!("{} has no terms in terms.csv", empty.a_number));
    }
    Ok(sequences)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(a_number: &str, n: usize) -> BigUint {
        published_sequence(a_number)
            .unwrap_or_else(|| panic!("{a_number} is shipped"))
            .term(n)
            .unwrap_or_else(|| panic!("{a_number} a({n}) is shipped"))
            .clone()
    }

    /// A one-cell board's open path is the project's 1 whichever way a
    /// sequence publishes it, and goes back to the published value.
    #[test]
    fn a_one_cell_board_is_one_tour_in_the_project_s_convention() {
        for a_number in ["A308131", "A389759"] {
            let sequence = published_sequence(a_number).unwrap();
            let published = sequence.term(1).unwrap().clone();
            let ours = sequence.in_project_convention(1, &published);
            assert_eq!(ours, BigUint::from(1u32), "{a_number}");
            assert_eq!(sequence.in_sequence_convention(1, &ours), published);
        }
    }

    #[test]
    fn every_row_parses_and_the_terms_run_from_the_offset_without_a_gap() {
        let all = published_sequences();
        assert!(all.len() >= 24, "{}", all.len());
        for s in all {
            assert_eq!(s.terms[0].0, s.offset, "{s}");
            for pair in s.terms.windows(2) {
                assert_eq!(
                    pair[1].0,
                    pair[0].0 + 1,
                    "{s}: a gap after n = {}",
                    pair[0].0
                );
            }
            assert_eq!(s.url, format!("https://oeis.org/{}", s.a_number), "{s}");
        }
    }

    #[test]
    fn malformed_data_is_refused_not_skipped() {
        let index = "a_number,rows,kind,measure,step,convention,offset,name,authors,url,bfile_comment\n\
                     A000001,3,open,cols,1,undirected,1,x,y,https://oeis.org/A000001,\n";
        let terms = "a_number,n,term\nA000001,1,0\nA000001,2,8\n";
        assert_eq!(parse(index, terms).unwrap()[0].terms.len(), 2);
        for bad_terms in [
            "a_number,n,term\nA000001,1,0\nA000001,1,8\n",
            "a_number,n,term\nA000001,1,0\nA000002,2,8\n",
            "a_number,n,term\nA000001,1,0\nA000001,2,8_0\n",
            "a_number,n,term\nA000001,1,0\nA000001,2,\n",
            "a_number,n,term\nA000001,0,0\n",
            "a_number,n,term\n",
            "a_number,n,value\nA000001,1,0\n",
        ] {
            assert!(parse(index, bad_terms).is_err(), "{bad_terms}");
        }
        for bad_row in [
            "A000001,3,opened,cols,1,undirected,1,x,y,u,",
            "A000001,3,open,columns,1,undirected,1,x,y,u,",
            "A000001,3,open,cols,3,undirected,1,x,y,u,",
            "A000001,3,closed,cols,1,directed,1,x,y,u,",
            "A000001,three,open,cols,1,undirected,1,x,y,u,",
            "A1,3,open,cols,1,undirected,1,x,y,u,",
            "A000001,3,open,cols,1,undirected,1,x,y,u",
            "A000001,3,open,cols,1,undirected,1,x,y,u,A000001",
            "A000001,3,open,cols,1,undirected,1,,y,u,",
        ] {
            let index = format!(
                "a_number,rows,kind,measure,step,convention,offset,name,authors,url,bfile_comment\n{bad_row}\n"
            );
            assert!(parse(&index, terms).is_err(), "{bad_row}");
        }
    }

    #[test]
    fn a_numbers_are_found_however_typed() {
        for spelling in ["A306281", "a306281", "306281", " A306281 "] {
            assert_eq!(
                published_sequence(spelling).map(|s| s.rows),
                Some(6),
                "{spelling}"
            );
        }
        assert_eq!(published_sequence("A79137").unwrap().a_number, "A079137");
        assert!(published_sequence("A000045").is_none());
        assert!(published_sequence("A30628x").is_none());
        assert!(published_sequence("").is_none());
    }

    #[test]
    fn sequences_for_finds_each_strip() {
        let open = |rows| sequences_for(rows, TourKind::Open, Measure::Cols);
        let names =
            |v: Vec<&PublishedSequence>| v.iter().map(|s| s.a_number.clone()).collect::<Vec<_>>();
        assert_eq!(names(open(3)), ["A118067", "A169696"]);
        assert_eq!(names(open(7)), ["A306283"]);
        assert_eq!(
            names(sequences_for(7, TourKind::Closed, Measure::Cols)),
            ["A193054"]
        );
        assert_eq!(
            names(sequences_for(6, TourKind::Closed, Measure::Cells)),
            ["A383662"]
        );
        assert_eq!(
            names(sequences_for(3, TourKind::Open, Measure::Cells)),
            ["A389759"]
        );
        assert_eq!(names(open(0)), ["A165134", "A308131"]);
        assert!(open(9).is_empty());
    }

    #[test]
    fn conversions_round_trip() {
        for s in published_sequences() {
            for (n, term) in &s.terms {
                let ours = s.in_project_convention(*n, term);
                assert_eq!(&s.in_sequence_convention(*n, &ours), term, "{s} a({n})");
                let doubled = s.kind == TourKind::Open && !s.directed && s.cells_of(*n) > 1;
                let one_cell = s.kind == TourKind::Open && s.cells_of(*n) == 1;
                let expected = if doubled {
                    term * 2u32
                } else if one_cell {
                    BigUint::from(1u32)
                } else {
                    term.clone()
                };
                assert_eq!(ours, expected, "{s} a({n})");
            }
        }
        // A one-cell prefix: its single path counts 1 in either convention.
        let a389759 = published_sequence("A389759").unwrap();
        assert_eq!(
            a389759.in_project_convention(1, &BigUint::from(1u32)),
            BigUint::from(1u32)
        );
        // Closed tours stay undirected.
        let a175881 = published_sequence("A175881").unwrap();
        assert_eq!(
            a175881.in_project_convention(6, &a("A175881", 6)),
            BigUint::from(9862u32)
        );
    }

    #[test]
    fn measures_and_boards() {
        let a193054 = published_sequence("A193054").unwrap();
        assert_eq!(
            (a193054.measure_of(5), a193054.board_of(5)),
            (10, Some((7, 10)))
        );
        let a383662 = published_sequence("A383662").unwrap();
        assert_eq!((a383662.measure_of(11), a383662.board_of(11)), (22, None));
        assert_eq!(a383662.board_of(12), Some((6, 4)));
        let a165134 = published_sequence("A165134").unwrap();
        assert_eq!(
            (a165134.board_of(8), a165134.cells_of(8)),
            (Some((8, 8)), 64)
        );
    }

    /// The shipped copies agree wherever the OEIS says two entries count
    /// the same boards: a copying slip in either fails here.
    #[test]
    fn entries_that_share_boards_agree() {
        for n in 1..=28 {
            assert_eq!(a("A118067", n), a("A169696", n) * 2u32, "A118067 a({n})");
        }
        for n in 2..=8 {
            assert_eq!(a("A308131", n) * 2u32, a("A165134", n), "A308131 a({n})");
        }
        // 3×n closed: the even widths are A070030, the odd ones have none.
        for n in 1..=21 {
            assert_eq!(a("A169764", 2 * n), a("A070030", n), "A169764 a({})", 2 * n);
            assert_eq!(
                a("A169764", 2 * n - 1),
                BigUint::ZERO,
                "A169764 a({})",
                2 * n - 1
            );
        }
        // Knuth's prefixes of whole columns are the boards.
        let prefixes = [
            ("A389759", 3, "A169696"),
            ("A389754", 4, "A079137"),
            ("A389755", 5, "A083386"),
            ("A389756", 6, "A306281"),
            ("A389757", 7, "A306283"),
            ("A389758", 8, "A389760"),
            ("A383660", 3, "A070030"),
            ("A383661", 5, "A175855"),
            ("A383662", 3, "A175881"),
            ("A383663", 7, "A193054"),
            ("A383664", 4, "A193055"),
        ];
        let mut compared = 0;
        for (cells, k, boards) in prefixes {
            let prefix = published_sequence(cells).unwrap();
            for (n, term) in &published_sequence(boards).unwrap().terms {
                if let Some(whole) = prefix.term(k * n) {
                    assert_eq!(whole, term, "{cells} a({}) = {boards} a({n})", k * n);
                    compared += 1;
                }
            }
        }
        assert!(compared >= 60, "{compared}");
        // A k×n board read from either side, across the open sequences.
        let by_rows = [
            "A169696", "A079137", "A083386", "A306281", "A306283", "A389760",
        ];
        for (i, first) in by_rows.iter().enumerate() {
            for (j, second) in by_rows.iter().enumerate() {
                let (r, c) = (i + 3, j + 3);
                let (x, y) = (
                    published_sequence(first).unwrap().term(c),
                    published_sequence(second).unwrap().term(r),
                );
                if let (Some(x), Some(y)) = (x, y) {
                    assert_eq!(x, y, "{first} a({c}) = {second} a({r})");
                }
            }
        }
        // And across the closed ones: 6×8, 6×7, 6×5 and 8×7 from each side.
        assert_eq!(a("A175881", 8), a("A193055", 6));
        assert_eq!(a("A175881", 7), a("A193054", 3));
        assert_eq!(a("A175881", 5), a("A175855", 3));
        assert_eq!(a("A193055", 7), a("A193054", 4));
        // 3×n closed from the other side: 6×3 and 8×3.
        assert_eq!(a("A175881", 3), a("A169764", 6));
        assert_eq!(a("A193055", 3), a("A169764", 8));
    }

    /// Terms the reference notes and the single-board table also give.
    #[test]
    fn known_overlaps() {
        let a306281 = published_sequence("A306281").unwrap();
        assert_eq!(
            a306281
                .in_project_convention(6, &a("A306281", 6))
                .to_string(),
            "6637920"
        );
        assert_eq!(a("A175881", 6).to_string(), "9862");
        assert_eq!(a("A193055", 8).to_string(), "13267364410532");
        let a306283 = published_sequence("A306283").unwrap();
        assert_eq!(
            a306283
                .in_project_convention(9, &a("A306283", 9))
                .to_string(),
            "5806424327506000"
        );
        assert_eq!(
            a306283
                .in_project_convention(10, &a("A306283", 10))
                .to_string(),
            "2050482252041396476"
        );
    }
}
