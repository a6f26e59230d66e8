//! Helpers the command line's test files share.

/// stderr without the `Usage:` line and `--help` hint that follow a usage
/// error's one line, as clap prints them.
pub fn without_usage(stderr: &str) -> &str {
    match stderr.find("\n\nUsage: ") {
        Some(at) => {
            assert!(
                stderr
                    .trim_end()
                    .ends_with("For more information, try '--help'."),
                "{stderr:?}"
            );
            &stderr[..=at]
        }
        None => stderr,
    }
}

/// The cache the program's tests run with (`XDG_CACHE_HOME`): a directory
/// of the build's own temporary folder, never the user's cache, so that a
/// long count a test starts and stops (`count 11x11 --force`) leaves its
/// default checkpoint there. A test that looks into the cache sets its
/// own, which replaces this one.
pub fn scratch_cache() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("xdg-cache");
    std::fs::create_dir_all(&dir).expect("the build's temporary folder is writable");
    dir
}

/// Interrupts `child` as Ctrl-C does (SIGINT) and waits for its output.
#[allow(
    dead_code,
    reason = "each test file compiles this module; not every one interrupts"
)]
pub fn interrupt(child: std::process::Child) -> std::process::Output {
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -INT {}", child.id());
    child.wait_with_output().expect("the child's output")
}
