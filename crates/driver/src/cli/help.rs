//! The prose of `--help`: examples, exit statuses, counting conventions,
//! and the method list, each written once.
#![allow(clippy::doc_markdown, reason = "doc comments here are --help text")]

use kt_count::MethodSettings;

pub(crate) const CONVENTIONS: &str = "\
Counting conventions:
  open    Hamiltonian paths of the knight's graph, counted DIRECTED over every
          start square: each path once per direction (5x5: 1728, 6x6: 6637920).
          Tours whose ends are a knight's move apart are included.
  closed  Hamiltonian cycles, counted UNDIRECTED: each cycle once, whatever its
          start square and direction (6x6: 9862, 8x8: 13267364410532).
  1x1     the single square is one open tour (a path of one square) and no
          closed tour (a cycle needs at least three squares).
Boards that a theorem says have no tour (Schwenk 1991 for closed tours:
a side of 1, 2 or 4, both sides odd, 3x4, 3x6, 3x8; Conrad et al. 1994 for
open tours: a side of 1 or 2, 3x3, 3x5, 3x6, 4x4) count 0 at once, with the
theorem as the reason (--no-theorems runs the method anyway).";

pub(crate) const EXIT_STATUS: &str = "\
Exit status: 0 success, 1 a --check or verify disagreed, 2 bad input or a
request refused before any work, 3 a memory or node limit was reached,
4 another failure, 5 no tour exists (find, tour, dot), 128+N stopped by
signal N (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP; the partial report is printed
first), 141 standard output was a closed pipe (nothing more is written).";

pub(crate) const EXAMPLES: &str = "\
Examples:
  knights-tour count 6 --check             open tours of 6x6, checked against
                                           the published count
  knights-tour count 8 --closed --checkpoint 8x8.ckpt
                                           the 13,267,364,410,532 closed tours
                                           of 8x8 (95 s on 2 cores)
  knights-tour count 5 --by-start          a table of open tours by start square
  knights-tour count 6 --closed --up-to-symmetry
                                           geometrically distinct tours
  knights-tour tour 6 --closed --random --svg tour.svg
                                           a uniformly random closed tour
  knights-tour find 50 --closed            one tour of a large board, at once
  knights-tour verify tour.txt             is this a valid tour?";

/// `--version`: the version and the git commit built from (`-V`: the
/// version alone).
pub(crate) fn long_version() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| format!("{} (commit {})", kt_count::VERSION, kt_count::COMMIT))
}

/// The text after `knights-tour --help`.
pub(crate) fn after_main_help() -> String {
    format!("{EXAMPLES}\n\n{EXIT_STATUS}")
}

/// The text after `knights-tour count --help`.
pub(crate) fn after_count_help() -> String {
    format!("{CONVENTIONS}\n\n{EXAMPLES}\n\n{EXIT_STATUS}")
}

pub(crate) const ORDER_HELP: &str = "\
Examples:
  knights-tour order 8                       the order count 8 takes (shipped)
  knights-tour order 9 --search 50000000 > 9x9.order
  knights-tour count 9 --closed --order 9x9.order
  knights-tour order 8 --closed --search 4000000 --measure 100000000 --mirrored > 8x8.order
                                             candidates ranked by the states their sweeps hold";

pub(crate) const MAN_HELP: &str = "\
Examples:
  knights-tour man > knights-tour.1 && man ./knights-tour.1
  knights-tour man count > knights-tour-count.1";

pub(crate) const COMPLETIONS_HELP: &str = "\
Examples:
  knights-tour completions bash > ~/.local/share/bash-completion/completions/knights-tour
  knights-tour completions zsh > ~/.zfunc/_knights-tour    (with fpath+=~/.zfunc)
  knights-tour completions fish > ~/.config/fish/completions/knights-tour.fish";

/// The help of `--method`: every method of the library's registry.
pub(crate) fn methods_help() -> String {
    use std::fmt::Write;
    let mut help = format!(
        "How to count [default: auto: {}; the report's method line says which and why]",
        kt_count::AUTO_RULE
    );
    for method in MethodSettings::every() {
        let _ = write!(help, "\n  {:<10} {}", method.name(), method.summary());
    }
    help
}

/// The help of `--engine`: every engine's name, which `-h` leaves out to
/// keep its one line.
pub(crate) fn engine_help() -> String {
    let names: Vec<&str> = kt_count::EngineKind::NAMED
        .into_iter()
        .map(kt_count::EngineKind::name)
        .collect();
    format!(
        "The decision-diagram engine [default: zbdd; possible values: {}]",
        names.join(", ")
    )
}
