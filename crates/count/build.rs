//! Records the git commit the library is built from, for the `commit`
//! field of every JSON document a front end prints (`KNIGHTS_TOUR_COMMIT`,
//! read as `kt_count::COMMIT`: the command line and the Python bindings
//! name the same commit).
//!
//! The commit is `git rev-parse --short HEAD`, taken only when this crate
//! is part of the git checkout it is built in (its Cargo.toml is tracked
//! there), so that a build from crates.io inside someone's unrelated
//! repository does not name that repository's commit. Without git, or
//! outside a checkout, it is `unknown`; `KNIGHTS_TOUR_COMMIT` set in the
//! environment of the build (a packager building from a tarball) wins.
//!
//! The script runs again only when HEAD moves: when the files HEAD, the
//! branch it points to and packed-refs change. Only paths that exist are
//! watched, since cargo reruns a script on every build for a path that is
//! missing.
//!
//! It also lists the parts of the 8×8 open table by start square shipped in
//! `data/ours/8x8-open-by-start/` (`OUT_DIR/ours_parts.rs`, read by
//! `known::ours`): the table grows a part at a time across sessions, and
//! each part shipped is compiled in without a line of code for it.

use std::path::{Path, PathBuf};
use std::process::Command;

const VARIABLE: &str = "KNIGHTS_TOUR_COMMIT";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed={VARIABLE}");
    let commit = match std::env::var(VARIABLE) {
        Ok(given) if !given.trim().is_empty() => given.trim().to_string(),
        _ => {
            let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
            from_git(&dir).unwrap_or_else(|| "unknown".to_string())
        }
    };
    println!("cargo:rustc-env={VARIABLE}={commit}");
    ours_parts();
}

/// Writes `OUT_DIR/ours_parts.rs`: an array of the shipped 8×8 start
/// parts' texts, in file-name order.
fn ours_parts() {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default())
        .join("data/ours/8x8-open-by-start");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut parts: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| {
                    let named = p
                        .file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("part-"));
                    named && p.extension().is_some_and(|e| e == "json")
                })
                .collect()
        })
        .unwrap_or_default();
    parts.sort();
    let mut lines = vec!["&[".to_owned()];
    for part in &parts {
        println!("cargo:rerun-if-changed={}", part.display());
        lines.push(format!(
            "    include_str!({:?}),",
            part.display().to_string()
        ));
    }
    lines.push("]".to_owned());
    let code = lines.join("\n") + "\n";
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("ours_parts.rs"), code).expect("OUT_DIR takes a file");
}

/// The short commit of HEAD, if `dir` is tracked in a git checkout; the
/// files that say where HEAD is are watched.
fn from_git(dir: &Path) -> Option<String> {
    // Is this crate part of the checkout, or merely inside one?
    git(dir, &["ls-files", "--error-unmatch", "Cargo.toml"])?;
    // `--git-path` answers relative to `dir` when the git directory is
    // below it, absolute otherwise.
    let path = |name: &str| git(dir, &["rev-parse", "--git-path", name]).map(|p| dir.join(p));
    let mut watched = vec![path("HEAD")?, path("packed-refs")?];
    if let Some(branch) = git(dir, &["symbolic-ref", "-q", "HEAD"]) {
        let branch = path(&branch)?;
        // A branch whose ref is packed gets its own file at its next
        // commit: watch the folder it will appear in.
        match branch.parent() {
            Some(folder) if !branch.exists() => watched.push(folder.to_path_buf()),
            _ => watched.push(branch),
        }
    }
    for path in watched.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    let commit = git(dir, &["rev-parse", "--short", "HEAD"])?;
    commit
        .bytes()
        .all(|b| b.is_ascii_hexdigit())
        .then_some(commit)
}

/// `git ARGS` run in `dir`: its first line of output, if it succeeded.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8(output.stdout).ok()?;
    let line = text.lines().next()?.trim().to_string();
    (!line.is_empty()).then_some(line)
}
