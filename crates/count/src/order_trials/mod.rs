//! A search for a board's square order that measures: candidates proposed
//! by the score's search, ranked by the states their sweeps hold
//! ([`trial`]; `knights-tour order --search N --measure STATES`).
//!
//! The candidates: the shipped order where the board has one, the
//! columns, one proxy search per seed, and with `mirrored` one search per
//! seed and per reflection of the board (or its half turn) that takes each
//! square and its image on consecutive steps, so that the sweep can fold.
//! Each is swept as a count would sweep it, folded wherever it folds, up
//! to the same budget of states.

use std::sync::atomic::AtomicBool;

use kt_board::{Board, Symmetry, TourKind};
use kt_frontier::OrderChoice;
use kt_frontier::order::search::{self, Budget, Score};
use kt_frontier::order::{self as orders, Order};
use kt_memory::Bytes;

use crate::cancel::CancelToken;
use crate::failure::Failure;
use crate::sweep_runner::{Stopping, SweepSettings, watched};
use crate::words::{Message, Setting, message};

pub mod trial;

pub use trial::{Measured, Trial};

/// What the search is asked.
#[derive(Clone, Debug)]
pub struct OrderSearch {
    pub board: Board,
    pub kind: TourKind,
    /// Orders the score's search evaluates per candidate, its restarts,
    /// and the first seed.
    pub evaluations: u64,
    pub restarts: u32,
    pub seed: u64,
    /// Seeds searched: `seed..seed + seeds`.
    pub seeds: u64,
    /// Whether to search orders taken in pairs of images too.
    pub mirrored: bool,
    /// The states each candidate's levels may hold in all.
    pub states: u64,
    /// Worker threads (`None`: the machine's cores).
    pub threads: Option<usize>,
    /// The memory budget (`None`: the machine's default).
    pub memory: Option<Bytes>,
}

/// The most seeds one search takes: each is a sweep.
pub const MAX_SEEDS: u64 = 64;

/// What the search measured.
#[derive(Clone, Debug)]
pub struct OrderTrials {
    /// Every candidate, best first.
    pub ranked: Vec<Measured>,
    /// The candidates not swept: their frontier is wider than a state's
    /// key holds (a search in pairs of images can widen it past the
    /// board's own: 9×9's half-turn pairs reach 29 slots).
    pub too_wide: Vec<TooWide>,
}

/// A candidate the search proposed and no sweep can take.
#[derive(Clone, Debug)]
pub struct TooWide {
    pub name: String,
    pub order: Order,
    /// Its frontier's slots (more than a key holds: `kt_frontier::fits`).
    pub slots: usize,
}

impl OrderSearch {
    /// The candidates, named, before any is swept.
    pub fn candidates(&self) -> Vec<(String, Order)> {
        let board = self.board;
        let mut candidates = Vec::new();
        if let Some(order) = orders::shipped::find(board) {
            candidates.push(("shipped".to_string(), order));
        }
        candidates.push(("columns".to_string(), Order::columns(board)));
        let score = Score::new(board);
        for seed in self.seed..self.seed + self.seeds {
            let budget = Budget {
                evaluations: self.evaluations,
                restarts: self.restarts,
                seed,
            };
            candidates.push((
                format!("seed {seed}"),
                search::search_with(board, &budget, &score),
            ));
            if self.mirrored {
                for mirror in Symmetry::ALL {
                    if let Some(order) = search::search_mirrored(board, &budget, &score, mirror) {
                        candidates.push((format!("{} seed {seed}", mirror.name()), order));
                    }
                }
            }
        }
        // The same order found twice is swept once.
        let mut seen = Vec::new();
        candidates.retain(|(_, order)| {
            let fingerprint = order.fingerprint();
            let new = !seen.contains(&fingerprint);
            seen.push(fingerprint);
            new
        });
        candidates
    }

    /// Refuses what cannot be searched, before any work; the threads and
    /// budget the trials sweep with, resolved once, as a count's plan
    /// resolves them (capped to the machine).
    fn check(&self) -> Result<(Bytes, u32), Failure> {
        if self.seeds == 0 || self.seeds > MAX_SEEDS {
            return Err(Failure::refused(format!(
                "{} seeds: a measured search takes 1 to {MAX_SEEDS}, each a sweep",
                self.seeds
            )));
        }
        // The threads and memory refused as a count's are, in its words.
        let asked = crate::methods::Resources {
            threads: self.threads.map(|t| u32::try_from(t).unwrap_or(u32::MAX)),
            memory: self.memory,
        };
        let resolved = crate::machine::resources(Some(asked), &mut Vec::new())?;
        kt_frontier::supports(self.board, self.kind)
            .map_err(|e| Failure::refused(e.to_string()))?;
        Ok(resolved)
    }
}

/// Searches and measures as `request` says; `each` sees every candidate
/// as soon as it is measured, `cancel` stops the search between levels.
pub fn search_orders(
    request: &OrderSearch,
    mut each: impl FnMut(&Measured),
    cancel: &CancelToken,
) -> Result<OrderTrials, Failure> {
    let (budget, threads) = request.check()?;
    let settings = SweepSettings {
        threads: threads as usize,
        budget,
        ..SweepSettings::default()
    };
    // Each trial sweeps as a count would, folded: the order's own order
    // is given with each candidate (`trial::measure`).
    let trial = Trial {
        kind: request.kind,
        states: request.states,
        options: settings.options(OrderChoice::Auto, true),
    };
    let spill_dir = settings.spill_dir();
    let mut too_wide = Vec::new();
    let mut ranked = watched(settings.budget, cancel, || {
        let mut ranked = Vec::new();
        for (name, order) in request.candidates() {
            // One candidate too wide to sweep ends nothing: the others are
            // measured, and the table says why it is not among them.
            if kt_frontier::fits(&order, request.kind).is_err() {
                let slots = order.width(request.kind);
                too_wide.push(TooWide { name, order, slots });
                continue;
            }
            let stop: &AtomicBool = cancel.flag();
            let measured = trial::measure(&name, &order, &trial, stop).map_err(|e| {
                Stopping {
                    cancel,
                    budget: settings.budget,
                    spill_dir: &spill_dir,
                    at: format!("while sweeping the candidate {name}"),
                    resumable: Message::default(),
                    advice: message!("measure fewer states, or raise ", Setting::Memory),
                }
                .failure(&e)
            })?;
            each(&measured);
            ranked.push(measured);
        }
        Ok::<_, Failure>(ranked)
    })??;
    if let Err((a, b)) = trial::agree(&ranked) {
        return Err(Failure::other(format!(
            "the candidates {a} and {b} count different numbers of tours: a fault of the sweep, please report it"
        )));
    }
    trial::rank(&mut ranked);
    Ok(OrderTrials { ranked, too_wide })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::failure::FailureKind;

    fn request(board: &str, states: u64) -> OrderSearch {
        OrderSearch {
            board: board.parse().unwrap(),
            kind: TourKind::Closed,
            evaluations: 20_000,
            restarts: 2,
            seed: 0,
            seeds: 2,
            mirrored: true,
            states,
            threads: Some(1),
            memory: None,
        }
    }

    /// Every candidate of a small board is measured whole, and they agree
    /// on the count; the ranking puts the least work first.
    #[test]
    fn a_measured_search_ranks_whole_candidates_by_their_work() {
        let trials = search_orders(&request("6x6", u64::MAX), |_| {}, &CancelToken::new()).unwrap();
        assert!(trials.ranked.len() >= 4, "{}", trials.ranked.len());
        assert!(trials.ranked.iter().all(Measured::whole));
        assert_eq!(
            trials.ranked[0].tours.as_ref().unwrap().to_string(),
            "9862",
            "6x6 closed"
        );
        let work: Vec<u64> = trials.ranked.iter().map(Measured::summed).collect();
        assert!(work.is_sorted(), "{work:?}");
        assert!(
            trials.ranked.iter().any(|c| c.fold_steps > 5),
            "a mirrored candidate folds"
        );
    }

    /// 9×9's orders in pairs of images under the half turn have a
    /// frontier of 29 slots, one more than a key holds: they are left out
    /// and named, and the search goes on with the rest (it stopped at the
    /// first of them).
    #[test]
    fn a_candidate_too_wide_to_sweep_is_left_out_and_named() {
        let mut asked = request("9x9", 1);
        asked.kind = TourKind::Open;
        asked.seeds = 1;
        let trials = search_orders(&asked, |_| {}, &CancelToken::new()).unwrap();
        assert!(!trials.too_wide.is_empty(), "a wide 9x9 candidate");
        for c in &trials.too_wide {
            assert!(
                kt_frontier::fits(&c.order, TourKind::Open).is_err(),
                "{}",
                c.name
            );
            assert_eq!(c.slots, c.order.width(TourKind::Open));
        }
        assert!(trials.ranked.iter().any(|c| c.name == "shipped"));
        assert!(
            trials
                .ranked
                .iter()
                .all(|c| kt_frontier::fits(&c.order, TourKind::Open).is_ok())
        );
    }

    #[test]
    fn too_many_seeds_are_refused_before_any_sweep() {
        let mut asked = request("6x6", 1000);
        asked.seeds = MAX_SEEDS + 1;
        let failure = search_orders(&asked, |_| panic!("swept"), &CancelToken::new()).unwrap_err();
        assert_eq!(failure.kind, FailureKind::Refused);
    }
}
