"""An answer written in the other language than the request's is asked for once more
with a firmer instruction (tests/adapters_media/test_answer_language_retry.py); here:
what is no false alarm, and an answer in a third language, which is not used.

The English answers are real captured bodies (tests/fixtures/providers/openai/,
perplexity/; SOURCES.md) sent back for a Spanish request, as a model that ignores the
instruction would; the other answers are those bodies with only
``choices[0].message.content`` replaced. Short answers, quoted reviews and names in the
other language are no false alarm.
"""

from __future__ import annotations

import httpx
import pytest

from scout.adapters.contract import Secret
from scout.adapters.perplexity import PerplexityAdapter
from scout.config.adaptertypes import settings_for
from scout.errors import ParseError
from scout.task.lang import prose_lang
from tests.adapters_media.test_openai import KEY, Capture, adapter, request
from tests.fakes.openai import answer_with

def notes(raw: bytes, lang: str) -> list[str]:
    # the captures answered prompts with no evidence; an answer written here cites some
    cites = b"[E" in raw
    return adapter(Capture(body=raw)).call(request(lang=lang, **({} if cites else {"evidence": []})),
                                           KEY).value.notes


def wrong_language(found: list[str]) -> list[str]:
    return [n for n in found if "written in" in n or "escrita en" in n
            or "first answered" in n or "respondió primero" in n]


SPANISH = ("Casa Bonay es la opción mejor valorada, con un 8,9/10 [E1], y está en el "
           "Eixample. Praktik Rambla es más barato: sus habitaciones cuestan desde 120 EUR "
           "la noche [E2]. Generator es un hostal en Gràcia con habitaciones privadas [E3].")


@pytest.mark.parametrize(("content", "lang"), [
    # short: one sentence is not judged
    ("Casa Bonay is the best option [E1].", "es"),
    ("Casa Bonay es la mejor opción [E1].", "en"),
    # a Spanish answer quoting English reviews at length
    ("Según las reseñas, Casa Bonay es la mejor opción [E1]: los huéspedes dicen \"great "
     "location and friendly staff, the best rooftop in town and it is worth the price for "
     "the rooms\" y 'the breakfast is one of the best we have had in the city' [E1].", "es"),
    # English names and words in a Spanish answer
    ("The Hoxton y The Student Hotel son buenas opciones; Generator Barcelona también, con "
     "check-in a las 15:00 y habitaciones desde 90 EUR la noche, cerca de la playa [E3]. "
     "El rooftop de Casa Bonay es el mejor según los huéspedes [E1].", "es"),
    # Spanish place names in an English answer
    ("For a week in Palma de Mallorca, the best area is El Born, near the Plaza de la Reina "
     "and the Mercat de l'Olivar [E1]. Rooms at Hotel Casa del Mar are from 120 EUR per "
     "night [E2].", "en"),
    # a table in English under a Spanish answer is not prose
    ("Casa Bonay es la opción mejor valorada y la más cara de las tres que cumplen la "
     "petición [E1].\n\n| Hotel | Price per night | Rating |\n|---|---|---|\n"
     "| Casa Bonay | from 145 EUR with the best rooftop in the city | 8.9 [E1] |\n"
     "| Praktik Rambla | from 120 EUR and it is near the Rambla | 8.6 [E2] |", "es"),
])
def test_no_false_alarm(content: str, lang: str) -> None:
    assert wrong_language(notes(answer_with(content), lang)) == []


@pytest.mark.parametrize(("text", "lang"), [
    (SPANISH, "es"),
    ("Casa Bonay is the best rated option at 8.9/10, and Praktik Rambla is cheaper at "
     "120 EUR per night.", "en"),
    ("Casa Bonay, Praktik Rambla, Generator.", None),          # names only
    ("Casa Bonay is great and la mejor opción, con the rooftop y sus vistas.", None),  # mixed
])
def test_prose_lang(text: str, lang: str | None) -> None:
    assert prose_lang(text) == lang


GERMAN = ("Casa Bonay ist die beste Wahl für Ihren Aufenthalt: Es liegt im Eixample, in der "
          "Nähe der U-Bahn, und die Zimmer kosten etwa 180 EUR pro Nacht [E1]. Die Gäste "
          "loben die Dachterrasse und das Personal, obwohl einige den Lärm von der Straße "
          "erwähnen [E1]. Das Hotel Praktik ist günstiger, aber die Zimmer sind klein [E2].")
FRENCH = ("Casa Bonay est la meilleure option pour votre séjour : il se trouve dans "
          "l'Eixample, près du métro, et ses chambres coûtent environ 180 EUR par nuit [E1]. "
          "Les clients apprécient le toit-terrasse et le personnel, même si certains "
          "mentionnent le bruit de la rue [E1]. L'Hotel Praktik est moins cher mais les "
          "chambres sont petites et la vue est limitée [E2].")
NOT_IN = {"en": "the answer is not written in English, the language of the request",
          "es": "la respuesta no está escrita en español, el idioma de la petición"}


ITALIAN = ("Casa Bonay è la scelta migliore per il vostro soggiorno: si trova "
           "nell'Eixample, vicino alla metropolitana, e le camere costano circa 180 EUR a "
           "notte [E1]. Gli ospiti apprezzano la terrazza e il personale, anche se alcuni "
           "citano il rumore della strada [E1]. L'Hotel Praktik costa meno ma le camere "
           "sono piccole [E2].")


@pytest.mark.parametrize("content", [GERMAN, FRENCH, ITALIAN])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_answer_in_a_third_language_is_not_used(content: str, lang: str) -> None:
    """A model that answers in German, French or Italian (neither of scout's languages)
    was shown with a note: the lab may not read it, and the checks that read an answer's
    words know English and Spanish only. The local synthesis stands in (the chain's next
    link), and the reason is said (scout.i18n localises the msgid)."""
    with pytest.raises(ParseError, match="written in neither English nor Spanish"):
        notes(answer_with(content), lang)
    perplexity = PerplexityAdapter("perplexity", settings_for("perplexity", {
        "type": "perplexity"}), httpx.Client(transport=httpx.MockTransport(
            Capture(body=answer_with(content)))))
    with pytest.raises(ParseError, match="written in neither English nor Spanish"):
        perplexity.call(request(lang=lang), Secret("PERPLEXITY_API_KEY", "pplx-x"))


def test_terse_lists_are_no_third_language() -> None:
    items = "\n".join(f"- {h}: terraza, wifi gratis, desayuno incluido, piscina [E{i}]"
                      for i, h in enumerate(["Casa Bonay", "Praktik", "Arts", "Generator",
                                             "Pulitzer", "Axel", "Ohla"], 1))
    content = "Opciones con buena relación calidad-precio:\n\n" + items
    assert not any(n.startswith(NOT_IN["es"]) for n in notes(answer_with(content), "es"))


@pytest.mark.parametrize("lang,said", [
    ("en", "the answer was 1,200,000 characters long: only its first 60,000 were read"),
    ("es", "la respuesta tenía 1.200.000 caracteres: solo se leyeron los primeros 60.000"),
])
def test_an_answer_cut_to_its_bound_says_so(lang: str, said: str) -> None:
    """A misbehaving server's megabyte is read to the bound, and the report says it was."""
    sentence = {"en": "Casa Bonay is a fine option for the price and the place [E1]. ",
                "es": "Casa Bonay es una buena opción por el precio y por la zona [E1]. "}
    content = (sentence[lang] * 30_000)[:1_200_000]
    assert said in notes(answer_with(content), lang)
    assert not any("characters" in n or "caracteres" in n
                   for n in notes(answer_with(sentence[lang] * 3), lang))
