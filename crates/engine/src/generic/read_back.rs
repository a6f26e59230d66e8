//! Copying a diagram out, and counting its sets exactly, through
//! [`ReadNodes`].

use num_bigint::BigUint;
use num_traits::{One, Zero};
use rustc_hash::FxHashMap;

use crate::nodes::{NodeView, ReadNodes};
use crate::{EngineError, Family, FamilyNode, Link, Var};

/// A node to visit, with its view once its children are on the stack.
type Pending<Id> = (Id, Option<NodeView<Id>>);

/// Visits the nodes `f` reaches, children before parents, each once;
/// `visit` gets the node and its view. Iterative: a path may cross every
/// one of the thousands of levels.
fn post_order<E: ReadNodes>(
    engine: &E,
    f: &E::Func,
    mut visit: impl FnMut(E::Id, NodeView<E::Id>) -> Result<(), EngineError>,
) -> Result<(), EngineError> {
    let mut done: rustc_hash::FxHashSet<E::Id> = rustc_hash::FxHashSet::default();
    // A node is read once: its view rides on the stack until its children
    // are done.
    let mut stack: Vec<Pending<E::Id>> = vec![(engine.root(f), None)];
    while let Some((id, seen)) = stack.pop() {
        if let Some(view) = seen {
            done.insert(id);
            visit(id, view)?;
            continue;
        }
        if done.contains(&id) {
            continue;
        }
        let view = engine.view(f, id);
        if let NodeView::Inner { hi, lo, .. } = view {
            stack.push((id, Some(view)));
            stack.push((lo, None));
            stack.push((hi, None));
        } else {
            done.insert(id);
            visit(id, view)?;
        }
    }
    Ok(())
}

/// An immutable copy of `f` with exact path counts.
pub fn snapshot<E: ReadNodes>(engine: &E, f: &E::Func) -> Result<Family, EngineError> {
    let mut index: FxHashMap<E::Id, Link> = FxHashMap::default();
    let mut nodes: Vec<FamilyNode> = Vec::new();
    post_order(engine, f, |id, view| {
        let link = match view {
            NodeView::Reject => Family::REJECT,
            NodeView::Accept => Family::ACCEPT,
            NodeView::Inner { var, hi, lo } => {
                if nodes.len() >= (Family::ACCEPT - 1) as usize {
                    return Err(EngineError::Unsupported(
                        "the diagram is too large to copy out (more than 2³² nodes)".into(),
                    ));
                }
                nodes.push(FamilyNode {
                    var,
                    hi: index[&hi],
                    lo: index[&lo],
                });
                (nodes.len() - 1) as Link
            }
        };
        index.insert(id, link);
        Ok(())
    })?;
    let root = index[&engine.root(f)];
    Ok(Family::new(
        engine.num_vars(),
        engine.info().kind.zero_suppressed(),
        nodes,
        root,
    ))
}

/// A count below a node, and the level it is counted from.
#[derive(Clone)]
struct Below<N> {
    count: N,
    level: Var,
}

/// The exact arithmetic a count needs: `u128` while it fits, `BigUint`
/// when it does not.
trait Number: Clone + Zero + One {
    fn plus(&self, other: &Self) -> Option<Self>;
    fn shifted(&self, bits: u32) -> Option<Self>;
}

impl Number for u128 {
    fn plus(&self, other: &u128) -> Option<u128> {
        self.checked_add(*other)
    }
    fn shifted(&self, bits: u32) -> Option<u128> {
        if *self == 0 {
            Some(0)
        } else if bits < self.leading_zeros() {
            Some(self << bits)
        } else {
            None
        }
    }
}

impl Number for BigUint {
    fn plus(&self, other: &BigUint) -> Option<BigUint> {
        Some(self + other)
    }
    fn shifted(&self, bits: u32) -> Option<BigUint> {
        Some(self << bits)
    }
}

/// The sets below every node, in `N`; `None` if a count overflows `N`.
fn count_in<E: ReadNodes, N: Number>(engine: &E, f: &E::Func) -> Option<N> {
    let zero_suppressed = engine.info().kind.zero_suppressed();
    let num_vars = engine.num_vars();
    let mut below: FxHashMap<E::Id, Below<N>> = FxHashMap::default();
    // Sets below a child, counted from `from`: a BDD's skipped variables
    // are free and double the count each.
    let weight = |b: &Below<N>, from: Var| {
        if zero_suppressed {
            Some(b.count.clone())
        } else {
            b.count.shifted(b.level - from)
        }
    };
    let walked = post_order(engine, f, |id, view| {
        let entry = match view {
            NodeView::Reject => Below {
                count: N::zero(),
                level: num_vars,
            },
            NodeView::Accept => Below {
                count: N::one(),
                level: num_vars,
            },
            NodeView::Inner { var, hi, lo } => {
                let count = weight(&below[&hi], var + 1)
                    .zip(weight(&below[&lo], var + 1))
                    .and_then(|(h, l)| h.plus(&l));
                let Some(count) = count else {
                    // Stops the walk; the caller counts again in BigUint.
                    return Err(EngineError::Unsupported("overflow".into()));
                };
                Below { count, level: var }
            }
        };
        below.insert(id, entry);
        Ok(())
    });
    walked.ok()?;
    weight(&below[&engine.root(f)], 0)
}

/// The number of sets in `f`, exactly: in `u128` arithmetic, checked,
/// and again in `BigUint` should a count not fit.
pub fn count<E: ReadNodes>(engine: &E, f: &E::Func) -> BigUint {
    count_in::<E, u128>(engine, f).map_or_else(
        || count_in::<E, BigUint>(engine, f).expect("BigUint arithmetic does not overflow"),
        BigUint::from,
    )
}

/// Nodes of `f`, the terminals it reaches included (oxidd's convention).
pub fn node_count<E: ReadNodes>(engine: &E, f: &E::Func) -> usize {
    let mut nodes = 0;
    post_order(engine, f, |_, _| {
        nodes += 1;
        Ok(())
    })
    .map_or(nodes, |()| nodes)
}
