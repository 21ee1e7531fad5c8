"""A report's title as `scout init` writes it joins the values the request gave with
" · " after the kind's name ("Profesionales: handyman · Sevilla · 3 h"): an enum value in
it is written in the request's language, as its report's "What you asked" writes it
(scout/report/kindwords.py ``_title_words``), never the author's English identifier; any
other piece is left as written. Checked through scout init's own title expression and
``scope.say``, for two kinds' words."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from scout.orchestrator.scope import say
from scout.scaffold import _title

_PO = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
       'msgid "handyman"\nmsgstr "manitas"\n\nmsgid "hybrid"\nmsgstr "híbrido"\n\n'
       'msgid "hot_desk"\nmsgstr "puesto flexible"\n')


def _root(tmp_path: Path) -> Path:
    po = tmp_path / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(_PO, encoding="utf-8")
    (tmp_path / "templates").mkdir()
    return tmp_path


def _pipeline(**enums: list[str]) -> SimpleNamespace:
    inputs = {name: SimpleNamespace(enum=values) for name, values in enums.items()}
    inputs["city"] = SimpleNamespace(enum=None)
    return SimpleNamespace(inputs=inputs)


@pytest.mark.parametrize("spanish, enums, values, lang, want", [
    ("profesionales", {"trade": ["handyman", "plumber"]}, {"trade": "handyman", "city": "Sevilla"},
     "es", "Profesionales: manitas · Sevilla"),
    (None, {"trade": ["handyman", "plumber"]}, {"trade": "handyman", "city": "Sevilla"},
     "es", "Manitas · Sevilla"),                      # no Spanish name: the values alone
    ("coches", {"fuel": ["hybrid", "diesel"]}, {"fuel": "hybrid", "city": "Vigo"}, "es",
     "Coches: híbrido · Vigo"),
    ("coworkings", {"desk": ["hot_desk", "fixed"]}, {"desk": "hot_desk", "city": "Bilbao"},
     "es", "Coworkings: puesto flexible · Bilbao"),
    ("coches", {"fuel": ["hybrid", "diesel"]}, {"fuel": "hybrid", "city": "Leeds"}, "en",
     "Things: hybrid · Leeds"),                       # English: the identifier is the word
])
def test_an_enum_value_in_a_joined_title_is_in_the_request_language(
        tmp_path: Path, spanish: str | None, enums: dict, values: dict, lang: str,
        want: str) -> None:
    names = [(name, "string") for name in enums] + [("city", "place")]
    title = _title("things", spanish, names)
    task = SimpleNamespace(lang=lang, query="q", **values)
    assert say(title, {"task": task}, pipeline=_pipeline(**enums), root=_root(tmp_path)) == want


def test_a_piece_that_is_no_enum_word_is_left_as_written(tmp_path: Path) -> None:
    title = _title("things", "cosas", [("trade", "string"), ("city", "place")])
    task = SimpleNamespace(lang="es", query="q", trade="handyman jobs", city="Sevilla")
    out = say(title, {"task": task}, pipeline=_pipeline(trade=["handyman"]), root=_root(tmp_path))
    assert out == "Cosas: handyman jobs · Sevilla"


def test_markup_and_text_of_several_lines_are_no_title() -> None:
    """A body a template composed (the HTML report's, Markup) or text of several lines
    keeps its " · " and ": " as its own: never re-written, never made plain text (which
    the page would then escape)."""
    from markupsafe import Markup

    from scout.report.kindwords import kind_words

    written = kind_words({"handyman"}, {"handyman": "manitas"}.get)
    body = Markup("<p>Price: 40 EUR · handyman</p>")
    assert written(body) is body
    lines = "Profesionales: handyman · Sevilla\nmore"
    assert written(lines) is lines
    assert written("Profesionales: handyman · Sevilla") == "Profesionales: manitas · Sevilla"
