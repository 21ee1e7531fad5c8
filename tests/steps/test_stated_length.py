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


@pytest.mark.parametrize("text, nights", [
    # a trip sold whole states its nights, with a cue or none
    ("Iona: 7 nights Norwegian Fjords from Southampton. Balcony from £95 pppn.", 7),
    ("Crucero de 7 noches por el Mediterráneo, desde 120 € por persona y noche", 7),
    ("A 10-night Caribbean sailing from $150 per night", 10),
    ("Siete noches por los fiordos, 130 € por noche", 7),
    ("Paquete de 5 noches en Tenerife: 85 €/noche", 5),
    ("Escapada: 3 noches en Oporto, 70 € la noche", 3),
    # a stay's least or first nights, or a rate's night, say no length
    ("Hotel Sol: mínimo 2 noches, 90 €/noche", None),
    ("from 3 nights, £80 per night", None),
    ("at least 2 nights, £80 per night", None),
    ("90 € por persona y noche", None),
    ("descuento a partir de 4 noches", None),
    ("más de 3 noches, 10 % de descuento", None),
])
def test_a_trips_nights_are_its_length_for_a_price_per_night(text: str,
                                                            nights: int | None) -> None:
    assert stated_days(text, "night") == nights
    assert stated_days(text) is None        # no price per night: nights are no length


def test_a_price_per_night_against_a_total_budget_counts_the_nights_stated() -> None:
    inputs = {"region": InputSpec(type="place"), "budget": InputSpec(type="money")}
    for query in ("cruise to the Baltic, max £1,500 in total",
                  "crucero por el Báltico, presupuesto total 1.500 £"):
        task = build_task(query, inputs, today=dt.date(2026, 12, 7))
        assert task.values["budget"].per == "total", query
        params = RankParams(items="candidates", as_="c", where=[
            "task.budget is none or c.price is none or c.price.amount <= task.budget.amount"])
        gbp = [_grant("seven", Money(amount=180, currency="GBP", comparator="=", per="night"),
                      "MSC Euribia: 7 nights from Kiel, from £180 per night"),
               _grant("ten", Money(amount=180, currency="GBP", comparator="=", per="night"),
                      "Crucero de 10 noches desde Kiel: 180 £ por noche"),
               _grant("min", Money(amount=180, currency="GBP", comparator="=", per="night"),
                      "Hotel Kiel, minimum 2 nights, £180 per night")]
        short = rank.run(_ctx(params, {"candidates": Candidates(items=gbp)}, task))
        assert [c.key for c, _ in short.excluded] == ["ten"], query    # 1.800 £
        kept = {i.candidate.key: i.candidate for i in short.items}
        assert kept["seven"].price_converted == Money(amount=1260, currency="GBP",
                                                      comparator="=", per="total")
        assert kept["min"].flags == ["price per night cannot be compared with a total budget "
                                     "without dates or a length it states"]
