"""Whom a request is for, said after "para" / "for" (scout/task/partycount.py), for any
kind with an integer input that counts people: Spanish's "un" / "una" is the article
before a noun ("para una familia", "para un investigador visitante": which, not how many)
and a count only before a word for one person ("para una persona"); a couple is two
("para una pareja", "for a couple", "somos una pareja"), but "a couple of" counts
anything ("for a couple of nights")."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query
from scout.task.partycount import party_after_for

TODAY = dt.date(2026, 12, 6)
INPUTS = {"city": InputSpec(type="place"),
          "people": InputSpec(type="integer", aliases=["personas", "people", "adults",
                                                       "adultos"]),
          "topic": InputSpec(type="subject")}


@pytest.mark.parametrize("query", [
    "seguro de salud para una familia en Sevilla",
    "habitación para un investigador visitante en Granada",
    "apartment in Lisbon for a visiting researcher",
    "cena para una celebración en Madrid",
])
def test_an_article_before_who_it_is_for_counts_no_one(query):
    assert parse_query(query, INPUTS, today=TODAY).values.get("people") is None


@pytest.mark.parametrize("query,count", [
    ("habitación en Sevilla para una pareja", 2),
    ("hotel in Porto for a couple, under 120 EUR", 2),
    ("somos una pareja, cena en Bilbao", 2),
    ("mesa para una persona en Madrid", 1),
    ("tour en Toledo para uno", 1),
    ("tour en Toledo para 4, en la tarde", 4),
])
def test_a_couple_is_two_and_a_count_is_still_read(query, count):
    assert parse_query(query, INPUTS, today=TODAY).values["people"] == count


@pytest.mark.parametrize("text", ["hotel for a couple of nights", "para un par de dias",
                                  "para un dia", "for a couple of weeks"])
def test_a_couple_of_things_is_no_party(text):
    assert party_after_for(text) is None
