//! `knights-tour verify`: are these valid tours, and are they closed?

use std::io::{Read, Write};

use kt_board::Tour;
use kt_memory::Bytes;
use kt_tours::Verdict;
use serde::Serialize;

use crate::cli::VerifyArgs;
use crate::exit::{CliError, ExitCode};
use crate::output::{OrFail, Output};

/// The most `verify` reads. A numbered 1000×1000 board is about 8 MB and a
/// 4000×4000 one about 150 MB; past this, the input is refused rather than
/// read forever (`verify /dev/zero`).
pub const MAX_INPUT: Bytes = Bytes(256 * Bytes::MIB);

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

#[derive(Serialize)]
struct ReportJson {
    file: String,
    /// Every tour valid (and closed, with `--closed`).
    passed: bool,
    tours: Vec<VerdictJson>,
}

pub fn run(args: &VerifyArgs) -> Result<ExitCode, CliError> {
    let name = args.file.display().to_string();
    let text = read_bounded(&args.file)?;
    let tours = kt_tours::parse_tours(&text)
        .map_err(|e| CliError::input(format!("{name}: {e}")))?;
    let mut out = Output::stdout()?;
    let verdicts: Vec<(&Tour, Verdict)> = tours.iter().map(|t| (t, kt_tours::verdict(t))).collect();
    let passed = verdicts.iter().all(|(_, v)| match v {
        Verdict::Closed => true,
        Verdict::Open => !args.closed,
        Verdict::Invalid(_) => false,
    });
    if args.json {
        let doc = ReportJson {
            file: name,
            passed,
            tours: verdicts
                .iter()
                .enumerate()
                .map(|(i, (tour, v))| VerdictJson {
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
                })
                .collect(),
        };
        serde_json::to_writer_pretty(&mut out, &doc)
            .map_err(std::io::Error::from)
            .or_fail()?;
        writeln!(out).or_fail()?;
    } else {
        let several = verdicts.len() > 1;
        for (i, (tour, verdict)) in verdicts.iter().enumerate() {
            let which = if several {
                format!(" tour {}", i + 1)
            } else {
                String::new()
            };
            writeln!(out, "{name}:{which} {verdict} on {}", tour.board).or_fail()?;
        }
        if args.closed && !passed && verdicts.iter().all(|(_, v)| !matches!(v, Verdict::Invalid(_))) {
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
    String::from_utf8(bytes)
        .map_err(|e| CliError::input(format!("{name} is not text (invalid UTF-8 at byte {})", e.utf8_error().valid_up_to())))
}
