"""Exact knight's tour counts, tables, tours and reports (the knights-tour
counting library, kt-count)."""

from typing import Any, Callable, Dict, List, Optional, Union

Board = Union[int, str]
Progress = Callable[[Dict[str, Any]], Any]

__version__: str

def count(
    board: Board,
    closed: bool = False,
    *,
    start: Optional[str] = None,
    end: Optional[str] = None,
    method: str = "auto",
    threads: Optional[int] = None,
    memory: Union[int, str, None] = None,
    progress: Optional[Progress] = None,
) -> int: ...
def by_start(
    board: Board,
    closed: bool = False,
    *,
    method: str = "auto",
    threads: Optional[int] = None,
    memory: Union[int, str, None] = None,
    progress: Optional[Progress] = None,
) -> List[List[int]]: ...
def report(
    board: Board,
    closed: bool = False,
    *,
    start: Optional[str] = None,
    end: Optional[str] = None,
    by_start: bool = False,
    method: str = "auto",
    threads: Optional[int] = None,
    memory: Union[int, str, None] = None,
    progress: Optional[Progress] = None,
) -> Dict[str, Any]: ...
def tours(
    board: Board,
    closed: bool = False,
    *,
    count: int = 1,
    random: bool = False,
    seed: Optional[int] = None,
    method: str = "auto",
    threads: Optional[int] = None,
    memory: Union[int, str, None] = None,
    progress: Optional[Progress] = None,
) -> List[List[str]]: ...
def tour(
    board: Board,
    closed: bool = False,
    *,
    random: bool = False,
    seed: Optional[int] = None,
    method: str = "auto",
    threads: Optional[int] = None,
    memory: Union[int, str, None] = None,
    progress: Optional[Progress] = None,
) -> List[str]: ...
def find(board: Board, closed: bool = False, *, start: Optional[str] = None) -> List[str]: ...
def methods() -> List[str]: ...
