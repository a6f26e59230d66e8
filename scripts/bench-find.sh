#!/usr/bin/env bash
# Benchmark of kt-tours' find_tour (not a timed test): builds the release
# examples, times find_tour over the sweeps of crates/tours/examples/
# find_sweep.rs and the backtracking counter on the boards docs/find.md
# quotes, and prints markdown tables (also saved to target/bench-find.txt).
#
# Usage: scripts/bench-find.sh [CATEGORY...]
#   categories: all60 squares thin random warnsdorff (the default set), huge
# Exits non-zero if any board that has a tour did not get a checked one.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --quiet -p kt-tours --example find_sweep --example count_backtrack
mkdir -p target
out=target/bench-find.txt
status=0
{
  echo "# scripts/bench-find.sh $*"
  echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, $(rustc --version)"
  echo
  ./target/release/examples/find_sweep "$@" || status=$?
  echo
  echo "Backtracking counter (crates/tours/examples/count_backtrack.rs):"
  echo
  for job in "5x5 open" "5x6 open" "6x6 closed" "3x12 open" "6x6 open" "6x7 closed"; do
    # shellcheck disable=SC2086
    ./target/release/examples/count_backtrack $job || status=$?
  done
} | tee "$out"
echo "saved to $out" >&2
exit "$status"
