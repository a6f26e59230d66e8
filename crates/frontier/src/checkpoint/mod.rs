//! Checkpoints: a level kept on disk, so that a count of hours can stop
//! and go on.
//!
//! A checkpoint is the level after `step` steps and the weight of the
//! tours closed before it; resuming from it does exactly the remaining
//! steps, so the count is the one an uninterrupted run gives.
//!
//! **No copy of a level.** A level already is a set of run files and runs
//! in memory (`level.rs`, `store.rs`). A checkpoint *hard-links* each run
//! file into its own directory (a link costs no bytes and no time), writes
//! each run held in memory once, and describes them all in a small
//! manifest. The runs are written and synced on all workers. Resuming reads
//! the manifest, checks every run file's size and CRC-32 (on all workers),
//! and reads the runs in place, as the first step's level: nothing is
//! loaded. Links need the spill directory and the checkpoint on one file
//! system; elsewhere a spilled run is copied.
//!
//! **Layout.** `--checkpoint PATH` names a directory:
//!
//! ```text
//!   PATH/KNIGHTS-TOUR-CHECKPOINT   the marker: this directory is the program's
//!   PATH/QUESTION                  which count it is of (written by kt-count)
//!   PATH/manifest                  the current checkpoint (replaced by a rename)
//!   PATH/read-states               the states read up to it, checksummed (written by the
//!                                  command line, for a resumed run's time left)
//!   PATH/g<step>/run-<i>           its runs
//! ```
//!
//! A new checkpoint writes its runs into a new `g<step>`, then its manifest
//! next to the old one, renames it over the old one, and only then removes
//! the older generations: a crash at any moment leaves one whole
//! checkpoint.
//!
//! **Only its own files.** A checkpoint directory is often named by hand,
//! and a wrong name must not cost anyone their files. So the program writes
//! only into a directory that is new, empty, or already marked as its
//! checkpoint ([`claim`]), marks it before writing anything else, and
//! removes only what it names itself: `g<digits>` directories, and in them
//! only `run-<digits>` files (a directory that still holds anything else is
//! left). A directory with a manifest of this program but no marker (written
//! before the marker existed) counts as marked.
//!
//! **Manifest** (little-endian, CRC-32 at the end):
//!
//! ```text
//!   "KTFRONT\0"  magic
//!   u32          format version (6; 7 for a sweep of every prefix, which
//!                adds the cycles so far by prefix. Formats 4 and 5, read
//!                still, are 6 and 7 without the weight bits)
//!   u32 u32 u8   rows, cols, kind (0 open, 1 closed)
//!   u8           key bytes (8 or 16)
//!   u32          the sweep's fingerprint (see below)
//!   u64          steps done
//!   u32 u32      process, processes: one process's share of a cluster
//!                count (`kt-distributed`), or 0, 0 for a whole count
//!   u32 + bytes  tours so far (BigUint, little-endian bytes)
//!   (format 7)   a sweep of every prefix: u32 prefixes, then for each
//!                u64 squares, u32 + bytes its cycles so far; a sweep
//!                with tallies the same, by class of start square (u64
//!                the class, its directed tours so far)
//!   u32          bits of the sum of the level's weights, over every
//!                process of a cluster: what chooses the width of the next
//!                step's weights (`weight.rs`)
//!   u8           partition bits
//!   u32          runs
//!   runs ×       u32 partition, u64 records, u64 bytes, u32 CRC-32
//!   u32          CRC-32 of everything before it
//! ```
//!
//! **What a key means.** A key means something only to the sweep and the
//! state code that made it: the same board swept in another order, or
//! coded another way, reads the same bytes as other states and would give
//! a wrong count without any error. So the manifest holds a fingerprint of
//! both: every step's frontiers and edges, and the codes that
//! `crate::state::encode` and the key packings give a fixed set of mate
//! tables. A build whose sweep or state code differs computes another
//! fingerprint, and its checkpoints are refused; nobody has to remember to
//! bump a version.
//!
//! **What a checkpoint is of.** A cluster's process holds only its share of
//! each level: read as a whole count it gives a wrong number without any
//! error. So the manifest says whose share it is, and [`read`] (a whole
//! count) refuses a share while [`read_share`] refuses anything but the
//! share asked for.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use kt_board::TourKind;
use num_bigint::BigUint;

use crate::error::FrontierError;
use crate::level::{Level, MAX_PARTITION_BITS};
use crate::run::{Place, Run};
use crate::state::Key;
use crate::sweep::Sweep;
use crate::weight::Total;
use crate::workers::Workers;

mod directory;
mod fingerprint;
mod verify;

#[cfg(test)]
use crate::state;
pub use directory::{Directory, Held, claim, directory, hold, holds_checkpoint, in_use};
use directory::{numbered, remove_generation};
pub use fingerprint::fingerprint;
#[cfg(test)]
use fingerprint::fingerprint_with;
use verify::check_runs;
pub use verify::check_whole;

const MAGIC: &[u8; 8] = b"KTFRONT\0";
const VERSION: u32 = 6;
/// The format of a sweep of every prefix: format 6 and its cycles by
/// prefix.
const VERSION_PREFIXES: u32 = 7;
/// Formats 6 and 7 before the level's weight bits: read still.
const VERSION_UNWEIGHED: u32 = 4;
const VERSION_PREFIXES_UNWEIGHED: u32 = 5;
/// The bound taken for the weights of a level written before the manifest
/// kept one (formats 4 and 5): the widest width but the successors' bits,
/// so that the first step resumed carries any weight such a level holds
/// (none has ever been near 2^1,000) and the steps after it narrow again.
const UNWEIGHED_BITS: u32 = 1008;
/// The most prefixes a manifest may list (a prefix sweep's squares).
const MAX_PREFIXES: u32 = 1 << 20;
const MANIFEST: &str = "manifest";
/// The file that marks a directory as a checkpoint of this program.
pub const MARKER: &str = "KNIGHTS-TOUR-CHECKPOINT";
/// The file that says which question's work the directory keeps (a whole
/// count, the classes of a plan, a cluster's count): written by the
/// library that asks the question (kt-count), after the marker and before
/// any other file, so that one question's checkpoint is never resumed or
/// replaced by another's.
pub const QUESTION: &str = "QUESTION";
/// What the marker says, for whoever finds the directory.
const MARKER_TEXT: &str = "This directory is a checkpoint of knights-tour (--checkpoint).\n\
Resume from it with --resume; remove it to start over. knights-tour writes\n\
and removes only its manifest, this file, QUESTION, read-states and its\n\
g<step>/run-<i> files here.\n";
/// The longest count a manifest may hold (bytes): far beyond any count,
/// small enough that a damaged length cannot exhaust memory.
const MAX_BIG_BYTES: u32 = 1 << 16;
/// The most runs a manifest may list.
const MAX_RUNS: u32 = 1 << 24;

/// What a checkpoint says besides its states.
pub struct Checkpoint<'a> {
    pub sweep: &'a Sweep,
    pub step: usize,
    pub total: &'a Total,
    /// A sweep of every prefix: its cycles so far by prefix.
    pub prefixes: &'a [(usize, BigUint)],
    /// Bits of the sum of the level's weights over every process.
    pub weight_bits: u32,
}

/// One process's share of a cluster count: process `process` of
/// `processes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    pub process: usize,
    pub processes: usize,
}

impl std::fmt::Display for Share {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "process {} of {}", self.process, self.processes)
    }
}

/// A level read back from a checkpoint.
pub struct Resumed<K: Key> {
    pub step: usize,
    pub total: Total,
    /// Bits of the sum of the level's weights over every process.
    pub weight_bits: u32,
    pub prefixes: Vec<(usize, BigUint)>,
    pub level: Level<K>,
}

fn kind_byte(kind: TourKind) -> u8 {
    match kind {
        TourKind::Open => 0,
        TourKind::Closed => 1,
    }
}

/// The directory of the runs of the checkpoint after `step` steps.
fn generation(path: &Path, step: usize) -> PathBuf {
    path.join(format!("g{step}"))
}

fn run_file(directory: &Path, index: usize) -> PathBuf {
    directory.join(format!("run-{index}"))
}

/// Puts `run` at `to`: a link to its file, or its bytes written (a run in
/// memory, or a file on another file system). Returns after the file is
/// on disk.
fn place_run(run: &Run, to: &Path) -> io::Result<()> {
    match &run.place {
        Place::Memory(bytes) => {
            let mut file = File::create(to)?;
            file.write_all(bytes)?;
            file.sync_all()
        }
        Place::Disk { path, .. } => {
            if std::fs::hard_link(path, to).is_err() {
                std::fs::copy(path, to)?;
            }
            File::open(to)?.sync_all()
        }
    }
}

/// Writes a checkpoint of `level` (which stays as it is) to the directory
/// `path`, replacing the checkpoint there (see [`claim`] for the
/// directories it writes into).
pub fn write<K: Key>(
    path: &Path,
    header: &Checkpoint<'_>,
    level: &Level<K>,
    workers: &Workers,
) -> Result<(), FrontierError> {
    write_as(path, header, None, level, workers)
}

/// [`write()`] for one process's share of a cluster count.
pub fn write_share<K: Key>(
    path: &Path,
    header: &Checkpoint<'_>,
    share: Share,
    level: &Level<K>,
    workers: &Workers,
) -> Result<(), FrontierError> {
    write_as(path, header, Some(share), level, workers)
}

fn write_as<K: Key>(
    path: &Path,
    header: &Checkpoint<'_>,
    share: Option<Share>,
    level: &Level<K>,
    workers: &Workers,
) -> Result<(), FrontierError> {
    let io_error =
        |e: io::Error| FrontierError::Checkpoint(format!("cannot write {}: {e}", path.display()));
    claim(path).map_err(FrontierError::Checkpoint)?;
    let directory = generation(path, header.step);
    if directory.exists() {
        remove_generation(&directory).map_err(io_error)?;
    }
    std::fs::create_dir_all(&directory).map_err(io_error)?;

    // Every run, with its partition, numbered partition by partition; the
    // runs of partition p are numbered from first[p].
    let mut runs: Vec<(u32, u64, u64, u32)> = Vec::with_capacity(level.runs());
    level
        .visit_runs(|p, run| {
            runs.push((p as u32, run.entries, run.bytes, run.crc));
            Ok(())
        })
        .map_err(io_error)?;
    let mut first = vec![0usize; level.partitions() + 1];
    for &(p, ..) in &runs {
        first[p as usize + 1] += 1;
    }
    for p in 0..level.partitions() {
        first[p + 1] += first[p];
    }
    // Links and writes on all workers, a partition at a time.
    let next = AtomicUsize::new(0);
    let failure: Mutex<Option<io::Error>> = Mutex::new(None);
    let work = || {
        loop {
            let p = next.fetch_add(1, Ordering::Relaxed);
            if p >= level.partitions() {
                break;
            }
            let mut index = first[p];
            let result = level.visit_partition(p, |run| {
                index += 1;
                place_run(run, &run_file(&directory, index - 1))
            });
            if let Err(e) = result {
                failure
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .get_or_insert(e);
                break;
            }
        }
    };
    workers.each(level.entries(), &work);
    if let Some(e) = failure
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        return Err(io_error(e));
    }

    let result = (|| -> io::Result<()> {
        let mut manifest: Vec<u8> = Vec::new();
        let board = header.sweep.board();
        // A sweep with tallies keeps its tours by class where a sweep of
        // every prefix keeps them by prefix.
        let prefix_sweep = header.sweep.counts_prefixes() || header.sweep.tallies().is_some();
        manifest.extend_from_slice(MAGIC);
        let version = if prefix_sweep {
            VERSION_PREFIXES
        } else {
            VERSION
        };
        manifest.extend_from_slice(&version.to_le_bytes());
        manifest.extend_from_slice(&(board.rows() as u32).to_le_bytes());
        manifest.extend_from_slice(&(board.cols() as u32).to_le_bytes());
        manifest.extend_from_slice(&[kind_byte(header.sweep.kind()), K::BYTES as u8]);
        manifest.extend_from_slice(&fingerprint(header.sweep).to_le_bytes());
        manifest.extend_from_slice(&(header.step as u64).to_le_bytes());
        let (process, processes) = share.map_or((0, 0), |s| (s.process, s.processes));
        manifest.extend_from_slice(&(process as u32).to_le_bytes());
        manifest.extend_from_slice(&(processes as u32).to_le_bytes());
        let total = header.total.value().to_bytes_le();
        manifest.extend_from_slice(&(total.len() as u32).to_le_bytes());
        manifest.extend_from_slice(&total);
        if prefix_sweep {
            manifest.extend_from_slice(&(header.prefixes.len() as u32).to_le_bytes());
            for (m, cycles) in header.prefixes {
                let bytes = cycles.to_bytes_le();
                manifest.extend_from_slice(&(*m as u64).to_le_bytes());
                manifest.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
                manifest.extend_from_slice(&bytes);
            }
        }
        manifest.extend_from_slice(&header.weight_bits.to_le_bytes());
        manifest.push(level.bits() as u8);
        manifest.extend_from_slice(&(runs.len() as u32).to_le_bytes());
        for &(p, entries, bytes, crc) in &runs {
            manifest.extend_from_slice(&p.to_le_bytes());
            manifest.extend_from_slice(&entries.to_le_bytes());
            manifest.extend_from_slice(&bytes.to_le_bytes());
            manifest.extend_from_slice(&crc.to_le_bytes());
        }
        let crc = crc32fast::hash(&manifest);
        manifest.extend_from_slice(&crc.to_le_bytes());
        let partial = path.join(format!("{MANIFEST}.partial"));
        let mut file = File::create(&partial)?;
        file.write_all(&manifest)?;
        file.sync_all()?;
        std::fs::rename(&partial, path.join(MANIFEST))?;
        File::open(path)?.sync_all()?;
        // Only now are the older runs no longer needed: the generations
        // this program wrote (`g<digits>`), and in them only its runs.
        let current = directory.file_name().map(std::ffi::OsStr::to_os_string);
        for entry in std::fs::read_dir(path)? {
            let entry = entry?;
            let name = entry.file_name();
            if Some(&name) != current.as_ref()
                && numbered(&name, "g")
                && entry.file_type()?.is_dir()
            {
                remove_generation(&entry.path())?;
            }
        }
        Ok(())
    })();
    result.map_err(io_error)
}

/// What a checkpoint's manifest says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub rows: usize,
    pub cols: usize,
    pub kind: TourKind,
    pub key_bytes: usize,
    /// The fingerprint of the sweep and state code that wrote it.
    pub fingerprint: u32,
    /// Steps done.
    pub step: usize,
    /// Whose share of a cluster count it is (`None`: a whole count).
    pub share: Option<Share>,
    /// Whether it is of a sweep of every prefix (formats 5 and 7).
    pub prefixes: bool,
    /// Whether it keeps its level's weight bits (formats 6 and 7).
    pub weighed: bool,
}

/// A reader of a manifest whose checksum [`open_manifest`] has checked.
struct Manifest<R> {
    input: R,
}

impl<R: Read> Manifest<R> {
    fn bytes<const N: usize>(&mut self) -> io::Result<[u8; N]> {
        let mut b = [0u8; N];
        self.input.read_exact(&mut b)?;
        Ok(b)
    }

    fn u32(&mut self) -> io::Result<u32> {
        self.bytes().map(u32::from_le_bytes)
    }

    fn u64(&mut self) -> io::Result<u64> {
        self.bytes().map(u64::from_le_bytes)
    }
}

/// Opens a checkpoint's manifest, checked whole before any of it is read:
/// a manifest that starts as one (its magic) but whose checksum (its last
/// four bytes) does not match is damaged, and said to be, before a
/// changed byte in its header reads as another format or board.
fn open_manifest(path: &Path) -> Result<Manifest<io::Cursor<Vec<u8>>>, FrontierError> {
    let name = path.display();
    let bytes = std::fs::read(path.join(MANIFEST)).map_err(|e| {
        FrontierError::Resume(if path.is_file() {
            format!("{name}: a file, not a checkpoint directory (checkpoints of this version are directories)")
        } else {
            format!("{name}: cannot read its manifest: {e}")
        })
    })?;
    if bytes.len() > MAGIC.len() + 4 && bytes.starts_with(MAGIC) {
        let (body, stored) = bytes.split_at(bytes.len() - 4);
        let stored = u32::from_le_bytes(stored.try_into().expect("four bytes"));
        if crc32fast::hash(body) != stored {
            return Err(FrontierError::Resume(format!(
                "{name}: its manifest's checksum does not match: it is damaged"
            )));
        }
    }
    Ok(Manifest {
        input: io::Cursor::new(bytes),
    })
}

/// The header of a checkpoint's manifest being read.
fn read_header(input: &mut Manifest<impl Read>, path: &Path) -> Result<Header, FrontierError> {
    let name = path.display();
    let bad = |why: String| FrontierError::Resume(format!("{name}: {why}"));
    let damaged = |e: io::Error| bad(format!("not a whole checkpoint ({e})"));
    let magic: [u8; 8] = input.bytes().map_err(damaged)?;
    if &magic != MAGIC {
        return Err(bad("not a knights-tour frontier checkpoint".into()));
    }
    let version = input.u32().map_err(damaged)?;
    if ![
        VERSION,
        VERSION_PREFIXES,
        VERSION_UNWEIGHED,
        VERSION_PREFIXES_UNWEIGHED,
    ]
    .contains(&version)
    {
        return Err(bad(format!(
            "checkpoint format {version}, this program reads formats {VERSION_UNWEIGHED} to {VERSION_PREFIXES}"
        )));
    }
    let rows = input.u32().map_err(damaged)? as usize;
    let cols = input.u32().map_err(damaged)? as usize;
    let [kind, key_bytes] = input.bytes().map_err(damaged)?;
    let kind = match kind {
        0 => TourKind::Open,
        1 => TourKind::Closed,
        other => return Err(bad(format!("unknown tour kind {other}"))),
    };
    let fingerprint = input.u32().map_err(damaged)?;
    let step = input.u64().map_err(damaged)? as usize;
    let process = input.u32().map_err(damaged)? as usize;
    let processes = input.u32().map_err(damaged)? as usize;
    let share = match (process, processes) {
        (0, 0) => None,
        (process, processes) if process < processes => Some(Share { process, processes }),
        _ => return Err(bad(format!("process {process} of {processes}"))),
    };
    Ok(Header {
        rows,
        cols,
        kind,
        key_bytes: key_bytes as usize,
        fingerprint,
        step,
        share,
        prefixes: version == VERSION_PREFIXES || version == VERSION_PREFIXES_UNWEIGHED,
        weighed: version == VERSION || version == VERSION_PREFIXES,
    })
}

/// Reads only the header of a checkpoint, to refuse one of another board
/// or kind before any work (the whole checkpoint is checked when it is
/// read).
pub fn inspect(path: &Path) -> Result<Header, FrontierError> {
    read_header(&mut open_manifest(path)?, path)
}

/// Reads the checkpoint at `path` of `sweep`'s board and kind: checks its
/// manifest and every run file, then hands the runs over in place as the
/// level to go on from. A share of a cluster count is refused.
pub fn read<K: Key>(
    path: &Path,
    sweep: &Sweep,
    workers: &Workers,
) -> Result<Resumed<K>, FrontierError> {
    read_as(path, sweep, None, workers)
}

/// [`read`] for one process's share of a cluster count: anything but
/// `share` is refused.
pub fn read_share<K: Key>(
    path: &Path,
    sweep: &Sweep,
    share: Share,
    workers: &Workers,
) -> Result<Resumed<K>, FrontierError> {
    read_as(path, sweep, Some(share), workers)
}

/// Why a checkpoint of `found` cannot stand for `wanted`, if it cannot.
pub fn share_mismatch(found: Option<Share>, wanted: Option<Share>) -> Option<String> {
    match (found, wanted) {
        (None, None) => None,
        (Some(found), Some(wanted)) if found == wanted => None,
        (Some(found), None) => Some(format!(
            "it is the share of {found} of a cluster count, not a whole count (resume it as a cluster count of {} processes, with every process's share)",
            found.processes
        )),
        (None, Some(wanted)) => Some(format!(
            "it is a whole count, not the share of {wanted} of a cluster count"
        )),
        (Some(found), Some(wanted)) => Some(format!(
            "it is the share of {found} of a cluster count, not of {wanted}"
        )),
    }
}

fn read_as<K: Key>(
    path: &Path,
    sweep: &Sweep,
    share: Option<Share>,
    workers: &Workers,
) -> Result<Resumed<K>, FrontierError> {
    let name = path.display();
    let bad = |why: String| FrontierError::Resume(format!("{name}: {why}"));
    let mut input = open_manifest(path)?;
    let header = read_header(&mut input, path)?;
    if let Some(why) = share_mismatch(header.share, share) {
        return Err(bad(why));
    }
    let board = sweep.board();
    let kind = sweep.kind();
    if (header.rows, header.cols) != (board.rows(), board.cols()) || header.kind != kind {
        return Err(bad(format!(
            "it is a checkpoint of {} tours of {}x{}, not of {kind} tours of {board}",
            header.kind, header.rows, header.cols
        )));
    }
    if header.key_bytes != K::BYTES {
        return Err(bad(
            "its states are packed for another frontier width".into()
        ));
    }
    if header.fingerprint != fingerprint(sweep) {
        return Err(bad(
            "it was written in another order of the squares, or by a build that sweeps or codes the board differently, so its states mean something else here"
                .into(),
        ));
    }
    let step = header.step;
    if step == 0 || step >= sweep.steps().len() {
        return Err(bad(format!(
            "it claims {step} steps done of {}",
            sweep.steps().len()
        )));
    }
    let (total, prefixes, weight_bits, bits, runs) = read_body(&mut input, path, step, &header)?;
    check_runs(&runs, workers).map_err(bad)?;

    let mut partitions: Vec<Vec<Run>> = (0..1usize << bits).map(|_| Vec::new()).collect();
    for (p, run) in runs {
        partitions[p].push(run);
    }
    let mut resumed_total = Total::default();
    resumed_total.add_big(&total);
    Ok(Resumed {
        step,
        total: resumed_total,
        weight_bits,
        prefixes,
        level: Level::from_partitions(bits, partitions).with_weight_bits(weight_bits),
    })
}

/// The rest of a manifest after its header: the tours so far, the
/// partition bits and the runs (at `path`'s generation `step`), ending
/// exactly at the manifest's checksum ([`open_manifest`] checked it).
#[allow(
    clippy::type_complexity,
    reason = "read once, by the two readers of a manifest"
)]
fn read_body<R: Read>(
    input: &mut Manifest<R>,
    path: &Path,
    step: usize,
    header: &Header,
) -> Result<(BigUint, Vec<(usize, BigUint)>, u32, u32, Vec<(usize, Run)>), FrontierError> {
    let prefix_sweep = header.prefixes;
    let name = path.display();
    let bad = |why: String| FrontierError::Resume(format!("{name}: {why}"));
    let damaged = |e: io::Error| bad(format!("not a whole checkpoint ({e})"));
    let big = |input: &mut Manifest<R>| -> Result<BigUint, FrontierError> {
        let len = input.u32().map_err(damaged)?;
        if len > MAX_BIG_BYTES {
            return Err(bad(format!("a count of {len} bytes")));
        }
        let mut bytes = vec![0u8; len as usize];
        input.input.read_exact(&mut bytes).map_err(damaged)?;
        Ok(BigUint::from_bytes_le(&bytes))
    };
    let total = big(input)?;
    let mut prefixes: Vec<(usize, BigUint)> = Vec::new();
    if prefix_sweep {
        let count = input.u32().map_err(damaged)?;
        if count > MAX_PREFIXES {
            return Err(bad(format!("it lists {count} prefixes")));
        }
        for _ in 0..count {
            let m = input.u64().map_err(damaged)? as usize;
            if prefixes.last().is_some_and(|&(last, _)| last >= m) {
                return Err(bad("its prefixes are out of order".into()));
            }
            prefixes.push((m, big(input)?));
        }
    }
    let weight_bits = if header.weighed {
        let bits = input.u32().map_err(damaged)?;
        if bits > crate::weight::Width::W1024.bits() {
            return Err(bad(format!("its weights take {bits} bits")));
        }
        bits
    } else {
        UNWEIGHED_BITS
    };
    let [bits] = input.bytes().map_err(damaged)?;
    let bits = u32::from(bits);
    if bits > MAX_PARTITION_BITS {
        return Err(bad(format!("{bits} partition bits")));
    }
    let count = input.u32().map_err(damaged)?;
    if count > MAX_RUNS {
        return Err(bad(format!("it lists {count} runs")));
    }
    let mut runs: Vec<(usize, Run)> = Vec::with_capacity(count as usize);
    let directory = generation(path, step);
    for i in 0..count as usize {
        let p = input.u32().map_err(damaged)? as usize;
        let entries = input.u64().map_err(damaged)?;
        let bytes = input.u64().map_err(damaged)?;
        let crc = input.u32().map_err(damaged)?;
        if p >= 1 << bits {
            return Err(bad(format!("run {i} is in partition {p} of {}", 1 << bits)));
        }
        runs.push((
            p,
            Run {
                entries,
                bytes,
                crc,
                // The level carries the bound (`Level::with_weight_bits`).
                weight_bits: 0,
                place: Place::Disk {
                    path: run_file(&directory, i),
                    owned: false,
                },
            },
        ));
    }
    // The checksum, checked when the manifest was opened, ends it: the
    // fields read must have led exactly to it.
    let mut checksum = [0u8; 4];
    input.input.read_exact(&mut checksum).map_err(damaged)?;
    let mut rest = [0u8; 1];
    if input.input.read(&mut rest).map_err(damaged)? != 0 {
        return Err(bad("its manifest has bytes after its end".into()));
    }
    Ok((total, prefixes, weight_bits, bits, runs))
}

#[cfg(test)]
mod tests {
    use kt_board::Board;

    use super::*;
    use crate::run::Encoder;
    use crate::store::Store;

    use crate::weight::Weight;

    type U256 = ruint::Uint<256, 4>;

    fn run(store: &Store, entries: &[(u64, BigUint)], disk: bool) -> Run {
        let mut encoder = Encoder::<u64, U256>::with_capacity(entries.len());
        for (k, w) in entries {
            encoder.push(
                *k,
                <U256 as Weight>::from_le_bytes(&w.to_bytes_le()).unwrap(),
            );
        }
        let encoded = encoder.finish();
        if disk {
            store.write(&encoded).unwrap()
        } else {
            store.keep(encoded).unwrap()
        }
    }

    fn contents(level: &Level<u64>, store: &Store) -> Vec<(u64, BigUint)> {
        let mut all = Vec::new();
        level
            .drain::<U256>(store, |k, w| all.push((k, w.to_biguint())))
            .unwrap();
        all.sort();
        all
    }

    /// A restricted sweep's fingerprint tells it from the unrestricted
    /// sweep and from the same restriction on another square; the
    /// unrestricted sweep's does not change with restrictions existing.
    #[test]
    fn restricted_sweeps_have_fingerprints_of_their_own() {
        let board = Board::new(5, 5).unwrap();
        let order = crate::order::Order::columns(board);
        let from = |s| {
            let restriction = crate::sweep::Restriction {
                ends: vec![s],
                only_these_ends: false,
                moves: Vec::new(),
            };
            fingerprint(&Sweep::restricted_in(&order, TourKind::Open, &restriction))
        };
        let whole = fingerprint(&Sweep::ordered(&order, TourKind::Open));
        let none = fingerprint(&Sweep::restricted_in(
            &order,
            TourKind::Open,
            &crate::sweep::Restriction::default(),
        ));
        assert_eq!(whole, none);
        assert_ne!(from(0), whole);
        assert_ne!(from(0), from(2));
        assert_eq!(from(0), from(0));
    }

    /// A level with runs in memory and on disk and weights beyond `u64`
    /// comes back from its checkpoint as it was, with the tours so far.
    #[test]
    fn a_partly_spilled_level_with_big_weights_comes_back() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), u64::MAX, u64::MAX);
        let workers = Workers::new(2).unwrap();
        let big = BigUint::from(u64::MAX) * 12_345u32;
        let level = || {
            Level::<u64>::from_partitions(
                1,
                vec![
                    vec![
                        run(&store, &[(1, 3u32.into()), (9, big.clone())], false),
                        run(&store, &[(1, 4u32.into()), (5, u64::MAX.into())], true),
                    ],
                    vec![run(&store, &[(2, &big * 2u32)], true)],
                ],
            )
        };
        let sweep = Sweep::new(Board::new(5, 5).unwrap(), TourKind::Open);
        let mut total = Total::default();
        total.add_big(&(&big * 3u32));
        let path = dir.path().join("ckpt");
        let original = level();
        write(
            &path,
            &Checkpoint {
                sweep: &sweep,
                step: 7,
                total: &total,
                prefixes: &[],
                weight_bits: original.weight_bits(),
            },
            &original,
            &workers,
        )
        .unwrap();
        let expected = contents(&original, &store);
        assert_eq!(expected.len(), 4);
        let resumed = read::<u64>(&path, &sweep, &workers).unwrap();
        assert_eq!(resumed.step, 7);
        assert_eq!(resumed.total.value(), &big * 3u32);
        assert_eq!(resumed.weight_bits, original.weight_bits());
        assert_eq!(resumed.level.weight_bits(), original.weight_bits());
        let sum: BigUint = expected.iter().map(|(_, w)| w).sum();
        assert!(sum.bits() <= u64::from(resumed.weight_bits));
        assert_eq!(contents(&resumed.level, &store), expected);
        // Reading the resumed level leaves the checkpoint's files alone.
        let again = read::<u64>(&path, &sweep, &workers).unwrap();
        assert_eq!(contents(&again.level, &store), expected);
    }

    /// A scratch directory, one worker, the 5×5 open sweep, and a level of
    /// one state kept in memory: what a checkpoint test writes and reads.
    fn one_state_level() -> (tempfile::TempDir, Workers, Sweep, Level<u64>) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), u64::MAX, u64::MAX);
        let level =
            Level::<u64>::from_partitions(0, vec![vec![run(&store, &[(1, 1u32.into())], false)]]);
        let sweep = Sweep::new(Board::new(5, 5).unwrap(), TourKind::Open);
        (dir, Workers::new(1).unwrap(), sweep, level)
    }

    /// The header of a checkpoint of `sweep` after three steps, `total`
    /// closed: what a test of a checkpoint's identity writes.
    fn after_three_steps<'a>(sweep: &'a Sweep, total: &'a Total) -> Checkpoint<'a> {
        Checkpoint {
            sweep,
            step: 3,
            total,
            prefixes: &[],
            weight_bits: 1,
        }
    }

    /// A cluster process's share says whose it is: read as a whole count,
    /// or as another process's share, it is refused.
    #[test]
    fn a_share_is_read_only_as_that_share() {
        let (dir, workers, sweep, level) = one_state_level();
        let path = dir.path().join("share");
        let nothing_closed = Total::default();
        let header = after_three_steps(&sweep, &nothing_closed);
        let share = Share {
            process: 1,
            processes: 2,
        };
        write_share(&path, &header, share, &level, &workers).unwrap();
        assert_eq!(inspect(&path).unwrap().share, Some(share));
        assert!(read_share::<u64>(&path, &sweep, share, &workers).is_ok());
        let refusals = [
            read::<u64>(&path, &sweep, &workers).err(),
            read_share::<u64>(
                &path,
                &sweep,
                Share {
                    process: 0,
                    processes: 2,
                },
                &workers,
            )
            .err(),
        ];
        for refusal in refusals {
            match refusal {
                Some(FrontierError::Resume(why)) => assert!(why.contains("share"), "{why}"),
                other => panic!("{other:?}"),
            }
        }
    }

    /// A checkpoint whose fingerprint comes from another state code, as a
    /// build that changed `encode` or a packing would write it, is refused
    /// before its states are read.
    #[test]
    fn a_checkpoint_of_another_state_code_is_refused() {
        let (dir, workers, sweep, level) = one_state_level();
        let path = dir.path().join("ckpt");
        let nothing_closed = Total::default();
        let header = after_three_steps(&sweep, &nothing_closed);
        write(&path, &header, &level, &workers).unwrap();
        let mut codes = state::sample_codes();
        codes[3] += 1;
        let other = fingerprint_with(&sweep, &codes);
        assert_ne!(other, fingerprint(&sweep));
        let manifest = path.join(MANIFEST);
        let mut bytes = std::fs::read(&manifest).unwrap();
        bytes[22..26].copy_from_slice(&other.to_le_bytes());
        let end = bytes.len() - 4;
        let crc = crc32fast::hash(&bytes[..end]);
        bytes[end..].copy_from_slice(&crc.to_le_bytes());
        std::fs::write(&manifest, &bytes).unwrap();
        match read::<u64>(&path, &sweep, &workers) {
            Err(FrontierError::Resume(why)) => assert!(why.contains("differently"), "{why}"),
            Err(other) => panic!("{other}"),
            Ok(_) => panic!("a checkpoint of another state code was read"),
        }
    }

    /// A byte flipped in a manifest's header (its format, at bytes 8–11)
    /// reads as damage, found by the checksum before the format is read,
    /// and so does one flipped anywhere else; only its header is read by
    /// `inspect`, which says the same.
    #[test]
    fn a_flipped_byte_in_the_manifest_is_damage_not_another_format() {
        let (dir, workers, sweep, level) = one_state_level();
        let path = dir.path().join("ckpt");
        let nothing_closed = Total::default();
        let header = after_three_steps(&sweep, &nothing_closed);
        write(&path, &header, &level, &workers).unwrap();
        let manifest = path.join(MANIFEST);
        let written = std::fs::read(&manifest).unwrap();
        for at in [10, 14, written.len() / 2, written.len() - 1] {
            let mut bytes = written.clone();
            bytes[at] ^= 0x02;
            std::fs::write(&manifest, &bytes).unwrap();
            for result in [
                inspect(&path).map(|_| ()),
                read::<u64>(&path, &sweep, &workers).map(|_| ()),
            ] {
                match result {
                    Err(FrontierError::Resume(why)) => {
                        assert!(why.contains("damaged"), "byte {at}: {why}");
                        assert!(!why.contains("format"), "byte {at}: {why}");
                    }
                    Err(other) => panic!("{other}"),
                    Ok(()) => panic!("byte {at} flipped was read"),
                }
            }
        }
    }
}
