//! Copying a diagram out of the manager into a [`Family`].

use oxidd::{BooleanFunction, Function, HasLevel, Manager};
use oxidd_core::function::INodeOfFunc;
use rustc_hash::FxHashMap;

use super::filter_pass::edge_key;
use super::{Flavor, Oxidd};
use crate::{EngineError, Family, FamilyNode, Link};

pub(super) fn snapshot<K: Flavor>(engine: &Oxidd<K>, f: &K::F) -> Result<Family, EngineError>
where
    for<'id> INodeOfFunc<'id, K::F>: HasLevel,
{
    f.with_manager_shared(|m, root| {
        let accept = K::accept_edge(m);
        let reject = K::reject_edge(m);
        let accept_key = edge_key(accept.borrowed().raw());
        let reject_key = edge_key(reject.borrowed().raw());
        m.drop_edge(accept);
        m.drop_edge(reject);

        let mut index: FxHashMap<u64, Link> = FxHashMap::default();
        index.insert(accept_key, Family::ACCEPT);
        index.insert(reject_key, Family::REJECT);
        let mut nodes: Vec<FamilyNode> = Vec::new();

        // Iterative post-order: a diagram over thousands of levels would
        // overflow a recursive walk's stack.
        let mut stack = vec![(root, false)];
        while let Some((edge, expanded)) = stack.pop() {
            let key = edge_key(edge.raw());
            if index.contains_key(&key) {
                continue;
            }
            let (hi, lo) = K::F::cofactors_edge(m, edge).ok_or_else(|| {
                EngineError::Unsupported("a terminal that neither accepts nor rejects".into())
            })?;
            if expanded {
                let link = |e: oxidd_core::util::Ref<'_, _>| index[&edge_key(e.raw())];
                let node = FamilyNode {
                    var: m.get_node(edge).unwrap_inner().level(),
                    hi: link(hi),
                    lo: link(lo),
                };
                if nodes.len() >= (Family::ACCEPT - 1) as usize {
                    return Err(EngineError::Unsupported(
                        "the diagram is too large to copy out (more than 2³² nodes)".into(),
                    ));
                }
                index.insert(key, nodes.len() as Link);
                nodes.push(node);
            } else {
                stack.push((edge, true));
                stack.push((lo, false));
                stack.push((hi, false));
            }
        }
        let root = index[&edge_key(root.raw())];
        Ok(Family::new(
            engine.num_vars,
            K::KIND.zero_suppressed(),
            nodes,
            root,
        ))
    })
}
