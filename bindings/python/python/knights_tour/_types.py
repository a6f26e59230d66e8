"""The types the stub names, at run time: ``kt.Report`` and the others
can be imported, subclassed and used in annotations that are evaluated.

Keys that not every report has sit in a base class with ``total=False``
(the spelling of ``NotRequired`` that Python 3.9 and 3.10 also run).
"""

from typing import Any, Callable, Dict, List, Optional, Union

try:  # Python 3.8+: always there; the fallback keeps type checkers calm.
    from typing import Literal, TypedDict
except ImportError:  # pragma: no cover
    from typing_extensions import Literal, TypedDict  # type: ignore[assignment]

Board = Union[int, str]
"""An int N (an N×N board) or a string "RxC"; not a bool."""

Progress = Callable[[Dict[str, Any]], Any]
"""The progress callback: called with one dict per event."""

Method = Literal["auto", "zdd", "frontier", "edges", "backtrack", "cluster"]
"""How to count: "auto" takes the fastest method whose estimate fits this
machine (its memory, plus the free disk where a method spills); if none
fits, the one with the smallest estimate."""


class _SettingsOptional(TypedDict, total=False):
    method_reason: str


class Settings(_SettingsOptional):
    method: str
    schedule: Optional[str]
    threads: int
    node_capacity: int
    cache_capacity: int
    memory_budget_bytes: int


class Benchmark(TypedDict):
    name: str
    encoding: str
    rows: int
    cols: int
    tour: Literal["open", "closed"]
    convention: str


class Check(TypedDict):
    """``check=True``'s verdict: the published rows that agree and those
    that disagree."""

    passed: bool
    agreeing: List[Dict[str, Any]]
    disagreeing: List[Dict[str, Any]]


class _ReportOptional(TypedDict, total=False):
    package: Optional[Dict[str, Any]]
    check: Optional[Check]


class Report(_ReportOptional):
    """The ``knights-tour/run/1`` document ``knights-tour count --json``
    prints (docs/json.md), with every count an int ("count" and the
    cells of "by_start" and "by_end"). The sections of questions and
    methods a run did not use are None ("notes": [])."""

    schema: str
    status: Literal["complete", "interrupted", "out-of-memory", "failed"]
    benchmark: Benchmark
    settings: Settings
    count: Optional[int]
    total_time_ms: float
    peak_rss_bytes: int
    by_start: Optional[List[List[int]]]
    by_end: Optional[List[List[int]]]
    frontier: Optional[Dict[str, Any]]
    notes: List[str]
    version: str
    commit: str
