"""Runs a peer's count in a child process, so that a time limit, a memory
limit or a signal stops it at any point, C code included (CUDD's
intersections and TdZdd's search do not return to Python until they are
done), and the report still says how far it got.

The child sends its figures as JSON lines through a pipe as soon as it has
them; the parent keeps them, and on the child's end, the time limit or
SIGINT/SIGTERM (how scripts/bench-matrix.py stops a run) writes the
report. The child's address space is limited to the memory budget
(RLIMIT_AS); its peak resident set comes from wait4's rusage.
"""

import json
import os
import resource
import select
import signal
import time
import traceback

OUT_OF_MEMORY_WORDS = ("memory", "CouldNotCreateNode", "NULL")


def run(work, timeout, memory):
    """Runs `work(emit)` in a child; returns (messages, outcome, peak_rss,
    seconds) where outcome is ("complete",), ("interrupted", why),
    ("out-of-memory", why) or ("failed", why)."""
    r, w = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(r)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        out = os.fdopen(w, "w", buffering=1)

        def emit(kind, value):
            out.write(json.dumps([kind, value]) + "\n")

        code = 0
        try:
            work(emit)
        except MemoryError as e:
            emit("error", ["out-of-memory", f"out of memory: {e or 'MemoryError'}"])
            code = 3
        except BaseException as e:  # noqa: BLE001 - reported, not hidden
            text = f"{type(e).__name__}: {e}"
            kind = ("out-of-memory" if any(w in text for w in OUT_OF_MEMORY_WORDS)
                    else "failed")
            emit("error", [kind, text + "\n" + traceback.format_exc(limit=3)])
            code = 1
        out.flush()
        os._exit(code)

    os.close(w)
    stop = {"why": None}

    def on_signal(signum, _frame):
        stop["why"] = f"stopped by {signal.Signals(signum).name}"

    old = {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    messages = []
    buffer = b""
    reader = os.fdopen(r, "rb", buffering=0)
    try:
        while True:
            if stop["why"] is None and timeout and time.monotonic() - started > timeout:
                stop["why"] = f"stopped after the {timeout:g} s time limit"
            if stop["why"] is not None:
                os.kill(pid, signal.SIGKILL)
                break
            ready, _, _ = select.select([reader], [], [], 0.2)
            if not ready:
                continue
            chunk = reader.read(1 << 16)
            if not chunk:
                break
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            messages += [json.loads(line) for line in lines if line.strip()]
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.monotonic() - started
    peak = usage.ru_maxrss * 1024
    errors = [m[1] for m in messages if m[0] == "error"]
    if stop["why"] is not None:
        outcome = ("interrupted", stop["why"])
    elif errors:
        outcome = tuple(errors[-1])
    elif os.WIFSIGNALED(status):
        sig = signal.Signals(os.WTERMSIG(status)).name
        outcome = ("out-of-memory" if sig in ("SIGKILL", "SIGABRT", "SIGSEGV") else "failed",
                   f"the counting process died of {sig}"
                   + (f" (memory budget {memory} bytes)" if memory else ""))
    elif os.WEXITSTATUS(status) != 0:
        outcome = ("failed", f"the counting process exited with {os.WEXITSTATUS(status)}")
    else:
        outcome = ("complete",)
    return [m for m in messages if m[0] != "error"], outcome, peak, seconds
