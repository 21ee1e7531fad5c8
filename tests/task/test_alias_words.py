"""The word a hint tells a request to write next to a value (scout.task.lang.word_for) is
in the request's language and is one the parser reads back: an English request is not
told to write a Spanish alias ("1.80 m autonomía"), nor a Spanish one an English alias."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.task.lang import alias_in, word_for
from tests.kinds import parse_request

EBIKES = Path(__file__).resolve().parents[2] / "examples" / "ebikes" / "pipelines" / "ebikes.yaml"
RANGE = ["autonomía", "autonomia", "range", "alcance"]


def test_an_alias_marked_in_the_language_comes_first() -> None:
    assert alias_in(["hasta", "up to"], "en") == "up to"
    assert alias_in(["up to", "hasta"], "es") == "hasta"
    assert alias_in(RANGE, "en") is None  # no word of these marks either language


@pytest.mark.parametrize(("name", "aliases", "lang", "word"), [
    ("min_range", RANGE, "en", "range"),       # the name's own word, not the first alias
    ("min_range", RANGE, "es", "autonomía"),
    ("max_weight", ["weight", "peso"], "es", "peso"),  # not the identifier's English
    ("max_weight", ["weight", "peso"], "en", "weight"),
    ("min_ram", ["ram", "memory", "memoria"], "es", "memoria"),
    ("rider_height", [], "es", "rider height"),  # no alias: the name's words
    ("seats", ["plazas"], "en", "seats"),
])
def test_the_word_is_the_requests(name: str, aliases: list[str], lang: str, word: str) -> None:
    assert word_for(name, aliases, lang) == word


@pytest.mark.parametrize(("query", "value", "said"), [
    ("e-bike for 1.80 m", "1.80 m", "1.80 m range"),
    ("bici eléctrica, 1,80 m", "1,80 m", "1,80 m autonomía")])
def test_the_hint_for_a_value_of_two_inputs_is_read_back(query: str, value: str,
                                                         said: str) -> None:
    today = dt.date(2026, 12, 6)
    task = parse_request(EBIKES, query, today)
    hint = next(n for n in task.notes if value in n)
    example = re.findall(r"['«]([^'«»]+)['»]", hint)[-1]
    assert example == said, hint
    again = parse_request(EBIKES, query.replace(value, example), today)
    assert [n for n in ("min_range", "rider_height") if again.values.get(n) is not None], \
        again.values
