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
