//! Reading tours back, for `verify`: from the move list, the numbered
//! board or the JSON that [`crate::render`] and the command line print,
//! then a verdict by [`Tour::check`].
//!
//! Parsing only recovers a sequence of squares; whether it is a tour is
//! entirely [`Tour::check`]'s decision (through [`verdict`]). Errors here
//! are about text that does not describe a sequence of squares at all, and
//! name the line and token at fault.

use std::fmt;

use kt_board::{Board, MAX_SIDE, Square, Tour, TourError, TourKind, file_name, square_name};

/// Text that does not describe a sequence of squares.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", at_line(*.line, *.token, .message))]
pub struct ParseError {
    /// 1-based line of the fault, if it has one.
    pub line: Option<usize>,
    /// 1-based token within the line, if the fault is one token.
    pub token: Option<usize>,
    pub message: String,
}

impl ParseError {
    fn at(line: usize, token: usize, message: String) -> ParseError {
        ParseError {
            line: Some(line),
            token: Some(token),
            message,
        }
    }

    fn whole(message: String) -> ParseError {
        ParseError {
            line: None,
            token: None,
            message,
        }
    }
}

/// [`ParseError`]'s message, after the line and token it names.
fn at_line(line: Option<usize>, token: Option<usize>, message: &str) -> String {
    match (line, token) {
        (Some(line), Some(token)) => format!("line {line}, token {token}: {message}"),
        (Some(line), None) => format!("line {line}: {message}"),
        _ => message.to_string(),
    }
}

/// The most tours one input may hold: 10 million, the most `tour --all`
/// writes. Tours the program writes take at least 90 bytes each once they
/// number in the millions, so a file `verify` accepts (256 MiB at most)
/// never comes near this; tiny hostile tours (`a1` on a million lines)
/// would otherwise cost about 60 bytes of memory per byte of input.
pub const MAX_TOURS: usize = 10_000_000;

fn too_many_tours() -> String {
    format!("more than {MAX_TOURS} tours in one input (at most {MAX_TOURS} are read)")
}

/// The longest piece of the input an error message quotes: a file of one
/// ten-million-character token must not make a ten-megabyte message.
const QUOTE_MAX: usize = 40;

/// `token` as an error message quotes it: cut after [`QUOTE_MAX`]
/// characters, control characters escaped (`\u{1b}`), so that a quoted
/// token can neither make the message long nor drive the terminal.
fn quoted(token: &str) -> String {
    let mut cut = String::new();
    for c in token.chars().take(QUOTE_MAX) {
        if c.is_control() {
            cut.extend(c.escape_default());
        } else {
            cut.push(c);
        }
    }
    if token.chars().nth(QUOTE_MAX).is_some() {
        cut.push('…');
    }
    cut
}

/// The tokens of `text` with their 1-based line and token numbers; tokens
/// are separated by whitespace or commas.
fn tokens(text: &str) -> impl Iterator<Item = (usize, usize, &str)> {
    tokens_from(text, 0)
}

/// [`tokens`] of a piece of a larger input that starts after its
/// `lines_before` lines, numbered as lines of the whole input.
fn tokens_from(text: &str, lines_before: usize) -> impl Iterator<Item = (usize, usize, &str)> {
    text.lines().enumerate().flat_map(move |(l, line)| {
        line.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .enumerate()
            .map(move |(t, token)| (lines_before + l + 1, t + 1, token))
    })
}

/// A move list such as `a3 c2 a1 …` (whitespace or commas between squares,
/// any number of lines). The board is inferred from the squares named: as
/// many rows as the highest rank and as many columns as the highest file,
/// which is the board itself when the list is a tour. The returned tour is
/// marked open; [`verdict`] tells whether it is in fact closed.
pub fn parse_moves(text: &str) -> Result<Tour, ParseError> {
    parse_moves_from(text, 0, None)
}

/// [`parse_moves`] of a piece that starts after `lines_before` lines of a
/// larger input, its errors numbered as lines of the whole input; on
/// `board` where one is named, instead of the board the squares imply.
fn parse_moves_from(
    text: &str,
    lines_before: usize,
    board: Option<Board>,
) -> Result<Tour, ParseError> {
    let mut named: Vec<(usize, usize)> = Vec::new();
    for (line, token, text) in tokens_from(text, lines_before) {
        named.push(split_square(text).ok_or_else(|| {
            ParseError::at(
                line,
                token,
                format!(
                    "'{}' is not a square name (a file letter and a rank number, e.g. a1)",
                    quoted(text)
                ),
            )
        })?);
    }
    if named.is_empty() {
        return Err(ParseError::whole(
            "no squares found: expected moves such as 'a1 b3 c5'".into(),
        ));
    }
    let rows = named.iter().map(|&(_, rank)| rank).max().unwrap_or(1);
    let cols = named.iter().map(|&(col, _)| col + 1).max().unwrap_or(1);
    let board = match board {
        Some(board) if rows > board.rows() || cols > board.cols() => {
            return Err(ParseError::whole(format!(
                "the squares named reach rank {rows} and file {}, beyond the {board} board",
                file_name(cols - 1)
            )));
        }
        Some(board) => board,
        None => Board::new(rows, cols).map_err(|e| {
            ParseError::whole(format!(
                "the squares named imply a {rows}x{cols} board (up to rank {rows}, file {}): {e}",
                file_name(cols - 1)
            ))
        })?,
    };
    let rows = board.rows();
    let squares = named
        .into_iter()
        .map(|(col, rank)| board.square_at(rows - rank, col))
        .collect();
    Ok(Tour::new(board, TourKind::Open, squares))
}

/// `(column, rank)` of a name like `ab12` (files as in
/// [`kt_board::file_name`]), or `None` if it is not one. Ranks start at 1.
fn split_square(text: &str) -> Option<(usize, usize)> {
    let split = text.find(|c: char| !c.is_ascii_alphabetic())?;
    let (letters, digits) = text.split_at(split);
    if letters.is_empty() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut col: usize = 0;
    for b in letters.bytes() {
        let letter = (b.to_ascii_lowercase() - b'a') as usize + 1;
        col = col.checked_mul(26)?.checked_add(letter)?;
    }
    let rank: usize = digits.parse().ok()?;
    (rank > 0).then_some((col - 1, rank))
}

/// A numbered board as [`crate::render::render_board`] prints it: one line
/// per row, top row first, the step number of each square separated by
/// whitespace (or commas). Numbers are 1-based, or 0-based if the smallest
/// is 0. Blank lines are ignored. Every step must appear exactly once.
pub fn parse_board(text: &str) -> Result<Tour, ParseError> {
    parse_board_from(text, 0)
}

/// [`parse_board`] of a board that starts after `lines_before` lines of a
/// larger input, its errors numbered as lines of the whole input.
fn parse_board_from(text: &str, lines_before: usize) -> Result<Tour, ParseError> {
    let mut grid: Vec<(usize, Vec<(usize, u64)>)> = Vec::new();
    let mut current_line = 0;
    for (line, token, text) in tokens_from(text, lines_before) {
        let value: u64 = text.parse().map_err(|_| {
            ParseError::at(
                line,
                token,
                format!(
                    "'{}' is not a step number (a non-negative integer)",
                    quoted(text)
                ),
            )
        })?;
        if line != current_line {
            grid.push((line, Vec::new()));
            current_line = line;
        }
        if let Some((_, row)) = grid.last_mut() {
            row.push((token, value));
            // Stop at the first number past the largest board, before a
            // hostile row of a hundred million numbers fills memory.
            if row.len() > MAX_SIDE || grid.len() > MAX_SIDE {
                return Err(ParseError::at(
                    line,
                    token,
                    format!(
                        "the numbers form a board beyond {MAX_SIDE} rows or columns, the largest allowed"
                    ),
                ));
            }
        }
    }
    let Some((_, first)) = grid.first() else {
        return Err(ParseError::whole(
            "no numbers found: expected one row of step numbers per line".into(),
        ));
    };
    let cols = first.len();
    for (line, row) in &grid {
        if row.len() != cols {
            return Err(ParseError {
                line: Some(*line),
                token: None,
                message: format!(
                    "this row has {} numbers but the first row has {cols}",
                    row.len()
                ),
            });
        }
    }
    let board = Board::new(grid.len(), cols).map_err(|e| {
        ParseError::whole(format!("the numbers form a board that is not allowed: {e}"))
    })?;
    let cells = board.cells();
    let base = grid
        .iter()
        .flat_map(|(_, row)| row.iter().map(|&(_, v)| v))
        .min()
        .map_or(1, |min| u64::from(min != 0));
    let mut square_of_step: Vec<Option<Square>> = vec![None; cells];
    for (r, (line, row)) in grid.iter().enumerate() {
        for (c, &(token, value)) in row.iter().enumerate() {
            let s = board.square_at(r, c);
            let step = value
                .checked_sub(base)
                .filter(|&t| t < cells as u64)
                .ok_or_else(|| {
                    ParseError::at(
                        *line,
                        token,
                        format!(
                            "step {value} is out of range: steps run from {base} to {}",
                            cells as u64 - 1 + base
                        ),
                    )
                })? as usize;
            if let Some(other) = square_of_step[step] {
                return Err(ParseError::at(
                    *line,
                    token,
                    format!(
                        "step {value} appears twice, on {} and on {}",
                        square_name(&board, other),
                        square_name(&board, s)
                    ),
                ));
            }
            square_of_step[step] = Some(s);
        }
    }
    // Every value is in range and none repeats, so none is missing.
    let squares = square_of_step.into_iter().flatten().collect();
    Ok(Tour::new(board, TourKind::Open, squares))
}

/// Either format: a numbered board if the first token starts with a digit,
/// a move list otherwise.
pub fn parse_tour(text: &str) -> Result<Tour, ParseError> {
    match tokens(text).next() {
        Some((_, _, first)) if first.starts_with(|c: char| c.is_ascii_digit()) => parse_board(text),
        _ => parse_moves(text),
    }
}

/// Every tour in `text`, in any format the project writes:
///
/// * **JSON**: the document `tour --json` writes (an object with a
///   `tours` array) or the one `find --json` writes (one tour);
///   each tour is read from its `squares`, on the board its `rows` and
///   `cols` give;
/// * **numbered boards**: one or more, separated by blank lines, each
///   optionally under a heading line such as `open tour #1 of 16 on 3x4
///   (index 0)` (any line that does not start with a number);
/// * **move lists**: one tour per line when the first line alone names
///   as many squares as the board it implies has, otherwise the whole
///   text as one tour (a long list wrapped over several lines).
pub fn parse_tours(text: &str) -> Result<Vec<Tour>, ParseError> {
    parse_tours_on(text, None)
}

/// [`parse_tours`], the tours on `board` where one is named: move lists
/// are read on it (a list of algebraic squares says nothing of the squares
/// it does not name, so `a1 b3 c5` alone implies 5x3), and a numbered
/// board or a JSON tour on another board is an error.
pub fn parse_tours_on(text: &str, board: Option<Board>) -> Result<Vec<Tour>, ParseError> {
    let tours = parse_any(text, board)?;
    if let Some(board) = board
        && let Some((i, tour)) = tours.iter().enumerate().find(|(_, t)| t.board != board)
    {
        return Err(ParseError::whole(format!(
            "tour {} is on a {} board, not on {board}",
            i + 1,
            tour.board
        )));
    }
    Ok(tours)
}

/// The tours of `text` in whichever format it is.
fn parse_any(text: &str, board: Option<Board>) -> Result<Vec<Tour>, ParseError> {
    // A byte-order mark, as some Windows editors save UTF-8, is no part of
    // the tour.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        let cut = &text[..text.len() - trimmed.len()];
        return parse_json(trimmed, cut.matches('\n').count());
    }
    let Some((_, _, first)) = tokens(text).next() else {
        return Err(ParseError::whole(
            "no tour found: the input is empty".into(),
        ));
    };
    let heading = first.eq_ignore_ascii_case("open") || first.eq_ignore_ascii_case("closed");
    if heading || first.starts_with(|c: char| c.is_ascii_digit()) {
        return parse_boards(text);
    }
    // Non-blank lines with the number of lines before each.
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if lines.len() > 1
        && let Ok(first) = parse_moves_from(lines[0].1, 0, board)
        && first.squares.len() == first.board.cells()
    {
        if lines.len() > MAX_TOURS {
            return Err(ParseError::whole(too_many_tours()));
        }
        return lines
            .iter()
            .map(|&(before, line)| parse_moves_from(line, before, board))
            .collect();
    }
    parse_moves_from(text, 0, board).map(|tour| vec![tour])
}

/// Numbered boards separated by blank lines, headings skipped.
///
/// Each board is parsed from its own lines only, numbered as lines of the
/// whole input: the work is linear in the input, however many boards it
/// holds (a file of a million 1×1 boards is read in well under a second).
fn parse_boards(text: &str) -> Result<Vec<Tour>, ParseError> {
    /// The board gathered so far: its lines, and how many lines of the
    /// input come before them.
    struct Block {
        text: String,
        lines_before: usize,
    }
    fn flush(block: &mut Block, next_line: usize, tours: &mut Vec<Tour>) -> Result<(), ParseError> {
        if !block.text.trim().is_empty() {
            if tours.len() == MAX_TOURS {
                return Err(ParseError::whole(too_many_tours()));
            }
            tours.push(parse_board_from(&block.text, block.lines_before)?);
        }
        block.text.clear();
        block.lines_before = next_line;
        Ok(())
    }
    let mut tours = Vec::new();
    let mut block = Block {
        text: String::new(),
        lines_before: 0,
    };
    for (l, line) in text.lines().enumerate() {
        let starts_with_number = line
            .split_whitespace()
            .next()
            .is_some_and(|token| token.starts_with(|c: char| c.is_ascii_digit()));
        if starts_with_number {
            block.text.push_str(line);
            block.text.push('\n');
        } else {
            // A blank line, or a heading: the start of the next board.
            flush(&mut block, l + 1, &mut tours)?;
        }
    }
    flush(&mut block, 0, &mut tours)?;
    if tours.is_empty() {
        return Err(ParseError::whole(
            "no numbers found: expected one row of step numbers per line".into(),
        ));
    }
    Ok(tours)
}

/// One tour as the JSON views carry it.
#[derive(serde::Deserialize)]
struct JsonTour {
    rows: Option<usize>,
    cols: Option<usize>,
    squares: Vec<usize>,
    /// The same tour in algebraic names, as the views write it beside
    /// `squares`: when given, it must name the same squares (a document
    /// whose two descriptions disagree is not one tour).
    moves: Option<Vec<String>>,
}

/// Either JSON document: `tour --json` (a `tours` array, the board
/// size at the top) or `find --json` (one tour). It is read
/// straight into these fields, never into a generic JSON value, which
/// would take tens of bytes of memory per byte of input.
#[derive(serde::Deserialize)]
struct JsonDoc {
    rows: Option<usize>,
    cols: Option<usize>,
    #[serde(default, deserialize_with = "at_most_max_tours")]
    tours: Option<Vec<JsonTour>>,
    squares: Option<Vec<usize>>,
    moves: Option<Vec<String>>,
}

/// A `tours` array, refused as soon as it holds more than [`MAX_TOURS`].
fn at_most_max_tours<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Vec<JsonTour>>, D::Error> {
    struct Capped;
    impl<'de> serde::de::Visitor<'de> for Capped {
        type Value = Vec<JsonTour>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "an array of at most {MAX_TOURS} tours")
        }

        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Self::Value, A::Error> {
            let mut tours = Vec::new();
            while let Some(tour) = seq.next_element()? {
                if tours.len() == MAX_TOURS {
                    return Err(serde::de::Error::custom(too_many_tours()));
                }
                tours.push(tour);
            }
            Ok(tours)
        }
    }
    deserializer.deserialize_seq(Capped).map(Some)
}

/// `text` is the input with `lines_before` lines of white space cut from
/// its start; errors are numbered as lines of the whole input.
fn parse_json(text: &str, lines_before: usize) -> Result<Vec<Tour>, ParseError> {
    let bad = |e: serde_json::Error| {
        // serde_json ends its message with its own place, counted in the
        // trimmed text; the error names the line of the whole input.
        let text = e.to_string();
        let message = text
            .rfind(" at line ")
            .map_or(text.as_str(), |at| &text[..at]);
        let message = if e.line() == 0 {
            format!("not a tour document: {message}")
        } else {
            format!("not a tour document: {message} (column {})", e.column())
        };
        ParseError {
            line: (e.line() > 0).then_some(lines_before + e.line()),
            token: None,
            message,
        }
    };
    let doc: JsonDoc = serde_json::from_str(text).map_err(bad)?;
    let (outer, tours) = match (doc.tours, doc.squares) {
        (Some(tours), _) if tours.is_empty() => {
            return Err(ParseError::whole(
                "no tour found: the `tours` array is empty".into(),
            ));
        }
        (Some(tours), _) => ((doc.rows, doc.cols), tours),
        (None, Some(squares)) => (
            (None, None),
            vec![JsonTour {
                rows: doc.rows,
                cols: doc.cols,
                squares,
                moves: doc.moves,
            }],
        ),
        (None, None) => {
            return Err(ParseError::whole(
                "not a tour document: it has neither `tours` (as `tour --json` writes) nor `squares` (as `find --json` writes)".into(),
            ));
        }
    };
    tours
        .into_iter()
        .enumerate()
        .map(|(i, t)| {
            let (Some(rows), Some(cols)) = (t.rows.or(outer.0), t.cols.or(outer.1)) else {
                return Err(ParseError::whole(format!(
                    "tour {} names no board size (rows and cols)",
                    i + 1
                )));
            };
            let board = Board::new(rows, cols)
                .map_err(|e| ParseError::whole(format!("tour {}: {e}", i + 1)))?;
            if let Some(moves) = &t.moves {
                check_moves(&board, &t.squares, moves)
                    .map_err(|why| ParseError::whole(format!("tour {}: {why}", i + 1)))?;
            }
            Ok(Tour::new(board, TourKind::Open, t.squares))
        })
        .collect()
}

/// Checks that `moves` names `squares`, one for one (a square off the
/// board is checked by the verdict, whatever its name).
fn check_moves(board: &Board, squares: &[usize], moves: &[String]) -> Result<(), String> {
    if moves.len() != squares.len() {
        return Err(format!(
            "its moves list {} squares and its squares {}: they must be the same tour",
            moves.len(),
            squares.len()
        ));
    }
    for (k, (&square, name)) in squares.iter().zip(moves).enumerate() {
        if square < board.cells() && square_name(board, square) != *name {
            return Err(format!(
                "move {} is {} in `moves` but square {square} ({}) in `squares`: they must be the same tour",
                k + 1,
                quoted(name),
                square_name(board, square)
            ));
        }
    }
    Ok(())
}

/// What [`verdict`] decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A tour whose last square is a knight's move from its first.
    Closed,
    /// A tour that is not closed.
    Open,
    /// Not a tour, and the first thing wrong with it.
    Invalid(TourError),
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Closed => f.write_str("valid closed tour"),
            Verdict::Open => f.write_str("valid open tour (not closed)"),
            Verdict::Invalid(e) => write!(f, "invalid: {e}"),
        }
    }
}

/// Whether `tour` is a valid tour, and if so whether it is closed, by
/// [`Tour::check`]. The tour's own `kind` is ignored: a valid tour whose
/// ends are a knight's move apart (on a board of at least 3 squares) is
/// closed, whatever it was called.
pub fn verdict(tour: &Tour) -> Verdict {
    let as_open = Tour::new(tour.board, TourKind::Open, tour.squares.clone());
    if let Err(e) = as_open.check() {
        return Verdict::Invalid(e);
    }
    let as_closed = Tour::new(tour.board, TourKind::Closed, tour.squares.clone());
    match as_closed.check() {
        Ok(()) => Verdict::Closed,
        Err(_) => Verdict::Open,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::find::default_tour;
    use crate::render::{render_board, render_moves};
    use proptest::prelude::*;

    #[test]
    fn round_trips_both_formats() {
        for (rows, cols, kind) in [
            (1, 1, TourKind::Open),
            (3, 4, TourKind::Open),
            (5, 5, TourKind::Open),
            (6, 6, TourKind::Closed),
            (3, 30, TourKind::Open),
            (30, 27, TourKind::Closed),
        ] {
            let t = default_tour(rows, cols, kind);
            for parsed in [
                parse_moves(&render_moves(&t)),
                parse_board(&render_board(&t)),
            ] {
                let parsed = parsed.unwrap();
                assert_eq!(parsed.board, t.board);
                assert_eq!(parsed.squares, t.squares);
            }
            assert_eq!(parse_tour(&render_moves(&t)).unwrap().squares, t.squares);
            assert_eq!(parse_tour(&render_board(&t)).unwrap().squares, t.squares);
        }
    }

    #[test]
    fn verdicts() {
        assert_eq!(
            verdict(&default_tour(6, 6, TourKind::Closed)),
            Verdict::Closed
        );
        assert_eq!(
            verdict(&default_tour(5, 5, TourKind::Open)).to_string(),
            "valid open tour (not closed)"
        );
        assert_eq!(verdict(&default_tour(1, 1, TourKind::Open)), Verdict::Open);
        assert_eq!(Verdict::Closed.to_string(), "valid closed tour");
        let bad = parse_moves("a1 b3 c1").unwrap();
        let v = verdict(&bad);
        assert!(v.to_string().starts_with("invalid: "), "{v}");
    }

    #[test]
    fn accepts_zero_based_boards() {
        let t = parse_board(" 0  3  6  9\n 7 10  1  4\n 2  5  8 11\n").unwrap();
        assert_eq!(t.squares, vec![0, 6, 8, 1, 7, 9, 2, 4, 10, 3, 5, 11]);
        assert_eq!(verdict(&t), Verdict::Open);
    }

    #[test]
    fn reports_malformed_input_with_its_place() {
        let cases = [
            (parse_moves("a1 b3\nc5 x"), "line 2, token 2"),
            (parse_moves("a1 b0"), "line 1, token 2"),
            (parse_moves(""), "no squares"),
            (parse_board("1 2\n3 x"), "line 2, token 2"),
            (parse_board("1 2\n3 4 5"), "line 2:"),
            (
                parse_board("1 2\n3 9"),
                "line 2, token 2: step 9 is out of range",
            ),
            (
                parse_board("1 2\n2 3"),
                "line 2, token 1: step 2 appears twice",
            ),
            (parse_board("   \n"), "no numbers"),
            (parse_moves("zzzz1"), "too large"),
            (
                parse_moves("a1 \u{1b}[31mred"),
                "'\\u{1b}[31mred' is not a square name",
            ),
            (
                parse_moves(&"x".repeat(100)),
                &format!("'{}…' is not", "x".repeat(40)),
            ),
        ];
        for (result, expected) in cases {
            let e = result.unwrap_err().to_string();
            assert!(e.contains(expected), "{e:?} should contain {expected:?}");
            assert!(!e.contains('\n'));
        }
    }

    #[test]
    fn errors_in_later_tours_name_their_line_in_the_whole_input() {
        // Boards under headings: the fault is on line 6 of the input.
        let boards = "open tour #1\n 1  4  7 10\n 8 11  2  5\n 3  6  9 12\n\nopen tour #2\n1 2 x\n";
        let e = parse_tours(boards).unwrap_err().to_string();
        assert!(e.starts_with("line 7, token 3:"), "{e}");
        // One move list per line, a blank line between: the fault is on line 4.
        let t = render_moves(&default_tour(3, 4, TourKind::Open));
        let moves = format!("{t}\n{t}\n\n{t} zz\n");
        let e = parse_tours(&moves).unwrap_err().to_string();
        assert!(e.starts_with("line 4, token 13:"), "{e}");
    }

    #[test]
    fn json_documents_of_both_kinds_and_their_errors() {
        let t = default_tour(3, 4, TourKind::Open);
        let one = serde_json::to_string(&crate::TourView::from(&t)).unwrap();
        assert_eq!(parse_tours(&one).unwrap()[0].squares, t.squares);
        let doc = format!("{{\"rows\": 3, \"cols\": 4, \"tours\": [{one}, {one}]}}");
        assert_eq!(parse_tours(&doc).unwrap().len(), 2);
        for (text, expected) in [
            (
                "\n\n{\"rows\": 3,\n\"cols\" 4}",
                "line 4: not a tour document: expected `:` (column 8)",
            ),
            ("{\"rows\": 3, \"cols\": 4, \"tours\": []}", "no tour found"),
            ("{\"rows\": 3}", "neither `tours`"),
            (
                "{\"tours\": [{\"squares\": [0]}]}",
                "tour 1 names no board size",
            ),
            (
                "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
                "not a tour document",
            ),
        ] {
            let e = parse_tours(text).unwrap_err().to_string();
            assert!(e.contains(expected), "{e:?} should contain {expected:?}");
            assert!(!e.contains('\n'));
        }
        // `moves` that are not the tour of `squares`: refused, named.
        let view = crate::TourView::from(&t);
        let mut swapped = view.clone();
        swapped.moves.swap(0, 1);
        let e = parse_tours(&serde_json::to_string(&swapped).unwrap())
            .unwrap_err()
            .to_string();
        assert!(e.contains("move 1 is"), "{e}");
        let mut short = view.clone();
        short.moves.pop();
        assert!(parse_tours(&serde_json::to_string(&short).unwrap()).is_err());
        // A byte-order mark before a document or a move list is skipped.
        assert_eq!(
            parse_tours(&format!("\u{feff}{one}")).unwrap()[0].squares,
            t.squares
        );
    }

    #[test]
    fn many_small_boards_parse_in_linear_time() {
        // 300,000 1x1 boards: reading them once each is instant; re-reading
        // the lines before each board (as this parser once did) takes hours.
        let text = "1\n\n".repeat(300_000);
        let started = std::time::Instant::now();
        let tours = parse_tours(&text).unwrap();
        assert_eq!(tours.len(), 300_000);
        assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
        let headed = "open tour\n1\n".repeat(100_000);
        assert_eq!(parse_tours(&headed).unwrap().len(), 100_000);
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(text in "[a-c0-9 ,\n-]{0,40}|\\PC{0,40}") {
            for tour in [parse_moves(&text), parse_board(&text), parse_tour(&text)].into_iter().flatten() {
                let _ = verdict(&tour);
            }
        }

        #[test]
        fn moves_round_trip_any_sequence(squares in proptest::collection::vec(0usize..20, 1..30)) {
            // Any sequence on a 4×5 board that names the top rank and the
            // last file round-trips through the move list.
            let board = Board::new(4, 5).unwrap();
            let mut squares = squares;
            squares.push(board.square_at(0, 4));
            let t = Tour::new(board, TourKind::Open, squares.clone());
            let back = parse_moves(&render_moves(&t)).unwrap();
            prop_assert_eq!(back.board, board);
            prop_assert_eq!(back.squares, squares);
        }
    }

    #[test]
    fn a_named_board_is_the_board_of_a_move_list() {
        // Alone, `a1 b3 c5` implies 5x3; on 5x5 it is three squares of 25.
        assert_eq!(
            parse_tours("a1 b3 c5").unwrap()[0].board,
            Board::new(5, 3).unwrap()
        );
        let five = Board::new(5, 5).unwrap();
        let on = parse_tours_on("a1 b3 c5", Some(five)).unwrap();
        assert_eq!(on[0].board, five);
        assert!(matches!(verdict(&on[0]), Verdict::Invalid(_)));
        assert_eq!(on[0].squares, vec![20, 11, 2]);
        let beyond = parse_tours_on("a1 b3 c5", Some(Board::new(4, 4).unwrap()))
            .unwrap_err()
            .to_string();
        assert!(beyond.contains("beyond the 4x4 board"), "{beyond}");
        let numbered = "1 4 7 10\n8 11 2 5\n3 6 9 12\n";
        assert!(parse_tours_on(numbered, Some(Board::new(3, 4).unwrap())).is_ok());
        let other = parse_tours_on(numbered, Some(five))
            .unwrap_err()
            .to_string();
        assert!(other.contains("on a 3x4 board, not on 5x5"), "{other}");
    }
}
