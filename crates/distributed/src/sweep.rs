//! One frontier sweep on a timely worker: kt-frontier's level loop
//! (`kt_frontier::exchange::run`), with this process's side of it (`Cluster`) as its
//! exchange. A level is three steps.
//!
//! 1. **Expand** the states this process holds, on all its threads, with
//!    kt-frontier's own step ([`exchange::expand`]) and transitions.
//! 2. **Exchange** the successors: each state has one owner, chosen by a
//!    hash of its key ([`owner`]). A successor this process owns goes
//!    straight into its level store; the others go through timely's
//!    `exchange` to their owner.
//! 3. **Add up** equal states in each owner's level store
//!    ([`Builder`]), which sorts, reduces and spills exactly as a count on
//!    one machine does.
//!
//! Timestamps are the levels: step `r`'s successors travel at time `2r`,
//! and the processes' figures for it at `2r + 1`, broadcast to every
//! process; a probe says when a time is complete everywhere. Since every
//! state lives at exactly one process, the states read summed over the
//! processes are the level's distinct states, as on one machine; the
//! tours that close are summed the same way, so every process ends with
//! the count.
//!
//! Only the timely worker's own thread touches timely. The expanding
//! threads hand the successors for other processes to it through a
//! bounded channel, which also holds them back when the exchange is slower
//! than the expansion.

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};

use kt_frontier::checkpoint::{self, Checkpoint};
use kt_frontier::exchange::{
    self, Exchange, Expanded, Expansion, Key, Level, Looping, Sink, Started, StepFigures, Store,
    Successors, Weight, WeightOverflow, Workers,
};
use kt_frontier::{FrontierError, LevelReport, Sweep, Watcher};
use num_bigint::BigUint;
use serde::{Deserialize, Serialize};
use timely::dataflow::channels::pact::Pipeline;
use timely::dataflow::operators::{Exchange as _, Input, Operator, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

use crate::error::DistributedError;
use crate::report::ProcessReport;
use crate::{lost, resume};

/// Successors a thread gathers for other processes before handing them
/// to the worker thread (1 MiB of `u64` keys).
const BATCH: usize = 1 << 16;

/// Batches in flight between the expanding threads and the worker thread,
/// per thread.
const IN_FLIGHT: usize = 4;

/// How long the worker thread parks when it has nothing to do, and so how
/// soon it notices a lost peer or a cancel.
const PARK: Duration = Duration::from_millis(2);

/// How long the processes wait for each other to shut the dataflow down
/// once the count is known everywhere.
const SHUTDOWN: Duration = Duration::from_secs(10);

/// The process that owns `key` among `processes`.
///
/// Timely's exchange maps a hash `h` to worker `h & (n - 1)` or `h % n`;
/// both are `h` itself when `h < n`, so routing by the owner sends each
/// state to the process `Outgoing` computed. kt-frontier partitions a
/// level by the top bits of the same hash ([`Key::placement`]); the owner
/// takes the remainder, which does not correlate with them.
#[inline]
pub fn owner<K: Key>(key: K, processes: u64) -> u64 {
    key.placement() % processes
}

/// Successors for other processes, from one expanding thread.
struct Batch<K> {
    small: Vec<(K, u64)>,
    big: Vec<BigRecord<K>>,
}

/// What each process says about a step, to every process: the step's
/// figures as the level loop adds them up (kt-frontier's own type, sent as
/// it is), and what only a cluster has.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Figures {
    process: u64,
    step: StepFigures,
    /// Bytes of successors sent to other processes, and records received.
    sent_bytes: u64,
    received: u64,
    /// Time spent waiting for the exchange and the other processes after
    /// this process's own expansion was done.
    wait_ms: f64,
}

/// The sweep's settings, as the cluster resolved them.
pub struct SweepTask<'a> {
    pub sweep: &'a Sweep,
    pub options: &'a kt_frontier::Options,
    pub process: usize,
    pub processes: usize,
    /// The directory this process checkpoints into, and the slot to resume
    /// from (the level every process holds).
    pub checkpoint_dir: Option<PathBuf>,
    pub resume_slot: Option<PathBuf>,
    pub watcher: &'a dyn Watcher,
    pub cancel: &'a AtomicBool,
}

/// What a process knows at the end.
pub struct Finished {
    pub cycles: BigUint,
    /// A sweep with tallies: the ends by class, summed over the processes
    /// (`kt_frontier::Swept::prefixes`).
    pub prefixes: Vec<(usize, BigUint)>,
    pub levels: Vec<LevelReport>,
    pub resumed_from: Option<usize>,
    pub processes: Vec<ProcessReport>,
    pub disk_peak_bytes: u64,
    pub spilled_bytes: u64,
}

/// A successor whose weight is beyond `u64`: the weight's little-endian
/// bytes, whatever the width of the step (the sender's and the receiver's
/// are the same: every process chooses it from the same gathered bound).
type BigRecord<K> = (K, Vec<u8>);

/// An input of the dataflow, records `D` at a level's time.
type LevelInput<D> = InputHandle<u64, timely::container::CapacityContainerBuilder<Vec<D>>>;

/// What the dataflow has handed this process, waiting to be taken.
type Arrived<D> = Rc<RefCell<Vec<D>>>;

/// The inputs and what arrives, on the worker thread.
struct Dataflow<K: Key> {
    small: LevelInput<(K, u64)>,
    big: LevelInput<BigRecord<K>>,
    figures: LevelInput<(u64, Figures)>,
    got_small: Arrived<(K, u64)>,
    got_big: Arrived<BigRecord<K>>,
    got_figures: Arrived<(u64, Figures)>,
    probe: ProbeHandle<u64>,
    received: u64,
}

impl<K: Key + timely::ExchangeData> Dataflow<K> {
    fn new(worker: &mut Worker) -> Dataflow<K> {
        let mut small = InputHandle::new();
        let mut big = InputHandle::new();
        let mut figures = InputHandle::new();
        let got_small: Arrived<(K, u64)> = Rc::default();
        let got_big: Arrived<BigRecord<K>> = Rc::default();
        let got_figures: Arrived<(u64, Figures)> = Rc::default();
        let probe = ProbeHandle::new();
        let peers = worker.peers() as u64;
        worker.dataflow::<u64, _, _>(|scope| {
            let got = Rc::clone(&got_small);
            scope
                .input_from(&mut small)
                .exchange(move |(key, _): &(K, u64)| owner(*key, peers))
                .unary::<timely::container::CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    Pipeline,
                    "Receive",
                    move |_, _| {
                        move |input, _output| {
                            input.for_each(|_, data| got.borrow_mut().append(data));
                        }
                    },
                )
                .probe_with(&probe);
            let got = Rc::clone(&got_big);
            scope
                .input_from(&mut big)
                .exchange(move |(key, _): &BigRecord<K>| owner(*key, peers))
                .unary::<timely::container::CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    Pipeline,
                    "Receive big",
                    move |_, _| {
                        move |input, _output| {
                            input.for_each(|_, data| got.borrow_mut().append(data));
                        }
                    },
                )
                .probe_with(&probe);
            let got = Rc::clone(&got_figures);
            scope
                .input_from(&mut figures)
                .exchange(|(to, _): &(u64, Figures)| *to)
                .unary::<timely::container::CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    Pipeline,
                    "Figures",
                    move |_, _| {
                        move |input, _output| {
                            input.for_each(|cap, data: &mut Vec<(u64, Figures)>| {
                                let time = cap.least().copied().unwrap_or(u64::MAX);
                                got.borrow_mut()
                                    .extend(data.drain(..).map(|(_, f)| (time, f)));
                            });
                        }
                    },
                )
                .probe_with(&probe);
        });
        Dataflow {
            small,
            big,
            figures,
            got_small,
            got_big,
            got_figures,
            probe,
            received: 0,
        }
    }

    fn advance_to(&mut self, time: u64) {
        self.small.advance_to(time);
        self.big.advance_to(time);
        self.figures.advance_to(time);
    }

    /// Hands what arrived from other processes to `sink`.
    fn deliver<W: Weight>(&mut self, sink: &mut Sink<'_, '_, K, W>) {
        let mut small = self.got_small.borrow_mut();
        self.received += small.len() as u64;
        for (key, weight) in small.drain(..) {
            match W::from_u64(weight) {
                Some(weight) => sink.push(key, weight),
                None => sink.fail(WeightOverflow::of::<W>()),
            }
        }
        let mut big = self.got_big.borrow_mut();
        self.received += big.len() as u64;
        for (key, bytes) in big.drain(..) {
            match W::from_le_bytes(&bytes) {
                Some(weight) => sink.push(key, weight),
                None => sink.fail(WeightOverflow::of::<W>()),
            }
        }
    }
}

/// Stops with the lost peer, if one was lost.
fn check_peers(addresses: &[String]) -> Result<(), DistributedError> {
    lost::error(addresses).map_or(Ok(()), Err)
}

/// Steps the worker until `time` is complete everywhere, handing what
/// arrives to `sink`.
fn wait_for<K: Key + timely::ExchangeData, W: Weight>(
    worker: &mut Worker,
    flow: &mut Dataflow<K>,
    time: u64,
    mut sink: Option<&mut Sink<'_, '_, K, W>>,
    addresses: &[String],
) -> Result<(), DistributedError> {
    while flow.probe.less_than(&time) {
        worker.step_or_park(Some(PARK));
        if let Some(sink) = sink.as_deref_mut() {
            flow.deliver(sink);
        }
        check_peers(addresses)?;
    }
    Ok(())
}

/// Where one expanding thread puts its successors: its own into the level
/// store, the others' into batches for the worker thread.
struct Outgoing<'b, 's, K: Key, W: Weight> {
    own: Sink<'b, 's, K, W>,
    me: u64,
    processes: u64,
    batch: Batch<K>,
    to_worker: SyncSender<Batch<K>>,
    sent_bytes: &'b AtomicU64,
    cut_off: bool,
}

impl<K: Key, W: Weight> Outgoing<'_, '_, K, W> {
    fn hand_over(&mut self) {
        let batch = std::mem::replace(
            &mut self.batch,
            Batch {
                small: Vec::with_capacity(BATCH),
                big: Vec::new(),
            },
        );
        let bytes = batch.small.len() as u64 * (K::BYTES as u64 + 8)
            + batch
                .big
                .iter()
                .map(|(_, d)| K::BYTES as u64 + 8 + d.len() as u64)
                .sum::<u64>();
        self.sent_bytes.fetch_add(bytes, Ordering::Relaxed);
        if self.to_worker.send(batch).is_err() {
            self.cut_off = true;
        }
    }
}

impl<K: Key, W: Weight> Successors<K, W> for Outgoing<'_, '_, K, W> {
    #[inline]
    fn push(&mut self, key: K, weight: W) {
        if owner(key, self.processes) == self.me {
            self.own.push(key, weight);
            return;
        }
        if let Some(small) = weight.to_u64() {
            self.batch.small.push((key, small));
        } else {
            let mut bytes = Vec::with_capacity(W::BITS as usize / 8);
            weight.write_le_bytes(&mut bytes);
            self.batch.big.push((key, bytes));
        }
        if self.batch.small.len() + self.batch.big.len() >= BATCH {
            self.hand_over();
        }
    }

    fn failed(&self) -> bool {
        self.cut_off || self.own.failed()
    }

    fn finish(mut self) -> std::io::Result<()> {
        if !self.batch.small.is_empty() || !self.batch.big.is_empty() {
            self.hand_over();
        }
        self.own.flush()
    }
}

/// This process's side of the level loop (`kt_frontier::exchange`): the
/// successors it does not own go through timely's exchange, and each
/// step's figures go to every process to be added up.
struct Cluster<'w, 'j, K: Key + timely::ExchangeData> {
    worker: &'w mut Worker,
    flow: Dataflow<K>,
    job: &'j SweepTask<'j>,
    addresses: &'j [String],
    share: checkpoint::Share,
    /// The slot of the latest checkpoint written or resumed.
    last_written: Option<PathBuf>,
    /// Raised for the expanding threads to stop (a cancel, a lost peer).
    halt: AtomicBool,
    /// This round's own figures beyond the loop's: bytes sent, records
    /// received before it, the wait for the others.
    sent_bytes: u64,
    received_before: u64,
    wait: Duration,
    /// Every process's figures, gathered step by step.
    peaks: Vec<ProcessReport>,
}

impl<K: Key + timely::ExchangeData> Exchange<K> for Cluster<'_, '_, K> {
    type Error = DistributedError;

    fn start(&mut self, workers: &Workers, store: &Store) -> Result<Started<K>, DistributedError> {
        let job = self.job;
        let started = match &job.resume_slot {
            Some(path) => Started::resumed(checkpoint::read_share::<K>(
                path, job.sweep, self.share, workers,
            )?),
            // Before the first step: one state, which process 0 holds.
            None => {
                Started::fresh(job.sweep, store, job.process == 0).map_err(FrontierError::Io)?
            }
        };
        self.flow.advance_to(2 * started.step as u64);
        self.received_before = self.flow.received;
        Ok(started)
    }

    fn expand<W: Weight>(
        &mut self,
        expansion: Expansion<'_, '_, K, W>,
    ) -> Result<Expanded, DistributedError> {
        let Expansion {
            round,
            level,
            transition,
            builder,
            workers,
            store,
            progress,
        } = expansion;
        let Cluster {
            worker,
            flow,
            job,
            addresses,
            halt,
            ..
        } = self;
        let (job, addresses): (&SweepTask<'_>, &[String]) = (job, addresses);
        let time = 2 * round as u64;
        let (me, processes) = (job.process as u64, job.processes as u64);
        let sent_bytes = AtomicU64::new(0);
        let (to_worker, from_threads) = sync_channel::<Batch<K>>(IN_FLIGHT * workers.threads());
        let mut own = builder.sink();
        let expanded = std::thread::scope(|s| {
            // Owned here, so that if this thread unwinds (timely panics
            // when a peer is lost mid-step) the receiver is dropped before
            // the scope joins the expanding thread, whose next send then
            // fails instead of waiting forever.
            let from_threads = from_threads;
            let halt = &*halt;
            let sent_bytes = &sent_bytes;
            let expanding = s.spawn(move || {
                let to_worker = to_worker;
                exchange::expand(level, transition, workers, store, halt, progress, &|| {
                    Outgoing {
                        own: builder.sink(),
                        me,
                        processes,
                        batch: Batch {
                            small: Vec::with_capacity(BATCH),
                            big: Vec::new(),
                        },
                        to_worker: to_worker.clone(),
                        sent_bytes,
                        cut_off: false,
                    }
                })
            });
            let pumped = pump(worker, flow, &from_threads, &mut own, job, halt, addresses);
            // The expanding threads stop at the halt flag if the pump gave
            // up; their result comes second.
            let expanded = expanding
                .join()
                .map_err(|_| DistributedError::Internal("an expanding thread panicked".into()))?;
            pumped?;
            Ok::<_, DistributedError>(expanded?)
        })?;
        check_peers(addresses)?;
        self.sent_bytes = sent_bytes.into_inner();
        if job.cancel.load(Ordering::Relaxed) {
            // The loop stops with the levels done.
            return Ok(expanded);
        }
        let waiting = Instant::now();
        self.flow.advance_to(time + 1);
        wait_for(
            self.worker,
            &mut self.flow,
            time + 1,
            Some(&mut own),
            addresses,
        )?;
        self.wait = waiting.elapsed();
        own.flush()
            .map_err(|e| FrontierError::from_io(e).at_step(round + 1))?;
        Ok(expanded)
    }

    fn gather(&mut self, round: usize, own: StepFigures) -> Result<StepFigures, DistributedError> {
        let time = 2 * round as u64;
        let figures = Figures {
            process: self.job.process as u64,
            step: own,
            sent_bytes: std::mem::take(&mut self.sent_bytes),
            received: self.flow.received - self.received_before,
            wait_ms: std::mem::take(&mut self.wait).as_secs_f64() * 1000.0,
        };
        // Every process's figures, to every process (the last level's
        // round has not advanced to the figures' time yet).
        self.flow.advance_to(time + 1);
        for to in 0..self.job.processes as u64 {
            self.flow.figures.send((to, figures.clone()));
        }
        self.flow.advance_to(time + 2);
        wait_for::<K, u64>(self.worker, &mut self.flow, time + 2, None, self.addresses)?;
        self.received_before = self.flow.received;
        // A process that is ahead may already have sent the next step's
        // figures; they wait for it.
        let all: Vec<Figures> = {
            let mut got = self.flow.got_figures.borrow_mut();
            let (now, later): (Vec<_>, Vec<_>) = got.drain(..).partition(|(t, _)| *t == time + 1);
            *got = later;
            now.into_iter().map(|(_, f)| f).collect()
        };
        if all.len() != self.job.processes {
            return Err(DistributedError::PeerLost(format!(
                "step {}: figures from {} of {} processes",
                round + 1,
                all.len(),
                self.job.processes
            )));
        }
        for f in &all {
            let peak = &mut self.peaks[f.process as usize];
            peak.process = f.process as usize;
            peak.sent_bytes += f.sent_bytes;
            peak.received += f.received;
            peak.wait_ms += f.wait_ms;
            peak.peak_rss_bytes = peak.peak_rss_bytes.max(f.step.rss_bytes);
            peak.disk_peak_bytes = peak.disk_peak_bytes.max(f.step.disk_bytes);
        }
        Ok(StepFigures::sum(all.iter().map(|f| &f.step)))
    }

    fn threads(&self, workers: &Workers) -> usize {
        workers.threads() * self.job.processes
    }

    /// One process asks, every process writes: the levels on disk stay
    /// the same everywhere (`resume`).
    fn checkpoint(
        &mut self,
        header: &Checkpoint<'_>,
        level: &Level<K>,
        workers: &Workers,
    ) -> Result<PathBuf, DistributedError> {
        let dir = self
            .job
            .checkpoint_dir
            .as_ref()
            .expect("a checkpoint is due only with a checkpoint directory");
        let slot = resume::next_slot(dir, self.last_written.as_deref());
        checkpoint::write_share(&slot, header, self.share, level, workers)?;
        self.last_written = Some(slot.clone());
        Ok(slot)
    }
}

/// The sweep on this process's worker.
pub fn run<K: Key + timely::ExchangeData>(
    worker: &mut Worker,
    job: &SweepTask<'_>,
    addresses: &[String],
) -> Result<Finished, DistributedError> {
    let options = job.options;
    let workers = Workers::new(options.threads).map_err(FrontierError::Io)?;
    let store = Store::new(&options.spill_dir, options.memory, options.resident_limit);
    // This process's checkpoints are its until it ends (held by the
    // first slot's lock).
    let _held = job
        .checkpoint_dir
        .as_ref()
        .map(|dir| checkpoint::hold(&dir.join(resume::SLOTS[0])))
        .transpose()
        .map_err(FrontierError::Checkpoint)?;
    let looping = Looping {
        sweep: job.sweep,
        last: job.sweep.steps().len(),
        checkpoint_every: job
            .checkpoint_dir
            .as_ref()
            .map(|_| options.checkpoint_every),
        watcher: job.watcher,
        cancel: job.cancel,
    };
    let flow = Dataflow::<K>::new(worker);
    let mut cluster = Cluster {
        worker,
        flow,
        job,
        addresses,
        // What this process's checkpoints are: its share of the count.
        share: checkpoint::Share {
            process: job.process,
            processes: job.processes,
        },
        last_written: job.resume_slot.clone(),
        halt: AtomicBool::new(false),
        sent_bytes: 0,
        received_before: 0,
        wait: Duration::ZERO,
        peaks: vec![ProcessReport::default(); job.processes],
    };
    let swept = exchange::run::<K, _>(&looping, &mut cluster, &workers, &store)?;

    // Shut the dataflow down together: no process leaves while another
    // still waits for its last progress messages.
    let Cluster {
        worker,
        flow,
        peaks,
        ..
    } = cluster;
    let Dataflow {
        small,
        big,
        figures,
        ..
    } = flow;
    drop((small, big, figures));
    let deadline = Instant::now() + SHUTDOWN;
    while worker.has_dataflows() && Instant::now() < deadline {
        worker.step_or_park(Some(PARK));
        if lost::lost().is_some() {
            break;
        }
    }
    Ok(Finished {
        cycles: swept.cycles,
        prefixes: swept.prefixes,
        levels: swept.levels,
        resumed_from: swept.resumed_from,
        processes: peaks,
        disk_peak_bytes: store.disk_peak(),
        spilled_bytes: store.written(),
    })
}

/// Feeds the expanding threads' batches into the exchange and what other
/// processes send into this process's level store, until the threads are
/// done. Raises `halt` (which the threads look at) on a cancel or a lost
/// peer.
fn pump<K: Key + timely::ExchangeData, W: Weight>(
    worker: &mut Worker,
    flow: &mut Dataflow<K>,
    from_threads: &Receiver<Batch<K>>,
    own: &mut Sink<'_, '_, K, W>,
    job: &SweepTask<'_>,
    halt: &AtomicBool,
    addresses: &[String],
) -> Result<(), DistributedError> {
    loop {
        match from_threads.recv_timeout(PARK) {
            Ok(mut batch) => {
                flow.small.send_batch(&mut batch.small);
                flow.big.send_batch(&mut batch.big);
                while let Ok(mut batch) = from_threads.try_recv() {
                    flow.small.send_batch(&mut batch.small);
                    flow.big.send_batch(&mut batch.big);
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
        }
        worker.step();
        flow.deliver(own);
        if job.cancel.load(Ordering::Relaxed) {
            halt.store(true, Ordering::Relaxed);
        }
        if let Err(e) = check_peers(addresses) {
            halt.store(true, Ordering::Relaxed);
            // Let the threads finish their current partition, then stop.
            while from_threads.recv().is_ok() {}
            return Err(e);
        }
    }
}
