#!/usr/bin/env bash
# A392000's b-file: closed tours on k x n, the array read by antidiagonals,
# to antidiagonal D (default 17, every board with k + n <= 18).
#
#   scripts/a392000.sh [D] [WORK]  >  bfiles/ours/b392000.txt
#
# The array is symmetric (k x n is n x k turned), so it counts each board
# once, with its shorter side as the strip's height: for every height k,
# one `knights-tour sequence k --to D+1-k --closed --bfile`, which answers
# k x 1 .. k x (D+1-k) (short strips board by board, each as `count`
# counts it), and where D+1-k is k, `knights-tour count kxk --closed`. Each row's b-file and its /usr/bin/time lines are kept in
# WORK (default a temporary directory), so a rerun with the same WORK goes
# on from the rows finished. The array is written to stdout, `n a(n)` a
# line, antidiagonal d holding A(1, d), A(2, d-1), ..., A(d, 1).
#
# Terms are the program's own count, undirected closed tours (A392000's
# convention, and `--closed`'s). tests/bfiles.rs checks the shipped file
# against the published rows (A169764, A175855, A175881, A193054, A193055)
# and A392000's own 78 published terms.
set -euo pipefail

depth=${1:-17}
work=${2:-$(mktemp -d)}
bin=${KNIGHTS_TOUR:-knights-tour}
mkdir -p "$work"

for ((k = 1; 2 * k <= depth + 1; k++)); do
    to=$((depth + 1 - k))
    row="$work/row-$k-to-$to.txt"
    if [[ ! -s $row ]]; then
        if ((to > k)); then
            /usr/bin/time -v -o "$work/row-$k-to-$to.time" \
                "$bin" sequence "$k" --to "$to" --closed --bfile --no-checkpoint --quiet >"$row.part"
        else
            # The last row holds its square board alone: k x 1 .. k x (k-1)
            # are earlier rows' boards turned.
            # The count is the first line on stdout, the report after it.
            count=$(/usr/bin/time -v -o "$work/row-$k-to-$to.time" \
                "$bin" count "${k}x$k" --closed --no-checkpoint --quiet | head -n 1)
            echo "$k $count" >"$row.part"
        fi
        mv "$row.part" "$row"
    fi
    echo "rows $k: $(wc -l <"$row") terms ($row)" >&2
done

# A(k, n) for k <= n from row k's file; the rest by symmetry.
awk -v depth="$depth" '
    FNR == 1 { k++ }
    /^#/ { next }
    { term[k, $1] = $2 }
    END {
        i = 0
        for (d = 1; d <= depth; d++)
            for (k = 1; k <= d; k++) {
                n = d + 1 - k
                a = (k <= n) ? term[k, n] : term[n, k]
                if (a == "") { print "no term for " k "x" n > "/dev/stderr"; exit 1 }
                print ++i, a
            }
    }' $(for ((k = 1; 2 * k <= depth + 1; k++)); do echo "$work/row-$k-to-$((depth + 1 - k)).txt"; done)
