//! Sorted runs: a part of a level written down compactly.
//!
//! A run holds distinct states in increasing key order, each with its
//! weight. States that are close in key order share most of their digits
//! (the same paths on the same slots), so a key is written as its
//! difference from the previous key, and both that difference and the
//! weight as LEB128 varints (the `unsigned-varint` crate). On the 6×6 open
//! levels a key then takes about 2 bytes and a weight 1 (against 16 bytes
//! for the pair unpacked); on 8×8 closed a state takes 4 to 6 bytes in all
//! (`docs/frontier.md`, "The level store").
//!
//! ```text
//!   record   = varint(key − previous key)  weight
//!   weight   = varint(w)                          w ≥ 1: every state has one
//!            | 0  varint(len)  len bytes          a weight beyond u64, little-endian
//! ```
//!
//! A state never has weight 0 (it counts the edge sets that lead to it), so
//! the byte 0 is free to announce a weight beyond `u64`; such weights stay
//! in the run like any other and never wrap.
//!
//! The same bytes are a run in memory and a run on disk: spilling a run
//! writes them to a file unchanged, and a checkpoint links that file.

use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;

use num_bigint::BigUint;

use crate::state::Key;
use crate::weight::{Sum, Weight, WeightOverflow};

/// The longest weight beyond `u64` a run may hold (bytes): far beyond any
/// count, small enough that a damaged length cannot exhaust memory.
pub const MAX_BIG_BYTES: usize = 1 << 16;

/// The most bytes a record with a `u64` weight takes: a `u128` key
/// difference (19 bytes) and a `u64` weight (10).
const MAX_SMALL_RECORD: usize = 19 + 10;

/// Bytes read from a spilled run at a time. Small, because a merge reads
/// many runs at once and a run is read front to back exactly once.
const READ_BUFFER: usize = 64 << 10;

/// Where a run's bytes are.
#[derive(Debug)]
pub enum Place {
    Memory(Vec<u8>),
    /// A file of the spill directory (`owned`: removed once read) or of a
    /// checkpoint (left alone).
    Disk {
        path: PathBuf,
        owned: bool,
    },
}

/// A sorted run of distinct states and their weights.
#[derive(Debug)]
pub struct Run {
    /// Records in the run.
    pub entries: u64,
    /// Bytes the records take.
    pub bytes: u64,
    /// CRC-32 of the bytes, made once with the run: a checkpoint records it,
    /// a resumed count checks every file against it before any work, and
    /// [`RunReader`] checks a run read from a file against it as it reads.
    pub crc: u32,
    /// Bits of the sum of the run's weights: what bounds the weights of
    /// the step that reads it (`weight.rs`). A run a checkpoint gives back
    /// has 0 here; its level carries the bound instead.
    pub weight_bits: u32,
    pub place: Place,
}

impl Run {
    /// Whether the run is in memory.
    pub fn in_memory(&self) -> bool {
        matches!(self.place, Place::Memory(_))
    }
}

/// Writes sorted distinct states into run bytes, adding up their weights
/// as it goes: the sum bounds the next step's weights (`weight.rs`).
pub struct Encoder<K: Key, W: Weight> {
    out: Vec<u8>,
    previous: K,
    entries: u64,
    /// The run's weights added up (it may pass `W`).
    sum: Sum<W>,
}

/// A run's bytes and what is known of them before it is kept.
pub struct Encoded {
    pub bytes: Vec<u8>,
    pub entries: u64,
    /// Bits of the sum of the run's weights.
    pub weight_bits: u32,
}

impl<K: Key, W: Weight> Encoder<K, W> {
    /// An encoder whose output starts with room for about `records`
    /// records.
    pub fn with_capacity(records: usize) -> Encoder<K, W> {
        Encoder {
            out: Vec::with_capacity(records.saturating_mul(4)),
            previous: K::default(),
            entries: 0,
            sum: Sum::default(),
        }
    }

    fn key(&mut self, key: K) {
        debug_assert!(
            self.entries == 0 || key > self.previous,
            "run keys must increase"
        );
        key.delta_from(self.previous).write_varint(&mut self.out);
        self.previous = key;
        self.entries += 1;
    }

    /// Appends a state with its weight (not 0).
    #[inline]
    pub fn push(&mut self, key: K, weight: W) {
        debug_assert!(weight != W::default(), "a state has a weight of at least 1");
        self.key(key);
        self.sum.add(weight);
        if let Some(small) = weight.to_u64() {
            let mut buffer = unsigned_varint::encode::u64_buffer();
            self.out
                .extend_from_slice(unsigned_varint::encode::u64(small, &mut buffer));
        } else {
            self.big_length(weight.le_len());
            weight.write_le_bytes(&mut self.out);
        }
    }

    /// Appends a state whose weight is past `W`: a sum of successors that
    /// passed the width of the step that made them (the next step reads
    /// it at a width that holds it, `weight.rs`).
    pub fn push_big(&mut self, key: K, weight: &BigUint) {
        let bytes = weight.to_bytes_le();
        if let Some(w) = W::from_le_bytes(&bytes) {
            self.push(key, w);
            return;
        }
        self.key(key);
        self.sum.add_big(weight);
        self.big_length(bytes.len());
        self.out.extend_from_slice(&bytes);
    }

    /// What comes before a weight's bytes past `u64`: 0, then their
    /// length (below 128 for every width: one byte).
    fn big_length(&mut self, len: usize) {
        self.out.push(0);
        let mut buffer = unsigned_varint::encode::usize_buffer();
        self.out
            .extend_from_slice(unsigned_varint::encode::usize(len, &mut buffer));
    }

    /// The bytes, the number of records and their weights' bits.
    pub fn finish(self) -> Encoded {
        Encoded {
            bytes: self.out,
            entries: self.entries,
            weight_bits: self.sum.bits(),
        }
    }
}

fn damaged(why: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("damaged run: {why}"))
}

/// Reads a run back, front to back, from memory or from its file.
///
/// A run read from a file is checked as it is read: its bytes' CRC-32 and
/// length against those the run was made with, once its last record has
/// been read. A spilled run lies on disk for minutes or hours between its
/// write and its read, where a bad disk, a full one, or another program
/// can change it; a changed byte would otherwise become a wrong count. The
/// CRC costs about a second per 10 GB read, far below the disk's own time.
pub struct RunReader<K: Key> {
    buffer: Vec<u8>,
    position: usize,
    file: Option<File>,
    /// What a run from a file is checked against, until it has been.
    check: Option<Check>,
    /// Records not yet read.
    left: u64,
    previous: K,
}

/// The checksum of a run file being read, and what it must come to.
struct Check {
    path: PathBuf,
    crc: crc32fast::Hasher,
    read: u64,
    expected_crc: u32,
    expected_bytes: u64,
}

impl<K: Key> RunReader<K> {
    /// A reader of `run`, which it takes over: a run in memory is freed
    /// when the reader is dropped.
    pub fn open(run: Run) -> io::Result<RunReader<K>> {
        let (buffer, file, check) = match run.place {
            Place::Memory(bytes) => (bytes, None, None),
            Place::Disk { path, .. } => (
                Vec::with_capacity(READ_BUFFER),
                Some(File::open(&path).map_err(|e| {
                    io::Error::new(e.kind(), format!("cannot read {}: {e}", path.display()))
                })?),
                Some(Check {
                    path,
                    crc: crc32fast::Hasher::new(),
                    read: 0,
                    expected_crc: run.crc,
                    expected_bytes: run.bytes,
                }),
            ),
        };
        Ok(RunReader {
            buffer,
            position: 0,
            file,
            check,
            left: run.entries,
            previous: K::default(),
        })
    }

    /// Reads what is left of the file and checks the whole file against
    /// the run's length and CRC-32: an error names the file.
    fn finish_check(&mut self) -> io::Result<()> {
        let Some(mut check) = self.check.take() else {
            return Ok(());
        };
        if let Some(file) = self.file.as_mut() {
            let mut rest = vec![0u8; READ_BUFFER];
            loop {
                let read = file.read(&mut rest)?;
                if read == 0 {
                    break;
                }
                check.crc.update(&rest[..read]);
                check.read += read as u64;
            }
            self.file = None;
        }
        if check.read != check.expected_bytes || check.crc.finalize() != check.expected_crc {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "the spilled run {} is damaged: its bytes are not those written (length or CRC-32 differs)",
                    check.path.display()
                ),
            ));
        }
        Ok(())
    }

    /// Makes at least `wanted` bytes available from `position`, unless the
    /// file ends first.
    fn fill(&mut self, wanted: usize) -> io::Result<()> {
        let Some(file) = self.file.as_mut() else {
            return Ok(());
        };
        if self.buffer.len() - self.position >= wanted {
            return Ok(());
        }
        self.buffer.drain(..self.position);
        self.position = 0;
        let target = wanted.max(READ_BUFFER);
        while self.buffer.len() < target {
            let have = self.buffer.len();
            self.buffer.resize(target, 0);
            let read = file.read(&mut self.buffer[have..])?;
            self.buffer.truncate(have + read);
            if let Some(check) = self.check.as_mut() {
                check.crc.update(&self.buffer[have..]);
                check.read += read as u64;
            }
            if read == 0 {
                self.file = None;
                break;
            }
        }
        Ok(())
    }

    /// The next state and its weight, or `None` at the end; an error if
    /// the weight is beyond `W` (never, at the width the step chose).
    #[inline]
    pub fn next_entry<W: Weight>(&mut self) -> io::Result<Option<(K, W)>> {
        if self.left == 0 {
            self.finish_check()?;
            return Ok(None);
        }
        self.fill(MAX_SMALL_RECORD)?;
        let bytes = &self.buffer[self.position..];
        let Some((delta, rest)) = K::read_varint(bytes) else {
            // A file cut short or changed: say which, if the checksum can.
            self.finish_check()?;
            return Err(damaged("a key"));
        };
        let (weight, rest) = unsigned_varint::decode::u64(rest).map_err(|_| damaged("a weight"))?;
        let weight = if weight == 0 {
            let (len, rest) =
                unsigned_varint::decode::usize(rest).map_err(|_| damaged("a weight's length"))?;
            if len == 0 || len > MAX_BIG_BYTES {
                return Err(damaged("a weight's length"));
            }
            self.position += bytes.len() - rest.len();
            self.fill(len)?;
            let big = self
                .buffer
                .get(self.position..self.position + len)
                .ok_or_else(|| damaged("a weight cut short"))?;
            let weight = W::from_le_bytes(big).ok_or_else(WeightOverflow::of::<W>)?;
            self.position += len;
            weight
        } else {
            self.position += bytes.len() - rest.len();
            W::from_u64(weight).ok_or_else(WeightOverflow::of::<W>)?
        };
        let key = self.previous.advance(delta);
        self.previous = key;
        self.left -= 1;
        Ok(Some((key, weight)))
    }
}

#[cfg(test)]
mod tests {
    use ruint::Uint;

    use super::*;

    type U192 = Uint<192, 3>;

    fn round_trip<K: Key, W: Weight>(entries: &[(K, W)]) {
        let mut encoder = Encoder::<K, W>::with_capacity(entries.len());
        for &(k, w) in entries {
            encoder.push(k, w);
        }
        let Encoded {
            bytes,
            entries: count,
            weight_bits,
        } = encoder.finish();
        assert_eq!(count, entries.len() as u64);
        let sum: BigUint = entries.iter().map(|(_, w)| w.to_biguint()).sum();
        assert_eq!(u64::from(weight_bits), sum.bits());
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run");
        std::fs::write(&path, &bytes).unwrap();
        for place in [
            Place::Memory(bytes.clone()),
            Place::Disk {
                path: path.clone(),
                owned: true,
            },
        ] {
            let mut reader = RunReader::<K>::open(Run {
                entries: count,
                bytes: bytes.len() as u64,
                crc: crc32fast::hash(&bytes),
                weight_bits,
                place,
            })
            .unwrap();
            let mut back = Vec::new();
            while let Some(entry) = reader.next_entry::<W>().unwrap() {
                back.push(entry);
            }
            assert_eq!(back, entries);
        }
    }

    #[test]
    fn runs_give_back_what_they_were_given() {
        let big = U192::from(u64::MAX) * U192::from(1000u64);
        round_trip::<u64, U192>(&[
            (0, U192::from(1u64)),
            (7, U192::from(u64::MAX)),
            (8, big),
            (u64::MAX, U192::from(3u64)),
        ]);
        round_trip::<u128, U192>(&[
            (5, big),
            (u128::MAX - 1, U192::from(2u64)),
            (u128::MAX, big * U192::from(7u64)),
        ]);
        // Enough records that a spilled run is read in several buffers.
        let many: Vec<(u64, u64)> = (0..200_000u64)
            .map(|i| (i * 1_000_003, i % 977 + 1))
            .collect();
        round_trip(&many);
    }

    /// A run's bytes do not depend on the width that wrote them: a run of
    /// weights below 2⁶⁴ written at 192 bits is the run written at 64, so
    /// that a level is read at whatever width its next step takes.
    #[test]
    fn a_run_is_the_same_at_every_width() {
        let entries: Vec<(u64, u64)> = (1..5_000u64).map(|i| (i * 7, i * i * i)).collect();
        let mut narrow = Encoder::<u64, u64>::with_capacity(0);
        let mut wide = Encoder::<u64, U192>::with_capacity(0);
        for &(k, w) in &entries {
            narrow.push(k, w);
            wide.push(k, U192::from(w));
        }
        assert_eq!(narrow.finish().bytes, wide.finish().bytes);
    }

    /// One bit changed in a spilled run, where it still decodes (a weight),
    /// and a run file cut short: read back, each is an error naming the
    /// file, never records taken for the run's.
    #[test]
    fn a_changed_run_file_is_found_when_it_is_read() {
        let entries: Vec<(u64, u64)> = (0..50_000u64).map(|i| (i * 3 + 1, i % 100 + 1)).collect();
        let mut encoder = Encoder::<u64, u64>::with_capacity(entries.len());
        for &(k, w) in &entries {
            encoder.push(k, w);
        }
        let Encoded {
            bytes,
            entries: count,
            ..
        } = encoder.finish();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run");
        let read_all = |changed: &[u8]| -> io::Result<u64> {
            std::fs::write(&path, changed).unwrap();
            let mut reader = RunReader::<u64>::open(Run {
                entries: count,
                bytes: bytes.len() as u64,
                crc: crc32fast::hash(&bytes),
                weight_bits: 0,
                place: Place::Disk {
                    path: path.clone(),
                    owned: false,
                },
            })?;
            let mut n = 0;
            while reader.next_entry::<u64>()?.is_some() {
                n += 1;
            }
            Ok(n)
        };
        assert_eq!(read_all(&bytes).unwrap(), count);
        // The last record's weight (1 to 100, one byte): changed, it still
        // reads as a record.
        let mut flipped = bytes.clone();
        *flipped.last_mut().unwrap() ^= 0x02;
        let error = read_all(&flipped).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert!(error.to_string().contains("damaged"), "{error}");
        assert!(error.to_string().contains("run"), "{error}");
        let error = read_all(&bytes[..bytes.len() - 7]).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData, "{error}");
        let mut longer = bytes.clone();
        longer.push(1);
        assert!(read_all(&longer).is_err());
    }

    #[test]
    fn a_damaged_run_is_an_error_not_a_panic() {
        let mut reader = RunReader::<u64>::open(Run {
            entries: 2,
            bytes: 2,
            crc: 0,
            weight_bits: 0,
            place: Place::Memory(vec![0x80, 0x80]),
        })
        .unwrap();
        assert!(reader.next_entry::<u64>().is_err());
    }
}
