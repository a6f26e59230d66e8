"""The peer adapters (scripts/bench_peers.py): their counts agree with the
program's, their reports have every field docs/json.md gives the
`knights-tour/run/1` schema, and `knights-tour plot` draws them.

Run with the venv of scripts/requirements-peers.txt:
  KNIGHTS_TOUR=target/debug/knights-tour python -m pytest scripts/tests
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "scripts" / "bench_peers.py"
BINARY = Path(os.environ.get("KNIGHTS_TOUR", ROOT / "target" / "release" / "knights-tour"))
DOCS = ROOT / "docs" / "json.md"
SCHEMA_FILE = ROOT / "docs" / "schemas" / "run-1.json"

# Directed open tours, undirected closed ones (OEIS A165134, A193054).
COUNTS = {("4x5", False): 164, ("5x6", True): 8, ("6x5", False): 37568}


def bench(*args, ok=(0,)):
    out = subprocess.run([sys.executable, str(SCRIPT), *args, "--binary", str(BINARY)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode in ok, out.stderr
    return json.loads(out.stdout), out


CASES = [
    ("cudd", "4x5", False, ["--schedule", s]) for s in ["fused", "per-square", "adiar", "backward"]
] + [
    ("cudd", "5x6", True, []),
    ("cudd", "6x5", False, []),
    ("graphillion", "4x5", False, []),
    ("graphillion", "4x5", False, ["--pairs"]),
    ("graphillion", "5x6", True, []),
    ("graphillion", "6x5", False, []),
]


@pytest.fixture(scope="module")
def reports():
    return {}


@pytest.mark.parametrize("engine,board,closed,extra", CASES)
def test_counts_agree_with_the_program(engine, board, closed, extra, reports):
    args = [engine, board] + (["--closed"] if closed else []) + extra
    report, _ = bench(*args)
    assert report["status"] == "complete"
    assert int(report["count"]) == COUNTS[(board, closed)]
    assert report["check"]["passed"]
    reports[" ".join(args)] = report


def run_fields():
    """(path, type) of every field of the run schema's table in docs/json.md."""
    text = DOCS.read_text()
    section = text.split("## `knights-tour/run/1`", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([^`]+)` \| ([^|]+?) \|", section, re.M)


TYPES = {"string": str, "integer": int, "number": (int, float), "object": dict,
         "list": list, "boolean": bool}


def values_at(doc, path):
    """The values a field path names, where its parents are present."""
    values = [doc]
    for part in path.split("."):
        many = part.endswith("[]")
        name = part[:-2] if many else part
        nxt = []
        for v in values:
            if v is None:
                continue  # a null section: its fields are absent
            assert isinstance(v, dict) and name in v, f"missing field {path}"
            child = v[name]
            nxt += (child if many and child is not None else [child])
        values = nxt
    return values


def check_schema(report):
    if SCHEMA_FILE.exists():
        jsonschema = pytest.importorskip("jsonschema")
        jsonschema.validate(report, json.loads(SCHEMA_FILE.read_text()))
    fields = run_fields()
    assert len(fields) > 50, "docs/json.md's run table was not found"
    for path, kind in fields:
        allowed = tuple(TYPES[w] for w in re.findall(r"[a-z]+", kind) if w in TYPES)
        nullable = "null" in kind
        for value in values_at(report, path):
            if value is None:
                assert nullable, f"{path} is null, docs say {kind}"
            else:
                assert isinstance(value, allowed) and (
                    bool in allowed or not isinstance(value, bool)), f"{path}: {value!r} is not {kind}"


def test_reports_have_the_run_schema(reports):
    if not reports:
        pytest.skip("no report was made")
    for args, report in reports.items():
        check_schema(report)
        assert report["schema"] == "knights-tour/run/1"
    cudd = next(r for a, r in reports.items() if a.startswith("cudd"))
    assert cudd["package"]["type"] == "cudd-zdd"
    assert cudd["package"]["name"] == "CUDD"
    assert cudd["steps"] and cudd["paths"]["final_size"] > 0


def test_cudd_builds_the_diagrams_oxidd_builds():
    """Same constraints, order and schedule: the same diagrams, node for node."""
    ours, _ = bench("cudd", "4x5", "--schedule", "adiar")
    oxidd = json.loads(subprocess.run(
        [str(BINARY), "bench", "4x5", "--schedule", "adiar", "--json", "--quiet"],
        capture_output=True, text=True, check=True).stdout)
    sizes = lambda r: [(s["constraint"], s["constraint_size"], s["result_size"])  # noqa: E731
                       for s in r["steps"]]
    assert sizes(ours) == sizes(oxidd)


def test_a_stopped_run_keeps_its_steps_and_is_drawn_pale(tmp_path, reports):
    stopped, out = bench("cudd", "5", "--schedule", "adiar", "--timeout", "1", ok=(4,))
    assert stopped["status"] == "interrupted" and stopped["count"] is None
    assert "time limit" in stopped["error"]
    assert len(out.stderr.strip().splitlines()) == 1
    check_schema(stopped)
    path = tmp_path / "runs.json"
    path.write_text("\n".join(json.dumps(r) for r in [*reports.values(), stopped]))
    svg = tmp_path / "bars.svg"
    subprocess.run([str(BINARY), "plot", "--chart", "bars", str(path), "-o", str(svg)],
                   check=True, capture_output=True)
    text = svg.read_text()
    assert "stopped" in text
    if reports:
        assert "cudd-zdd" in text and "graphillion" in text


@pytest.mark.parametrize("args,words", [
    (["cudd", "0x5"], "no squares"),
    (["cudd", "5", "--schedule", "nope"], "invalid choice"),
    (["graphillion", "5", "--closed", "--pairs"], "--pairs"),
    (["cudd", "5", "--memory", "lots"], "not a size"),
])
def test_bad_input_is_refused_in_one_line(args, words):
    out = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and words in out.stderr
