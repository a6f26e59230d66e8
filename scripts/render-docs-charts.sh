#!/usr/bin/env bash
# Draws every chart of docs/ again, with the commands the docs give, from
# the reports in bench-results and docs/examples (nothing is counted beyond
# a few seconds): as SVG where the docs show it, and as PNG in docs/png/,
# which is how each chart is looked at before it is committed
# (docs/benchmarks.md, *Charts*).
#
#   scripts/render-docs-charts.sh            # target/release/knights-tour
#   KNIGHTS_TOUR_BIN=target/debug/knights-tour scripts/render-docs-charts.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${KNIGHTS_TOUR_BIN:-target/release/knights-tour}
if [ -z "${KNIGHTS_TOUR_BIN:-}" ]; then
    cargo build --release --locked -p knights-tour
fi
export KNIGHTS_TOUR_BIN=$bin
mkdir -p docs/png
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Both pictures of one command: FILE.svg in docs/, FILE.png in docs/png/.
# The command's last argument is the picture's stem.
both() {
    local stem=${*: -1}
    local args=("${@:1:$#-1}")
    "${args[@]}" docs/"$stem".svg
    "${args[@]}" docs/png/"$stem".png
}

# The levels, method costs and orders charts (bench-matrix.py draws them,
# SVG and PNG, with $KNIGHTS_TOUR_BIN).
scripts/bench-matrix.py plots
# The engines and libraries bar charts, from the stored runs.
scripts/bench-matrix.py libraries --docs-only

grep '"rows": 5, "cols": 5, "tour": "open"' bench-results/engines/runs.jsonl > "$tmp/5x5-open.jsonl"
both "$bin" plot --chart bars "$tmp/5x5-open.jsonl" \
    --title "5x5 open: the time-sliced ZDD's engines and schedules (bench-results/engines)" -o engines-5x5-open
both "$bin" plot bench-results/order/8x8-open.json bench-results/order/8x8-closed-idle.json \
    bench-results/order/7x8-open.json -o frontier-8x8-open
both "$bin" count 5 --by-start -q --svg by-start-5x5 >/dev/null
both "$bin" count 6 --by-start -q --svg by-start-6x6 >/dev/null
both "$bin" merge crates/count/data/ours/7x7-open-pairs.json --svg by-start-7x7 >/dev/null
both "$bin" merge crates/count/data/ours/8x8-open-by-start/part-*-of-10.json --check --svg by-start-8x8 >/dev/null
both "$bin" tour 6 --closed --random --seed 2026 -q --svg tour-6x6-closed >/dev/null
both "$bin" find 50 --closed --no-numbers --no-time --svg tour-50x50-closed >/dev/null
echo "drew docs/*.svg and docs/png/*.png: look at each PNG before committing"
