//! Standard output as the commands write it.
//!
//! Rust's `std::io::stdout` treats a closed descriptor as a bottomless
//! sink (it ignores `EBADF`), so `knights-tour count 5 >&-` would succeed
//! with its result lost. The commands therefore write through a duplicate
//! of descriptor 1, which reports every error: a closed descriptor fails
//! before any work starts, a reader that went away (`| head -1`) ends the
//! program quietly with 141 like any Unix tool, and other errors are
//! one-line failures. Output is buffered and flushed at the end, so large
//! outputs stream without being built in memory first.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::os::fd::AsFd;

use crate::exit::CliError;

/// Buffered standard output with honest errors.
pub struct Output {
    out: BufWriter<File>,
}

impl Output {
    /// Standard output, or a failure if it is closed.
    pub fn stdout() -> Result<Output, CliError> {
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
