//! Open knight's tours by their ends: the decomposition that counted 8×8
//! (Chernov and Stertenbrink, 2014; Knuth, TAOCP pre-fascicle 8A
//! §7.2.2.4: "a weighted sum of 136 individual counts for different
//! choices of where to start and stop the tour"), made into jobs that any
//! batch scheduler runs.
//!
//! * [`plan`]: the classes of ordered pairs (start, end) under the board's
//!   symmetries and reversal, each with its weight and a representative;
//!   the total is `Σ weight × paths(representative)`;
//! * [`shard`]: `K/N`, the K-th of N groups of classes balanced by their
//!   estimated cost (cargo-nextest's `--partition count:K/N` convention);
//! * [`part`]: what a shard writes: the classes it counted, with the
//!   plan's fingerprint;
//! * [`merge`]: the parts added up, refusing any that is missing, doubled
//!   with another count, foreign or damaged; the total, the table by start
//!   square and the table by class.
//!
//! The crate knows nothing of how a class is counted: the caller gives the
//! plan a cost model and counts each class itself (kt-count uses the
//! frontier method's fixed-ends sweep).

pub mod merge;
pub mod part;
pub mod plan;
pub mod shard;

pub use merge::{MergeError, Merged, merge};
pub use part::{ClassCount, Part, PartError};
pub use plan::{Ends, PairClass, PairPlan, can_start};
pub use shard::{MAX_SHARDS, Shard, ShardError};
