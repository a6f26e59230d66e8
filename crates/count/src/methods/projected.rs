//! Whole sweeps projected from their first levels, measured: the boards no
//! one has counted (`data/projected-sweeps.csv`).
//!
//! A sweep of 9×9 open holds about 10¹⁰ states at its widest, beyond this
//! machine, but its first levels take a minute. Those levels, fitted to the
//! levels of a board swept whole at the same fraction of the sweep, give
//! its widest level and its work to about 1.5× where the template is like
//! the board (`docs/benchmarks.md`, *A fitted projection*); the columns'
//! extrapolation that the plan falls back on was 2.5–13× off there. A
//! projection holds for the order it was measured in only, so each row
//! names that order by its fingerprint, and the plan takes it only for
//! that order.

use std::sync::OnceLock;

use kt_board::{Board, TourKind};
use kt_frontier::Order;

use super::strip_levels::SweepStates;

/// The table, as shipped.
const TABLE: &str = include_str!("../../data/projected-sweeps.csv");

/// One projected sweep.
#[derive(Clone, Debug, PartialEq)]
struct Projection {
    board: Board,
    kind: TourKind,
    /// The fingerprint of the order its levels were measured in.
    order: u32,
    levels_measured: usize,
    peak: f64,
    summed: f64,
    /// The report of the whole sweep whose levels it was fitted to.
    template: String,
}

/// Every projection, read once.
fn projections() -> &'static [Projection] {
    static READ: OnceLock<Vec<Projection>> = OnceLock::new();
    READ.get_or_init(|| {
        let mut reader = csv::ReaderBuilder::new()
            .comment(Some(b'#'))
            .from_reader(TABLE.as_bytes());
        reader
            .records()
            .map(|record| {
                let record =
                    record.expect("data/projected-sweeps.csv is well formed (a test reads it)");
                let number = |i: usize| -> f64 { record[i].parse().expect("a projected figure") };
                Projection {
                    board: record[0].parse().expect("a projection's board"),
                    kind: match &record[1] {
                        "open" => TourKind::Open,
                        "closed" => TourKind::Closed,
                        other => panic!("data/projected-sweeps.csv: kind {other:?}"),
                    },
                    order: u32::from_str_radix(&record[2], 16).expect("a fingerprint in hex"),
                    levels_measured: record[3].parse().expect("a number of levels"),
                    peak: number(4),
                    summed: number(5),
                    template: record[6].to_owned(),
                }
            })
            .collect()
    })
}

/// The projected sweep of `kind` tours in `order`, if its first levels
/// were measured in that order (or in its transpose, turned). A
/// fingerprint covers the board's sides, so it names the board too.
pub(super) fn sweep_states(kind: TourKind, order: &Order) -> Option<SweepStates> {
    let fingerprints = [order.fingerprint(), order.transposed().fingerprint()];
    projections()
        .iter()
        .find(|p| p.kind == kind && fingerprints.contains(&p.order))
        .map(|p| SweepStates {
            peak: p.peak,
            summed: p.summed,
            basis: format!(
                "projected from its first {} levels, measured in this order, with the levels of {} as the template (good to about 1.5×)",
                p.levels_measured,
                template_name(&p.template)
            ),
        })
}

/// A template report's board and kind, from its file name
/// (`bench-results/order/8x8-open-folded.json`: `8x8 open`).
fn template_name(path: &str) -> String {
    let file = path.rsplit('/').next().unwrap_or(path);
    let mut words = file.trim_end_matches(".json").split('-');
    match (words.next(), words.next()) {
        (Some(board), Some(kind)) => format!("{board} {kind}"),
        _ => file.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row parses, names an order the program ships for its board,
    /// and a template file that exists.
    #[test]
    fn every_projection_is_of_a_shipped_order() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
        assert!(projections().len() >= 3);
        for p in projections() {
            let order = kt_frontier::order::shipped::find(p.board).expect("a shipped order");
            assert_eq!(order.fingerprint(), p.order, "{}", p.board);
            assert!(p.peak <= p.summed, "{}", p.board);
            assert!(
                std::path::Path::new(root).join(&p.template).is_file(),
                "{}",
                p.template
            );
            let states = sweep_states(p.kind, &order).unwrap();
            assert!((states.peak - p.peak).abs() < 1.0, "{}", p.board);
            let turned = sweep_states(p.kind, &order.transposed())
                .expect("the transpose's order is projected too");
            assert!((turned.summed - p.summed).abs() < 1.0, "{}", p.board);
        }
    }

    /// Another order of the board is not projected: its levels differ.
    #[test]
    fn another_order_is_not_projected() {
        let board: Board = "9x9".parse().unwrap();
        assert!(sweep_states(TourKind::Open, &Order::columns(board)).is_none());
        let order = kt_frontier::order::shipped::find(board).unwrap();
        assert!(sweep_states(TourKind::Closed, &order).is_none());
    }
}
