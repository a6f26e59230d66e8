//! The orders shipped with the program, for the boards people count.
//!
//! `data/orders.csv` holds one order per board shape (`board`, the order as
//! a board of step numbers with rows separated by `/`, where it came from,
//! and the widest level its sweep was measured to hold, open and closed,
//! then the states its levels held in all, where measured, and whether
//! those figures were measured with the mirror fold, as a count sweeps
//! (`folded`), or before the fold was built (`unfolded`: the fold only
//! lowers them); a board with more rows than columns takes its
//! transpose's order turned ([`Order::transposed`]). Each was chosen by measurement: the
//! levels of its sweep against those of the columns and of other
//! candidates (`docs/frontier.md`, *The vertex order*, has the figures;
//! `cargo run --release -p kt-frontier --example order_search` remakes a
//! candidate). Searching at run time would find worse orders in the time a
//! user waits, and a shipped order is the same on every build, so a
//! checkpoint written with it resumes with it.

use std::sync::OnceLock;

use kt_board::Board;

use super::{Order, Origin};

/// The table, as shipped.
const TABLE: &str = include_str!("../../data/orders.csv");

/// A shipped order and where it came from.
#[derive(Clone, Debug)]
pub struct Entry {
    pub order: Order,
    pub source: String,
    /// The most states a level of the order's sweep was measured to hold,
    /// for open and for closed tours (what `plan` estimates from).
    pub open_peak: Option<u64>,
    pub closed_peak: Option<u64>,
    /// The states the levels of those sweeps held in all (the work, which
    /// the plan's time estimate follows).
    pub open_summed: Option<u64>,
    pub closed_summed: Option<u64>,
    /// Whether the figures were measured with the mirror fold, as
    /// `count` sweeps (see the module docs).
    pub folded: bool,
}

impl Entry {
    /// The measured peak for `kind`, if there is one.
    pub fn peak(&self, kind: kt_board::TourKind) -> Option<u64> {
        match kind {
            kt_board::TourKind::Open => self.open_peak,
            kt_board::TourKind::Closed => self.closed_peak,
        }
    }

    /// The measured states summed over the levels for `kind`, if measured.
    pub fn summed(&self, kind: kt_board::TourKind) -> Option<u64> {
        match kind {
            kt_board::TourKind::Open => self.open_summed,
            kt_board::TourKind::Closed => self.closed_summed,
        }
    }
}

/// Every shipped order, read once.
pub fn entries() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        let mut reader = csv::Reader::from_reader(TABLE.as_bytes());
        reader
            .records()
            .map(|record| {
                let record = record.expect("data/orders.csv is well formed (a test reads it)");
                let board: Board = record[0].parse().expect("a shipped order's board");
                let order = Order::parse_for(&record[1], board)
                    .expect("a shipped order is a permutation of its board")
                    .with_origin(Origin::Shipped);
                // A measured figure: a peak, or the states summed.
                let peak = |i: usize| {
                    record
                        .get(i)
                        .filter(|p| !p.is_empty())
                        .map(|p| p.parse().expect("a shipped figure is a whole number"))
                };
                Entry {
                    order,
                    source: record[2].to_string(),
                    open_peak: peak(3),
                    closed_peak: peak(4),
                    open_summed: peak(5),
                    closed_summed: peak(6),
                    folded: match record.get(7) {
                        Some("folded") => true,
                        Some("unfolded") => false,
                        other => panic!("data/orders.csv: figures {other:?}"),
                    },
                }
            })
            .collect()
    })
}

/// The shipped entry whose order (or its transpose) is `order`.
pub fn entry_of(order: &Order) -> Option<&'static Entry> {
    let turned = order.transposed();
    entries().iter().find(|e| {
        (e.order.board(), e.order.squares()) == (order.board(), order.squares())
            || (e.order.board(), e.order.squares()) == (turned.board(), turned.squares())
    })
}

/// The shipped order of `board`, or of its transpose turned.
pub fn find(board: Board) -> Option<Order> {
    entries().iter().find_map(|entry| {
        let order = &entry.order;
        if order.board() == board {
            Some(order.clone())
        } else if order.board() == board.transposed() {
            Some(order.transposed())
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use kt_board::TourKind;

    use super::*;

    /// Every shipped order reads, is of its board, and is at most as wide
    /// as the columns (a test rather than a check at run time: the table
    /// is data of this build).
    #[test]
    fn every_shipped_order_is_a_whole_order_no_wider_than_the_columns() {
        assert!(!entries().is_empty());
        for entry in entries() {
            let order = &entry.order;
            let board = order.board();
            let columns = Order::columns(board);
            for kind in [TourKind::Open, TourKind::Closed] {
                assert!(
                    order.width(kind) <= columns.width(kind),
                    "{board} {kind}: {} slots against the columns' {}",
                    order.width(kind),
                    columns.width(kind)
                );
            }
            assert_eq!(find(board).as_ref(), Some(order));
            let turned = find(board.transposed()).unwrap();
            assert_eq!(turned.board(), board.transposed());
        }
        let shapes: Vec<Board> = entries().iter().map(|e| e.order.board()).collect();
        for (i, a) in shapes.iter().enumerate() {
            for b in &shapes[i + 1..] {
                assert!(a != b && *a != b.transposed(), "{a} is shipped twice");
            }
        }
    }
}
