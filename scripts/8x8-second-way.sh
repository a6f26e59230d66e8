#!/usr/bin/env bash
# Counts classes of the 8x8 open table by start square a second way, in
# another order of the squares, so that the table is not believed on one
# sweep's word (issue 30; docs/by-start.md, *How the table is checked*).
#
# The order is crates/count/data/ours/8x8-open-by-start/second-order.txt,
# found by another search than the shipped one's
#   knights-tour order 8 --search 20000000 --seed 7
# (fingerprint 303bc90e; the shipped order is ed065291), so each level of
# the sweep holds other states than the shipped part's sweep did. For each
# class K given (default: 6 and 3) whose second count is not yet shipped,
# it runs the same shard as scripts/8x8-by-start.sh in that order,
#   knights-tour count 8 --by-start --shard K/10 --order second-order.txt --force --json --checkpoint DIR
# (--force: the plan's estimate for an order it has not measured is a
# proxy's, above its 2-hour line), going on from DIR where an earlier
# session stopped, and moves the part (which records its order) to
# crates/count/data/ours/8x8-open-by-start/second-way/part-K-of-10.json,
# where tests/shipped_tables.rs checks that it agrees with part K.
#
# Usage: scripts/8x8-second-way.sh [K...]
#   WORK, THREADS, MEMORY as for scripts/8x8-by-start.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

classes=("$@")
[ "${#classes[@]}" -gt 0 ] || classes=(6 3)
work=${WORK:-/work/8x8-starts}
threads=${THREADS:-$(nproc)}
memory=()
if [ -n "${MEMORY:-}" ]; then
  memory=(--memory "$MEMORY")
fi
data=crates/count/data/ours/8x8-open-by-start
order=$data/second-order.txt
mkdir -p "$work"

cargo build --release --locked --quiet -p knights-tour
# A copy of the binary, so that a rebuild while the classes run (the work
# tree goes on changing beside a run of hours) never swaps the program
# between two classes, nor under a class that resumes.
bin=$work/knights-tour
cp target/release/knights-tour "$bin"

mkdir -p "$data/second-way"
for k in "${classes[@]}"; do
  out="$data/second-way/part-$k-of-10.json"
  [ -e "$out" ] && continue
  ckpt="$work/second-way-$k.ckpt"
  resume=()
  if [ -e "$ckpt/KNIGHTS-TOUR-CHECKPOINT" ]; then
    resume=(--resume "$ckpt")
  fi
  echo "class $k, second order: $(date -u +%FT%TZ)"
  /usr/bin/time -f "%e s %M KiB" -o "$work/second-way-$k.time" \
    "$bin" count 8 --by-start --shard "$k/10" --order "$order" --force \
    --threads "$threads" "${memory[@]}" \
    --spill-dir "$work/spill" --checkpoint "$ckpt" --checkpoint-every 1s \
    "${resume[@]}" --json >"$work/second-way-$k.json.partial"
  mv "$work/second-way-$k.json.partial" "$out"
  echo "class $k done: $(cat "$work/second-way-$k.time")"
done
