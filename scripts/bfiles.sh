#!/usr/bin/env bash
# Makes OEIS b-files with `knights-tour sequence … --bfile --oeis A…`,
# one file a sequence, into bfiles/, and records each run (wall time, peak
# resident set, machine, and whether the file is OEIS's byte for byte, by
# bfiles/oeis-sha256.txt) in bfiles/runs.tsv.
#
#   scripts/bfiles.sh                 every b-file of the table below
#   scripts/bfiles.sh b306281 b175881 the ones named
#
# The sweeps of 7 and 8 rows are planned at more than two hours, which
# `sequence` refuses unasked: the script asks (--force), since it runs
# them in pieces.
#
# Every sweep keeps a checkpoint (every five minutes) in
# ${XDG_CACHE_HOME:-~/.cache}/knights-tour/bfiles/<file>: interrupted
# (Ctrl-C, the end of a session), the same line goes on from it, and a
# finished file removes it. KT overrides the binary (default: the release
# build, made first); KT_MEMORY sets --memory (a machine that builds and
# tests beside the sweep: KT_MEMORY=14GiB).
set -euo pipefail
cd "$(dirname "$0")/.."

# file  arguments of `knights-tour sequence`
table=$(cat <<'TABLE'
b389754 4 --cells --to 128 --oeis A389754
b389759 3 --cells --to 297 --oeis A389759
b118067 3 --to 1861 --oeis A118067
b169764 3 --to 2031 --closed --oeis A169764
b070030 3 --to 2000 --closed --oeis A070030
b383660 3 --cells --to 300 --closed --oeis A383660
b389755 5 --cells --to 160 --oeis A389755
b383661 5 --cells --to 300 --closed --oeis A383661
b175881 6 --to 40 --closed --oeis A175881
b383662 6 --cells --to 300 --closed --oeis A383662
b306281 6 --to 32 --oeis A306281
b389756 6 --cells --to 192 --oeis A389756
b193054 7 --to 42 --closed --oeis A193054
b383663 7 --cells --to 294 --closed --oeis A383663
b306283 7 --to 32 --oeis A306283
b389757 7 --cells --to 224 --oeis A389757
b383664 8 --cells --to 192 --closed --oeis A383664
b193055 8 --to 32 --closed --oeis A193055
b389758 8 --cells --to 256 --oeis A389758
TABLE
)

if [[ -z "${KT:-}" ]]; then
    cargo build --release --locked -p knights-tour
    KT=target/release/knights-tour
fi
mkdir -p bfiles
runs=bfiles/runs.tsv
[[ -f $runs ]] || printf 'file\tcommand\tseconds\tpeak_rss_kib\tbytes\toeis\tmachine\tdate\n' > "$runs"
machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"

wanted=("$@")
while read -r file args; do
    if (( ${#wanted[@]} )) && [[ ! " ${wanted[*]} " =~ " $file " ]]; then
        continue
    fi
    out="bfiles/$file.txt"
    checkpoint="${XDG_CACHE_HOME:-$HOME/.cache}/knights-tour/bfiles/$file"
    mkdir -p "$(dirname "$checkpoint")"
    resume=()
    if [[ -f $checkpoint/manifest ]]; then
        resume=(--resume "$checkpoint")
    fi
    echo "== $file: knights-tour sequence $args --bfile ${resume[*]}" >&2
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %M' -o "bfiles/.$file.time" \
        "$KT" sequence $args --bfile -q --force ${KT_MEMORY:+--memory "$KT_MEMORY"} \
        --checkpoint "$checkpoint" "${resume[@]}" > "$out.partial"
    mv "$out.partial" "$out"
    rm -rf "$checkpoint"
    read -r seconds rss < "bfiles/.$file.time"
    rm -f "bfiles/.$file.time"
    bytes=$(wc -c < "$out")
    sha=$(sha256sum "$out" | cut -d' ' -f1)
    published=$(awk -v f="$file.txt" '$1 == f {print $2, $3}' bfiles/oeis-sha256.txt)
    if [[ -z $published ]]; then
        verdict="no OEIS b-file listed"
    elif [[ $published == "$sha $bytes" ]]; then
        verdict="OEIS's, byte for byte"
    else
        verdict="DIFFERS from OEIS's ($published)"
    fi
    echo "   $seconds s, $rss KiB, $bytes bytes: $verdict" >&2
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$file" "knights-tour sequence $args --bfile" \
        "$seconds" "$rss" "$bytes" "$verdict" "$machine" "$(date -u +%F)" >> "$runs"
done <<< "$table"
