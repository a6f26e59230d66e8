"""The exactly-once filters of crates/constraints, read as automata over a
set's variables in increasing order (kt-engine's `SetFilter` contract:
absence is silent, the key decides, extra state only rejects).

`ExactlyOnce` is the two-state filter of one square (the per-square
schedule); `AllExactlyOnce` the conjunction of all of them with the four
completion tests of all_exactly_once.rs (exit, colour, dead ends,
connected), the fused schedule's one pass. Squares are bits of a Python
int."""


class ExactlyOnce:
    def __init__(self, board, square):
        self.n = board.cells
        self.square = square

    def start(self):
        return False

    def key(self, seen):
        return seen

    def include(self, seen, var):
        if var % self.n != self.square:
            return seen
        return None if seen else True

    def accepts(self, seen):
        return seen


class AllExactlyOnce:
    def __init__(self, board, end):
        self.n = board.cells
        self.all = (1 << self.n) - 1
        self.light = sum(1 << s for s in range(self.n) if sum(board.row_col(s)) % 2 == 0)
        self.neighbours = [sum(1 << q for q in board.neighbours[s]) for s in range(self.n)]
        self.end = end

    def start(self):
        return (0, None)

    def key(self, walk):
        return walk[0]

    def include(self, walk, var):
        square = var % self.n
        bit = 1 << square
        visited = walk[0]
        if visited & bit:
            return None
        visited |= bit
        return (visited, square) if self._completable(visited, square) else None

    def accepts(self, walk):
        return walk[0] == self.all

    def _completable(self, visited, at):
        rest = self.all & ~visited
        if not rest:
            return True
        nb = self.neighbours
        # 1. Exit.
        exits = nb[at] & rest
        if not exits:
            return False
        # 2. Colour.
        k = rest.bit_count()
        same = self.light if (self.light >> at) & 1 else self.all & ~self.light
        if (rest & same).bit_count() != k // 2:
            return False
        # 3. Dead ends.
        reachable = rest | (1 << at)
        dead_ends = 0
        r = rest
        while r:
            low = r & -r
            s = low.bit_length() - 1
            r ^= low
            degree = (nb[s] & reachable).bit_count()
            if degree <= 1:
                only_exit_is_knight = not (nb[s] & rest)
                if degree == 0 or (only_exit_is_knight and k > 1) or (
                        self.end is not None and self.end != s):
                    return False
                dead_ends += 1
                if dead_ends > 1:
                    return False
        # 4. Connected.
        seen = frontier = exits
        while frontier:
            nxt = 0
            f = frontier
            while f:
                low = f & -f
                nxt |= nb[low.bit_length() - 1]
                f ^= low
            frontier = nxt & rest & ~seen
            seen |= frontier
        return seen == rest
