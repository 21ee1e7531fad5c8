"""An answer a model stopped writing at its token limit (``finish_reason: "length"``):
the sentence, list item or table row it stopped in is left out, so half a claim is never
shown as one, and the note says so in the request's language; an answer cut in its first
sentence is no synthesis (the chain's next link answers, and says why). Through the real
adapters, on real captured bodies whose content and finish reason are replaced."""

from __future__ import annotations

import json

import pytest

from scout.errors import ParseError
from scout.i18n.messages import localize
from tests.adapters_media import test_perplexity as px
from tests.adapters_media.test_openai import KEY, Capture, adapter, request
from tests.fakes.openai import answer_with

CUT_EN = ("the model stopped at its token limit: the answer is cut off, and its unfinished "
          "last sentence is left out")
CUT_ES = ("el modelo se detuvo en su límite de tokens: la respuesta está cortada, y su "
          "última frase, sin terminar, se omite")


def cut(content: str, lang: str = "en", finish: str = "length"):
    body = json.loads(answer_with(content))
    body["choices"][0]["finish_reason"] = finish
    return adapter(Capture(body=json.dumps(body).encode())).call(request(lang=lang), KEY).value


def shown(syn) -> list[object]:
    return [[i.text for i in b.items] or [r.cells for r in b.rows] for b in syn.blocks]


@pytest.mark.parametrize(("content", "lang", "kept"), [
    ("Casa Bonay is rated 8.9/10 [E1]. Praktik is cheaper and", "en",
     [["Casa Bonay is rated 8.9/10."]]),
    ("Casa Bonay tiene un 8,9/10 [E1]. Praktik cuesta 120 EUR [E2] y además", "es",
     [["Casa Bonay tiene un 8,9/10."]]),
    ("Opciones:\n\n- Casa Bonay, 145 EUR [E1]\n- Praktik, 120 EUR [E2]\n- Generator, desde",
     "es", [["Opciones:"], ["Casa Bonay, 145 EUR", "Praktik, 120 EUR"]]),
    ("| Hotel | Price |\n|---|---|\n| Casa Bonay | 145 EUR [E1] |\n| Praktik | 12", "en",
     [[["Casa Bonay", "145 EUR"]]]),
    ("Two fit:\n\n1. **Casa Bonay**: rooftop bar [E1]\n2. **Praktik**: tiled rooms, from",
     "en", [["Two fit:"], ["Casa Bonay: rooftop bar"]]),
])
def test_the_unfinished_part_is_left_out_and_said(content: str, lang: str,
                                                  kept: list[object]) -> None:
    syn = cut(content, lang)
    assert shown(syn) == kept
    assert (CUT_EN if lang == "en" else CUT_ES) in syn.notes
    assert not syn.text.rstrip().endswith(("and", "y además", "desde", "12", "from"))


def test_an_answer_ending_whole_at_the_limit_keeps_all_and_says_it_may_be_cut() -> None:
    syn = cut("Casa Bonay is rated 8.9/10 [E1]. Praktik costs 120 EUR [E2].")
    assert shown(syn) == [["Casa Bonay is rated 8.9/10.", "Praktik costs 120 EUR."]]
    assert any("its last sentence may be unfinished" in n for n in syn.notes)


def test_an_answer_that_finished_is_not_cut() -> None:
    syn = cut("Casa Bonay is rated 8.9/10 [E1]. Praktik is cheaper and", finish="stop")
    assert len(syn.sentences) == 2 and not any("token limit" in n for n in syn.notes)


@pytest.mark.parametrize("content", [
    "Praktik is the cheapest at 120 EUR [E2] and",
    "De los tres hoteles, Casa Bonay [E1] es",
])
def test_an_answer_cut_in_its_first_sentence_is_no_synthesis(content: str) -> None:
    with pytest.raises(ParseError) as err:
        cut(content)
    assert "ran out of tokens in its first sentence" in str(err.value)
    assert err.value.hint and "max_tokens" in err.value.hint
    assert "agotó sus tokens en su primera frase" in localize(err.value.args[0], "es")


def test_perplexity_leaves_the_unfinished_sentence_out_too() -> None:
    body = json.loads(px.ANSWER)
    body["choices"][0]["message"]["content"] = (
        "Hotel Arts sits on the beach [E1]. Casa Fuster is a modernista landmark [1] "
        "with rooms that")
    body["choices"][0]["finish_reason"] = "length"
    syn = px.adapter(px.Capture(body=json.dumps(body).encode())).call(
        px.request(lang="es"), px.KEY).value
    assert [s.text for s in syn.sentences] == ["Hotel Arts sits on the beach."]
    assert CUT_ES in syn.notes
