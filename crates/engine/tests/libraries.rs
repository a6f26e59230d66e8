//! The engines from other libraries against oxidd's BDD, on random
//! families: the same count, the same canonical diagram size, the same
//! filtered rebuild, the same snapshot; and their limits.

use std::collections::BTreeSet;

use kt_engine::{
    Bdd, Biodivine, Engine, EngineConfig, EngineError, FilterLimits, SetFilter, Var, generic,
};
use num_bigint::BigUint;
use proptest::prelude::*;

fn config(nodes: usize) -> EngineConfig {
    EngineConfig {
        node_capacity: nodes,
        cache_capacity: 1 << 12,
        threads: 1,
    }
}

/// The family of `sets` over `n` variables, built through the seam with
/// every variable decided on every path.
fn family<E: Engine>(e: &E, n: Var, sets: &BTreeSet<Vec<Var>>) -> Result<E::Func, EngineError> {
    let mut f = e.reject();
    for set in sets {
        let mut g = e.accept();
        for var in (0..n).rev() {
            g = if set.contains(&var) {
                e.node(var, &g, &e.reject())?
            } else {
                e.forced_out(var, &g)?
            };
        }
        f = e.union(&f, &g)?;
    }
    Ok(f)
}

/// Accepts the sets of exactly `k` variables (absence is silent; the key
/// is the whole state).
struct Size(usize);

impl SetFilter for Size {
    type State = usize;
    type Key = usize;
    fn start(&self) -> usize {
        0
    }
    fn key(&self, s: &usize) -> usize {
        *s
    }
    fn include(&self, s: &usize, _: Var) -> Option<usize> {
        (*s < self.0).then_some(s + 1)
    }
    fn accepts(&self, s: &usize) -> bool {
        *s == self.0
    }
}

/// What one engine makes of a family: count, size, the filtered count and
/// size (or the error's text), the snapshot's count and its sets.
type Outcome = (
    BigUint,
    usize,
    Result<(BigUint, usize), String>,
    BigUint,
    Vec<Vec<Var>>,
);

fn outcome<E: Engine>(e: &E, n: Var, sets: &BTreeSet<Vec<Var>>, k: usize) -> Outcome {
    let f = family(e, n, sets).expect("room for a small family");
    let filtered = e
        .filter(&f, &Size(k), &FilterLimits::default())
        .map(|r| (e.count(&r.family), e.node_count(&r.family)))
        .map_err(|err| err.to_string());
    let snapshot = e.snapshot(&f).expect("a snapshot");
    let mut listed = Vec::new();
    snapshot.visit_sets(&mut |s| {
        listed.push(s.to_vec());
        true
    });
    (
        e.count(&f),
        e.node_count(&f),
        filtered,
        snapshot.count(),
        listed,
    )
}

fn sets_strategy() -> impl Strategy<Value = (Var, BTreeSet<Vec<Var>>, usize)> {
    (1u32..7).prop_flat_map(|n| {
        (
            Just(n),
            prop::collection::btree_set(
                prop::collection::btree_set(0..n, 0..=n as usize)
                    .prop_map(|s| s.into_iter().collect::<Vec<_>>()),
                0..12,
            ),
            0..=n as usize,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn biodivine_agrees_with_oxidd((n, sets, k) in sets_strategy()) {
        let reference = outcome(&Bdd::new(&config(1 << 12), n).unwrap(), n, &sets, k);
        let biodivine = Biodivine::new(&config(1 << 12), n).unwrap();
        prop_assert_eq!(&outcome(&biodivine, n, &sets, k), &reference);
        // Its own exact count, and the one written once, agree.
        let f = family(&biodivine, n, &sets).unwrap();
        prop_assert_eq!(generic::count(&biodivine, &f), biodivine.count(&f));
        prop_assert_eq!(generic::node_count(&biodivine, &f), biodivine.node_count(&f));
    }
}

#[cfg(feature = "buddy")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn buddy_agrees_with_oxidd((n, sets, k) in sets_strategy()) {
        let reference = outcome(&Bdd::new(&config(1 << 12), n).unwrap(), n, &sets, k);
        let buddy = kt_engine::Buddy::new(&config(1 << 12), n).unwrap();
        prop_assert_eq!(&outcome(&buddy, n, &sets, k), &reference);
        let f = family(&buddy, n, &sets).unwrap();
        prop_assert_eq!(generic::node_count(&buddy, &f), buddy.node_count(&f));
    }
}

/// Every set of 10 of 20 variables: 184,756 sets, more than a small node
/// table holds once built as a union of single sets.
fn crowded<E: Engine>(e: &E) -> Result<E::Func, EngineError> {
    let n = 20;
    let mut f = e.reject();
    for bits in 0u32..(1 << n) {
        if bits.count_ones() == n / 2 && bits % 7 == 0 {
            let mut g = e.accept();
            for var in (0..n).rev() {
                g = if bits >> var & 1 == 1 {
                    e.node(var, &g, &e.reject())?
                } else {
                    e.forced_out(var, &g)?
                };
            }
            f = e.union(&f, &g)?;
        }
    }
    Ok(f)
}

#[test]
fn biodivine_stops_at_its_node_capacity() {
    let e = Biodivine::new(&config(200), 20).unwrap();
    assert!(matches!(
        crowded(&e),
        Err(EngineError::OutOfNodes { capacity: 200 })
    ));
}

#[test]
fn biodivine_refuses_more_variables_than_16_bits_number() {
    let err = Biodivine::new(&config(1 << 10), 70_000)
        .err()
        .expect("refused");
    assert!(err.to_string().contains("16 bits"), "{err}");
}

#[cfg(feature = "buddy")]
mod buddy {
    use super::*;
    use kt_engine::Buddy;

    #[test]
    fn stops_at_its_node_capacity_and_goes_on() {
        // The final diagram has 430 nodes.
        let e = Buddy::new(&config(300), 20).unwrap();
        let result = crowded(&e).map(|f| e.node_count(&f));
        assert!(
            matches!(result, Err(EngineError::OutOfNodes { .. })),
            "{result:?}"
        );
        // BuDDy's error state is cleared: small work still succeeds.
        let sets: BTreeSet<Vec<Var>> = [vec![1, 2], vec![3]].into_iter().collect();
        let f = family(&e, 20, &sets).unwrap();
        assert_eq!(e.count(&f), BigUint::from(2u32));
    }

    #[test]
    fn one_session_per_process() {
        let first = Buddy::new(&config(1000), 4).unwrap();
        // The same thread would wait for itself: refused.
        let err = Buddy::new(&config(1000), 4).err().expect("refused");
        assert!(err.to_string().contains("this thread"), "{err}");
        // Another thread waits until the first engine is gone.
        let waiter = std::thread::spawn(|| Buddy::new(&config(1000), 6).map(|e| e.num_vars()));
        std::thread::sleep(std::time::Duration::from_millis(100));
        assert!(!waiter.is_finished());
        drop(first);
        assert_eq!(waiter.join().unwrap().unwrap(), 6);
    }

    #[test]
    fn garbage_is_collected() {
        let e = Buddy::new(&config(1 << 16), 20).unwrap();
        let sets: BTreeSet<Vec<Var>> = (0..20).map(|v| vec![v, (v + 3) % 20]).collect();
        drop(family(&e, 20, &sets).unwrap());
        assert!(e.collect_garbage() > 0);
    }
}
