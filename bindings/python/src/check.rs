//! `check=True`: the answer compared with every published count it says
//! something about, by the library's one check (`kt_count::check_answer`,
//! the same as `knights-tour count --check`).
//!
//! A disagreement raises `CheckError` (the count or the table is wrong);
//! an answer of which nothing is published passes with a `UserWarning`,
//! as the command line says "no published count of this question".

use kt_count::report::CheckReport;
use kt_count::{Answered, Counted, Question, Request};
use pyo3::prelude::*;

use crate::errors::CheckError;

/// Checks what `counted` answered for `request`; the verdict goes into
/// its report (the `check` section of the document).
pub fn check(py: Python<'_>, request: &Request, counted: &mut Counted) -> PyResult<()> {
    let report = &counted.report;
    let table = match request.question {
        Question::ByEnd { .. } => report.by_end.as_deref(),
        _ => report.by_start.as_deref(),
    };
    let classes = report.pairs.as_ref().map_or(&[][..], |p| &p.classes[..]);
    let verdict = kt_count::check_answer(
        &request.board,
        request.kind,
        &Answered {
            question: request.question,
            count: &counted.count,
            table,
            classes,
        },
    );
    if let Some((published, expected)) = verdict.disagreeing.first() {
        return Err(CheckError::new_err(format!(
            "the count disagrees with the published {published} (which implies {expected})"
        )));
    }
    if verdict.agreeing.is_empty() {
        let warnings = py.import("warnings")?;
        warnings.call_method1(
            "warn",
            (format!(
                "check=True: no published count of the {} tours of {} asked for; nothing to compare",
                request.kind, request.board
            ),),
        )?;
    }
    counted.report.check = Some(CheckReport::from(&verdict));
    Ok(())
}
