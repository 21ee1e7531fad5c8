"""Two enum inputs that share their words (a source and a target language, an origin and a
destination country) are told apart by their labels and by a pair's order, in English and
Spanish, as two place inputs are (scout/task/enums.py: ``enum_peers``)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 6)
LANGS = ["spanish", "english", "catalan", "portuguese"]
SYNONYMS = {"spanish": ["español", "castellano"], "english": ["inglés"],
            "catalan": ["catalán"], "portuguese": ["portugués", "pt-br"]}
PAIR = {"source": InputSpec(type="string", enum=LANGS, synonyms=SYNONYMS,
                            aliases=["from", "del", "de"]),
        "target": InputSpec(type="string", enum=LANGS, synonyms=SYNONYMS,
                            aliases=["into", "to", "al", "a"])}


@pytest.mark.parametrize("query,source,target", [
    ("traducción del español al inglés", "spanish", "english"),
    ("translate from English to Spanish", "english", "spanish"),
    # another input's label before a word: that input's, though this one is declared first
    ("subtitulado de 5 vídeos al catalán", None, "catalan"),
    ("certified translation of 3 pages into Spanish", None, "spanish"),
    ("traducción al inglés de un artículo en español", "spanish", "english"),
    # a pair joined by a dash or an arrow: the input declared first takes the first end
    ("traductor jurado inglés-español en Madrid", "english", "spanish"),
    ("Spanish-English translation", "spanish", "english"),
    ("English > Portuguese proofreading", "english", "portuguese"),
    ("catalán → castellano", "catalan", "spanish"),
])
def test_a_label_or_a_pair_says_which_input_a_shared_word_is(query, source, target) -> None:
    task = build_task(query, PAIR, today=TODAY)
    assert (task.values.get("source"), task.values.get("target")) == (source, target), task.notes


def test_declared_the_other_way_round_the_pair_follows_the_declaration() -> None:
    flipped = {"target": PAIR["target"], "source": PAIR["source"]}
    task = build_task("inglés-español", flipped, today=TODAY)
    assert (task.values.get("target"), task.values.get("source")) == ("english", "spanish")


def test_an_input_alone_still_reads_its_word_anywhere() -> None:
    alone = {"source": PAIR["source"]}
    task = build_task("traducción al inglés", alone, today=TODAY)
    assert task.values.get("source") == "english"
