"""Tables as ints everywhere, and as numpy arrays and pandas frames on
request (those tests skip where numpy or pandas is not installed)."""

import pytest

import knights_tour as kt

BOARDS = ["3x4", "5x5", "5x6", "6x6", "4x4"]


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("closed", [False, True])
def test_by_start_and_the_reports_table_agree(board, closed):
    table = kt.by_start(board, closed=closed)
    report = kt.report(board, closed=closed, by_start=True)
    assert table == report["by_start"]
    assert all(type(cell) is int for row in table for cell in row)
    assert all(type(cell) is int for row in report["by_start"] for cell in row)
    total = kt.count(board, closed=closed)
    assert report["count"] == total
    if closed:
        assert sum(map(sum, table)) == 2 * total * len(table) * len(table[0])
    else:
        assert sum(map(sum, table)) == total


def test_the_table_is_a_list_of_the_board():
    table = kt.by_start("5x6")
    assert isinstance(table, list) and isinstance(table, kt.Table)
    assert (table.board, table.rows, table.cols) == ("5x6", 5, 6)


def test_numpy_arrays_on_request():
    np = pytest.importorskip("numpy")
    table = kt.by_start("5x5")
    array = table.to_numpy()
    assert isinstance(array, np.ndarray) and array.dtype == np.int64
    assert array.shape == (5, 5) and array.sum() == 1728 and array[0, 0] == 304
    direct = kt.by_start("5x5", as_numpy=True)
    assert isinstance(direct, np.ndarray) and (direct == array).all()
    assert (kt.Tours("5x5").by_start(as_numpy=True) == array).all()
    # Counts past int64 stay exact, as Python ints.
    huge = kt.Table([[2**70, 1]], "1x2").to_numpy()
    assert huge.dtype == object and huge[0, 0] == 2**70


def test_pandas_frames_as_the_board_is_seen():
    pytest.importorskip("pandas")
    frame = kt.by_start("5x6").to_pandas()
    assert frame.shape == (5, 6)
    assert list(frame.columns) == ["a", "b", "c", "d", "e", "f"]
    assert list(frame.index) == [5, 4, 3, 2, 1]  # the top rank first
    assert frame.loc[1, "a"] == kt.count("5x6", start="a1")
    assert frame.loc[5, "f"] == kt.count("5x6", start="f5")
    assert int(frame.to_numpy().sum()) == kt.count("5x6")


def test_a_missing_numpy_says_what_to_install(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_numpy(name, *args, **kwargs):
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError("no numpy here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_numpy)
    import sys

    monkeypatch.delitem(sys.modules, "numpy", raising=False)
    with pytest.raises(ImportError, match="pip install numpy"):
        kt.Table([[1]], "1").to_numpy()
