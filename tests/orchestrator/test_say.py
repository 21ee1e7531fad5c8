"""Text a phase renders for a person or a search engine (a search query, a question, a
title: ``scope.say``) writes the kind's enum words in the request's language, as its
report does; ``scope.render`` (URLs, addresses, adapters' options) keeps the author's
identifiers."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.orchestrator.scope import make_scope, render, say
from tests.kinds import _pipeline, parse_request

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "insurance"
KIND = PROJECT / "pipelines" / "insurance.yaml"
TEMPLATE = "q {{ task.coverage | join(' ') }} / {{ task.coverage | join(', ') }} / " \
           "{{ task.coverage[0] }} / {{ task.place }}"


@pytest.mark.parametrize("query, lang, said", [
    ("seguro de salud en Valencia con cobertura hospitalaria y dental", "es",
     "q dental hospitalización / dental, hospitalización / dental / Valencia"),
    ("health insurance in Valencia with hospitalisation and dental cover", "en",
     "q dental hospitalisation / dental, hospitalisation / dental / Valencia"),
])
def test_a_query_says_the_kinds_words_in_the_requests_language(query, lang, said):
    task = parse_request(KIND, query, dt.date(2026, 12, 6))
    assert task.lang == lang and sorted(task.values["coverage"]) == ["dental",
                                                                     "hospitalisation"]
    task.values["coverage"] = ["dental", "hospitalisation"]
    pipeline = _pipeline(KIND.resolve())
    scope = make_scope(task, {}, pipeline=pipeline)
    assert say(TEMPLATE, scope, pipeline=pipeline, root=PROJECT) == said
    # render writes what the author wrote: an identifier in a URL or an option stays one
    assert render(TEMPLATE, scope) == \
        "q dental hospitalisation / dental, hospitalisation / dental / Valencia"
    # a value that merely holds such words with others is left as written
    assert say("{{ 'dental care' }}", scope, pipeline=pipeline, root=PROJECT) == "dental care"


def test_a_query_carries_a_weight_in_the_unit_the_person_typed():
    """A request in pounds searched "1.36 kg" (the Task's kilograms: the scope's Task hid
    the units it was asked in), and the report's form "3 lb (1.36 kg)" is no search either:
    the query says "3 lb"; a request in kilograms keeps them."""
    kind = PROJECT.parent / "laptops" / "pipelines" / "laptops.yaml"
    pipeline = _pipeline(kind.resolve())
    template = "laptop {{ task.max_weight | value('weight') }}"
    for query, said in (("lightweight laptop under 3 lbs, max $1,200", "laptop 3 lb"),
                        ("portátil de menos de 1,5 kg, máximo 1.000 €", "laptop 1,5 kg")):
        task = parse_request(kind, query, dt.date(2026, 12, 6))
        scope = make_scope(task, {}, pipeline=pipeline)
        assert say(template, scope, pipeline=pipeline, root=kind.parents[1]) == said
    # the report's form where render writes it (a rank query, an option): the unit asked,
    # the kilograms beside it
    assert render(template, scope) == "laptop 1,5 kg"
    task = parse_request(kind, "laptop under 3 lbs", dt.date(2026, 12, 6))
    assert render(template, make_scope(task, {}, pipeline=pipeline)) == "laptop 3 lb (1.36 kg)"


@pytest.mark.parametrize("query, speed", [
    ("fibre broadband in Leeds at least 600 Mbps", "600"),
    ("fibra en Sevilla de al menos 1000 megas", "1000"),
    ("broadband in Bristol over 2.5 Mbps", "2.5"),      # a fraction stays one
])
def test_a_whole_number_input_is_said_without_a_decimal(query, speed):
    """A ``number`` input holds a float: ``{{ task.min_speed }}`` searched "600.0", and an
    author needed ``| int``. Said, a whole number is written as one, printed alone or
    joined to words in the expression; render (a URL, an option) keeps the value."""
    kind = PROJECT.parent / "broadband" / "pipelines" / "broadband.yaml"
    pipeline = _pipeline(kind.resolve())
    task = parse_request(kind, query, dt.date(2026, 12, 6))
    assert isinstance(task.values["min_speed"], float)
    scope = make_scope(task, {}, pipeline=pipeline)
    root = kind.parents[1]
    assert say("fibre {{ task.min_speed }} Mbps", scope, pipeline=pipeline,
               root=root) == f"fibre {speed} Mbps"
    assert say("{{ 'fibre ' ~ task.min_speed ~ ' Mbps' }}", scope, pipeline=pipeline,
               root=root) == f"fibre {speed} Mbps"
    assert say("{{ task['min_speed'] }}", scope, pipeline=pipeline, root=root) == speed
    assert render("{{ task.min_speed }}", scope) == str(task.values["min_speed"])
