//! Standard output as the commands write it.
//!
//! Standard output on `/dev/null` is accepted whatever its open mode: a
//! shell's `>/dev/null` (write-only), Rust's `Stdio::null()` and Python's
//! `subprocess.DEVNULL` (read-write) all discard the output on purpose, as
//! they do for ripgrep, fd and hyperfine. A program started with descriptor
//! 1 *closed* (`>&-`) looks the same by the time `main` runs: the Rust
//! runtime opens `/dev/null` read-write in its place, and telling the two
//! apart would take code that runs before the runtime's start-up, which
//! needs `unsafe` (forbidden in this workspace). Refusing both (what the
//! program did until issue 32) refused the common case to catch the rare
//! one; a closed descriptor is the caller's own choice to see nothing.
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

/// Buffered standard output with honest errors.
pub struct Output {
    out: BufWriter<File>,
}

impl Output {
    /// Standard output, or a failure if it cannot be duplicated.
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

/// Writes a whole output file (`--svg`, `-o`), or fails with one line
/// naming it.
///
/// A regular file (or a new one) is written beside itself under a
/// temporary name and renamed over its path, so that a full disk, a kill
/// or a failed write never leaves a truncated picture where a whole one
/// was: the path holds the old file or the new one. Its mode is a new
/// file's (0666 less the umask), as a plain write's would be. A path that
/// is not a regular file (`/dev/stdout`, a pipe) is written in place.
pub fn write_file(path: &std::path::Path, contents: impl AsRef<[u8]>) -> Result<(), CliError> {
    let cannot = |e: &dyn std::fmt::Display| {
        CliError::other(format!("cannot write {}: {e}", path.display()))
    };
    let special = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
    if special {
        return std::fs::write(path, contents).map_err(|e| cannot(&e));
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => std::path::Path::new("."),
    };
    let mut file = tempfile::Builder::new()
        .prefix(".knights-tour-")
        .permissions(new_file_mode())
        .tempfile_in(dir)
        .map_err(|e| cannot(&e))?;
    file.write_all(contents.as_ref()).map_err(|e| cannot(&e))?;
    file.as_file().sync_all().map_err(|e| cannot(&e))?;
    file.persist(path).map_err(|e| cannot(&e.error))?;
    Ok(())
}

/// The mode a new file is opened with, which the umask then narrows.
fn new_file_mode() -> std::fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    std::fs::Permissions::from_mode(0o666)
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
