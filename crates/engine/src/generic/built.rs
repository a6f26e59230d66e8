//! A diagram being built outside any engine: a list of nodes, children
//! first, kept reduced and free of duplicates as it grows, then handed to
//! the engine in one go ([`crate::Engine::import`]).
//!
//! The filtered rebuild makes its result here rather than in the engine
//! because two libraries cannot take nodes one at a time cheaply:
//! biodivine-lib-bdd keeps every diagram in its own array (a node added
//! on top copies the array), and BuDDy may collect any node not yet
//! referenced each time it makes one.

use rustc_hash::FxHashMap;

use crate::memo_limit::{grow, map_bytes};
use crate::{EngineError, Family, FamilyNode, Link};

/// Nodes made so far, reduced under one diagram kind's rule.
pub(crate) struct Built {
    zero_suppressed: bool,
    /// The engine's node capacity: the result must fit in the engine.
    capacity: usize,
    nodes: Vec<FamilyNode>,
    unique: FxHashMap<FamilyNode, Link>,
}

impl Built {
    pub(crate) fn new(zero_suppressed: bool, capacity: usize) -> Built {
        Built {
            zero_suppressed,
            capacity,
            nodes: Vec::new(),
            unique: FxHashMap::default(),
        }
    }

    /// Bytes the list and its unique table hold.
    pub(crate) fn bytes(&self) -> usize {
        self.nodes.capacity() * size_of::<FamilyNode>() + map_bytes(&self.unique)
    }

    pub(crate) fn nodes(&self) -> &[FamilyNode] {
        &self.nodes
    }

    /// The node `(var, hi, lo)`, or the child that replaces it under the
    /// reduction rule: a ZBDD drops a node whose `hi` rejects, a BDD one
    /// whose children are equal. `beside` is what the caller holds in
    /// other tables, counted against the same `max_bytes`.
    pub(crate) fn make(
        &mut self,
        var: crate::Var,
        hi: Link,
        lo: Link,
        max_bytes: usize,
        beside: usize,
    ) -> Result<Link, EngineError> {
        if (self.zero_suppressed && hi == Family::REJECT) || (!self.zero_suppressed && hi == lo) {
            return Ok(if self.zero_suppressed { lo } else { hi });
        }
        let node = FamilyNode { var, hi, lo };
        if let Some(&link) = self.unique.get(&node) {
            return Ok(link);
        }
        if self.nodes.len() + 2 >= self.capacity {
            return Err(EngineError::OutOfNodes {
                capacity: self.capacity,
            });
        }
        if self.nodes.len() >= (Family::ACCEPT - 1) as usize {
            return Err(EngineError::Unsupported(
                "the rebuilt diagram would have more than 2³² nodes".into(),
            ));
        }
        let list_bytes = self.nodes.capacity() * size_of::<FamilyNode>();
        grow(&mut self.unique, max_bytes, beside + list_bytes)?;
        if self.nodes.len() == self.nodes.capacity() {
            let more = self.nodes.capacity().max(1024);
            let needed = beside + self.bytes() + more * size_of::<FamilyNode>();
            if max_bytes != 0 && needed > max_bytes {
                return Err(EngineError::MemoLimit {
                    entries: self.nodes.len(),
                    needed,
                    limit: Some(max_bytes),
                });
            }
            self.nodes
                .try_reserve(more)
                .map_err(|_| EngineError::MemoLimit {
                    entries: self.nodes.len(),
                    needed: more * size_of::<FamilyNode>(),
                    limit: None,
                })?;
        }
        let link = self.nodes.len() as Link;
        self.nodes.push(node);
        self.unique.insert(node, link);
        Ok(link)
    }
}

/// The nodes of `nodes` that `root` reaches, children first and `root`
/// last, with links renumbered: what an engine that stores one diagram as
/// one array needs.
pub(crate) fn reachable(nodes: &[FamilyNode], root: Link) -> (Vec<FamilyNode>, Link) {
    if root == Family::ACCEPT || root == Family::REJECT {
        return (Vec::new(), root);
    }
    let mut renumbered: Vec<Link> = vec![Family::REJECT; nodes.len()];
    let mut kept = Vec::new();
    let is_node = |link: Link| link != Family::ACCEPT && link != Family::REJECT;
    // Iterative post-order: a path may cross thousands of levels.
    let mut stack = vec![(root, false)];
    while let Some((link, expanded)) = stack.pop() {
        let i = link as usize;
        if renumbered[i] != Family::REJECT {
            continue;
        }
        let node = nodes[i];
        if expanded {
            let map = |child: Link| {
                if is_node(child) {
                    renumbered[child as usize]
                } else {
                    child
                }
            };
            let new = FamilyNode {
                var: node.var,
                hi: map(node.hi),
                lo: map(node.lo),
            };
            renumbered[i] = kept.len() as Link;
            kept.push(new);
        } else {
            stack.push((link, true));
            for child in [node.lo, node.hi] {
                if is_node(child) && renumbered[child as usize] == Family::REJECT {
                    stack.push((child, false));
                }
            }
        }
    }
    let root = renumbered[root as usize];
    (kept, root)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduces_and_shares_under_each_rule() {
        let mut bdd = Built::new(false, 100);
        let a = bdd.make(2, Family::ACCEPT, Family::REJECT, 0, 0).unwrap();
        assert_eq!(
            bdd.make(2, Family::ACCEPT, Family::REJECT, 0, 0).unwrap(),
            a
        );
        assert_eq!(bdd.make(1, a, a, 0, 0).unwrap(), a);
        let mut zdd = Built::new(true, 100);
        assert_eq!(
            zdd.make(1, Family::REJECT, Family::ACCEPT, 0, 0).unwrap(),
            Family::ACCEPT
        );
        let b = zdd.make(1, Family::ACCEPT, Family::ACCEPT, 0, 0).unwrap();
        assert_eq!(b, 0);
    }

    #[test]
    fn keeps_only_what_the_root_reaches_with_the_root_last() {
        let mut built = Built::new(false, 100);
        let unused = built.make(3, Family::ACCEPT, Family::REJECT, 0, 0).unwrap();
        let a = built.make(2, Family::ACCEPT, Family::REJECT, 0, 0).unwrap();
        let b = built.make(1, a, Family::ACCEPT, 0, 0).unwrap();
        let root = built.make(0, b, a, 0, 0).unwrap();
        assert_ne!(unused, a);
        let (kept, new_root) = reachable(built.nodes(), root);
        assert_eq!(kept.len(), 3);
        assert_eq!(new_root as usize, kept.len() - 1);
        assert!(kept.iter().all(|n| n.var != 3));
    }

    #[test]
    fn capacity_is_the_engines() {
        let mut built = Built::new(false, 3);
        built.make(2, Family::ACCEPT, Family::REJECT, 0, 0).unwrap();
        let err = built
            .make(1, Family::REJECT, Family::ACCEPT, 0, 0)
            .unwrap_err();
        assert_eq!(err, EngineError::OutOfNodes { capacity: 3 });
    }
}
