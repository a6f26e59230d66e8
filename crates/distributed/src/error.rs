//! Why a cluster count gave no number.

use kt_frontier::FrontierError;

/// Why a cluster count gave no number.
#[derive(Debug, thiserror::Error)]
pub enum DistributedError {
    /// Refused before any work: a bad address, a port in use, a peer that
    /// counts something else, no level every process can resume from.
    #[error("{0}")]
    Refused(String),
    /// Refused before any work: the processes' options at fault.
    #[error("{0}")]
    Cluster(crate::hosts::ClusterRefusal),
    /// A peer was lost during the count: timely is fail-stop, so the count
    /// stops; restart every process with `--resume`.
    #[error(
        "{0}; the count stopped (restart every process, with --resume where checkpoints were written)"
    )]
    PeerLost(String),
    /// The sweep itself failed (spill, checkpoint, cancel).
    #[error("{0}")]
    Frontier(FrontierError),
    /// A bug: a thread of the sweep panicked, or stopped without a result.
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<FrontierError> for DistributedError {
    fn from(e: FrontierError) -> DistributedError {
        DistributedError::Frontier(e)
    }
}
