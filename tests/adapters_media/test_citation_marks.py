"""The citation marks models actually write, read back to the evidence they name.

The prompt asks for ``[E3]``; models also write ``[E1-E3]``, ``(E2)``, ``【3】`` (OpenAI's
lenticular marks), ``[^2]`` footnotes, ``[Fuente: E2]``, superscripts, and put the mark
after the sentence's full stop. Each answer here is a real captured body
(tests/fixtures/providers/openai/, SOURCES.md: OpenAI gpt-4o-mini, DeepSeek reasoner)
with only ``choices[0].message.content`` replaced by the answer under test, run through
the real ``openai`` adapter. Brackets that are not citations (a year, "[sic]", a link's
text, an enumeration, m²) stay text and are never reported as made-up labels.
"""

from __future__ import annotations

import time

import pytest

from scout.adapters.answer import parse_answer
from tests.adapters_media.test_openai import KEY, Capture, adapter, request
from tests.fakes.media import FIXTURES
from tests.fakes.openai import answer_with

DEEPSEEK = FIXTURES / "openai" / "deepseek-reasoner-reasoning-content.json"


def synthesis(content: str, capture=None):
    body = answer_with(content) if capture is None else answer_with(content, capture)
    return adapter(Capture(body=body)).call(request(), KEY).value


@pytest.mark.parametrize(("mark", "cited"), [
    ("[E2]", [2]),
    ("[E1, E3]", [1, 3]),
    ("[E1][E3]", [1, 3]),
    ("[2]", [2]),
    ("[1, 3]", [1, 3]),
    ("[E1-E3]", [1, 2, 3]),
    ("[E1–E3]", [1, 2, 3]),      # an en dash
    ("[E1-3]", [1, 2, 3]),
    ("[E1 y E3]", [1, 3]),
    ("[E1 and E3]", [1, 3]),
    ("[E1, E2, and E3]", [1, 2, 3]),
    ("[E1, E2 y E3]", [1, 2, 3]),
    ("(E2)", [2]),
    ("(E1, E3)", [1, 3]),
    ("【2】", [2]),
    ("【2†source】", [2]),
    ("[^2]", [2]),
    ("[Fuente: E2]", [2]),
    ("[Fuentes: E1, E3]", [1, 3]),
    ("[Source E2]", [2]),
    ("[Sources: E1; E3]", [1, 3]),
    ("(según E2)", [2]),
    ("[E2](https://praktik.example/rambla)", [2]),   # the label linked to its URL
    ("²", [2]),
    ("¹˒³", [1, 3]),
])
def test_a_mark_names_the_evidence(mark: str, cited: list[int]) -> None:
    syn = synthesis(f"Praktik Rambla cuesta 120 EUR la noche{mark}. Casa Bonay tiene "
                    f"azotea{mark}.")
    assert [s.text for s in syn.sentences] == ["Praktik Rambla cuesta 120 EUR la noche.",
                                               "Casa Bonay tiene azotea."]
    assert [s.citations for s in syn.sentences] == [cited, cited]
    urls = {c.index: c.url for c in syn.citations}
    assert sorted(urls) == sorted(set(cited))
    # 120 EUR is Praktik's page's, [E2]: a mark that leaves it out cites pages that do not
    # say it, and the sentence is marked (adapters/figures.check_sources)
    misplaced = "(120): it is marked as not supported"
    assert [n for n in syn.notes if misplaced not in n] == []
    assert syn.sentences[0].uncited == (2 not in cited) == any(misplaced in n for n in syn.notes)


@pytest.mark.parametrize("mark", ["[E2]", "[E1][E2]", "²", "(E2)", "【2】", "[Fuente: E2]"])
def test_a_mark_after_the_full_stop_stays_with_its_sentence(mark: str) -> None:
    space = "" if mark == "²" else " "  # a superscript after a space cites nothing
    syn = synthesis(f"Praktik Rambla costs 120 EUR.{mark} Casa Bonay has a rooftop bar."
                    f"{space}{mark} Generator is a hostel.")
    assert [s.text for s in syn.sentences] == [
        "Praktik Rambla costs 120 EUR.", "Casa Bonay has a rooftop bar.",
        "Generator is a hostel."]
    assert [bool(s.citations) for s in syn.sentences] == [True, True, False]


def test_footnotes_and_their_definitions() -> None:
    # a model that writes markdown footnotes, defining each by the evidence label
    syn = synthesis("Casa Bonay is rated 8.9/10[^1]. Praktik Rambla is cheaper[^2].\n\n"
                    "[^1]: [E1] Casa Bonay (https://casabonay.example/hotel)\n"
                    "[^2]: E2, Praktik Rambla", DEEPSEEK)
    assert [(s.text, s.citations) for s in syn.sentences] == [
        ("Casa Bonay is rated 8.9/10.", [1]), ("Praktik Rambla is cheaper.", [2])]
    assert "[^1]:" not in " ".join(s.text for s in syn.sentences)


@pytest.mark.parametrize(("text", "kept"), [
    ("The 2024 guide [2024] lists it", "The 2024 guide [2024] lists it."),
    ("Prices rose in [2020-2024]", "Prices rose in [2020-2024]."),
    ("Its site calls it 'the best hotel' [sic]", "Its site calls it 'the best hotel' [sic]."),
    ("See [the hotel's site](https://casabonay.example/hotel)", "See the hotel's site."),
    ("Rooms are 30 m² with options (2) and (3)", "Rooms are 30 m² with options (2) and (3)."),
    ("Index [0] of the list is free", "Index [0] of the list is free."),
])
def test_brackets_that_are_not_citations_stay_text(text: str, kept: str) -> None:
    syn = synthesis(f"{text} [E1].")
    assert [(s.text, s.citations) for s in syn.sentences] == [(kept, [1])]
    # nothing reported as a made-up label (the 30 m² no evidence states is, as a figure)
    assert [n for n in syn.notes if "dropped" in n] == []


def test_a_range_or_footnote_beyond_the_evidence_is_noted() -> None:
    syn = synthesis("Casa Bonay [E2-E5]. Praktik [^9].")
    assert [s.citations for s in syn.sentences] == [[2, 3], []]
    assert [n.split(":")[0] for n in syn.notes][:3] == [
        "citation [E4] dropped", "citation [E5] dropped", "citation [9] dropped"]


# --- hostile answers: a model's text is untrusted, and it must not stall the synthesis ------

HOSTILE_ANSWERS = {
    "an unclosed label list": "Casa Bonay fits. [Fuente: " + "E1, " * 15_000,
    "an unclosed 'and' list": "Casa Bonay fits. [Sources: " + "E1 and " * 8_000,
    "an unclosed parenthesis": "Casa Bonay fits (" + "E1 y " * 12_000,
    "a run of spaces": "Casa Bonay [Fuente" + " " * 50_000 + "fits.",
    "superscripts with no end": "Casa Bonay fits." + "¹" * 20_000 + " and more",
    "labels then lower case": "Casa Bonay fits." + " [E1]" * 12_000 + " and more",
}


@pytest.mark.timeout(60)
@pytest.mark.parametrize("text", HOSTILE_ANSWERS.values(), ids=HOSTILE_ANSWERS.keys())
def test_a_hostile_answer_is_read_in_linear_time(text: str) -> None:
    # each took from 2 s to minutes (overlapping spaces in a label pattern, a quadratic
    # space-before-punctuation rule), or raised on a 4,300-digit superscript
    t0 = time.process_time()  # CPU time: a loaded machine does not stretch it
    parsed = parse_answer(text, lambda kind, n: n if n <= 3 else None)
    assert time.process_time() - t0 < 5
    assert parsed.text.startswith("Casa Bonay")
