"""The Python bindings against the library's known counts, on boards small
enough for a test suite."""

import os
import signal
import threading
import time

import pytest

import knights_tour as kt


def coordinates(name):
    """(column, rank) of an algebraic square name such as "c2" (files go
    a..z, then aa, ab, ... as spreadsheet columns)."""
    letters = name.rstrip("0123456789")
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - ord("a") + 1
    return column - 1, int(name[len(letters):])


def file_name(column):
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def is_knight_move(a, b):
    (c1, r1), (c2, r2) = coordinates(a), coordinates(b)
    return sorted((abs(c1 - c2), abs(r1 - r2))) == [1, 2]


def check_tour(squares, rows, cols, closed):
    names = {f"{file_name(c)}{r + 1}" for r in range(rows) for c in range(cols)}
    assert len(squares) == rows * cols
    assert set(squares) == names  # every square once
    assert all(is_knight_move(a, b) for a, b in zip(squares, squares[1:]))
    if closed:
        assert is_knight_move(squares[-1], squares[0])


def test_counts_are_python_ints():
    assert kt.count("5x5") == 1728
    assert type(kt.count("5x5")) is int
    assert kt.count("6x6", closed=True) == 9862
    assert kt.count(6, closed=True, method="frontier", threads=2) == 9862
    assert kt.count("5x5", method="backtrack") == 1728


def test_counts_from_and_to_squares():
    assert kt.count("5x5", start="a1") == 304
    assert kt.count("5x5", start="a1", end="e5") + kt.count(
        "5x5", start="a1", end="a5"
    ) <= 304
    assert kt.count("5x5", end="c3") == 64


def test_boards_without_tours_count_zero():
    assert kt.count("4x4", closed=True) == 0
    assert kt.count(3) == 0


def test_by_start_table_adds_up_to_the_total():
    table = kt.by_start("5x5")
    assert len(table) == 5 and all(len(row) == 5 for row in table)
    assert all(type(cell) is int for row in table for cell in row)
    assert sum(map(sum, table)) == 1728
    assert table[0][0] == 304  # a corner
    assert table[2][2] == 64  # the centre
    table = kt.by_start("5x6", method="frontier")
    assert sum(map(sum, table)) == kt.count("5x6")


def test_by_start_of_closed_tours_is_twice_the_count_on_every_square():
    # Every closed tour passes every square: each square starts it twice,
    # once each way (the library's own words in the report's note).
    table = kt.by_start("6x6", closed=True)
    assert table == [[2 * 9862] * 6 for _ in range(6)]
    assert kt.by_start("4x4", closed=True) == [[0] * 4 for _ in range(4)]


def test_tour_is_a_valid_list_of_squares():
    squares = kt.tour("5x5")
    assert all(type(s) is str for s in squares)
    check_tour(squares, 5, 5, closed=False)
    check_tour(kt.tour("6x6", closed=True), 6, 6, closed=True)


def test_tours_first_and_random():
    first = kt.tours("5x5", count=3)
    assert len(first) == 3 and len({tuple(t) for t in first}) == 3
    for squares in first:
        check_tour(squares, 5, 5, closed=False)
    drawn = kt.tours("5x5", count=4, random=True, seed=7)
    assert drawn == kt.tours("5x5", count=4, random=True, seed=7)
    for squares in drawn:
        check_tour(squares, 5, 5, closed=False)
    assert kt.tours("4x4") == []
    assert kt.tours("5x5", count=0) == []
    assert kt.tours("5x5", count=0, random=True, seed=1) == []
    # The theorem that says so, as `knights-tour tour 4` names it.
    with pytest.raises(ValueError, match="has no knight's tour: .*Conrad"):
        kt.tour("4x4")


def test_find_gives_a_tour_of_any_size():
    check_tour(kt.find("5x5"), 5, 5, closed=False)
    check_tour(kt.find("8x8", closed=True), 8, 8, closed=True)
    check_tour(kt.find("30x30", closed=True), 30, 30, closed=True)
    assert kt.find("5x5", start="c3")[0] == "c3"
    with pytest.raises(ValueError):
        kt.find("4x4", closed=True)


def test_report_is_the_run_document():
    report = kt.report("5x5")
    assert report["schema"] == "knights-tour/run/1"
    assert report["status"] == "complete"
    assert report["count"] == 1728
    assert report["benchmark"]["rows"] == 5
    # The document `count --json` prints: every section, null where it
    # does not apply, and the library's version and commit.
    for section in ["from", "to", "by_start", "by_end", "symmetry", "frontier", "cluster", "pairs"]:
        assert section in report and report[section] is None, section
    assert report["notes"] == []
    assert report["version"] == kt.__version__
    assert isinstance(report["commit"], str) and report["commit"]
    assert list(report)[-2:] == ["version", "commit"]
    report = kt.report("6x6", closed=True, method="frontier", threads=1)
    assert report["count"] == 9862
    assert report["settings"]["method"] == "frontier"
    assert report["settings"]["threads"] == 1
    assert len(report["frontier"]["levels"]) > 0
    report = kt.report("5x5", by_start=True)
    assert all(type(c) is int for row in report["by_start"] for c in row)
    assert sum(map(sum, report["by_start"])) == 1728
    assert kt.report("5x5", start="a1")["from"]["name"] == "a1"


def test_progress_callback_is_called():
    events = []
    assert kt.count("6x6", closed=True, method="frontier", progress=events.append) == 9862
    steps = [e for e in events if e["event"] == "step"]
    assert steps and steps[0]["index"] == 0 and steps[0]["total"] == 36
    assert any(e["event"] == "progress" and e["kind"] == "level" for e in events)
    events.clear()
    kt.count("5x5", method="zdd", progress=events.append)
    assert any(e["event"] == "step" for e in events)


def test_an_exception_in_the_callback_stops_the_count():
    class Enough(Exception):
        pass

    def stop(event):
        raise Enough(event["event"])

    with pytest.raises(Enough):
        kt.count("6x6", closed=True, method="frontier", progress=stop)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: kt.count("0x5"), "invalid board 0x5: a board needs at least one row and one column"),
        (lambda: kt.count("5y5"), "invalid board '5y5'"),
        (lambda: kt.count(5, start="z9"), "z9"),
        (lambda: kt.count(5, method="magic"), "no method 'magic'"),
        (lambda: kt.count(5, method="backtrack", memory="1GiB"), "memory applies to"),
        (lambda: kt.count(5, memory="lots"), "invalid size 'lots'"),
        (lambda: kt.count(5, threads=0), "threads must be at least 1"),
        (lambda: kt.count(5, threads=-1), "threads must be at least 1, not -1"),
        (lambda: kt.count(True), "not a bool"),
        (lambda: kt.tour(4), "Conrad"),
        (lambda: kt.count(9), "force=True"),
        (lambda: kt.count([5]), "the board is an int N"),
        (lambda: kt.tours(5, count=-1), "count must be at least 0, not -1"),
        (lambda: kt.tours(5, seed=3), "seed goes with random=True"),
        (lambda: kt.by_start(5, method="frontier", threads=2, memory=10), "memory"),
        (lambda: kt.count(5, closed=True, end="a1"), ""),
    ],
)
def test_bad_input_raises_value_error_with_one_line(call, message):
    with pytest.raises(ValueError) as raised:
        call()
    text = str(raised.value)
    assert message in text
    assert text and "\n" not in text
    # The keyword arguments' names, not the command line's flags.
    assert "--" not in text
    assert isinstance(raised.value, kt.KnightsTourError)


def test_every_function_has_a_docstring_with_examples():
    assert "Examples" in kt.__doc__ and ">>>" in kt.__doc__
    for name in ["count", "by_start", "report", "tours", "tour", "find", "methods", "Tours",
                 "Table", "knight_graph", "sequence"]:
        assert ">>>" in getattr(kt, name).__doc__, name


def test_the_docstring_examples_hold():
    # The module's docstring and each function's, found one by one:
    # `doctest.testmod` skips functions whose `__module__` is not the
    # module's own, which is what a wheel does (maturin puts the extension
    # inside a package, so the functions say `knights_tour.knights_tour`).
    import doctest

    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner()
    names = ["count", "by_start", "report", "tours", "tour", "find", "methods", "Table",
             "knight_graph", "sequence"]
    items = [("knights_tour", kt)] + [(n, getattr(kt, n)) for n in names]
    # The class and its methods (a method's docstring is found through
    # the class's __dict__, which doctest reads from the class itself).
    items += [("Tours", kt.Tours), ("Tours.random", kt.Tours.random)]
    for name, item in items:
        for test in finder.find(item, name, globs=dict(vars(kt))):
            runner.run(test)
    failures, tried = runner.summarize(verbose=False)
    assert tried >= 15 and failures == 0


def test_ctrl_c_raises_keyboard_interrupt_and_stops_the_count():
    # 8x8 closed by the frontier method takes many minutes: interrupt it
    # after half a second with SIGINT, as Ctrl-C does. Python's own
    # handler is put in place for the test, whatever the process
    # inherited (a shell without job control starts background commands
    # with SIGINT ignored).
    class NoSignal(Exception):
        pass

    started = time.monotonic()

    def watchdog(event):
        # Should the signal never come, stop the count rather than run it.
        if time.monotonic() - started > 60:
            raise NoSignal("SIGINT did not stop the count")

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            kt.count(
                "8x8", closed=True, method="frontier", threads=1, memory="1GiB", progress=watchdog
            )
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    # The call waits for the count to stop: it stopped well before it
    # could have finished.
    assert time.monotonic() - started < 30
    # And the module goes on working.
    assert kt.count("5x5") == 1728


def test_the_type_stub_names_what_the_module_has():
    """The stub python/knights_tour/__init__.pyi (what type checkers and
    editors read) names every public name of the module, no more and no
    fewer, each of them exists at run time (kt.Report included), and its
    `Method` literal lists the methods the library registers, with
    "auto"."""
    import ast
    import inspect
    import typing

    package = os.path.join(os.path.dirname(__file__), "..", "python", "knights_tour")
    with open(os.path.join(package, "__init__.pyi"), encoding="utf-8") as f:
        stub = ast.parse(f.read())
    named = set()
    for node in stub.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            named.add(node.name)
        elif isinstance(node, ast.ImportFrom) and node.module != "typing":
            named.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.AnnAssign):
            named.add(node.target.id)
    named = {name for name in named if not name.startswith("_")}
    public = {
        name
        for name in dir(kt)
        if not name.startswith("_") and not inspect.ismodule(getattr(kt, name))
    }
    assert named == public
    assert set(kt.__all__) == public
    for name in named:
        assert getattr(kt, name) is not None, name
    assert list(typing.get_args(kt.Method)) == ["auto", *kt.methods()]


def test_the_stub_agrees_with_the_module_by_stubtest(tmp_path):
    """mypy's stubtest: every signature of the stub as the module has it
    at run time (skipped where mypy is not installed; CI installs it)."""
    import subprocess
    import sys

    pytest.importorskip("mypy.stubtest")
    allowlist = os.path.join(os.path.dirname(__file__), "stubtest-allowlist.txt")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "knights_tour", "--allowlist", allowlist],
        capture_output=True,
        text=True,
        # Away from site-packages and the source tree: mypy takes the
        # modules of its working directory for the user's own.
        cwd=str(tmp_path),
        env={**os.environ, "MYPY_CACHE_DIR": str(tmp_path / "mypy")},
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_sequence_is_each_boards_count_from_one_sweep():
    terms = kt.sequence(3, 9)
    assert terms == [kt.count(f"3x{n}") for n in range(1, 10)]
    assert all(type(t) is int for t in terms)
    # The first cells: at every column boundary, the board.
    cells = kt.sequence(4, 20, cells=True)
    assert [cells[4 * n - 1] for n in range(1, 6)] == kt.sequence(4, 5)
    # A published sequence's convention, checked.
    assert kt.sequence(5, 6, oeis="A083386", check=True) == [0, 0, 0, 82, 864, 18784]


def test_a_sequence_reports_progress_and_goes_on_from_its_checkpoint(tmp_path):
    whole = kt.sequence(5, 12)
    # Stopped by the callback after a few levels, with a checkpoint every
    # level: called again, it goes on from the last one and gives the
    # same terms.
    class Enough(Exception):
        pass

    seen = []

    def stop_later(event):
        seen.append(event)
        if sum(e["event"] == "step" for e in seen) > 30:
            raise Enough()

    checkpoint = tmp_path / "checkpoint"
    with pytest.raises(Enough):
        kt.sequence(5, 12, checkpoint=checkpoint, checkpoint_every=0.001, progress=stop_later)
    events = []
    terms = kt.sequence(
        5,
        12,
        checkpoint=checkpoint,
        spill_dir=tmp_path / "spill",
        progress=events.append,
    )
    assert terms == whole
    steps = [e for e in events if e["event"] == "step"]
    assert steps and steps[0]["name"].startswith("level ") and steps[0]["index"] > 0
    assert any(e["event"] == "progress" and e["kind"] == "level" for e in events)
    with pytest.raises(kt.KnightsTourError, match="checkpoint_every goes with checkpoint"):
        kt.sequence(5, 6, checkpoint_every=1)


def test_a_sequence_is_refused_as_a_count_is():
    with pytest.raises(kt.BeyondMachineError):
        kt.sequence(13, 100)
    with pytest.raises(kt.KnightsTourError):
        kt.sequence(5, 10, threads=100000)
    with pytest.raises(kt.KnightsTourError):
        kt.sequence(5, 10, oeis="A175881")
    with pytest.raises(kt.KnightsTourError):
        kt.sequence(5, 10, check=True)
