"""An answer's headings in the request's language, through the real ``openai`` adapter (a
real captured body, its content replaced): a heading is no prose, so the language check
never judged one, and a Spanish answer stood under "## Summary". The headings models give
an answer's parts are written in the request's language; one left in the other language
is said in a note.
"""

from __future__ import annotations

import pytest

from tests.adapters_media.test_openai import KEY, Capture, adapter, request
from tests.fakes.openai import answer_with

ES = ("El Praktik Rambla cuesta 120 EUR la noche y tiene habitaciones modernistas [E2]. "
      "La Casa Bonay tiene una azotea con bar y habitaciones desde 145 EUR [E1].")
EN = ("Praktik Rambla costs 120 EUR a night and has modernista rooms [E2]. Casa Bonay has a "
      "rooftop bar and rooms from 145 EUR [E1].")


def answer(content: str, lang: str):
    return adapter(Capture(body=answer_with(content))).call(request(lang=lang), KEY).value


def headings(content: str, lang: str) -> list[str]:
    return [b.text for b in answer(content, lang).blocks if b.kind == "heading"]


@pytest.mark.parametrize(("content", "lang", "said"), [
    (f"## Summary\n\n{ES}\n\n### Final recommendation:\n\n{ES}", "es",
     ["Resumen", "Recomendación final"]),
    (f"**Pros and cons**\n\n{ES}", "es", ["Ventajas e inconvenientes"]),
    (f"# 1. Top picks\n\n{ES}", "es", ["1. Mejores opciones"]),
    (f"## Resumen\n\n{EN}\n\n## Recomendacion\n\n{EN}", "en", ["Summary", "Recommendation"]),
    (f"**Conclusiones:**\n\n{EN}", "en", ["Conclusions"]),
    (f"## Resumen\n\n{ES}", "es", ["Resumen"]),               # already the request's
    (f"## Casa Bonay\n\n{ES}", "es", ["Casa Bonay"]),          # a name is no language
])
def test_a_heading_models_give_is_written_in_the_requests_language(
        content: str, lang: str, said: list[str]) -> None:
    syn = answer(content, lang)
    assert [b.text for b in syn.blocks if b.kind == "heading"] == said
    assert syn.notes == []


@pytest.mark.parametrize(("content", "lang", "note"), [
    (f"## Where to stay in the old town\n\n{ES}", "es",
     "hay títulos de la respuesta escritos en inglés, no en español: Where to stay in the "
     "old town"),
    (f"## Dónde dormir en el centro de la ciudad\n\n{EN}", "en",
     "headings of the answer are written in Spanish, not in English: Dónde dormir en el "
     "centro de la ciudad"),
])
def test_a_heading_left_in_the_other_language_is_said(content: str, lang: str,
                                                      note: str) -> None:
    assert answer(content, lang).notes == [note]
