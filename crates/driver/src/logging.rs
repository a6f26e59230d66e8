//! tracing output on stderr: off unless asked for with `-v` or `RUST_LOG`.

use tracing_subscriber::EnvFilter;

/// Installs the subscriber; `verbose` is the number of `-v` flags.
pub fn init(verbose: u8) {
    let default = match verbose {
        0 => "warn",
        1 => "info",
        2 => "debug",
        _ => "trace",
    };
    let filter = std::env::var("RUST_LOG")
        .ok()
        .and_then(|spec| EnvFilter::try_new(spec).ok())
        .unwrap_or_else(|| EnvFilter::new(default));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(crate::colour::on_stderr())
        .with_target(false)
        .try_init();
}
