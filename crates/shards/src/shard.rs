//! Shards: the K-th of N groups of a plan's classes.
//!
//! `--shard K/N` follows cargo-nextest's `--partition count:K/N`: K runs
//! from 1 to N, and the N shards of one plan together count every class
//! exactly once, whatever N is, so that a batch scheduler can run them as
//! independent jobs (a Slurm job array, GNU parallel, a shell loop) and a
//! failed one can be rerun alone.
//!
//! The groups are balanced by the plan's cost estimates: classes are taken
//! from the most to the least expensive, each going to the group with the
//! least estimated work so far (the longest-processing-time rule), which
//! keeps the groups within a few percent of each other when there are
//! many more classes than shards. The grouping depends only on the plan,
//! so every job computes the same one.

use std::fmt;
use std::str::FromStr;

use crate::plan::PairPlan;

/// The K-th of N shards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    /// 1-based.
    pub index: usize,
    pub count: usize,
}

/// Why a `K/N` was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ShardError(pub String);

/// The most shards a count is split into: far more than the classes of
/// any board a count could finish (8×8's pair plan has hundreds), and few
/// enough that nothing sized by the number of shards can exhaust memory
/// (issue 38: `--shard 1/4294967296` allocated 34 GB).
pub const MAX_SHARDS: usize = 1_000_000;

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || {
            ShardError(format!(
                "{text:?} is not a shard: write K/N, the K-th of N shards, with 1 <= K <= N (e.g. 3/8)"
            ))
        };
        let (k, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        if count > MAX_SHARDS {
            return Err(ShardError(format!(
                "{text:?}: at most {MAX_SHARDS} shards (no board a count can finish has more classes than that)"
            )));
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl PairPlan {
    /// The ids of the classes shard `shard` counts, cheapest first. A
    /// shard beyond the number of classes counts none.
    pub fn shard_classes(&self, shard: Shard) -> Vec<usize> {
        let mut mine: Vec<&crate::plan::PairClass> = self
            .groups(shard.count)
            .into_iter()
            .filter(|&(_, group)| group + 1 == shard.index)
            .filter_map(|(id, _)| self.class(id))
            .collect();
        mine.sort_by(|a, b| a.cost.total_cmp(&b.cost).then(a.id.cmp(&b.id)));
        mine.into_iter().map(|c| c.id).collect()
    }

    /// The shard of `count` that counts class `id`.
    pub fn shard_of(&self, id: usize, count: usize) -> Option<Shard> {
        self.groups(count)
            .into_iter()
            .find(|&(class, _)| class == id)
            .map(|(_, group)| Shard {
                index: group + 1,
                count,
            })
    }

    /// Each class's shard (0-based) of `count`: the dearest class first,
    /// each to the shard with the least estimated cost so far (the first
    /// of equals). Shards beyond the number of classes get none, so no
    /// more loads than classes are kept, however many shards are asked.
    fn groups(&self, count: usize) -> Vec<(usize, usize)> {
        let mut order: Vec<_> = self.classes().iter().collect();
        order.sort_by(|a, b| b.cost.total_cmp(&a.cost).then(a.id.cmp(&b.id)));
        let mut load = vec![0.0f64; count.min(order.len()).max(1)];
        let mut groups = Vec::with_capacity(order.len());
        for class in order {
            let group = (0..load.len())
                .min_by(|&x, &y| load[x].total_cmp(&load[y]).then(x.cmp(&y)))
                .expect("at least one shard");
            load[group] += class.cost.max(f64::MIN_POSITIVE);
            groups.push((class.id, group));
        }
        groups
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_as_k_of_n() {
        assert_eq!("3/8".parse::<Shard>(), Ok(Shard { index: 3, count: 8 }));
        for bad in [
            "0/8",
            "9/8",
            "3",
            "a/b",
            "3/0",
            "-1/2",
            "",
            "1/4294967296",
            "1/18446744073709551615",
        ] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_shards_count_every_class_once() {
        let plan = PairPlan::new("8x8".parse().unwrap(), |s, e| {
            ((s * 7 + e * 13) % 29 + 1) as f64
        });
        for n in [1, 2, 7, 136, 200] {
            let mut seen = vec![0u32; plan.classes().len()];
            for k in 1..=n {
                for id in plan.shard_classes(Shard { index: k, count: n }) {
                    seen[id - 1] += 1;
                }
            }
            assert!(seen.iter().all(|&c| c == 1), "N = {n}");
        }
    }

    #[test]
    fn shards_are_balanced_by_cost() {
        let plan = PairPlan::new("8x8".parse().unwrap(), |s, e| {
            ((s * 7 + e * 13) % 29 + 1) as f64
        });
        let cost = |k| -> f64 {
            plan.shard_classes(Shard { index: k, count: 4 })
                .iter()
                .map(|&id| plan.class(id).unwrap().cost)
                .sum()
        };
        let loads: Vec<f64> = (1..=4).map(cost).collect();
        let (lo, hi) = (
            loads.iter().copied().fold(f64::MAX, f64::min),
            loads.iter().copied().fold(0.0, f64::max),
        );
        assert!(hi / lo < 1.05, "{loads:?}");
    }
}
