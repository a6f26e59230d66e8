//! The vertex order: which square the sweep takes at each step.
//!
//! A frontier sweep's cost is the number of distinct states of its levels,
//! and that grows about exponentially with the frontier's width: the
//! squares taken so far that still miss edges, and the later squares they
//! reach. The order decides that width at every step. Column by column
//! (the sweep's first order) keeps the knight's frontier at `2·short + 1`
//! squares for most of the sweep; orders found by search hold the same
//! boards in 3–44 times fewer states (`docs/frontier.md`, *The vertex
//! order*), because they let the frontier fall early (8×8: the left half
//! by columns, then the last two columns, so the frontier falls from step
//! 35 on) or keep it one square narrower at its widest.
//!
//! An [`Order`] is a numbering table in front of the sweep: step `m` takes
//! square `squares[m]`. The transitions, the room check and the colour
//! check are per-step data that [`crate::Sweep`] computes from it, so the
//! rest of the method never sees the order. What a key means depends on
//! it, so everything persisted names the order by its
//! [fingerprint](Order::fingerprint) (checkpoints through the sweep's own
//! fingerprint, which covers every step's square).
//!
//! **Where an order comes from** ([`OrderChoice`]):
//! * `columns`: along the longer side, a short line at a time;
//! * `auto` (the default): the order shipped for the board
//!   ([`shipped`], measured), else one searched for it ([`search`]) on a
//!   deterministic budget — the same board gets the same order on every
//!   run, so a checkpoint written with `auto` resumes with `auto`;
//! * a file: a board of step numbers (see [`Order::parse`]), as
//!   `knights-tour order` prints it.

pub mod profile;
pub mod search;
pub mod shipped;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Mutex, PoisonError};

use kt_board::{Board, Square, Symmetry, TourKind};

pub use profile::Profile;

/// The longest order file read, in bytes: a board of step numbers of the
/// widest board any frontier holds is a few kilobytes; this cap keeps a
/// mistaken path (a device, a huge file) from filling memory.
pub const MAX_ORDER_FILE_BYTES: u64 = 1 << 20;

/// Where an order came from, for reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Column by column along the longer side.
    Columns,
    /// The table of orders shipped with the program.
    Shipped,
    /// Found by [`search`] for this run (`evaluations` orders scored).
    Searched { evaluations: u64 },
    /// Given by the caller (a file, or a program).
    Given,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Columns => f.write_str("columns"),
            Origin::Shipped => f.write_str("shipped"),
            Origin::Searched { .. } => f.write_str("searched"),
            Origin::Given => f.write_str("given"),
        }
    }
}

/// The order in which a sweep takes a board's squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    board: Board,
    /// Step → square.
    squares: Vec<Square>,
    origin: Origin,
}

/// Why an order was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    /// The text is not a board of whole numbers.
    #[error("{0}")]
    Malformed(String),
    /// The numbers are not one step per square, each once.
    #[error("{0}")]
    NotAPermutation(String),
    /// The order is of another board.
    #[error("it is an order of the {order} board, not of {board}")]
    OtherBoard { order: Board, board: Board },
}

impl Order {
    /// Column by column along the longer side (row by row on a board with
    /// more rows than columns): the sweep's first order, whose frontier
    /// never passes `2·short + 1` squares.
    pub fn columns(board: Board) -> Order {
        let column_major = board.rows() <= board.cols();
        let squares = (0..board.cells())
            .map(|v| {
                if column_major {
                    board.square_at(v % board.rows(), v / board.rows())
                } else {
                    board.square_at(v / board.cols(), v % board.cols())
                }
            })
            .collect();
        Order {
            board,
            squares,
            origin: Origin::Columns,
        }
    }

    /// Column by column, the top row first, whatever the board's shape:
    /// the order in which Knuth numbers a strip's cells, so that its first
    /// `m` squares are the "first `m` cells" of his sequences and every
    /// column boundary is a board `rows × n` ([`crate::Sweep::prefixes`]).
    pub fn column_major(board: Board) -> Order {
        let squares = (0..board.cells())
            .map(|v| board.square_at(v % board.rows(), v / board.rows()))
            .collect();
        Order {
            board,
            squares,
            origin: if board.rows() <= board.cols() {
                Origin::Columns
            } else {
                Origin::Given
            },
        }
    }

    /// The order that takes `squares[m]` at step `m`; refused unless it is
    /// every square of `board` once.
    pub fn from_squares(board: Board, squares: Vec<Square>) -> Result<Order, OrderError> {
        let cells = board.cells();
        if squares.len() != cells {
            return Err(OrderError::NotAPermutation(format!(
                "{} steps for the {cells} squares of {board}",
                squares.len()
            )));
        }
        let mut seen = vec![false; cells];
        for &s in &squares {
            if s >= cells || std::mem::replace(&mut seen[s], true) {
                return Err(OrderError::NotAPermutation(format!(
                    "square {s} is {} in an order of {board}",
                    if s >= cells {
                        "off the board"
                    } else {
                        "taken twice"
                    }
                )));
            }
        }
        Ok(Order {
            board,
            squares,
            origin: Origin::Given,
        })
    }

    /// Reads a board of step numbers: one line of the board per line (or
    /// lines separated by `/`), the step at which each square is taken,
    /// from 0, separated by spaces; `#` starts a comment. This is what
    /// [`Order::to_text`] writes and `knights-tour order` prints. The
    /// board's shape is read from the text; [`Order::parse_for`] also
    /// checks it against a board.
    pub fn parse(text: &str) -> Result<Order, OrderError> {
        let mut rows: Vec<Vec<usize>> = Vec::new();
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("");
            for part in line.split('/') {
                let numbers: Vec<&str> = part.split_whitespace().collect();
                if numbers.is_empty() {
                    continue;
                }
                let row = numbers
                    .iter()
                    .map(|n| {
                        n.parse::<usize>().map_err(|_| {
                            OrderError::Malformed(format!(
                                "'{}' is not a step number (an order is a board of whole numbers from 0)",
                                n.chars().take(20).collect::<String>()
                            ))
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                rows.push(row);
            }
        }
        let Some(first) = rows.first() else {
            return Err(OrderError::Malformed(
                "no step numbers: an order is a board of the steps at which the squares are taken"
                    .into(),
            ));
        };
        let cols = first.len();
        if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != cols) {
            return Err(OrderError::Malformed(format!(
                "line {} of the board has {} steps, line 1 has {cols}",
                i + 1,
                row.len()
            )));
        }
        let board = Board::new(rows.len(), cols)
            .map_err(|e| OrderError::Malformed(format!("the order's board: {e}")))?;
        let cells = board.cells();
        let mut squares = vec![usize::MAX; cells];
        for (r, row) in rows.iter().enumerate() {
            for (c, &step) in row.iter().enumerate() {
                if step >= cells {
                    return Err(OrderError::NotAPermutation(format!(
                        "step {step} on a board of {cells} squares (steps go from 0 to {})",
                        cells - 1
                    )));
                }
                if squares[step] != usize::MAX {
                    return Err(OrderError::NotAPermutation(format!(
                        "step {step} is given to two squares"
                    )));
                }
                squares[step] = board.square_at(r, c);
            }
        }
        Order::from_squares(board, squares)
    }

    /// [`Order::parse`], refused unless the order is of `board`.
    pub fn parse_for(text: &str, board: Board) -> Result<Order, OrderError> {
        let order = Order::parse(text)?;
        if order.board == board {
            Ok(order)
        } else {
            Err(OrderError::OtherBoard {
                order: order.board,
                board,
            })
        }
    }

    /// The board of step numbers, a line of the board per line, the
    /// numbers right-aligned.
    pub fn to_text(&self) -> String {
        let steps = self.steps_by_square();
        let digits = (self.board.cells().max(2) - 1).to_string().len();
        let mut text = String::new();
        for r in 0..self.board.rows() {
            let line: Vec<String> = (0..self.board.cols())
                .map(|c| format!("{:>digits$}", steps[self.board.square_at(r, c)]))
                .collect();
            text.push_str(&line.join(" "));
            text.push('\n');
        }
        text
    }

    /// The same order on one line, rows separated by ` / `, as
    /// `docs/frontier.md` and the shipped table write it.
    pub fn to_line(&self) -> String {
        self.to_text()
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join(" / ")
    }

    /// The step at which each square is taken.
    pub fn steps_by_square(&self) -> Vec<usize> {
        let mut steps = vec![0; self.squares.len()];
        for (m, &s) in self.squares.iter().enumerate() {
            steps[s] = m;
        }
        steps
    }

    /// The image of `square` under the board's symmetries that this order
    /// takes first.
    ///
    /// Why: the tours from a square are as many as from each of its
    /// images, and a sweep restricted to tours from one square is
    /// restricted only from the step that takes it: the levels before are
    /// the unrestricted sweep's. The earlier the start, the narrower the
    /// sweep. On 8×8 open, from d5 (the 37th step of the shipped order)
    /// the widest level holds the whole sweep's 2.07 G states; from c6
    /// (the 21st) 0.80 G. On 6×6 open the four corners read 68.7 k to
    /// 139 k states, the two taken first the fewest (`docs/by-start.md`).
    pub fn first_image(&self, square: Square) -> Square {
        let steps = self.steps_by_square();
        Symmetry::group(&self.board)
            .into_iter()
            .map(|g| g.apply(&self.board, square))
            .min_by_key(|&s| (steps[s], s))
            .unwrap_or(square)
    }

    pub fn board(&self) -> Board {
        self.board
    }

    /// Step → square.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The same order, said to come from `origin`.
    #[must_use]
    pub fn with_origin(mut self, origin: Origin) -> Order {
        self.origin = origin;
        self
    }

    /// The order of the transposed board that takes the same squares,
    /// turned, at the same steps: an order found for 8×7 serves 7×8.
    #[must_use]
    pub fn transposed(&self) -> Order {
        Order {
            board: self.board.transposed(),
            squares: self
                .squares
                .iter()
                .map(|&s| self.board.transpose_square(s))
                .collect(),
            origin: self.origin.clone(),
        }
    }

    /// The squares' frontier widths step by step ([`Profile`]).
    pub fn profile(&self) -> Profile {
        Profile::of(self.board, &self.squares)
    }

    /// The most slots a sweep of `kind` tours in this order has (one more
    /// than the squares for the apex of open tours): what decides whether
    /// a state fits a `u64` key, and whether the method can run at all.
    pub fn width(&self, kind: TourKind) -> usize {
        self.profile().widest() + usize::from(kind == TourKind::Open)
    }

    /// A fingerprint of the board and the squares in order (CRC-32): the
    /// order's name in reports, checkpoints, parts and cluster hellos.
    pub fn fingerprint(&self) -> u32 {
        let mut hash = crc32fast::Hasher::new();
        hash.update(&(self.board.rows() as u64).to_le_bytes());
        hash.update(&(self.board.cols() as u64).to_le_bytes());
        for &s in &self.squares {
            hash.update(&(s as u64).to_le_bytes());
        }
        hash.finalize()
    }
}

/// Which order a count asks for; resolved for a board by
/// [`OrderChoice::resolve`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum OrderChoice {
    /// The shipped order of the board, else one searched for it.
    #[default]
    Auto,
    /// Column by column along the longer side.
    Columns,
    /// This order (refused for another board).
    Given(Order),
}

impl OrderChoice {
    /// The order for `board` (the same for open and closed tours).
    pub fn resolve(&self, board: Board) -> Result<Order, OrderError> {
        match self {
            OrderChoice::Auto => Ok(auto(board)),
            OrderChoice::Columns => Ok(Order::columns(board)),
            OrderChoice::Given(order) if order.board == board => Ok(order.clone()),
            OrderChoice::Given(order) => Err(OrderError::OtherBoard {
                order: order.board,
                board,
            }),
        }
    }

    /// The choice's name in messages: `auto`, `columns`, or `given`.
    pub fn name(&self) -> &'static str {
        match self {
            OrderChoice::Auto => "auto",
            OrderChoice::Columns => "columns",
            OrderChoice::Given(_) => "given",
        }
    }
}

/// The order `auto` takes for `board`: the shipped one, else one searched
/// for it on [`search::Budget::auto`] (the columns if the search finds
/// nothing better by its score); boards of fewer than 20 or more than 128
/// squares without a shipped order get the columns.
///
/// A searched order is kept for the life of the process: a count by
/// endpoint pairs or by start square asks for the same board's order once
/// per sweep.
pub fn auto(board: Board) -> Order {
    static SEARCHED: Mutex<BTreeMap<Board, Order>> = Mutex::new(BTreeMap::new());
    if let Some(order) = shipped::find(board) {
        return order;
    }
    let Some(budget) = search::Budget::auto(board) else {
        return Order::columns(board);
    };
    let mut searched = SEARCHED.lock().unwrap_or_else(PoisonError::into_inner);
    searched
        .entry(board)
        .or_insert_with(|| search::search(board, &budget))
        .clone()
}

/// Whether `auto` takes the columns for `board`: no shipped order, and
/// too few or too many squares to search.
pub fn keeps_columns(board: Board) -> bool {
    shipped::find(board).is_none() && search::Budget::auto(board).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_is_swept_as_its_image_the_order_takes_first() {
        // Columns on 3×4 take a1's column first: every corner is a1 then.
        let board = Board::new(3, 4).unwrap();
        let order = Order::columns(board);
        for corner in [0, 3, 8, 11] {
            assert_eq!(
                board.row_col(order.first_image(corner)),
                board.row_col(order.squares()[0])
            );
        }
        // A square's image is one of its images, and no image comes earlier.
        let board = Board::new(8, 8).unwrap();
        let order = auto(board);
        let first = |name: &str| {
            let square = kt_board::parse_square(&board, name).unwrap();
            kt_board::square_name(&board, order.first_image(square))
        };
        // docs/by-start.md: the 8×8 classes' squares swept.
        for (class, swept) in [
            ("d5", "e5"),
            ("c7", "c7"),
            ("d7", "e7"),
            ("d8", "e8"),
            ("b8", "a7"),
        ] {
            assert_eq!(first(class), swept, "{class}");
        }
        let steps = order.steps_by_square();
        for s in board.squares() {
            let images: Vec<Square> = Symmetry::group(&board)
                .iter()
                .map(|g| g.apply(&board, s))
                .collect();
            let first = order.first_image(s);
            assert!(images.contains(&first));
            assert!(images.iter().all(|&t| steps[t] >= steps[first]));
        }
    }

    #[test]
    fn an_order_reads_back_as_it_is_written() {
        let board = Board::new(3, 4).unwrap();
        let order = Order::columns(board);
        let text = order.to_text();
        assert_eq!(text, " 0  3  6  9\n 1  4  7 10\n 2  5  8 11\n");
        let back = Order::parse(&text).unwrap();
        assert_eq!(back.squares(), order.squares());
        let line = order.to_line();
        assert_eq!(line, "0 3 6 9 / 1 4 7 10 / 2 5 8 11");
        assert_eq!(Order::parse(&line).unwrap().squares(), order.squares());
        assert_eq!(order.fingerprint(), back.fingerprint());
        assert_ne!(
            order.fingerprint(),
            Order::columns(board.transposed()).fingerprint()
        );
    }

    #[test]
    fn bad_orders_are_refused() {
        for (text, why) in [
            ("", "no step numbers"),
            ("0 1 / 2", "line 2"),
            ("0 1 / 2 2", "two squares"),
            ("0 1 / 2 4", "step 4"),
            ("0 x", "not a step number"),
            ("0 -1", "not a step number"),
        ] {
            let error = Order::parse(text).unwrap_err().to_string();
            assert!(error.contains(why), "{text:?}: {error}");
        }
        let board = Board::new(2, 3).unwrap();
        let error = Order::parse_for("0 1 / 2 3 / 4 5", board).unwrap_err();
        assert!(error.to_string().contains("3x2"), "{error}");
    }

    #[test]
    fn a_transposed_order_takes_the_turned_squares() {
        let board = Board::new(3, 5).unwrap();
        let order = Order::columns(board);
        let turned = order.transposed();
        assert_eq!(turned.board(), board.transposed());
        assert_eq!(turned.profile(), order.profile());
        assert_eq!(turned.transposed().squares(), order.squares());
    }
}
