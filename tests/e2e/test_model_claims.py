"""What a bad model recommends, read against the mission (real CLI, providers and report
step against the fake world, tests/e2e/world.py; the model a keyless local
OpenAI-compatible server): a hotel no candidate and no page names, and a superlative the
shortlist's figures contradict, reach report.md marked and noted in the request's
language; the answer's own names, places and the request's words are no alarm."""

from __future__ import annotations

import re

import pytest

from tests.e2e.test_model_synthesis import model, synthesis
from tests.e2e.test_spanish_report import apply, shortlist, spanish_args
from tests.e2e.world import QUERY, World

UNSUPPORTED = {"en": "*(not supported by the evidence)*", "es": "*(sin respaldo en la evidencia)*"}


def run(world: World, monkeypatch: pytest.MonkeyPatch, mission: str, lang: str,
        content: str) -> str:
    model(world, monkeypatch, content)
    assert apply(mission, *(["--query", QUERY] if lang == "en" else spanish_args())) == 0
    return synthesis(world, mission)


def line_of(syn: str, starts: str) -> str:
    return next(line for line in syn.splitlines() if starts in line)


@pytest.mark.parametrize(("lang", "content", "invented", "said"), [
    ("en", "Hotel Brisa Marina Suites is the best choice for your stay, with rooms from "
           "180 EUR [E1]. Casa Bonay is rated 9.0/10 [E1].",
     "Hotel Brisa Marina Suites",
     "the answer recommends Hotel Brisa Marina Suites, which is no candidate and which "
     "nothing the model was given names"),
    ("es", "Te recomiendo el Hostal Luz de Poniente, con habitaciones desde 180 EUR [E1]. "
           "Casa Bonay tiene un 9,0/10 [E1].",
     "Hostal Luz de Poniente",
     "la respuesta recomienda Hostal Luz de Poniente, que no es ningún candidato y que "
     "nada de lo que recibió el modelo nombra"),
])
def test_a_recommended_hotel_no_source_names_is_marked_and_noted(
        world: World, monkeypatch: pytest.MonkeyPatch, lang: str, content: str,
        invented: str, said: str) -> None:
    syn = run(world, monkeypatch, f"invented-{lang}", lang, content)
    first, second = line_of(syn, invented).split(" Casa Bonay", 1)
    assert first.endswith(UNSUPPORTED[lang]), first
    assert UNSUPPORTED[lang] not in second, second
    assert said in syn


@pytest.mark.parametrize(("lang", "content"), [
    ("en", "Casa Bonay is the best choice in Eixample, near Passeig de Gràcia, rated "
           "9.0/10 [E1]. For September 2026 in Barcelona, Hotel Praktik Rambla on Rambla "
           "de Catalunya is a good pick too [E6]. I recommend booking through Tripadvisor "
           "[E1]."),
    ("es", "Recomiendo Casa Bonay, en el Eixample, con un 9,0/10 [E1]. Sin duda, el Hotel "
           "Praktik Rambla también es una buena opción en la Rambla de Catalunya [E6]. "
           "Ambos están en Barcelona [E1]."),
])
def test_the_answers_own_names_places_and_request_words_are_no_alarm(
        world: World, monkeypatch: pytest.MonkeyPatch, lang: str, content: str) -> None:
    syn = run(world, monkeypatch, f"named-{lang}", lang, content)
    assert UNSUPPORTED[lang] not in syn and "recomienda" not in syn
    assert "recommends" not in syn, syn



@pytest.mark.parametrize(("lang", "content", "said", "marked"), [
    ("en", "Casa Bonay is the cheapest of the two [E1]. Hotel Praktik Rambla has lovely "
           "tiles [E6].",
     "the answer calls Casa Bonay the cheapest, but Hotel Praktik Rambla costs less (135 "
     "EUR against 180 EUR)", True),
    ("es", "Casa Bonay es la opción más económica [E1]. El Hotel Praktik Rambla tiene "
           "azulejos preciosos [E6].",
     "la respuesta llama a Casa Bonay el más barato, pero Hotel Praktik Rambla cuesta "
     "menos (135 EUR frente a 180 EUR)", True),
    ("en", "Hotel Praktik Rambla is the best option overall [E6]. Casa Bonay has a rooftop "
           "bar [E1].",
     "the answer calls Hotel Praktik Rambla the best option, but it is number 2 in the "
     "shortlist, whose first is Casa Bonay", False),
    ("es", "La mejor opción es el Hotel Praktik Rambla [E6]. Casa Bonay tiene azotea [E1].",
     "la respuesta llama a Hotel Praktik Rambla la mejor opción, pero es la número 2 de la "
     "selección, cuya primera es Casa Bonay", False),
])
def test_a_superlative_the_shortlist_contradicts_is_noted(
        world: World, monkeypatch: pytest.MonkeyPatch, lang: str, content: str, said: str,
        marked: bool) -> None:
    mission = f"order-{lang}-{int(marked)}"
    syn = run(world, monkeypatch, mission, lang, content)
    md = (world.run_dir(mission) / "report.md").read_text(encoding="utf-8")
    assert shortlist(md) == [("1", "Casa Bonay"), ("2", "Hotel Praktik Rambla")]
    assert said in syn, syn
    assert syn.strip().splitlines()[0].startswith(content[:20])
    assert (UNSUPPORTED[lang] in syn.strip().splitlines()[0]) is marked


@pytest.mark.parametrize(("lang", "content"), [
    ("en", "Hotel Praktik Rambla is the cheapest, while Casa Bonay is the best rated [E6]."),
    ("es", "Casa Bonay es la mejor opción y la mejor valorada [E1]; el Hotel Praktik Rambla "
           "es el más barato, aunque no es el mejor valorado [E6]."),
])
def test_superlatives_the_shortlist_bears_out_are_no_alarm(
        world: World, monkeypatch: pytest.MonkeyPatch, lang: str, content: str) -> None:
    syn = run(world, monkeypatch, f"order-ok-{lang}", lang, content)
    assert UNSUPPORTED[lang] not in syn
    assert not re.search(r"the answer calls|la respuesta llama", syn), syn

