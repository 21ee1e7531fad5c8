"""SPEC092: ``mentions([...])`` needs every word, and authors read a list as "any of":
``scout validate`` warns when a literal list needing every word reads as alternatives
(one word written two ways, two values of one enum input, words of both languages), at
the call, in a pipeline's expressions and in a report template; ``every=`` said, a list
with a run-time word, or words one listing can say together are not reported. The rule
is checked against what ``mentions`` really does: the list it warns about matches no
listing written in one language, and the fix it hints at does."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.spec.evidence import mentions
from scout.validate import validate_paths
from tests.spec.test_author_words import CONFIG, KIND

GEARBOX = "  month: {type: month}\n  gearbox: {type: string, enum: [manual, automatic], " \
          "synonyms: {automatic: [automático, auto]}}"


def _problems(tmp_path: Path, where: str, template: str | None = None) -> list:
    kind = KIND.replace("  month: {type: month}", GEARBOX)
    kind = kind.replace("NOUNS", "encuesta").replace("ALIASES", "about") \
        .replace("QUERY", "{{ task.topic }}").replace("WHERE", where)
    config = CONFIG
    if template is not None:  # a project: its config/, templates/ and pipelines/
        for folder in ("config", "templates", "pipelines"):
            (tmp_path / folder).mkdir()
        config = tmp_path / "config" / "adapters.yaml"
        config.write_text(CONFIG.read_text())
        (tmp_path / "templates" / "t.md.j2").write_text(template)
        kind += ("  R2:\n    uses: report\n    needs: [task, shortlist]\n"
                 "    with: {template: t.md.j2}\n    produces: [report]\n")
    spec = tmp_path / ("pipelines" if template is not None else "") / "k.yaml"
    spec.write_text(kind)
    report = validate_paths([spec], config=config).files[0]
    return [p for p in report.problems if p.code == "SPEC092"]


@pytest.mark.parametrize(("words", "why"), [
    # one word written two ways
    (["wifi", "wi-fi"], "one word written two ways"),
    (["Wi-Fi", "WIFI", "internet"], "one word written two ways"),
    (["balcony", "balconies"], "one word written two ways"),
    (["24h", "24 h"], "one word written two ways"),
    (["glass", "glasses"], "one word written two ways"),
    # two values of one enum input, or a value's synonym
    (["manual", "automatic"], "two values of input 'gearbox'"),
    (["automático", "manual"], "two values of input 'gearbox'"),
    # both languages
    (["pool", "piscina"], "English and 'piscina' Spanish"),
    (["mascotas", "pets"], "'pets' is English and 'mascotas' Spanish"),
    (["sala de reuniones", "meeting room"], "a listing is written in one language"),
    (["washing machine", "lavadora"], "a listing is written in one language"),
    (["lift", "ascensor", "elevator", "terraza"], "a listing is written in one language"),
    (["sin gluten", "gluten-free"], "a listing is written in one language"),
])
def test_a_list_that_reads_as_alternatives_is_said_at_the_call(
        tmp_path: Path, words: list[str], why: str) -> None:
    listed = "[" + ", ".join(repr(w) for w in words) + "]"
    where = f"\"c | mentions({listed})\""
    [p] = _problems(tmp_path, where)
    assert p.severity == "warning" and why in p.message, p.message
    assert "every word" in p.message and f"mentions({listed}, every=false)" in p.hint
    line = (tmp_path / "k.yaml").read_text().splitlines()[p.location.line - 1]
    assert line[p.location.col - 1:].startswith("mentions(")
    # and the warning is true: no listing written in one language passes the list, the
    # hinted every=false does
    for listing in ("Hotel with a pool and a lift, pets welcome, wifi, 24 h reception",
                    "Hotel con piscina y ascensor, se admiten mascotas, wifi 24h"):
        if why.endswith("one language") or "Spanish" in why:
            assert not mentions(listing, words)


@pytest.mark.parametrize("where", [
    "\"c | mentions(['pool', 'piscina'], every=false)\"",
    "\"c | mentions(['pool', 'piscina'], every=true)\"",   # said: every one
    "\"c | mentions(['pool', 'piscina'], task.month is none)\"",
    "\"c | mentions(['pool', task.topic])\"",              # a run-time word: not read
    "\"c | mentions(['wifi', 'parking', 'piscina'])\"",    # Spanish listings write both
    "\"c | mentions(['breakfast', 'pool', 'gym'])\"",      # one language: all of them
    "\"c | mentions(['desayuno', 'piscina', 'terraza'])\"",
    "\"c | mentions(['manual'])\"",
    "\"c | mentions(['suite', 'sea view'])\"",
    "\"c | mentions('pool')\"",
    "\"c | mentions(task.features)\"",
])
def test_a_list_one_listing_can_say_or_every_said_is_not_reported(
        tmp_path: Path, where: str) -> None:
    assert _problems(tmp_path, where) == []


def test_a_report_template_s_list_is_read_too(tmp_path: Path) -> None:
    template = ("# {{ task.topic }}\n{% for c in shortlist %}\n"
                "{% if c | mentions(['parking', 'aparcamiento', 'car park']) %}P{% endif %}\n"
                "{% if c | mentions(['garaje', 'garage'], every=false) %}G{% endif %}\n"
                "{% endfor %}\n")
    found = _problems(tmp_path, "'c.price is none'", template)
    assert [(p.code, p.location.line) for p in found] == [("SPEC092", 3)], found
    assert "report template" in found[0].message and "car park" in found[0].message
