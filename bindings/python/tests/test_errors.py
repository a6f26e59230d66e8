"""The exception hierarchy, and errors in Python's words: no message
names a command-line flag (`--threads`); the keyword arguments
(`threads=`) instead."""

import pytest

import knights_tour as kt


def test_the_hierarchy():
    assert issubclass(kt.KnightsTourError, ValueError)
    for error in [kt.BoardError, kt.BeyondMachineError, kt.CancelledError, kt.CheckError]:
        assert issubclass(error, kt.KnightsTourError)
        assert error.__module__ == "knights_tour"
        assert error.__doc__


@pytest.mark.parametrize(
    "call",
    [
        lambda: kt.count("5y5"),
        lambda: kt.count("0x5"),
        lambda: kt.count(True),
        lambda: kt.count([5]),
        lambda: kt.count(5, start="z9"),
        lambda: kt.Tours("x"),
        lambda: kt.find(5, start="q1"),
    ],
)
def test_a_bad_board_or_square_is_a_board_error(call):
    with pytest.raises(kt.BoardError):
        call()


def test_work_beyond_the_machine():
    with pytest.raises(kt.BeyondMachineError, match="force=True starts it anyway") as raised:
        kt.count(9)
    assert "method=" in str(raised.value)
    with pytest.raises(kt.BeyondMachineError):
        kt.tours(8)
    # A budget too small for the work, reached while it runs.
    with pytest.raises(kt.BeyondMachineError, match="memory"):
        kt.count("7x8", closed=True, method="frontier", memory="8MiB", threads=1)


def test_other_refusals_are_knights_tour_errors():
    for call in [
        lambda: kt.count(5, method="magic"),
        lambda: kt.count(5, threads=0),
        lambda: kt.tour(4),
        lambda: kt.report(5, by_start=True, start="a1"),
    ]:
        with pytest.raises(kt.KnightsTourError) as raised:
            call()
        assert type(raised.value) is kt.KnightsTourError


# Every refusal the library words with a flag, reached from Python.
REFUSALS = [
    lambda: kt.count(5, threads=0),
    lambda: kt.count(5, threads=100000),
    lambda: kt.count(5, memory=1),
    lambda: kt.count(5, method="backtrack", memory="1GiB"),
    lambda: kt.count(9),
    lambda: kt.count(10, closed=True, method="zdd"),
    lambda: kt.count(5, closed=True, end="a1"),
    lambda: kt.by_start("6x21", method="cluster"),
    lambda: kt.by_start("6x6", method="backtrack", threads=2),
    lambda: kt.report("5x5", method="cluster", start="a1"),
    lambda: kt.tours("5x5", method="frontier"),
    lambda: kt.tours("5x5", method="backtrack"),
    lambda: kt.count("7x8", closed=True, method="frontier", memory="8MiB", threads=1),
    lambda: kt.count(5, method="magic"),
    lambda: kt.find(5, start="c2", closed=True),
    lambda: kt.tour(4),
    lambda: kt.tours(5, count=-2),
    lambda: kt.tours(5, seed=1),
    lambda: kt.Tours(5, method="backtrack"),
    lambda: kt.count(5, method="cluster", start="a1"),
    lambda: kt.count(5, method="cluster", start="a1", end="c2"),
    lambda: kt.tour(9, method="zdd"),
]


@pytest.mark.parametrize("call", REFUSALS)
def test_no_error_names_a_command_line_flag(call):
    with pytest.raises(ValueError) as raised:
        call()
    text = str(raised.value)
    assert text and "\n" not in text
    assert "--" not in text, text


def test_the_cluster_by_start_error_names_by_start():
    # The cluster answers the table in one sweep with tallies; a board of
    # more classes of squares than a tally holds (6x21: 33) is refused,
    # naming the method that counts a class at a time.
    with pytest.raises(kt.KnightsTourError) as raised:
        kt.by_start("6x21", method="cluster")
    text = str(raised.value)
    assert "by_start" in text and "--" not in text, text
    assert 'method="frontier"' in text, text


def test_the_cluster_gives_the_table_by_start_square_of_one_process():
    assert kt.by_start("5x6", method="cluster") == kt.by_start("5x6", method="frontier")


def test_errors_name_the_keywords_with_their_values():
    # The library names the option and its value; Python spells them as
    # keyword arguments.
    with pytest.raises(kt.KnightsTourError) as raised:
        kt.count(5, threads=0)
    assert str(raised.value).startswith("threads must be at least 1"), raised.value
    with pytest.raises(kt.KnightsTourError) as raised:
        kt.count(5, method="cluster", start="a1", end="c2")
    text = str(raised.value)
    assert 'method="cluster" cannot answer start with end' in text, text
    assert 'method="frontier"' in text, text
    with pytest.raises(kt.KnightsTourError) as raised:
        kt.count(5, closed=True, end="a1")
    assert "end needs start" in str(raised.value), raised.value


def test_a_timeout_cancels_the_run():
    import time

    started = time.monotonic()
    with pytest.raises(kt.CancelledError, match=r"timeout=0\.3") as raised:
        kt.count("8x8", closed=True, method="frontier", threads=1, memory="1GiB", timeout=0.3)
    assert time.monotonic() - started < 30
    assert "--" not in str(raised.value)
    with pytest.raises(kt.CancelledError):
        kt.Tours("6x7", timeout=0.2)
    # Work done within its time is answered.
    assert kt.count(5, timeout=60) == 1728
    for bad in [0, -1, float("nan"), float("inf")]:
        with pytest.raises(kt.KnightsTourError, match="timeout is a positive number"):
            kt.count(5, timeout=bad)
