"""The answer parsing every chat adapter shares (scout/adapters/answer.py): reasoning
blocks removed, markdown headings/lists/tables kept as structure (never table rows as
sentences), evidence labels resolved, unknown labels reported, uncited parts marked.

The answers here are the kind models write (no real capture with a table or a think
block was found: tests/fixtures/providers/SOURCES.md, openai/).
"""

from __future__ import annotations

import pytest

from scout.adapters.answer import parse_answer, strip_reasoning


def evidence(n: int):
    """A resolver knowing evidence labels 1..n (bare numbers mean evidence too)."""
    return lambda kind, k: k if 1 <= k <= n else None


TABLE_ANSWER = """Here is how the shortlisted hotels compare:

| Hotel | Price per night | Rating |
|:------|----------------:|:------:|
| Casa Bonay | 145 EUR | 8.9 [E1] |
| Hotel Praktik Rambla | 120 EUR [E2] | 8.6 [E3] |
| Generator Barcelona | 60 EUR | 8.1 |

Casa Bonay is the best rated within budget [E1]. Praktik Rambla is cheaper [E2]."""


def test_a_markdown_table_is_structure_not_sentences() -> None:
    parsed = parse_answer(TABLE_ANSWER, evidence(3))
    kinds = [b.kind for b in parsed.blocks]
    assert kinds == ["paragraph", "table", "paragraph"]
    table = parsed.blocks[1]
    assert table.header == ["Hotel", "Price per night", "Rating"]
    assert [r.cells for r in table.rows] == [
        ["Casa Bonay", "145 EUR", "8.9"],
        ["Hotel Praktik Rambla", "120 EUR", "8.6"],
        ["Generator Barcelona", "60 EUR", "8.1"],
    ]
    assert [r.citations for r in table.rows] == [[1], [2, 3], []]
    assert [r.uncited for r in table.rows] == [False, False, True]
    texts = [s.text for s in parsed.sentences]
    # no row, no separator, no pipe ever becomes a sentence
    assert not any("|" in t or "---" in t or "Casa Bonay | 145" in t for t in texts)
    assert texts == ["Here is how the shortlisted hotels compare:",
                     "Casa Bonay is the best rated within budget.",
                     "Praktik Rambla is cheaper."]
    assert parsed.sentences[0].uncited and not parsed.sentences[1].uncited


def test_a_table_without_outer_pipes_or_header_separator_still_parses() -> None:
    parsed = parse_answer("| a | b |\n| c [E1] | d |", evidence(1))
    assert parsed.blocks[0].kind == "table" and parsed.blocks[0].header == []
    assert [r.cells for r in parsed.blocks[0].rows] == [["a", "b"], ["c", "d"]]
    assert parsed.sentences == []


def test_lists_headings_and_continuations() -> None:
    answer = """## Recommendation
**Best value:**
1. Casa Bonay: rooftop, 8.9/10 [E1].
2. Praktik Rambla, tiled rooms [2]
   and a central location [E3].
- Generator: a hostel, no rating found.

* * *
Prices depend on dates [E2]."""
    parsed = parse_answer(answer, evidence(3))
    assert [(b.kind, b.text) for b in parsed.blocks if b.kind == "heading"] == [
        ("heading", "Recommendation"), ("heading", "Best value")]
    lists = [b for b in parsed.blocks if b.kind == "list"]
    assert len(lists) == 1 and lists[0].ordered
    assert [i.text for i in lists[0].items] == [
        "Casa Bonay: rooftop, 8.9/10.",
        "Praktik Rambla, tiled rooms and a central location.",
        "Generator: a hostel, no rating found."]
    assert [i.citations for i in lists[0].items] == [[1], [2, 3], []]
    assert lists[0].items[2].uncited
    assert parsed.blocks[-1].kind == "paragraph"
    assert parsed.sentences[-1].text == "Prices depend on dates."
    # headings are structure, not sentences
    assert "Recommendation" not in [s.text for s in parsed.sentences]


def test_label_forms_and_unknown_labels() -> None:
    parsed = parse_answer("A is near the beach [E1, E4]. B is quiet [E2][9]. "
                          "C is central [ e3 ; 2 ].", evidence(3))
    assert [s.citations for s in parsed.sentences] == [[1], [2], [3, 2]]
    assert parsed.unknown == ["[E4]", "[9]"]
    assert all("[" not in s.text for s in parsed.sentences)


@pytest.mark.parametrize("content, expected", [
    ("<think>\nThe user wants hotels. Let me check [E1].\n</think>\n\nCasa Bonay [E1].",
     "Casa Bonay [E1]."),
    ("<think>\n\n</think>\n\nSolo esto [E1].", "Solo esto [E1]."),
    # the chat template opened the block: only the close tag is in the answer
    ("Okay, the budget is 200 EUR...\n</think>\nPraktik Rambla [E2].", "Praktik Rambla [E2]."),
    # never closed: the model ran out of tokens while thinking
    ("<think>\nLet me compare the prices of", ""),
    ("Casa Bonay [E1].\n<think>and then", "Casa Bonay [E1]."),
    ("<THINKING>x</THINKING>Answer.", "Answer."),
    ("No reasoning here.", "No reasoning here."),
])
def test_reasoning_blocks_are_removed(content: str, expected: str) -> None:
    text, removed = strip_reasoning(content)
    assert text == expected
    assert removed == (expected != content)


def test_reasoning_never_reaches_the_sentences() -> None:
    parsed = parse_answer("<think>I should cite [E7] and say Hotel X.</think>"
                          "Casa Bonay is best [E1].", evidence(2))
    assert [s.text for s in parsed.sentences] == ["Casa Bonay is best."]
    assert parsed.unknown == [] and parsed.reasoning_removed
    assert "Hotel X" not in parsed.text


def test_markdown_links_and_emphasis_are_cleaned() -> None:
    parsed = parse_answer("**Casa Bonay** has a [rooftop](https://casabonay.com/) bar "
                          "`open late` [E1].", evidence(1))
    assert parsed.sentences[0].text == "Casa Bonay has a rooftop bar open late."


@pytest.mark.parametrize(("content", "texts"), [
    ("Casa Bonay tiene azotea [E1]. ![img](https://casabonay.com/a.jpg)\n\n"
     "![Foto de la piscina](https://casabonay.com/p.png \"Piscina\")\n\nPraktik es céntrico [E2].",
     ["Casa Bonay tiene azotea.", "Praktik es céntrico."]),
    ("![](https://x.example/a.jpg) Casa Bonay is central [E1]. See [its site]"
     "(https://casabonay.com/ 'Casa Bonay') for rooms [E2].\n\n| Hotel | Photo |\n|---|---|\n"
     "| Praktik [E2] | ![photo](/img/p.jpg) |",
     ["Casa Bonay is central.", "See its site for rooms."]),
])
def test_markdown_images_leave_nothing_in_the_text(content: str, texts: list[str]) -> None:
    """An image is no prose: its alt text ('img', a caption) was left as '!img'."""
    parsed = parse_answer(content, evidence(2))
    assert [s.text for s in parsed.sentences] == texts
    cells = [c for b in parsed.blocks if b.kind == "table" for r in b.rows for c in r.cells]
    assert not any("!" in t or "](" in t for t in texts + cells), cells


def test_a_table_without_outer_pipes() -> None:
    parsed = parse_answer("Hotel | Price\n--- | ---\nCasa Bonay | 145 EUR [E1]\n\n"
                          "Done [E1].", evidence(1))
    assert [b.kind for b in parsed.blocks] == ["table", "paragraph"]
    assert parsed.blocks[0].header == ["Hotel", "Price"]
    assert [r.cells for r in parsed.blocks[0].rows] == [["Casa Bonay", "145 EUR"]]
    assert [s.text for s in parsed.sentences] == ["Done."]


def test_a_pipe_in_prose_is_not_a_table() -> None:
    parsed = parse_answer("Prices vary | check dates [E1].", evidence(1))
    assert [b.kind for b in parsed.blocks] == ["paragraph"]


@pytest.mark.parametrize(("line", "heading"), [
    ("**Best value:**", "Best value"), ("**Best value**:", "Best value"),
    ("  __Cheapest__ :  ", "Cheapest"), ("**Best** value", None)])
def test_a_bold_line_is_a_heading_as_before(line: str, heading: str | None) -> None:
    parsed = parse_answer(line + "\n\nSome text [E1].", evidence(1))
    assert [b.text for b in parsed.blocks if b.kind == "heading"] == ([heading] if heading else [])


def test_a_bold_line_padded_with_spaces_is_read_in_linear_time() -> None:
    # "\s*:?\s*" after the bold text tried every split of a run of spaces: a model's line
    # of "**x**" and 20,000 spaces before a word took 1.1 s
    import time

    start = time.process_time()
    parsed = parse_answer("**x**" + " " * 20_000 + "y", evidence(1))
    assert not [b for b in parsed.blocks if b.kind == "heading"]
    assert time.process_time() - start < 1


@pytest.mark.parametrize("sep", ["|---|---|", " | :--- | ---: | ", "---|---", "|---"])
def test_a_table_s_separator_line_is_read_as_before(sep: str) -> None:
    parsed = parse_answer("a | b\n" + sep + "\n1 | 2", evidence(1))
    assert [b.kind for b in parsed.blocks] == ["table"]


def test_a_table_line_padded_with_spaces_is_read_in_linear_time() -> None:
    # "^\s*\|?\s*" and "\|?\s*$" tried every split of a run of spaces: a row under a
    # table's first line, of 20,000 spaces before a word, took 3.5 s
    import time

    start = time.process_time()
    parse_answer("a | b\n" + " " * 20_000 + "x |", evidence(1))
    parse_answer("a | b\n|---" + " " * 20_000 + "x |", evidence(1))
    assert time.process_time() - start < 1
