//! The size of the canonical (reduced) ZDD of an explicitly listed family
//! of sets, computed from first principles: the test's own check that the
//! product's final diagram is exactly the canonical diagram of the tours,
//! node for node, not merely a diagram with the right count.
//!
//! A reduced ordered ZDD has one node per distinct non-trivial "subfamily
//! below a variable": for a family F and its smallest variable v, the node
//! is (v, F₁, F₀) with F₁ = {S∖{v} : v ∈ S ∈ F} and F₀ = {S ∈ F : v ∉ S};
//! equal subfamilies are the same node, and a node whose F₁ is empty is
//! not made (the zero-suppression rule).

use std::collections::HashMap;

/// Node identities: 0 is ∅ (reject), 1 is {∅} (accept).
type Id = usize;

struct Builder {
    unique: HashMap<(u32, Id, Id), Id>,
}

impl Builder {
    /// The node of the family `sets` (each sorted ascending, all distinct).
    fn node(&mut self, sets: &[&[u32]]) -> Id {
        if sets.is_empty() {
            return 0;
        }
        if sets.iter().all(|s| s.is_empty()) {
            return 1;
        }
        let v = sets
            .iter()
            .filter_map(|s| s.first())
            .min()
            .copied()
            .expect("a variable");
        let with: Vec<&[u32]> = sets
            .iter()
            .filter(|s| s.first() == Some(&v))
            .map(|s| &s[1..])
            .collect();
        let without: Vec<&[u32]> = sets
            .iter()
            .filter(|s| s.first() != Some(&v))
            .copied()
            .collect();
        let hi = self.node(&with);
        let lo = self.node(&without);
        if hi == 0 {
            return lo;
        }
        let next = self.unique.len() + 2;
        *self.unique.entry((v, hi, lo)).or_insert(next)
    }
}

/// Nodes of the canonical ZDD of `sets`, both terminals included (as
/// oxidd's `node_count` counts them).
pub fn zdd_nodes(sets: &[Vec<u32>]) -> usize {
    let mut sorted: Vec<Vec<u32>> = sets.to_vec();
    for s in &mut sorted {
        s.sort_unstable();
    }
    let views: Vec<&[u32]> = sorted.iter().map(Vec::as_slice).collect();
    let mut builder = Builder {
        unique: HashMap::new(),
    };
    builder.node(&views);
    builder.unique.len() + 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_equal_subfamilies() {
        // {{0,2},{1,2}}: node(2) is shared below 0 and 1.
        assert_eq!(zdd_nodes(&[vec![0, 2], vec![1, 2]]), 3 + 2);
        assert_eq!(zdd_nodes(&[vec![]]), 2);
    }
}
