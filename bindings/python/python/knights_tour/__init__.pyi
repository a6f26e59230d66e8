"""Exact knight's tour counts, tables, tours and reports (the knights-tour
counting library, kt-count)."""

import sys
from typing import Any, Callable, Dict, List, Optional, Union

if sys.version_info >= (3, 11):
    from typing import Literal, NotRequired, TypedDict
else:
    from typing_extensions import Literal, NotRequired, TypedDict

Board = Union[int, str]
"""An int N (an N×N board) or a string "RxC"; not a bool."""
Progress = Callable[[Dict[str, Any]], Any]
Method = Literal["auto", "zdd", "frontier", "edges", "backtrack", "cluster"]
"""How to count: "auto" takes the fastest method whose estimate fits this
machine (its memory, plus the free disk where a method spills); if none
fits, the one with the smallest estimate."""

class Settings(TypedDict):
    method: str
    method_reason: NotRequired[str]
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

class Report(TypedDict):
    """The `knights-tour/run/1` document `knights-tour count --json`
    prints (docs/json.md), with "count" an int. The sections of questions
    and methods a run did not use are None ("notes": [])."""

    schema: str
    status: Literal["complete", "interrupted", "out-of-memory", "failed"]
    benchmark: Benchmark
    settings: Settings
    count: Optional[int]
    total_time_ms: float
    peak_rss_bytes: int
    by_start: Optional[List[List[str]]]
    by_end: Optional[List[List[str]]]
    frontier: Optional[Dict[str, Any]]
    notes: List[str]
    version: str
    commit: str
    package: NotRequired[Optional[Dict[str, Any]]]

__version__: str

def count(
    board: Board,
    closed: bool = False,
    *,
    start: Optional[str] = None,
    end: Optional[str] = None,
    method: Method = "auto",
    threads: Optional[int] = None,
    memory: Union[int, str, None] = None,
    force: bool = False,
    progress: Optional[Progress] = None,
) -> int: ...
def by_start(
    board: Board,
    closed: bool = False,
    *,
    method: Method = "auto",
    threads: Optional[int] = None,
    memory: Union[int, str, None] = None,
    force: bool = False,
    progress: Optional[Progress] = None,
) -> List[List[int]]: ...
def report(
    board: Board,
    closed: bool = False,
    *,
    start: Optional[str] = None,
    end: Optional[str] = None,
    by_start: bool = False,
    method: Method = "auto",
    threads: Optional[int] = None,
    memory: Union[int, str, None] = None,
    force: bool = False,
    progress: Optional[Progress] = None,
) -> Report: ...
def tours(
    board: Board,
    closed: bool = False,
    *,
    count: int = 1,
    random: bool = False,
    seed: Optional[int] = None,
    method: Method = "auto",
    threads: Optional[int] = None,
    memory: Union[int, str, None] = None,
    force: bool = False,
    progress: Optional[Progress] = None,
) -> List[List[str]]: ...
def tour(
    board: Board,
    closed: bool = False,
    *,
    random: bool = False,
    seed: Optional[int] = None,
    method: Method = "auto",
    threads: Optional[int] = None,
    memory: Union[int, str, None] = None,
    force: bool = False,
    progress: Optional[Progress] = None,
) -> List[str]: ...
def find(board: Board, closed: bool = False, *, start: Optional[str] = None) -> List[str]: ...
def methods() -> List[Method]: ...
