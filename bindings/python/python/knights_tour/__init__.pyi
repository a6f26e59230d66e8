"""Exact knight's tour counts, tables, tours and reports (the knights-tour
counting library, kt-count)."""

import os
from typing import Any, Iterator, List, Optional, Union, final, overload

from ._graph import knight_graph as knight_graph
from ._table import Table as Table
from ._types import Benchmark as Benchmark
from ._types import Board as Board
from ._types import Check as Check
from ._types import Method as Method
from ._types import Progress as Progress
from ._types import Report as Report
from ._types import Settings as Settings

__version__: str
__all__ = [
    "BeyondMachineError",
    "Benchmark",
    "Board",
    "BoardError",
    "CancelledError",
    "Check",
    "CheckError",
    "KnightsTourError",
    "Method",
    "Progress",
    "Report",
    "Settings",
    "Table",
    "TourIter",
    "Tours",
    "by_start",
    "count",
    "find",
    "knight_graph",
    "methods",
    "report",
    "sequence",
    "tour",
    "tours",
]

class KnightsTourError(ValueError):
    """Every error of knights_tour."""

class BoardError(KnightsTourError):
    """A board or square that is not one."""

class BeyondMachineError(KnightsTourError):
    """Work estimated beyond this machine, or a limit reached while it ran."""

class CancelledError(KnightsTourError):
    """A run stopped before its answer."""

class CheckError(KnightsTourError):
    """check=True: a published count disagrees with the answer."""

@final
class TourIter(Iterator[List[str]]):
    def __iter__(self) -> "TourIter": ...
    def __next__(self) -> List[str]: ...
    def __length_hint__(self) -> int: ...

class Tours:
    """Every tour of one board, built once and kept."""

    def __new__(
        cls,
        board: Board,
        closed: bool = False,
        *,
        method: Method = "auto",
        threads: Optional[int] = None,
        memory: Union[int, str, None] = None,
        force: bool = False,
        timeout: Optional[float] = None,
        progress: Optional[Progress] = None,
    ) -> "Tours": ...
    @property
    def board(self) -> str: ...
    @property
    def closed(self) -> bool: ...
    @property
    def count(self) -> int: ...
    @property
    def report(self) -> Report: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __iter__(self) -> TourIter: ...
    @overload
    def __getitem__(self, index: int, /) -> List[str]: ...
    @overload
    def __getitem__(self, index: slice, /) -> List[List[str]]: ...
    def __contains__(self, tour: object, /) -> bool: ...
    def random(self, k: int = 1, seed: Optional[int] = None) -> List[List[str]]: ...
    @overload
    def by_start(self) -> Table: ...
    @overload
    def by_start(self, *, as_numpy: bool) -> Any: ...
    def _repr_svg_(self) -> Optional[str]: ...
    def _repr_html_(self) -> str: ...

def sequence(
    rows: int,
    to: int,
    closed: bool = False,
    *,
    cells: bool = False,
    oeis: Optional[str] = None,
    check: bool = False,
    threads: Optional[int] = None,
    memory: Union[int, str, None] = None,
    force: bool = False,
    spill_dir: Union[str, os.PathLike[str], None] = None,
    checkpoint: Union[str, os.PathLike[str], None] = None,
    checkpoint_every: Optional[float] = None,
    timeout: Optional[float] = None,
    progress: Optional[Progress] = None,
) -> List[int]: ...
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
    check: bool = False,
    timeout: Optional[float] = None,
    progress: Optional[Progress] = None,
) -> int: ...
@overload
def by_start(
    board: Board,
    closed: bool = False,
    *,
    method: Method = "auto",
    threads: Optional[int] = None,
    memory: Union[int, str, None] = None,
    force: bool = False,
    check: bool = False,
    timeout: Optional[float] = None,
    progress: Optional[Progress] = None,
) -> Table: ...
@overload
def by_start(
    board: Board,
    closed: bool = False,
    *,
    method: Method = "auto",
    threads: Optional[int] = None,
    memory: Union[int, str, None] = None,
    force: bool = False,
    check: bool = False,
    as_numpy: bool,
    timeout: Optional[float] = None,
    progress: Optional[Progress] = None,
) -> Any: ...
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
    check: bool = False,
    timeout: Optional[float] = None,
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
    timeout: Optional[float] = None,
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
    timeout: Optional[float] = None,
    progress: Optional[Progress] = None,
) -> List[str]: ...
def find(board: Board, closed: bool = False, *, start: Optional[str] = None) -> List[str]: ...
def methods() -> List[Method]: ...

