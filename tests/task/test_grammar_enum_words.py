"""An outside kind's enum value that is a grammar word of the request's languages (the
language codes "de", "en", "es", "it", "no") is asked for only typed as a code or next to
the input's label: every Spanish request says "de" and "en"."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)
KIND = {"what": InputSpec(type="subject"), "town": InputSpec(type="place"),
        "lang": InputSpec(type="string", enum=["de", "en", "es", "it", "fr"],
                          aliases=["idioma", "language"],
                          synonyms={"de": ["alemán", "german"], "en": ["inglés", "english"],
                                    "es": ["español", "spanish"], "it": ["italiano", "italian"],
                                    "fr": ["francés", "french"]})}
LIST = {"what": InputSpec(type="subject"), "town": InputSpec(type="place"),
        "langs": InputSpec(type="list", items="string", enum=["de", "en", "es", "it"])}


def _lang(query: str, kind: dict = KIND, field: str = "lang"):
    return build_task(query, kind, today=TODAY).values.get(field)


@pytest.mark.parametrize("query", [
    "servicios de limpieza en Madrid",
    "clases de piano en Valencia",
    "is it open on sundays in Leeds",
    "no tengo coche, algo cerca de Sol",
])
def test_a_grammar_word_is_no_value(query: str) -> None:
    assert _lang(query) is None
    assert not build_task(query, LIST, today=TODAY).values.get("langs")


@pytest.mark.parametrize("query, want", [
    ("traductor DE>ES en Madrid", "de"),
    ("translator in Leeds, language: de", "de"),
    ("profesor de francés en Madrid", "fr"),     # a synonym, as before
    ("a translator from German in Leeds", "de"),
    ("curso en español de cocina", "es"),
    ("guide who speaks IT in Rome", "it"),
])
def test_the_value_typed_as_a_code_labelled_or_by_its_synonym(query: str, want: str) -> None:
    assert _lang(query) == want
