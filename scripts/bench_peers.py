#!/usr/bin/env python3
"""Runs a peer engine on one board and prints one `knights-tour/run/1`
report (docs/json.md) on stdout, as `knights-tour bench` does:

  scripts/bench_peers.py cudd BOARD [--closed] [--schedule S]
  scripts/bench_peers.py graphillion BOARD [--closed] [--pairs]

`cudd` is CUDD's ZDD (the `dd` package) on the project's time-sliced
encoding, the same constraints, variable order and schedules as
`knights-tour bench --engine zbdd` (package.type `cudd-zdd`).
`graphillion` is TdZdd's frontier-based search (Graphillion), the frontier
method's peer (package.type `graphillion`). Open tours are counted
directed over every start square, closed tours undirected, as the
program counts them; Graphillion's undirected paths count twice.

The count is checked against the program's (`knights-tour known`, else
`knights-tour count`, from --binary): the exit status is 1 if they
disagree, 2 on bad input, 3 if the run hit its memory budget, 4 if it was
stopped (--timeout, SIGINT, SIGTERM), 5 if it failed otherwise; the report
is printed in every case but bad input.

Install the dependencies with `pip install -r scripts/requirements-peers.txt`
(README, "Peer engines").
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from peers import report as reports  # noqa: E402
from peers import supervise  # noqa: E402
from peers.board import Board, BoardError  # noqa: E402
from peers.schedule import SCHEDULES  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXIT = {"complete": 0, "disagrees": 1, "input": 2, "out-of-memory": 3, "interrupted": 4,
        "failed": 5}


class OneLineParser(argparse.ArgumentParser):
    """Bad input is refused in one line, before any work."""

    def error(self, message):
        sys.stderr.write(f"bench_peers.py: {message}\n")
        sys.exit(EXIT["input"])


def size(text):
    units = {"": 1, "k": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mib": 1 << 20,
             "g": 1 << 30, "gib": 1 << 30, "t": 1 << 40, "tib": 1 << 40}
    t = text.strip().lower()
    number = t.rstrip("abcdefghijklmnopqrstuvwxyz")
    unit = t[len(number):]
    try:
        value = float(number)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size (e.g. 4GiB, 512M)") from None
    if unit not in units or value <= 0:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size (e.g. 4GiB, 512M)")
    return int(value * units[unit])


def board_arg(text):
    try:
        return Board.parse(text)
    except BoardError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def seconds(text):
    try:
        value = float(text)
    except ValueError:
        value = -1
    if value <= 0:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds above 0")
    return value


def threads_arg(text):
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of threads (1 or more)")
    return int(text)


def default_memory():
    """A quarter of physical memory, at most 8 GiB: the machine is shared."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError):
        return 4 << 30
    return min(8 << 30, total // 4)


def parse(argv):
    p = OneLineParser(prog="bench_peers.py", description=__doc__.split("\n\n")[0],
                      formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="engine", required=True, parser_class=OneLineParser)
    common = OneLineParser(add_help=False)
    common.add_argument("board", type=board_arg, help="N or RxC")
    common.add_argument("--closed", action="store_true", help="closed tours (undirected)")
    common.add_argument("--timeout", type=seconds, help="stop after this many seconds")
    common.add_argument("--memory", type=size, default=default_memory(),
                        help="memory budget, the counting process's address space "
                             "(default: a quarter of memory, at most 8GiB)")
    common.add_argument("--binary", type=Path, default=ROOT / "target" / "release" / "knights-tour",
                        help="the knights-tour program whose count is checked against")
    common.add_argument("--expect", help="check against this count instead of the program's")
    cudd = sub.add_parser("cudd", parents=[common], help="CUDD's ZDD on the time-sliced encoding")
    cudd.add_argument("--schedule", choices=SCHEDULES, default="fused")
    graph = sub.add_parser("graphillion", parents=[common],
                           help="Graphillion's frontier-based search")
    graph.add_argument("--threads", type=threads_arg, default=1,
                       help="TdZdd's OpenMP threads (default 1, as the frontier method's runs here)")
    graph.add_argument("--pairs", action="store_true",
                       help="open tours: one search per pair of ends instead of one through an apex")
    args = p.parse_args(argv)
    b = args.board
    if b.cells > 128 and args.engine == "cudd" and args.schedule == "fused":
        p.error(f"board {b} has {b.cells} squares: the fused filter takes boards of up to 128")
    if args.expect is not None and not args.expect.isdigit():
        p.error(f"--expect {args.expect}: give a count in decimal digits")
    if args.engine == "graphillion" and args.pairs and args.closed:
        p.error("--pairs counts open tours; closed tours are one search already")
    # The input's own faults first, so that each is named whether or not the
    # program has been built; the program it checks against comes last.
    if args.expect is None and not args.binary.is_file():
        p.error(f"no knights-tour program at {args.binary} to check the count against: "
                "build it (cargo build --release) or give --binary or --expect")
    return args


def main(argv):
    args = parse(argv)
    board = args.board
    try:
        if args.engine == "cudd":
            from peers import cudd as peer
            package = peer.package()
            r = reports.skeleton(board, args.closed, "zdd", package, reports.TIME_SLICED,
                                 args.schedule, args.memory)

            def work(emit):
                peer.run(board, args.closed, args.schedule, args.memory, emit)
        else:
            from peers import graphillion_peer as peer
            package = peer.package()
            r = reports.skeleton(board, args.closed, "frontier", package, reports.EDGES,
                                 None, args.memory)
            r["settings"]["threads"] = args.threads

            def work(emit):
                peer.run(board, args.closed, args.pairs, args.memory, args.threads, emit)
    except ImportError as e:
        sys.stderr.write(f"bench_peers.py: {e.name or e} is not installed: "
                         "pip install -r scripts/requirements-peers.txt\n")
        return EXIT["input"]
    messages, outcome, peak, wall = supervise.run(work, args.timeout, args.memory)
    reports.apply(r, messages)
    r["peak_rss_bytes"] = peak
    r["total_time_ms"] = wall * 1000.0
    r["status"] = outcome[0]
    if outcome[0] != "complete":
        r["count"] = None
        r["error"] = outcome[1].splitlines()[0] if outcome[1] else outcome[0]
        code = EXIT[outcome[0]]
    else:
        if args.expect is not None:
            want = int(args.expect)
            row = {"kind": "closed" if args.closed else "open", "rows": board.rows,
                   "cols": board.cols, "convention": "undirected" if args.closed else "directed",
                   "count": args.expect, "source": "--expect", "ours": False, "sequence": None}
        else:
            want, row = reports.expected(board, args.closed, args.binary)
        code = EXIT["complete"] if reports.check(r, want, row) else EXIT["disagrees"]
    print(json.dumps(r, indent=2))
    if code:
        sys.stderr.write(f"bench_peers.py: {r['error']}\n")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
