//! The `` ```console `` examples of README.md and docs/*.md, run by trycmd:
//! each `$ knights-tour …` line runs the binary, and the lines after it, up
//! to the next `$` line or the closing fence, must be what it prints (stdout
//! and stderr together). `...` alone on a line skips any number of lines,
//! `[..]` skips text within a line, a `? 5` line right after the command
//! expects that exit status (success otherwise), and a blank line before the
//! closing fence stands for the last line's newline.
//!
//! An example that is too heavy for the suite (6×6 open and larger boards),
//! needs more than one process or machine, or uses the shell (pipes,
//! redirections, `&`, loops, globs) is fenced `` ```console,ignore ``: GitHub
//! still shows it as a console session, and trycmd skips it. Fences with no
//! language are read as examples too, so plain text takes `` ```text ``.
//!
//! The markdown files are copied into a temporary directory, and each runs
//! in a directory of its own there (trycmd's `NAME.in/`), so that examples
//! that write files (`tour --svg docs/…`) never write into the source tree;
//! the files examples read are docs/examples/, copied there as `examples/`;
//! line numbers in failures are those of the files in the repository. With
//! `TRYCMD=overwrite` the copies' updated outputs are written back.

use std::path::{Path, PathBuf};

/// The markdown files whose examples run, relative to the workspace root.
fn markdown_files(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![PathBuf::from("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is beside README.md")
        .map(|entry| entry.expect("docs/ lists").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|path| Path::new("docs").join(path.file_name().unwrap()))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

#[test]
fn console_examples_in_readme_and_docs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    if !root.join("README.md").exists() || !root.join("docs").is_dir() {
        // A packaged crate has neither: nothing to check there.
        eprintln!("no README.md and docs/ at {}: skipped", root.display());
        return;
    }
    let scratch = tempfile::tempdir().unwrap();
    let files = markdown_files(&root);
    let cases = trycmd::TestCases::new();
    cases
        .register_bin(
            "knights-tour",
            Path::new(env!("CARGO_BIN_EXE_knights-tour")),
        )
        // The program's own default without -v, whatever RUST_LOG the
        // test runs under (it would add log lines to the output).
        .env("RUST_LOG", "warn");
    for file in &files {
        let copy = scratch.path().join(file);
        std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
        std::fs::copy(root.join(file), &copy).unwrap();
        // The example's working directory, with the folders its commands
        // write into.
        let cwd = copy.with_extension("in");
        std::fs::create_dir_all(cwd.join("docs")).unwrap();
        // And the files its commands read (`verify examples/…`, `plot
        // examples/…`): docs/examples/, as `examples/`.
        let examples = cwd.join("examples");
        std::fs::create_dir_all(&examples).unwrap();
        for entry in std::fs::read_dir(root.join("docs/examples")).unwrap() {
            let path = entry.unwrap().path();
            std::fs::copy(&path, examples.join(path.file_name().unwrap())).unwrap();
        }
        cases.case(&copy);
    }
    cases.run();

    if std::env::var_os("TRYCMD").is_some_and(|mode| mode == "overwrite") {
        for file in &files {
            std::fs::copy(scratch.path().join(file), root.join(file)).unwrap();
        }
    }

    // The README's tour example draws the picture it shows (unless a
    // `trycmd=NAME` argument left it out).
    if std::env::args().any(|arg| arg.starts_with("trycmd=")) {
        return;
    }
    let drawn = scratch.path().join("README.in/docs/tour-6x6-closed.svg");
    let shown = root.join("docs/tour-6x6-closed.svg");
    assert_eq!(
        std::fs::read_to_string(&drawn).expect("the README's tour example wrote its SVG"),
        std::fs::read_to_string(&shown).unwrap(),
        "docs/tour-6x6-closed.svg is not what the README's command draws",
    );
}
