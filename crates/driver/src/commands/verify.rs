//! `knights-tour verify`: are these valid tours, and are they closed?

use std::io::{Read, Write};

use kt_count::Bytes;
use kt_tours::Verdict;
use serde::Serialize;

use crate::cli::VerifyArgs;
use crate::exit::{CliError, ExitCode};
use crate::json;
use crate::output::{OrFail, Output};

/// The most `verify` reads. A numbered 1000×1000 board is about 8 MB and a
/// 4000×4000 one about 150 MB; past this, the input is refused rather than
/// read forever (`verify /dev/zero`).
pub const MAX_INPUT: Bytes = Bytes(256 * Bytes::MIB);

/// One element of the `tours` array of `verify --json`, whose document is
/// `{"schema": …, "version": …, "commit": …, "file": NAME, "passed": BOOL,
/// "tours": [...]}`: `passed` when every tour is valid (and closed, with
/// `--closed`).
#[derive(Serialize)]
struct VerdictJson {
    /// 1-based position of the tour in the input.
    tour: usize,
    rows: usize,
    cols: usize,
    valid: bool,
    /// `open` or `closed` for a valid tour.
    kind: Option<&'static str>,
    error: Option<String>,
}

pub fn run(args: &VerifyArgs) -> Result<ExitCode, CliError> {
    let name = args.file.display().to_string();
    let text = read_bounded(&args.file)?;
    let tours = kt_tours::parse_tours_on(&text, args.board)
        .map_err(|e| CliError::input(format!("{name}: {e}")))?;
    drop(text);
    let mut out = Output::stdout()?;
    // Verdicts are taken as they are written, not kept: a file of millions
    // of tours needs memory for its tours only.
    let accepted = |v: &Verdict| match v {
        Verdict::Closed => true,
        Verdict::Open => !args.closed,
        Verdict::Invalid(_) => false,
    };
    let mut passed = true;
    let mut all_valid = true;
    if args.json {
        // The verdict on the whole file comes first in the document, so
        // the tours are checked twice: once for it, once to write them.
        passed = tours.iter().all(|t| accepted(&kt_tours::verdict(t)));
        write!(
            out,
            "{}\n  \"file\": {},\n  \"passed\": {passed},\n  \"tours\": [",
            json::opening(json::VERIFY_SCHEMA),
            serde_json::Value::from(name.as_str())
        )
        .or_fail()?;
        for (i, tour) in tours.iter().enumerate() {
            let v = kt_tours::verdict(tour);
            let element = VerdictJson {
                tour: i + 1,
                rows: tour.board.rows(),
                cols: tour.board.cols(),
                valid: !matches!(v, Verdict::Invalid(_)),
                kind: match v {
                    Verdict::Closed => Some("closed"),
                    Verdict::Open => Some("open"),
                    Verdict::Invalid(_) => None,
                },
                error: match v {
                    Verdict::Invalid(e) => Some(e.to_string()),
                    _ => None,
                },
            };
            let element = serde_json::to_string(&element)
                .map_err(|e| CliError::other(format!("cannot write JSON: {e}")))?;
            let separator = if i == 0 { "" } else { "," };
            write!(out, "{separator}\n    {element}").or_fail()?;
        }
        let end = if tours.is_empty() { "]\n}" } else { "\n  ]\n}" };
        writeln!(out, "{end}").or_fail()?;
    } else {
        let several = tours.len() > 1;
        for (i, tour) in tours.iter().enumerate() {
            let verdict = kt_tours::verdict(tour);
            passed &= accepted(&verdict);
            all_valid &= !matches!(verdict, Verdict::Invalid(_));
            let which = if several {
                format!(" tour {}", i + 1)
            } else {
                String::new()
            };
            writeln!(out, "{name}:{which} {verdict} on {}", tour.board).or_fail()?;
        }
        if args.closed && !passed && all_valid {
            writeln!(out, "{name}: not every tour is closed (--closed)").or_fail()?;
        }
    }
    out.finish()?;
    Ok(if passed {
        ExitCode::Success
    } else {
        ExitCode::CheckFailed
    })
}

/// The file's text (`-`: standard input), read up to [`MAX_INPUT`].
fn read_bounded(path: &std::path::Path) -> Result<String, CliError> {
    let name = path.display();
    let cannot = |e: std::io::Error| CliError::input(format!("cannot read {name}: {e}"));
    let reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(path).map_err(cannot)?)
    };
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT.0 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_INPUT.0 {
        return Err(CliError::input(format!(
            "{name} is larger than {MAX_INPUT}, the most verify reads (a numbered 4000x4000 board is about 150 MB)"
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        CliError::input(format!(
            "{name} is not text (invalid UTF-8 at byte {})",
            e.utf8_error().valid_up_to()
        ))
    })
}
