"""kt.Tours: the family of every tour of a board, built once and kept."""

import pytest

import knights_tour as kt

from test_knights_tour import check_tour


def test_len_is_the_count_as_a_python_int():
    tours = kt.Tours("5x5")
    assert len(tours) == 1728 and type(len(tours)) is int
    assert tours.count == kt.count("5x5") and type(tours.count) is int
    closed = kt.Tours(6, closed=True)
    assert len(closed) == 9862
    assert (tours.board, tours.closed, closed.board, closed.closed) == ("5x5", False, "6x6", True)
    assert bool(tours) and not kt.Tours(4, closed=True)


def test_iteration_is_the_family_in_order():
    tours = kt.Tours("3x4")
    every = list(tours)
    assert len(every) == len(tours) == kt.count("3x4") == 16
    assert len({tuple(t) for t in every}) == 16  # each once
    for squares in every:
        check_tour(squares, 3, 4, closed=False)
    # The same order as tours() and as indexing; iteration starts anew.
    assert every == kt.tours("3x4", count=16)
    assert every == [tours[i] for i in range(len(tours))]
    assert list(tours) == every
    assert tours[-1] == every[-1]
    assert tours[2:5] == every[2:5] and tours[::-3] == every[::-3] and tours[20:] == []
    with pytest.raises(IndexError):
        tours[16]
    iterator = iter(tours)
    assert next(iterator) == every[0]
    assert iterator.__length_hint__() == 15


def test_a_board_without_tours_is_an_empty_family():
    tours = kt.Tours("4x4")
    assert len(tours) == 0 and list(tours) == [] and tours.random(3, seed=1) == []
    assert tours.by_start() == [[0] * 4 for _ in range(4)]
    assert tours._repr_svg_() is None
    assert "0" in tours._repr_html_()


def test_random_is_uniform_and_repeatable():
    tours = kt.Tours(6, closed=True)
    drawn = tours.random(5, seed=11)
    assert len(drawn) == 5
    assert drawn == tours.random(5, seed=11)
    assert drawn == kt.tours(6, closed=True, count=5, random=True, seed=11)
    for squares in drawn:
        check_tour(squares, 6, 6, closed=True)
        assert squares in tours
    assert tours.random(0) == []
    with pytest.raises(kt.KnightsTourError):
        tours.random(-1)


def test_by_start_reads_the_kept_diagram():
    for board in ["3x4", "5x5", "5x6"]:
        tours = kt.Tours(board)
        table = tours.by_start()
        assert table == kt.by_start(board)
        assert isinstance(table, kt.Table) and table.board == board
        assert sum(map(sum, table)) == len(tours)
    closed = kt.Tours(6, closed=True)
    assert closed.by_start() == kt.by_start(6, closed=True)


def test_membership_of_a_tour():
    tours = kt.Tours("5x5")
    first = tours[0]
    assert first in tours
    assert list(reversed(first)) in tours  # open tours are directed: both ways
    assert first[:-1] not in tours
    assert first[1:] + first[:1] not in tours  # no longer a knight's path
    assert ["a1", "b3", "zz99"] not in tours
    assert 5 not in tours and "a1" not in tours
    assert kt.tour("6x6", closed=True) not in tours  # another board
    closed = kt.Tours(6, closed=True)
    cycle = closed[0]
    assert cycle in closed
    # A closed tour is a cycle: read from any square, either way.
    assert cycle[7:] + cycle[:7] in closed
    assert list(reversed(cycle)) in closed
    open_only = next(t for t in kt.Tours("3x4"))
    assert open_only not in kt.Tours("3x4", closed=True)


def test_pictures_for_jupyter():
    tours = kt.Tours(6, closed=True)
    svg = tours._repr_svg_()
    assert svg.startswith("<svg") or svg.lstrip().startswith("<?xml") or "<svg" in svg[:200]
    html = tours._repr_html_()
    assert "9862" in html and "<svg" in html and "6x6" in html
    assert repr(tours) == "<Tours of 6x6, closed: 9862 tours>"


def test_the_family_is_built_once():
    events = []
    tours = kt.Tours("5x5", progress=events.append)
    built = len(events)
    assert built > 0
    len(tours), list(tours)[:3], tours.random(2, seed=1), tours.by_start(), tours[5]
    assert len(events) == built


def test_bad_arguments_raise_before_any_work():
    with pytest.raises(kt.BoardError):
        kt.Tours("5y5")
    with pytest.raises(kt.KnightsTourError, match='method="backtrack"|no method'):
        kt.Tours(5, method="magic")
    with pytest.raises(kt.BeyondMachineError, match="force=True"):
        kt.Tours(9)
