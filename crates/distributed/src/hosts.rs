//! Where the processes of a cluster listen.
//!
//! The hostfile is timely dataflow's own format (`timely::Config`'s
//! `--hostfile`): one `host:port` per line, process 0 first. Without one,
//! every process is on this machine, at consecutive ports from a base
//! port, as timely's `-n` without a hostfile does (it starts at 2101).

use std::net::ToSocketAddrs;
use std::path::Path;

/// The port process 0 listens on when no hostfile is given; process `i`
/// listens on `DEFAULT_PORT + i` (timely's own default).
pub const DEFAULT_PORT: u16 = 2101;

/// The addresses of `processes` processes on this machine, from `port` on.
pub fn localhost(processes: usize, port: u16) -> Result<Vec<String>, String> {
    let last = usize::from(port) + processes.saturating_sub(1);
    if last > usize::from(u16::MAX) {
        return Err(format!(
            "--port {port} with --processes {processes} runs past port {}",
            u16::MAX
        ));
    }
    Ok((0..processes)
        .map(|i| format!("127.0.0.1:{}", usize::from(port) + i))
        .collect())
}

/// The addresses a hostfile lists, checked: one `host:port` a line (blank
/// lines and `#` comments skipped), at least `processes` of them. A host
/// that does not resolve is refused here, before any process waits for it.
pub fn read_hostfile(path: &Path, processes: usize) -> Result<Vec<String>, String> {
    let name = path.display();
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("cannot read hostfile {name}: {e}"))?;
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
            return Err(format!(
                "hostfile {name}, line {}: expected host:port (for example 10.0.0.7:2101), found {line:?}",
                number + 1
            ));
        }
        if line
            .to_socket_addrs()
            .map_or(true, |mut a| a.next().is_none())
        {
            return Err(format!(
                "hostfile {name}, line {}: {line} does not resolve to an address",
                number + 1
            ));
        }
        addresses.push(line.to_owned());
    }
    if addresses.len() < processes {
        return Err(format!(
            "hostfile {name} lists {} addresses, and --processes {processes} needs one per process",
            addresses.len()
        ));
    }
    addresses.truncate(processes);
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
        let short = read_hostfile(&path, 3).unwrap_err();
        assert!(short.contains("lists 2 addresses"), "{short}");
        std::fs::write(&path, "127.0.0.1:2101\n127.0.0.1\n").unwrap();
        let bad = read_hostfile(&path, 2).unwrap_err();
        assert!(bad.contains("line 2"), "{bad}");
        std::fs::write(&path, "127.0.0.1:99999\n").unwrap();
        assert!(read_hostfile(&path, 1).is_err());
        assert!(read_hostfile(&dir.path().join("none"), 1).is_err());
    }
}
