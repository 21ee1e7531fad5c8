"""'Did you mean' suggestions."""

from __future__ import annotations

from scout.suggest import closest, did_you_mean


def test_closest_typo_case_and_plural() -> None:
    names = ["candidates", "reviews", "prices", "task"]
    assert closest("candidats", names) == "candidates"
    assert closest("Reviews", names) == "reviews"
    assert closest("price", names) == "prices"
    assert closest("zzz", names) is None
    assert closest("task", names) is None  # the name itself is not a suggestion
    assert closest("x", []) is None


def test_did_you_mean_or_the_list_of_valid_names() -> None:
    assert did_you_mean("serch", ["search", "fetch"]) == "did you mean 'search'?"
    assert did_you_mean("q", ["b", "a"], what="keys") == "valid keys: a, b"
    assert did_you_mean("q", ["b", "a"]) == "valid names: a, b"
    many = [f"name{i:02d}" for i in range(20)]
    assert did_you_mean("zzz", many) is None  # too many to list, none close
    assert did_you_mean("zzz", []) is None


def test_did_you_mean_takes_any_iterable_once() -> None:
    assert did_you_mean("webb", (n for n in ["web", "video"])) == "did you mean 'web'?"
    assert did_you_mean("webb", {"web": 1, "video": 2}) == "did you mean 'web'?"
