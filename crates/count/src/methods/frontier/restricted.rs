//! The frontier method's questions beyond a plain count: a sweep a run
//! with fixed ends or through a required move (`Restricted`), the open
//! tours by start square in one sweep whose states tally their ends, and
//! those from one square by end square likewise.

use std::time::Instant;

use kt_board::{Square, Symmetry, TourKind};
use num_bigint::BigUint;

use super::Frontier;
use crate::failure::Failure;
use crate::methods::measured;
use crate::methods::{
    CountsByEnd, CountsByStart, CountsFixedEnds, CountsRequiredMove, FixedEnds, Job, Restricted,
};
use crate::observer::Watch;
use crate::report::{FrontierReport, RunReport};
use crate::sweep_runner::{LevelWatcher, watched};

impl CountsByStart for Frontier {
    fn count_by_start(
        &self,
        job: &Job,
        report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<Option<(BigUint, Vec<BigUint>)>, Failure> {
        if job.kind != TourKind::Open || !kt_frontier::tallies_fit(job.board) {
            return Ok(None);
        }
        let counted = self.whole_sweep(job, report, watch, |order, options, levels| {
            kt_frontier::count_by_start_in(order, options, levels, watch.cancel.flag())
        })?;
        Ok(counted.map(|counted| {
            super::note_outcome(report, &counted.outcome);
            (counted.tours, counted.by_square)
        }))
    }

    fn tally_share(&self) -> (f64, f64) {
        (
            measured::START_TALLIES_SHARE,
            measured::START_TALLIES_MEMORY_SHARE,
        )
    }
}

impl CountsByEnd for Frontier {
    fn count_by_end(
        &self,
        job: &Job,
        from: Square,
        report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<Option<(BigUint, Vec<BigUint>)>, Failure> {
        let board = job.board;
        if job.kind != TourKind::Open || !kt_frontier::end_tallies_fit(board, from) {
            return Ok(None);
        }
        // The tours from a square to each end are those from its image
        // under a symmetry to the end's image: the sweep starts from the
        // image the order takes first, as a fixed-start count does
        // (`Order::first_image`), and its table is carried back.
        let image = job.order()?.first_image(from);
        let Some(to_image) = Symmetry::group(&board)
            .into_iter()
            .find(|g| g.apply(&board, from) == image)
        else {
            return Ok(None);
        };
        let counted = self.whole_sweep(job, report, watch, |order, options, levels| {
            kt_frontier::count_by_end_in(order, image, options, levels, watch.cancel.flag())
        })?;
        Ok(counted.map(|counted| {
            super::note_outcome(report, &counted.outcome);
            let by_square = board
                .squares()
                .map(|end| counted.by_square[to_image.apply(&board, end)].clone())
                .collect();
            (counted.tours, by_square)
        }))
    }

    fn tally_share(&self) -> (f64, f64) {
        (
            measured::END_TALLIES_SHARE,
            measured::END_TALLIES_MEMORY_SHARE,
        )
    }
}

impl CountsFixedEnds for Frontier {
    fn count_fixed_ends(
        &self,
        job: &Job,
        ends: FixedEnds,
        report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<BigUint, Failure> {
        let restriction = match ends.to {
            None => Restricted::From(ends.from),
            Some(to) => Restricted::FromTo(ends.from, to),
        };
        self.sweep_restricted(job, restriction, report, watch)
    }

    fn run_share(&self, ends: kt_shards::Ends) -> f64 {
        match ends {
            kt_shards::Ends::Starts => measured::FIXED_START_SHARE,
            kt_shards::Ends::Pairs => measured::FIXED_ENDS_SHARE,
        }
    }
}

impl CountsRequiredMove for Frontier {
    fn count_through(
        &self,
        job: &Job,
        (a, b): (Square, Square),
        report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<BigUint, Failure> {
        self.sweep_restricted(job, Restricted::Through(a, b), report, watch)
    }
}

impl Frontier {
    /// One sweep with the restriction; its levels are added to `report`'s
    /// frontier section (a run per question: see
    /// [`FrontierReport::sweeps`]).
    fn sweep_restricted(
        &self,
        job: &Job,
        restriction: Restricted,
        report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<BigUint, Failure> {
        let started = Instant::now();
        // Open tours between two squares take the fixed-ends sweep (no
        // apex, a slot narrower, no square but the two may end a path:
        // 6×7 a1–g6 in 3.3 s against 8.7 s for the apex sweep with both
        // ends required, `docs/frontier.md`); the other questions put
        // rules on the apex or on a move.
        let between = match restriction {
            Restricted::FromTo(s, e) if job.kind == TourKind::Open => Some((s, e)),
            _ => None,
        };
        let order = job.order()?;
        // The tours from a square are as many as from each of its images
        // under the board's symmetries: the sweep starts from the image
        // the order takes first, being restricted only from there on
        // (`Order::first_image`).
        let restriction = match restriction {
            Restricted::From(s) if job.kind == TourKind::Open => {
                let image = order.first_image(s);
                if image != s {
                    tracing::info!(
                        "the tours from {} are counted from its image {}, which the order takes at step {} (not {})",
                        kt_board::square_name(&job.board, s),
                        kt_board::square_name(&job.board, image),
                        order.steps_by_square()[image] + 1,
                        order.steps_by_square()[s] + 1,
                    );
                }
                Restricted::From(image)
            }
            other => other,
        };
        let restriction = match restriction {
            Restricted::From(s) => kt_frontier::Restriction {
                ends: vec![s],
                only_these_ends: false,
                moves: Vec::new(),
            },
            Restricted::FromTo(s, e) => kt_frontier::Restriction {
                ends: vec![s, e],
                only_these_ends: true,
                moves: Vec::new(),
            },
            Restricted::Through(a, b) => kt_frontier::Restriction {
                ends: Vec::new(),
                only_these_ends: false,
                moves: vec![(a, b)],
            },
        };
        let mut options = self.options(job);
        // A count by endpoint pairs or start squares resumes the class in
        // progress only from its own sweep's checkpoint (the fingerprint
        // covers the ends and the rules): the directory may hold another
        // class's, which this one overwrites.
        if let Some(dir) = &options.resume {
            let sweep = match between {
                Some((from, to)) => kt_frontier::Sweep::between_in(order, from, to),
                None => kt_frontier::Sweep::restricted_in(order, job.kind, &restriction),
            };
            let own = kt_frontier::checkpoint::inspect(dir)
                .is_ok_and(|h| h.fingerprint == kt_frontier::checkpoint::fingerprint(&sweep));
            if !own {
                options.resume = None;
            }
        }
        let width = order.width(job.kind);
        let frontier = report.frontier.get_or_insert_with(FrontierReport::default);
        frontier.width = frontier.width.max(width);
        frontier.name_order(order);
        frontier.sweeps += 1;
        frontier.sweep_peak_states = 0;
        let result = {
            let levels = LevelWatcher::new(watch.observer, report, job.board.cells());
            watched(job.budget, watch.cancel, || match between {
                Some((from, to)) => kt_frontier::count_between_in(
                    order,
                    from,
                    to,
                    &options,
                    &levels,
                    watch.cancel.flag(),
                ),
                None => kt_frontier::count_restricted_in(
                    order,
                    job.kind,
                    &restriction,
                    &options,
                    &levels,
                    watch.cancel.flag(),
                ),
            })?
        };
        result
            .map(|outcome| outcome.cycles)
            .map_err(|e| self.failure(job, &e, report, watch.cancel, started))
    }
}
