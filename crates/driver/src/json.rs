//! The one JSON convention of the command line (docs/json.md).
//!
//! Every command that prints a result prints it as one JSON document with
//! `--json`. Every document has a `schema` (`knights-tour/NAME/N`, the
//! version of its layout), the program's `version` and the git `commit`
//! it was built from (`unknown` for a build outside a git checkout), so
//! that a result can be traced to the program that printed it.
//!
//! Absent values: every field is always present, `null` when it has no
//! value and `[]` when it is a list without elements; that includes the
//! sections of a count report for a question or method the run did not
//! use (`from`, `frontier`, …), which `kt_count::Document` writes so for
//! every front end.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::Value;

/// The program's version: the library's, whose workspace it shares.
pub const VERSION: &str = kt_count::VERSION;

/// The git commit the program was built from (`unknown` without git).
pub const COMMIT: &str = kt_count::COMMIT;

/// `tour --json`: the tours taken from the family.
pub const TOUR_SCHEMA: &str = "knights-tour/tour/1";
/// `find --json`: one tour.
pub const FIND_SCHEMA: &str = "knights-tour/find/1";
/// `verify --json`: a verdict per tour.
pub const VERIFY_SCHEMA: &str = "knights-tour/verify/1";
/// `known --json`: the published counts.
pub const KNOWN_SCHEMA: &str = "knights-tour/known/1";
/// `known --sequence A --json`: one published sequence, term by term.
pub const SEQUENCE_TERMS_SCHEMA: &str = "knights-tour/sequence-terms/1";

/// The program that printed a document: the `version` and `commit`
/// fields, flattened into it.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Program {
    pub version: &'static str,
    pub commit: &'static str,
}

/// This program.
pub const PROGRAM: Program = Program {
    version: VERSION,
    commit: COMMIT,
};

/// Writes `document` pretty-printed, with a final newline.
pub fn write_pretty<T: Serialize>(document: &T, out: &mut dyn Write) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, document)?;
    writeln!(out)
}

/// Writes `document` on one line (JSON Lines), with a final newline.
pub fn write_line<T: Serialize>(document: &T, out: &mut dyn Write) -> io::Result<()> {
    serde_json::to_writer(&mut *out, document)?;
    writeln!(out)
}

/// The opening of a document written element by element: `{`, its
/// `schema`, `version` and `commit`, and a comma, ready for the next field.
pub fn opening(schema: &str) -> String {
    format!(
        "{{\n  \"schema\": {},\n  \"version\": {},\n  \"commit\": {},",
        Value::from(schema),
        Value::from(VERSION),
        Value::from(COMMIT)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commit_is_a_short_hash_or_unknown() {
        assert!(
            COMMIT == "unknown"
                || (COMMIT.len() >= 4 && COMMIT.bytes().all(|b| b.is_ascii_hexdigit())),
            "{COMMIT}"
        );
    }

    #[test]
    fn reports_have_every_section_and_the_program() {
        // A count a theorem settles: a report without a diagram or a sweep.
        let board = kt_count::Board::new(3, 4).unwrap();
        let request = kt_count::Request::new(board, kt_count::TourKind::Closed);
        let mut report =
            kt_count::count(&request, &kt_count::Silent, &kt_count::CancelToken::new())
                .unwrap()
                .report;
        report.by_start = Some(kt_count::Table(vec![vec![1u32.into()]]));
        let bare = serde_json::to_value(&report).unwrap();
        let text = serde_json::to_string(&report.document()).unwrap();
        let written: Value = serde_json::from_str(&text).unwrap();
        assert!(
            text.starts_with("{\"schema\":\"knights-tour/run/1\","),
            "{text}"
        );
        assert!(
            text.ends_with(&format!(
                ",\"version\":\"{VERSION}\",\"commit\":\"{COMMIT}\"}}"
            )),
            "{text}"
        );
        for section in kt_count::report::OPTIONAL_SECTIONS {
            assert!(written.get(section).is_some(), "{section}: {text}");
        }
        assert_eq!(written["by_start"], bare["by_start"]);
        assert_eq!(written["frontier"], Value::Null);
        assert_eq!(written["notes"], Value::Array(Vec::new()));
        // Every field of the library's report is kept as it wrote it.
        for (key, value) in bare.as_object().unwrap() {
            assert_eq!(&written[key], value, "{key}");
        }
        // Each field once.
        assert_eq!(text.matches("\"by_start\"").count(), 1, "{text}");
    }

    #[test]
    fn opened_documents_name_the_schema_and_the_program() {
        let opened: Value =
            serde_json::from_str(&format!("{} \"n\": 3}}", opening("knights-tour/test/1")))
                .unwrap();
        assert_eq!(opened["schema"], "knights-tour/test/1");
        assert_eq!(opened["version"], VERSION);
        assert_eq!(opened["commit"], COMMIT);
    }
}
