//! What each process of a cluster count reports.

/// What one process did, summed over the levels: kt-count's report embeds
/// it as it is (its fields serialised by name), beside the process's
/// address.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ProcessReport {
    pub process: usize,
    /// Bytes of successors it sent to other processes (keys and weights),
    /// and the records it received.
    pub sent_bytes: u64,
    pub received: u64,
    /// Time it waited for the exchange and the others, after its own
    /// expansion of each level was done.
    pub wait_ms: f64,
    pub peak_rss_bytes: u64,
    pub disk_peak_bytes: u64,
}
