//! Checking a whole checkpoint without a sweep: its manifest, its
//! checksum, every run file's size and CRC-32.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{Header, open_manifest, read_body, read_header};
use crate::error::FrontierError;
use crate::run::{Place, Run};
use crate::workers::Workers;

/// Checks the whole checkpoint at `path`: its manifest, its checksum, and
/// every run file's size and CRC-32, as [`read`](super::read) does, without a sweep to
/// check it against. Returns its header.
pub fn check_whole(path: &Path, workers: &Workers) -> Result<Header, FrontierError> {
    let mut input = open_manifest(path)?;
    let header = read_header(&mut input, path)?;
    let (_, _, _, _, runs) = read_body(&mut input, path, header.step, &header)?;
    check_runs(&runs, workers)
        .map_err(|why| FrontierError::Resume(format!("{}: {why}", path.display())))?;
    Ok(header)
}

/// The size and CRC-32 of a file, read in pieces.
pub(super) fn crc_of(path: &Path) -> io::Result<(u64, u32)> {
    let mut file = File::open(path)?;
    let mut buffer = vec![0u8; 1 << 20];
    let mut crc = crc32fast::Hasher::new();
    let mut size = 0u64;
    loop {
        let read = file.read(&mut buffer)?;
        if read == 0 {
            return Ok((size, crc.finalize()));
        }
        crc.update(&buffer[..read]);
        size += read as u64;
    }
}

/// Checks every run file's size and CRC-32, on all workers.
pub(super) fn check_runs(runs: &[(usize, Run)], workers: &Workers) -> Result<(), String> {
    let next = AtomicUsize::new(0);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some((_, run)) = runs.get(i) else {
                break;
            };
            let Place::Disk { path, .. } = &run.place else {
                continue;
            };
            let whole = crc_of(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))
                .and_then(|(bytes, crc)| {
                    if bytes == run.bytes && crc == run.crc {
                        Ok(())
                    } else {
                        Err(format!(
                            "{} is damaged: its size or checksum does not match the manifest",
                            path.display()
                        ))
                    }
                });
            if let Err(why) = whole {
                failure
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .get_or_insert(why);
                break;
            }
        }
    };
    workers.each(runs.iter().map(|(_, r)| r.entries).sum(), &work);
    match failure
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        Some(why) => Err(why),
        None => Ok(()),
    }
}
