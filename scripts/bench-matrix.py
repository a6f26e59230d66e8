#!/usr/bin/env python3
"""Runs the knights-tour benchmark matrix and regenerates docs/benchmarks.md.

Each configuration is one run of `knights-tour bench ...` (or `count --method
backtrack --json`), which prints one JSON report. A run that outlives its
timeout is stopped with SIGINT, so its partial per-step report is kept and
the table can say how far it got. Results go to bench-results/<profile>/:
runs.jsonl (one line per run: the configuration and the full report) and
summary.csv. With --update-docs, the tables between the markers
`<!-- BEGIN <profile> -->` and `<!-- END <profile> -->` in docs/benchmarks.md
are rewritten from those files.

Usage:
  scripts/bench-matrix.py PROFILE [PROFILE ...] [--timeout S] [--memory SIZE]
                          [--repeat N] [--cap S] [--update-docs] [--docs-only]
  scripts/bench-matrix.py --list

  scripts/bench-matrix.py levels | method-costs | orders | plots

`levels` draws docs/frontier-levels.svg (states per level of the frontier
sweep, log scale, from the JSON reports' `frontier.levels[].states`);
`method-costs` draws docs/method-costs.svg and docs/method-memory.svg (time
and peak memory per method and board, from the runs in bench-results);
`orders` draws docs/frontier-orders.svg (states per level of 7×7 open and
8×8 closed in the columns and in the shipped order); `plots` draws them
all. They run nothing: every chart is drawn by `knights-tour plot` from the
reports, as a user draws one of their own runs.

Profiles are defined in PROFILES below; `all` runs every profile. The
`libraries` profile (engines of every library x schedules x boards) also
draws one SVG per board into docs/ (`knights-tour plot --chart bars`).
The release binary is built with the `buddy` feature
when BuDDy's header is installed (Debian's libbdd-dev), so that
`--engine buddy` runs; without it, buddy runs are refused in one line.
"""

import argparse
import csv
import functools
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "knights-tour"
RESULTS = ROOT / "bench-results"
DOCS = ROOT / "docs" / "benchmarks.md"


def run(board, closed=False, engine="zbdd", schedule="fused", threads=1,
        cache=None, method="zdd", repeat=1, timeout=None, group=None, spill=False):
    """One configuration of the matrix. Runs sharing a `group` are ordered
    by difficulty: after one fails, the rest of its group is skipped.
    `spill` gives a frontier run a spill directory under bench-results/tmp."""
    cfg = dict(board=board, closed=closed, engine=engine, schedule=schedule,
               threads=threads, cache=cache, method=method, repeat=repeat,
               timeout=timeout, group=group)
    if spill:
        cfg["spill"] = True
    return cfg


ENGINES = ["zbdd", "bdd", "bcdd"]
# Every engine of every library (issue 21): oxidd's three kinds,
# biodivine-lib-bdd and BuDDy; and CUDD's ZDD, a peer run by
# scripts/bench_peers.py on the same encoding and schedules.
LIBRARY_ENGINES = ["zbdd", "bdd", "bcdd", "biodivine", "buddy", "cudd"]
# The peers (scripts/bench_peers.py) run in the Python that has their
# packages (scripts/requirements-peers.txt): PEERS_PYTHON, else this one.
PEERS_PYTHON = os.environ.get("PEERS_PYTHON", sys.executable)
PEERS_SCRIPT = ROOT / "scripts" / "bench_peers.py"
# The frontier method against Graphillion (TdZdd's frontier search), on
# the closed boards from 6x6 to 7x8 (7x7 has no closed tour: odd).
PEER_BOARDS = ["6", "6x7", "6x8", "7x8"]
LIBRARY_BOARDS = [("5", False), ("6x5", False), ("6", True), ("6", False)]
# Runs quick enough to repeat, to show the spread.
REPEATED = {("5", False, "fused"), ("5", False, "per-square"), ("6", True, "fused")}
LIBRARY_SCHEDULES = ["fused", "per-square", "adiar", "backward"]
BUDDY_HEADER = Path("/usr/include/bdd.h")
# Plain intersections on 6x6 open ran for more than 600 s in every order the
# prototype tried; two minutes is enough to show how far they get.
HOPELESS = {("6", False, "adiar"), ("6", False, "backward")}
SCHEDULES = ["fused", "restrict", "adiar", "backward"]

PROFILES = {
    # The speed targets of the project, on the default engine and schedule.
    "targets": [
        run("6", closed=True, repeat=3),
        run("6", closed=True, threads=2, repeat=3),
        run("6", repeat=3),
        run("6", threads=2, repeat=3),
        run("6x7", closed=True, repeat=3),
        run("6x7", closed=True, threads=2, repeat=3),
    ],
    # Every engine with every schedule, on boards from trivial to 6x6. The
    # plain schedules get four minutes (two where hopeless): enough to rank
    # them, and the whole profile stays near an hour.
    "engines": [
        run(board, closed=closed, engine=engine, schedule=schedule,
            timeout=900 if schedule == "fused"
            else 120 if (board, closed, schedule) in HOPELESS else 240)
        for board, closed in [("4x5", False), ("5", False), ("3x10", True),
                              ("5x6", True), ("6", True), ("5x6", False),
                              ("6", False)]
        for engine in ENGINES
        for schedule in SCHEDULES
    ],
    # The engine benchmark across libraries: every engine with every
    # schedule on the four boards of issue 21, ten minutes each (the spec;
    # --cap and --cap-plain shorten a campaign). The quick ones run three
    # times. Schedule by schedule, so that a stopped campaign has every
    # engine on the default schedule.
    "libraries": [
        run(board, closed=closed, engine=engine, schedule=schedule,
            repeat=3 if (board, closed, schedule) in REPEATED else 1, timeout=600)
        for schedule in LIBRARY_SCHEDULES
        for board, closed in LIBRARY_BOARDS
        for engine in LIBRARY_ENGINES
    ],
    # The apply cache, which the plain schedules live on. (2^14 entries made
    # 6x6 closed with the adiar order run past 10 minutes; not repeated.)
    "cache": [
        run(board, closed=closed, schedule=schedule, cache=1 << bits, timeout=600)
        for board, closed, schedule, sizes in [
            ("6", True, "adiar", [16, 18, 20, 22, 24, 26]),
            ("5", False, "adiar", [16, 18, 20, 22, 24, 26]),
            ("6", True, "restrict", [16, 22]),
            ("6", False, "fused", [16, 22]),
        ]
        for bits in sizes
    ],
    # One thread against two, for every schedule on 6x6 closed and the
    # default schedule on the largest boards.
    "threads": [
        run(board, closed=closed, schedule=schedule, threads=threads, repeat=3,
            timeout=900)
        for board, closed, schedule in [("6", True, "fused"), ("6", True, "restrict"),
                                        ("6", True, "adiar"), ("5", False, "adiar"),
                                        ("6", False, "fused"), ("6x7", True, "fused")]
        for threads in [1, 2]
    ],
    # The obvious alternative: plain backtracking on the same boards.
    "backtrack": [
        run(board, closed=closed, method=method, timeout=900)
        for board, closed in [("4x5", False), ("5", False), ("5x6", False),
                              ("3x10", True), ("5x6", True), ("6", True),
                              ("6", False), ("6x7", True)]
        for method in ["zdd", "backtrack"]
    ],
    # How far each engine gets on the default schedule, within the memory
    # budget and a quarter of an hour per board (--timeout does not apply:
    # pass a larger one here to look further).
    "reach": [
        run(board, closed=closed, engine=engine, timeout=900,
            group=f"{engine} {'closed' if closed else 'open'}")
        for engine in ENGINES
        for board, closed in [("6", False), ("6x7", False), ("7", False),
                              ("6x7", True), ("6x8", True), ("7x8", True),
                              ("8", True)]
    ],
    # The first boards the reach ladder could not finish with the default
    # engine, given the whole machine: run with --memory 22GiB, an hour each.
    "beyond": [
        run("6x7", timeout=3600),
        run("7x8", closed=True, timeout=3600),
    ],
    # The three methods on the same boards: the time-sliced ZDD (where it
    # finishes: 6x7 open and 7x8 closed do not fit, see "beyond"), the
    # frontier method on one and two threads, and backtracking. Each ladder
    # stops at its first board that does not finish in ten minutes.
    "methods": [
        run(board, closed=closed, method=method, threads=threads,
            repeat=3 if method == "frontier" and board in ("6", "6x8") else 1,
            timeout=600, group=f"{method} {threads}t {'closed' if closed else 'open'}")
        for method, threads in [("zdd", 1), ("frontier", 1), ("frontier", 2),
                                ("backtrack", 1)]
        for board, closed in [("5", False), ("6", False), ("6x7", False), ("7", False),
                              ("6", True), ("6x7", True), ("6x8", True), ("7x8", True)]
        if not (method == "zdd" and board in ("6x7", "7", "7x8"))
    ],
    # The frontier method against its peer, Graphillion, one thread each,
    # three minutes and the memory budget each (Graphillion's search is
    # stopped by its address-space limit), every board run whatever the
    # smaller ones did, so that each ladder says how it ends.
    "peers": [
        run(board, closed=True, method=method, timeout=180)
        for method in ["frontier", "graphillion"]
        for board in PEER_BOARDS
    ],
    # 8x8 closed by the frontier method: both cores, the memory budget given
    # on the command line, levels spilled to disk past it, three hours.
    "eight": [
        run("8", closed=True, method="frontier", threads=2, timeout=10800, spill=True),
    ],
}


def is_peer(cfg):
    """Run by scripts/bench_peers.py, which stops itself at the timeout."""
    return cfg["method"] == "graphillion" or cfg["engine"] == "cudd"


def command(cfg, memory):
    if is_peer(cfg):
        args = [PEERS_PYTHON, str(PEERS_SCRIPT)]
        if cfg["method"] == "graphillion":
            args += ["graphillion", cfg["board"], "--threads", str(cfg["threads"])]
        else:
            args += ["cudd", cfg["board"], "--schedule", cfg["schedule"]]
        args += ["--memory", memory, "--binary", str(BINARY)]
        return args + (["--closed"] if cfg["closed"] else [])
    args = [str(BINARY)]
    if cfg["method"] == "backtrack":
        args += ["count", cfg["board"], "--method", "backtrack", "--json"]
    elif cfg["method"] == "frontier":
        args += ["bench", cfg["board"], "--method", "frontier", "--json",
                 "--threads", str(cfg["threads"]), "--memory", memory]
        if cfg.get("spill"):
            spill = RESULTS / "tmp" / "spill"
            spill.mkdir(parents=True, exist_ok=True)
            args += ["--spill-dir", str(spill)]
    else:
        args += ["bench", cfg["board"], "--engine", cfg["engine"], "--json",
                 "--schedule", cfg["schedule"], "--threads", str(cfg["threads"]),
                 "--memory", memory]
        if cfg["cache"]:
            args += ["--cache", str(cfg["cache"])]
    if cfg["closed"]:
        args.append("--closed")
    args.append("--quiet")
    return args


def execute(cfg, memory, default_timeout, cap=None, cap_plain=None):
    """Runs one configuration once; returns the report (possibly partial).
    `cap` shortens the configuration's own timeout for a quick campaign,
    `cap_plain` that of every schedule but the default."""
    timeout = cfg["timeout"] or default_timeout
    if cap:
        timeout = min(timeout, cap)
    if cap_plain and cfg["schedule"] != "fused":
        timeout = min(timeout, cap_plain)
    args = command(cfg, memory)
    # A peer stops itself at the timeout and reports the steps it made;
    # the margin is for its report.
    own_limit = is_peer(cfg)
    if own_limit:
        args += ["--timeout", f"{timeout:g}"]
    started = time.monotonic()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    timed_out = False
    try:
        out, err = proc.communicate(timeout=timeout + 60 if own_limit else timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        proc.send_signal(signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
    wall = time.monotonic() - started
    try:
        report = json.loads(out) if out.strip() else {}
    except json.JSONDecodeError:
        report = {}
    report.setdefault("status", "failed")
    if own_limit and report["status"] == "interrupted" and "time limit" in (report.get("error") or ""):
        timed_out = True
    if timed_out:
        report["status"] = "timeout"
        report["error"] = f"stopped after the {timeout} s timeout"
    report["_command"] = " ".join(Path(a).name if i == 0 else a for i, a in enumerate(args))
    report["_exit"] = proc.returncode
    report["_stderr"] = err.strip()
    report["_wall_s"] = wall
    return report


def config_key(cfg):
    return json.dumps(cfg, sort_keys=True)


def load_entries(path):
    """The runs already recorded in a profile's runs.jsonl, by configuration."""
    entries = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                entry = json.loads(line)
                entries[config_key(entry["config"])] = entry
    return entries


def run_profile(name, configs, args):
    """Runs a profile. Each run is appended to runs.jsonl as soon as it ends,
    so a campaign that is stopped keeps what it measured; with --resume the
    configurations already recorded are not run again."""
    out_dir = RESULTS / name
    out_dir.mkdir(parents=True, exist_ok=True)
    runs_path = out_dir / "runs.jsonl"
    done = load_entries(runs_path) if args.resume else {}
    if not args.resume:
        runs_path.write_text("")
    failed_groups = set()
    for i, cfg in enumerate(configs, 1):
        key = config_key(cfg)
        if key in done:
            entry = done[key]
            print(f"[{name} {i}/{len(configs)}] {describe(cfg)}: recorded "
                  f"({entry['report'].get('status')})", flush=True)
        elif cfg["group"] in failed_groups:
            print(f"[{name} {i}/{len(configs)}] {describe(cfg)}: skipped "
                  f"(a smaller board of '{cfg['group']}' did not finish)", flush=True)
            continue
        else:
            reports = []
            for _ in range(cfg["repeat"] if not args.repeat else args.repeat):
                report = execute(cfg, args.memory, args.timeout, args.cap, args.cap_plain)
                report["_load"] = os.getloadavg()[0]
                reports.append(report)
                if report.get("status") != "complete":
                    break
            best = min(reports, key=lambda r: r.get("total_time_ms") or float("inf"))
            entry = dict(config=cfg, report=best,
                         times_ms=[r.get("total_time_ms") for r in reports],
                         loads=[r.get("_load") for r in reports])
            with open(runs_path, "a") as f:
                f.write(json.dumps(entry) + "\n")
            done[key] = entry
            print(f"[{name} {i}/{len(configs)}] {describe(cfg)}: {best.get('status')} "
                  f"count={best.get('count')} time={fmt_ms(median_ms(entry))} "
                  f"rss={fmt_bytes(best.get('peak_rss_bytes'))}", flush=True)
        if cfg["group"] and entry["report"].get("status") != "complete":
            failed_groups.add(cfg["group"])
    lines = [done[config_key(c)] for c in configs if config_key(c) in done]
    write_csv(out_dir / "summary.csv", lines)
    meta = dict(profile=name, date=time.strftime("%Y-%m-%d %H:%M"),
                machine=machine(), memory=args.memory)
    if args.note:
        meta["note"] = args.note
    (out_dir / "meta.json").write_text(json.dumps(meta, indent=2) + "\n")


def machine():
    cpus = os.cpu_count()
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            kib = int(f.readline().split()[1])
            mem = f"{kib / 2**20:.0f} GiB"
    except OSError:
        pass
    model = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpus} cores ({model}), {mem}, {platform.system()} {platform.release()}"


def describe(cfg):
    kind = "closed" if cfg["closed"] else "open"
    if cfg["method"] == "backtrack":
        return f"{cfg['board']} {kind} backtrack"
    if cfg["method"] == "frontier":
        return f"{cfg['board']} {kind} frontier {cfg['threads']}t"
    if cfg["method"] == "graphillion":
        return f"{cfg['board']} {kind} graphillion"
    parts = [cfg["board"], kind, cfg["engine"], cfg["schedule"], f"{cfg['threads']}t"]
    if cfg["cache"]:
        parts.append(f"cache=2^{cfg['cache'].bit_length() - 1}")
    return " ".join(parts)


def median_ms(entry):
    times = [t for t in entry["times_ms"] if t is not None]
    if not times or entry["report"].get("status") != "complete":
        return entry["report"].get("total_time_ms") or entry["report"].get("_wall_s", 0) * 1000
    return statistics.median(times)


def fmt_ms(ms):
    if ms is None:
        return "—"
    if ms < 0.05:
        return "< 0.1 ms"
    if ms < 10:
        return f"{ms:.1f} ms"
    if ms < 1000:
        return f"{ms:.0f} ms"
    if ms < 600_000:
        return f"{ms / 1000:.2f} s"
    return f"{ms / 60000:.1f} min"


def fmt_count(count):
    """A count (a decimal string in the reports) with thousands separators."""
    return f"{int(count):,}" if count else "—"


def fmt_bytes(b):
    if not b:
        return "—"
    if b >= 2**30:
        return f"{b / 2**30:.2f} GiB"
    return f"{b / 2**20:.0f} MiB"


def fmt_int(n):
    return "—" if n is None else f"{n:,}"


def write_csv(path, lines):
    fields = ["board", "tour", "method", "engine", "schedule", "threads", "cache",
              "status", "count", "median_ms", "runs_ms", "peak_rss_bytes",
              "largest_size", "final_size", "peak_live_nodes", "steps_done",
              "steps_total", "command"]
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        for e in lines:
            c, r = e["config"], e["report"]
            paths = r.get("paths") or {}
            w.writerow(dict(
                board=c["board"], tour="closed" if c["closed"] else "open",
                method=c["method"], engine=c["engine"], schedule=c["schedule"],
                threads=c["threads"], cache=r.get("settings", {}).get("cache_capacity"),
                status=r.get("status"), count=r.get("count"),
                median_ms=f"{median_ms(e):.1f}",
                runs_ms=" ".join(f"{t:.1f}" for t in e["times_ms"] if t is not None),
                peak_rss_bytes=r.get("peak_rss_bytes"),
                largest_size=paths.get("largest_size"), final_size=paths.get("final_size"),
                peak_live_nodes=paths.get("peak_live_nodes"),
                steps_done=len(r.get("steps") or []), steps_total=None,
                command=r.get("_command")))


def load(name):
    path = RESULTS / name / "runs.jsonl"
    if not path.exists():
        return None, None
    entries = load_entries(path)
    order = [config_key(c) for c in PROFILES.get(name, [])]
    lines = [entries.pop(k) for k in order if k in entries] + list(entries.values())
    meta_path = RESULTS / name / "meta.json"
    meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
    return lines, meta


def outcome(entry):
    """Time, or why there is none."""
    r = entry["report"]
    status = r.get("status")
    if status == "complete":
        return fmt_ms(median_ms(entry))
    done = len(r.get("steps") or [])
    if status == "timeout":
        return f"> {fmt_ms(r.get('_wall_s', 0) * 1000)} (timeout, {done} steps done)"
    if status == "out-of-memory":
        return f"out of memory after {done} steps ({fmt_bytes(r.get('peak_rss_bytes'))})"
    return f"{status}: {r.get('error') or r.get('_stderr')}"


def board_label(c):
    return f"{c['board'].replace('x', '×')} {'closed' if c['closed'] else 'open'}"


def table_targets(lines):
    rows = ["| board | threads | count | time (median) | runs | peak RSS | final ZDD | largest ZDD |",
            "|---|---|---|---|---|---|---|---|"]
    for e in lines:
        c, r = e["config"], e["report"]
        p = r.get("paths") or {}
        runs = ", ".join(fmt_ms(t) for t in e["times_ms"] if t is not None)
        rows.append(f"| {board_label(c)} | {c['threads']} | {fmt_count(r.get('count'))} | "
                    f"{outcome(e)} | {runs} | {fmt_bytes(r.get('peak_rss_bytes'))} | "
                    f"{fmt_int(p.get('final_size'))} | {fmt_int(p.get('largest_size'))} |")
    return rows


def table_engines(lines):
    rows = ["| board | engine | schedule | time | peak RSS | largest | final | count |",
            "|---|---|---|---|---|---|---|---|"]
    for e in lines:
        c, r = e["config"], e["report"]
        p = r.get("paths") or {}
        rows.append(f"| {board_label(c)} | {c['engine']} | {c['schedule']} | {outcome(e)} | "
                    f"{fmt_bytes(r.get('peak_rss_bytes'))} | {fmt_int(p.get('largest_size'))} | "
                    f"{fmt_int(p.get('final_size'))} | {fmt_count(r.get('count'))} |")
    return rows


def table_cache(lines):
    rows = ["| board | schedule | cache entries | cache memory | time | peak RSS |",
            "|---|---|---|---|---|---|"]
    for e in lines:
        c, r = e["config"], e["report"]
        entries = c["cache"]
        rows.append(f"| {board_label(c)} | {c['schedule']} | 2^{entries.bit_length() - 1} | "
                    f"{fmt_bytes(entries * 20)} | {outcome(e)} | {fmt_bytes(r.get('peak_rss_bytes'))} |")
    return rows


def table_threads(lines):
    rows = ["| board | schedule | 1 thread | 2 threads | speed-up |", "|---|---|---|---|---|"]
    by_key = {}
    for e in lines:
        c = e["config"]
        by_key.setdefault((board_label(c), c["schedule"]), {})[c["threads"]] = e
    for (board, schedule), runs in by_key.items():
        one, two = runs.get(1), runs.get(2)
        speed = "—"
        if one and two and one["report"].get("status") == two["report"].get("status") == "complete":
            speed = f"{median_ms(one) / median_ms(two):.2f}×"
        rows.append(f"| {board} | {schedule} | {outcome(one) if one else '—'} | "
                    f"{outcome(two) if two else '—'} | {speed} |")
    return rows


def table_backtrack(lines):
    rows = ["| board | count | ZDD (default) | backtracking |", "|---|---|---|---|"]
    by_board = {}
    for e in lines:
        c = e["config"]
        by_board.setdefault(board_label(c), {})[c["method"]] = e
    for board, runs in by_board.items():
        zdd, bt = runs.get("zdd"), runs.get("backtrack")
        count = fmt_count((zdd or bt)["report"].get("count") or (bt or zdd)["report"].get("count"))
        rows.append(f"| {board} | {count} | {outcome(zdd) if zdd else '—'} | "
                    f"{outcome(bt) if bt else '—'} |")
    return rows


def table_reach(lines):
    rows = ["| engine | board | outcome | count | peak RSS | largest diagram |",
            "|---|---|---|---|---|---|"]
    for e in lines:
        c, r = e["config"], e["report"]
        p = r.get("paths") or {}
        rows.append(f"| {c['engine']} | {board_label(c)} | {outcome(e)} | {fmt_count(r.get('count'))} | "
                    f"{fmt_bytes(r.get('peak_rss_bytes'))} | {fmt_int(p.get('largest_size'))} |")
    return rows


def table_methods(lines):
    rows = ["| board | count | time-sliced ZDD | frontier, 1 thread | frontier, 2 threads | "
            "backtracking | frontier peak states | frontier peak RSS |",
            "|---|---|---|---|---|---|---|---|"]
    by_board = {}
    for e in lines:
        c = e["config"]
        by_board.setdefault(board_label(c), {})[(c["method"], c["threads"])] = e
    for board, runs in by_board.items():
        count = next((r["report"].get("count") for r in runs.values()
                      if r["report"].get("count")), None)
        cell = lambda key: outcome(runs[key]) if key in runs else "—"
        front = runs.get(("frontier", 1))
        f = (front or {}).get("report", {}).get("frontier") or {}
        rows.append(f"| {board} | {fmt_count(count)} | {cell(('zdd', 1))} | "
                    f"{cell(('frontier', 1))} | {cell(('frontier', 2))} | "
                    f"{cell(('backtrack', 1))} | {fmt_int(f.get('peak_states'))} | "
                    f"{fmt_bytes((front or {}).get('report', {}).get('peak_rss_bytes'))} |")
    return rows


def table_frontier(lines):
    rows = ["| board | threads | outcome | count | peak states | width | peak RSS | spilled |",
            "|---|---|---|---|---|---|---|---|"]
    for e in lines:
        c, r = e["config"], e["report"]
        f = r.get("frontier") or {}
        levels = f.get("levels") or []
        peak = max((lv.get("states", 0) for lv in levels), default=None)
        rows.append(f"| {board_label(c)} | {c['threads']} | {outcome(e)} | "
                    f"{fmt_count(r.get('count'))} | {fmt_int(f.get('peak_states', peak))} | "
                    f"{fmt_int(f.get('width'))} | {fmt_bytes(r.get('peak_rss_bytes'))} | "
                    f"{fmt_bytes(f.get('spilled_bytes'))} |")
    return rows


def table_peers(lines):
    """The frontier method beside Graphillion, board by board."""
    rows = ["| board | count | frontier (1 thread) | Graphillion | Graphillion ÷ frontier | "
            "frontier peak RSS | Graphillion peak RSS |",
            "|---|---|---|---|---|---|---|"]
    by_board = {}
    for e in lines:
        by_board.setdefault(board_label(e["config"]), {})[e["config"]["method"]] = e
    for board, runs in by_board.items():
        count = next((r["report"].get("count") for r in runs.values()
                      if r["report"].get("count")), None)
        cell = lambda m: outcome(runs[m]) if m in runs else "not run (a smaller board failed)"
        rss = lambda m: fmt_bytes(runs[m]["report"].get("peak_rss_bytes")) if m in runs else "—"
        times = [complete_ms(runs[m]) if m in runs else None for m in ("frontier", "graphillion")]
        ratio = f"{times[1] / times[0]:.1f}×" if None not in times else "—"
        rows.append(f"| {board} | {fmt_count(count)} | {cell('frontier')} | {cell('graphillion')} | "
                    f"{ratio} | {rss('frontier')} | {rss('graphillion')} |")
    return rows


def plot_peers(lines):
    """docs/bench-peers-frontier.svg: seconds per board, the frontier
    method and Graphillion side by side, drawn by `plot --chart bars`."""
    entries = sorted(lines, key=lambda e: (PEER_BOARDS.index(e["config"]["board"]),
                                           e["config"]["method"]))
    name = {"frontier": "frontier method, shipped order", "graphillion": "Graphillion (TdZdd)"}
    labels = []
    for e in entries:
        labels += ["--label", f"{report_board(e['report'], e['config'])} {name[e['config']['method']]}"]
    draw_plot(["--chart", "bars", *labels, "--title",
               "Closed tours, one thread: the frontier method and Graphillion (pale: stopped)"],
              [e["report"] for e in entries], DOCS.parent / "bench-peers-frontier.svg")


def library_rows(lines):
    """The libraries profile, grouped by board (in the profile's order),
    engine by engine and schedule by schedule within a board."""
    by_board = {}
    for e in lines:
        by_board.setdefault(board_label(e["config"]), []).append(e)

    def order(e):
        c = e["config"]
        rank = lambda xs, x: xs.index(x) if x in xs else len(xs)
        return rank(LIBRARY_ENGINES, c["engine"]), rank(LIBRARY_SCHEDULES, c["schedule"])

    return {board: sorted(entries, key=order) for board, entries in by_board.items()}


def complete_ms(entry):
    return median_ms(entry) if entry["report"].get("status") == "complete" else None


def fastest_and_slowest(entries):
    """Per engine, its fastest completed schedule; then the fastest and the
    slowest engine by that time, and the engines that completed nothing."""
    best = {}
    for e in entries:
        ms = complete_ms(e)
        engine = e["config"]["engine"]
        if ms is not None and (engine not in best or ms < best[engine][0]):
            best[engine] = (ms, e["config"]["schedule"])
    missing = sorted({e["config"]["engine"] for e in entries} - set(best))
    if not best:
        return None
    ranked = sorted(best.items(), key=lambda kv: kv[1][0])
    return ranked[0], ranked[-1], missing


def table_libraries(lines):
    rows = []
    for board, entries in library_rows(lines).items():
        count = next((e["report"].get("count") for e in entries if e["report"].get("count")), None)
        rows += [f"**{board}** ({fmt_count(count)} tours)", "",
                 "| engine | schedule | time | runs | peak nodes | final size | peak RSS | load |",
                 "|---|---|---|---|---|---|---|---|"]
        for e in entries:
            c, r = e["config"], e["report"]
            p = r.get("paths") or {}
            runs = ", ".join(fmt_ms(t) for t in e["times_ms"] if t is not None)
            loads = [x for x in e.get("loads") or [r.get("_load")] if x is not None]
            load = f"{max(loads):.1f}" if loads else "—"
            rows.append(f"| {c['engine']} | {c['schedule']} | {outcome(e)} | "
                        f"{runs if len(e['times_ms']) > 1 else ''} | "
                        f"{fmt_int(p.get('peak_live_nodes'))} | {fmt_int(p.get('final_size'))} | "
                        f"{fmt_bytes(r.get('peak_rss_bytes'))} | {load} |")
        ranking = fastest_and_slowest(entries)
        rows.append("")
        if ranking:
            (fast, (fms, fsched)), (slow, (sms, ssched)), missing = ranking
            line = (f"Fastest engine: **{fast}** ({fsched}, {fmt_ms(fms)}); slowest that "
                    f"finished: **{slow}** ({ssched}, {fmt_ms(sms)}), {sms / fms:.1f}× slower.")
            if missing:
                line += f" Finished no schedule: {', '.join(missing)}."
            rows.append(line)
        slug = board.replace("×", "x").replace(" ", "-")
        rows += ["", f"![{board}: time per engine and schedule](bench-libraries-{slug}.svg)", ""]
    return rows


def plot_libraries(lines):
    """One SVG per board, drawn by `knights-tour plot --chart bars`: time
    per engine (one colour each) and schedule (the bars grouped by
    schedule), log scale; runs stopped at their timeout are drawn pale and
    marked as lower bounds. A finished run's bar is the median of its
    runs, as in the table."""
    for board, entries in library_rows(lines).items():
        rank = lambda xs, x: xs.index(x) if x in xs else len(xs)
        entries = sorted(entries, key=lambda e: (rank(LIBRARY_SCHEDULES, e["config"]["schedule"]),
                                                 rank(LIBRARY_ENGINES, e["config"]["engine"])))
        reports = []
        for e in entries:
            r = dict(e["report"])
            ms = complete_ms(e)
            if ms is not None:
                r["total_time_ms"] = ms
            reports.append(r)
        slug = board.replace("×", "x").replace(" ", "-")
        # "6 closed" is the campaign's key: a square board in words.
        size, _, kind = board.partition(" ")
        named = f"{size}×{size} {kind}" if size.isdigit() else board
        draw_plot(["--chart", "bars", "--title",
                   f"{named}: seconds by schedule and engine (pale, marked stopped: did not finish)"],
                  reports, DOCS.parent / f"bench-libraries-{slug}.svg")


def features():
    """The buddy feature where BuDDy's header is installed: the binary the
    campaigns run, and the one `plot` runs (the same features, so that
    drawing a chart after a campaign rebuilds nothing)."""
    return ["--features", "buddy"] if BUDDY_HEADER.exists() else []


@functools.cache
def build_for_plots():
    """The release binary `plot` runs, built once however many charts a
    call draws (none where KNIGHTS_TOUR_BIN names the binary)."""
    if os.environ.get("KNIGHTS_TOUR_BIN"):
        return
    subprocess.run(["cargo", "build", "--release", "--locked", "-p", "knights-tour", *features()],
                   cwd=ROOT, check=True)


def draw_plot(options, reports, svg):
    """Draws `svg` with `knights-tour plot OPTIONS REPORTS...`, where each
    report is a path or a report (a dict, written to a temporary file as
    a line of runs.jsonl, under "report", where `plot` reads this script's
    `timeout` as the program's `interrupted`): every chart in the docs is
    one a user can draw from their own runs."""
    import tempfile
    build_for_plots()
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, report in enumerate(reports):
            if isinstance(report, dict):
                path = Path(tmp) / f"report-{i}.json"
                path.write_text(json.dumps({"report": report}))
                report = path
            paths.append(str(report))
        binary = os.environ.get("KNIGHTS_TOUR_BIN") or str(BINARY)
        # The SVG the docs show, and a PNG of it in docs/png/ to look at.
        png = svg.parent / "png" / (svg.stem + ".png")
        png.parent.mkdir(exist_ok=True)
        for out in (svg, png):
            subprocess.run([binary, "plot", *options, *paths, "-o", str(out)],
                           cwd=ROOT, check=True)
    print(f"wrote {svg.relative_to(ROOT)} and {png.relative_to(ROOT)}")


def report_board(report, config=None):
    """`6×6 open`: the board of a report (or of its configuration)."""
    b = report.get("benchmark") or {}
    if b.get("rows") and b.get("cols"):
        return f"{b['rows']}×{b['cols']} {b.get('tour', 'open')}"
    return board_label(config)


# The frontier reports whose levels `levels` draws: per board, the first
# file that exists (paths under bench-results/). 6×6 open and 6×8 closed
# are small reports kept for this chart (bench-results/levels/meta.json).
LEVEL_REPORTS = [
    ("6×6 open", ["levels/6x6-open.json"]),
    ("6×8 closed", ["levels/6x8-closed.json"]),
    ("7×7 open", ["frontier-core/7x7open.json"]),
    ("7×8 closed", ["frontier-core/7x8c-new.json", "cluster/7x8closed-frontier.json"]),
    ("8×8 closed", ["frontier-core/8x8c-new.json", "eight/runs.jsonl"]),
]
LEVELS_SVG = DOCS.parent / "frontier-levels.svg"


def read_report(path):
    """The report in a JSON file, or the last report of a runs.jsonl."""
    if path.suffix == ".jsonl":
        lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        return lines[-1]["report"] if lines else None
    return json.loads(path.read_text())


def plot_levels():
    """docs/frontier-levels.svg: distinct states per level of the frontier
    sweep (log scale), one line per board, drawn by the program itself
    (`knights-tour plot`, the command docs/frontier.md gives) from the
    first report of each board in LEVEL_REPORTS that exists."""
    paths = []
    for board, candidates in LEVEL_REPORTS:
        path = next((RESULTS / c for c in candidates if (RESULTS / c).exists()), None)
        if path is None:
            print(f"levels: no report of {board} ({', '.join(candidates)}); left out",
                  file=sys.stderr)
            continue
        paths.append(str(path))
    draw_plot(["--title", "States per level of the frontier sweep (bench-results)"],
              paths, LEVELS_SVG)


# The runs of each method that bench-results holds, in the chart's order.
METHOD_RUNS = ["time-sliced ZDD", "backtracking", "frontier, 1 thread", "frontier, 2 threads",
               "frontier, shipped order, 2 threads",
               "cluster, 1 process", "cluster, 2 processes", "cluster, 4 processes"]
METHODS_SVG = DOCS.parent / "method-costs.svg"
METHODS_MEMORY_SVG = DOCS.parent / "method-memory.svg"


def method_runs():
    """(board, run, seconds, peak RSS bytes, complete, report) for every
    run of a method in bench-results, the first of each board and run
    (a repeated run's report carries its median time): the backtrack
    and reach profiles (the time-sliced ZDD with zbdd, backtracking) and the
    cluster campaign (the frontier method on one thread; the cluster runs,
    with process 0's time and the largest resident set of its processes)."""
    runs = []
    for profile in ["backtrack", "reach"]:
        lines, _ = load(profile)
        for e in lines or []:
            c, r = e["config"], e["report"]
            if c.get("engine", "zbdd") != "zbdd" or c.get("threads", 1) != 1:
                continue
            name = {"zdd": "time-sliced ZDD", "backtrack": "backtracking"}.get(c["method"])
            if name:
                r = dict(r, total_time_ms=median_ms(e))
                runs.append((report_board(r, c), name, median_ms(e) / 1000,
                             r.get("peak_rss_bytes"), r.get("status") == "complete", r))
    # frontier-core is left out: it compared two builds of the core, with
    # background builds running, and has no run of another method.
    for path in sorted((RESULTS / "cluster").glob("*.json")):
        if path.stem.endswith("-old") or ("-p" in path.stem and not path.stem.endswith("-0")):
            continue  # the core before the change; processes other than 0
        r = json.loads(path.read_text())
        s = r.get("settings") or {}
        if s.get("method") == "cluster":
            n = (r.get("cluster") or {}).get("processes")
            name = f"cluster, {n} process{'es' if n != 1 else ''}"
            rss = max((p.get("peak_rss_bytes", 0)
                       for p in (r.get("cluster") or {}).get("per_process", [])),
                      default=r.get("peak_rss_bytes"))
        elif s.get("method") == "frontier":
            t = s.get("threads")
            name = f"frontier, {t} thread{'s' if t != 1 else ''}"
            rss = r.get("peak_rss_bytes")
        else:
            continue
        runs.append((report_board(r), name, r.get("total_time_ms", 0) / 1000, rss,
                     r.get("status") == "complete", path))
    # The frontier method in the shipped order (the vertex-order campaign,
    # bench-results/order; the runs on an idle machine where there are
    # two), the method `auto` takes from 6x6 on.
    for path in sorted((RESULTS / "order").glob("*.json")):
        stem = path.stem
        if stem.startswith("hyperfine") or stem == "meta" or "first" in stem:
            continue
        if path.with_name(stem + "-idle.json").exists():
            continue  # the same board on an idle machine is taken instead
        r = json.loads(path.read_text())
        s = r.get("settings") or {}
        if s.get("method") != "frontier" or r.get("status") != "complete":
            continue
        runs.append((report_board(r), f"frontier, shipped order, {s.get('threads')} threads",
                     r.get("total_time_ms", 0) / 1000, r.get("peak_rss_bytes"), True, path))
    seen, first = set(), []
    for run in runs:
        if run[:2] not in seen:
            seen.add(run[:2])
            first.append(run)
    return first


def plot_methods():
    """docs/method-costs.svg and docs/method-memory.svg, drawn by
    `knights-tour plot --chart bars`: wall time and peak resident set per
    method and board (log scales), from the runs bench-results holds; runs
    stopped before the end (out of memory) are drawn pale and marked as
    lower bounds; a cluster's memory is its largest process's."""
    runs = [r for r in method_runs() if r[1] in METHOD_RUNS]
    # Boards of 36 squares or more with at least two methods to compare,
    # smallest first.
    boards = {}
    for board, name, *_ in runs:
        boards.setdefault(board, set()).add(name)

    def cells(board):
        rows, cols = board.split()[0].split("×")
        return int(rows) * int(cols)

    boards = sorted((b for b, names in boards.items() if len(names) > 1 and cells(b) >= 36),
                    key=lambda b: (cells(b), b))
    chosen = sorted((r for r in runs if r[0] in boards),
                    key=lambda r: (boards.index(r[0]), METHOD_RUNS.index(r[1])))
    labels = [x for r in chosen for x in ["--label", f"{r[0]}: {r[1]}"]]
    reports = [r[5] for r in chosen]
    draw_plot(["--chart", "bars", "--title",
               "Seconds per method (pale, marked stopped: out of memory, did not finish)",
               *labels], reports, METHODS_SVG)
    draw_plot(["--chart", "bars", "--memory", "--title",
               "Peak memory per method (the cluster: its largest process)", *labels],
              reports, METHODS_MEMORY_SVG)
    for board in boards:
        print(f"methods: {board}: " + ", ".join(
            f"{name} {secs:.2f} s {rss / 2**20:.0f} MiB{'' if ok else ' (stopped)'}"
            for b, name, secs, rss, ok, _ in runs if b == board))


# Charts drawn from the results already in bench-results (no runs):
# `scripts/bench-matrix.py levels`, `… method-costs`, or `… plots` for both.
# The same boards swept in the columns and in the shipped order (paths under
# bench-results/): what the vertex order does to every level.
ORDER_REPORTS = [
    # The 7×7 order shipped now is the half-turn-paired one (its report
    # kept under the name of the search that found it).
    ("7×7 open", "frontier-core/7x7open.json", "order/7x7-open-mirrored.json"),
    ("8×8 closed", "frontier-core/8x8c-new.json", "order/8x8-closed.json"),
]
ORDERS_SVG = DOCS.parent / "frontier-orders.svg"


def plot_orders():
    """docs/frontier-orders.svg, drawn by `knights-tour plot`: distinct
    states per level (log scale) of 7×7 open and 8×8 closed, in the
    columns (dashed) and in the shipped order (solid), from the reports'
    `frontier.levels[].states`."""
    paths, labels = [], []
    for board, columns, shipped in ORDER_REPORTS:
        for path, name in [(columns, "columns"), (shipped, "shipped order")]:
            full = RESULTS / path
            if not full.exists():
                print(f"orders: no report {path}; left out", file=sys.stderr)
                continue
            levels = ((read_report(full) or {}).get("frontier") or {}).get("levels") or []
            points = [(lv["step"], lv["states"]) for lv in levels if lv.get("states")]
            peak_step, peak = max(points, key=lambda p: p[1])
            total = sum(p[1] for p in points)
            paths.append(str(full))
            labels += ["--label", f"{board}, {name}: peak {peak:,} at step {peak_step}, "
                                  f"{total:,} in all"]
    draw_plot(["--title", "States per level: the columns (dashed) against the shipped order",
               *labels], paths, ORDERS_SVG)


PLOTS = {"levels": plot_levels, "method-costs": plot_methods, "orders": plot_orders}


TABLES = {"targets": table_targets, "libraries": table_libraries, "engines": table_engines, "cache": table_cache,
          "threads": table_threads, "backtrack": table_backtrack, "reach": table_reach,
          "beyond": table_reach, "methods": table_methods, "eight": table_frontier,
          "peers": table_peers}


def update_docs(names):
    text = DOCS.read_text()
    for name in names:
        lines, meta = load(name)
        if lines is None:
            continue
        begin, end = f"<!-- BEGIN {name} -->", f"<!-- END {name} -->"
        if begin not in text or end not in text:
            print(f"docs/benchmarks.md has no markers for {name}; skipped", file=sys.stderr)
            continue
        body = [begin,
                f"_Generated by `scripts/bench-matrix.py {name} --update-docs` on "
                f"{meta.get('date', '?')}; {meta.get('machine', '?')}; memory budget "
                f"{meta.get('memory', '?')}. Raw reports: `bench-results/{name}/`._"
                + (f" _{meta['note']}_" if meta.get("note") else ""),
                ""] + TABLES[name](lines) + [end]
        if name == "libraries":
            plot_libraries(lines)
        if name == "peers":
            plot_peers(lines)
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        text = head + "\n".join(body) + tail
    DOCS.write_text(text)


def main():
    if len(sys.argv) > 1 and sys.argv[1] in [*PLOTS, "plots"]:
        for name in PLOTS if sys.argv[1] == "plots" else [sys.argv[1]]:
            PLOTS[name]()
        return
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("profiles", nargs="*")
    parser.add_argument("--list", action="store_true", help="list the profiles")
    parser.add_argument("--timeout", type=float, default=1800,
                        help="default per-run timeout in seconds")
    parser.add_argument("--memory", default="20GiB", help="memory budget per run")
    parser.add_argument("--repeat", type=int, help="override the repeat count")
    parser.add_argument("--cap", type=float,
                        help="cap every run's timeout at this many seconds (a quick campaign)")
    parser.add_argument("--cap-plain", type=float,
                        help="cap the timeout of every schedule but fused at this many seconds")
    parser.add_argument("--resume", action="store_true",
                        help="keep the runs already recorded and run only the rest")
    parser.add_argument("--note", help="a remark stored in meta.json and shown in the docs")
    parser.add_argument("--update-docs", action="store_true")
    parser.add_argument("--docs-only", action="store_true",
                        help="only regenerate docs from stored results")
    args = parser.parse_args()
    if args.list:
        for name, configs in PROFILES.items():
            print(f"{name}: {len(configs)} runs")
        return
    names = list(PROFILES) if args.profiles == ["all"] else args.profiles
    unknown = [n for n in names if n not in PROFILES]
    if unknown or not names:
        parser.error(f"choose profiles from {', '.join(PROFILES)} (or all)")
    if not args.docs_only:
        subprocess.run(["cargo", "build", "--release", "-p", "knights-tour", *features()],
                       cwd=ROOT, check=True)
        for name in names:
            run_profile(name, PROFILES[name], args)
    if args.update_docs or args.docs_only:
        update_docs(names)


if __name__ == "__main__":
    main()
