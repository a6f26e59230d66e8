"""The board as the project numbers it: square s = cols*row + col, row 0 at
the top, algebraic names with a1 in the bottom-left corner."""

import re

MOVES = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


class BoardError(ValueError):
    pass


class Board:
    def __init__(self, rows, cols):
        self.rows = rows
        self.cols = cols
        self.cells = rows * cols
        self.neighbours = [
            sorted(self.at(r + dr, c + dc) for dr, dc in MOVES
                   if 0 <= r + dr < rows and 0 <= c + dc < cols)
            for r in range(rows) for c in range(cols)
        ]

    @classmethod
    def parse(cls, text):
        """`N` (N×N) or `RxC`, as the program takes them."""
        m = re.fullmatch(r"\s*(\d+)(?:\s*[xX×]\s*(\d+))?\s*", text)
        if not m:
            raise BoardError(f"'{text}' is not a board: give N or RxC, e.g. 6 or 5x6")
        rows = int(m.group(1))
        cols = int(m.group(2)) if m.group(2) else rows
        if rows < 1 or cols < 1:
            raise BoardError(f"board {text} has no squares")
        return cls(rows, cols)

    def __str__(self):
        return f"{self.rows}x{self.cols}"

    def at(self, row, col):
        return self.cols * row + col

    def row_col(self, square):
        return divmod(square, self.cols)

    def degree(self, square):
        return len(self.neighbours[square])

    def is_move(self, p, q):
        return q in self.neighbours[p]

    def name(self, square):
        """Algebraic name: files a… (then aa… past 26 columns), rank 1 at the bottom."""
        row, col = self.row_col(square)
        letters = ""
        n = col + 1
        while n:
            n, rem = divmod(n - 1, 26)
            letters = chr(ord("a") + rem) + letters
        return f"{letters}{self.rows - row}"

    def edges(self):
        """Undirected knight moves (p < q)."""
        return [(p, q) for p in range(self.cells) for q in self.neighbours[p] if p < q]

    def closed_squares(self):
        """The closed start's corner a = (0,0) and its neighbours b = (1,2),
        c = (2,1); None where the board has no closed tour."""
        if self.rows < 3 or self.cols < 3:
            return None
        return [self.at(0, 0), self.at(1, 2), self.at(2, 1)]
