//! How large the counter's search will be, before running it: Knuth's
//! random probes (D. E. Knuth, "Estimating the efficiency of backtrack
//! programs", *Mathematics of Computation* 29(129), 1975, 121–136).
//!
//! A probe walks from the root to a leaf, choosing each step uniformly
//! among the node's children. If the nodes on its way have `d₁, d₂, …`
//! children, then `d₁ + d₁d₂ + d₁d₂d₃ + …` is an unbiased estimate of the
//! number of nodes below the root: a node at depth `k` is reached with
//! probability `1/(d₁⋯d_k)`, and counted with that product as its weight.
//! The mean over many probes converges to the true size, slowly where the
//! tree is lopsided (the relative standard error says how far to trust it).
//!
//! The probes use the counter's own search state and move order
//! ([`crate::dfs`], [`super::tally`]): a child is a move that passes the
//! same prunings, so the estimate is of the nodes [`super::count_tours`]
//! would report. The root's children are the counter's searches (one per
//! orbit of start squares, or the cycle's fixed start); the root itself is
//! not a node.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use kt_board::{Board, TourKind};

use super::tally::{Search, counter_dfs, counting_order, searches};
use super::{CountError, CountLimits, check_size};
use crate::dfs::Dfs;

/// The outcome of [`estimate_tree`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TreeEstimate {
    /// The mean of the probes' estimates of the search nodes.
    pub nodes_mean: f64,
    /// The standard error of that mean, divided by the mean. The probes'
    /// estimates are heavy-tailed (rare probes down deep, narrow branches
    /// weigh a lot), so after few probes it can be optimistic. Infinite
    /// after a single probe; 0 when every probe gave the same estimate.
    pub relative_std_error: f64,
    /// Probes made.
    pub probes: u64,
}

/// Estimates the number of search nodes [`super::count_tours_with_nodes`]
/// would report for `board` and `kind`, from `probes` random probes; the
/// same `seed` gives the same estimate. Each probe costs at most one
/// path's worth of moves, so even 8×8 takes microseconds a probe.
///
/// # Panics
///
/// If `probes` is 0.
pub fn estimate_tree(
    board: &Board,
    kind: TourKind,
    probes: u64,
    seed: u64,
) -> Result<TreeEstimate, CountError> {
    assert!(probes > 0, "an estimate needs at least one probe");
    check_size(board)?;
    let mut dfs = counter_dfs(board, kind, &CountLimits::default());
    let searches = searches(board, kind, &dfs);
    let roots: Vec<Search> = searches
        .into_iter()
        .filter(|s| dfs.begin(s.from, s.to))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut children = Vec::with_capacity(8);
    // Welford's running mean and sum of squared deviations.
    let (mut mean, mut squares) = (0.0, 0.0);
    for k in 1..=probes {
        let x = probe(&mut dfs, &roots, &mut children, &mut rng);
        let delta = x - mean;
        mean += delta / k as f64;
        squares += delta * (x - mean);
    }
    let relative_std_error = if probes < 2 {
        f64::INFINITY
    } else if mean == 0.0 {
        0.0
    } else {
        (squares / (probes - 1) as f64 / probes as f64).sqrt() / mean
    };
    Ok(TreeEstimate {
        nodes_mean: mean,
        relative_std_error,
        probes,
    })
}

/// One probe's estimate: from a random root, a random child at each node,
/// until a leaf (a complete tour or a dead end).
fn probe(
    dfs: &mut Dfs<'_, u64>,
    roots: &[Search],
    children: &mut Vec<u32>,
    rng: &mut ChaCha8Rng,
) -> f64 {
    if roots.is_empty() {
        return 0.0;
    }
    let root = roots[rng.random_range(0..roots.len())];
    dfs.begin(root.from, root.to);
    let mut weight = roots.len() as f64;
    let mut estimate = weight;
    while dfs.path().len() < dfs.cells() {
        let node = dfs.open_node();
        children.clear();
        for y in counting_order(node.free) {
            if dfs.enter(y) {
                children.push(y);
            }
            dfs.leave(y);
        }
        if children.is_empty() {
            break;
        }
        weight *= children.len() as f64;
        estimate += weight;
        // Down one level; the next probe's `begin` resets the state.
        dfs.enter(children[rng.random_range(0..children.len())]);
    }
    estimate
}
