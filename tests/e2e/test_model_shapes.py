"""A real model's answer in the shapes models write rather than the ones asked for,
through the whole mission (real CLI, providers and report step against the fake world,
tests/e2e/world.py; the model a keyless local OpenAI-compatible server answering DeepSeek
reasoner's captured body, ``reasoning_content`` beside ``content``,
tests/fixtures/providers/openai/SOURCES.md): a ``<think>`` block, headings, a bold
sentence, citations at a line's start or as a bare ``(6)``, a rating on another scale, a
figure in words and a closing list of sources. What reaches report.md: every claim with
its own citation, no true figure marked unsupported, no reasoning and no second list of
sources, in the request's language."""

from __future__ import annotations

import re

import pytest

from tests.e2e.test_model_synthesis import synthesis
from tests.e2e.test_spanish_report import apply, spanish_args
from tests.e2e.world import QUERY, World
from tests.fakes.media import FIXTURES
from tests.fakes.openai import answer_with
from tests.fakes.server import Reply

DEEPSEEK = FIXTURES / "openai" / "deepseek-reasoner-reasoning-content.json"
UNSUPPORTED = {"en": "not supported by the evidence", "es": "sin respaldo en la evidencia"}

ANSWERS = {
    "es": ("<think>El usuario pide hoteles en Barcelona. E1 es la web de Casa Bonay, 9,0/10."
           "</think>\n\n## Recomendación\n\n**La Casa Bonay es la mejor opción de la lista "
           "por su azotea.** [E1]\n[E6] El Hotel Praktik Rambla es un edificio modernista en "
           "la Rambla de Catalunya.\n\n- La Casa Bonay tiene un 4,5/5 en opiniones (1)\n"
           "- El Praktik Rambla tiene un 8,6 sobre 10 (6)\n\nFuentes:\n"
           "1. Casa Bonay (https://casabonay.example/)\n6. Praktik Rambla "
           "(https://praktik.example/)"),
    "en": ("<think>The user wants hotels in Barcelona. E1 is Casa Bonay's site.</think>\n\n"
           "## Recommendation\n\n**Casa Bonay is the best pick of the shortlist for its "
           "rooftop.** [E1]\n[E6] Hotel Praktik Rambla is a modernist building on Rambla de "
           "Catalunya.\n\n- Casa Bonay scores 4.5 out of 5 with guests (1)\n"
           "- Praktik Rambla is rated 86/100 (6)\n\n**Sources:**\n"
           "- [E1] Casa Bonay — casabonay.example/\n- [E6] Praktik Rambla — praktik.example/"),
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_an_answer_in_other_shapes_reaches_the_report_as_cited_claims(
        world: World, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.delenv("PERPLEXITY_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    world.server.route("POST", "/v1/chat/completions",
                       lambda req: Reply(200, answer_with(ANSWERS[lang], DEEPSEEK)))
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL", world.server.url + "/v1")
    mission = f"shapes-{lang}"
    assert apply(mission, *(["--query", QUERY] if lang == "en" else spanish_args())) == 0
    syn = synthesis(world, mission)
    assert "*Respondido por **extractive**" not in syn and "answered by **extractive**" not in syn
    # no reasoning, no model's own list of sources, no marks left as text
    for gone in ("think", "usuario pide", "user wants", "Fuentes:", "Sources:", "http",
                 "example/", "(1)", "(6)", "[E"):
        assert gone not in syn, (gone, syn)
    # every claim keeps its own citation, and no true figure is marked
    claims = [line for line in syn.splitlines()
              if re.search(r"Casa Bonay|Praktik", line) and not line.startswith("#")]
    assert len(claims) >= 3, syn
    assert UNSUPPORTED[lang] not in syn, syn
    assert all(re.search(r"\[\d+\]", line) for line in claims), claims
    # the bold sentence and the one whose mark opened its line cite their own pages
    both = next(line for line in claims if "Praktik" in line and "Casa Bonay" in line)
    casa, praktik = re.findall(r"\[(\d+)\]", both)
    assert casa != praktik and f"[{casa}]" in line_with(claims, "4,5/5", "4.5 out of 5")
    assert f"[{praktik}]" in line_with(claims, "8,6 sobre 10", "86/100")


def line_with(lines: list[str], *says: str) -> str:
    return next(line for line in lines if any(s in line for s in says))
