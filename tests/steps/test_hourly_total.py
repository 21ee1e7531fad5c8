"""A price per hour against a budget for the whole, with the length asked (rank's
``volume: {hour: length}``), is said as a length's, not as work's
(scout/steps/rank_periods.py ``put_on_period``): a court's "£24 per hour" for 90 minutes
against "under £40 for the court" is "times 1.5 for the length asked", while a
translator's price per word times the words asked stays "for the work asked"."""

from __future__ import annotations

from scout.schemas.records import Candidate
from scout.schemas.task import Money
from scout.steps.rank_periods import put_on_period
from scout.steps.workbasis import Work
from scout.units import TOTAL


def _priced(amount: float, per: str) -> Candidate:
    return Candidate(key="c", name="Club", price=Money(amount=amount, currency="GBP", per=per))


def test_an_hourly_price_times_the_length_asked_is_said_as_a_length():
    c = _priced(24, "hour")
    periods: dict = {}
    put_on_period(c, TOTAL, periods, work=Work(volume={"hour": 1.5}, whole=True))
    assert c.price_converted is not None and c.price_converted.amount == 36
    assert c.flags == ["price per hour times 1.5 for the length asked, to compare it with "
                       "the total budget"]
    assert list(periods) == [("converted:whole-said", "hour", TOTAL)]


def test_an_hourly_price_with_no_length_asked_names_no_work():
    c = _priced(24, "hour")
    put_on_period(c, TOTAL, {}, work=Work(volume={}, whole=True))
    assert c.price_converted is None
    assert c.flags == ["price per hour cannot be compared with a total budget without dates "
                       "or a length it states"]


def test_a_price_per_word_is_still_work():
    c = _priced(0.1, "word")
    put_on_period(c, TOTAL, {}, work=Work(volume={"word": 8000}, whole=True))
    assert c.flags == ["price per word times 8000 for the work asked, to compare it with the "
                       "budget for the whole job"]
