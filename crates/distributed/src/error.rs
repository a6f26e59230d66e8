//! Why a cluster count gave no number.

use std::fmt;

use kt_frontier::FrontierError;

/// Why a cluster count gave no number.
#[derive(Debug)]
pub enum DistributedError {
    /// Refused before any work: a bad address, a port in use, a peer that
    /// counts something else, no level every process can resume from.
    Refused(String),
    /// Refused before any work: the processes' options at fault.
    Cluster(crate::hosts::ClusterRefusal),
    /// A peer was lost during the count: timely is fail-stop, so the count
    /// stops; restart every process with `--resume`.
    PeerLost(String),
    /// The sweep itself failed (spill, checkpoint, cancel).
    Frontier(FrontierError),
    /// A bug: a thread of the sweep panicked, or stopped without a result.
    Internal(String),
}

impl fmt::Display for DistributedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DistributedError::Refused(why) => f.write_str(why),
            DistributedError::Cluster(refusal) => refusal.fmt(f),
            DistributedError::PeerLost(why) => write!(
                f,
                "{why}; the count stopped (restart every process, with --resume where checkpoints were written)"
            ),
            DistributedError::Frontier(e) => e.fmt(f),
            DistributedError::Internal(why) => write!(f, "internal error: {why}"),
        }
    }
}

impl std::error::Error for DistributedError {}

impl From<FrontierError> for DistributedError {
    fn from(e: FrontierError) -> DistributedError {
        DistributedError::Frontier(e)
    }
}
