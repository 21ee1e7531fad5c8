"""A list said in a sentence is joined in the reader's language ("a, b and c" / "a, b y
c", "a or b" / "a o b"): the ``listed`` filter (scout/i18n/lists.py), in a report, in a
pipeline's templates (a synthesis's question), with the kind's enum words said in the
reader's language, and in the example kinds that put a list into a sentence."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from scout.i18n.lists import say_list
from scout.report.render import make_report_env

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("items, lang, conj, said", [
    (["cut"], "es", "and", "cut"),
    (["a", "b"], "en", "and", "a and b"),
    (["Slack", "Jira", "Notion"], "en", "and", "Slack, Jira and Notion"),
    (["Slack", "Jira", "Notion"], "es", "and", "Slack, Jira y Notion"),
    (["Ryanair", "easyJet"], "es", "or", "Ryanair o easyJet"),
    (["inglés", "italiano"], "es", "and", "inglés e italiano"),
    (["corte", "hidratación"], "es", "and", "corte e hidratación"),
    (["agua", "hielo"], "es", "and", "agua y hielo"),          # "hie" sounds "ye"
    (["cobre", "hierro"], "es", "and", "cobre y hierro"),
    (["plata", "iones"], "es", "and", "plata y iones"),        # "io" sounds "yo"
    (["siete", "ocho"], "es", "or", "siete u ocho"),
    (["mujer", "hombre"], "es", "or", "mujer u hombre"),
    (["csv", None, "", "parquet"], "en", "or", "csv or parquet"),
    ([], "en", "and", ""),
])
def test_a_list_is_said_as_a_sentence_says_it(items: list, lang: str, conj: str,
                                              said: str) -> None:
    assert say_list(items, lang, conj) == said


@pytest.mark.parametrize("lang, said", [
    ("en", "working with slack, jira and notion; not by Dell or HP"),
    ("es", "working with slack, jira y notion; not by Dell o HP"),
])
def test_the_filter_speaks_the_report_language(lang: str, said: str) -> None:
    env = make_report_env(ROOT / "templates", lang)
    out = env.from_string("working with {{ x | listed }}; not by {{ b | listed('or') }}"
                          ).render(x=["slack", "jira", "notion"], b=["Dell", "HP"])
    assert out == said


def test_the_kinds_enum_words_in_a_list_are_said_in_the_reader_language() -> None:
    """hairsalons' services are enum words: the list reads "corte, tinte y barba"."""
    env = make_report_env(ROOT / "examples" / "hairsalons" / "templates", "es",
                          words={"cut", "colour", "beard", "highlights"})
    out = env.from_string("{{ s | listed }} / {{ _('%(x)s', x=s | listed('or')) }}").render(
        s=["cut", "colour", "beard"])
    assert out == "corte, tinte y barba / corte, tinte o barba"


def test_a_bad_conjunction_is_a_validate_error() -> None:
    from scout.spec.filtersig import call_problem

    def call(word: str) -> str:
        return json.dumps({"args": [["c", word]], "dynamic": False, "kwargs": {}})

    assert "nor" in (call_problem("listed", call("nor")) or "")
    assert call_problem("listed", call("y"))  # the conjunction's id, not a language's word
    assert not call_problem("listed", call("or"))


@pytest.mark.parametrize("lang, said", [
    ("en", "not by Lenovo or Asus"),
    ("es", "Lenovo o Asus"),
])
def test_a_kind_reason_joins_its_list_in_the_reader_language(lang: str, said: str) -> None:
    from tests.kinds.test_unit_words import _reason

    text = _reason("laptops", "not by %(brands)s", "laptop", "A Dell XPS 13.", lang,
                   SimpleNamespace(brands=["Lenovo", "Asus"]))
    assert said in text and "Lenovo, Asus" not in text


def test_a_synthesis_question_joins_the_services_in_spanish() -> None:
    from scout.orchestrator.scope import TaskView, say
    from scout.schemas.task import Task
    from scout.spec.loader import load_pipeline

    path = ROOT / "examples" / "hairsalons" / "pipelines" / "hairsalons.yaml"
    model = load_pipeline(path).model
    question = next(p.with_["question"] for p in model.phases.values()
                    if isinstance(p.with_, dict) and "question" in p.with_)
    for lang, said in (("es", "hacen corte, tinte y mechas"), ("en", "do cut, colour and highlights")):
        task = Task(query="q", lang=lang, values={"place": "Sevilla",
                                                  "services": ["cut", "colour", "highlights"],
                                                  "budget": None},
                    types={"place": "place", "services": "list"})
        out = say(question, {"task": TaskView(task)}, pipeline=model, root=path.parents[1])
        assert said in out, out
