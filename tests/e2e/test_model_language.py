"""What the reader is told of a model's answer in the wrong language, through the whole
mission (real CLI against the fake world, tests/e2e/world.py; the model a keyless local
OpenAI-compatible server): one in the other of scout's languages is asked for once more,
firmly, and the answer in the request's language is shown with a note saying so, in
report.md and report.html alike; a second one in the wrong language, or one in a third
language, is not used, and the local synthesis stands in with the reason, in both
reports."""

from __future__ import annotations

import re

import pytest

from tests.e2e.test_model_claims import run
from tests.e2e.test_model_synthesis import synthesis
from tests.e2e.test_spanish_report import apply, spanish_args
from tests.e2e.world import QUERY, World
from tests.fakes.openai import answer_with
from tests.fakes.server import Reply


GERMAN = ("Casa Bonay ist die beste Wahl für Ihren Aufenthalt: Es liegt im Eixample, in der "
          "Nähe der U-Bahn, und die Zimmer kosten etwa 180 EUR pro Nacht [E1]. Die Gäste "
          "loben die Dachterrasse und das Personal, obwohl einige den Lärm von der Straße "
          "erwähnen [E1]. Das Hotel Praktik Rambla ist günstiger, aber die Zimmer sind "
          "klein [E6].")


def html_text(world: World, mission: str) -> str:
    raw = (world.run_dir(mission) / "report.html").read_text(encoding="utf-8")
    return " ".join(re.sub(r"<[^>]+>", " ", raw).split())


ENGLISH = ("Casa Bonay is the best rated hotel of the shortlist, and it has a rooftop bar "
           "that guests love [E1]. Hotel Praktik Rambla is a modernist building that is "
           "cheaper than the others and it is on Rambla de Catalunya [E6].")
SPANISH = ("Casa Bonay es el hotel mejor valorado de la selección, y tiene una azotea con "
           "bar que encanta a los huéspedes [E1]. El Hotel Praktik Rambla es un edificio "
           "modernista que es más barato que los demás y está en la Rambla de Catalunya [E6].")


def answering(world: World, monkeypatch: pytest.MonkeyPatch, *contents: str) -> list[dict]:
    """The world's model: a keyless local server answering each request with the next of
    ``contents`` (the last repeats)."""
    monkeypatch.delenv("PERPLEXITY_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    bodies: list[dict] = []

    def handler(req):  # type: ignore[no-untyped-def]
        bodies.append(req.json())
        return Reply(200, answer_with(contents[min(len(bodies), len(contents)) - 1]))

    world.server.route("POST", "/v1/chat/completions", handler)
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL", world.server.url + "/v1")
    return bodies


def test_an_answer_in_the_other_language_is_asked_again_and_said_in_both_reports(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """The model answers a Spanish request in English, then, told firmly, in Spanish: the
    Spanish answer is shown, and both reports say it was asked twice."""
    bodies = answering(world, monkeypatch, ENGLISH, SPANISH)
    assert apply("english-then-spanish", *spanish_args()) == 0
    syn = synthesis(world, "english-then-spanish")
    note = ("el modelo respondió primero en inglés, no en español, el idioma de la petición: "
            "se le pidió una vez más, con firmeza, que respondiera en español")
    assert len(bodies) == 2 and "Your previous answer was written in English" in \
        bodies[1]["messages"][0]["content"]
    assert "Casa Bonay es el hotel mejor valorado" in syn and note in syn
    assert "rooftop bar that guests love" not in syn
    assert note in html_text(world, "english-then-spanish")


def test_an_answer_in_the_other_language_twice_gives_the_local_synthesis(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    answering(world, monkeypatch, SPANISH)
    assert apply("spanish-for-en", "--query", QUERY) == 0
    syn = synthesis(world, "spanish-for-en")
    said = ("openai: the model answered in Spanish twice, though the request is in English: "
            "its answer is not used")
    assert "**extractive**" in syn and said in syn and "azotea" not in syn
    assert said in html_text(world, "spanish-for-en")


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
