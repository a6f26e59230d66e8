"""The `knights-tour/run/1` report of a peer's run (docs/json.md), and the
check of its count against the program's."""

import json
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

TIME_SLICED = "time-sliced: one variable per (square, time), label cells*t + cols*r + c"
EDGES = "edges of the knight's graph (open tours: and an apex joined to every square), TdZdd frontier-based search"


def skeleton(board, closed, method, package, encoding, schedule, memory):
    return {
        "schema": "knights-tour/run/1",
        "status": "failed",
        "package": package,
        "benchmark": {
            "name": "knights-tour",
            "encoding": encoding,
            "rows": board.rows,
            "cols": board.cols,
            "tour": "closed" if closed else "open",
            "convention": ("undirected Hamiltonian cycles" if closed
                           else "directed Hamiltonian paths, every start square"),
        },
        "settings": {
            "method": method,
            "method_reason": "asked for; a peer engine run by scripts/bench_peers.py",
            "schedule": schedule,
            "threads": 1,
            "node_capacity": 0,
            "cache_capacity": 0,
            "memory_budget_bytes": memory,
        },
        "init": None,
        "steps": [],
        "paths": None,
        "satcount": None,
        "count": None,
        "reason": None,
        "search_nodes": None,
        "error": None,
        "check": None,
        "total_time_ms": 0.0,
        "peak_rss_bytes": 0,
        "from": None,
        "to": None,
        "by_start": None,
        "by_end": None,
        "symmetry": None,
        "frontier": None,
        "cluster": None,
        "pairs": None,
        "notes": [],
        "version": workspace_version(),
        "commit": commit(),
        # One run of a peer, not bench's repeated runs (docs/json.md).
        "bench": None,
    }


def apply(report, messages):
    """The child's figures, in the order it sent them."""
    for kind, value in messages:
        if kind == "step":
            report["steps"].append(value)
        elif kind == "settings":
            report["settings"].update(value)
        elif kind == "set":
            for key, v in value.items():
                if key == "notes":
                    report["notes"] += v
                else:
                    report[key] = v
    steps = report["steps"]
    if steps:
        report["paths"] = {
            "largest_size": max(s["result_size"] for s in steps),
            "total_processed": sum(s["result_size"] for s in steps),
            "final_size": steps[-1]["result_size"],
            "peak_live_nodes": max(s["live_nodes"] for s in steps),
            "time_ms": sum(s["build_ms"] + s["apply_ms"] for s in steps),
        }


def workspace_version():
    text = (ROOT / "Cargo.toml").read_text()
    m = re.search(r'\[workspace\.package\][^\[]*?version\s*=\s*"([^"]+)"', text)
    return m.group(1) if m else "unknown"


def commit():
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                             capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def expected(board, closed, binary):
    """The program's count for the board, in the project's convention, and
    where it came from: a row of `knights-tour known` (published counts,
    converted), else `knights-tour count`."""
    kind = "closed" if closed else "open"
    known = subprocess.run([str(binary), "known", str(board), "--json"],
                           capture_output=True, text=True, timeout=60)
    if known.returncode == 0:
        for row in json.loads(known.stdout)["counts"]:
            same_board = {row["rows"], row["cols"]} == {board.rows, board.cols} and (
                row["rows"] * row["cols"] == board.cells)
            if row["kind"] != kind or not same_board:
                continue
            if closed and row["convention"] == "undirected":
                return int(row["count"]), row
            if not closed and row["convention"] == "directed":
                return int(row["count"]), row
            if not closed and row["convention"] == "undirected":
                return 2 * int(row["count"]), row
    args = [str(binary), "count", str(board), "--json", "--quiet"] + (["--closed"] if closed else [])
    counted = subprocess.run(args, capture_output=True, text=True)
    report = json.loads(counted.stdout) if counted.stdout.strip() else {}
    if report.get("count") is None:
        raise RuntimeError(f"`{' '.join(args[1:])}` gave no count: {counted.stderr.strip()}")
    return int(report["count"]), {
        "kind": kind, "rows": board.rows, "cols": board.cols,
        "convention": "undirected" if closed else "directed",
        "count": report["count"],
        "source": f"knights-tour count {board}{' --closed' if closed else ''} "
                  f"(commit {report.get('commit', 'unknown')})",
        "ours": True, "sequence": None,
    }


def check(report, want, row):
    """Fills `check` as `--check` does: the program's row agrees or not."""
    got = int(report["count"])
    if got == want:
        report["check"] = {"passed": True, "agreeing": [row], "disagreeing": []}
    else:
        report["check"] = {"passed": False, "agreeing": [],
                           "disagreeing": [{"published": row, "expected": str(want)}]}
        report["error"] = f"the count {got} disagrees with the program's {want} ({row['source']})"
    return got == want
