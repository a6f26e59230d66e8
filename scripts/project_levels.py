#!/usr/bin/env python3
"""Projects a truncated frontier sweep's levels to the whole sweep.

The levels measured (an `order_search ... measure cap=S dump` log, its
`levels BOARD KIND NAME slots:states ...` line) are fitted to the levels of
a board swept whole (a `count --json` report, `frontier.levels`), taken at
the same fraction of the sweep:

    log s(x) = a + b * log s_template(x)

fitted by least squares on the measured levels of at least 1,000 states;
the levels not measured are projected. docs/benchmarks.md (*Half the cost
of every sweep*) gives how close this came where the truth is known.

    scripts/project_levels.py bench-results/levels/9x9-open-truncated.txt \
        bench-results/order/8x8-open.json [more templates...]
    scripts/project_levels.py --check TEMPLATE.json TRUTH.json [FRACTION]

With --check, the truth's levels below FRACTION of its peak (default 1/8)
stand for the measured ones, and the projection is compared with the truth.
"""
import json
import math
import sys


def report_levels(path):
    with open(path) as f:
        return [l["states"] for l in json.load(f)["frontier"]["levels"]]


def dumped_levels(path):
    with open(path) as f:
        for line in f:
            if line.startswith("levels "):
                words = line.split()
                return [int(w.split(":")[1]) for w in words[4:]], words[1]
    sys.exit(f"{path}: no `levels` line (run order_search with dump)")


def cells(board):
    rows, cols = board.split("x")
    return int(rows) * int(cols)


def interpolate(xs, ys, x):
    if x <= xs[0]:
        return ys[0]
    for (x0, y0), (x1, y1) in zip(zip(xs, ys), zip(xs[1:], ys[1:])):
        if x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return ys[-1]


def project(measured, steps, template):
    """The measured levels, then the projected ones, to `steps` levels."""
    n = len(template)
    xs = [(i + 1) / n for i in range(n)]
    logs = [math.log(max(s, 1)) for s in template]
    at = [interpolate(xs, logs, (i + 1) / steps) for i in range(steps)]
    pairs = [(at[i], math.log(s)) for i, s in enumerate(measured) if s >= 1000]
    if len(pairs) < 2:
        sys.exit("fewer than two measured levels of 1,000 states or more")
    mx = sum(p[0] for p in pairs) / len(pairs)
    my = sum(p[1] for p in pairs) / len(pairs)
    b = sum((p[0] - mx) * (p[1] - my) for p in pairs) / sum((p[0] - mx) ** 2 for p in pairs)
    a = my - b * mx
    return measured + [math.exp(a + b * at[i]) for i in range(len(measured), steps)], b


def main(args):
    if args and args[0] == "--check":
        template, truth = report_levels(args[1]), report_levels(args[2])
        fraction = eval(args[3]) if len(args) > 3 else 1 / 8  # e.g. 1/8
        cap = max(truth) * fraction
        first = next(i for i, s in enumerate(truth) if s > cap)
        levels, b = project(truth[:first], len(truth), template)
        print(f"{first} of {len(truth)} levels fitted (b = {b:.2f}): "
              f"summed {sum(levels) / sum(truth):.2f}x the truth, "
              f"widest {max(levels) / max(truth):.2f}x")
        return
    measured, board = dumped_levels(args[0])
    for path in args[1:]:
        levels, b = project(measured, cells(board), report_levels(path))
        widest = max(range(len(levels)), key=lambda i: levels[i])
        print(f"{board}, template {path} (b = {b:.2f}): {sum(levels):.3g} states summed, "
              f"widest {levels[widest]:.3g} at step {widest + 1}")


if __name__ == "__main__":
    main(sys.argv[1:])
