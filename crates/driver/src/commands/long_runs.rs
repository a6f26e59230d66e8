//! Long runs, safe by default: work estimated at more than ten minutes
//! says so before it starts, and an interrupted frontier count says how
//! to go on (docs/frontier.md, "Long runs").
//!
//! Why on stderr whatever it is: a run of hours started from a script or
//! under `nohup` has no bar to show its estimate, and a Ctrl-C that loses
//! an hour of work should at least say how not to lose the next one.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use kt_count::human::{bytes as human_bytes, duration};
use kt_count::{Bytes, Reach};

/// Work estimated beyond this announces itself before it starts: ten
/// minutes, past which a lost run is worth a line of warning.
pub const ANNOUNCED_SECONDS: f64 = 600.0;

/// The line said before work estimated beyond [`ANNOUNCED_SECONDS`]
/// starts: its time, memory and disk, and where it spills; `None` for
/// shorter work. `budget` is the run's memory budget: what the estimate
/// holds beyond it goes to disk in `spill_dir` where the method spills;
/// `work` names it (`count`, `sequence`).
pub fn announcement(reach: &Reach, budget: Bytes, spill_dir: &Path, work: &str) -> Option<String> {
    if reach.seconds <= ANNOUNCED_SECONDS {
        return None;
    }
    let (memory, disk) = reach.split(budget);
    let disk = if disk.0 > 0 {
        format!(
            " and {} of disk in {}",
            human_bytes(disk),
            spill_dir.display()
        )
    } else {
        String::new()
    };
    Some(format!(
        "this {work} is estimated at about {}, {} of memory{disk}",
        duration(reach.seconds),
        human_bytes(memory),
    ))
}

/// What to do after an interrupted frontier count: the command line that
/// goes on from its checkpoint, or the option that would have kept one.
///
/// `args` is the command line as run (the program first); `checkpoint` the
/// directory of `--checkpoint`, if one was given; `written` whether it
/// holds a checkpoint yet (one is written every `--checkpoint-every`).
pub fn resume_advice(args: &[OsString], checkpoint: Option<&Path>, written: bool) -> String {
    match checkpoint {
        Some(dir) if written => format!("go on with: {}", resume_command(args, dir)),
        Some(_) => "no checkpoint was written yet (one is every --checkpoint-every: by default 5m, and 1m in the cache for work planned under 5 minutes); the same command starts over".to_owned(),
        None => "add --checkpoint DIR to keep the levels done, and go on from them with --resume DIR".to_owned(),
    }
}

/// Whether `dir` holds a checkpoint to resume: a sweep's manifest or the
/// classes a count by pairs has finished (the file names of kt-frontier's
/// checkpoint and kt-count's parts).
pub fn holds_checkpoint(dir: &Path) -> bool {
    dir.join("manifest").is_file() || dir.join("part.json").is_file()
}

/// `args` with `--resume DIR` in place of any `--resume` it had, quoted
/// for a POSIX shell.
fn resume_command(args: &[OsString], dir: &Path) -> String {
    let mut words: Vec<OsString> = Vec::with_capacity(args.len() + 2);
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg == "--resume" {
            // Its DIR, where it has one: a bare `--resume` is followed by
            // the next option or by nothing.
            if rest
                .clone()
                .next()
                .is_some_and(|next| !next.to_string_lossy().starts_with('-'))
            {
                rest.next();
            }
        } else if !arg.to_string_lossy().starts_with("--resume=") {
            words.push(arg.clone());
        }
    }
    words.push("--resume".into());
    words.push(PathBuf::from(dir).into_os_string());
    let quoted: Vec<String> = words
        .iter()
        .map(|word| shell_quoted(&word.to_string_lossy()))
        .collect();
    quoted.join(" ")
}

/// `word` as a POSIX shell reads it back: bare where it is only safe
/// characters, in single quotes otherwise.
pub(crate) fn shell_quoted(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reach(seconds: f64, memory: u64, spills: bool) -> Reach {
        Reach {
            seconds,
            memory: Bytes(memory),
            spills,
            nodes: None,
            states: None,
            basis: String::new(),
        }
    }

    #[test]
    fn only_long_work_is_announced_with_its_memory_and_disk() {
        const GIB: u64 = 1 << 30;
        let tmp = Path::new("/tmp");
        assert_eq!(
            announcement(&reach(540.0, GIB, true), Bytes(GIB), tmp, "count"),
            None
        );
        let line = announcement(
            &reach(6000.0, 71 * GIB, true),
            Bytes(15 * GIB),
            tmp,
            "count",
        )
        .unwrap();
        assert!(line.contains("about 1.7 hours"), "{line}");
        assert!(line.contains("15.0 GiB of memory"), "{line}");
        assert!(line.contains("56.0 GiB of disk in /tmp"), "{line}");
        // Within the budget, or a method that does not spill: no disk.
        let line = announcement(
            &reach(6000.0, 71 * GIB, false),
            Bytes(15 * GIB),
            tmp,
            "sequence",
        )
        .unwrap();
        assert!(line.contains("71.0 GiB of memory"), "{line}");
        assert!(!line.contains("disk"), "{line}");
    }

    /// A command line's words, as `std::env::args_os` gives them.
    fn words(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_resume_command_is_the_command_with_resume() {
        let args = words(&["knights-tour", "count", "8", "--checkpoint", "my ckpt"]);
        assert_eq!(
            resume_advice(&args, Some(Path::new("my ckpt")), true),
            "go on with: knights-tour count 8 --checkpoint 'my ckpt' --resume 'my ckpt'"
        );
        // A resumed run resumes from the checkpoint it keeps now.
        let args = words(&[
            "knights-tour",
            "count",
            "8",
            "--resume",
            "old",
            "--resume=older",
            "--checkpoint",
            "new",
        ]);
        assert_eq!(
            resume_advice(&args, Some(Path::new("new")), true),
            "go on with: knights-tour count 8 --checkpoint new --resume new"
        );
        // A bare --resume takes no word after it: the option that follows
        // stays.
        let args = words(&[
            "knights-tour",
            "count",
            "8",
            "--checkpoint",
            "ck",
            "--resume",
            "--closed",
        ]);
        assert_eq!(
            resume_advice(&args, Some(Path::new("ck")), true),
            "go on with: knights-tour count 8 --checkpoint ck --closed --resume ck"
        );
        assert!(resume_advice(&args, Some(Path::new("new")), false).contains("starts over"));
        assert!(resume_advice(&args, None, false).contains("add --checkpoint DIR"));
        assert_eq!(shell_quoted("it's"), r"'it'\''s'");
    }
}
