"""A price per hour against a budget per person (scout/steps/rank_heads.py ``for_people``):
with the people asked (rank's ``people``) and the length asked (rank's ``volume: {hour:
length}``) it is the price of that length shared among them: a court's, a rehearsal room's
or a boat's "28 €/hora" for 2 hours and 4 people is 14 € each. Without the length, or
without the people, it is left as it was: never compared as an hour's share."""

from __future__ import annotations

import pytest

from scout.schemas.records import Candidate
from scout.schemas.task import Money
from scout.i18n.messages import localize
from scout.steps.rank_heads import for_people
from scout.steps.periodnotes import period_notes
from scout.steps.workbasis import Work


def _court(amount: float, per: str) -> Candidate:
    return Candidate(key="c", name="Club", price=Money(amount=amount, currency="EUR", per=per))


@pytest.mark.parametrize("amount, per, hours, people, share, times", [
    (28, "hour", 2.0, 4, 14.0, "2"),   # "2 horas", "somos 4"
    (20, "hour", 1.5, 4, 7.5, "1.5"),    # "90 minutos", dobles
    (0.5, "minute", 1.0, 2, 15.0, "60"),  # a price per minute, for an hour, two players
])
def test_a_price_per_hour_is_the_length_asked_shared(amount, per, hours, people, share, times):
    c = _court(amount, per)
    periods: dict = {}
    for_people(c, "person", {"person": people}, periods, work=Work(volume={"hour": hours}))
    assert c.price_converted is not None
    assert (c.price_converted.amount, c.price_converted.per) == (share, "person")
    assert c.flags == [f"price per {per} times {times} for the length asked, divided by "
                       f"{people} people, to compare it with the budget per person"]
    assert periods == {("timed:people", per, "person"): 1}


@pytest.mark.parametrize("lang, note", [
    ("en", "5 prices per hour were multiplied by the length asked and divided by the number "
           "of people asked, to compare them with the budget per person"),
    ("es", "5 precios por hora se han multiplicado por la duración pedida y dividido entre el "
           "número de personas pedido, para compararlos con el presupuesto por persona"),
])
def test_the_shortlists_note_says_the_length_as_well_as_the_share(lang, note):
    # "5 prices per hour were divided by the number of people": no, they were first the
    # 90 minutes asked; the note said only the share
    periods: dict = {}
    for _ in range(5):
        for_people(_court(20, "hour"), "person", {"person": 4}, periods,
                   work=Work(volume={"hour": 1.5}))
    [said] = period_notes(periods)
    assert localize(said, lang) == note


@pytest.mark.parametrize("work, people", [
    (None, 4),                          # the kind declares no length
    (Work(volume={}), 4),               # the request says none
    (Work(volume={"hour": 2.0}), 0),    # nor how many play
])
def test_without_the_length_or_the_people_an_hourly_price_is_left(work, people):
    c = _court(28, "hour")
    for_people(c, "person", {"person": people}, {}, work=work)
    assert c.price_converted is None and c.flags == []


def test_a_budget_per_hour_still_compares_hour_with_hour():
    c = _court(28, "hour")
    for_people(c, "hour", {"person": 4}, {}, work=Work(volume={"hour": 2.0}))
    assert c.price_converted is None


def test_one_players_price_per_hour_is_theirs_for_the_length_asked():
    # "6 € por jugador y hora" for 90 minutes: 9 € each, with or without the players counted
    c = Candidate(key="c", name="Club",
                  price=Money(amount=6, currency="EUR", per="hour", each="person"))
    for_people(c, "person", {"person": 0}, {}, work=Work(volume={"hour": 1.5}))
    assert c.price_converted is not None
    assert (c.price_converted.amount, c.price_converted.per, c.price_converted.each) == (
        9.0, "person", None)
    assert c.flags == ["price per person per hour times 1.5 for the length asked, to compare "
                       "it with the budget per person"]
