//! What each command reads, owns and writes, and the one check that the
//! program never writes over what it reads or owns (issue 38, finding 1).
//!
//! `merge a.json b.json --svg a.json` used to replace a part that took
//! half an hour of two cores to count with a picture, and say nothing:
//! tab completion makes such a command line easy to type. So every output
//! file (`--svg`, `-o`, and standard output where it is a regular file)
//! is compared with every file the command reads (parts, reports, an
//! `--order` file, a `--hostfile`) and with every directory the count
//! owns (`--checkpoint`, `--resume`, and in `--spill-dir` the
//! `knights-tour-spill-*` directories counts spill into: the spill
//! directory itself is often a shared scratch space, such as `/tmp`, where
//! the user's own outputs belong), before any work, and
//! a clash is refused in one line with exit status 2. Files are compared
//! as the system knows them, not as they are spelled
//! ([`kt_count::same_file`]).
//!
//! The flags are named here, at the command line's edge; every command
//! goes through [`Command::files`] and [`Files::check`], from
//! `commands::run` and from `plan_args`.

use std::path::{Path, PathBuf};

use super::{Command, CountArgs, FrontierArgs, MethodArgs};
use crate::exit::CliError;

/// The paths a command line names, by what the command does with them.
#[derive(Clone, Debug, Default)]
pub struct Files {
    /// Files it reads: what names them, and the path.
    pub reads: Vec<(&'static str, PathBuf)>,
    /// Directories whose files are the count's own (checkpoints).
    pub owns: Vec<(&'static str, PathBuf)>,
    /// Directories that counts spill into: only their spill directories
    /// (`kt_count::SPILL_PREFIX`) are the counts' own.
    pub spills: Vec<(&'static str, PathBuf)>,
    /// Files it writes.
    pub writes: Vec<(&'static str, PathBuf)>,
}

impl Command {
    /// What this command reads, owns and writes.
    pub fn files(&self) -> Files {
        let mut files = Files::default();
        match self {
            Command::Count(args) => count_files(args, &mut files),
            Command::Bench(args) => count_files(&args.count, &mut files),
            Command::Tour(args) => {
                order_file(&args.method, &mut files);
                files.writes.extend(args.svg.clone().map(|f| ("--svg", f)));
            }
            Command::Dot(args) => {
                order_file(&args.method, &mut files);
                files.writes.extend(args.output.clone().map(|f| ("-o", f)));
            }
            Command::Find(args) => {
                files.writes.extend(args.svg.clone().map(|f| ("--svg", f)));
            }
            Command::Verify(args) => {
                files.reads.push(("the tours", args.file.clone()));
            }
            Command::Merge(args) => {
                for part in &args.parts {
                    files.reads.push(("the part", part.clone()));
                }
                files.writes.extend(args.svg.clone().map(|f| ("--svg", f)));
            }
            Command::Plot(args) => {
                for report in &args.reports {
                    files.reads.push(("the report", report.clone()));
                }
                files
                    .writes
                    .extend(args.output.clone().map(|f| ("--output", f)));
            }
            Command::Sequence(args) => frontier_dirs(&args.frontier, &mut files),
            Command::Known(_)
            | Command::Shards(_)
            | Command::Order(_)
            | Command::Completions(_)
            | Command::Man(_) => {}
        }
        files
    }
}

fn count_files(args: &CountArgs, files: &mut Files) {
    order_file(&args.method, files);
    if let Some(hostfile) = &args.cluster.hostfile {
        files.reads.push(("the --hostfile", hostfile.clone()));
    }
    frontier_dirs(&args.frontier, files);
    files.writes.extend(args.svg.clone().map(|f| ("--svg", f)));
}

/// The directories a frontier sweep owns (its checkpoint) and spills into.
fn frontier_dirs(frontier: &FrontierArgs, files: &mut Files) {
    // A resumed directory is also where the run keeps its checkpoint
    // (`FrontierArgs::keep_resumed`): named once, as the option that named
    // it where the user gave `--resume DIR` alone.
    let resume = frontier.resume_dir();
    files.owns.extend(
        frontier
            .checkpoint
            .clone()
            .filter(|d| resume.as_ref() != Some(d))
            .map(|d| ("--checkpoint", d)),
    );
    files.owns.extend(resume.map(|d| ("--resume", d)));
    files
        .spills
        .extend(frontier.spill_dir.clone().map(|d| ("--spill-dir", d)));
}

fn order_file(method: &MethodArgs, files: &mut Files) {
    if let Some(file) = method.order.as_ref().and_then(|o| o.file.clone()) {
        files.reads.push(("the --order file", file));
    }
}

impl Files {
    /// Refuses, in one line, an output that is a file read or lies in a
    /// directory owned; standard output included where it is a regular
    /// file (`>> a.json`: a `>` has emptied it before the program runs).
    pub fn check(&self) -> Result<(), CliError> {
        let stdout = standard_output();
        // A file written that is standard output too (`--svg x.svg >
        // x.svg`): the two writes would overwrite each other.
        if let Some(stdout) = stdout.as_deref()
            && let Some((flag, path)) = self
                .writes
                .iter()
                .find(|(_, path)| kt_count::same_file::same_file(path, stdout))
        {
            return Err(CliError::input(format!(
                "{flag} {} is standard output too: the two would write over each other; write to another file",
                path.display()
            )));
        }
        let writes = self
            .writes
            .iter()
            .map(|(flag, path)| ((*flag).to_string(), path.as_path()))
            .chain(
                stdout
                    .as_deref()
                    .map(|path| ("standard output".to_string(), path)),
            );
        for (flag, output) in writes {
            let shown = if flag == "standard output" {
                flag.clone()
            } else {
                format!("{flag} {}", output.display())
            };
            if let Some((what, input)) = self
                .reads
                .iter()
                .find(|(_, input)| kt_count::same_file::same_file(input, output))
            {
                return Err(CliError::input(format!(
                    "{shown} is {what} {}: the program never writes over a file it reads; write to another file",
                    input.display()
                )));
            }
            if let Some((owner, dir)) = self
                .owns
                .iter()
                .find(|(_, dir)| kt_count::same_file::inside(dir, output))
            {
                return Err(CliError::input(format!(
                    "{shown} is inside the {owner} directory {}, whose files are the count's own; write outside it",
                    dir.display()
                )));
            }
            for (owner, dir) in &self.spills {
                if let Some(spill) = spill_inside(dir, output) {
                    return Err(CliError::input(format!(
                        "{shown} is inside {}, a directory a count spills into (in the {owner} directory {}); write outside it",
                        spill.display(),
                        dir.display()
                    )));
                }
            }
        }
        Ok(())
    }
}

/// The spill directory of a count in `dir` that `output` lies in, if any.
fn spill_inside(dir: &Path, output: &Path) -> Option<PathBuf> {
    std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .filter(|entry| {
            entry
                .file_name()
                .to_str()
                .is_some_and(|name| name.starts_with(kt_count::SPILL_PREFIX))
        })
        .map(|entry| entry.path())
        .find(|spill| kt_count::same_file::inside(spill, output))
}

/// Standard output's file, where it is a regular file: its path in
/// `/proc/self/fd` (Linux) or `/dev/fd` (elsewhere), which names the file
/// itself. `None` for a terminal, a pipe or `/dev/null`, which no command
/// reads as its input.
fn standard_output() -> Option<PathBuf> {
    let path = ["/proc/self/fd/1", "/dev/fd/1"]
        .iter()
        .map(Path::new)
        .find(|p| p.exists())?;
    std::fs::metadata(path)
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map(|_| path.to_path_buf())
}
