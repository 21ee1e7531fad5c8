"""Perplexity's answer held to what the ``openai`` type's is (scout/adapters/perplexity.py):
a figure cited to an evidence item that does not state it is marked, and an answer citing
nothing while evidence was sent is no synthesis. A claim citing Perplexity's own web
results is not checked (the answer carries no page text). The answers are the real
captured sonar body with only ``choices[0].message.content`` replaced."""

from __future__ import annotations

import json

import pytest

from scout.adapters.contract import EvidenceItem
from scout.errors import ParseError
from tests.adapters_media.test_perplexity import ANSWER, KEY, Capture, adapter, request

EVIDENCE = [
    EvidenceItem(url="https://casafuster.example/", title="Casa Fuster",
                 text="Casa Fuster, Passeig de Gràcia: double rooms from 180 EUR a night, "
                      "rated 9.1/10.", subject="Casa Fuster"),
    EvidenceItem(url="https://arts.example/rates", title="Hotel Arts rates",
                 text="Hotel Arts: sea-view rooms from 420 EUR, rated 9.3/10.",
                 subject="Hotel Arts"),
]


def body(content: str) -> bytes:
    data = json.loads(ANSWER)
    data["choices"][0]["message"]["content"] = content
    return json.dumps(data).encode()


def call(content: str, lang: str = "en", evidence: list[EvidenceItem] = EVIDENCE):
    return adapter(Capture(body=body(content))).call(
        request(evidence=evidence, lang=lang), KEY).value


@pytest.mark.parametrize(("content", "lang", "marked", "note"), [
    # Hotel Arts' 420 EUR written beside Casa Fuster's page
    ("Casa Fuster costs 420 EUR a night [E1]. Hotel Arts is rated 9.3/10 [E2].", "en",
     [True, False], "the evidence it cites does not state (420)"),
    ("El Hotel Arts cuesta 180 EUR la noche [E2]. Casa Fuster tiene un 9,1/10 [E1].", "es",
     [True, False], "la evidencia que cita no dice (180)"),
    # a web citation's page is not read: its figure stands, whatever it is
    ("Casa Fuster costs 420 EUR a night [1]. Hotel Arts is rated 9.3 out of 10 [E2].", "en",
     [False, False], None),
])
def test_a_figure_cited_to_evidence_that_does_not_state_it_is_marked(
        content: str, lang: str, marked: list[bool], note: str | None) -> None:
    syn = call(content, lang)
    assert [s.uncited for s in syn.sentences] == marked
    assert any(note in n for n in syn.notes) if note else not any(
        "does not state" in n or "no dice" in n for n in syn.notes), syn.notes


@pytest.mark.parametrize("content", [
    "Lo siento, no puedo recomendar hoteles concretos.",
    "Casa Fuster is a fine choice in Barcelona. Hotel Arts is by the sea.",
])
def test_an_answer_citing_nothing_while_evidence_was_sent_is_no_synthesis(content: str) -> None:
    with pytest.raises(ParseError, match="cites none of the evidence it was given"):
        call(content, "es")
