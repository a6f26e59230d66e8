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
