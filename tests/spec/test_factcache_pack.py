"""scout.spec.factcache keeps a namespace's entries in one file, written once per run
(flush): entries from several processes merge, the oldest go first past the limits, and
a run that found everything writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout.spec import factcache


@pytest.fixture()
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(factcache.OFF_ENV, raising=False)
    monkeypatch.setenv(factcache.CACHE_ENV, str(tmp_path / "cache"))
    return tmp_path / "cache"


def _store() -> factcache.FactStore:
    return factcache.FactStore("t", lambda: [])


def _keys(root: Path) -> list[str]:
    doc = json.loads((root / "t" / factcache.PACK_NAME).read_text(encoding="utf-8"))
    return list(doc["entries"])


def test_entries_are_written_at_flush_and_read_back(root: Path) -> None:
    first = _store()
    first.save("a", {"n": 1})
    assert first.load("a", dict) == {"n": 1}  # this process sees it before the flush
    assert not (root / "t").exists()
    first.flush()
    assert _store().load("a", dict) == {"n": 1}  # the next process, from disk


def test_two_processes_entries_merge(root: Path) -> None:
    one, two = _store(), _store()
    assert one.load("x", dict) is None and two.load("y", dict) is None  # both read: empty
    one.save("x", {"v": 1})
    two.save("y", {"v": 2})
    one.flush()
    two.flush()  # reads the file again: x stays
    assert sorted(_keys(root)) == ["x", "y"]


def test_the_oldest_entries_go_first(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(factcache, "MAX_ENTRIES", 3)
    for i in range(5):
        store = _store()
        store.save(f"k{i}", {"i": i})
        store.flush()
    assert _keys(root) == ["k2", "k3", "k4"]
    store = _store()
    store.save("k2", {"i": 22})  # written again: now the newest
    store.flush()
    assert _keys(root) == ["k3", "k4", "k2"]


def test_the_size_limit_drops_the_oldest(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(factcache, "MAX_PACK_BYTES", 400)
    store = _store()
    for i in range(6):
        store.save(f"k{i}", {"text": "x" * 60})
    store.flush()
    keys = _keys(root)
    assert keys and keys == [f"k{i}" for i in range(6 - len(keys), 6)]
    assert (root / "t" / factcache.PACK_NAME).stat().st_size <= 400


def test_a_run_that_found_everything_writes_nothing(root: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    factcache.flush()  # what tests before this one in the process left pending (xdist's
    # workers run files in any order) is written first: only this test's stores are counted
    store = _store()
    store.save("a", {"n": 1})
    store.flush()
    writes: list[object] = []
    monkeypatch.setattr(factcache, "write_atomic", lambda *a, **k: writes.append(a))
    again = _store()
    assert again.load("a", dict) == {"n": 1}
    again.flush()
    factcache.flush()
    assert writes == []
