"""Misreads found this session: a count before a word that begins like a month's name
("3 mayores") read as a date; a list an author's pattern finds in several places read from
its first place only; Spain's cities the gazetteer knows by name gave no currency's country;
a place's cue after a bare amount ("under 950 near ...") left the amount unread."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)

OUTING = {"town": InputSpec(type="place"), "on": InputSpec(type="date")}
AGES = (r"(?:\bde|\baged)\s+(?P<value>\d{1,2}(?:\s*(?:,|\by\b|\band\b)\s*\d{1,2})*)"
        r"\s*(?:años|years)")
COVER = {"town": InputSpec(type="place"),
         "insured": InputSpec(type="integer", aliases=["personas", "people", "adultos", "adults"]),
         "ages": InputSpec(type="list", items="integer", pattern=AGES)}
FLAT = {"city": InputSpec(type="place"), "rent": InputSpec(type="money")}


def _task(inputs: dict[str, InputSpec], query: str):  # type: ignore[no-untyped-def]
    return build_task(query, inputs, today=TODAY)


@pytest.mark.parametrize("query", [
    "entradas para 3 mayores en Sevilla",
    "tickets para 2 mayores de 70 años en Bilbao",
    "museo en Granada con 4 mayores y 2 niños",
    "2 marzipans and a tour in Toledo",
])
def test_a_count_before_a_word_like_a_month_is_no_date(query: str) -> None:
    assert _task(OUTING, query).values.get("on") is None


@pytest.mark.parametrize("query, day", [
    ("entradas en Sevilla el 3 mayo", dt.date(2027, 5, 3)),
    ("tickets in Leeds on 2 May.", dt.date(2027, 5, 2)),
])
def test_a_month_ending_its_word_is_still_read(query: str, day: dt.date) -> None:
    got = _task(OUTING, query).values["on"]
    assert getattr(got, "start", got) == day


@pytest.mark.parametrize("query, ages", [
    ("seguro para 2 adultos de 40 y 42 años y 2 niños de 8 y 11 años", [40, 42, 8, 11]),
    ("cover for my parents aged 67 and 70 years and my son aged 12 years", [67, 70, 12]),
    ("seguro de 35 años para mí", [35]),
])
def test_a_list_pattern_reads_every_place_it_is_said(query: str, ages: list[int]) -> None:
    task = _task(COVER, query)
    assert task.values["ages"] == ages
    assert not any("not ask" in n or "no las pide" in n for n in task.notes)


@pytest.mark.parametrize("query", [
    "piso en Bilbao por menos de 900",
    "flat in Seville under 900",
    "piso en Zaragoza hasta 700",
])
def test_a_bare_amount_in_a_spanish_city_names_the_euro(query: str) -> None:
    notes = " ".join(_task(FLAT, query).notes)
    assert "EUR" in notes and ("España" in notes or "Spain" in notes)


def test_a_city_named_in_two_countries_names_no_currency() -> None:
    notes = " ".join(_task(FLAT, "piso en Valencia por menos de 900").notes)
    assert "España" not in notes and "Venezuela" not in notes


@pytest.mark.parametrize("query, amount", [
    ("flat under 950 near the university", "950"),
    ("piso por menos de 800 cerca de la playa", "800"),
    ("studio below 700 close to the station", "700"),
])
def test_a_place_cue_after_a_bare_amount_keeps_the_no_currency_note(query: str, amount: str,
                                                                    ) -> None:
    notes = _task(FLAT, query).notes
    assert any(amount in n and ("currency" in n or "moneda" in n) for n in notes), notes
    assert not any("could not read" in n or "no se ha podido" in n for n in notes), notes
