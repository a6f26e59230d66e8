"""CUDD's ZDD (the `dd` package's `dd.cudd_zdd`, CUDD compiled into its
wheel) running the time-sliced encoding.

The constraints are built node by node with `find_or_add` (CUDD's
`cuddUniqueInterZdd`), intersected with `apply('and')` (`Cudd_zddIntersect`),
and the filter steps rebuild the family top-down with `find_or_add`, the
way kt-engine's `filter` does. Variable reordering, which `dd` switches on
by default, is switched off: the benchmark is of one variable order.

The filter passes are Python loops over CUDD's nodes: their time measures
the interpreter as much as CUDD, which docs/benchmarks.md says beside
their figures. The plain schedules (adiar, backward) spend their time in
CUDD's C code, one call per step.
"""

import sys
import time
import warnings

from . import encoding, filters
from .schedule import plan, step_name
from .memory import resident

ENGINE = "cudd-zdd"


def package():
    import dd
    from dd import cudd_zdd
    return dict(name="CUDD", type=ENGINE,
                version=f"{cudd_zdd.__version__} (dd {dd.__version__})")


class CuddZdd:
    """The three words of kt-engine's `Engine` trait a ZDD needs, over
    one CUDD manager whose level v is the encoding's variable v."""

    def __init__(self, variables, memory):
        from dd import cudd_zdd
        warnings.simplefilter("ignore")  # dd warns on every statistics() call
        self.zdd = cudd_zdd.ZDD(memory_estimate=memory)
        self.zdd.configure(reordering=False)
        self.names = [f"x{v}" for v in range(variables)]
        self.zdd.declare(*self.names)
        self.label = {name: v for v, name in enumerate(self.names)}
        self.accept = self.zdd.true_node
        self.reject = self.zdd.false

    def node(self, v, hi, lo):
        return self.zdd.find_or_add(self.names[v], lo, hi)

    def free(self, v, child):
        return self.zdd.find_or_add(self.names[v], child, child)

    def size(self, f):
        """Nodes, terminals included, as the project counts them."""
        if f == self.reject or f == self.accept:
            return 1
        return len(f) + 2

    def live_nodes(self):
        return self.zdd.statistics(exact_node_count=True)["n_nodes"] - 2

    def cache_slots(self):
        return self.zdd.statistics()["cache_size"]

    def unique_slots(self):
        return self.zdd.statistics()["unique_size"]

    def cache_note(self):
        """CUDD's own figures for the run: where its time goes."""
        st = self.zdd.statistics()
        lookups = st["cache_lookups"]
        hits = st["cache_hits"]
        return (f"CUDD: computed table {st['cache_size']:,} slots, {lookups:,.0f} lookups, "
                f"{hits / lookups if lookups else 0:.1%} hits; unique table {st['unique_size']:,} "
                f"slots; peak {st['peak_nodes']:,} nodes; {st['mem'] / 2**20:,.0f} MiB in use")

    def intersect(self, f, g):
        return self.zdd.apply("and", f, g)

    def filter(self, f, flt):
        """f ∩ L(flt) in one top-down pass, rebuilt bottom-up; returns the
        family and its memo entries, the (node, key) pairs it rebuilt.
        Nodes are told apart by `int(u)`, CUDD's node address, which is
        cheaper to hash than the wrapper."""
        reject, accept, label = self.reject, self.accept, self.label
        reject_id, accept_id = int(reject), int(accept)
        find_or_add = self.zdd.find_or_add
        include, key_of, accepts = flt.include, flt.key, flt.accepts
        memo = {}

        def go(u, state):
            node = int(u)
            if node == reject_id:
                return reject
            if node == accept_id:
                return accept if accepts(state) else reject
            key = (node, key_of(state))
            r = memo.get(key)
            if r is not None:
                return r
            var = u.var
            lo = go(u.low, state)
            nxt = include(state, label[var])
            hi = reject if nxt is None else go(u.high, nxt)
            r = find_or_add(var, lo, hi)
            memo[key] = r
            return r

        result = go(f, flt.start())
        return result, len(memo)

    def count(self, f):
        """The sets of f, exactly (Python integers: no rounding past 2^53)."""
        memo = {self.reject: 0, self.accept: 1}

        def go(u):
            c = memo.get(u)
            if c is None:
                c = go(u.low) + go(u.high)
                memo[u] = c
            return c

        return go(f)


def build(engine, board, step):
    kind = step[0]
    if kind == "closed_start":
        return encoding.closed_start(engine, board)
    if kind == "transition":
        return encoding.transition(engine, board, step[1])
    if kind == "exactly_once":
        return encoding.exactly_once(engine, board, step[1])
    return None


def run(board, closed, schedule, memory, emit):
    """Counts the tours, telling `emit` each figure as soon as it is known
    (a run stopped by its time limit keeps the steps it finished)."""
    sys.setrecursionlimit(max(10_000, 4 * board.cells ** 2 + 1000))
    started = time.perf_counter()
    engine = CuddZdd(board.cells ** 2, memory)
    emit("set", dict(init=dict(time_ms=ms(time.perf_counter() - started),
                               variables=board.cells ** 2, rss_bytes=resident())))
    emit("settings", dict(node_capacity=engine.unique_slots(),
                          cache_capacity=engine.cache_slots()))
    steps = plan(schedule, board, closed)
    family = None
    for index, step in enumerate(steps, 1):
        t0 = time.perf_counter()
        constraint = build(engine, board, step)
        t1 = time.perf_counter()
        memo_entries = None
        if constraint is not None:
            family = constraint if family is None else engine.intersect(family, constraint)
        else:
            flt = (filters.ExactlyOnce(board, step[1]) if step[0] == "filter"
                   else filters.AllExactlyOnce(board, step[1]))
            family, memo_entries = engine.filter(family, flt)
        t2 = time.perf_counter()
        emit("step", dict(
            index=index, constraint=step_name(step, board),
            constraint_size=None if constraint is None else engine.size(constraint),
            result_size=engine.size(family), live_nodes=engine.live_nodes(),
            build_ms=ms(t1 - t0), apply_ms=ms(t2 - t1), memo_entries=memo_entries,
            rss_bytes=resident()))
        del constraint
    if family is None:  # one square: no step ran
        family = engine.zdd.true
    t0 = time.perf_counter()
    tours = engine.count(family)
    emit("set", dict(satcount=dict(result=str(tours), time_ms=ms(time.perf_counter() - t0)),
                     count=str(tours), notes=[engine.cache_note()]))


def ms(seconds):
    return seconds * 1000.0
