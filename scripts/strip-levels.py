#!/usr/bin/env python3
"""Measures the frontier sweep's levels column by column on long strips,
for the plan's estimate (`crates/count/data/strip-levels.csv`).

In the columns order a strip of r rows is swept a column (r steps) at a
time. The levels grow for the first few columns, then stay at a steady
size that depends only on r and the kind of tour, and collapse in the last
three columns, where the board's end prunes them. So each run keeps the
columns 1 .. c-3 of an r x c strip: the widest level of the column and the
states summed over its r levels. State counts are exact and do not depend
on the machine or its load, so the runs may share the machine.

Usage:
  scripts/strip-levels.py run [RxC[:closed] ...]   # sweep, keep the JSON reports
  scripts/strip-levels.py csv                      # write the CSV from the reports

Each run is `knights-tour count RxC [--closed] --order columns --force
--json --no-theorems`; its report goes to bench-results/strips/RxC-KIND.json. `csv` also
reads the columns runs already kept elsewhere in bench-results (7x12
closed, 7x7 open and 8x8 closed: `frontier-core/`), which are the same
sweeps.
"""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "knights-tour"
STRIPS = ROOT / "bench-results" / "strips"
CSV = ROOT / "crates" / "count" / "data" / "strip-levels.csv"

# The strips swept by `run` (each within a couple of minutes on two cores).
RUNS = [
    "3x40", "3x40:closed", "4x30", "4x30:closed", "5x24", "5x24:closed",
    "6x16", "6x16:closed",
]

# Columns sweeps kept by earlier campaigns: (report, rows, kind, board).
KEPT = [
    ("frontier-core/7x12c-new.json", 7, "closed", "7x12"),
    ("frontier-core/7x7open.json", 7, "open", "7x7"),
    ("frontier-core/8x8c-new.json", 8, "closed", "8x8"),
]


def command(spec):
    board, _, kind = spec.partition(":")
    # --no-theorems: a board without tours of the kind (4xN closed) is
    # still swept, as the estimate of a truncated sweep needs its levels.
    args = [str(BINARY), "count", board, "--order", "columns", "--force", "--json",
            "--no-theorems"]
    if kind == "closed":
        args.append("--closed")
    return board, kind or "open", args


def run(specs):
    STRIPS.mkdir(parents=True, exist_ok=True)
    for spec in specs or RUNS:
        board, kind, args = command(spec)
        out = STRIPS / f"{board}-{kind}.json"
        print(" ".join(["nice", "-n", "10"] + args[0:1]).replace(str(ROOT) + "/", ""),
              *args[1:], ">", out.relative_to(ROOT), flush=True)
        report = subprocess.run(["nice", "-n", "10"] + args, check=True,
                                capture_output=True, text=True).stdout
        out.write_text(report)


def columns(path, rows):
    """(widest level, states summed) of every column of the sweep."""
    levels = json.loads(path.read_text())["frontier"]["levels"]
    result = []
    for first in range(0, len(levels), rows):
        chunk = levels[first:first + rows]
        result.append((max(l["states"] for l in chunk), sum(l["states"] for l in chunk)))
    return result


def steady(figures):
    """The columns up to the first two that repeat the two before them
    exactly (the steady state has a period of one or two columns): the
    estimate takes the last two columns kept for every column after."""
    for end in range(4, len(figures) + 1):
        if figures[end - 2:end] == figures[end - 4:end - 2]:
            return figures[:end]
    return figures


def derived(table):
    """Open sweeps of 7 and 8 rows, too big to sweep for long enough here:
    7 rows open are measured for 4 columns (7x7 open), then follow 7 rows
    closed, times the open/closed ratio of column 4; 8 rows open follow 8
    rows closed, times 7 rows' open/closed ratio column by column."""
    rows = []
    open7, closed7, closed8 = table[(7, "open")], table[(7, "closed")], table[(8, "closed")]
    last = len(open7)
    ratio = [(o[0] / c[0], o[1] / c[1]) for o, c in zip(open7, closed7)]
    for j in range(last, len(closed7)):
        c = closed7[j]
        peak, summed = round(c[0] * ratio[-1][0]), round(c[1] * ratio[-1][1])
        rows.append((7, "open", j + 1, peak, summed, "7x12",
                     f"derived: 7 rows closed x the open/closed ratio of column {last}"))
    for j, c in enumerate(closed8):
        r = ratio[min(j, last - 1)]
        rows.append((8, "open", j + 1, round(c[0] * r[0]), round(c[1] * r[1]), "8x8",
                     f"derived: 8 rows closed x 7 rows' open/closed ratio of column {min(j, last - 1) + 1}"))
    return rows


def write_csv():
    sources = []
    for path in sorted(STRIPS.glob("*.json")):
        board, kind = path.stem.split("-")
        rows, cols = map(int, board.split("x"))
        sources.append((path, rows, kind, board, f"bench-results/strips/{path.name}"))
    for report, rows, kind, board in KEPT:
        sources.append((ROOT / "bench-results" / report, rows, kind, board,
                        f"bench-results/{report}"))
    table, lines = {}, []
    for path, rows, kind, board, name in sources:
        cols = int(board.split("x")[1])
        table[(rows, kind)] = steady(columns(path, rows)[: cols - 3])
        for column, (peak, summed) in enumerate(table[(rows, kind)], start=1):
            lines.append((rows, kind, column, peak, summed, board, name))
    lines += derived(table)
    lines.sort(key=lambda l: (l[0], l[1], l[2]))
    header = [
        "# The frontier sweep in the columns order, column by column: the widest level of",
        "# each column and the states summed over its levels, on strips long enough to",
        "# reach the steady size (the estimate takes the last two columns of a row count",
        "# for every column after). The last three columns of a board, which its end",
        "# prunes, are left out. Made by scripts/strip-levels.py (`run`, then `csv`):",
        "# knights-tour count RxC [--closed] --order columns --force --json --no-theorems",
        "rows,kind,column,peak_states,summed_states,board,report",
    ]
    body = [",".join(str(x) for x in line) for line in lines]
    CSV.parent.mkdir(parents=True, exist_ok=True)
    CSV.write_text("\n".join(header + body) + "\n")
    print(f"wrote {CSV.relative_to(ROOT)}")


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "run":
        run(sys.argv[2:])
    elif len(sys.argv) == 2 and sys.argv[1] == "csv":
        write_csv()
    else:
        sys.exit(__doc__)
