"""The currency symbols CLDR gives countries (scout.task.pageprices.own_symbols) are read
from babel's ~540 locale files once a day and kept in scout's cache, then read back by
each process: the same table, and a kept table that is not one is read again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout.spec import factcache
from scout.task import pageprices


@pytest.fixture()
def cldr_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """A cache folder of the test's own, and each read of CLDR's data counted (a small
    table stands for it: the real one takes ~0.4 s)."""
    monkeypatch.delenv(factcache.OFF_ENV, raising=False)
    monkeypatch.setenv(factcache.CACHE_ENV, str(tmp_path / "cache"))
    reads: list[object] = []

    def read(today: object) -> dict[str, str]:
        reads.append(today)
        return {"Kč": "CZK", "₦": "NGN"}

    monkeypatch.setattr(pageprices, "_cldr_symbols", read)
    return reads


def _own_symbols() -> dict[str, str]:
    return pageprices.own_symbols.__wrapped__()  # past the once-a-process cache


def test_read_once_then_from_the_cache(cldr_reads: list[object]) -> None:
    assert _own_symbols() == {"Kč": "CZK", "₦": "NGN"}
    pageprices._STORE.flush()  # what a process does at exit
    assert _own_symbols() == {"Kč": "CZK", "₦": "NGN"}  # the next process
    assert len(cldr_reads) == 1


def test_a_kept_table_that_is_not_one_is_read_again(tmp_path: Path,
                                                     cldr_reads: list[object]) -> None:
    _own_symbols()
    pack = tmp_path / "cache" / "currency-symbols" / factcache.PACK_NAME
    for bad in ({"Kč": "ZZZ"}, {"Kč": 7}, {" Kč": "CZK"}, [], {}):
        pageprices._STORE.flush()  # the table read last is written
        doc = json.loads(pack.read_text(encoding="utf-8"))
        key = next(iter(doc["entries"]))
        doc["entries"][key] = bad
        pack.write_text(json.dumps(doc), encoding="utf-8")
        pageprices._STORE.flush()  # nothing new: what was read is forgotten
        assert _own_symbols() == {"Kč": "CZK", "₦": "NGN"}
    assert len(cldr_reads) == 1 + 5


def test_the_real_table_reads_back_the_same() -> None:
    """CLDR's own table (order included: a longer symbol is tried first, ties in order)
    through the cache file's JSON and the read-back check."""
    table = pageprices.own_symbols()
    assert len(table) > 20
    back = pageprices._symbols_read_back(json.loads(json.dumps(table)))
    assert back == table and list(back) == list(table)
