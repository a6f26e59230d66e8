//! Finding one knight's tour on boards of any size, without decision
//! diagrams.
//!
//! [`find_tour`] first asks the existence theorems ([`crate::existence`]):
//! if there is no tour it says why. Otherwise it returns a tour that has
//! passed [`Tour::check`], built by one of three methods:
//!
//! - [`Finder::Warnsdorff`]: Warnsdorff's rule with two tie-breaking rules
//!   ([`warnsdorff`](mod@warnsdorff) module docs). Fast and natural-looking, but a
//!   heuristic: it can get stuck, and it rarely closes a tour.
//! - [`Finder::Backtracking`]: a depth-first search in Warnsdorff order with
//!   sound pruning, for boards of at most [`BACKTRACK_MAX_CELLS`] squares.
//! - [`Finder::Construction`]: divide and conquer after Parberry (1997),
//!   glued from small pieces (the `construct` module; `docs/find.md`). Always succeeds
//!   where a tour exists, in linear time.
//!
//! [`Finder::Auto`] (the default) tries them in the order that gives the
//! nicest tour soonest: for an open tour Warnsdorff (up to
//! [`WARNSDORFF_AUTO_MAX_CELLS`] squares), then backtracking on small
//! boards, then the construction; for a closed tour backtracking on small
//! boards, then the construction. The result is deterministic for a
//! given board, kind and options.

mod construct;
mod links;
mod pieces;
mod reroot;
pub(crate) mod search;
pub mod warnsdorff;

use std::fmt;

use kt_board::{Board, Square, Tour, TourKind, square_name};

use crate::existence::{NoTour, closed_tour_exists, tour_exists};
use search::{Constraints, Outcome};
use warnsdorff::{TieBreak, warnsdorff};

/// The largest board (in squares) the backtracking method accepts.
pub const BACKTRACK_MAX_CELLS: usize = 64;

/// The default node budget of the backtracking method, enough for every
/// board up to [`BACKTRACK_MAX_CELLS`] squares (most need a few hundred).
pub const DEFAULT_NODE_LIMIT: u64 = 2_000_000;

/// Above this many squares [`Finder::Auto`] skips Warnsdorff's rule: a
/// pass costs about 50 ns a square (two passes when the first rule gets
/// stuck), the construction a quarter of that, and both give a tour.
pub const WARNSDORFF_AUTO_MAX_CELLS: usize = 4_000_000;

/// Nodes per short restart of the backtracking method, and how many short
/// restarts come before the long run (see `by_backtracking`).
const NODES_PER_RESTART: u64 = 2_000;
const SHORT_RESTARTS: u64 = 64;

/// How to find a tour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Finder {
    /// Choose automatically (see the module docs).
    #[default]
    Auto,
    /// Warnsdorff's rule only.
    Warnsdorff,
    /// Backtracking only (boards of at most [`BACKTRACK_MAX_CELLS`] squares).
    Backtracking,
    /// The divide-and-conquer construction only.
    Construction,
}

impl fmt::Display for Finder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Finder::Auto => "auto",
            Finder::Warnsdorff => "warnsdorff",
            Finder::Backtracking => "backtracking",
            Finder::Construction => "construction",
        })
    }
}

/// Options for [`find_tour`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FindOptions {
    /// Which method to use; [`Finder::Auto`] by default.
    pub method: Finder,
    /// The square the tour must start on. Any square of a closed tour can
    /// be its start; an open tour of a board with an odd number of squares
    /// can only start on the majority colour (that of the corners).
    /// Honoured where possible: a closed tour is rotated; an open tour of a
    /// board that has a closed tour is a rotated closed tour; otherwise
    /// Warnsdorff and backtracking try from `start`, then Pósa rotations
    /// try to move the start of the constructed tour there, and
    /// [`find_tour`] may give up.
    pub start: Option<Square>,
    /// Node budget of the backtracking method.
    pub node_limit: u64,
}

impl Default for FindOptions {
    fn default() -> FindOptions {
        FindOptions {
            method: Finder::Auto,
            start: None,
            node_limit: DEFAULT_NODE_LIMIT,
        }
    }
}

/// Why [`find_tour`] returned no tour.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FindError {
    /// The board has no tour of this kind (a theorem says so).
    #[error("{0}")]
    NoTour(NoTour),
    /// The requested start square is not on the board.
    #[error("start square {start} is not on the {board} board")]
    StartOffBoard { start: Square, board: Board },
    /// No open tour of this board can start there: the board has an odd
    /// number of squares, so a tour starts and ends on the majority colour.
    #[error(
        "no open tour of the {board} board starts on {start}: the board has an odd number of squares, so every tour starts and ends on the other colour"
    )]
    StartOnMinorityColour { start: String, board: Board },
    /// No open tour of this board can start there: on a board with a side
    /// of 4, the two outer lines along that side are an independent set of
    /// half the squares, so a tour alternates between them and the inner
    /// lines, and a tour starting or ending inside would put all the outer
    /// squares on one colour.
    #[error(
        "no open tour of the {board} board starts on {start}: on a board with a side of 4, every tour starts and ends in the first or last line along that side"
    )]
    StartOnInnerLine { start: String, board: Board },
    /// An exhaustive search (backtracking) proved that no tour of this kind
    /// starts on this square.
    #[error(
        "no {kind} tour of the {board} board starts on {start}: an exhaustive search found none"
    )]
    NoTourFromStart {
        start: String,
        board: Board,
        kind: TourKind,
    },
    /// The backtracking method was asked for a board too large for it.
    #[error(
        "the {board} board has {} squares; backtracking is limited to {BACKTRACK_MAX_CELLS}",
        .board.cells()
    )]
    TooLargeForBacktracking { board: Board },
    /// The chosen method did not find a tour (a heuristic got stuck, the
    /// node budget ran out, or a start square could not be honoured).
    #[error("the {method} method found no {kind} tour of the {board} board")]
    GaveUp {
        method: Finder,
        board: Board,
        kind: TourKind,
    },
    /// A bug: a construction or a tour failed its own check.
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<NoTour> for FindError {
    fn from(reason: NoTour) -> FindError {
        FindError::NoTour(reason)
    }
}

/// A checked tour of `board` of the given kind, or why there is none.
///
/// With [`Finder::Auto`] this returns a tour on every board where the
/// existence theorems say one exists (and no start square is requested):
/// the construction never fails. A returned open tour may happen to be
/// closed as well.
pub fn find_tour(board: &Board, kind: TourKind, options: &FindOptions) -> Result<Tour, FindError> {
    find_tour_with_method(board, kind, options).map(|(tour, _)| tour)
}

/// The tour [`find_tour`] finds on a `rows × cols` board with the default
/// options: the tour the rendering and parsing tests draw and read back.
#[cfg(test)]
pub(crate) fn default_tour(rows: usize, cols: usize, kind: TourKind) -> Tour {
    find_tour(
        &Board::new(rows, cols).unwrap(),
        kind,
        &FindOptions::default(),
    )
    .unwrap()
}

/// [`find_tour`], also telling which method produced the tour.
pub fn find_tour_with_method(
    board: &Board,
    kind: TourKind,
    options: &FindOptions,
) -> Result<(Tour, Finder), FindError> {
    tour_exists(board, kind)?;
    if let Some(start) = options.start {
        check_start(board, kind, start)?;
    }
    let order: &[Finder] = match (options.method, kind) {
        (Finder::Auto, TourKind::Open) => &[
            Finder::Warnsdorff,
            Finder::Backtracking,
            Finder::Construction,
        ],
        (Finder::Auto, TourKind::Closed) => &[Finder::Backtracking, Finder::Construction],
        (Finder::Warnsdorff, _) => &[Finder::Warnsdorff],
        (Finder::Backtracking, _) => &[Finder::Backtracking],
        (Finder::Construction, _) => &[Finder::Construction],
    };
    let auto = options.method == Finder::Auto;
    for &method in order {
        let found = match method {
            Finder::Warnsdorff if auto && board.cells() > WARNSDORFF_AUTO_MAX_CELLS => continue,
            Finder::Warnsdorff => by_warnsdorff(board, kind, options.start),
            Finder::Backtracking if board.cells() > BACKTRACK_MAX_CELLS => {
                if auto {
                    continue;
                }
                return Err(FindError::TooLargeForBacktracking { board: *board });
            }
            Finder::Backtracking => {
                by_backtracking(board, kind, options.start, options.node_limit)?
            }
            Finder::Construction => by_construction(board, kind, options.start)?,
            Finder::Auto => None,
        };
        if let Some(squares) = found {
            let tour = Tour::new(*board, kind, squares);
            tour.check().map_err(|e| {
                FindError::Internal(format!("{method} produced an invalid tour: {e}"))
            })?;
            return Ok((tour, method));
        }
    }
    Err(FindError::GaveUp {
        method: options.method,
        board: *board,
        kind,
    })
}

fn check_start(board: &Board, kind: TourKind, start: Square) -> Result<(), FindError> {
    if start >= board.cells() {
        return Err(FindError::StartOffBoard {
            start,
            board: *board,
        });
    }
    let (r, c) = board.row_col(start);
    if kind == TourKind::Open && board.cells() % 2 == 1 && (r + c) % 2 == 1 {
        return Err(FindError::StartOnMinorityColour {
            start: square_name(board, start),
            board: *board,
        });
    }
    let inner = |side: usize, at: usize| side == 4 && (at == 1 || at == 2);
    if kind == TourKind::Open && (inner(board.rows(), r) || inner(board.cols(), c)) {
        return Err(FindError::StartOnInnerLine {
            start: square_name(board, start),
            board: *board,
        });
    }
    Ok(())
}

/// Both tie-breaking rules from the start (default: the top-left corner).
fn by_warnsdorff(board: &Board, kind: TourKind, start: Option<Square>) -> Option<Vec<Square>> {
    let from = start.unwrap_or(0);
    [TieBreak::FarthestFromCentre, TieBreak::Lookahead]
        .into_iter()
        .filter_map(|tie| warnsdorff(board, from, tie))
        .find(|squares| kind == TourKind::Open || closes(board, squares))
}

fn closes(board: &Board, squares: &[Square]) -> bool {
    squares.len() >= 3 && board.is_knight_move(squares[0], squares[squares.len() - 1])
}

/// Depth-first search within `node_limit` nodes in all: short restarts
/// with different tie-break orders first (a tour that is not found within
/// a couple of thousand nodes is usually found at once under another
/// order), then one long run with the rest of the budget, which can also
/// prove that there is no tour (from the requested start).
///
/// `Err` when the search was exhaustive and found nothing: then the
/// theorems (there is a tour) and the search together prove that no tour
/// starts on `start`.
fn by_backtracking(
    board: &Board,
    kind: TourKind,
    start: Option<Square>,
    node_limit: u64,
) -> Result<Option<Vec<Square>>, FindError> {
    let constraints = Constraints {
        kind,
        start,
        ..Constraints::open()
    };
    let mut spent = 0;
    for seed in 0..SHORT_RESTARTS {
        let budget = NODES_PER_RESTART.min(node_limit - spent);
        match search::search(board, &constraints, budget, seed) {
            Outcome::Found(squares) => return Ok(Some(squares)),
            Outcome::Exhausted => return Err(no_tour_from(board, kind, start)),
            Outcome::OutOfBudget => {}
        }
        spent += budget;
        if spent >= node_limit {
            return Ok(None);
        }
    }
    match search::search(board, &constraints, node_limit - spent, 0) {
        Outcome::Found(squares) => Ok(Some(squares)),
        Outcome::Exhausted => Err(no_tour_from(board, kind, start)),
        Outcome::OutOfBudget => Ok(None),
    }
}

fn no_tour_from(board: &Board, kind: TourKind, start: Option<Square>) -> FindError {
    match start {
        Some(start) => FindError::NoTourFromStart {
            start: square_name(board, start),
            board: *board,
            kind,
        },
        // The theorems said there is a tour, so an exhaustive search that
        // finds none is a bug.
        None => FindError::Internal(format!(
            "backtracking found no {kind} tour of the {board} board"
        )),
    }
}

/// The construction, rotated, reversed or rerooted by Pósa rotations to
/// honour `start` where it can be.
fn by_construction(
    board: &Board,
    kind: TourKind,
    start: Option<Square>,
) -> Result<Option<Vec<Square>>, FindError> {
    // An open tour of a board with a closed tour is a closed tour: that one
    // can start anywhere.
    let build = if kind == TourKind::Open && board.cells() >= 3 && closed_tour_exists(board).is_ok()
    {
        TourKind::Closed
    } else {
        kind
    };
    let mut squares =
        construct::construct(board, build).map_err(|e| FindError::Internal(e.to_string()))?;
    let Some(start) = start else {
        return Ok(Some(squares));
    };
    let Some(at) = squares.iter().position(|&s| s == start) else {
        return Ok(None);
    };
    if build == TourKind::Closed {
        squares.rotate_left(at);
    } else if at + 1 == squares.len() {
        squares.reverse();
    } else if at != 0 {
        // Pósa rotations, within about 5·10⁷ square moves.
        let max_tours = (50_000_000 / board.cells()).min(5_000);
        return Ok(reroot::reroot(board, squares, start, max_tours));
    }
    Ok(Some(squares))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(method: Finder) -> FindOptions {
        FindOptions {
            method,
            ..FindOptions::default()
        }
    }

    /// On 3x8 no open tour starts on (1,2) (the table by start square has a
    /// 0 there), the colour and side-of-4 rules allow it, so only an
    /// exhaustive search can say so, and says which square.
    #[test]
    fn an_exhaustive_search_proves_no_tour_from_a_start() {
        let b = Board::new(3, 8).unwrap();
        let start = b.square_at(1, 2);
        let options = FindOptions {
            start: Some(start),
            ..FindOptions::default()
        };
        match find_tour(&b, TourKind::Open, &options) {
            Err(FindError::NoTourFromStart { start, board, kind }) => {
                assert_eq!((start.as_str(), board, kind), ("c2", b, TourKind::Open));
            }
            other => panic!("{other:?}"),
        }
        // A square a tour does start from, on the same board.
        let options = FindOptions {
            start: Some(b.square_at(1, 1)),
            ..FindOptions::default()
        };
        let tour = find_tour(&b, TourKind::Open, &options).unwrap();
        assert_eq!(tour.squares[0], b.square_at(1, 1));
    }

    #[test]
    fn explains_missing_tours() {
        let b = Board::square(4).unwrap();
        let err = find_tour(&b, TourKind::Open, &FindOptions::default()).unwrap_err();
        assert_eq!(err, FindError::NoTour(NoTour::FourByFour));
        let b = Board::new(3, 8).unwrap();
        assert!(matches!(
            find_tour(&b, TourKind::Closed, &FindOptions::default()),
            Err(FindError::NoTour(NoTour::ThreeByShort { .. }))
        ));
    }

    #[test]
    fn every_method_on_the_chessboard() {
        let b = Board::square(8).unwrap();
        for method in [
            Finder::Auto,
            Finder::Warnsdorff,
            Finder::Backtracking,
            Finder::Construction,
        ] {
            let tour = find_tour(&b, TourKind::Open, &options(method)).unwrap();
            assert_eq!(tour.check(), Ok(()), "{method}");
        }
        for method in [Finder::Auto, Finder::Backtracking, Finder::Construction] {
            let tour = find_tour(&b, TourKind::Closed, &options(method)).unwrap();
            assert_eq!(tour.check(), Ok(()), "{method}");
        }
    }

    #[test]
    fn backtracking_refuses_large_boards() {
        let b = Board::square(9).unwrap();
        assert!(matches!(
            find_tour(&b, TourKind::Open, &options(Finder::Backtracking)),
            Err(FindError::TooLargeForBacktracking { .. })
        ));
    }

    #[test]
    fn honours_start_squares() {
        let b = Board::new(6, 7).unwrap();
        for start in [0, 17, 41] {
            for kind in [TourKind::Open, TourKind::Closed] {
                let opts = FindOptions {
                    start: Some(start),
                    ..FindOptions::default()
                };
                let tour = find_tour(&b, kind, &opts).unwrap();
                assert_eq!(tour.squares[0], start);
                assert_eq!(tour.check(), Ok(()));
            }
        }
        let b = Board::square(5).unwrap();
        let opts = FindOptions {
            start: Some(1),
            ..FindOptions::default()
        };
        assert!(matches!(
            find_tour(&b, TourKind::Open, &opts),
            Err(FindError::StartOnMinorityColour { .. })
        ));
        let opts = FindOptions {
            start: Some(25),
            ..FindOptions::default()
        };
        assert!(matches!(
            find_tour(&b, TourKind::Open, &opts),
            Err(FindError::StartOffBoard { .. })
        ));
        let opts = FindOptions {
            start: Some(12),
            ..FindOptions::default()
        };
        assert_eq!(find_tour(&b, TourKind::Open, &opts).unwrap().squares[0], 12);
    }

    #[test]
    fn every_start_of_a_small_board_gets_a_tour_or_a_proof() {
        for (rows, cols) in [(3, 4), (3, 7), (3, 8), (4, 5), (5, 5), (4, 6), (5, 6)] {
            let b = Board::new(rows, cols).unwrap();
            for start in b.squares() {
                let opts = FindOptions {
                    start: Some(start),
                    ..FindOptions::default()
                };
                match find_tour(&b, TourKind::Open, &opts) {
                    Ok(tour) => assert_eq!(tour.squares[0], start),
                    Err(
                        FindError::StartOnMinorityColour { .. }
                        | FindError::StartOnInnerLine { .. }
                        | FindError::NoTourFromStart { .. },
                    ) => {}
                    Err(e) => panic!("{b} from {start}: {e}"),
                }
            }
        }
    }
}
