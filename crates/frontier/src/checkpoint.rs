//! Checkpoints: a level written to a file, so that a count of hours can
//! stop and go on.
//!
//! A checkpoint is the level after `step` steps and the weight of the
//! tours closed before it; resuming from it does exactly the remaining
//! steps, so the count is the one an uninterrupted run gives.
//!
//! Format (little-endian):
//!
//! ```text
//!   "KTFRONT\0"  magic
//!   u32          format version (2)
//!   u32 u32 u8   rows, cols, kind (0 open, 1 closed)
//!   u8           key bytes (8 or 16)
//!   u32          the sweep's fingerprint (see below)
//!   u64          steps done
//!   u32 + bytes  tours so far (BigUint, little-endian bytes)
//!   records      u8 0, key, u64 weight       (a weight that fits a u64)
//!                u8 1, key, u32 + bytes      (a larger weight)
//!   u8 0xFF      the end of the records
//!   u64          the number of records
//!   u32          CRC-32 of everything before it
//! ```
//!
//! The records stream out as the level is read, so writing a checkpoint
//! of a level of billions of states needs no memory of its own.
//!
//! A file from another board, kind or key width, a damaged one, or one
//! whose lengths do not add up is refused with the reason; nothing of it
//! is used.
//!
//! A key means something only to the sweep and the state code that made
//! it: the same board swept in another order, or coded another way, reads
//! the same bytes as other states and would give a wrong count without
//! any error. So the header holds a fingerprint of both (a CRC-32 of the
//! state code's version and of every step's frontiers and edges), and a
//! checkpoint written by a build whose sweep or code differs is refused.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::sync::atomic::AtomicUsize;

use kt_board::TourKind;
use num_bigint::BigUint;

use crate::FrontierError;
use crate::level::{Building, Level, Spill, shard_of};
use crate::state::Key;
use crate::sweep::Sweep;
use crate::weight::{Total, Weight};

const MAGIC: &[u8; 8] = b"KTFRONT\0";
const VERSION: u32 = 2;
/// The version of the state code (`state::encode` and the key packing):
/// raise it with any change to either, so that old checkpoints are refused.
const STATE_CODE: u32 = 1;
/// The longest big weight a checkpoint may hold (bytes): far beyond any
/// count, small enough that a damaged length cannot exhaust memory.
const MAX_BIG_BYTES: u32 = 1 << 16;

/// What a checkpoint says besides its states.
pub struct Checkpoint<'a> {
    pub sweep: &'a Sweep,
    pub step: usize,
    pub total: &'a Total,
}

/// A level read back from a checkpoint.
pub struct Resumed<K: Key> {
    pub step: usize,
    pub total: Total,
    pub level: Level<K>,
}

fn kind_byte(kind: TourKind) -> u8 {
    match kind {
        TourKind::Open => 0,
        TourKind::Closed => 1,
    }
}

/// A writer that keeps the CRC of what went through it.
struct Crc<W> {
    inner: W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Write for Crc<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<R: Read> Read for Crc<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }
}

fn write_big(out: &mut impl Write, n: &BigUint) -> io::Result<()> {
    let bytes = n.to_bytes_le();
    out.write_all(&(bytes.len() as u32).to_le_bytes())?;
    out.write_all(&bytes)
}

/// Writes `level` (which it reads, and so consumes) to `path`, and returns
/// the same level rebuilt. The file is written next to `path` and renamed
/// over it, so a crash mid-write leaves the previous checkpoint whole.
pub fn write<K: Key>(
    path: &Path,
    header: &Checkpoint<'_>,
    level: &Level<K>,
) -> Result<(), FrontierError> {
    let partial = {
        let mut name = path.as_os_str().to_owned();
        name.push(".partial");
        std::path::PathBuf::from(name)
    };
    let io_error =
        |e: io::Error| FrontierError::Checkpoint(format!("cannot write {}: {e}", path.display()));
    let board = header.sweep.board();
    let result = (|| -> io::Result<()> {
        let mut out = Crc {
            inner: BufWriter::with_capacity(1 << 20, File::create(&partial)?),
            crc: crc32fast::Hasher::new(),
        };
        out.write_all(MAGIC)?;
        out.write_all(&VERSION.to_le_bytes())?;
        out.write_all(&(board.rows() as u32).to_le_bytes())?;
        out.write_all(&(board.cols() as u32).to_le_bytes())?;
        out.write_all(&[kind_byte(header.sweep.kind()), K::BYTES as u8])?;
        out.write_all(&fingerprint(header.sweep).to_le_bytes())?;
        out.write_all(&(header.step as u64).to_le_bytes())?;
        write_big(&mut out, &header.total.value())?;
        let mut records: u64 = 0;
        let mut record = vec![0u8; 1 + K::BYTES + 8];
        let mut failed: Option<io::Error> = None;
        level.visit_all(|key, weight| {
            if failed.is_some() {
                return;
            }
            let result = (|| -> io::Result<()> {
                key.to_le(&mut record[1..]);
                match weight {
                    Weight::Small(w) => {
                        record[0] = 0;
                        record[1 + K::BYTES..].copy_from_slice(&w.to_le_bytes());
                        out.write_all(&record)
                    }
                    Weight::Big(w) => {
                        record[0] = 1;
                        out.write_all(&record[..=K::BYTES])?;
                        write_big(&mut out, w)
                    }
                }
            })();
            records += 1;
            if let Err(e) = result {
                failed = Some(e);
            }
        })?;
        if let Some(e) = failed {
            return Err(e);
        }
        out.write_all(&[0xFF])?;
        out.write_all(&records.to_le_bytes())?;
        let crc = out.crc.clone().finalize();
        out.inner.write_all(&crc.to_le_bytes())?;
        out.inner.flush()?;
        out.inner.get_ref().sync_all()?;
        std::fs::rename(&partial, path)
    })();
    result.map_err(io_error)
}

/// What a checkpoint's header says.
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
}

/// A fingerprint of what gives a key its meaning: the state code's version
/// and every step's vertex, frontiers and edges, in order.
pub fn fingerprint(sweep: &Sweep) -> u32 {
    let mut hash = crc32fast::Hasher::new();
    let mut word = |n: usize| hash.update(&(n as u64).to_le_bytes());
    word(STATE_CODE as usize);
    word(sweep.steps().len());
    for step in sweep.steps() {
        word(step.vertex);
        for list in [&step.before, &step.after] {
            word(list.len());
            for &v in list {
                word(v);
            }
        }
        for list in [&step.carry, &step.edges] {
            word(list.len());
            for &s in list {
                word(usize::from(s));
            }
        }
    }
    hash.finalize()
}

/// Reads only the header of a checkpoint, to refuse one of another board
/// or kind before any work (the whole file is checked when it is read).
pub fn inspect(path: &Path) -> Result<Header, FrontierError> {
    let name = path.display();
    let file = File::open(path)
        .map_err(|e| FrontierError::Resume(format!("{name}: cannot read it: {e}")))?;
    read_header(&mut BufReader::new(file), path)
}

/// The header of a checkpoint being read.
fn read_header(input: &mut impl Read, path: &Path) -> Result<Header, FrontierError> {
    let name = path.display();
    let bad = |why: String| FrontierError::Resume(format!("{name}: {why}"));
    let damaged = |e: io::Error| bad(format!("not a whole checkpoint ({e})"));
    let mut magic = [0u8; 8];
    input.read_exact(&mut magic).map_err(damaged)?;
    if &magic != MAGIC {
        return Err(bad("not a knights-tour frontier checkpoint".into()));
    }
    let version = read_u32(input).map_err(damaged)?;
    if version != VERSION {
        return Err(bad(format!(
            "checkpoint format {version}, this program reads format {VERSION}"
        )));
    }
    let rows = read_u32(input).map_err(damaged)? as usize;
    let cols = read_u32(input).map_err(damaged)? as usize;
    let mut kind_and_key = [0u8; 2];
    input.read_exact(&mut kind_and_key).map_err(damaged)?;
    let kind = match kind_and_key[0] {
        0 => TourKind::Open,
        1 => TourKind::Closed,
        other => return Err(bad(format!("unknown tour kind {other}"))),
    };
    let fingerprint = read_u32(input).map_err(damaged)?;
    let step = read_u64(input).map_err(damaged)? as usize;
    Ok(Header {
        rows,
        cols,
        kind,
        key_bytes: kind_and_key[1] as usize,
        fingerprint,
        step,
    })
}

/// Reads a checkpoint of `sweep`'s board and kind.
pub fn read<K: Key>(
    path: &Path,
    sweep: &Sweep,
    limit: usize,
    spill: &Spill,
) -> Result<Resumed<K>, FrontierError> {
    let name = path.display();
    let bad = |why: String| FrontierError::Resume(format!("{name}: {why}"));
    let file = File::open(path).map_err(|e| bad(format!("cannot read it: {e}")))?;
    let mut input = Crc {
        inner: BufReader::with_capacity(1 << 20, file),
        crc: crc32fast::Hasher::new(),
    };
    let damaged = |e: io::Error| bad(format!("not a whole checkpoint ({e})"));
    let header = read_header(&mut input, path)?;
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
            "it was written by a build that sweeps or codes the board differently, so its states mean something else here"
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
    let total = read_big(&mut input).map_err(damaged)?;
    let nothing = AtomicUsize::new(0);
    let building = Building::<K>::new(limit, &nothing, spill);
    let mut key_bytes = vec![0u8; K::BYTES];
    let mut records = 0u64;
    loop {
        let mut tag = [0u8; 1];
        input.read_exact(&mut tag).map_err(damaged)?;
        if tag[0] == 0xFF {
            break;
        }
        input.read_exact(&mut key_bytes).map_err(damaged)?;
        let key = K::from_le(&key_bytes);
        match tag[0] {
            0 => {
                let weight = read_u64(&mut input).map_err(damaged)?;
                building
                    .add_batch(shard_of(key), &[(key, weight)])
                    .map_err(FrontierError::Io)?;
            }
            1 => {
                let weight = read_big(&mut input).map_err(damaged)?;
                building.add_big(key, &weight).map_err(FrontierError::Io)?;
            }
            other => return Err(bad(format!("record {records} has the unknown tag {other}"))),
        }
        records += 1;
    }
    let claimed = read_u64(&mut input).map_err(damaged)?;
    if claimed != records {
        return Err(bad(format!("it holds {records} states but says {claimed}")));
    }
    let expected = input.crc.clone().finalize();
    let mut stored = [0u8; 4];
    input.inner.read_exact(&mut stored).map_err(damaged)?;
    if u32::from_le_bytes(stored) != expected {
        return Err(bad(
            "its checksum does not match: the file is damaged".into()
        ));
    }
    let mut rest = [0u8; 1];
    if input.inner.read(&mut rest).map_err(damaged)? != 0 {
        return Err(bad("it has bytes after its end".into()));
    }
    let mut resumed_total = Total::default();
    resumed_total.add(&Weight::Big(total));
    Ok(Resumed {
        step,
        total: resumed_total,
        level: building.finish().map_err(FrontierError::Io)?,
    })
}

fn read_u32(input: &mut impl Read) -> io::Result<u32> {
    let mut b = [0u8; 4];
    input.read_exact(&mut b)?;
    Ok(u32::from_le_bytes(b))
}

fn read_u64(input: &mut impl Read) -> io::Result<u64> {
    let mut b = [0u8; 8];
    input.read_exact(&mut b)?;
    Ok(u64::from_le_bytes(b))
}

fn read_big(input: &mut impl Read) -> io::Result<BigUint> {
    let len = read_u32(input)?;
    if len > MAX_BIG_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a weight of {len} bytes"),
        ));
    }
    let mut bytes = vec![0u8; len as usize];
    input.read_exact(&mut bytes)?;
    Ok(BigUint::from_bytes_le(&bytes))
}
