"""Exact knight's tour counts, tables, tours and reports (the knights-tour
counting library, kt-count); the extension module's docstring replaces
this one."""

# The package around the extension module knights_tour.knights_tour,
# kept in the repository so that the stub (__init__.pyi) and py.typed sit
# in the package itself, where a wheel built from the sdist finds them
# too (maturin looks for a lone module's stub beside pyproject.toml,
# which the sdist moves to its root, away from the stub). Beside it, the
# pure-Python parts: tables (numpy, pandas), the networkx graph and the
# types the stub names.
from . import knights_tour as _native
from ._graph import knight_graph
from ._table import Table
from ._types import Benchmark, Board, Check, Method, Progress, Report, Settings
from .knights_tour import (
    BeyondMachineError,
    BoardError,
    CancelledError,
    CheckError,
    KnightsTourError,
    TourIter,
    Tours,
    __version__,
    by_start,
    count,
    find,
    methods,
    report,
    sequence,
    tour,
    tours,
)

__doc__ = _native.__doc__

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
