//! Counts up to the board's symmetries (Burnside's lemma): from a plain
//! count, the tours each other symmetry fixes searched on quotient boards;
//! from a family of tours, each tour checked against every symmetry.

use kt_engine::Family;
use num_bigint::BigUint;

use crate::cancel::CancelToken;
use crate::failure::Failure;
use crate::methods::{Job, Method};
use crate::observer::Watch;
use crate::report::RunReport;
use crate::symmetry;
use crate::zdd::Decoder;

/// The orbits under the board's symmetries, given a method's plain count
/// (`total`): the identity fixes every tour, the other symmetries' fixed
/// tours are searched on quotient boards. Zero when the search was stopped;
/// the caller reports the interruption.
pub(super) fn up_to_symmetry(
    report: &mut RunReport,
    job: &Job,
    total: &BigUint,
    identity_method: &str,
    watch: Watch<'_>,
) -> Result<BigUint, Failure> {
    let (board, kind) = (job.board, job.kind);
    let undirected = symmetry::undirected(total, &board, kind);
    let found = symmetry::by_quotients(board, kind, &undirected, identity_method, watch)?;
    Ok(match found {
        Some((symmetry, orbits)) => {
            report.symmetry = Some(symmetry);
            orbits
        }
        None => BigUint::ZERO,
    })
}

/// Up to symmetry from the family: each of its tours checked against every
/// symmetry.
pub(super) fn enumerate(
    family: &Family,
    decoder: &dyn Decoder,
    job: &Job,
    method: &dyn Method,
    report: &mut RunReport,
    cancel: &CancelToken,
) -> Result<BigUint, Failure> {
    let (board, kind) = (job.board, job.kind);
    symmetry::check_size(&family.count(), &board, kind)?;
    let mut fixed = symmetry::FixedTours::new(board, kind);
    family.visit_sets(&mut |set| {
        if let Some(tour) = decoder.decode(set) {
            fixed.add(&tour);
        }
        !cancel.is_cancelled()
    });
    if cancel.is_cancelled() {
        // Reported as an interruption by the caller; the partial fixed
        // counts mean nothing.
        return Ok(BigUint::ZERO);
    }
    let (symmetry, orbits) = fixed.finish(
        decoder.sets_per_tour(kind),
        format!(
            "each of the {} sets of the --method {} diagram checked against every symmetry",
            family.count(),
            method.name()
        ),
    )?;
    report.symmetry = Some(symmetry);
    Ok(orbits)
}
