"""An answer that mixes scout's two languages (a paragraph in Spanish, the next in English,
or a list in the other language under prose in the request's), through the real
``openai`` adapter: the whole is in neither language clearly, so it is neither asked for
again nor refused, but the reader is told that part of it is in the other language, in
the request's language. A sentence or a quoted phrase of the other language is no alarm.
"""

from __future__ import annotations

import pytest

from tests.adapters_media.test_figures import synthesis

ES = ("La Casa Bonay es una buena opción para la estancia, porque tiene una azotea con bar "
      "y las habitaciones son amplias [E1].")
EN = ("Praktik Rambla is the cheaper choice of the two, and it is on a street where you can "
      "walk to most of the sights [E2].")
ES2 = "El Praktik Rambla es más barato y está en una calle desde la que se llega a pie a todo [E2]."
EN2 = ("Casa Bonay has a rooftop bar that guests like, and the rooms are larger than those "
       "of the other hotels in the list [E1].")


@pytest.mark.parametrize(("lang", "content", "said"), [
    ("es", f"{ES}\n\n{EN}", "parte de la respuesta está escrita en inglés, no en español"),
    ("es", f"{ES}\n\n- {EN}\n- {EN2}", "parte de la respuesta está escrita en inglés"),
    ("en", f"{EN2} {ES2}", "part of the answer is written in Spanish, not in English"),
    ("en", f"## Options\n\n{EN}\n\n{ES}\n\n{ES2}", "part of the answer is written in Spanish"),
])
def test_an_answer_in_both_languages_is_noted(lang: str, content: str, said: str) -> None:
    syn = synthesis(content, lang)
    assert len(syn.sentences) >= 2  # the answer is kept
    assert [n for n in syn.notes if said in n], syn.notes


@pytest.mark.parametrize(("lang", "content"), [
    ("es", f"{ES}\n\n{ES2}"),
    ("en", f"{EN}\n\n{EN2}"),
    # a short phrase of the other language, quoted or not, in the request's
    ("en", f"{EN} Guests call it \"la mejor azotea del barrio\" [E1]. {EN2}"),
    ("es", f"{ES} Su lema es Stay with us [E1]. {ES2}"),
    # headings and table cells in the other language are not prose
    ("es", f"## Summary\n\n{ES}\n\n| Hotel | Price |\n|---|---|\n| Praktik | 120 EUR [E2] |"),
])
def test_an_answer_in_one_language_is_not_noted(lang: str, content: str) -> None:
    syn = synthesis(content, lang)
    assert not [n for n in syn.notes if "written in" in n or "escrita en" in n], syn.notes
