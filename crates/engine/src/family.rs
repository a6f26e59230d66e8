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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FamilyNode {
    pub var: Var,
    pub hi: Link,
    pub lo: Link,
}

/// What [`Family::counts_containing`] counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Containing {
    /// Sets containing every required variable.
    pub total: BigUint,
    /// For each variable, those sets that also contain it.
    pub by_var: Vec<BigUint>,
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

    /// Counts, for every variable, the sets that contain it together with
    /// every variable of `required` (and the total of those sets).
    ///
    /// One pass down the diagram counts the ways to reach each node
    /// respecting `required` above it, one pass up the ways to finish; a
    /// set contains `v` exactly when its path takes the `hi` branch of a
    /// node at `v`, or (BDD only) skips `v` as a free variable, which half
    /// of the sets through that edge do. On the time-sliced encoding, the
    /// variables of time 0 give the table of tours by start square in one
    /// pass over one diagram.
    pub fn counts_containing(&self, required: &[Var]) -> Containing {
        let n = self.num_vars as usize;
        let mut is_required = vec![false; n];
        for &r in required {
            is_required[r as usize] = true;
        }
        // required_below[i]: required variables among 0 .. i.
        let mut required_below = vec![0usize; n + 1];
        for i in 0..n {
            required_below[i + 1] = required_below[i] + usize::from(is_required[i]);
        }
        // The weight of skipping the variables lo .. hi.
        let gap = |lo: Var, hi: Var| -> BigUint {
            let (lo, hi) = (lo as usize, hi as usize);
            if hi <= lo {
                return BigUint::one();
            }
            let required_in = required_below[hi] - required_below[lo];
            if self.zero_suppressed {
                if required_in > 0 {
                    BigUint::zero()
                } else {
                    BigUint::one()
                }
            } else {
                BigUint::one() << (hi - lo - required_in)
            }
        };
        let level = |link: Link| self.level(link);

        // Ways to finish from each node.
        let mut down: Vec<BigUint> = Vec::with_capacity(self.nodes.len());
        let down_of = |down: &[BigUint], link: Link| match link {
            Family::REJECT => BigUint::zero(),
            Family::ACCEPT => BigUint::one(),
            i => down[i as usize].clone(),
        };
        for node in &self.nodes {
            let mut d = gap(node.var + 1, level(node.hi)) * down_of(&down, node.hi);
            if !is_required[node.var as usize] {
                d += gap(node.var + 1, level(node.lo)) * down_of(&down, node.lo);
            }
            down.push(d);
        }
        let root_gap = gap(0, level(self.root));
        let total = &root_gap * down_of(&down, self.root);

        // Ways to reach each node; parents come after their children.
        let mut up = vec![BigUint::zero(); self.nodes.len()];
        if (self.root as usize) < self.nodes.len() {
            up[self.root as usize].clone_from(&root_gap);
        }
        let mut by_var = vec![BigUint::zero(); n];
        // Gap contributions (BDD): half the sets through an edge contain
        // each free variable it skips, added over ranges at the end.
        let mut starts = vec![BigUint::zero(); n + 1];
        let mut ends = vec![BigUint::zero(); n + 1];
        let mut add_range = |lo: Var, hi: Var, through: &BigUint| {
            if !self.zero_suppressed && hi > lo && !through.is_zero() {
                let half = through >> 1u32;
                starts[lo as usize] += &half;
                ends[hi as usize] += half;
            }
        };
        if !self.zero_suppressed {
            let through = total.clone();
            add_range(0, level(self.root), &through);
        }
        for i in (0..self.nodes.len()).rev() {
            let node = self.nodes[i];
            let reach = std::mem::take(&mut up[i]);
            if reach.is_zero() {
                continue;
            }
            let v = node.var;
            let mut branches = vec![(node.hi, true)];
            if !is_required[v as usize] {
                branches.push((node.lo, false));
            }
            for (child, takes) in branches {
                let carried = &reach * gap(v + 1, level(child));
                if carried.is_zero() {
                    continue;
                }
                let through = &carried * down_of(&down, child);
                if takes {
                    by_var[v as usize] += &through;
                }
                add_range(v + 1, level(child), &through);
                if (child as usize) < self.nodes.len() {
                    up[child as usize] += carried;
                }
            }
        }
        let mut running = BigUint::zero();
        for (v, count) in by_var.iter_mut().enumerate() {
            running -= &ends[v];
            running += &starts[v];
            *count += &running;
        }
        for &r in required {
            by_var[r as usize].clone_from(&total);
        }
        Containing { total, by_var }
    }

    /// Calls `visit` with every set of the family, in the family's order
    /// (see [`Family::nth`]), until it returns `false`. Walking the
    /// diagram directly costs one step per variable of each set, where
    /// [`Family::nth`] would redo exact arithmetic for every index.
    pub fn visit_sets(&self, visit: &mut dyn FnMut(&[Var]) -> bool) {
        let mut set = Vec::new();
        self.visit_from(self.root, 0, &mut set, visit);
    }

    /// Visits the sets below `link`, whose variables before `from` are in
    /// `set`; returns whether to go on.
    fn visit_from(
        &self,
        link: Link,
        from: Var,
        set: &mut Vec<Var>,
        visit: &mut dyn FnMut(&[Var]) -> bool,
    ) -> bool {
        // A BDD's skipped variables are free: both ways, in first.
        if !self.zero_suppressed && from < self.level(link) {
            set.push(from);
            let go_on = self.visit_from(link, from + 1, set, visit);
            set.pop();
            return go_on && self.visit_from(link, from + 1, set, visit);
        }
        match link {
            Family::REJECT => true,
            Family::ACCEPT => visit(set),
            i => {
                let node = self.nodes[i as usize];
                set.push(node.var);
                let go_on = self.visit_from(node.hi, node.var + 1, set, visit);
                set.pop();
                go_on && self.visit_from(node.lo, node.var + 1, set, visit)
            }
        }
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
        let mut by_var: std::collections::BTreeMap<Var, Vec<usize>> =
            std::collections::BTreeMap::default();
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
    fn counts_sets_containing_each_variable() {
        let f = small_zbdd();
        // {0,1}, {0,2}, {1}
        let all = f.counts_containing(&[]);
        assert_eq!(all.total, BigUint::from(3u32));
        let by: Vec<u32> = all
            .by_var
            .iter()
            .map(|c| u32::try_from(c).unwrap())
            .collect();
        assert_eq!(by, vec![2, 2, 1]);
        let with0 = f.counts_containing(&[0]);
        assert_eq!(with0.total, BigUint::from(2u32));
        let by: Vec<u32> = with0
            .by_var
            .iter()
            .map(|c| u32::try_from(c).unwrap())
            .collect();
        assert_eq!(by, vec![2, 1, 1]);
        let mut sets = Vec::new();
        f.visit_sets(&mut |s| {
            sets.push(s.to_vec());
            true
        });
        assert_eq!(sets, vec![vec![0, 1], vec![0, 2], vec![1]]);
    }

    #[test]
    fn bdd_counts_containing_include_free_variables() {
        // "var 1 is true" over 3 variables: {0,1,2}, {0,1}, {1,2}, {1}.
        let nodes = vec![FamilyNode {
            var: 1,
            hi: Family::ACCEPT,
            lo: Family::REJECT,
        }];
        let f = Family::new(3, false, nodes, 0);
        let all = f.counts_containing(&[]);
        let by: Vec<u32> = all
            .by_var
            .iter()
            .map(|c| u32::try_from(c).unwrap())
            .collect();
        assert_eq!(by, vec![2, 4, 2]);
        let with2 = f.counts_containing(&[2]);
        assert_eq!(with2.total, BigUint::from(2u32));
        let by: Vec<u32> = with2
            .by_var
            .iter()
            .map(|c| u32::try_from(c).unwrap())
            .collect();
        assert_eq!(by, vec![1, 2, 2]);
        let mut sets = Vec::new();
        f.visit_sets(&mut |s| {
            sets.push(s.to_vec());
            true
        });
        assert_eq!(sets.len(), 4);
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
