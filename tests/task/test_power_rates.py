"""A price per the power an installation is sized in (scout.units.WORK_UNITS): a solar
installer's "1,20 €/Wp", "£1.60 per watt", "1,30 € por vatio pico", "900 €/kWp". Such an
amount is a rate, kept with its unit (``per`` "Wp" or "kWp") on pages and in requests
alike, never the whole installation's price; and a money input's label that says its own
connector ("per watt", "por vatio") names the amount whose unit the reader kept
(scout.task.moneylabels)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.amounts import find_amounts
from scout.spec.stated import stated
from scout.task.build import build_task
from scout.units import FIXED_BASES, WORK_UNITS

TODAY = dt.date(2026, 12, 6)
# a budget for the whole installation, declared first, and a cap per Wp
SOLAR = {"place": InputSpec(type="place"),
         "budget": InputSpec(type="money", aliases=["presupuesto"]),
         "max_price_per_wp": InputSpec(type="money", aliases=["Wp", "per watt", "por vatio"]),
         "size_kwp": InputSpec(type="number", aliases=["kWp", "kW"])}


def _rates(query: str, inputs: dict[str, InputSpec]) -> dict:
    values = build_task(query, inputs, today=TODAY).values
    return {n: (v.amount, v.currency, v.per) for n, v in values.items()
            if isinstance(v, Money)}


@pytest.mark.parametrize("text, amount, per", [
    ("Ebro Fotovoltaica: 1,20 €/Wp IVA incluido, garantía de 25 años", 1.2, "Wp"),
    ("Avon Sun Co: MCS certified, £1.60 per watt installed", 1.6, "Wp"),
    ("Instalación a 1,30 € por vatio pico", 1.3, "Wp"),
    ("Llave en mano: 950 €/kWp", 950.0, "kWp"),
    # a pack's price stays the whole pack's
    ("pack 6 paneles 2,4 kWp desde 4.290 €", 4290.0, None),
])
def test_a_page_rate_per_wp_keeps_its_unit(text: str, amount: float, per: str | None) -> None:
    (money, _span), = find_amounts(text)
    assert (money.amount, money.per) == (amount, per)


@pytest.mark.parametrize("query, want", [
    ("10 paneles de 450 W en Getafe, hasta 1,3 €/Wp",
     {"max_price_per_wp": (1.3, "EUR", "Wp")}),
    # the label says its connector, the amount's reader kept the unit with it
    ("a 4 kWp system in Leeds under £1.40 per watt",
     {"max_price_per_wp": (1.4, "GBP", "Wp")}),
    ("placas en Zaragoza, 4 kWp, menos de 6.000 € y como mucho 1,40 € por vatio",
     {"budget": (6000.0, "EUR", None), "max_price_per_wp": (1.4, "EUR", "Wp")}),
    ("under £7,000 for a 5 kW system in Bristol, no more than £1.50 per watt",
     {"budget": (7000.0, "GBP", None), "max_price_per_wp": (1.5, "GBP", "Wp")}),
])
def test_a_cap_per_wp_is_the_rate_input_not_the_budget(query: str, want: dict) -> None:
    assert _rates(query, SOLAR) == want


def test_a_rate_per_watt_alone_is_a_rate_not_a_budget() -> None:
    """With one money input, "hasta 1,3 €/Wp" is read per Wp: a budget of 1,30 € for the
    whole installation would leave every installer out."""
    one = {"place": SOLAR["place"], "budget": SOLAR["budget"]}
    assert _rates("placas solares en Getafe hasta 1,3 €/Wp", one) == \
        {"budget": (1.3, "EUR", "Wp")}


def test_a_kwp_counts_a_thousand_wp() -> None:
    assert {"Wp", "kWp"} <= WORK_UNITS
    assert FIXED_BASES["kWp"] == ("Wp", 1000.0)


@pytest.mark.parametrize("query", [
    "10 paneles de 450 W en Getafe por menos de 6.000 €",   # a panel's power is no unit
    "a 5 kW system under £7,000",
])
def test_a_power_said_beside_a_budget_is_no_unit_of_it(query: str) -> None:
    one = {"place": SOLAR["place"], "budget": SOLAR["budget"]}
    (amount, _cur, per), = _rates(query, one).values()
    assert per is None and amount >= 6000


@pytest.mark.parametrize("text, unit, want", [
    ("Avon Sun Co: MCS certified, £1.60 per watt installed", "£/Wp", 1.6),
    ("Instalación a 1,30 € por vatio pico, IVA incluido", "€/Wp", 1.3),
    ("Instalación: 1,25 €/Wp", "€/Wp", 1.25),
    ("Severn Solar: £1.45/watt installed", "£/Wp", 1.45),
    # another unit's rate is none of it
    ("Tarifa: 0,129 €/kWh", "€/Wp", None),
])
def test_stated_reads_a_rate_in_any_spelling_of_its_unit(text: str, unit: str,
                                                         want: float | None) -> None:
    """``stated('€/Wp')`` reads a page's rate per watt however the page spells the watt
    peak (scout.units.UNIT_SPELLINGS), so an author lists the currencies, not the words."""
    assert stated(text, unit) == want
