"""A model that numbers its own sources, marks them in HTML and heads its answer in the
other language, through the whole mission (real CLI against the fake world,
tests/e2e/world.py; the model a keyless local OpenAI-compatible server). The server reads
the prompt it is sent, as a model does, and answers citing each page by a number of its
own list whose entry is the page's URL — the two pages' numbers swapped against their
evidence labels, so a number read as the label would put each price under the other
hotel's page and the report would mark both unsupported."""

from __future__ import annotations

import re

import pytest

from tests.e2e.test_model_synthesis import synthesis
from tests.e2e.test_spanish_report import apply, spanish_args
from tests.e2e.world import QUERY, World
from tests.fakes.openai import answer_with
from tests.fakes.server import Reply

ANSWER = {
    "es": ("## Summary\n\nEl Hotel Praktik Rambla tiene habitaciones desde 135 EUR la "
           "noche<sup>{p}</sup>. Casa Bonay tiene habitaciones dobles desde 180 EUR la noche "
           "en septiembre<sup>{b}</sup>.\n\nFuentes:\n{p}. {pu}\n{b}. {bu}"),
    "en": ("## Resumen\n\nHotel Praktik Rambla has rooms from 135 EUR per night [{p}]. Casa "
           "Bonay has double rooms from 180 EUR per night in September [{b}].\n\n"
           "[{p}]: {pu}\n[{b}]: {bu}"),
}


def labelled(prompt: str, says: str) -> tuple[int, str]:
    """(k, URL) of the evidence item ``[Ek] title (url) - about …`` whose text says ``says``."""
    m = re.search(r"^\[E(\d+)\][^\n]*?\((https?://[^\s)]+)\)[^\n]*\n[^\n]*" + re.escape(says),
                  prompt, re.M)
    assert m is not None, says
    return int(m.group(1)), m.group(2)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_models_own_numbers_cite_the_pages_its_list_names(
        world: World, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.delenv("PERPLEXITY_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)

    def handler(req):  # type: ignore[no-untyped-def]
        prompt = req.json()["messages"][-1]["content"]
        (pk, pu), (bk, bu) = (labelled(prompt, "from 135 EUR"),
                              labelled(prompt, "from 180 EUR"))
        assert pk != bk
        return Reply(200, answer_with(ANSWER[lang].format(p=bk, b=pk, pu=pu, bu=bu)))

    world.server.route("POST", "/v1/chat/completions", handler)
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL", world.server.url + "/v1")
    mission = f"own-sources-{lang}"
    assert apply(mission, *(["--query", QUERY] if lang == "en" else spanish_args())) == 0
    syn = synthesis(world, mission)
    assert "**openai**" in syn or "openai" in syn
    assert ("Resumen" if lang == "es" else "Summary") in syn
    assert "135 EUR" in syn and "180 EUR" in syn
    for unwanted in ("sin respaldo", "not supported", "<sup>", "descartada", "dropped",
                     "http"):
        assert unwanted not in syn, unwanted
