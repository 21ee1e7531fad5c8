"""Citation marks in four more shapes, through the real ``openai`` adapter (a real
captured body, its content replaced): HTML superscripts (``<sup>1</sup>``), a place in
the source after the label (``[E2, p.1]``), a ``#`` before the number (``[#1]``) and a
full stop inside the bracket (``[E2.]``). No capture of a model writing these was found
(the issues and code searched show [1], [1,2] and superscript rendering only), so they
are read by the rule the other marks follow, and the look-alikes stay text: an exponent
in HTML (``m<sup>2</sup>``), a year, a hashtag.
"""

from __future__ import annotations

import time

import pytest

from scout.adapters.answer import parse_answer

from tests.adapters_media.test_citation_marks import synthesis


def cited(content: str) -> list[tuple[str, list[int]]]:
    return [(s.text, s.citations) for s in synthesis(content).sentences]


@pytest.mark.parametrize(("mark", "numbers"), [
    ("<sup>2</sup>", [2]), ("<sup>[2]</sup>", [2]), ("<sup>1,2</sup>", [1, 2]),
    ("<SUP>E2</SUP>", [2]), (" <sup>2</sup>", [2]), ("<sup>[1][2]</sup>", [1, 2]),
    ("[E2, p.1]", [2]), ("[E2, p. 14]", [2]), ("[E2 pp. 3-4]", [2]), ("[2, pág. 2]", [2]),
    ("[E1, E2, página 3]", [1, 2]), ("[E2; sección 4]", [2]),
    ("[#2]", [2]), ("[#1, #2]", [1, 2]), ("[E2.]", [2]), ("[Fuente: E2.]", [2]),
])
def test_the_mark_cites_its_sentence_and_leaves_no_trace(mark: str, numbers: list[int]) -> None:
    for text in ("El Praktik Rambla cobra 120 EUR la noche{m}. La Casa Bonay tiene azotea [E1].",
                 "Praktik Rambla charges 120 EUR a night{m}. Casa Bonay has a rooftop bar [E1]."):
        got = cited(text.format(m=mark))
        assert got[0][1] == numbers
        assert "<" not in got[0][0] and "[" not in got[0][0] and "p." not in got[0][0]
        assert got[0][0].endswith("night.") or got[0][0].endswith("noche.")
        assert got[1][1] == [1]


@pytest.mark.parametrize(("content", "kept"), [
    ("La habitación doble mide 25 m<sup>2</sup> y cuesta 120 EUR [E2].",
     "La habitación doble mide 25 m<sup>2</sup> y cuesta 120 EUR."),
    ("Praktik has 10<sup>3</sup> fans [2024.] and costs 120 EUR [E2].",
     "Praktik has 10<sup>3</sup> fans [2024.] and costs 120 EUR."),
    ("Praktik trends as [#barcelona] and costs 120 EUR [E2].",
     "Praktik trends as [#barcelona] and costs 120 EUR."),
])
def test_look_alikes_stay_text(content: str, kept: str) -> None:
    syn = synthesis(content)
    assert [(s.text, s.citations) for s in syn.sentences] == [(kept, [2])]
    assert [n for n in syn.notes if "dropped" in n or "descartada" in n] == []


def test_an_unclosed_mark_with_a_long_tail_is_read_in_linear_time() -> None:
    start = time.monotonic()
    parsed = parse_answer("Praktik cuesta 120 EUR [E2, p" + " " * 30000 + "<sup>[" + " ,"
                          * 10000, lambda kind, n: n)
    assert time.monotonic() - start < 5
    assert parsed.sentences[0].citations == []
