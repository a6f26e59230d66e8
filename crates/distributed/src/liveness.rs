//! A frozen peer told from a slow one.
//!
//! Timely notices a peer whose connection breaks (`crate::lost`), but not
//! one that stops without closing it: a process stopped by SIGSTOP or a
//! debugger, a machine that hangs, a network partition that drops packets
//! without a reset. Its sockets stay open, and every other process waits
//! for its next progress message forever.
//!
//! Silence on the exchange proves nothing: a process may send nothing for
//! minutes while it sorts or spills a level. So each pair of processes
//! holds a second connection (`beat`, made by `crate::connect`), on which
//! a thread of each process sends one byte every [`interval`] and reads
//! what the other sent. A peer heard from for no `--peer-timeout` is
//! recorded as lost, as a broken connection is, and the sweep stops
//! between its steps with one line naming it; the checkpoints already
//! written stay whole, so the cluster can be restarted with `--resume`.
//!
//! The thread works on the operating system's scheduling alone: a busy
//! process still beats (its worker threads do not block this one), and a
//! stopped one does not (all its threads stop). A peer that closes its
//! heartbeat has finished or died; a death is timely's to report, so the
//! thread just stops watching it.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a peer may be silent before it is taken for lost, unless told
/// otherwise (`--peer-timeout`): far beyond any scheduling delay of a
/// thread that only sends a byte, short against the hours a cluster count
/// runs.
pub const PEER_TIMEOUT: Duration = Duration::from_mins(1);

/// How often a process beats, for a peer timeout of `timeout`: four beats
/// at least within the timeout, and at most one a second.
pub fn interval(timeout: Duration) -> Duration {
    (timeout / 4).clamp(Duration::from_millis(10), Duration::from_secs(1))
}

/// The heartbeat thread of one process; dropping it stops the thread.
pub struct Liveness {
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Liveness {
    /// Beats on every socket of `beats` (one per peer, `None` at this
    /// process) and records, in `crate::lost`, the first peer silent for
    /// longer than `timeout`.
    pub fn start(beats: Vec<Option<TcpStream>>, timeout: Duration) -> std::io::Result<Liveness> {
        Liveness::start_with(beats, timeout, |peer, why| {
            crate::lost::record(Some(peer), why);
        })
    }

    /// [`Liveness::start`] with what is done with a silent peer given.
    fn start_with(
        beats: Vec<Option<TcpStream>>,
        timeout: Duration,
        silent: impl FnOnce(usize, String) + Send + 'static,
    ) -> std::io::Result<Liveness> {
        let mut peers = Vec::new();
        for (index, socket) in beats.into_iter().enumerate() {
            if let Some(socket) = socket {
                socket.set_nonblocking(true)?;
                peers.push(Peer {
                    index,
                    socket,
                    heard: Instant::now(),
                });
            }
        }
        let done = Arc::new(AtomicBool::new(false));
        let thread = {
            let done = Arc::clone(&done);
            std::thread::Builder::new()
                .name("kt-liveness".into())
                .spawn(move || {
                    if let Some((peer, why)) = beat(peers, timeout, &done) {
                        silent(peer, why);
                    }
                })?
        };
        Ok(Liveness {
            done,
            thread: Some(thread),
        })
    }
}

impl Drop for Liveness {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// One peer watched.
struct Peer {
    index: usize,
    socket: TcpStream,
    /// When a byte from it last arrived.
    heard: Instant,
}

/// The heartbeat loop: send, read, judge, until `done`. Returns the first
/// peer silent for longer than `timeout`, with the words for it.
fn beat(mut peers: Vec<Peer>, timeout: Duration, done: &AtomicBool) -> Option<(usize, String)> {
    let every = interval(timeout);
    // Looks at the sockets several times an interval, so that a verdict
    // comes soon after the timeout and `done` is seen at once.
    let tick = (every / 4).min(Duration::from_millis(50));
    let mut next_beat = Instant::now();
    let mut buffer = [0u8; 256];
    while !done.load(Ordering::Relaxed) && !peers.is_empty() {
        let now = Instant::now();
        let beating = now >= next_beat;
        if beating {
            next_beat = now + every;
        }
        peers.retain_mut(|peer| {
            if beating {
                match peer.socket.write(b".") {
                    // A full buffer: the peer reads nothing, which the
                    // timeout below judges.
                    Ok(_) => {}
                    Err(e) if e.kind() == ErrorKind::WouldBlock => {}
                    // Gone: timely reports it.
                    Err(_) => return false,
                }
            }
            loop {
                match peer.socket.read(&mut buffer) {
                    // Closed: it finished, or died (timely reports that).
                    Ok(0) => return false,
                    Ok(_) => peer.heard = Instant::now(),
                    Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                    Err(e) if e.kind() == ErrorKind::Interrupted => {}
                    Err(_) => return false,
                }
            }
            true
        });
        if let Some(silent) = peers.iter().find(|p| p.heard.elapsed() > timeout) {
            return Some((
                silent.index,
                format!(
                    "it sent nothing for {} (stopped, hung, or cut off by the network; --peer-timeout)",
                    seconds(timeout)
                ),
            ));
        }
        std::thread::sleep(tick);
    }
    None
}

/// A timeout in words: `2 s`, `1.5 s`.
fn seconds(timeout: Duration) -> String {
    let s = timeout.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0} s")
    } else {
        format!("{s} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;
    use std::sync::Mutex;

    #[test]
    fn beats_are_frequent_enough_and_never_flood() {
        assert_eq!(interval(PEER_TIMEOUT), Duration::from_secs(1));
        assert_eq!(interval(Duration::from_secs(2)), Duration::from_millis(500));
        assert_eq!(
            interval(Duration::from_millis(1)),
            Duration::from_millis(10)
        );
    }

    /// Two ends that both beat stay alive; an end that stops beating (its
    /// socket open, nothing sent) is recorded as lost once the timeout
    /// has passed.
    #[test]
    fn a_silent_peer_is_lost_and_a_beating_one_is_not() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let near = TcpStream::connect(address).unwrap();
        let (far, _) = listener.accept().unwrap();
        let timeout = Duration::from_millis(300);
        let verdict: Arc<Mutex<Option<(usize, String)>>> = Arc::default();
        let start = |socket: &TcpStream, at: usize| {
            let mut beats = vec![None, None];
            beats[at] = Some(socket.try_clone().unwrap());
            let verdict = Arc::clone(&verdict);
            Liveness::start_with(beats, timeout, move |peer, why| {
                *verdict.lock().unwrap() = Some((peer, why));
            })
            .unwrap()
        };
        {
            let _near = start(&near, 1);
            let _far = start(&far, 0);
            std::thread::sleep(timeout * 3);
            assert!(verdict.lock().unwrap().is_none(), "{verdict:?}");
        }
        // The far end now holds its socket open and says nothing.
        let _near = start(&near, 1);
        let deadline = Instant::now() + timeout * 10;
        while verdict.lock().unwrap().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let (peer, message) = verdict
            .lock()
            .unwrap()
            .take()
            .expect("the silent end is lost");
        assert_eq!(peer, 1);
        assert!(message.contains("sent nothing for 0.3 s"), "{message}");
        drop(far);
    }
}
