"""Counts agree with their nouns: plural catalog entries, in templates (``ngettext``) and in
English text Python stores and the report localises (``N_plural`` + ``localize``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scout.i18n import N_plural
from scout.i18n.messages import localize

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = [*sorted((ROOT / "templates").glob("*.j2")),
             *sorted((ROOT / "scout" / "report" / "builtin").glob("*.j2")),
             *sorted((ROOT / "scout" / "scaffold" / "files").glob("*.j2"))]


@pytest.mark.parametrize(("english", "spanish"), [
    ("F1: tavily failed 1 time (unavailable)", "F1: tavily: 1 fallo (no disponible)"),
    ("F1: tavily failed 3 times (unavailable)", "F1: tavily: 3 fallos (no disponible)"),
    ("gave up after 1 attempt", "abandonada tras 1 intento"),
    ("gave up after 3 attempts: HTTP 500", "abandonada tras 3 intentos: HTTP 500"),
])
def test_localize_picks_the_spanish_form_from_the_count(english: str, spanish: str) -> None:
    assert localize(english, "es") == spanish


def test_n_plural_writes_the_english_form_for_the_count() -> None:
    one = N_plural("gave up after {count} attempt", "gave up after {count} attempts", 1)
    many = N_plural("gave up after {count} attempt", "gave up after {count} attempts", 2)
    assert one.format(count=1) == "gave up after 1 attempt"
    assert many.format(count=2) == "gave up after 2 attempts"


#: words outside Jinja tags: text a reader sees that no catalog can translate
_TAGS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
_PROSE = re.compile(r"\b[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){3,}")


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.name)
def test_report_templates_leave_no_prose_outside_the_catalog(path: Path) -> None:
    """A sentence written straight into a shared template stays English in a Spanish
    report (the 'In doubt' line once did): prose goes through ``_()`` / ``ngettext``."""
    if path.name.endswith(".html.j2"):
        pytest.skip("markup: its words are tag and attribute names")
    text = _TAGS.sub(" ", path.read_text())
    prose = [m.group(0) for m in _PROSE.finditer(text)]
    assert prose == [], prose
