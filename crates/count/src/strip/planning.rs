//! How a sequence is planned, before any work (`StripRequest::plan`): the
//! refusals in `crate::plan`'s order (the strip and its terms, threads and
//! memory, every path, the weights, the estimate), the way it is answered
//! (one sweep of every prefix, or board by board), its estimate, and the
//! cache's checkpoint given to the same plan (`StripPlan::keeping_checkpoints`).

use std::path::PathBuf;

use kt_board::Board;
use kt_memory::Bytes;

use super::{Measure, StripPlan, StripRequest, StripWay};
use crate::checkpoint_of::{self, CheckpointOf};
use crate::failure::Failure;
use crate::methods::{ColumnsEstimate, Reach, Resources};
use crate::paths::CheckpointTarget;
use crate::words::{Setting, Word, message};

impl StripPlan {
    /// The estimate as the plan of a count states it.
    pub fn reach(&self) -> Reach {
        reach(&self.estimate)
    }

    /// The same plan, its sweep keeping checkpoints in `dir` (going on
    /// from the one there where `resume`), its levels spilled to `spill`
    /// unless a spill directory was asked for: a front end's cache of
    /// checkpoints, given to a sweep this plan found long. Planned once:
    /// the way and the estimate stay; the paths and checkpoints are
    /// checked again, and the estimate's disk where the levels now spill
    /// (unless forced), before any work.
    pub fn keeping_checkpoints(
        mut self,
        dir: PathBuf,
        resume: bool,
        spill: PathBuf,
    ) -> Result<StripPlan, Failure> {
        self.request.checkpoint = Some(dir.clone());
        self.request.resume = resume.then_some(dir);
        self.request.spill_dir = self.request.spill_dir.or(Some(spill));
        self.request.check_paths()?;
        let spill_dir = self.request.spill_dir();
        if !self.request.force
            && let Err(beyond) =
                crate::machine::machine_fits(&self.reach(), &spill_dir, self.budget)
        {
            return Err(Failure::beyond_machine(message!(
                format!("a sequence spilling to {}: {beyond}; ", spill_dir.display()),
                Word::Force,
                " starts it anyway"
            )));
        }
        Ok(self)
    }
}

/// A columns estimate as a [`Reach`]: the sweep spills what the budget
/// does not hold.
fn reach(estimate: &ColumnsEstimate) -> Reach {
    Reach {
        seconds: estimate.seconds,
        memory: Bytes(crate::methods::whole(estimate.bytes)),
        spills: true,
        nodes: None,
        states: Some(estimate.states_summed),
        basis: "the levels measured on strips".into(),
    }
}

impl StripRequest {
    /// Plans the sequence, refusing before any work (and before writing
    /// anything but the directories asked for) what cannot run, in the
    /// order `crate::plan` refuses a count's: the strip and its terms;
    /// threads and memory; every path the sweep writes or reads (a spill
    /// directory is made, a checkpoint must be this sequence's and not in
    /// use, one to resume must hold a checkpoint of it); then the
    /// estimate, refused beyond this machine unless [`StripRequest::force`].
    pub fn plan(&self) -> Result<StripPlan, Failure> {
        // A span a plan, as a count's (`crate::plan`): a test counts them.
        let _planning = tracing::debug_span!("plan").entered();
        let board = self.board()?;
        let mut notes = Vec::new();
        let asked = Resources {
            threads: Some(u32::try_from(self.threads).unwrap_or(u32::MAX)),
            memory: self.memory,
        };
        let (budget, threads) = crate::machine::resources(Some(asked), &mut notes)?;
        let mut request = self.clone();
        request.threads = threads as usize;
        request.memory = Some(budget);
        request.check_paths()?;
        request.check_weights(board)?;
        let sweep = request.sweep_estimate()?;
        let way = match request.boards_estimate() {
            Some(boards) if boards.seconds < sweep.seconds => (StripWay::BoardByBoard, boards),
            _ => (StripWay::OneSweep, sweep),
        };
        let (way, estimate) = way;
        let spill_dir = request.spill_dir();
        if let Err(beyond) = crate::machine::machine_fits(&reach(&estimate), &spill_dir, budget) {
            // The verdict and the way on first, the estimate last (as a
            // count's refusal words it, `plan.rs`).
            let what = message!(format!(
                "a sequence of {} tours of {board} is beyond this machine: {beyond}",
                self.kind,
            ));
            let estimate = format!(
                " (the estimate: {}, {})",
                reach(&estimate).describe(),
                match way {
                    StripWay::OneSweep => "from the levels measured on strips",
                    StripWay::BoardByBoard => {
                        "each board counted on its own, as count counts it: `count` of the last board is most of it"
                    }
                }
            );
            if !self.force {
                return Err(Failure::beyond_machine(message!(
                    what,
                    "; ",
                    Word::Force,
                    " starts it anyway",
                    estimate
                )));
            }
            notes.push(message!(what, "; started with ", Word::Force, estimate));
        }
        Ok(StripPlan {
            request,
            budget,
            way,
            estimate,
            notes,
        })
    }

    /// Refuses a sweep whose weights would pass the widest width a sweep
    /// holds before its last term: it would stop there, hours in, so it
    /// is refused before any work, with how far the sequence can go.
    fn check_weights(&self, board: Board) -> Result<(), Failure> {
        use crate::methods::weights::past_the_widest;
        let Some(bits) = past_the_widest(board, self.kind, true) else {
            return Ok(());
        };
        let fits = |cols: usize| {
            Board::new(board.rows(), cols)
                .is_ok_and(|b| past_the_widest(b, self.kind, true).is_none())
        };
        // The columns that fit: a count's bits grow with its columns.
        let (mut low, mut high) = (0, board.cols());
        while low + 1 < high {
            let mid = usize::midpoint(low, high);
            if fits(mid) { low = mid } else { high = mid }
        }
        let last = match self.measure {
            Measure::Cols => low,
            Measure::Cells => low * board.rows(),
        };
        Err(Failure::refused(format!(
            "a sequence of {} tours of {board}: its weights would need about {bits} bits, past the {} bits a sweep holds, so it would stop before its last term; it goes to about n = {last}",
            self.kind,
            kt_frontier::widest_weight_bits()
        )))
    }

    /// What the sweep will cost, before any work: the columns sweep of its
    /// strip ([`crate::methods::estimate_strip_sweep`], from the levels
    /// measured on strips), times what a sweep of every prefix keeps
    /// besides, as measured on 6×12 open (`docs/benchmarks.md`,
    /// *Sequences*): the folded sweep of the boards reads 0.75 of the
    /// columns' states, an unfolded one 1.13, one of every first-cells
    /// prefix 1.34.
    ///
    /// A strip taller than it is long is still swept column by column (the
    /// order of its terms): its levels are the first columns of the strip
    /// of its height, which the estimate takes as they were measured. It
    /// once took the square `rows × rows` in proportion to the columns,
    /// whose widest level the first columns never reach: `sequence 8 --to
    /// 3` was refused as 235 GiB, and runs in a tenth of a second.
    pub fn sweep_estimate(&self) -> Result<ColumnsEstimate, Failure> {
        // The work against the columns sweep's, by the kind of sweep.
        const FOLDED: f64 = 0.75;
        const UNFOLDED: f64 = 1.13;
        const CELLS: f64 = 1.34;
        let board = self.board()?;
        let mut estimate =
            crate::methods::estimate_strip_sweep(board, self.kind, self.threads.min(4096) as u32);
        // The work, and the widest level against the folded sweep's, which
        // the strip's measured levels give. Unfolded it holds more: 8.82 GB
        // against 5.60 on 7×50 closed, 3.18 against 2.42 on 6×64 open
        // (2026-11-29); the work's ratio lies between the two.
        let (work, widest) = match (self.measure, self.folds()) {
            (Measure::Cols, true) => (FOLDED, 1.0),
            (Measure::Cols, false) => (UNFOLDED, UNFOLDED / FOLDED),
            (Measure::Cells, _) => (CELLS, 1.0),
        };
        estimate.states_summed *= work;
        estimate.seconds *= work;
        estimate.peak_states *= widest;
        estimate.bytes *= widest;
        Ok(estimate)
    }

    /// What counting each board on its own costs, as `count` counts it
    /// (its own order, folded: [`crate::methods::estimate_board_count`]),
    /// where the sequence may be answered so ([`StripWay::BoardByBoard`]:
    /// boards, not first cells, and no checkpoint asked for, which records
    /// one sweep); the widest of the boards' levels, the work summed.
    ///
    /// Asked of short sequences only, to twice the strip's height: there
    /// the last board is most of the work, and a count of it in its own
    /// order can beat the sweep of every prefix by twentyfold (`sequence 9
    /// --to 9`: about 8.6 hours, against 7 days); past it the one sweep's
    /// terms come cheaper than the boards' sum.
    fn boards_estimate(&self) -> Option<ColumnsEstimate> {
        if self.measure != Measure::Cols
            || self.checkpoint.is_some()
            || self.resume.is_some()
            || self.to > 2 * self.rows
        {
            return None;
        }
        let threads = self.threads.min(4096) as u32;
        let mut all = ColumnsEstimate {
            peak_states: 0.0,
            states_summed: 0.0,
            seconds: 0.0,
            bytes: 0.0,
        };
        for n in 1..=self.to {
            let board = Board::new(self.rows, n).ok()?;
            let one = crate::methods::estimate_board_count(board, self.kind, threads);
            all.peak_states = all.peak_states.max(one.peak_states);
            all.bytes = all.bytes.max(one.bytes);
            all.states_summed += one.states_summed;
            all.seconds += one.seconds;
        }
        Some(all)
    }

    /// The question a checkpoint of this sweep keeps the work of.
    pub(super) fn question(&self) -> Result<CheckpointOf, Failure> {
        Ok(CheckpointOf::Sequence {
            board: self.board()?,
            kind: self.kind,
            cells: self.measure == Measure::Cells,
            folded: self.folds(),
        })
    }

    /// Refuses, before any work, a checkpoint or resume directory that
    /// keeps the work of another question (a whole count, another
    /// sequence): it is never resumed nor written over.
    fn check_checkpoints(&self) -> Result<(), Failure> {
        let asked = self.question()?;
        for (option, dir) in [
            (Setting::Checkpoint, &self.checkpoint),
            (Setting::Resume, &self.resume),
        ] {
            if let Some(dir) = dir {
                checkpoint_of::check(option, dir, asked)?;
            }
        }
        Ok(())
    }

    /// Every path the sweep writes or reads, checked before any work as a
    /// count's are (`crate::plan`): the spill directory made, the
    /// checkpoint directory makeable, the program's and not another
    /// sweep's now, and the one resumed a checkpoint of this sequence that
    /// no sweep is writing now. Nothing is written into a directory
    /// refused.
    fn check_paths(&self) -> Result<(), Failure> {
        if let Some(dir) = &self.spill_dir {
            crate::paths::writable_dir(Setting::SpillDir, dir)?;
        }
        self.check_checkpoints()?;
        if let Some(dir) = &self.checkpoint {
            crate::paths::makeable_dir(Setting::Checkpoint, dir)?;
            crate::paths::checkpoint_dir(&CheckpointTarget {
                write: dir.clone(),
                resume: self.resume.clone(),
                share: None,
            })?;
        }
        if let Some(dir) = &self.resume {
            let refused =
                |why: String| Failure::refused(message!(Setting::Resume.given(dir.display()), why));
            if !kt_frontier::checkpoint::holds_checkpoint(dir) {
                return Err(refused(
                    ": no checkpoint there (a checkpoint directory holds a manifest)".into(),
                ));
            }
            if kt_frontier::checkpoint::in_use(dir) {
                return Err(refused(
                    ": it is the checkpoint of another sweep running now; wait for it to end"
                        .into(),
                ));
            }
            let board = self.board()?;
            match kt_frontier::checkpoint::inspect(dir) {
                Ok(held)
                    if held.rows == board.rows()
                        && held.cols == board.cols()
                        && held.kind == self.kind
                        && held.prefixes => {}
                Ok(held) => {
                    return Err(refused(format!(
                        ": it is a checkpoint of {} tours of {}x{}{}, not of this sequence's {board}",
                        held.kind,
                        held.rows,
                        held.cols,
                        if held.prefixes {
                            ""
                        } else {
                            " (a whole count)"
                        }
                    )));
                }
                Err(e) => return Err(refused(format!(": {e}"))),
            }
        }
        Ok(())
    }
}
