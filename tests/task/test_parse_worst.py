"""The request parser stays fast on hostile or pasted input at the query cap
(benchmarks/parse_worst.py measures the growth; benchmarks/README.md has the table), and
the linear readings that replaced the quadratic ones read what the old ones read.

Each input below is 2,000 characters, the cap, and took 1.0-2.7 s of CPU to parse before
the fix (a pass over the whole text once per position or per cue), one 35 s (a regex
backtracking over a run of spaces); now about 0.1 s at most. The
bound is CPU time, so a busy machine does not fail it, and generous: six times today's
worst."""

from __future__ import annotations

import datetime as dt
import random
import re
import time
from pathlib import Path

import pytest
import yaml

from scout.spec.models import InputSpec
from scout.task.placespans import place_name_end, place_names
from scout.task.joined import _AND, _OR, _TO, _joiner_before
from scout.task.parser import MAX_QUERY_CHARS, parse_query
from scout.task.notplace import word_before as _word_before
from scout.task.placeshapes import counted as _counted

ROOT = Path(__file__).resolve().parents[2]
TODAY = dt.date(2026, 12, 6)
BOUND_S = 0.6


def _inputs(path: str) -> dict[str, InputSpec]:
    doc = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))
    return {n: InputSpec(**spec) for n, spec in doc["inputs"].items()}


def _at_cap(unit: str) -> str:
    return (unit * (MAX_QUERY_CHARS // len(unit) + 1))[:MAX_QUERY_CHARS]


KINDS = {"hotel-research": "pipelines/hotel_research.yaml",
         "conferences": "examples/conferences/pipelines/conferences.yaml"}


@pytest.fixture(scope="module")
def kinds() -> dict[str, dict[str, InputSpec]]:
    out = {k: _inputs(p) for k, p in KINDS.items()}
    for k, inputs in out.items():  # the lazy loads (CLDR, catalogs) are not the parse's
        parse_query("hotel in Paris in May under 200 EUR", inputs, today=TODAY, kind=k)
    return out


_PADDED = "hotel" + " " * (MAX_QUERY_CHARS - 14) + "1 de mayo"


# (the query, the kind): before the fix 1.7 s, 2.6 s, 2.7 s, 1.2 s, 1.0 s, 35 s of CPU
@pytest.mark.parametrize("query, kind", [
    (_at_cap("a."), "hotel-research"),  # a place name looked up at every position
    (_at_cap("a."), "conferences"),
    (_at_cap("hasta "), "hotel-research"),  # the date grammar read again after every "until"
    (_at_cap("the week after "), "hotel-research"),  # ... after every "the week after"
    (_at_cap("to a "), "conferences"),  # the word before every cue: a regex over all before
    (_PADDED, "hotel-research"),  # "\s*,?\s*$" backtracking over the spaces before a date
], ids=["dots-hotel", "dots-conferences", "until", "week-after", "cue-words", "padded"])
def test_a_hostile_request_at_the_cap_parses_fast(kinds: dict[str, dict[str, InputSpec]],
                                                  query: str, kind: str) -> None:
    assert len(query) == MAX_QUERY_CHARS
    t0 = time.process_time()
    result = parse_query(query, kinds[kind], today=TODAY, kind=kind)
    spent = time.process_time() - t0
    assert spent < BOUND_S, f"{query[:20]!r}... took {spent:.2f} s CPU"
    assert result.lang in ("en", "es")


def test_a_date_after_an_early_until_is_still_read() -> None:
    """Only the first cues are tried again with the grammar: one a person typed is read."""
    inputs = {"month": InputSpec(type="month")}
    got = parse_query("hotel in Madrid until December 20", inputs, today=TODAY).values["month"]
    assert (got.start, got.end) == (TODAY, dt.date(2026, 12, 20))


# ------------------------------------------ the linear readings read what the old ones did
_ALPHABET = ["new", "york", "buenos", "aires", "de", "isla", "pascua", "rio", "janeiro", "a",
             "1", "2.5", " ", "  ", "\t", "\n", ".", ",", "-", "_", "é", "²", "٣", "\x00",
             "\u00a0", "ß", "to", "o", "or", "y", "and", "hasta", "el", "the", "en", "–"]


def _texts(seed: int, count: int) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice(_ALPHABET) for _ in range(rnd.randint(0, 12)))
            for _ in range(count)]


def test_a_known_name_at_a_position_is_the_one_place_names_finds_there() -> None:
    for text in _texts(1, 400):
        for pos in range(len(text) + 1):
            old = [b for a, b in place_names(text[pos:]) if a == 0]
            new = place_name_end(text, pos)
            assert new == (pos + old[0] if old else None), (text, pos)


def test_a_number_before_a_word_is_read_as_the_regex_read_it() -> None:
    words_re = re.compile(r"[^\W\d_][\w'’-]*")
    for text in _texts(2, 600):
        words = list(words_re.finditer(text))
        old = [bool(re.search(r"(?:^|\s)\d[\d.,]*[ \t]*$", text[:m.start()])) for m in words]
        assert _counted(text, words) == old, text


def test_the_word_before_a_position_is_the_regex_one() -> None:
    for text in _texts(3, 400):
        for pos in range(len(text) + 1):
            m = re.search(r"([^\W\d_]+)\s*$", text[:pos])
            assert _word_before(text, pos) == (m.group(1) if m else ""), (text, pos)


def test_the_joiner_before_a_date_is_where_the_regex_found_it() -> None:
    for text in _texts(4, 500):
        for joiner in (_TO, _AND, _OR):
            m = re.search("(?:" + joiner.pattern + ")$", text)
            assert _joiner_before(joiner, text) == (m.start() if m else None), (text, joiner)


def test_a_date_cue_before_a_position_is_the_regex_one() -> None:
    from scout.task.dategrammar import _CUE_BEFORE, cue_before

    for text in _texts(5, 400):
        text = text.replace("isla", "in").replace("pascua", "desde")
        for pos in range(len(text) + 1):
            assert cue_before(text, pos) == bool(_CUE_BEFORE.search(text[:pos])), (text, pos)
