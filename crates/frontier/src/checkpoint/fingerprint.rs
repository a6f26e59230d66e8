//! The fingerprint of a sweep and its state code, which a checkpoint's
//! manifest (and a cluster's hello) carries so that keys are read only by
//! the sweep that made them.

use crate::state;
use crate::sweep::{Rule, Sweep};

/// A fingerprint of what gives a key its meaning: the order, every step's
/// vertex and square, frontiers and edges, in order, the end squares of a fixed-ends sweep,
/// and the state code itself — the keys that encoding and both packings
/// give a fixed set of mate tables.
pub fn fingerprint(sweep: &Sweep) -> u32 {
    fingerprint_with(sweep, &state::sample_codes())
}

/// [`fingerprint`] with the state code's sample keys given.
pub(super) fn fingerprint_with(sweep: &Sweep, codes: &[u128]) -> u32 {
    let mut hash = crc32fast::Hasher::new();
    let mut word = |n: u128| hash.update(&n.to_le_bytes());
    for &code in codes {
        word(code);
    }
    word(sweep.steps().len() as u128);
    // A fixed-ends sweep: the same board's sweep between other squares
    // reads the same bytes as other paths.
    for terminal in sweep.terminals().into_iter().flatten() {
        word(terminal as u128 + 1);
    }
    // A sweep of every prefix keeps states a whole count prunes, and a
    // whole count's level lacks states a prefix count needs: neither may
    // resume the other. (Whole counts hash as they always did.)
    if sweep.counts_prefixes() {
        word(u128::from(u32::from_le_bytes(*b"PREF")));
    }
    // A sweep with tallies: its weights carry them, and its checkpoints
    // the tours by class; a whole count's have neither.
    if let Some(count) = sweep.tallies() {
        word(u128::from(u32::from_le_bytes(*b"ENDS")));
        word(count as u128);
        for v in 0..sweep.cells() {
            word(sweep.end_class(v).map_or(0, |c| c as u128));
        }
    }
    // A sweep that glues the tours a symmetry fixes: its prefix totals
    // carry them under labels by class, which a checkpoint keeps.
    if let Some(symmetry) = sweep.fixed_symmetry() {
        word(u128::from(u32::from_le_bytes(*b"FIXD")));
        for byte in format!("{symmetry:?}").bytes() {
            word(u128::from(byte));
        }
        word(crate::mirror::CLASSES as u128);
    }
    // Only the tours whose ends lie in one column: states with one end
    // are dropped at every column's end.
    if sweep.end_rules().one_column {
        word(u128::from(u32::from_le_bytes(*b"COL1")));
    }
    // Only the tours whose first end differs in colour from the corner.
    if sweep.end_rules().first_unlike_the_corner {
        word(u128::from(u32::from_le_bytes(*b"END1")));
    }
    // A sweep of the boards alone prunes states other prefixes need.
    if sweep.steps().iter().any(|s| s.board_targets.is_some()) {
        word(u128::from(u32::from_le_bytes(*b"BRDS")));
    }
    // A folded sweep keeps one state of each mirror pair.
    for (i, step) in sweep.steps().iter().enumerate() {
        for mirror in &step.mirrors {
            word(i as u128);
            for &s in mirror {
                word(u128::from(s));
            }
        }
    }
    // The order: the same frontiers in vertex numbers mean other squares
    // in another order.
    word(u128::from(sweep.order().fingerprint()));
    for step in sweep.steps() {
        word(step.vertex as u128);
        word(sweep.square_of(step.vertex) as u128);
        for list in [&step.before, &step.after] {
            word(list.len() as u128);
            for &v in list {
                word(v as u128);
            }
        }
        for list in [&step.carry, &step.edges] {
            word(list.len() as u128);
            for &s in list {
                word(u128::from(s));
            }
        }
    }
    // A restricted sweep (a fixed start, a required move): its rules,
    // which the steps above do not show, so that its checkpoint is never
    // read as the unrestricted sweep's or as another start's. An
    // unrestricted sweep hashes nothing more: its checkpoints keep the
    // fingerprint they were written with.
    let rules: Vec<(usize, usize, Rule)> = sweep
        .steps()
        .iter()
        .enumerate()
        .flat_map(|(i, step)| {
            step.rules
                .iter()
                .enumerate()
                .filter(|(_, rule)| **rule != Rule::Free)
                .map(move |(j, rule)| (i, j, *rule))
        })
        .collect();
    if !rules.is_empty() {
        word(u128::from(u32::from_le_bytes(*b"rule")));
        for (i, j, rule) in rules {
            word(i as u128);
            word(j as u128);
            word(match rule {
                Rule::Free => 0,
                Rule::Required => 1,
                Rule::Forbidden => 2,
            });
        }
    }
    hash.finalize()
}
