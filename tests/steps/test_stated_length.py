"""An amount per a period against one for the whole, with no dates asked: the length the
result states multiplies it (scout/steps/statedlength.py, rank_periods.put_on_period); a
length not said as one (experience, an age, opening days) is not read."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Candidates, Evidence
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.stepkit.params import RankParams
from scout.steps import rank
from scout.steps.statedlength import stated_days
from scout.task.build import build_task
from scout.units import PERIOD_DAYS
from tests.steps.test_extract_rank import _ctx

MONTH, YEAR = PERIOD_DAYS["month"], PERIOD_DAYS["year"]


@pytest.mark.parametrize("text, days", [
    ("Ayuda de 2.000 € al mes durante 36 meses", 36 * MONTH),
    ("A 3-year fellowship paying $3,000 a month", 3 * YEAR),
    ("Contract for 12 months, renewable", 12 * MONTH),
    ("Duración: 24 meses", 24 * MONTH),
    ("Beca por un periodo de dos años", 2 * YEAR),
    ("for a term of 18 months", 18 * MONTH),
    ("5 years of experience required", None),
    ("para niños de 3 años", None),
    ("open 7 days a week", None),
    ("2-year warranty included", None),
    ("our 5-year-old", None),
    # the length of what is agreed for a term, said with its noun
    ("Contratos de 5 años para investigadores posdoctorales", 5 * YEAR),
    ("A lease of 12 months, bills included", 12 * MONTH),
    ("Plan: 24 meses, 10 GB", 24 * MONTH),
    ("24 meses de permanencia", 24 * MONTH),
    ("12 month contract", 12 * MONTH),
    # never a person's age or what one has
    ("Campamento para niños de 5 años", None),
    ("Becas para hijos de 5 años", None),
    ("experiencia de 5 años", None),
    ("edad: 5 años", None),
])
def test_a_length_is_read_only_when_said_as_one(text: str, days: float | None) -> None:
    assert stated_days(text) == (pytest.approx(days) if days is not None else None)


def _eur(amount: float, per: str | None) -> Money:
    return Money(amount=amount, currency="EUR", comparator="=", per=per)


def _grant(key: str, price: Money, text: str = "") -> Candidate:
    return Candidate(key=key, name=key, url=f"https://grants.test/{key}", evidence=[
        Evidence(id=key, kind="snippet", subject=key, url=f"https://grants.test/{key}",
                 text=text, price=price)])


def test_a_monthly_stipend_is_compared_with_an_amount_asked_for_the_length_it_states() -> None:
    """2.000 €/mes durante 36 meses is 72.000 €: at least 40.000 €; 1.000 €/mes for 12
    months is 12.000 €: under it; one stating no length is kept, not compared."""
    inputs = {"country": InputSpec(type="place"), "min_amount": InputSpec(type="money")}
    task = build_task("becas en España de al menos 40.000 €", inputs,
                      today=dt.date(2026, 12, 2))
    assert task.values["min_amount"].per is None
    params = RankParams(items="candidates", as_="grant", where=[
        "task.min_amount is none or grant.price is none or "
        "grant.price.amount >= task.min_amount.amount"])
    grants = [_grant("long", _eur(2000, "month"), "2.000 € al mes durante 36 meses"),
              _grant("short", _eur(1000, "month"), "A 12-month grant of 1,000 EUR a month"),
              _grant("unsaid", _eur(5080, "month"), "5.080 € al mes")]
    short = rank.run(_ctx(params, {"candidates": Candidates(items=grants)}, task))
    assert [c.key for c, _ in short.excluded] == ["short"]
    kept = {i.candidate.key: i.candidate for i in short.items}
    assert kept["long"].price_converted == _eur(72000, "total")
    assert kept["long"].flags == ["amount per month times 36 for the length it states, to "
                                  "compare it with the amount asked"]
    assert kept["unsaid"].flags == [
        "amount per month cannot be compared with an amount asked that states no period"]
    assert localize(kept["long"].flags[0], "es") == (
        "cantidad por mes multiplicada por 36 según la duración que indica, para compararla "
        "con la pedida")
    assert "2 amounts per month were multiplied by the lengths their listings state to " \
           "compare them with the amount asked" in short.notes


def test_a_total_budget_without_dates_uses_the_length_the_listing_states() -> None:
    inputs = {"city": InputSpec(type="place"), "budget": InputSpec(type="money")}
    task = build_task("coworking en Valencia, 1.000 € en total", inputs,
                      today=dt.date(2026, 12, 2))
    assert task.values["budget"].per == "total"
    params = RankParams(items="candidates", as_="desk", where=[
        "task.budget is none or desk.price is none or desk.price.amount <= task.budget.amount"])
    desks = [_grant("six", _eur(150, "month"), "Fixed desk, 150 €/month for 6 months"),
             _grant("year", _eur(150, "month"), "Fixed desk, 150 €/month, contract for 12 months"),
             _grant("open", _eur(150, "month"), "Fixed desk, 150 €/month")]
    short = rank.run(_ctx(params, {"candidates": Candidates(items=desks)}, task))
    assert [c.key for c, _ in short.excluded] == ["year"]  # 1.800 € over 1.000 € in total
    kept = {i.candidate.key: i.candidate for i in short.items}
    assert kept["six"].price_converted == _eur(900, "total")
    # none known: kept, said so (the request gives no dates, its listing no length)
    assert kept["open"].flags == ["price per month cannot be compared with a total budget "
                                  "without dates or a length it states"]
