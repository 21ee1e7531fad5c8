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
