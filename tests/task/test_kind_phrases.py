"""The kind's name in a request: the phrases an input owns are only looked for when the
request holds their words (scout/task/kindnames.py ``kind_spans``)."""

from __future__ import annotations

from scout.lazyre import compiled
from scout.spec.models import InputSpec
from scout.task.kindnames import kind_spans


def _inputs() -> dict[str, InputSpec]:
    return {"service": InputSpec(type="string", enum=["zqhull wash", "zqcrew zqyacht"])}


def test_a_phrase_the_request_lacks_builds_no_pattern() -> None:
    # a kind's inputs own hundreds of phrases; each request asked every one of them
    folded = "zqboats in palma"
    kind_spans(folded, "zqboats", {})  # the kind's own pattern, compiled once
    before = compiled.cache_info()
    assert kind_spans(folded, "zqboats", _inputs()) == [(0, 7)]
    assert compiled.cache_info().misses == before.misses


def test_a_phrase_the_request_holds_still_keeps_its_word() -> None:
    # "zqcrew zqyachts" is the input's phrase, whole: the kind "zqyachts" is not named there
    assert kind_spans("zqcrew zqyachts in palma", "zqyachts", _inputs()) == []
    assert kind_spans("zqyachts in palma", "zqyachts", _inputs()) == [(0, 8)]
