"""A price per hour for the hours asked in one day, held to the day's price its page
states (scout/steps/dailycap.py, called by rank_periods.put_on_period): a car park's
"£3.20 per hour, daily maximum £14" for 9 hours against "under £15 a day" is £14, not
£28.80 and not left uncompared; a price per hour with no day's price beside it is the
hours at the rate; and an hour's rate over several days is held to each day's price."""

from __future__ import annotations

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import Money
from scout.steps.dailycap import day_price, hours_of_day
from scout.steps.periodnotes import period_notes
from scout.steps.rank_periods import put_on_period
from scout.steps.workbasis import Work
from scout.units import TOTAL


def _lot(text: str, amount: float, per: str = "hour", currency: str = "GBP") -> Candidate:
    price = Money(amount=amount, currency=currency, per=per)
    return Candidate(key="c", name="Car park", price=price, evidence=[
        Evidence(id="e", kind="snippet", url="https://parking.test/c", title="Car park",
                 text=text, price=price)])


@pytest.mark.parametrize("text, currency, cap", [
    ("£3.20 per hour, daily maximum £14.", "GBP", 14.0),
    ("desde 1,95 €/h, máximo diario 22 €.", "EUR", 22.0),
    ("2,50 €/hora (máx. 18 €/día)", "EUR", 18.0),
    ("£4 per hour; all day £20", "GBP", 20.0),
    ("Tarifa: 0,04 €/minuto, tope diario de 25 €", "EUR", 25.0),
    # no rate per hour beside it: a day's price alone is the price, no cap
    ("£12 per day", "GBP", None),
    # an amount no cap word names is no day's price ("£50 fine")
    ("£3 per hour. Penalty £50.", "GBP", None),
    # another currency's day is not this rate's
    ("£3 per hour, daily max 20 €", "GBP", None),
])
def test_the_days_price_a_page_states_beside_its_rate(text, currency, cap):
    assert day_price(_lot(text, 1, currency=currency), currency) == cap


def test_hours_at_the_rate_held_to_the_days_price():
    c = _lot("£3.20 per hour, daily maximum £14.", 3.2)
    money, held = hours_of_day(c.price, 9, c, "day")
    assert (money.amount, money.per, held) == (14.0, "day", True)
    money, held = hours_of_day(c.price, 3, c, "day")
    assert (money.amount, held) == (9.6, False)
    # 30 hours: a whole day held to £14, then 6 hours at the rate (£19.20, held to £14)
    money, held = hours_of_day(c.price, 30, c, TOTAL)
    assert (money.amount, money.per, held) == (28.0, TOTAL, True)
    assert hours_of_day(c.price, 30, c, "day") is None  # more than a day's hours
    assert hours_of_day(Money(amount=12, currency="GBP", per="day"), 9, c, "day") is None


def test_a_price_per_hour_against_a_budget_per_day_is_the_hours_asked():
    c = _lot("Kings Place: £1.50 per hour. Covered.", 1.5)
    periods: dict = {}
    put_on_period(c, "day", periods, work=Work(volume={"hour": 9.0}))
    assert c.price_converted.amount == 13.5 and c.price_converted.per == "day"
    assert c.flags == ["price per hour times 9 for the length asked, to compare it with the "
                       "budget per day"]
    assert localize(c.flags[0], "es") == ("precio por hora multiplicado por 9 para la duración "
                                          "pedida, para compararlo con el presupuesto por día")
    assert period_notes(periods) == ["1 price per hour was multiplied by the length asked to "
                                     "compare it with the budget per day"]


def test_a_price_per_hour_held_to_the_days_price_against_a_budget_per_day_or_in_total():
    for per in ("day", TOTAL):
        c = _lot("£3.20 per hour, daily maximum £14.", 3.2)
        periods: dict = {}
        put_on_period(c, per, periods, work=Work(volume={"hour": 9.0}, whole=per == TOTAL))
        assert c.price_converted.amount == 14.0 and c.price_converted.per == per
        # "the daily maximum", as the page and its reader say it ("the price of a day" read
        # as a day's rate)
        assert c.flags == ["price per hour times 9 for the length asked, capped at the daily "
                           "maximum it states, to compare it with the budget"]
        assert localize(c.flags[0], "es") == (
            "precio por hora multiplicado por 9 para la duración pedida, limitado al máximo "
            "diario que indica, para compararlo con el presupuesto")
        assert period_notes(periods) == ["1 price per hour for the length asked was capped at "
                                         "the daily maximum its listing states"]


def test_a_price_per_hour_with_no_length_asked_is_still_not_compared_per_day():
    c = _lot("£3.20 per hour, daily maximum £14.", 3.2)
    put_on_period(c, "day", {}, work=Work(volume={}))
    assert c.price_converted is None
    assert c.flags == ["price per hour cannot be compared with a budget per day"]
