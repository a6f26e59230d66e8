"""Schedules: the order of the steps, as crates/count/src/zdd/schedule.rs
plans them, so that a CUDD run and an oxidd run of one schedule make the
same steps in the same order."""

SCHEDULES = ["fused", "per-square", "adiar", "backward"]


def plan(schedule, board, closed):
    """Steps as tuples: ("closed_start",), ("transition", t),
    ("exactly_once", s), ("filter", s), ("filter_all", end)."""
    n = board.cells
    fixed = board.closed_squares() if closed else []
    steps = [("closed_start",)] if closed else []
    # With the closed start, transition(0) is implied.
    transitions = range(1 if closed else 0, max(n - 1, 0))
    if schedule == "backward":
        steps += [("transition", t) for t in reversed(transitions)]
    else:
        steps += [("transition", t) for t in transitions]
    row_major = [s for s in range(n) if s not in fixed]
    walks_built = n >= 2
    if schedule == "fused" and walks_built:
        steps.append(("filter_all", fixed[2] if closed else None))
    elif schedule == "per-square" and walks_built:
        fewest = sorted(row_major, key=lambda s: (board.degree(s), s))
        steps += [("filter", s) for s in fewest]
    else:
        steps += [("exactly_once", s) for s in row_major]
    return steps


def step_name(step, board):
    kind = step[0]
    if kind == "closed_start":
        return "closed_start"
    if kind == "transition":
        return f"transition({step[1]})"
    if kind == "exactly_once":
        return f"exactly_once({board.name(step[1])})"
    if kind == "filter":
        return f"filter exactly_once({board.name(step[1])})"
    return f"filter exactly_once(all {board.cells} squares)"
