#!/usr/bin/env python3
"""Measure the shipped orders again as `count` sweeps them, and write the
figures into crates/frontier/data/orders.csv.

    cargo build --release -p kt-frontier --example order_search
    scripts/measure-orders.py [--boards 6x7,7x8] [--kinds open,closed] [--dry-run]

Each row whose `figures` column says it was measured folded (`folded`, or
`closed folded`: only the closed figures) is swept again by `order_search
BOARD KIND 1 1 0 seeds=0 columns=no measure`, which sweeps the shipped
order whole, folded where it folds, and prints a `result` line: the peak,
the states summed and the count. Its peak and summed columns are replaced;
everything else in the table is left as it is. A count that differs from
the published one is not caught
here: order_search checks nothing, so every count is printed,
to compare with the published ones (known-counts.csv).
"""

import argparse
import csv
import io
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "crates" / "frontier" / "data" / "orders.csv"
SEARCH = ROOT / "target" / "release" / "examples" / "order_search"


def measure(board, kind):
    """The (peak, summed, tours) of the shipped order's folded sweep."""
    out = subprocess.run(
        [str(SEARCH), board, kind, "1", "1", "0", "seeds=0", "columns=no", "measure"],
        check=True, capture_output=True, text=True).stdout
    tours = None
    for line in out.splitlines():
        words = line.split()
        if words[:2] == [kind, "shipped"] and words[-1] == "tours":
            tours = int(words[-2])
        if words[:4] == ["result", board, kind, "shipped"]:
            return int(words[4]), int(words[6]), tours
    raise SystemExit(f"measure-orders.py: order_search printed no result for {board} {kind}")


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--boards", help="comma-separated boards (default: every folded row)")
    p.add_argument("--kinds", default="open,closed", help="open, closed or both (default)")
    p.add_argument("--dry-run", action="store_true", help="print the figures, write nothing")
    args = p.parse_args(argv)
    if not SEARCH.is_file():
        p.error(f"no {SEARCH}: cargo build --release -p kt-frontier --example order_search")
    wanted = set(args.boards.split(",")) if args.boards else None
    kinds = args.kinds.split(",")
    text = TABLE.read_text()
    comments = [line for line in text.splitlines(keepends=True) if line.startswith("#")]
    rows = list(csv.DictReader(line for line in text.splitlines(keepends=True)
                               if not line.startswith("#")))
    fields = list(rows[0].keys())
    for row in rows:
        board = row["board"]
        if wanted is not None and board not in wanted:
            continue
        measured = {"folded": ["open", "closed"], "closed folded": ["closed"]}.get(row["figures"], [])
        for kind in (k for k in kinds if k in measured):
            peak, summed, tours = measure(board, kind)
            print(f"{board} {kind}: peak {row[kind + '_peak']} -> {peak}, "
                  f"summed {row[kind + '_summed']} -> {summed}, {tours} tours", flush=True)
            row[kind + "_peak"] = str(peak)
            row[kind + "_summed"] = str(summed)
            if not args.dry_run:
                out = io.StringIO()
                writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
                writer.writeheader()
                writer.writerows(rows)
                TABLE.write_text("".join(comments) + out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
