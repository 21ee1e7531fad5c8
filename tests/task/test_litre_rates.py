"""A price per litre or per gallon is a rate per a measure, for any kind (fuel, heating
oil, bulk wine, paint, milk): read in requests and listings in both languages, priced to
three decimals as pumps price it, and compared rate with rate or, times the litres asked,
with a budget for all of them. Found writing the fuel-stations kind (examples/fuelstations):
"menos de 1,45 €/l" kept 1,45 € with no unit, "under 140p a litre" was not read at all, a
page's "Gasóleo A 1,459 €/l" was 1.459 € (a thousand), a station's table of fuels lost its
litre, shown "1,46 €", and a price stating no unit against a budget per litre was said to be
"per None" (scout.units, scout.task.money, scout.steps.variantprice, scout.i18n.values)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.values import format_money
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.spec.stated import stated
from scout.steps.extract import find_price
from scout.steps.variantprice import variant_prices
from scout.task.build import build_task
from scout.units import per_factor, rate_decimals

TODAY = dt.date(2026, 12, 7)
# kinds written here, not the example: a heating-oil supplier, and one with a quantity
KIND = {"product": InputSpec(type="subject"), "place": InputSpec(type="place"),
        "budget": InputSpec(type="money")}


@pytest.mark.parametrize("query, amount, currency, per", [
    ("gasóleo de calefacción en Burgos, menos de 1,10 €/l", 1.10, "EUR", "l"),
    ("heating oil in Leeds under 75p a litre", 0.75, "GBP", "l"),
    ("vino a granel en Valdepeñas, hasta 2 euros el litro", 2.0, "EUR", "l"),
    ("house paint in Bristol, max £8 per litre", 8.0, "GBP", "l"),
    ("leche fresca en Santander, el litro por debajo de 1,20 €", 1.20, "EUR", "l"),
    ("price per litre under £1.38 for diesel in York", 1.38, "GBP", "l"),
    ("kerosene in Denver under $4.20/gal", 4.2, "USD", "gal"),
    ("diesel in Austin for less than 3.9 dollars per gallon", 3.9, "USD", "gal"),
    # three decimals, as a pump writes them: a comma before "€", a point after "£"
    ("gasóleo en Huesca por debajo de 1,399 €/l", 1.399, "EUR", "l"),
    ("petrol in Hull under £1.389 a litre", 1.389, "GBP", "l"),
    # a range priced to three decimals: both ends so
    ("gasóleo en Teruel entre 1,399 y 1,459 €/l", 1.459, "EUR", "l"),
    # a quantity of litres is no unit: the amount is for all of them
    ("gasóleo de calefacción en Soria, 1000 litros, máximo 1.100 €", 1100.0, "EUR", None),
    # thousands stay thousands: a peso's litre, and any amount with no unit
    ("nafta en Mendoza, menos de 1.459 pesos el litro", 1459.0, "ARS", "l"),
    ("caldera en Madrid, menos de 1.459 €", 1459.0, "EUR", None),
])
def test_a_request_reads_a_cap_per_litre_or_gallon(query: str, amount: float, currency: str,
                                                   per: str | None) -> None:
    budget = build_task(query, KIND, today=TODAY).values["budget"]
    assert isinstance(budget, Money)
    assert (budget.amount, budget.currency, budget.per) == (amount, currency, per)


@pytest.mark.parametrize("text, amount, per", [
    ("Gasóleo de calefacción a domicilio: 1,049 €/l, pedido mínimo 500 litros.", 1.049, "l"),
    ("Heating oil delivered: 71.9p per litre, minimum 500 litres.", 0.719, "l"),
    ("Vino tinto a granel desde 1,80 € el litro.", 1.80, "l"),
    ("Kerosene $3.89/gal, delivery included.", 3.89, "gal"),
    ("Pintura plástica 15 € por litro.", 15.0, "l"),
    ("Diesel £1.459 per litre at the pump.", 1.459, "l"),
    # a range, from its low end
    ("Gasóleo A 1,419-1,439 €/l según autoservicio o atendido.", 1.419, "l"),
])
def test_a_listing_states_its_price_per_litre_or_gallon(text: str, amount: float,
                                                        per: str) -> None:
    price = find_price(text)
    assert price is not None and (price.amount, price.per) == (amount, per)


def test_a_table_of_versions_keeps_each_ones_litre() -> None:
    """A station's fuels (rank's ``variants``): each its own rate per litre."""
    fuels = {"diesel": ["gasóleo a", "diesel"], "petrol": ["sin plomo 95", "unleaded"]}
    got = variant_prices("Gasóleo A 1,459 €/l · Sin plomo 95 1,589 €/l", fuels)
    assert {k: (m.amount, m.per) for k, m in got.items()} == {
        "diesel": (1.459, "l"), "petrol": (1.589, "l")}
    got = variant_prices("Unleaded 135.9p/litre, Diesel 142.9p/litre", fuels)
    assert {k: (m.amount, m.per) for k, m in got.items()} == {
        "diesel": (1.429, "l"), "petrol": (1.359, "l")}


@pytest.mark.parametrize("text, units, want", [
    ("Gasóleo A 1,479 €/l. -5 cts/l con la app.", ("€/l",), 1.479),
    ("Regular $3.49 per gallon, diesel $3.99 per gallon", ("$/gal",), 3.99),
    ("Diesel 139.9p/litre", ("£/l",), 1.399),
    ("vino a 2,10 € el litro", ("€/l",), 2.10),
])
def test_stated_reads_a_rate_per_litre(text: str, units: tuple[str, ...], want: float) -> None:
    assert stated(text, *units) == pytest.approx(want)


def test_only_a_rate_is_read_to_three_decimals() -> None:
    assert rate_decimals("1,459 €") == 1.459
    assert rate_decimals("£1.459") == 1.459
    # a point before "€" groups thousands; a "$" says neither (a peso's litre is 1459)
    assert rate_decimals("1.459 €") is None and rate_decimals("$1.459") is None
    assert rate_decimals("12,459 €") is None and rate_decimals("1,45 €") is None


def test_a_gallon_converts_to_litres_and_a_rate_is_written_as_priced() -> None:
    assert per_factor("gal", "l") == pytest.approx(1 / 3.785411784)
    assert per_factor("l", None) is None          # a measure is never a whole price
    assert format_money(Money(amount=1.459, currency="EUR", per="l"), "es") == "1,459 €/l"
    assert format_money(Money(amount=1.399, currency="GBP", per="l"), "en") == "1.399 GBP/l"
    # a converted amount is not written to more decimals than cents
    assert format_money(Money(amount=1.6675, currency="EUR"), "en") == "1.67 EUR"


def test_a_range_of_rates_keeps_both_ends_to_three_decimals() -> None:
    budget = build_task("gasóleo en Teruel entre 1,399 y 1,459 €/l", KIND,
                        today=TODAY).values["budget"]
    assert (budget.min, budget.amount, budget.per) == (1.399, 1.459, "l")
    price = find_price("Gasóleo A 1,419-1,439 €/l según autoservicio o atendido.")
    assert price is not None and (price.amount, price.max) == (1.419, 1.439)
    # a low figure written otherwise leaves the range as it was read
    budget = build_task("paint in Leeds between £1,200 and £1.459 per litre", KIND,
                        today=TODAY).values["budget"]
    assert budget.min != 1.2
    budget = build_task("diesel in Hull between £1.399 and £1.459 per litre", KIND,
                        today=TODAY).values["budget"]
    assert (budget.min, budget.amount, budget.per) == (1.399, 1.459, "l")
