//! Divide and conquer: tours of any size glued from tours of small pieces,
//! in the manner of Parberry, "An efficient algorithm for the Knight's tour
//! problem", *Discrete Applied Mathematics* 73(3), 1997, 251–260.
//!
//! Linear time, no search beyond the pieces (see [`super::pieces`]), and a
//! tour on every board where the existence theorems promise one:
//!
//! **Both sides at least 5.** The rows are cut into bands and the columns
//! into strips, every part between 5 and 10 long and all even except
//! possibly the first (so an odd side gets exactly one odd part). Each block
//! gets a closed tour, except that when both sides are odd the top-left
//! block is odd × odd and gets an open tour. Neighbouring blocks are then
//! spliced: remove one move from each and add the two moves that cross
//! between them, which turns two cycles into one (or a path and a cycle
//! into a path). Blocks are spliced left to right along every band, and the
//! bands top to bottom through their first blocks — a spanning tree of the
//! blocks, so the result is one cycle (or one path).
//!
//! The splice between a block `A` and the block `B` to its right, whose
//! boundary is between columns `c−1` and `c`, with `A`'s top row `r`:
//!
//! ```text
//!   remove  (r, c−1)–(r+2, c−2)   in A: the "X" move of A's top-right corner
//!   remove  (r+1, c+1)–(r+3, c)   in B: the "Y" move at B's top-left corner
//!   add     (r, c−1)–(r+1, c+1)  and  (r+2, c−2)–(r+3, c)
//! ```
//!
//! A corner square has only two moves, so every closed tour of a block
//! makes its X moves; the Y moves are what the block tours are searched
//! for. Splices between bands are the same, transposed, at the bottom-left
//! corner of the upper block and the top-left of the lower one. Each splice
//! uses moves no other splice touches, so they never interfere. Parberry
//! used structured tours with required corner moves and a fixed set of
//! base sizes in the same way; this module's choice of moves (one splice
//! per pair of neighbours along a spanning tree) needs only two required
//! moves per block and works for every rectangle, not only squares.
//!
//! **Three or four rows** (Parberry's blocks do not fit), chains of pieces:
//!
//! - 3 × n open: a head piece ending next to the start of a 3 × 4 open
//!   tour, followed by 3 × 4 open tours each ending next to the start of
//!   the next: plain concatenation.
//! - 3 × n closed: a 3 × 10 or 3 × 12 closed tour, then 3 × 4 open tours
//!   inserted one by one into the corner move at the right end: remove the
//!   corner move and connect its ends to the ends of the inserted path,
//!   whose own right corner provides the next corner move.
//! - 4 × n open: an open tour of a 4 × n board starts and ends in the outer
//!   rows and makes exactly one move between the inner rows (the outer
//!   squares are an independent set of half the board, so the tour must
//!   alternate between outer and inner almost everywhere), which rules out
//!   simple concatenation. So the chain is built from pieces covered by two
//!   paths — one running right, one coming back — and ends with a piece
//!   covered by one path that turns round.
//!
//! Every result is walked into a single sequence, and [`find_tour`] runs
//! [`kt_board::Tour::check`] on it before returning it.
//!
//! [`find_tour`]: crate::find_tour

use kt_board::{Board, Square, TourKind};

use super::links::Links;
use super::pieces::{Piece, tour_of};

/// Why a construction failed: only a bug can cause one, but the caller gets
/// an error rather than a panic.
pub(crate) type ConstructError = &'static str;

/// A tour of `board` of the given kind, by construction. The caller has
/// checked with the existence theorems that one exists.
pub(crate) fn construct(board: &Board, kind: TourKind) -> Result<Vec<Square>, ConstructError> {
    let (m, n) = (
        board.rows().min(board.cols()),
        board.rows().max(board.cols()),
    );
    match (m, kind) {
        (1, TourKind::Open) if n == 1 => Ok(vec![0]),
        (3 | 4, _) => {
            // Built with the short side as rows, then turned back.
            let thin = Board::new(m, n).map_err(|_| "thin board out of range")?;
            let squares = match (m, kind) {
                (3, TourKind::Open) => three_row_open(&thin)?,
                (3, TourKind::Closed) => three_row_closed(&thin)?,
                (4, TourKind::Open) => four_row_open(&thin)?,
                _ => return Err("no construction for this thin board"),
            };
            Ok(if board.rows() == m {
                squares
            } else {
                squares
                    .into_iter()
                    .map(|s| thin.transpose_square(s))
                    .collect()
            })
        }
        (5.., _) if kind == TourKind::Open || board.cells().is_multiple_of(2) => blocks(board),
        _ => Err("no construction for this board"),
    }
}

/// Cuts a side of at least 5 into parts of 5..=10, all even except possibly
/// the first.
fn parts(len: usize) -> Vec<usize> {
    let mut parts = Vec::with_capacity(len / 8 + 2);
    let mut rest = len;
    if rest % 2 == 1 {
        let first = if rest <= 9 { rest } else { 5 };
        parts.push(first);
        rest -= first;
    }
    while rest > 10 {
        // 8s keep the pieces few; a 12 is cut as 6 + 6.
        let take = if rest - 8 >= 6 { 8 } else { 6 };
        parts.push(take);
        rest -= take;
    }
    if rest > 0 {
        parts.push(rest);
    }
    parts
}

/// Start offsets and lengths of the parts of a side.
fn spans(len: usize) -> Vec<(usize, usize)> {
    let mut at = 0;
    parts(len)
        .into_iter()
        .map(|p| {
            at += p;
            (at - p, p)
        })
        .collect()
}

/// The block construction for boards with both sides at least 5.
fn blocks(board: &Board) -> Result<Vec<Square>, ConstructError> {
    let at = |r: usize, c: usize| board.square_at(r, c);
    let bands = spans(board.rows());
    let strips = spans(board.cols());
    let mut links = Links::new(board.cells());
    for &(r0, h) in &bands {
        for &(c0, w) in &strips {
            let odd = h * w % 2 == 1;
            let piece = if odd {
                Piece::OpenBlock { rows: h, cols: w }
            } else {
                Piece::ClosedBlock { rows: h, cols: w }
            };
            let tour = tour_of(piece).ok_or("a block tour was not found")?;
            let w32 = w as u32;
            links
                .add_sequence(&tour, !odd, |s| {
                    at(r0 + (s / w32) as usize, c0 + (s % w32) as usize)
                })
                .map_err(|_| "blocks overlap")?;
        }
    }
    let bad_splice = |_| "a splice did not match the block tours";
    // Along every band: block (i, j) with block (i, j+1).
    for &(r, _) in &bands {
        for &(c, _) in &strips[1..] {
            links
                .splice(
                    (at(r, c - 1), at(r + 2, c - 2)),
                    (at(r + 1, c + 1), at(r + 3, c)),
                )
                .map_err(bad_splice)?;
        }
    }
    // Down the first strip: block (i, 0) with block (i+1, 0).
    for &(r, _) in &bands[1..] {
        links
            .splice((at(r - 1, 0), at(r - 2, 2)), (at(r + 1, 1), at(r, 3)))
            .map_err(bad_splice)?;
    }
    links.walk().ok_or("the splices did not give a single tour")
}

/// Places `piece` with its top-left corner at column `c0` of a thin board,
/// linking consecutive squares of its tour that are a knight's move apart
/// (the two-path pieces are stored as one path through a non-move, which
/// is left out).
fn place(
    links: &mut Links,
    board: &Board,
    piece: Piece,
    c0: usize,
    closed: bool,
) -> Result<(), ConstructError> {
    let tour = tour_of(piece).ok_or("a piece tour was not found")?;
    let w = piece.size().1 as u32;
    let place = |s: u32| board.square_at((s / w) as usize, c0 + (s % w) as usize);
    for pair in tour.windows(2) {
        let (a, b) = (place(pair[0]), place(pair[1]));
        if board.is_knight_move(a, b) {
            links.add(a, b).map_err(|_| "pieces overlap")?;
        }
    }
    if closed {
        links
            .add(place(tour[tour.len() - 1]), place(tour[0]))
            .map_err(|_| "pieces overlap")?;
    }
    Ok(())
}

/// 3 × n open (n = 4 or n ≥ 7): a head, then 3 × 4 links.
fn three_row_open(board: &Board) -> Result<Vec<Square>, ConstructError> {
    let n = board.cols();
    let head = match n % 4 {
        0 => 4,
        3 => 7,
        1 => 9,
        _ => 10,
    };
    if n < head {
        return Err("3-row board too short");
    }
    let at = |r: usize, c: usize| board.square_at(r, c);
    let mut links = Links::new(board.cells());
    place(
        &mut links,
        board,
        Piece::ThreeRowHead { cols: head },
        0,
        false,
    )?;
    for c in (head..n).step_by(4) {
        place(&mut links, board, Piece::ThreeRowLink, c, false)?;
        // The previous piece ends at (2, c−1); this one starts at (0, c).
        links.add(at(2, c - 1), at(0, c)).map_err(|_| "bad link")?;
    }
    links.walk().ok_or("the 3-row chain is not a single path")
}

/// 3 × n closed (n even, n ≥ 10): a closed 3 × 10 or 3 × 12 tour, then
/// 3 × 4 paths inserted into the right-hand corner move.
fn three_row_closed(board: &Board) -> Result<Vec<Square>, ConstructError> {
    let n = board.cols();
    let base = if n % 4 == 2 { 10 } else { 12 };
    if n < base || n % 2 == 1 {
        return Err("3-row board has no closed construction");
    }
    let at = |r: usize, c: usize| board.square_at(r, c);
    let mut links = Links::new(board.cells());
    place(
        &mut links,
        board,
        Piece::ThreeRowCycle { cols: base },
        0,
        true,
    )?;
    for c in (base..n).step_by(4) {
        place(&mut links, board, Piece::ThreeRowInsert, c, false)?;
        // The corner move (0, c−1)–(2, c−2) gives way to the path
        // (2, c) … (1, c) inserted between its ends.
        links
            .remove(at(0, c - 1), at(2, c - 2))
            .and_then(|()| links.add(at(0, c - 1), at(2, c)))
            .and_then(|()| links.add(at(2, c - 2), at(1, c)))
            .map_err(|_| "bad insertion")?;
    }
    links.walk().ok_or("the 3-row cycle is not a single cycle")
}

/// 4 × n open (n ≥ 5): whole-board search up to 4 × 7, then a chain of a
/// two-path head, two-path 4 × 4 links and a one-path 4 × 5 tail.
fn four_row_open(board: &Board) -> Result<Vec<Square>, ConstructError> {
    let n = board.cols();
    if n < 8 {
        let tour = tour_of(Piece::Whole {
            rows: 4,
            cols: n,
            closed: false,
        })
        .ok_or("a small 4-row tour was not found")?;
        return Ok(tour.iter().map(|&s| s as Square).collect());
    }
    let head = 3 + (n - 8) % 4;
    let at = |r: usize, c: usize| board.square_at(r, c);
    let mut links = Links::new(board.cells());
    place(
        &mut links,
        board,
        Piece::FourRowHead { cols: head },
        0,
        false,
    )?;
    let mut c = head;
    while c < n {
        let piece = if c + 5 == n {
            Piece::FourRowTail
        } else {
            Piece::FourRowLink
        };
        place(&mut links, board, piece, c, false)?;
        // The previous piece's paths end at (1, c−1) and (2, c−1); this
        // one's start at (3, c) and (0, c).
        links
            .add(at(1, c - 1), at(3, c))
            .and_then(|()| links.add(at(2, c - 1), at(0, c)))
            .map_err(|_| "bad link")?;
        c += piece.size().1;
    }
    links.walk().ok_or("the 4-row chain is not a single path")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::existence::tour_exists;
    use kt_board::Tour;

    #[test]
    fn parts_are_between_5_and_10_and_even_after_the_first() {
        for len in 5..=200 {
            let p = parts(len);
            assert_eq!(p.iter().sum::<usize>(), len);
            assert!(p.iter().all(|&x| (5..=10).contains(&x)), "{len}: {p:?}");
            assert!(p[1..].iter().all(|&x| x % 2 == 0), "{len}: {p:?}");
        }
    }

    fn check(rows: usize, cols: usize, kind: TourKind) {
        let board = Board::new(rows, cols).unwrap();
        let squares = construct(&board, kind).unwrap_or_else(|e| panic!("{board} {kind}: {e}"));
        let tour = Tour::new(board, kind, squares);
        assert_eq!(tour.check(), Ok(()), "{board} {kind}");
    }

    #[test]
    fn builds_tours_on_every_board_up_to_24_by_24() {
        for rows in 1..=24 {
            for cols in 1..=24 {
                let board = Board::new(rows, cols).unwrap();
                for kind in [TourKind::Open, TourKind::Closed] {
                    if tour_exists(&board, kind).is_ok() {
                        check(rows, cols, kind);
                    }
                }
            }
        }
    }

    #[test]
    fn builds_thin_boards() {
        for n in 3..=120 {
            for (m, kind) in [
                (3, TourKind::Open),
                (3, TourKind::Closed),
                (4, TourKind::Open),
            ] {
                let board = Board::new(m, n).unwrap();
                if tour_exists(&board, kind).is_ok() {
                    check(m, n, kind);
                    check(n, m, kind);
                }
            }
        }
    }
}
