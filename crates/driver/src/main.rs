//! `knights-tour`: counts knight's tours exactly with ZDDs. See `--help`.

fn main() {
    std::process::exit(knights_tour::main_with_args(std::env::args_os()));
}
