//! The frontier sweep spread over several processes or machines
//! (`--method cluster`, `--processes N --process I`): kt-distributed runs
//! the frontier method's own sweep on timely dataflow, each process
//! holding its share of every level (`docs/distributed.md`). Its settings
//! are the frontier method's, plus the cluster; `--threads` and
//! `--memory` are each process's.

use std::time::Instant;

use kt_board::TourKind;
use kt_distributed::{
    ClusterCount, ClusterCounted, ClusterOptions, ClusterRefusal, DistributedError,
};
use num_bigint::BigUint;

use super::frontier::{self, Frontier};
use super::{
    CountsByStart, Descriptor, GivenOptions, Job, Method, MethodSettings, Outputs, Reach,
    Resources, Setting,
};
use crate::failure::{Failure, FailureKind};
use crate::observer::Watch;
use crate::report::{Benchmark, ClusterReport, Counted, ProcessFigures, RunReport, Status};
use crate::words::{Message, Word, message};

/// The cluster method: the frontier method's settings, and the processes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cluster {
    /// Threads, memory, spill directory, checkpoints: each process's. The
    /// checkpoint and resume directories hold one directory per process.
    pub frontier: Frontier,
    /// The processes (default: one, this one).
    pub cluster: Option<ClusterOptions>,
}

impl Cluster {
    fn cluster(&self) -> ClusterOptions {
        self.cluster.clone().unwrap_or_default()
    }

    /// The processes that share the count.
    pub(crate) fn processes(&self) -> usize {
        self.cluster.as_ref().map_or(1, |c| c.processes)
    }
}

impl Method for Cluster {
    fn descriptor(&self) -> &'static Descriptor {
        &Descriptor {
            name: "cluster",
            summary: "the frontier sweep spread over several processes or machines (--processes N --process I), on timely dataflow",
            breadth: 3,
            encoding: Benchmark::EDGES,
            takes: &[
                Setting::Threads,
                Setting::Memory,
                Setting::SpillDir,
                Setting::Checkpoint,
                Setting::Resume,
                Setting::Processes,
                Setting::Order,
            ],
        }
    }

    fn resources(&self) -> Option<Resources> {
        Some(self.frontier.resources)
    }

    fn configure(&self, given: &GivenOptions) -> Result<MethodSettings, Setting> {
        let frontier = GivenOptions {
            cluster: None,
            ..given.clone()
        };
        let MethodSettings::Frontier(frontier) = self.frontier.configure(&frontier)? else {
            unreachable!("the frontier method configures itself");
        };
        Ok(MethodSettings::Cluster(Cluster {
            frontier,
            cluster: given.cluster.clone().or_else(|| self.cluster.clone()),
        }))
    }

    /// The frontier method's order, which every process sweeps in.
    fn order_choice(&self) -> Option<kt_frontier::OrderChoice> {
        self.frontier.order_choice()
    }

    /// The frontier method's: each holds one directory per process.
    fn checkpoint_dirs(&self) -> super::CheckpointDirs {
        self.frontier.checkpoint_dirs()
    }

    /// The frontier method's, its checkpoint directory holding one
    /// directory per process.
    fn outputs(&self) -> Outputs {
        let mut outputs = self.frontier.outputs();
        if let Some(target) = &mut outputs.checkpoint {
            let cluster = self.cluster();
            target.share = Some((cluster.process, cluster.processes));
        }
        outputs
    }

    /// The frontier method's estimate, shared by the processes: each holds
    /// its share of every level and expands it (the exchange's cost is
    /// measured in `docs/benchmarks.md`, not modelled). Refuses what the
    /// cluster cannot run (`ClusterCount::check`).
    fn reach(&self, job: &Job) -> Result<Reach, Failure> {
        frontier::check_weights(job)?;
        let options = self.frontier.options(job);
        let cluster = self.cluster();
        let order = job.order()?;
        ClusterCount {
            order,
            kind: job.kind,
            options: &options,
            cluster: &cluster,
            tallies: false,
        }
        .check()
        .map_err(|e| Failure::refused(e.to_string()))?;
        Ok(frontier::sweep_reach(job, order, cluster.processes))
    }

    fn count(
        &self,
        job: &Job,
        mut report: RunReport,
        watch: Watch<'_>,
    ) -> Result<Counted, Failure> {
        let started = Instant::now();
        let counted = self.sweep(job, false, &mut report, watch)?;
        report.close(started);
        Ok(Counted::new(counted.tours, report))
    }

    fn start_tallies(&self) -> Option<&dyn CountsByStart> {
        Some(self)
    }
}

impl CountsByStart for Cluster {
    /// The frontier method's table in one sweep, each process holding its
    /// share of every level: the tallies by class summed over the
    /// processes as the closed tours are.
    fn count_by_start(
        &self,
        job: &Job,
        report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<Option<(BigUint, Vec<BigUint>)>, Failure> {
        if job.kind != TourKind::Open || !kt_frontier::tallies_fit(job.board) {
            return Ok(None);
        }
        let started = Instant::now();
        let counted = self.sweep(job, true, report, watch)?;
        let table = kt_frontier::by_start_of(job.board, counted.outcome).map_err(|error| {
            self.frontier
                .failure(job, &error, report, watch.cancel, started)
        })?;
        Ok(Some((table.tours, table.by_square)))
    }

    fn tally_share(&self) -> (f64, f64) {
        self.frontier.tally_share()
    }
}

impl Cluster {
    /// This process's share of one sweep of `job` (with tallies of its
    /// paths' ends where `tallies`), run by the one sweep runner: the
    /// levels and the cluster's figures in `report`, an error as the
    /// runner's failure with the report so far.
    fn sweep(
        &self,
        job: &Job,
        tallies: bool,
        report: &mut RunReport,
        watch: Watch<'_>,
    ) -> Result<ClusterCounted, Failure> {
        let started = Instant::now();
        let cluster = self.cluster();
        let result = self
            .frontier
            .watched(job, report, watch, |order, options, levels| {
                kt_distributed::count_tours(
                    &ClusterCount {
                        order,
                        kind: job.kind,
                        options,
                        cluster: &cluster,
                        tallies,
                    },
                    levels,
                    watch.cancel.flag(),
                )
            })?;
        let stopped = |error: &kt_frontier::FrontierError, report: &RunReport| {
            self.frontier
                .failure(job, error, report, watch.cancel, started)
        };
        match result {
            Ok(counted) => {
                if let Some(frontier) = &mut report.frontier {
                    frontier.resumed_from = counted.outcome.resumed_from;
                    frontier.disk_peak_bytes = counted
                        .processes
                        .iter()
                        .map(|p| p.disk_peak_bytes)
                        .max()
                        .unwrap_or(counted.outcome.disk_peak_bytes);
                }
                report.cluster = Some(ClusterReport {
                    processes: cluster.processes,
                    process: cluster.process,
                    threads: job.threads as usize,
                    sent_bytes: counted.sent_bytes(),
                    per_process: counted
                        .processes
                        .iter()
                        .map(|p| ProcessFigures {
                            address: cluster
                                .addresses
                                .get(p.process)
                                .cloned()
                                .unwrap_or_default(),
                            figures: p.clone(),
                        })
                        .collect(),
                });
                Ok(counted)
            }
            Err(DistributedError::Refused(why)) => Err(Failure::refused(why)),
            Err(DistributedError::Cluster(refusal)) => Err(Failure::refused(&refusal)),
            Err(DistributedError::PeerLost(_)) if watch.cancel.cause().is_some() => Err(stopped(
                &kt_frontier::FrontierError::Cancelled {
                    levels: Vec::new(),
                    steps_done: 0,
                    prefixes: Vec::new(),
                },
                report,
            )),
            Err(error @ DistributedError::PeerLost(_)) => {
                let message = error.to_string();
                let mut report = report.clone();
                report.stop(Status::Failed, &message, started);
                Err(Failure {
                    kind: FailureKind::Other,
                    message: message.into(),
                    report: None,
                }
                .with_report(report))
            }
            Err(error @ DistributedError::Internal(_)) => {
                Err(Failure::other(error.to_string()).with_report(report.clone()))
            }
            Err(DistributedError::Frontier(error)) => Err(stopped(&error, report)),
        }
    }
}

/// A cluster's refusal in the library's words: the options at fault as
/// typed words, for each front end to spell.
impl From<&ClusterRefusal> for Message {
    fn from(refusal: &ClusterRefusal) -> Message {
        let processes = Setting::Processes;
        match refusal {
            ClusterRefusal::NoProcesses => message!(processes, " must be at least 1"),
            ClusterRefusal::ProcessOutOfRange {
                process,
                processes: n,
            } => message!(
                Word::Process.given(process),
                " is out of range: with ",
                processes.given(n),
                format!(" the processes are 0 to {}", n - 1)
            ),
            ClusterRefusal::PortsRunPast { port, processes: n } => message!(
                Word::Port.given(port),
                " with ",
                processes.given(n),
                format!(" runs past port {}", u16::MAX)
            ),
            ClusterRefusal::FewAddresses {
                hostfile,
                listed,
                processes: n,
            } => message!(
                format!("hostfile {hostfile} lists {listed} addresses, and "),
                processes.given(n),
                " needs one per process"
            ),
            ClusterRefusal::Hostfile(why) => why.clone().into(),
            ClusterRefusal::NoShare {
                dir,
                process,
                processes: n,
                mine,
            } => message!(
                Setting::Resume.given(dir.display()),
                format!(
                    ": no checkpoint of process {process} of {n} in {}",
                    mine.display()
                )
            ),
        }
    }
}
