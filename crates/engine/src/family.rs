//! An immutable copy of a family, with exact path counts.
//!
//! Sampling, enumeration and drawing need to walk a diagram many times and to
//! know, at every node, how many sets lie below each branch. Doing that
//! inside the manager would hold its lock and a hash map of counts for as
//! long as the walks last; a snapshot is a flat array in children-first order
//! whose counts are computed once, in one forward sweep, with `BigUint` so
//! that no count is ever rounded.

use std::io;

use num_bigint::{BigRng010, BigUint};
use num_traits::{One, Zero};
use rand::Rng;

use crate::Var;

/// A reference to a node of a [`Family`] or to one of its two terminals.
pub type Link = u32;

/// One inner node: sets through `hi` contain `var`, sets through `lo` do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyNode {
    pub var: Var,
    pub hi: Link,
    pub lo: Link,
}

/// A family of sets over `0 .. num_vars`, copied out of an engine.
#[derive(Clone, Debug)]
pub struct Family {
    num_vars: Var,
    zero_suppressed: bool,
    /// Children before parents.
    nodes: Vec<FamilyNode>,
    root: Link,
    /// `counts[i]`: sets below node `i` over the variables `nodes[i].var ..`.
    counts: Vec<BigUint>,
}

impl Family {
    /// The rejecting terminal (no set).
    pub const REJECT: Link = u32::MAX;
    /// The accepting terminal (the set ends here).
    pub const ACCEPT: Link = u32::MAX - 1;

    /// Builds a family from nodes in children-first order.
    ///
    /// `zero_suppressed` gives the meaning of a variable skipped between a
    /// node and its child: absent (ZBDD) or free (BDD).
    pub fn new(num_vars: Var, zero_suppressed: bool, nodes: Vec<FamilyNode>, root: Link) -> Self {
        let mut family = Family {
            num_vars,
            zero_suppressed,
            nodes,
            root,
            counts: Vec::new(),
        };
        let mut counts = Vec::with_capacity(family.nodes.len());
        for node in &family.nodes {
            debug_assert!(family.level(node.hi) > node.var && family.level(node.lo) > node.var);
            let count = family.weight(&counts, node.hi, node.var + 1)
                + family.weight(&counts, node.lo, node.var + 1);
            counts.push(count);
        }
        family.counts = counts;
        family
    }

    pub fn num_vars(&self) -> Var {
        self.num_vars
    }

    /// Inner nodes.
    pub fn nodes(&self) -> &[FamilyNode] {
        &self.nodes
    }

    pub fn root(&self) -> Link {
        self.root
    }

    fn level(&self, link: Link) -> Var {
        match link {
            Family::REJECT | Family::ACCEPT => self.num_vars,
            i => self.nodes[i as usize].var,
        }
    }

    /// Sets below `link`, counted over the variables `from ..` (a BDD's
    /// skipped variables are free and double the count each).
    fn weight(&self, counts: &[BigUint], link: Link, from: Var) -> BigUint {
        let below = match link {
            Family::REJECT => return BigUint::zero(),
            Family::ACCEPT => BigUint::one(),
            i => counts[i as usize].clone(),
        };
        if self.zero_suppressed {
            below
        } else {
            below << (self.level(link) - from)
        }
    }

    /// The number of sets in the family.
    pub fn count(&self) -> BigUint {
        self.weight(&self.counts, self.root, 0)
    }

    /// The `index`-th set in the family's own order, in which the sets that
    /// contain a node's variable come before those that do not; `None` if
    /// `index ≥ count()`. Index 0 is the lexicographically first set when
    /// sets are read as increasing variable lists.
    pub fn nth(&self, index: &BigUint) -> Option<Vec<Var>> {
        let mut index = index.clone();
        if index >= self.count() {
            return None;
        }
        let mut set = Vec::new();
        let mut link = self.root;
        let mut level = 0;
        loop {
            // Variables a BDD skips are free: the first half of the sets
            // below contain the variable.
            if !self.zero_suppressed {
                while level < self.level(link) {
                    let half = self.weight(&self.counts, link, level + 1);
                    if index < half {
                        set.push(level);
                    } else {
                        index -= half;
                    }
                    level += 1;
                }
            }
            match link {
                Family::ACCEPT => return Some(set),
                Family::REJECT => unreachable!("index below the count never reaches a reject"),
                i => {
                    let node = self.nodes[i as usize];
                    let through_hi = self.weight(&self.counts, node.hi, node.var + 1);
                    if index < through_hi {
                        set.push(node.var);
                        link = node.hi;
                    } else {
                        index -= through_hi;
                        link = node.lo;
                    }
                    level = node.var + 1;
                }
            }
        }
    }

    /// The first set in the family's order (see [`Family::nth`]).
    pub fn first(&self) -> Option<Vec<Var>> {
        self.nth(&BigUint::zero())
    }

    /// A set drawn uniformly at random: an exact uniform index below the
    /// count, then [`Family::nth`]. No floating point is involved.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Vec<Var>> {
        let count = self.count();
        if count.is_zero() {
            return None;
        }
        let index = rng.random_biguint_below(&count);
        self.nth(&index)
    }

    /// The sets in the family's order, from index `start`.
    pub fn iter_from(&self, start: BigUint) -> impl Iterator<Item = Vec<Var>> + '_ {
        let mut index = start;
        std::iter::from_fn(move || {
            let set = self.nth(&index)?;
            index += 1u32;
            Some(set)
        })
    }

    /// Writes the family as a Graphviz digraph: one rank per variable in use,
    /// solid `hi` edges, dashed `lo` edges, and only the nodes of this family.
    pub fn write_dot(
        &self,
        out: &mut dyn io::Write,
        title: &str,
        var_label: &dyn Fn(Var) -> String,
    ) -> io::Result<()> {
        writeln!(out, "digraph family {{")?;
        writeln!(out, "  label=\"{}\"; labelloc=t;", title.replace('"', "'"))?;
        writeln!(out, "  node [shape=circle, fontsize=10];")?;
        let mut by_var: std::collections::BTreeMap<Var, Vec<usize>> = Default::default();
        for (i, node) in self.nodes.iter().enumerate() {
            by_var.entry(node.var).or_default().push(i);
        }
        for (var, ids) in &by_var {
            write!(out, "  {{ rank=same;")?;
            for i in ids {
                write!(
                    out,
                    " n{i} [label=\"{}\"];",
                    var_label(*var).replace('"', "'")
                )?;
            }
            writeln!(out, " }}")?;
        }
        writeln!(
            out,
            "  accept [shape=box, label=\"⊤\"]; reject [shape=box, label=\"⊥\"];"
        )?;
        let name = |link: Link| match link {
            Family::ACCEPT => "accept".to_string(),
            Family::REJECT => "reject".to_string(),
            i => format!("n{i}"),
        };
        writeln!(
            out,
            "  root [shape=none, label=\"\"]; root -> {};",
            name(self.root)
        )?;
        for (i, node) in self.nodes.iter().enumerate() {
            writeln!(out, "  n{i} -> {};", name(node.hi))?;
            if node.lo != Family::REJECT || !self.zero_suppressed {
                writeln!(out, "  n{i} -> {} [style=dashed];", name(node.lo))?;
            }
        }
        writeln!(out, "}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// {{0,1}, {0,2}, {1}} over three variables, as a ZBDD.
    fn small_zbdd() -> Family {
        let nodes = vec![
            // 0: var 2 → {∅ with 2}
            FamilyNode {
                var: 2,
                hi: Family::ACCEPT,
                lo: Family::REJECT,
            },
            // 1: var 1 → {1} | {2}
            FamilyNode {
                var: 1,
                hi: Family::ACCEPT,
                lo: 0,
            },
            // 2: var 1 → {1}
            FamilyNode {
                var: 1,
                hi: Family::ACCEPT,
                lo: Family::REJECT,
            },
            // 3: var 0 → {0} × node 1, else node 2
            FamilyNode {
                var: 0,
                hi: 1,
                lo: 2,
            },
        ];
        Family::new(3, true, nodes, 3)
    }

    #[test]
    fn counts_and_orders_sets() {
        let f = small_zbdd();
        assert_eq!(f.count(), BigUint::from(3u32));
        let all: Vec<_> = f.iter_from(BigUint::zero()).collect();
        assert_eq!(all, vec![vec![0, 1], vec![0, 2], vec![1]]);
        assert_eq!(f.first(), Some(vec![0, 1]));
        assert_eq!(f.nth(&BigUint::from(3u32)), None);
    }

    #[test]
    fn bdd_gaps_are_free_variables() {
        // A BDD that is just "var 1 is true" over 3 variables: 4 sets.
        let nodes = vec![FamilyNode {
            var: 1,
            hi: Family::ACCEPT,
            lo: Family::REJECT,
        }];
        let f = Family::new(3, false, nodes, 0);
        assert_eq!(f.count(), BigUint::from(4u32));
        let all: Vec<_> = f.iter_from(BigUint::zero()).collect();
        assert_eq!(all, vec![vec![0, 1, 2], vec![0, 1], vec![1, 2], vec![1]]);
    }
}
