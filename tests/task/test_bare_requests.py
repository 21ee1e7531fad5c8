"""A request that is nothing but what wraps one: only greetings, or only an e-mail
address said in words. Read as words, "good morning" gave the place "Morning", "hola,
buenos días" the place "Buenos", and a dictated address the place "Juan Punto Perez"."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.noise import unwrapped
from scout.task.spoken import unspoken

TODAY = dt.date(2026, 12, 6)
STAY = {"town": InputSpec(type="place"), "when": InputSpec(type="date"),
        "report_email": InputSpec(type="string")}


@pytest.mark.parametrize("query", [
    "good morning", "Hi, hello, good morning.", "hola, buenos días", "Buenas tardes!",
])
def test_only_greetings_ask_nothing(query: str) -> None:
    assert unwrapped(query) == ""
    assert not any(build_task(query, STAY, today=TODAY).values.values())


@pytest.mark.parametrize("query, town", [
    ("Buenos Aires", "Buenos Aires"),              # a place that starts as a greeting does
    ("hola, hotel en Madrid", "Madrid"),
    ("Hi Lima team, hotel in Lima", "Lima"),
])
def test_a_greeting_before_a_request_leaves_the_request(query: str, town: str) -> None:
    assert build_task(query, STAY, today=TODAY).values["town"] == town


@pytest.mark.parametrize("query, want", [
    ("Juan Punto Perez arroba gmail punto com", "juan.perez@gmail.com"),
    ("john dot smith at lab dot example dot org", "john.smith@lab.example.org"),
])
def test_a_request_that_is_only_a_dictated_address(query: str, want: str) -> None:
    values = build_task(query, STAY, today=TODAY).values
    assert values["report_email"] == want and values["town"] is None


@pytest.mark.parametrize("text", [
    "Madrid at noon dot", "Hotel at the beach dot com style", "Lima at night",
])
def test_words_opening_a_request_that_are_no_address_stay(text: str) -> None:
    assert unspoken(text) == text


@pytest.mark.parametrize("unit", ["hola ", "hi, ", "buenas \t. "])
def test_many_greetings_before_a_word_are_read_in_linear_time(unit: str) -> None:
    # two quantifiers over the spaces after each greeting tried every split: 2^n for n
    # greetings and a word (22 took over a second); the query's cap holds hundreds
    import time

    from scout.task.parser import MAX_QUERY_CHARS

    text = (unit * MAX_QUERY_CHARS)[:MAX_QUERY_CHARS - 1] + "x"
    start = time.process_time()
    assert unwrapped(text).endswith("x")
    assert time.process_time() - start < 2
