//! The cluster's connections, made and checked before timely starts.
//!
//! Timely can connect its processes itself (`create_sockets`), but it
//! prints to standard output, retries a missing peer forever and panics on
//! a port in use. A count must refuse such a start with one line, and must
//! refuse processes started for different counts before any work. So the
//! program connects the sockets itself, in timely's pattern (each process
//! connects to the ones before it and accepts the ones after it), and hands
//! them to `initialize_networking_from_sockets`.
//!
//! Each pair of processes holds two connections: `data`, which timely's
//! exchange takes over, and `beat`, on which both ends send a byte every
//! so often so that a frozen or cut-off peer is noticed
//! (`crate::liveness`; timely has no heartbeat of its own).
//!
//! On every connection both ends first exchange a *hello* line:
//! `kt-cluster 2 <channel> <index> <processes> <resumable steps>
//! <description>`, the channel being `data` or `beat`. The
//! description names the program's version, the board, the kind and the
//! number of processes; two processes with different descriptions refuse
//! to start. The resumable steps are the levels this process holds a
//! checkpoint of, so that a restarted cluster goes on from the last level
//! every process has (`crate::resume`).
//!
//! A process listens on an open port, where anything may connect: a port
//! scanner, a health check, a user's `nc`. A connection that does not say
//! a hello within `STRAY_WAIT` (or closes, or says something that is not
//! a knights-tour cluster line) is dropped and the process goes on
//! waiting for its peers; one that says a cluster line of another version
//! or count is a real peer started wrongly, and is refused. Each accepted
//! connection is waited for on a thread of its own, so that silent ones
//! never queue in front of a peer.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

/// What a process says about itself when it connects.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hello {
    pub index: usize,
    pub processes: usize,
    /// Levels this process can resume from.
    pub resumable: Vec<usize>,
    /// What it counts, with which program: must be equal everywhere.
    pub description: String,
}

const MAGIC: &str = "kt-cluster 2";

/// Which of a pair's two connections a socket is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// Timely's exchange.
    Data,
    /// The heartbeat (`crate::liveness`).
    Beat,
}

impl Channel {
    fn word(self) -> &'static str {
        match self {
            Channel::Data => "data",
            Channel::Beat => "beat",
        }
    }
}

/// The longest hello line read.
const MAX_HELLO: usize = 64 << 10;

/// How long an accepted connection has to say its hello: a peer says it
/// as soon as it has connected.
const STRAY_WAIT: Duration = Duration::from_secs(5);

/// The most accepted connections whose hellos are awaited at once; more
/// are dropped as strays (a flood must not start a thread each).
const MAX_PENDING: usize = 64;

/// An accepted connection, its peer's address, and what it said.
type Heard = (TcpStream, String, Result<(Channel, Hello), Said>);

impl Hello {
    fn line(&self, channel: Channel) -> String {
        let steps = if self.resumable.is_empty() {
            "-".to_owned()
        } else {
            self.resumable
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{MAGIC} {} {} {} {steps} {}\n",
            channel.word(),
            self.index,
            self.processes,
            self.description
        )
    }

    fn parse(line: &str) -> Option<(Channel, Hello)> {
        let rest = line.strip_prefix(MAGIC)?.strip_prefix(' ')?;
        let (channel, rest) = rest.split_once(' ')?;
        let channel = [Channel::Data, Channel::Beat]
            .into_iter()
            .find(|c| c.word() == channel)?;
        let mut parts = rest.splitn(4, ' ');
        let index = parts.next()?.parse().ok()?;
        let processes = parts.next()?.parse().ok()?;
        let steps = parts.next()?;
        let resumable = if steps == "-" {
            Vec::new()
        } else {
            steps
                .split(',')
                .map(str::parse)
                .collect::<Result<_, _>>()
                .ok()?
        };
        let description = parts.next()?.to_owned();
        Some((
            channel,
            Hello {
                index,
                processes,
                resumable,
                description,
            },
        ))
    }
}

/// The connections of process `me`: two sockets per other process (one
/// for the exchange, one for the heartbeat), `None` at `me`, and every
/// process's hello (this one's at `me`).
pub struct Connected {
    pub sockets: Vec<Option<TcpStream>>,
    pub beats: Vec<Option<TcpStream>>,
    pub hellos: Vec<Hello>,
}

/// Listens on `addresses[me]` (refused at once if the port is taken),
/// connects to the processes before `me` and accepts those after it, all
/// within `timeout`, and checks every hello against `hello`.
pub fn connect(
    addresses: &[String],
    hello: &Hello,
    timeout: Duration,
) -> Result<Connected, String> {
    let me = hello.index;
    let processes = addresses.len();
    let listener = TcpListener::bind(&addresses[me]).map_err(|e| {
        format!(
            "process {me} cannot listen on {}: {e}{}",
            addresses[me],
            if e.kind() == std::io::ErrorKind::AddrInUse {
                " (another program, or another process of this cluster, has the port; choose another with --port or in the hostfile)"
            } else {
                ""
            }
        )
    })?;
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("cannot listen on {}: {e}", addresses[me]))?;
    let deadline = Instant::now() + timeout;
    let mut sockets: Vec<Option<TcpStream>> = (0..processes).map(|_| None).collect();
    let mut beats: Vec<Option<TcpStream>> = (0..processes).map(|_| None).collect();
    let mut hellos: Vec<Option<Hello>> = vec![None; processes];
    hellos[me] = Some(hello.clone());

    // Connect to every earlier process, retrying while it starts: its
    // exchange, then its heartbeat.
    for (index, address) in addresses.iter().enumerate().take(me) {
        for channel in [Channel::Data, Channel::Beat] {
            let mut stream = loop {
                match dial(address) {
                    Ok(stream) => break stream,
                    Err(e) if Instant::now() >= deadline => {
                        return Err(format!(
                            "process {me} could not reach process {index} at {address} within {} s ({e}); start every process, and check the address and the firewall",
                            timeout.as_secs()
                        ));
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(50)),
                }
            };
            send_hello(&mut stream, hello, channel).map_err(|e| lost(index, address, &e))?;
            let (said, theirs) = read_hello(&mut stream, deadline)
                .map_err(|e| format!("process {index} at {address} {}", e.why()))?;
            check(hello, &theirs, Some(index), address)?;
            if said != channel {
                return Err(format!(
                    "process {index} at {address} answered on its {} connection for its {} one",
                    said.word(),
                    channel.word()
                ));
            }
            hellos[index] = Some(theirs);
            match channel {
                Channel::Data => sockets[index] = Some(stream),
                Channel::Beat => beats[index] = Some(stream),
            }
        }
    }

    // Accept every later process, twice. Each accepted connection says its
    // hello on a thread of its own, by its own deadline: idle connections
    // (a port scanner's, a health check's) handled one at a time, 5 s
    // each, kept the peers waiting past the connect timeout (issue 38).
    let mut waiting = 2 * (processes - me - 1);
    let mut strays = 0usize;
    let (heard, hellos_heard) = std::sync::mpsc::channel::<Heard>();
    let mut pending = 0usize;
    while waiting > 0 {
        while waiting > 0
            && let Ok((mut stream, peer, said)) = hellos_heard.try_recv()
        {
            pending -= 1;
            let (channel, theirs) = match said {
                Ok(theirs) => theirs,
                // Not a process of a cluster: dropped.
                Err(Said::Nothing(_)) => {
                    strays += 1;
                    continue;
                }
                Err(Said::Other(e)) => return Err(format!("{peer}: {e}")),
            };
            // Answer first, so that both ends see a mismatch and say it.
            send_hello(&mut stream, hello, channel).map_err(|e| lost(theirs.index, &peer, &e))?;
            check(hello, &theirs, None, &peer)?;
            let index = theirs.index;
            let slot = match channel {
                Channel::Data => &mut sockets,
                Channel::Beat => &mut beats,
            };
            if index <= me || slot[index].is_some() {
                return Err(format!(
                    "{peer} says it is process {index}, which this process {me} does not expect (is --process the same on two machines?)"
                ));
            }
            slot[index] = Some(stream);
            hellos[index] = Some(theirs);
            waiting -= 1;
        }
        if waiting == 0 {
            break;
        }
        match listener.accept() {
            Ok((stream, peer)) => {
                if pending >= MAX_PENDING
                    || stream
                        .set_nonblocking(false)
                        .and_then(|()| stream.set_nodelay(true))
                        .is_err()
                {
                    strays += 1;
                    continue;
                }
                pending += 1;
                let heard = heard.clone();
                let by = deadline.min(Instant::now() + STRAY_WAIT);
                std::thread::spawn(move || {
                    let mut stream = stream;
                    let said = read_hello(&mut stream, by);
                    // Gone if the handshake has ended: the stream is dropped.
                    let _ = heard.send((stream, peer.to_string(), said));
                });
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    let missing: Vec<String> = (me + 1..processes)
                        .filter(|&i| sockets[i].is_none() || beats[i].is_none())
                        .map(|i| format!("{i} ({})", addresses[i]))
                        .collect();
                    return Err(format!(
                        "process {me} waited {} s for process {} to connect; start every process with the same command line but --process{}",
                        timeout.as_secs(),
                        missing.join(", "),
                        if strays > 0 {
                            format!(
                                " ({strays} connections that were not cluster processes were dropped)"
                            )
                        } else {
                            String::new()
                        }
                    ));
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(e) => return Err(format!("cannot accept on {}: {e}", addresses[me])),
        }
    }
    Ok(Connected {
        sockets,
        beats,
        hellos: hellos.into_iter().map(Option::unwrap_or_default).collect(),
    })
}

fn dial(address: &str) -> std::io::Result<TcpStream> {
    let mut last = std::io::Error::new(std::io::ErrorKind::NotFound, "no address");
    for addr in address.to_socket_addrs()? {
        match TcpStream::connect_timeout(&addr, Duration::from_secs(1)) {
            Ok(stream) => {
                stream.set_nodelay(true)?;
                return Ok(stream);
            }
            Err(e) => last = e,
        }
    }
    Err(last)
}

fn lost(index: usize, address: &str, e: &std::io::Error) -> String {
    format!("lost process {index} at {address} while connecting: {e}")
}

fn send_hello(stream: &mut TcpStream, hello: &Hello, channel: Channel) -> std::io::Result<()> {
    stream.write_all(hello.line(channel).as_bytes())?;
    stream.flush()
}

/// Why no hello was read.
enum Said {
    /// No cluster line at all: closed, silent, or something else (a stray
    /// connection, where one is accepted).
    Nothing(String),
    /// A cluster line this version cannot read, or a socket error.
    Other(String),
}

impl Said {
    fn why(self) -> String {
        match self {
            Said::Nothing(why) | Said::Other(why) => why,
        }
    }
}

/// Reads one hello line, a byte at a time so that nothing after it (the
/// first bytes of timely's own traffic) is taken from the socket.
fn read_hello(stream: &mut TcpStream, deadline: Instant) -> Result<(Channel, Hello), Said> {
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        stream
            .set_read_timeout(Some(left.max(Duration::from_millis(10))))
            .map_err(|e| Said::Other(e.to_string()))?;
        match stream.read(&mut byte) {
            Ok(0) => {
                return Err(Said::Nothing(
                    "closed the connection before saying what it counts".into(),
                ));
            }
            Ok(_) if byte[0] == b'\n' => break,
            Ok(_) => line.push(byte[0]),
            Err(e) => return Err(Said::Nothing(format!("said nothing in time ({e})"))),
        }
        let cluster_so_far = MAGIC.as_bytes()[..line.len().min(MAGIC.len() - 2)]
            == line[..line.len().min(MAGIC.len() - 2)];
        if line.len() > MAX_HELLO || !cluster_so_far {
            return Err(Said::Nothing(
                "is not a knights-tour cluster process".into(),
            ));
        }
    }
    stream
        .set_read_timeout(None)
        .map_err(|e| Said::Other(e.to_string()))?;
    String::from_utf8(line)
        .ok()
        .and_then(|l| Hello::parse(&l))
        .ok_or_else(|| Said::Other("is not a knights-tour cluster process of this version".into()))
}

/// Refuses a peer that counts something else, or that is not the process
/// it should be.
fn check(
    mine: &Hello,
    theirs: &Hello,
    expected: Option<usize>,
    address: &str,
) -> Result<(), String> {
    if theirs.processes != mine.processes || theirs.index >= mine.processes {
        return Err(format!(
            "process {} at {address} was started with --processes {}, this process {} with --processes {}",
            theirs.index, theirs.processes, mine.index, mine.processes
        ));
    }
    if let Some(index) = expected
        && theirs.index != index
    {
        return Err(format!(
            "{address} is process {} of the cluster, but the addresses say process {index} (is --process the same on two machines?)",
            theirs.index
        ));
    }
    if theirs.index == mine.index {
        return Err(format!(
            "process {} at {address} has the same --process as this one",
            theirs.index
        ));
    }
    if theirs.description != mine.description {
        return Err(format!(
            "process {} at {address} {}, but this process {} {}: start every process with the same command line but --process",
            theirs.index, theirs.description, mine.index, mine.description
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hellos_read_back() {
        let hello = Hello {
            index: 2,
            processes: 3,
            resumable: vec![12, 30],
            description: "counts open tours of 5x5 with knights-tour 0.1.0".into(),
        };
        let line = hello.line(Channel::Data);
        assert_eq!(
            Hello::parse(line.trim_end()),
            Some((Channel::Data, hello.clone()))
        );
        let none = Hello {
            resumable: Vec::new(),
            ..hello
        };
        assert_eq!(
            Hello::parse(none.line(Channel::Beat).trim_end()),
            Some((Channel::Beat, none))
        );
        assert_eq!(Hello::parse("GET / HTTP/1.1"), None);
        // An earlier version's line is not read as this one's.
        assert_eq!(
            Hello::parse("kt-cluster 1 2 3 - counts open tours of 5x5"),
            None
        );
    }

    /// Connections to process 0's port that are not cluster processes
    /// (closed at once, or saying something else) are dropped, and the
    /// cluster connects.
    #[test]
    fn stray_connections_are_dropped() {
        let ports: Vec<u16> = (0..2)
            .map(|_| {
                TcpListener::bind("127.0.0.1:0")
                    .unwrap()
                    .local_addr()
                    .unwrap()
                    .port()
            })
            .collect();
        let addresses: Vec<String> = ports.iter().map(|p| format!("127.0.0.1:{p}")).collect();
        let hello = |index| Hello {
            index,
            processes: 2,
            resumable: Vec::new(),
            description: "counts open tours of 5x5".into(),
        };
        let zero = {
            let addresses = addresses.clone();
            std::thread::spawn(move || connect(&addresses, &hello(0), Duration::from_secs(20)))
        };
        // Until process 0 listens: two strays, then process 1.
        let mut first = loop {
            if let Ok(stream) = TcpStream::connect(&addresses[0]) {
                break stream;
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        first.write_all(b"GET / HTTP/1.1\r\n\r\n").unwrap();
        drop(TcpStream::connect(&addresses[0]).unwrap());
        let one = connect(&addresses, &hello(1), Duration::from_secs(20));
        let zero = zero.join().unwrap();
        assert!(one.is_ok(), "{:?}", one.err());
        assert!(zero.is_ok(), "{:?}", zero.err());
        drop(first);
    }

    /// Idle connections to process 0's port (five, as a port scanner
    /// leaves them) do not hold the cluster up: each waits for its hello
    /// on its own, so process 1 is heard at once (they took 5 s each, one
    /// after another, past this 8 s timeout: issue 38, finding 14).
    #[test]
    fn idle_connections_do_not_hold_the_cluster_up() {
        let addresses: Vec<String> = (0..2)
            .map(|_| {
                let port = TcpListener::bind("127.0.0.1:0")
                    .unwrap()
                    .local_addr()
                    .unwrap()
                    .port();
                format!("127.0.0.1:{port}")
            })
            .collect();
        let hello = |index| Hello {
            index,
            processes: 2,
            resumable: Vec::new(),
            description: "counts open tours of 5x5".into(),
        };
        let started = Instant::now();
        let zero = {
            let addresses = addresses.clone();
            std::thread::spawn(move || connect(&addresses, &hello(0), Duration::from_secs(8)))
        };
        let idle: Vec<TcpStream> = (0..5)
            .map(|_| {
                loop {
                    if let Ok(stream) = TcpStream::connect(&addresses[0]) {
                        break stream;
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
            })
            .collect();
        let one = connect(&addresses, &hello(1), Duration::from_secs(8));
        let zero = zero.join().unwrap();
        assert!(one.is_ok(), "{:?}", one.err());
        assert!(zero.is_ok(), "{:?}", zero.err());
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
        drop(idle);
    }
}
