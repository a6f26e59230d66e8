//! One frontier count spread over several processes or machines, on
//! timely dataflow.
//!
//! Some counts outgrow one machine: 8×8 open as one sweep needs a level of
//! billions of states (`docs/frontier.md`). This crate runs kt-frontier's
//! sweep with each level spread over `N` processes: every state has one
//! owner, each process expands the states it owns on all its threads, the
//! successors go to their owners through timely's exchange, and each
//! process adds up equal states in kt-frontier's own level store, sorting
//! and spilling as a count on one machine does (`sweep`). The level loop,
//! the transitions, the step and the level store are kt-frontier's: this
//! crate is what a cluster's process does differently in the loop, one
//! implementation of `kt_frontier::exchange::Exchange`.
//!
//! * [`hosts`]: where the processes listen (timely's hostfile format);
//! * [`connect`](mod@connect): the sockets, made and checked before any
//!   work, handed to timely;
//! * `sweep`: a level as expand, exchange, add up;
//! * [`resume`]: every process's checkpoints, and the level they share;
//! * `lost`: a lost peer told from a bug;
//! * [`liveness`]: a frozen peer told from a slow one (the heartbeat).
//!
//! Timely runs one worker per process here, and the process's threads
//! (`Options::threads`) expand and merge inside it: the level store is
//! already parallel, and one worker per thread would cut each machine's
//! share into smaller stores and route a machine's own states through
//! timely's channels.

pub mod connect;
pub mod error;
pub mod hosts;
pub mod liveness;
mod lost;
pub mod report;
pub mod resume;
mod sweep;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use kt_board::{Board, TourKind};
use kt_frontier::{FrontierError, Options, Order, Sweep, SweepCount, Watcher};
use num_bigint::BigUint;
use timely::communication::allocator::thread::ThreadBuilder;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};

pub use error::DistributedError;
pub use hosts::ClusterRefusal;
pub use liveness::PEER_TIMEOUT;
pub use report::ProcessReport;
/// A cluster's checkpoint directories, asked for by their meaning: the
/// layout (`process-I-of-N/{a,b}`) stays in [`resume`].
pub use resume::{Foreign as ForeignCheckpoint, checkpoint_slots, is_process_dir};
pub use sweep::owner;

/// How long a process waits for the others to start and connect, unless
/// told otherwise.
pub const CONNECT_TIMEOUT: Duration = Duration::from_mins(1);

/// The cluster: how many processes, which one this is, where they listen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClusterOptions {
    pub processes: usize,
    /// This process, from 0.
    pub process: usize,
    /// Every process's `host:port`, process 0 first.
    pub addresses: Vec<String>,
    /// How long to wait for the others to connect.
    pub connect_timeout: Duration,
    /// How long a peer may send nothing, not even its heartbeat, before
    /// the count stops with it named (`liveness`).
    pub peer_timeout: Duration,
}

/// One process, this one, on this machine at the default port, with the
/// default timeouts: what a cluster count is without `--processes`.
impl Default for ClusterOptions {
    fn default() -> ClusterOptions {
        ClusterOptions {
            processes: 1,
            process: 0,
            addresses: vec![format!("127.0.0.1:{}", hosts::DEFAULT_PORT)],
            connect_timeout: CONNECT_TIMEOUT,
            peer_timeout: PEER_TIMEOUT,
        }
    }
}

/// Where the processes of a cluster listen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Addresses<'a> {
    /// One address a line, in timely's hostfile format.
    Hostfile(&'a std::path::Path),
    /// Every process on this machine, process I at `port + I` (default
    /// [`hosts::DEFAULT_PORT`]).
    Local { port: Option<u16> },
}

impl ClusterOptions {
    /// The cluster of `processes` in which this one is `process`: the
    /// index checked before the hostfile is read, the addresses read or
    /// made, the timeouts given or the defaults. Every front end
    /// assembles a cluster here, so each refuses what the others refuse.
    pub fn assemble(
        processes: usize,
        process: usize,
        addresses: Addresses<'_>,
        connect_timeout: Option<Duration>,
        peer_timeout: Option<Duration>,
    ) -> Result<ClusterOptions, ClusterRefusal> {
        hosts::check_process(process, processes)?;
        let addresses = match addresses {
            Addresses::Hostfile(path) => hosts::read_hostfile(path, processes)?,
            Addresses::Local { port } => {
                hosts::localhost(processes, port.unwrap_or(hosts::DEFAULT_PORT))?
            }
        };
        Ok(ClusterOptions {
            processes,
            process,
            addresses,
            connect_timeout: connect_timeout.unwrap_or(CONNECT_TIMEOUT),
            peer_timeout: peer_timeout.unwrap_or(PEER_TIMEOUT),
        })
    }
}

/// One count.
#[derive(Clone, Copy, Debug)]
pub struct ClusterCount<'a> {
    /// The order of the squares, resolved once by the caller's plan
    /// (`kt_frontier::resolve_order`): every process sweeps in it, and
    /// its board is the count's.
    pub order: &'a Order,
    pub kind: TourKind,
    /// The sweep's options for this process: threads, memory, spill
    /// directory. `checkpoint` and `resume` name a directory in which
    /// each process keeps its own (`resume`).
    pub options: &'a Options,
    pub cluster: &'a ClusterOptions,
    /// Each state tallies its paths' ends by class of square
    /// (`kt_frontier::Sweep::tallied`): the count's `outcome.prefixes`
    /// are then the directed open tours by class, summed over the
    /// processes, for `kt_frontier::by_start_of`. Open tours only.
    pub tallies: bool,
}

/// The sweep every process of a count runs, built alike in each: a whole
/// count's, or one with tallies; `None` where tallies were asked of a
/// sweep that cannot keep them (closed tours, too many classes).
fn build_sweep(order: &Order, kind: TourKind, options: &Options, tallies: bool) -> Option<Sweep> {
    if tallies {
        Sweep::tallied(order, kind, options.fold)
    } else {
        Some(kt_frontier::whole_sweep(order, kind, options))
    }
}

/// A finished count on a cluster.
#[derive(Clone, Debug, PartialEq)]
pub struct ClusterCounted {
    /// In the project's convention (closed undirected, open directed).
    pub tours: BigUint,
    /// The levels, summed over the processes.
    pub outcome: SweepCount,
    pub processes: Vec<ProcessReport>,
}

impl ClusterCounted {
    /// Bytes sent between processes in all.
    pub fn sent_bytes(&self) -> u64 {
        self.processes.iter().map(|p| p.sent_bytes).sum()
    }
}

/// What the worker thread tells the caller's thread.
enum Event {
    Started(usize, usize, u64),
    Progress(usize, u64, u64),
    Finished(kt_frontier::LevelReport),
    Checkpointed(usize, PathBuf),
    Done(Result<sweep::Finished, DistributedError>),
}

/// The watcher on the worker thread: passes everything on.
struct Forward(mpsc::Sender<Event>);

impl Watcher for Forward {
    fn step_started(&self, step: usize, steps: usize, states: u64) {
        let _ = self.0.send(Event::Started(step, steps, states));
    }
    fn step_progress(&self, step: usize, done: u64, states: u64) {
        let _ = self.0.send(Event::Progress(step, done, states));
    }
    fn step_finished(&self, report: &kt_frontier::LevelReport) {
        let _ = self.0.send(Event::Finished(report.clone()));
    }
    fn checkpointed(&self, step: usize, path: &std::path::Path) {
        let _ = self.0.send(Event::Checkpointed(step, path.to_path_buf()));
    }
}

impl ClusterCount<'_> {
    /// The board counted.
    pub fn board(&self) -> Board {
        self.order.board()
    }

    /// Refuses, before any work and without touching the network, what
    /// cannot run: a process index out of range, addresses that do not
    /// match the processes, a board the frontier cannot represent, a
    /// resume directory without this process's checkpoints (a process
    /// alone; in a cluster, every process hears of it at the handshake and
    /// refuses with it).
    pub fn check(&self) -> Result<(), DistributedError> {
        let c = self.cluster;
        let refuse = |why: String| Err(DistributedError::Refused(why));
        hosts::check_process(c.process, c.processes).map_err(DistributedError::Cluster)?;
        if c.addresses.len() != c.processes {
            return refuse(format!(
                "{} addresses for {} processes",
                c.addresses.len(),
                c.processes
            ));
        }
        kt_frontier::fits(self.order, self.kind)
            .map_err(|e| DistributedError::Refused(e.to_string()))?;
        if self.tallies && self.sweep().is_none() {
            return refuse(format!(
                "the {} tours of {} cannot be tallied by start square in one sweep (open tours of boards of at most {} classes of squares)",
                self.kind,
                self.board(),
                kt_frontier::MAX_END_CLASSES
            ));
        }
        // A process of a cluster without its checkpoints says so in its
        // hello, so that every process refuses at once, naming it; refused
        // here, it would leave the others waiting for it until
        // --connect-timeout and then blaming the network.
        if let Some(dir) = self.options.resume.as_ref().filter(|_| c.processes == 1) {
            let mine = resume::process_dir(dir, c.process, c.processes);
            if resume::held(&mine, c.process, c.processes, None).is_empty() {
                return Err(DistributedError::Cluster(ClusterRefusal::NoShare {
                    dir: dir.clone(),
                    process: c.process,
                    processes: c.processes,
                    mine,
                }));
            }
        }
        Ok(())
    }

    /// The sweep this process runs ([`build_sweep`]).
    fn sweep(&self) -> Option<Sweep> {
        build_sweep(self.order, self.kind, self.options, self.tallies)
    }

    /// What every process must agree on, said in the hello: the order of
    /// the squares among it (processes sweeping in different orders would
    /// exchange states that mean different things).
    fn description(&self) -> String {
        let order = format!("{:08x}", self.order.fingerprint());
        // What the keys exchanged mean: the sweep's steps and the state
        // code, as a checkpoint's manifest records them. The version alone
        // (0.1.0 at every commit) let two builds that code states
        // differently accept each other (issue 38, finding 15).
        let code = self.sweep().map_or_else(
            || "none".to_owned(),
            |sweep| format!("{:08x}", kt_frontier::checkpoint::fingerprint(&sweep)),
        );
        format!(
            "counts {} tours of {} in order {order} with state code {code}, knights-tour {} ({})",
            self.kind,
            self.board(),
            env!("CARGO_PKG_VERSION"),
            if self.options.resume.is_some() {
                "resuming"
            } else {
                "from the start"
            }
        )
    }
}

/// Counts `count`'s tours with this process as one of the cluster: it
/// connects to the others (refusing, with [`DistributedError::Refused`],
/// before any work, what cannot run), runs its share of every level, and
/// returns the count, which every process knows at the end. `watcher`
/// hears the whole cluster's levels; `cancel` stops this process (and so,
/// timely being fail-stop, the cluster).
///
/// The steps, each a function below: the slots this process holds
/// ([`held_slots`]), the network and the level to resume from
/// ([`network`]), timely's worker started ([`start_worker`]), its events
/// passed on until it is done ([`relay`]), and the count read from the
/// cycles.
pub fn count_tours(
    count: &ClusterCount<'_>,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
) -> Result<ClusterCounted, DistributedError> {
    count.check()?;
    lost::watch();
    let Some(sweep) = count.sweep() else {
        return Err(DistributedError::Refused(
            "no sweep with tallies of this board".into(),
        ));
    };
    if sweep.impossible() {
        // Every process knows this alike, so none waits for another.
        return Ok(ClusterCounted {
            tours: BigUint::ZERO,
            outcome: SweepCount::empty(sweep.width()),
            processes: Vec::new(),
        });
    }
    let held = held_slots(count)?;
    // The heartbeat lives from the handshake to the end of the count.
    let network = network(count, &held)?;
    // The level to resume from: one process goes on from its latest, a
    // cluster from the highest level every process holds (each process
    // computes the same from the same hellos).
    let resume_slot = network
        .resume_step
        .and_then(|step| held.iter().find(|(s, _)| *s == step))
        .map(|(_, path)| path.clone());
    // Timely runs its worker on a thread of its own, which owns what it
    // uses; the watcher and the cancel flag stay on this thread, which
    // hands the worker's events to the watcher and the cancel flag to the
    // worker until the worker is done.
    let (events, from_worker) = mpsc::channel::<Event>();
    let stop = Arc::new(AtomicBool::new(false));
    let guards = start_worker(
        count,
        network.builders,
        network.others,
        resume_slot,
        events,
        Arc::clone(&stop),
    )?;
    match relay(
        &from_worker,
        watcher,
        cancel,
        &stop,
        &count.cluster.addresses,
    ) {
        Ok(finished) => {
            join_unless_stopped(guards);
            let tours = kt_frontier::tours_of_cycles(count.board(), count.kind, &finished.cycles);
            Ok(ClusterCounted {
                tours,
                outcome: SweepCount {
                    cycles: finished.cycles,
                    prefixes: finished.prefixes,
                    levels: finished.levels,
                    width: sweep.width(),
                    resumed_from: finished.resumed_from,
                    disk_peak_bytes: finished.disk_peak_bytes,
                    spilled_bytes: finished.spilled_bytes,
                },
                processes: finished.processes,
            })
        }
        Err(e) => {
            // The exchange may be broken: leave the worker and the network
            // threads to the process's exit rather than wait for them.
            std::mem::forget(guards);
            Err(e)
        }
    }
}

/// Joins the worker and the network threads once they have sent their
/// last bytes; a peer that leaves first is no error any more, and a worker
/// that stopped for good on a lost peer (`lost::worker_stopped`) while it
/// dropped its dataflow is left to the process's exit rather than waited
/// for.
fn join_unless_stopped(guards: timely::communication::WorkerGuards<()>) {
    let (joined, done) = mpsc::channel();
    let joining = std::thread::Builder::new()
        .name("kt-join".into())
        .spawn(move || {
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| drop(guards)));
            let _ = joined.send(());
        });
    if joining.is_err() {
        return;
    }
    while let Err(mpsc::RecvTimeoutError::Timeout) = done.recv_timeout(Duration::from_millis(5)) {
        if lost::worker_stopped() {
            return;
        }
    }
}

/// The levels this process's checkpoint slots hold whole, with their
/// slots, when the count resumes (a damaged slot is left for the level
/// before).
fn held_slots(count: &ClusterCount<'_>) -> Result<Vec<(usize, PathBuf)>, DistributedError> {
    let c = count.cluster;
    let Some(dir) = &count.options.resume else {
        return Ok(Vec::new());
    };
    let workers =
        kt_frontier::exchange::Workers::new(count.options.threads).map_err(FrontierError::Io)?;
    Ok(resume::held(
        &resume::process_dir(dir, c.process, c.processes),
        c.process,
        c.processes,
        Some(&workers),
    ))
}

/// This process's part of the cluster's network, for timely.
struct Network {
    builders: Vec<AllocatorBuilder>,
    /// What keeps the connections up (the networking guard).
    others: Box<dyn std::any::Any + Send>,
    /// The heartbeat, held for as long as the count runs.
    _liveness: Option<liveness::Liveness>,
    /// The level the cluster resumes from: this process's latest alone, or
    /// the highest every process holds.
    resume_step: Option<usize>,
}

/// Connects this process to the others (none for a cluster of one): the
/// handshake, the heartbeat, the level every process holds to resume from
/// (refused if there is none), and timely's allocators over the sockets.
fn network(
    count: &ClusterCount<'_>,
    held: &[(usize, PathBuf)],
) -> Result<Network, DistributedError> {
    let c = count.cluster;
    let latest = held.last().map(|(step, _)| *step);
    if c.processes == 1 {
        return Ok(Network {
            builders: vec![AllocatorBuilder::Thread(ThreadBuilder)],
            others: Box::new(()),
            _liveness: None,
            resume_step: latest,
        });
    }
    let hello = connect::Hello {
        index: c.process,
        processes: c.processes,
        resumable: held.iter().map(|(step, _)| *step).collect(),
        description: count.description(),
    };
    let connected = connect::connect(&c.addresses, &hello, c.connect_timeout)
        .map_err(DistributedError::Refused)?;
    let liveness = liveness::Liveness::start(connected.beats, c.peer_timeout)
        .map_err(|e| DistributedError::Refused(format!("cannot start the heartbeat: {e}")))?;
    let mut resume_step = latest;
    if count.options.resume.is_some() {
        let shared = resume::common(connected.hellos.iter().map(|h| h.resumable.as_slice()));
        if shared.is_none() {
            let said: Vec<String> = connected
                .hellos
                .iter()
                .map(|h| {
                    if h.resumable.is_empty() {
                        format!("process {} holds no checkpoint", h.index)
                    } else {
                        format!("process {} holds {:?}", h.index, h.resumable)
                    }
                })
                .collect();
            return Err(DistributedError::Refused(format!(
                "no level that every process holds a checkpoint of ({})",
                said.join(", ")
            )));
        }
        resume_step = shared;
    }
    let process_allocators =
        ProcessBuilder::new_typed_vector(1, timely::communication::Hooks::default().refill, None);
    let (builders, guard) = initialize_networking_from_sockets(
        process_allocators,
        connected.sockets,
        c.process,
        1,
        timely::communication::Hooks::default(),
    )
    .map_err(|e| DistributedError::Refused(format!("cannot start the exchange: {e}")))?;
    Ok(Network {
        builders: builders.into_iter().map(AllocatorBuilder::Tcp).collect(),
        others: Box::new(guard),
        _liveness: Some(liveness),
        resume_step,
    })
}

/// Starts timely's worker on its own thread: it sweeps this process's
/// share of every level (`sweep::run`, with keys as wide as the sweep
/// needs) and sends its events, and at last its result, to `events`;
/// `stop` asks it to stop.
fn start_worker(
    count: &ClusterCount<'_>,
    builders: Vec<AllocatorBuilder>,
    others: Box<dyn std::any::Any + Send>,
    resume_slot: Option<PathBuf>,
    events: mpsc::Sender<Event>,
    stop: Arc<AtomicBool>,
) -> Result<timely::communication::WorkerGuards<()>, DistributedError> {
    let c = count.cluster;
    let (kind, options, tallies) = (count.kind, count.options.clone(), count.tallies);
    let order = count.order.clone();
    let (process, processes) = (c.process, c.processes);
    let addresses = c.addresses.clone();
    let events = Mutex::new(events);
    let checkpoint_dir = count
        .options
        .checkpoint
        .as_ref()
        .map(|dir| resume::process_dir(dir, process, processes));
    timely::execute::execute_from(
        builders,
        others,
        timely::WorkerConfig::default(),
        move |worker| {
            let events = events
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .clone();
            let Some(sweep) = build_sweep(&order, kind, &options, tallies) else {
                let _ = events.send(Event::Done(Err(DistributedError::Refused(
                    "no sweep with tallies of this board".into(),
                ))));
                return;
            };
            let forward = Forward(events.clone());
            let job = sweep::SweepTask {
                sweep: &sweep,
                options: &options,
                process,
                processes,
                checkpoint_dir: checkpoint_dir.clone(),
                resume_slot: resume_slot.clone(),
                watcher: &forward,
                cancel: &stop,
            };
            let result = match kt_frontier::exchange::key_bits(&sweep) {
                Some(64) => sweep::run::<u64>(worker, &job, &addresses),
                _ => sweep::run::<u128>(worker, &job, &addresses),
            };
            let _ = events.send(Event::Done(result));
        },
    )
    .map_err(|e| DistributedError::Refused(format!("cannot start the timely worker: {e}")))
}

/// Passes the worker's events on to `watcher` on this thread, and
/// `cancel` on to the worker, until the worker is done; a worker gone
/// without a result is a lost peer (named from `addresses`) or a bug.
fn relay(
    from_worker: &mpsc::Receiver<Event>,
    watcher: &dyn Watcher,
    cancel: &AtomicBool,
    stop: &AtomicBool,
    addresses: &[String],
) -> Result<sweep::Finished, DistributedError> {
    loop {
        match from_worker.recv_timeout(Duration::from_millis(5)) {
            Ok(Event::Started(step, steps, states)) => watcher.step_started(step, steps, states),
            Ok(Event::Progress(step, done, states)) => watcher.step_progress(step, done, states),
            Ok(Event::Finished(report)) => watcher.step_finished(&report),
            Ok(Event::Checkpointed(step, path)) => watcher.checkpointed(step, &path),
            Ok(Event::Done(result)) => return result,
            Err(mpsc::RecvTimeoutError::Timeout) if lost::worker_stopped() => {
                // The worker parked on a lost peer before it could say so.
                return Err(lost::error(addresses).unwrap_or_else(|| {
                    DistributedError::Internal("the timely worker stopped without a result".into())
                }));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(lost::error(addresses).unwrap_or_else(|| {
                    DistributedError::Internal("the timely worker stopped without a result".into())
                }));
            }
        }
        if cancel.load(Ordering::Relaxed) {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Processes agree only where their keys mean the same: the hello
    /// names the state code and the sweep, not only the version (issue 38,
    /// finding 15).
    #[test]
    fn the_hello_names_the_state_code() {
        let board: Board = "5x5".parse().unwrap();
        let options = Options::default();
        let cluster = ClusterOptions::default();
        let order = kt_frontier::resolve_order(board, TourKind::Open, &options).unwrap();
        let count = ClusterCount {
            order: &order,
            kind: TourKind::Open,
            options: &options,
            cluster: &cluster,
            tallies: false,
        };
        let code = kt_frontier::checkpoint::fingerprint(&kt_frontier::whole_sweep(
            &order,
            TourKind::Open,
            &options,
        ));
        let said = count.description();
        assert!(said.contains(&format!("state code {code:08x}")), "{said}");
        let closed = ClusterCount {
            kind: TourKind::Closed,
            ..count
        };
        assert_ne!(closed.description(), said);
    }
}
