"""The time-sliced encoding's constraints, built bottom-up one node at a
time in descending variable order, as crates/constraints builds them.

Variable `cells*t + s` is "the knight is on square s at time t"
(docs/encoding.md). Each builder is a line-for-line port of its Rust
counterpart (closed_start.rs, transition.rs, exactly_once.rs) against the
three words of kt-engine's `Engine` trait that a ZDD needs: `node(v, hi,
lo)`, `free(v, child)` (a don't-care node, hi == lo) and `forced_out(v,
child)` (nothing: a ZDD leaves an absent variable out). The same order and
the same nodes make the diagrams the same as oxidd's, node for node, so
that the per-step sizes can be put side by side.
"""


def closed_start(engine, board):
    a, b, c = board.closed_squares()
    n = board.cells
    last = n - 1
    f = engine.accept
    for t in reversed(range(n)):
        for s in reversed(range(n)):
            v = n * t + s
            if t == 0:
                literal = s == a
            elif t == 1:
                literal = s == b
            elif t == last:
                literal = s == c
            elif s in (a, b, c):
                literal = False
            else:
                literal = None
            if literal is True:
                f = engine.node(v, f, engine.reject)
            elif literal is None:
                f = engine.free(v, f)
            # forced out: a ZDD leaves it out
    return f


def _free_slices(engine, board, times, child):
    n = board.cells
    f = child
    for t in reversed(times):
        for s in reversed(range(n)):
            if board.degree(s) > 0:
                f = engine.free(n * t + s, f)
    return f


def transition(engine, board, t):
    n = board.cells
    after = _free_slices(engine, board, range(t + 2, n), engine.accept)

    def targets_of(p):
        chain = engine.reject
        if board.degree(p) == 0:
            return chain
        for q in reversed(range(n)):
            if board.is_move(p, q):
                # The rest of slice t+1 is forced out: nothing to add.
                chain = engine.node(n * (t + 1) + q, after, chain)
        return chain

    to = [targets_of(p) for p in range(n)]
    here = engine.reject
    for p in reversed(range(n)):
        if board.degree(p) > 0:
            here = engine.node(n * t + p, to[p], here)
    return _free_slices(engine, board, range(0, t), here)


def exactly_once(engine, board, square):
    n = board.cells
    need = engine.reject
    done = engine.accept
    first = square  # the label of (square, time 0)
    for t in reversed(range(n)):
        for s in reversed(range(n)):
            v = n * t + s
            if s == square:
                need = engine.node(v, done, need)
            else:
                need = engine.free(v, need)
                # Above the square's first level nothing can reach `done`.
                if v > first:
                    done = engine.free(v, done)
    return need
