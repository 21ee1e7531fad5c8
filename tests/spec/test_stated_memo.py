"""`stated` remembers what it read: rank's named values are written out at every use, so
one call is asked of the same record many times; the answer must be the one read afresh."""

from __future__ import annotations

import scout.spec.stated as st
from scout.spec.stated import stated


def _counting(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = st._stated

    def counted(*args, **kw):
        calls.append(1)
        return real(*args, **kw)

    monkeypatch.setattr(st, "_stated", counted)
    st._READ.clear()
    return calls


def test_the_same_call_on_the_same_texts_is_read_once(monkeypatch):
    calls = _counting(monkeypatch)
    record = {"name": "Museo", "evidence": [{"text": "Adulto 22 €. Niños de 4 a 12 años 11 €."}]}
    first = [stated(record, "€", of=["niños"], pick="min") for _ in range(5)]
    assert first == [11] * 5
    assert len(calls) == 1


def test_other_texts_words_or_tables_are_read_afresh(monkeypatch):
    calls = _counting(monkeypatch)
    record = {"evidence": [{"text": "Adulto 22 €. Niños 11 €."}]}
    assert stated(record, "€", of=["niños"]) == 11
    assert stated(record, "€", of=["adulto"]) == 22
    assert stated({"evidence": [{"text": "Adulto 30 €. Niños 15 €."}]}, "€", of=["adulto"]) == 30
    # a synonym table of the pipeline's may make a word read otherwise: asked with one, the
    # call is not answered from what was read without it
    kid = {"evidence": [{"text": "Kid 9 €"}]}
    table = {"niños": ("niños", "kid")}
    assert stated(kid, "€", of=["niños"]) == st._stated(kid, ("€",), "max", ["niños"], None, None)
    assert stated(kid, "€", of=["niños"], synonyms=table) \
        == st._stated(kid, ("€",), "max", ["niños"], None, table)
    assert len(calls) == 5 + 2  # the two direct reads above count too


def test_a_list_of_words_that_is_not_plain_is_read_afresh(monkeypatch):
    calls = _counting(monkeypatch)
    record = {"evidence": [{"text": "Adulto 22 €"}]}
    for _ in range(2):
        assert stated(record, "€", of=[["adulto"]]) in (22, None)
    assert len(calls) == 2
