"""check=True: the answer against the published counts, by the library's
one check (kt_count::check_answer, as `knights-tour count --check`)."""

import warnings

import pytest

import knights_tour as kt


def test_published_counts_agree():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert kt.count(5, check=True) == 1728
        assert kt.count(6, closed=True, check=True) == 9862
        assert kt.count(5, start="a1", check=True) == 304
        assert sum(map(sum, kt.by_start(5, check=True))) == 1728
    report = kt.report(6, closed=True, check=True)
    assert report["check"]["passed"] is True and report["check"]["agreeing"]
    assert report["check"]["disagreeing"] == []
    assert kt.report(5)["check"] is None


def test_nothing_published_is_a_warning():
    with pytest.warns(UserWarning, match="no published count"):
        kt.count(5, start="a1", end="e5", check=True)
