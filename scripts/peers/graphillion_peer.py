"""Graphillion (TdZdd's frontier-based search) counting the tours, the
frontier method's peer.

Closed tours are the Hamiltonian cycles of the knight's graph:
`GraphSet.cycles(is_hamilton=True)` holds each undirected cycle once, the
project's convention. Open tours are Hamiltonian paths, which Graphillion
builds for one pair of ends at a time (`GraphSet.paths(s, t,
is_hamilton=True)`, each undirected path once). Rather than one search per
pair of ends (630 on 6×6), an apex vertex joined to every square turns
every Hamiltonian path into one Hamiltonian cycle through the apex, and
one search counts them all, as the frontier method's own edge encoding
does; each undirected path is two directed tours, so the count is twice
the cycles. `pairs=True` sums the per-pair searches instead (slow; a
check of the conversion on small boards).
"""

import os
import time

from .memory import resident

APEX = 0  # vertices: the apex 0, square s is s + 1


def package():
    import importlib.metadata
    return dict(name="Graphillion", type="graphillion",
                version=f"{importlib.metadata.version('graphillion')} (TdZdd)")


def run(board, closed, pairs, memory, threads, emit):
    # TdZdd parallelises its search with OpenMP, whose threads spin while
    # they wait: on a busy machine two threads took four times one's time
    # (6×6 closed: 8.6 s against 2.1 s). The thread count is set before
    # the library (and its OpenMP runtime) is loaded, in this process.
    os.environ["OMP_NUM_THREADS"] = str(threads)
    from graphillion import GraphSet
    started = time.perf_counter()
    edges = [(p + 1, q + 1) for p, q in board.edges()]
    if not closed and not pairs:
        edges += [(APEX, s + 1) for s in range(board.cells)]
    isolated = board.cells > 1 and any(board.degree(s) == 0 for s in range(board.cells))
    if not edges or (isolated and (closed or pairs)):
        # A square without a move is in no tour, but it is in no edge
        # either, so Graphillion would not know it is there (3×3's centre):
        # no tour, settled without a search. One square is one open tour.
        undirected = 1 if (board.cells == 1 and not closed) else 0
        emit("set", dict(satcount=dict(result=str(undirected), time_ms=0.0),
                         count=str(undirected),
                         notes=["a square without a knight's move: no search needed"]))
        return
    GraphSet.set_universe(edges)
    emit("set", dict(init=dict(time_ms=ms(time.perf_counter() - started),
                               variables=len(edges), rss_bytes=resident())))
    t0 = time.perf_counter()
    if closed:
        family = GraphSet.cycles(is_hamilton=True)
        undirected = family.len()
        what = "GraphSet.cycles(is_hamilton=True)"
    elif pairs:
        undirected = sum(GraphSet.paths(s + 1, t + 1, is_hamilton=True).len()
                         for s in range(board.cells) for t in range(s + 1, board.cells))
        what = "GraphSet.paths(s, t, is_hamilton=True) for every pair s < t"
    else:
        family = GraphSet.cycles(is_hamilton=True)
        undirected = family.len()
        what = "GraphSet.cycles(is_hamilton=True) through an apex joined to every square"
    elapsed = ms(time.perf_counter() - t0)
    directed = undirected if closed else 2 * undirected
    emit("set", dict(satcount=dict(result=str(undirected), time_ms=elapsed),
                     count=str(directed),
                     notes=[f"{what}: {undirected} undirected "
                            + ("cycles" if closed else "paths, twice as many directed tours")]))
    if not pairs:
        emit("step", dict(index=1, constraint=what, constraint_size=None,
                          result_size=diagram_size(family, memory), live_nodes=0,
                          build_ms=elapsed, apply_ms=0.0, memo_entries=None,
                          rss_bytes=resident()))


def diagram_size(family, memory):
    """Nodes of the ZDD TdZdd built, terminals included, as the program
    counts them: Graphillion has no node count, but its text dump is a
    line a node. The dump is a copy of the diagram, so it is made only
    where it fits the budget twice over (else 0: not measured)."""
    if resident() * 3 > memory:
        return 0
    try:
        return family._ss.dumps().count("\n") - 1 + 2
    except MemoryError:
        return 0


def ms(seconds):
    return seconds * 1000.0
