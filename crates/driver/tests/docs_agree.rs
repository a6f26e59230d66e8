//! One figure for each fact: where README.md, `--help` and the Python
//! README say the same thing, they say it with one figure, and the
//! estimates README quotes are the program's own (issue 66, item 7).

use std::path::Path;

use assert_cmd::Command;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn read(file: &str) -> String {
    std::fs::read_to_string(root().join(file)).unwrap()
}

/// The time of 8×8 closed README's table gives (`8×8 closed: **95 s**`),
/// said the same in the examples of `--help` and in the Python README.
#[test]
fn the_time_of_8x8_closed_is_one_figure() {
    let readme = read("README.md");
    let marker = "8×8 closed: **";
    let at = readme
        .find(marker)
        .expect("README's table times 8×8 closed")
        + marker.len();
    let figure = &readme[at..at + readme[at..].find("**").unwrap()];
    let help = Command::cargo_bin("knights-tour")
        .unwrap()
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(
        help.contains(&format!("of 8x8 ({figure} on 2 cores)")),
        "--help does not say {figure}: {help}"
    );
    let python = read("bindings/python/README.md");
    assert!(
        python.contains(&format!("13267364410532, in {figure} on 2 cores")),
        "bindings/python/README.md does not say {figure}"
    );
    assert!(
        readme.contains(&format!("8×8 closed in {figure}")),
        "README's prose does not say {figure}"
    );
}

/// The estimates README gives for 9×9 open and 10×10 closed are the ones
/// the program refuses them with, on the reference machine's 2 threads and
/// a budget of 16 GiB.
#[test]
fn the_estimates_readme_quotes_are_the_programs() {
    let readme = read("README.md").replace('\n', " ");
    let mut estimates = Vec::new();
    for args in [&["count", "9"][..], &["count", "10", "--closed"]] {
        let output = Command::cargo_bin("knights-tour")
            .unwrap()
            .args(args)
            // The budget named: the default follows the memory free now,
            // and a small budget's batches move the estimate's last digit
            // (567.1 GiB at 1 GiB), so a loaded machine read another one.
            .args(["--threads", "2", "--memory", "16GiB"])
            .env("XDG_CACHE_HOME", crate::common::scratch_cache())
            .output()
            .unwrap();
        if output.status.code() != Some(2) {
            // A machine that holds the count does not refuse it.
            return;
        }
        let stderr = String::from_utf8(output.stderr).unwrap();
        let marker = "(the estimate: about ";
        let at = stderr.find(marker).expect(&stderr) + marker.len();
        let estimate = &stderr[at..at + stderr[at..].find(';').expect(&stderr)];
        estimates.push(estimate.to_string());
    }
    let [open, closed] = &estimates[..] else {
        unreachable!()
    };
    assert!(
        readme.contains(&format!("about {open}, {closed}")),
        "README's table does not say about {open}, {closed}"
    );
    assert!(
        readme.contains(&format!("(9×9 open: about {open})")),
        "README's prose does not say 9×9 open: about {open}"
    );
}
