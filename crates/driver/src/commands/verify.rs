//! `knights-tour verify`: is this text a valid open or closed tour?

use crate::cli::VerifyArgs;
use crate::{ExitCode, Failure};
use kt_tours::Verdict;

pub fn run(args: &VerifyArgs) -> Result<ExitCode, Failure> {
    let text = if args.file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin())
    } else {
        std::fs::read_to_string(&args.file)
    }
    .map_err(|e| Failure::input(format!("cannot read {}: {e}", args.file.display())))?;
    let tour = kt_tours::parse_tour(&text)
        .map_err(|e| Failure::input(format!("{}: {e}", args.file.display())))?;
    let verdict = kt_tours::verdict(&tour);
    println!("{}: {verdict} on {}", args.file.display(), tour.board);
    match verdict {
        Verdict::Closed | Verdict::Open => Ok(ExitCode::Success),
        Verdict::Invalid(_) => Ok(ExitCode::CheckFailed),
    }
}
