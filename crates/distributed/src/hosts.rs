//! Where the processes of a cluster listen.
//!
//! The hostfile is timely dataflow's own format (`timely::Config`'s
//! `--hostfile`): one `host:port` per line, process 0 first. Without one,
//! every process is on this machine, at consecutive ports from a base
//! port, as timely's `-n` without a hostfile does (it starts at 2101).

use std::io::Read;
use std::net::ToSocketAddrs;
use std::path::Path;

/// The largest hostfile read (bytes). A line is a host and a port, so a
/// mebibyte lists tens of thousands of processes; the cap keeps a wrong
/// file (`/dev/zero`, a disk image) from filling memory before it is
/// refused.
pub const MAX_HOSTFILE_BYTES: u64 = 1 << 20;

/// The most characters of a bad line quoted in an error, which stays one
/// readable line whatever the file holds.
const QUOTED_CHARS: usize = 60;

/// `line` for an error message, cut to [`QUOTED_CHARS`].
fn quoted(line: &str) -> String {
    if line.chars().count() <= QUOTED_CHARS {
        format!("{line:?}")
    } else {
        let start: String = line.chars().take(QUOTED_CHARS).collect();
        format!("{start:?}... ({} characters)", line.chars().count())
    }
}

/// The port process 0 listens on when no hostfile is given; process `i`
/// listens on `DEFAULT_PORT + i` (timely's own default).
pub const DEFAULT_PORT: u16 = 2101;

/// Why the processes of a cluster cannot be set up, as values: the
/// options at fault are named by the front end that gave them (kt-count
/// words it with the options as typed words, which each front end spells).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClusterRefusal {
    /// No processes at all.
    NoProcesses,
    /// A process index not below the number of processes.
    ProcessOutOfRange { process: usize, processes: usize },
    /// Consecutive ports from `port` run past the last port.
    PortsRunPast { port: u16, processes: usize },
    /// A hostfile that lists fewer addresses than there are processes.
    FewAddresses {
        hostfile: String,
        listed: usize,
        processes: usize,
    },
    /// A hostfile that cannot be read or holds something else (the whole
    /// line: it names no option).
    Hostfile(String),
    /// A resume directory that holds no checkpoint of this process.
    NoShare {
        dir: std::path::PathBuf,
        process: usize,
        processes: usize,
        mine: std::path::PathBuf,
    },
}

impl std::fmt::Display for ClusterRefusal {
    /// In plain words, the options by their names (`processes 0`); a front
    /// end words it with its own spelling of the options.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClusterRefusal::NoProcesses => f.write_str("processes must be at least 1"),
            ClusterRefusal::ProcessOutOfRange { process, processes } => write!(
                f,
                "process {process} is out of range: with processes {processes} the processes are 0 to {}",
                processes - 1
            ),
            ClusterRefusal::PortsRunPast { port, processes } => write!(
                f,
                "port {port} with processes {processes} runs past port {}",
                u16::MAX
            ),
            ClusterRefusal::FewAddresses {
                hostfile,
                listed,
                processes,
            } => write!(
                f,
                "hostfile {hostfile} lists {listed} addresses, and processes {processes} needs one per process"
            ),
            ClusterRefusal::Hostfile(why) => f.write_str(why),
            ClusterRefusal::NoShare {
                dir,
                process,
                processes,
                mine,
            } => write!(
                f,
                "resume {}: no checkpoint of process {process} of {processes} in {}",
                dir.display(),
                mine.display()
            ),
        }
    }
}

/// Refuses a process index that is not below the number of processes (the
/// one refusal of it, wherever it is checked).
pub fn check_process(process: usize, processes: usize) -> Result<(), ClusterRefusal> {
    if processes == 0 {
        return Err(ClusterRefusal::NoProcesses);
    }
    if process >= processes {
        return Err(ClusterRefusal::ProcessOutOfRange { process, processes });
    }
    Ok(())
}

/// The addresses of `processes` processes on this machine, from `port` on.
pub fn localhost(processes: usize, port: u16) -> Result<Vec<String>, ClusterRefusal> {
    let last = usize::from(port) + processes.saturating_sub(1);
    if last > usize::from(u16::MAX) {
        return Err(ClusterRefusal::PortsRunPast { port, processes });
    }
    Ok((0..processes)
        .map(|i| format!("127.0.0.1:{}", usize::from(port) + i))
        .collect())
}

/// The addresses a hostfile lists, checked: one `host:port` a line (blank
/// lines and `#` comments skipped), at least `processes` of them. A host
/// that does not resolve is refused here, before any process waits for it,
/// and so is a file beyond [`MAX_HOSTFILE_BYTES`].
pub fn read_hostfile(path: &Path, processes: usize) -> Result<Vec<String>, ClusterRefusal> {
    let name = path.display();
    let addresses = read_addresses(path)?;
    if addresses.len() < processes {
        return Err(ClusterRefusal::FewAddresses {
            hostfile: name.to_string(),
            listed: addresses.len(),
            processes,
        });
    }
    let mut addresses = addresses;
    addresses.truncate(processes);
    Ok(addresses)
}

/// Every address a hostfile lists, checked.
fn read_addresses(path: &Path) -> Result<Vec<String>, ClusterRefusal> {
    let name = path.display();
    let refused = ClusterRefusal::Hostfile;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_HOSTFILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| refused(format!("cannot read hostfile {name}: {e}")))?;
    if bytes.len() as u64 > MAX_HOSTFILE_BYTES {
        return Err(refused(format!(
            "hostfile {name} is larger than {} KiB, the most a hostfile may be (one host:port a line)",
            MAX_HOSTFILE_BYTES >> 10
        )));
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        refused(format!(
            "hostfile {name} is not text (UTF-8): expected one host:port a line"
        ))
    })?;
    let mut addresses = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let well_formed = line
            .rsplit_once(':')
            .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok());
        if !well_formed || line.contains(char::is_whitespace) {
            return Err(refused(format!(
                "hostfile {name}, line {}: expected host:port (for example 10.0.0.7:2101), found {}",
                number + 1,
                quoted(line)
            )));
        }
        if line
            .to_socket_addrs()
            .map_or(true, |mut a| a.next().is_none())
        {
            return Err(refused(format!(
                "hostfile {name}, line {}: {} does not resolve to an address",
                number + 1,
                quoted(line)
            )));
        }
        addresses.push(line.to_owned());
    }
    Ok(addresses)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn localhost_counts_up_from_the_port() {
        assert_eq!(
            localhost(3, 2101).unwrap(),
            ["127.0.0.1:2101", "127.0.0.1:2102", "127.0.0.1:2103"]
        );
        assert!(localhost(3, u16::MAX).is_err());
    }

    #[test]
    fn hostfiles_are_read_and_checked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("hosts");
        std::fs::write(&path, "# cluster\n127.0.0.1:2101\n\nlocalhost:2102\n").unwrap();
        assert_eq!(
            read_hostfile(&path, 2).unwrap(),
            ["127.0.0.1:2101", "localhost:2102"]
        );
        let short = read_hostfile(&path, 3).unwrap_err().to_string();
        assert!(short.contains("lists 2 addresses"), "{short}");
        std::fs::write(&path, "127.0.0.1:2101\n127.0.0.1\n").unwrap();
        let bad = read_hostfile(&path, 2).unwrap_err().to_string();
        assert!(bad.contains("line 2"), "{bad}");
        std::fs::write(&path, "127.0.0.1:99999\n").unwrap();
        assert!(read_hostfile(&path, 1).is_err());
        assert!(read_hostfile(&dir.path().join("none"), 1).is_err());
    }

    /// A file of endless zeros, a file over the cap and a host name of
    /// 100,000 characters are each refused with a short line.
    #[test]
    fn huge_hostfiles_are_refused_in_a_line() {
        let zero = read_hostfile(Path::new("/dev/zero"), 2)
            .unwrap_err()
            .to_string();
        assert!(zero.contains("larger than"), "{zero}");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("hosts");
        std::fs::write(&path, format!("{}:2101\n", "h".repeat(100_000))).unwrap();
        let long = read_hostfile(&path, 1).unwrap_err().to_string();
        assert!(long.len() < 200, "{} characters: {long}", long.len());
        assert!(long.contains("100005 characters"), "{long}");
    }
}
