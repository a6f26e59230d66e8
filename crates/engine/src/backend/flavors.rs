//! The three oxidd diagram kinds. Both kinds of BDD take [`Flavor`]'s
//! Boolean terminals and operations as they are; the ZBDD brings its own.

use std::io;

use oxidd::bcdd::BCDDFunction;
use oxidd::bdd::BDDFunction;
use oxidd::zbdd::ZBDDFunction;
use oxidd::{BooleanVecSet, Function};
use oxidd_core::function::OwnEdgeOfFunc;
use oxidd_core::util::AllocResult;

use super::{Flavor, Oxidd};
use crate::EngineKind;

/// oxidd's zero-suppressed BDD: the engine the encoding was designed for.
pub struct ZbddFlavor;
/// oxidd's plain BDD.
pub struct BddFlavor;
/// oxidd's BDD with complement edges.
pub struct BcddFlavor;

/// The ZBDD engine.
pub type Zbdd = Oxidd<ZbddFlavor>;
/// The BDD engine.
pub type Bdd = Oxidd<BddFlavor>;
/// The BCDD (complement-edge BDD) engine.
pub type Bcdd = Oxidd<BcddFlavor>;

fn dump<F>(f: &F, out: &mut dyn io::Write) -> io::Result<()>
where
    F: Function + for<'id> oxidd_dump::dot::DotStyle<oxidd_core::function::ETagOfFunc<'id, F>>,
    for<'id> oxidd_core::function::ETagOfFunc<'id, F>: std::fmt::Debug,
    for<'id> oxidd_core::function::TermOfFunc<'id, F>: std::fmt::Display,
{
    f.with_manager_shared(|m, _| oxidd_dump::dot::dump_all(out, m, [(f, "tours")]))
}

impl Flavor for ZbddFlavor {
    type F = ZBDDFunction;
    const KIND: EngineKind = EngineKind::Zbdd;

    fn new_manager(nodes: usize, cache: usize, threads: u32) -> oxidd::zbdd::ZBDDManagerRef {
        oxidd::zbdd::new_manager(nodes, cache, threads)
    }

    fn accept_edge<'id>(
        m: &<ZBDDFunction as Function>::Manager<'id>,
    ) -> OwnEdgeOfFunc<'id, ZBDDFunction> {
        ZBDDFunction::base_edge(m)
    }

    fn reject_edge<'id>(
        m: &<ZBDDFunction as Function>::Manager<'id>,
    ) -> OwnEdgeOfFunc<'id, ZBDDFunction> {
        ZBDDFunction::empty_edge(m)
    }

    fn intersect(f: &ZBDDFunction, g: &ZBDDFunction) -> AllocResult<ZBDDFunction> {
        f.intsec(g)
    }

    fn union(f: &ZBDDFunction, g: &ZBDDFunction) -> AllocResult<ZBDDFunction> {
        f.union(g)
    }

    fn write_dot(f: &ZBDDFunction, out: &mut dyn io::Write) -> io::Result<()> {
        dump(f, out)
    }
}

impl Flavor for BddFlavor {
    type F = BDDFunction;
    const KIND: EngineKind = EngineKind::Bdd;

    fn new_manager(nodes: usize, cache: usize, threads: u32) -> oxidd::bdd::BDDManagerRef {
        oxidd::bdd::new_manager(nodes, cache, threads)
    }

    fn write_dot(f: &BDDFunction, out: &mut dyn io::Write) -> io::Result<()> {
        dump(f, out)
    }
}

impl Flavor for BcddFlavor {
    type F = BCDDFunction;
    const KIND: EngineKind = EngineKind::Bcdd;

    fn new_manager(nodes: usize, cache: usize, threads: u32) -> oxidd::bcdd::BCDDManagerRef {
        oxidd::bcdd::new_manager(nodes, cache, threads)
    }

    fn write_dot(f: &BCDDFunction, out: &mut dyn io::Write) -> io::Result<()> {
        dump(f, out)
    }
}
