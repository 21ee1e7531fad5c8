"""A bad model through the whole mission (real CLI, providers and report step against the
fake world, tests/e2e/world.py), configured as a local OpenAI-compatible server: what the
reader of report.md gets when the model cites a page for a price it does not state, or
answers nothing usable, in the request's language."""

from __future__ import annotations

import re

import pytest

from tests.e2e.test_spanish_report import apply, spanish_args
from tests.e2e.world import QUERY, World
from tests.fakes.openai import answer_with
from tests.fakes.server import Reply


def model(world: World, monkeypatch: pytest.MonkeyPatch, content: str) -> list[dict]:
    """The world's model: no Perplexity key, a keyless local server answering ``content``."""
    monkeypatch.delenv("PERPLEXITY_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    bodies: list[dict] = []

    def handler(req):  # type: ignore[no-untyped-def]
        bodies.append(req.json())
        return Reply(200, answer_with(content))

    world.server.route("POST", "/v1/chat/completions", handler)
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL", world.server.url + "/v1")
    return bodies


def synthesis(world: World, mission: str) -> str:
    md = (world.run_dir(mission) / "report.md").read_text(encoding="utf-8")
    return re.split(r"\n## (?:Synthesis|Síntesis)\n", md)[1].split("\n## ", 1)[0]


def label(bodies: list[dict], says: str) -> int:
    """The evidence label k whose quoted text says ``says`` in the prompt sent."""
    user = bodies[0]["messages"][-1]["content"]
    return int(re.search(r"^\[E(\d+)\][^\n]*\n[^\n]*" + re.escape(says), user, re.M).group(1))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_price_cited_to_another_hotels_page_reaches_the_report_marked(
        world: World, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    # the prompt's labels are fixed by the world: E1 is Casa Bonay's site, and Praktik's
    # 135 EUR is on its rates page only
    content = ("Casa Bonay costs 135 EUR per night [E1]. Praktik Rambla is rated 8.6/10 [E6]."
               if lang == "en" else
               "Casa Bonay cuesta 135 EUR por noche [E1]. Praktik Rambla tiene un 8,6/10 [E6].")
    bodies = model(world, monkeypatch, content)
    assert apply(f"wrongsrc-{lang}", *(["--query", QUERY] if lang == "en"
                                       else spanish_args())) == 0
    assert bodies and label(bodies, "8.6/10") == 6 and label(bodies, "135 EUR") != 1
    syn = synthesis(world, f"wrongsrc-{lang}")
    unsupported = ("*(not supported by the evidence)*" if lang == "en"
                   else "*(sin respaldo en la evidencia)*")
    first, second = syn.strip().splitlines()[0].split(" Praktik Rambla", 1)
    assert first.startswith("Casa Bonay") and first.endswith(unsupported), first
    assert unsupported not in second, second
    said = ("the evidence it cites does not state (135)" if lang == "en"
            else "la evidencia que cita no dice (135)")
    assert said in syn


def test_an_empty_answer_gives_the_local_synthesis_and_says_why_in_spanish(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    model(world, monkeypatch, "  \n ")
    assert apply("empty-es", *spanish_args()) == 0
    syn = synthesis(world, "empty-es")
    assert "*Respondido por **extractive**" in syn
    assert "openai: el modelo respondió con un texto vacío" in syn and "empty text" not in syn


@pytest.mark.parametrize(("lang", "content", "said"), [
    ("es", "Lo siento, pero no puedo ayudarte a elegir un hotel.",
     "openai: la respuesta no cita ninguna de las evidencias que recibió"),
    ("en", "As an AI I cannot browse. Generally, Hotel Evil is the best hotel in town.",
     "openai: the answer cites none of the evidence it was given"),
])
def test_a_refusal_or_an_uncited_answer_gives_the_local_synthesis_and_says_why(
        world: World, monkeypatch: pytest.MonkeyPatch, lang: str, content: str,
        said: str) -> None:
    bodies = model(world, monkeypatch, content)
    mission = f"refused-{lang}"
    assert apply(mission, *(["--query", QUERY] if lang == "en" else spanish_args())) == 0
    assert len(bodies) == 1  # asked once: a second answer would cost again
    syn = synthesis(world, mission)
    assert "**extractive**" in syn and said in syn
    assert content.split(",")[0] not in syn and "Hotel Evil" not in syn


@pytest.mark.parametrize(("lang", "content", "said"), [
    ("en", "Hotel Arts Barcelona is the best choice for your trip, with 9.3/10 [E9]. "
           "Casa Bonay is rated 9.0/10 [E1].",
     "the answer names Hotel Arts Barcelona, which the ranking left out as not fitting the "
     "request"),
    ("es", "Te recomiendo el Generator, un hostal con mucho ambiente [E10]. Casa Bonay "
           "tiene un 9,0/10 [E1].",
     "la respuesta nombra Generator Barcelona, que la clasificación dejó fuera por no "
     "encajar con la petición"),
])
def test_a_left_out_candidate_the_model_recommends_is_named_in_the_note(
        world: World, monkeypatch: pytest.MonkeyPatch, lang: str, content: str,
        said: str) -> None:
    model(world, monkeypatch, content)
    mission = f"leftout-{lang}"
    assert apply(mission, *(["--query", QUERY] if lang == "en" else spanish_args())) == 0
    syn = synthesis(world, mission)
    assert said in syn
    # the shortlisted hotel it also names is no left-out one
    assert "Casa Bonay" not in syn.split(said[:20], 1)[1].split("\n", 1)[0]
