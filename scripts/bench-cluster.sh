#!/usr/bin/env bash
# Benchmark of one frontier sweep spread over local processes (not a timed
# test; docs/benchmarks.md, "One sweep over several processes"). For each
# board it runs the frontier method on one process, then the cluster
# method with 1, 2 and 4 processes of one thread each on this machine, and
# keeps every process's JSON report under bench-results/cluster/.
#
# Usage: scripts/bench-cluster.sh [BOARD-ARGS...]
#   default: "7x6" and "7x8 --closed"; e.g. scripts/bench-cluster.sh "6x6"
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --quiet -p knights-tour
bin=target/release/knights-tour
out=bench-results/cluster
mkdir -p "$out"
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=("7x6" "7x8 --closed")
port=${PORT:-2301}

for board in "${boards[@]}"; do
  name=$(echo "$board" | tr -d ' -' )
  # shellcheck disable=SC2086
  /usr/bin/time -f "%e s %M KiB" -o "$out/$name-frontier.time" \
    "$bin" count $board --method frontier --threads 1 --json >"$out/$name-frontier.json"
  echo "$board frontier 1 thread: $(cat "$out/$name-frontier.time")"
  for n in 1 2 4; do
    pids=()
    for ((i = 0; i < n; i++)); do
      # shellcheck disable=SC2086
      /usr/bin/time -f "%e s %M KiB" -o "$out/$name-p$n-$i.time" \
        "$bin" count $board --processes "$n" --process "$i" --port "$port" --threads 1 --json \
        >"$out/$name-p$n-$i.json" &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
    echo "$board cluster $n processes: $(cat "$out/$name-p$n-0.time")," \
      "sent $(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['cluster']['sent_bytes'])" "$out/$name-p$n-0.json") bytes"
    port=$((port + 8))
  done
done
