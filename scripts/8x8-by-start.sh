#!/usr/bin/env bash
# The 8x8 open table by start square, a class at a time, across sessions
# (issue 30; docs/by-start.md). Not a test: each class is one fixed-start
# frontier sweep of about an hour on 2 cores.
#
# The start plan has 10 classes; with --shards 10 each shard is one class.
# For each shard whose part is not yet shipped in
# crates/count/data/ours/8x8-open-by-start/, cheapest first, it runs
#   knights-tour count 8 --by-start --shard K/10 --json --checkpoint DIR
# going on from DIR where an earlier session was stopped (the sweep's
# checkpoint carries its start square in its fingerprint, so a checkpoint
# of another class is never read as this one's), and moves the finished
# part into the data directory. Commit each part as it lands; when all 10
# are there, `merge` checks them against the published total.
#
# A checkpoint after every level: at these widths a checkpoint holds the
# level it keeps (its runs hard-linked), so a checkpoint of an older level
# keeps that level on disk while the newer ones are written. Every level
# costs no disk beyond the level the next step reads anyway; every 10
# minutes cost class 10 its run on 2026-11-25 (the disk filled at step
# 33 with a step-32 checkpoint held beside steps 33 and 34).
#
# Usage: scripts/8x8-by-start.sh [MAX-CLASSES]
#   WORK: where checkpoints and spilled levels go (default /work/8x8-starts;
#   it needs tens of GB free), THREADS (default: all cores), MEMORY (the
#   --memory budget; default: the program's, from the memory available at
#   the start; more memory keeps more of a level merged in memory and so
#   less of it on disk).
set -euo pipefail
cd "$(dirname "$0")/.."

max=${1:-10}
work=${WORK:-/work/8x8-starts}
threads=${THREADS:-$(nproc)}
memory=()
if [ -n "${MEMORY:-}" ]; then
  memory=(--memory "$MEMORY")
fi
data=crates/count/data/ours/8x8-open-by-start
mkdir -p "$work" "$data"

cargo build --release --locked --quiet -p knights-tour
# A copy of the binary, so that a rebuild while the classes run (the work
# tree goes on changing beside a run of hours) never swaps the program
# between two classes, nor under a class that resumes.
bin=$work/knights-tour
cp target/release/knights-tour "$bin"

# The shards, cheapest class first, as `shards` orders them.
mapfile -t shards < <("$bin" shards 8 --by-start --shards 10 | awk '$NF ~ /^[0-9]+\/10$/ { print $NF }')
done_now=0
for shard in "${shards[@]}"; do
  k=${shard%/10}
  part="$data/part-$k-of-10.json"
  [ -e "$part" ] && continue
  [ "$done_now" -lt "$max" ] || break
  ckpt="$work/start-$k-of-10.ckpt"
  resume=()
  if [ -e "$ckpt/KNIGHTS-TOUR-CHECKPOINT" ]; then
    resume=(--resume "$ckpt")
  fi
  echo "shard $shard: $(date -u +%FT%TZ)"
  /usr/bin/time -f "%e s %M KiB" -o "$work/part-$k.time" \
    "$bin" count 8 --by-start --shard "$shard" --threads "$threads" "${memory[@]}" \
    --spill-dir "$work/spill" --checkpoint "$ckpt" --checkpoint-every 1s \
    "${resume[@]}" --json >"$work/part-$k.json.partial"
  mv "$work/part-$k.json.partial" "$part"
  echo "shard $shard done: $(cat "$work/part-$k.time")"
  done_now=$((done_now + 1))
done
if [ "$(find "$data" -maxdepth 1 -name 'part-*-of-10.json' | wc -l)" -eq 10 ]; then
  "$bin" merge "$data"/part-*-of-10.json --check --svg docs/by-start-8x8.svg
  # The table whole: two classes counted again in another order.
  scripts/8x8-second-way.sh
fi
