//! What a board would cost a method ([`Reach`]), the limits a plan
//! compares it with, and how sizes and times are said (the advice about
//! memory is `crate::failure`'s: every sweep's failure says it).

use kt_memory::Bytes;

/// What a board would cost a method, estimated before any work from the
/// figures measured on the reference machine (2 cores, 24 GiB; see
/// `docs/benchmarks.md` and `docs/frontier.md`). Rough by design: it is
/// there to warn before a run that cannot finish, and for `auto` to choose.
#[derive(Clone, Debug, PartialEq)]
pub struct Reach {
    /// Wall time, with the job's threads.
    pub seconds: f64,
    /// Memory the work holds at its peak (what does not fit the budget
    /// goes to disk where the method spills).
    pub memory: Bytes,
    /// Whether memory beyond the budget can go to disk instead.
    pub spills: bool,
    /// Nodes of the final diagram, for the methods that build one.
    pub nodes: Option<u64>,
    /// The states a frontier sweep's steps read over all its levels, for
    /// one sweep on one process: the measure of its work by which a
    /// progress bar tells how far it is (a step takes time with the states
    /// it reads, and levels rise and fall); measured for the shipped
    /// orders, whose sweeps hold the same states every run.
    pub states: Option<f64>,
    /// Where the figures come from, said with them.
    pub basis: String,
}

impl Reach {
    /// The estimate for `runs` runs of the work it estimates (the sweeps
    /// a question takes, one after another in the same memory), each
    /// taking `share` of its time where a run is not a whole count: a run
    /// with fixed ends costs less, or more where the whole count folds and
    /// it cannot (`CountsFixedEnds::run_share`).
    #[must_use]
    pub fn times(self, runs: usize, share: Option<f64>) -> Reach {
        if runs <= 1 && share.is_none() {
            return self;
        }
        let basis = match share {
            Some(share) if runs <= 1 => format!("{}; {share}× a whole count's time", self.basis),
            Some(share) => format!(
                "{}; {runs} runs, each {share} of a whole count's time",
                self.basis
            ),
            None => format!("{}; {runs} runs", self.basis),
        };
        Reach {
            seconds: self.seconds * runs.max(1) as f64 * share.unwrap_or(1.0),
            basis,
            // One sweep's states no longer measure the whole run.
            states: None,
            ..self
        }
    }

    /// The estimate with `times` the memory: records wider than the work
    /// measured (a sweep with tallies).
    #[must_use]
    pub fn with_memory_times(self, times: f64) -> Reach {
        Reach {
            memory: Bytes(super::measured::whole(self.memory.0 as f64 * times)),
            basis: format!("{}, {times}× its memory", self.basis),
            ..self
        }
    }

    /// The estimate in as few words as the method line has room for:
    /// `under 1 s, 8 MiB`, `about 25 minutes, 4.6 GiB`.
    pub fn brief(&self) -> String {
        let time = if self.seconds < 1.0 {
            "under 1 s".to_string()
        } else {
            format!("about {}", crate::human::duration(self.seconds))
        };
        format!("{time}, {}", crate::human::bytes(self.memory))
    }

    /// The estimate's memory as a run with `budget` holds it: in memory,
    /// and on disk what a method that spills cannot keep within the
    /// budget. The one split the method line and the announcement of a
    /// long run both say.
    pub fn split(&self, budget: Bytes) -> (Bytes, Bytes) {
        let memory = if self.spills {
            Bytes(self.memory.0.min(budget.0))
        } else {
            self.memory
        };
        (memory, Bytes(self.memory.0.saturating_sub(memory.0)))
    }

    /// [`Reach::brief`] for a run with `budget`: what spills is said as
    /// disk (`about 1.2 hours, 16.1 GiB and 31.1 GiB of disk`).
    pub fn brief_within(&self, budget: Bytes) -> String {
        let (memory, disk) = self.split(budget);
        if disk.0 == 0 {
            return self.brief();
        }
        let time = if self.seconds < 1.0 {
            "under 1 s".to_string()
        } else {
            format!("about {}", crate::human::duration(self.seconds))
        };
        format!(
            "{time}, {} and {} of disk",
            crate::human::bytes(memory),
            crate::human::bytes(disk)
        )
    }

    /// The estimate in a few words: `about 2.5 hours and 80.4 GiB`.
    pub fn describe(&self) -> String {
        format!(
            "about {} and {}",
            crate::human::duration(self.seconds),
            crate::human::bytes(self.memory)
        )
    }
}

/// Work estimated to take longer than this is beyond what a run on one
/// machine is meant for: the plan refuses it before it starts, unless
/// forced (a longer count is resumable: `--checkpoint`, or shards).
pub const LONG_SECONDS: f64 = 2.0 * 3600.0;
