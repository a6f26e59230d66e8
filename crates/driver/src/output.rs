//! Standard output as the commands write it.
//!
//! A program started with descriptor 1 closed (`knights-tour count 5 >&-`)
//! never sees it closed: before `main`, the Rust runtime opens `/dev/null`
//! *for reading and writing* on every closed standard descriptor, so every
//! write would succeed and the result would be lost with exit status 0.
//! By the time `main` runs, that stand-in and a `/dev/null` a caller opened
//! read-write are the same open file; telling them apart would take code
//! that runs before the runtime's start-up (a constructor in
//! `.init_array`), which needs `unsafe`, and the workspace forbids it
//! (`unsafe_code = "forbid"`). [`Output::stdout`]
//! therefore refuses a standard output that is `/dev/null` opened
//! read-write, before any work starts, saying why ([`CLOSED_AT_START`]).
//! A shell's `>/dev/null` opens it write-only and is accepted, as is Rust's
//! `Stdio::null()`; a caller that hands over a read-write `/dev/null` on
//! purpose, as Python's `subprocess.DEVNULL` does, is refused too, with
//! the way to discard the output instead.
//!
//! The commands write through a duplicate of descriptor 1, which reports
//! every error: a reader that went away (`| head -1`) ends the program
//! quietly with 141 like any Unix tool, and other errors are one-line
//! failures. Output is buffered and flushed at the end, so large outputs
//! stream without being built in memory first.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::os::fd::AsFd;

use crate::exit::CliError;

/// The refusal of a standard output that is `/dev/null` opened read-write:
/// why, and how to discard the output instead (one line, under the 400
/// characters a message may have).
pub const CLOSED_AT_START: &str = "standard output is /dev/null opened read-write, which is what a closed descriptor becomes before the program starts, so it may be closed and the result would be lost; to discard the output, open /dev/null write-only: >/dev/null in a shell, stdout=open(os.devnull, \"w\") in Python (subprocess.DEVNULL is read-write)";

/// Buffered standard output with honest errors.
pub struct Output {
    out: BufWriter<File>,
}

impl Output {
    /// Standard output, or a failure if it is closed.
    pub fn stdout() -> Result<Output, CliError> {
        if closed_at_start() {
            return Err(CliError::other(CLOSED_AT_START));
        }
        let fd = io::stdout()
            .as_fd()
            .try_clone_to_owned()
            .map_err(|e| CliError::other(format!("standard output is not writable: {e}")))?;
        Ok(Output {
            out: BufWriter::with_capacity(1 << 16, File::from(fd)),
        })
    }

    /// Flushes what is buffered.
    pub fn finish(mut self) -> Result<(), CliError> {
        self.out.flush().map_err(|e| failure(&e))
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Whether descriptor 1 is `/dev/null` opened for reading and writing:
/// the stand-in the Rust runtime opens for a descriptor that was closed
/// when the program started. `false` where `/proc` cannot tell.
fn closed_at_start() -> bool {
    let is_null =
        std::fs::read_link("/proc/self/fd/1").is_ok_and(|target| target.as_os_str() == "/dev/null");
    is_null
        && std::fs::read_to_string("/proc/self/fdinfo/1")
            .is_ok_and(|info| access_mode(&info) == Some(ACCESS_READ_WRITE))
}

/// `O_RDWR`: the access mode (the low two bits of the open flags).
const ACCESS_READ_WRITE: u32 = 2;

/// The access mode in the text of `/proc/self/fdinfo/N`, whose `flags:`
/// line holds the open flags in octal.
fn access_mode(fdinfo: &str) -> Option<u32> {
    let flags = fdinfo
        .lines()
        .find_map(|line| line.strip_prefix("flags:"))?
        .trim();
    u32::from_str_radix(flags, 8).ok().map(|flags| flags & 3)
}

/// Writes a whole output file (`--svg`, `-o`), or fails with one line
/// naming it.
pub fn write_file(path: &std::path::Path, contents: impl AsRef<[u8]>) -> Result<(), CliError> {
    std::fs::write(path, contents)
        .map_err(|e| CliError::other(format!("cannot write {}: {e}", path.display())))
}

/// The failure a write error means.
pub fn failure(e: &io::Error) -> CliError {
    if e.kind() == io::ErrorKind::BrokenPipe {
        CliError::broken_pipe()
    } else {
        CliError::other(format!("cannot write to standard output: {e}"))
    }
}

/// Maps a write error to its failure (for `?` on writes).
pub trait OrFail<T> {
    fn or_fail(self) -> Result<T, CliError>;
}

impl<T> OrFail<T> for io::Result<T> {
    fn or_fail(self) -> Result<T, CliError> {
        self.map_err(|e| failure(&e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_says_why_and_how_to_discard_output_in_one_line() {
        assert_eq!(crate::one_line(CLOSED_AT_START), CLOSED_AT_START);
        for part in ["read-write", "closed", ">/dev/null", "write-only"] {
            assert!(CLOSED_AT_START.contains(part), "{part}");
        }
    }

    #[test]
    fn reads_the_access_mode_from_fdinfo() {
        let runtime_stand_in = "pos:\t0\nflags:\t0100002\nmnt_id:\t24\nino:\t3\n";
        assert_eq!(access_mode(runtime_stand_in), Some(ACCESS_READ_WRITE));
        let shell_redirect = "pos:\t0\nflags:\t0100001\nmnt_id:\t24\nino:\t3\n";
        assert_eq!(access_mode(shell_redirect), Some(1));
        assert_eq!(access_mode("pos:\t0\nflags:\t02000002\n"), Some(2));
        assert_eq!(access_mode("pos:\t0\n"), None);
        assert_eq!(access_mode("flags:\tnot octal\n"), None);
    }
}
