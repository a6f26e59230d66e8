#!/usr/bin/env bash
# The long run of the hostile-input property tests: random argument lists
# (parsed and planned in-process, the first refusals also run through the
# binary) and random tour files (parsed in-process, the first few verified
# by the binary), PROPTEST_CASES of each (default 10000; `cargo test` runs
# 1000). Also runs the parser's own property tests with as many cases.
#
# Usage: scripts/hostile-props.sh [CASES]
set -euo pipefail
cd "$(dirname "$0")/.."
cases=${1:-${PROPTEST_CASES:-10000}}
export PROPTEST_CASES=$cases
unset RUST_BACKTRACE
echo "hostile property tests, $cases cases each" >&2
cargo test --quiet -p knights-tour --test driver hostile_props::
cargo test --quiet -p kt-tours --lib parse::tests
