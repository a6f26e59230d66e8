"""Tables by square: a list per board row (the top row first) of exact
ints, with numpy and pandas on request.

numpy and pandas are optional: imported when a table is converted, never
when knights_tour is imported, so the package itself needs neither.
"""

from typing import Any, Iterable, List

_INT64_MAX = 2**63 - 1


def file_names(cols: int) -> List[str]:
    """The files' names, left to right: a, b, ..., z, aa, ab, ... (the
    columns of a spreadsheet), as square names spell them."""
    names = []
    for column in range(1, cols + 1):
        letters = ""
        while column:
            column, rest = divmod(column - 1, 26)
            letters = chr(ord("a") + rest) + letters
        names.append(letters)
    return names


def _need(module: str, what: str) -> Any:
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ImportError(f"{what} needs {module}: pip install {module}") from error


class Table(list):  # type: ignore[type-arg]
    """A table by square of a board: a list per board row, row 0 (the top
    row, rank R) first, each cell an exact int. It is a list, so it
    compares equal to the same list of lists and sums as one;
    ``to_numpy()`` and ``to_pandas()`` convert it.

    >>> t = Table([[2, 0, 0, 2], [1, 1, 1, 1], [2, 0, 0, 2]], "3x4")
    >>> t.board, t.rows, t.cols, sum(map(sum, t))
    ('3x4', 3, 4, 12)
    """

    board: str

    def __init__(self, rows: Iterable[List[int]], board: str) -> None:
        super().__init__(list(row) for row in rows)
        self.board = board

    @property
    def rows(self) -> int:
        return len(self)

    @property
    def cols(self) -> int:
        return len(self[0]) if self else 0

    def to_numpy(self) -> Any:
        """The table as a numpy array, row 0 (the top) first: int64 where
        every cell fits, else an array of Python ints (dtype object),
        exact either way."""
        np = _need("numpy", "Table.to_numpy")
        fits = all(-_INT64_MAX - 1 <= cell <= _INT64_MAX for row in self for cell in row)
        return np.array([list(row) for row in self], dtype=np.int64 if fits else object)

    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame, as the board is seen: the
        ranks as its index (the top rank first), the files as its
        columns, so that ``df.loc[1, "a"]`` is square a1."""
        pd = _need("pandas", "Table.to_pandas")
        ranks = list(range(self.rows, 0, -1))
        return pd.DataFrame(self.to_numpy(), index=pd.Index(ranks, name="rank"),
                            columns=pd.Index(file_names(self.cols), name="file"))
