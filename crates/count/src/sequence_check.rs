//! A counted sequence checked against a published one (`sequence
//! --oeis A306283`): the published sequence's convention applied to every
//! term, and every term it publishes compared.
//!
//! A published sequence counts one kind of tour on strips of one height,
//! term `n` being `step·n` columns or cells (A193054 counts `7 × 2n`),
//! open tours often undirected ([`PublishedSequence`]). The check refuses
//! a sequence of another height, kind or measure before any work, since
//! every term would then disagree for a reason no count explains.

use kt_board::TourKind;
use num_bigint::BigUint;
use serde::Serialize;

use crate::failure::Failure;
use crate::sequences::{PublishedSequence, published_sequence};
use crate::terms::{Measure, Term};

/// A published sequence, ready to check a sweep's terms.
#[derive(Clone, Debug)]
pub struct Check {
    sequence: &'static PublishedSequence,
}

/// One term that disagrees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mismatch {
    /// The sequence's index.
    pub n: usize,
    /// Ours, in the sequence's convention, and the published term.
    pub ours: String,
    pub published: String,
}

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub a_number: String,
    /// Terms both counted and published.
    pub compared: usize,
    pub mismatches: Vec<Mismatch>,
    /// One line for the terminal.
    pub line: String,
}

impl Verdict {
    pub fn agrees(&self) -> bool {
        self.mismatches.is_empty()
    }
}

impl Check {
    /// The check against `a_number`, refused if the program ships no such
    /// sequence or if it counts something else than `rows`, `kind` and
    /// `measure` ask for.
    pub fn new(
        a_number: &str,
        rows: usize,
        kind: TourKind,
        measure: Measure,
    ) -> Result<Check, Failure> {
        let sequence = published_sequence(a_number).ok_or_else(|| {
            Failure::refused(crate::words::message!(
                format!("{a_number}: no such sequence is shipped ("),
                crate::words::Word::Sequences,
                " lists them)"
            ))
        })?;
        let counts = |rows: usize, kind: TourKind, measure: Measure| {
            let of = match measure {
                // rows 0: the square boards n×n, no strip `sequence` sweeps.
                Measure::Cols if rows == 0 => {
                    "square nxn boards (count N --check checks them)".to_string()
                }
                Measure::Cols => format!("{rows}xn boards"),
                Measure::Cells => format!("the first cells of a {rows}-row strip"),
            };
            format!("{kind} tours of {of}")
        };
        if (sequence.rows, sequence.kind, sequence.measure) != (rows, kind, measure) {
            return Err(Failure::refused(format!(
                "{} counts {}, not {}",
                sequence.a_number,
                counts(sequence.rows, sequence.kind, sequence.measure),
                counts(rows, kind, measure)
            )));
        }
        Ok(Check { sequence })
    }

    /// Refuses, before any work, a sweep to `to` (columns or cells) that
    /// reaches none of the sequence's terms: it would print an empty
    /// b-file and compare nothing (A383660 begins at a(11), the first 22
    /// cells; A193054 counts only even widths).
    pub fn reached_by(&self, to: usize) -> Result<(), Failure> {
        let step = self.sequence.step.max(1);
        let first = step * self.sequence.offset.max(1);
        if to >= first {
            return Ok(());
        }
        let what = match self.sequence.measure {
            Measure::Cols => format!("{first} columns"),
            Measure::Cells => format!("the first {first} cells"),
        };
        Err(Failure::refused(format!(
            "{} begins at a({}), {what}: --to {to} reaches none of its terms",
            self.sequence.a_number,
            first / step
        )))
    }

    pub fn a_number(&self) -> &str {
        &self.sequence.a_number
    }

    /// The comment line OEIS's b-file begins with, if any (`# A389754`).
    pub fn bfile_comment(&self) -> Option<&str> {
        Some(self.sequence.bfile_comment.as_str()).filter(|c| !c.is_empty())
    }

    /// How the sequence counts open tours (closed tours are undirected
    /// everywhere).
    pub fn convention(&self) -> &'static str {
        if self.sequence.kind == TourKind::Open && self.sequence.directed {
            "directed"
        } else {
            "undirected"
        }
    }

    /// The sequence's index of a term, if the term is one of its: A193054
    /// has only the even widths, and a sequence starts at its offset
    /// (A383660's first term is a(11), the first 22 cells), so that a
    /// b-file starts where OEIS's does.
    fn index(&self, term: &Term) -> Option<usize> {
        let step = self.sequence.step.max(1);
        term.n
            .is_multiple_of(step)
            .then_some(term.n / step)
            .filter(|&n| n >= self.sequence.offset)
    }

    /// A term in the sequence's convention (the project's when the
    /// sequence has no such term).
    pub fn convert(&self, term: &Term) -> BigUint {
        match self.index(term) {
            Some(n) => self.sequence.in_sequence_convention(n, &term.count),
            None => term.count.clone(),
        }
    }

    /// A term as the sequence indexes and counts it, if it is one of its.
    pub fn in_sequence(&self, term: &Term) -> Option<(usize, BigUint)> {
        self.index(term)
            .map(|n| (n, self.sequence.in_sequence_convention(n, &term.count)))
    }

    /// The published term for one of ours, if any.
    fn published(&self, term: &Term) -> Option<(usize, &BigUint)> {
        let n = self.index(term)?;
        self.sequence
            .terms
            .iter()
            .find(|(k, _)| *k == n)
            .map(|(k, value)| (*k, value))
    }

    /// Whether our term (the project's convention) is the published one:
    /// compared in the project's convention, where a wrong odd directed
    /// count cannot halve into a right one.
    fn agrees(&self, n: usize, term: &Term, published: &BigUint) -> bool {
        term.count == self.sequence.in_project_convention(n, published)
    }

    /// The table's column for a term: the term in the sequence's
    /// convention and whether it agrees with the published one.
    pub fn row(&self, term: &Term) -> String {
        match (self.in_sequence(term), self.published(term)) {
            (Some((n, ours)), Some((_, published))) if self.agrees(n, term, published) => {
                format!("a({n}) = {ours}, agrees")
            }
            (Some((n, ours)), Some((_, published))) => {
                format!("a({n}) = {ours}, DIFFERS from the published {published}")
            }
            (Some((n, ours)), None) => format!("a({n}) = {ours} (not published)"),
            (None, _) => String::new(),
        }
    }

    /// Every published term among `terms` compared.
    pub fn verdict(&self, terms: &[Term]) -> Verdict {
        let mut compared = 0;
        let mut mismatches = Vec::new();
        for term in terms {
            if let (Some((n, ours)), Some((_, published))) =
                (self.in_sequence(term), self.published(term))
            {
                compared += 1;
                if !self.agrees(n, term, published) {
                    mismatches.push(Mismatch {
                        n,
                        ours: ours.to_string(),
                        published: published.to_string(),
                    });
                }
            }
        }
        let a = &self.sequence.a_number;
        let line = match (compared, mismatches.first()) {
            (0, _) => format!(
                "check: {a} publishes none of these terms (it ships {})",
                self.sequence.terms.len()
            ),
            (_, None) => format!("check: all {compared} published terms of {a} agree"),
            (_, Some(first)) => format!(
                "check: {} of {compared} published terms of {a} differ, first a({}) = {} here, {} published",
                mismatches.len(),
                first.n,
                first.ours,
                first.published
            ),
        };
        Verdict {
            a_number: a.clone(),
            compared,
            mismatches,
            line,
        }
    }
}
