"""What the reader is told of a model's answer in the wrong language, through the whole
mission (real CLI against the fake world, tests/e2e/world.py; the model a keyless local
OpenAI-compatible server): one in the other of scout's languages is shown with a note in
the request's language, in report.md and report.html alike; one in a third language is
not used, and the local synthesis stands in with the reason, in both reports."""

from __future__ import annotations

import re

import pytest

from tests.e2e.test_model_claims import run
from tests.e2e.world import World


GERMAN = ("Casa Bonay ist die beste Wahl für Ihren Aufenthalt: Es liegt im Eixample, in der "
          "Nähe der U-Bahn, und die Zimmer kosten etwa 180 EUR pro Nacht [E1]. Die Gäste "
          "loben die Dachterrasse und das Personal, obwohl einige den Lärm von der Straße "
          "erwähnen [E1]. Das Hotel Praktik Rambla ist günstiger, aber die Zimmer sind "
          "klein [E6].")


def html_text(world: World, mission: str) -> str:
    raw = (world.run_dir(mission) / "report.html").read_text(encoding="utf-8")
    return " ".join(re.sub(r"<[^>]+>", " ", raw).split())


def test_an_answer_in_the_other_language_is_shown_with_a_note_in_both_reports(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    content = ("Casa Bonay is the best rated hotel of the shortlist, and it has a rooftop "
               "bar that guests love [E1]. Hotel Praktik Rambla is a modernist building that "
               "is cheaper than the others and it is on Rambla de Catalunya [E6].")
    syn = run(world, monkeypatch, "english-for-es", "es", content)
    note = ("la respuesta está escrita en inglés, no en español, el idioma de la petición: "
            "el modelo no siguió la instrucción de responder en él")
    assert "Casa Bonay is the best rated hotel" in syn and note in syn
    assert note in html_text(world, "english-for-es")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_an_answer_in_a_third_language_gives_the_local_synthesis_in_both_reports(
        world: World, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    mission = f"german-{lang}"
    syn = run(world, monkeypatch, mission, lang, GERMAN)
    said = {"es": "openai: la respuesta no está escrita ni en inglés ni en español: no se usa",
            "en": "openai: the answer is written in neither English nor Spanish: it is not "
                  "used"}[lang]
    assert "**extractive**" in syn and said in syn and "Dachterrasse" not in syn
    page = html_text(world, mission)
    assert said in page and "Dachterrasse" not in page
