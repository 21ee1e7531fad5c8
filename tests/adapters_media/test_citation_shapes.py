"""Citation marks in the other shapes models write beside the ``[E3]`` the prompt asks
for, through the real ``openai`` adapter (a real captured body, its content replaced):
a bare ``(2)`` in an answer that numbers nothing in parentheses, marks at the start of a
line, marks inside bold with the full stop, marks wrapped in another bracket, Azure On
Your Data's ``[doc1]`` (learn.microsoft.com, "Azure OpenAI On Your Data API Reference":
the answer cites retrieved documents as ``[doc1]``) and the Assistants' file-search mark
``【4:0†source】`` (openai-php/client PR #405, a captured ``annotations`` list;
Chainlit/openai-assistant issue #4). Each sentence must keep its own citation: a mark
read as the neighbour's would put one hotel's page under another's claim.
"""

from __future__ import annotations

import pytest

from tests.adapters_media.test_citation_marks import synthesis


def cited(content: str) -> list[tuple[str, list[int]]]:
    return [(s.text, s.citations) for s in synthesis(content).sentences]


@pytest.mark.parametrize(("content", "expected"), [
    ("La Casa Bonay tiene una azotea con bar (1). El Praktik Rambla cobra 120 EUR (2).",
     [("La Casa Bonay tiene una azotea con bar.", [1]),
      ("El Praktik Rambla cobra 120 EUR.", [2])]),
    ("Generator is a design hostel in Gracia (3), and Praktik charges 120 EUR (2, 3).",
     [("Generator is a design hostel in Gracia, and Praktik charges 120 EUR.", [3, 2])]),
])
def test_a_bare_number_in_parentheses_cites_when_the_answer_numbers_nothing(
        content: str, expected: list) -> None:
    assert cited(content) == expected


@pytest.mark.parametrize(("content", "kept"), [
    # the answer numbers things in parentheses: its "(2)" is an item, not a label
    ("Two choices: (1) Casa Bonay for the rooftop, (2) Praktik for the price [E2].",
     "Two choices: (1) Casa Bonay for the rooftop, (2) Praktik for the price."),
    ("Praktik tiene 1.234 opiniones (1,234) y cuesta 120 EUR [E2].",
     "Praktik tiene 1.234 opiniones (1,234) y cuesta 120 EUR."),
    ("Praktik ranks well in its street (12) and costs 120 EUR [E2].",
     "Praktik ranks well in its street (12) and costs 120 EUR."),
])
def test_a_number_in_parentheses_that_is_no_label_stays_text(content: str, kept: str) -> None:
    syn = synthesis(content)
    assert [(s.text, s.citations) for s in syn.sentences] == [(kept, [2])]
    assert [n for n in syn.notes if "dropped" in n] == []


@pytest.mark.parametrize("content", [
    "[E2] El Praktik Rambla cobra 120 EUR por noche.\n[E1] La Casa Bonay tiene azotea.",
    "[2] Praktik Rambla charges 120 EUR a night. \n[1][3] Casa Bonay has a rooftop bar.",
    "【2†source】 Praktik Rambla charges 120 EUR a night.\n(E1) Casa Bonay has a rooftop bar.",
])
def test_marks_at_the_start_of_a_line_cite_that_lines_sentence(content: str) -> None:
    syn = synthesis(content)
    assert [s.citations[:1] for s in syn.sentences] == [[2], [1]]
    assert not any(s.uncited for s in syn.sentences)


def test_a_mark_wrapped_onto_the_next_line_stays_with_its_sentence() -> None:
    # the line's own first sentence cites for itself: the leading mark is the last line's
    assert cited("Praktik Rambla charges 120 EUR a night.\n[E2] Casa Bonay has a rooftop "
                 "bar [E1].") == [("Praktik Rambla charges 120 EUR a night.", [2]),
                                  ("Casa Bonay has a rooftop bar.", [1])]


@pytest.mark.parametrize("content", [
    "**El Praktik Rambla cobra 120 EUR [E2].** La Casa Bonay tiene azotea **[E1]**.",
    "__Praktik Rambla charges 120 EUR.__ [E2] Casa Bonay has a rooftop bar.[E1]",
    "*Praktik Rambla charges 120 EUR [E2].* Casa Bonay has a rooftop bar [E1].",
])
def test_a_sentence_in_bold_ends_at_its_full_stop(content: str) -> None:
    assert [c for _, c in cited(content)] == [[2], [1]]


@pytest.mark.parametrize(("mark", "n"), [
    ("([E2])", 2), ("[[E2]]", 2), ("(see [2])", 2), ("(ver [E2], [E3])", 2),
    ("[doc2]", 2), ("[doc 2]", 2), ("[documento 2]", 2), ("【2:0†source】", 2),
])
def test_a_mark_in_another_wrapper_leaves_nothing_behind(mark: str, n: int) -> None:
    (text, marks), = cited(f"Praktik Rambla charges 120 EUR a night {mark}.")
    assert text == "Praktik Rambla charges 120 EUR a night." and marks[0] == n
