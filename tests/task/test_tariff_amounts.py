"""Amounts as an energy tariff states them (its money inputs told apart by their labels:
tests/task/test_moneylabels.py).

- A figure led by a lone zero is a decimal however many digits follow: "0,129 €/kWh" was
  read as 129 € (a thousands group), "0,1295 €/kWh" as 1.295 €; on pages, in requests and
  in ``stated`` alike.
- A rate per kWh (or MWh) is a price per a unit, like a translator's per word: the money
  keeps it (``per`` "kWh"), and a rate is written to the decimals it is priced to
  ("0,129 €/kWh", never "0,13 €").
- A rate in pence or céntimos with its unit after it is money in the whole currency
  ("24.5p/kWh" is 0.245 GBP per kWh; "1080p" is none), and a unit written right after one
  amount is never the next one's ("10 €/día, 300 € de fianza"); so is one whose unit is
  said before it and its cap ("kWh por debajo de 12 céntimos", "minute rate under 15p").
- An enum value said again in brackets by another of its words ("discriminación horaria
  (2.0TD)") is read once, and its pieces are no place.
"""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.values import format_money
from scout.schemas.task import Money
from scout.spec.stated import stated
from scout.spec.models import InputSpec
from scout.task.amounts import find_amounts
from scout.task.build import build_task
from scout.text import read_number

TODAY = dt.date(2026, 12, 6)


@pytest.mark.parametrize("raw, value", [
    ("0,129", 0.129), ("0.129", 0.129), ("0,1295", 0.1295), ("0.045", 0.045),
    # a thousands group keeps its meaning when a figure does not start with a lone zero
    ("1.234", 1234.0), ("1,234", 1234.0), ("10.000", 10000.0), ("0,5", 0.5),
])
def test_a_figure_led_by_zero_is_a_decimal(raw: str, value: float) -> None:
    assert read_number(raw) == value


@pytest.mark.parametrize("text, amount, per", [
    ("Octopus Relax: 0,129 €/kWh, sin permanencia", 0.129, "kWh"),
    ("Precio de la energía 0,1295 €/kWh", 0.1295, "kWh"),
    ("Unit rate £0.245 per kWh", 0.245, "kWh"),
    ("Wholesale: 85 €/MWh", 85.0, "MWh"),
    ("Cuota: 45 €/mes", 45.0, "month"),       # a period stays a period
])
def test_a_rate_per_kwh_is_read_with_its_unit(text: str, amount: float, per: str) -> None:
    (money, _span), = find_amounts(text)
    assert (money.amount, money.per) == (amount, per)


def test_stated_reads_a_rate_under_one() -> None:
    assert stated("Naturgy: 0,129 €/kWh, término de potencia 0,10 €/kW día", "€/kWh") == 0.129


@pytest.mark.parametrize("amount, lang, want", [
    (0.129, "es", "0,129 €/kWh"), (0.1295, "en", "0.1295 EUR/kWh"), (0.15, "es", "0,15 €/kWh"),
    (14.5, "es", "14,50 €/kWh"),              # cents as before from 1 on
])
def test_a_rate_is_written_to_its_decimals(amount: float, lang: str, want: str) -> None:
    assert format_money(Money(amount=amount, currency="EUR", per="kWh"), lang) == want


# a kind of three money inputs, its plain budget declared first, as docs/authoring.md says
# (tests/task/test_moneylabels.py reads its amounts)
TARIFF = {"budget": InputSpec(type="money"), "market": InputSpec(type="place"),
          "max_energy_price": InputSpec(type="money", aliases=["kWh", "unit rate"]),
          "max_standing_charge": InputSpec(type="money",
                                           aliases=["término de potencia", "standing charge"]),
          "price_type": InputSpec(type="string", enum=["fixed", "time-of-use"],
                                  synonyms={"time-of-use": ["discriminación horaria", "2.0TD"]})}


def _read(query: str, inputs: dict[str, InputSpec] = TARIFF) -> dict:
    values = build_task(query, inputs, today=TODAY).values
    return {n: (v.amount, v.per) if isinstance(v, Money) else v for n, v in values.items()
            if v is not None}


@pytest.mark.parametrize("query", [
    "tarifa con discriminación horaria (2.0TD) en Sevilla",
    "tarifa 2.0TD (discriminación horaria) en Sevilla",
])
def test_an_enum_value_said_again_in_brackets_is_read_once(query: str) -> None:
    got = _read(query)
    assert got["price_type"] == "time-of-use" and got["market"] == "Sevilla"
    notes = " ".join(build_task(query, TARIFF, today=TODAY).notes)
    assert "2.0" not in notes and "TD" not in notes


@pytest.mark.parametrize("text, amount, currency, per", [
    ("unit rate 24.5p/kWh", 0.245, "GBP", "kWh"),
    ("standing charge 53p a day", 0.53, "GBP", "day"),
    ("calls 15 pence per minute", 0.15, "GBP", "minute"),
    ("gas a 6,99 céntimos/kWh", 0.0699, "EUR", "kWh"),
])
def test_a_rate_in_pence_or_centimos_is_read_in_the_whole_currency(
        text: str, amount: float, currency: str, per: str) -> None:
    (money, _span), = find_amounts(text)
    assert (money.amount, money.currency, money.per) == (amount, currency, per)


@pytest.mark.parametrize("text", ["video 1080p/60fps", "mesa para 4p", "page 12p"])
def test_a_p_with_no_unit_after_it_is_no_money(text: str) -> None:
    assert find_amounts(text) == []


@pytest.mark.parametrize("text, want", [
    ("Bici: 10 €/día, 300 € de fianza.", [(10.0, "day"), (300.0, None)]),
    ("standing charge 60p/day, £75 exit fee", [(0.6, "day"), (75.0, None)]),
    ("x semana por menos de 500 euros", [(500.0, "week")]),   # a unit said ahead stays
])
def test_the_unit_of_the_amount_before_is_not_the_next_ones(text: str, want: list) -> None:
    assert [(m.amount, m.per) for m, _span in find_amounts(text)] == want


# a budget of one input that names no unit: the rate's unit is the one said before it
BUDGET = {"service": InputSpec(type="string", enum=["transcription", "translation"],
                               synonyms={"transcription": ["transcripción"]}),
          "budget": InputSpec(type="money")}


@pytest.mark.parametrize("query, inputs, name, want", [
    # the unit said before the cap, the amount in the currency's hundredth after it
    ("tarifa de luz en Madrid, kWh por debajo de 12 céntimos", TARIFF, "max_energy_price",
     (0.12, "EUR", "kWh")),
    ("electricity in London, kWh under 15p", TARIFF, "max_energy_price", (0.15, "GBP", "kWh")),
    ("electricity in Leeds, per kWh under 15p", TARIFF, "max_energy_price",
     (0.15, "GBP", "kWh")),
    ("luz en Madrid, el kWh a menos de 12 céntimos", TARIFF, "max_energy_price",
     (0.12, "EUR", "kWh")),
    ("luz en Madrid, precio del kWh por debajo de 12 céntimos", TARIFF, "max_energy_price",
     (0.12, "EUR", "kWh")),
    ("transcripción, el minuto por debajo de 20 céntimos", BUDGET, "budget",
     (0.2, "EUR", "minute")),
    ("transcription, minute rate under 15p", BUDGET, "budget", (0.15, "GBP", "minute")),
    ("transcription, per minute under 15p", BUDGET, "budget", (0.15, "GBP", "minute")),
    # after it, as before
    ("transcripción, menos de 20 céntimos el minuto", BUDGET, "budget", (0.2, "EUR", "minute")),
])
def test_a_rate_in_a_hundredth_after_its_unit_and_its_cap(
        query: str, inputs: dict[str, InputSpec], name: str, want: tuple) -> None:
    task = build_task(query, inputs, today=TODAY)
    money = task.values[name]
    assert isinstance(money, Money)
    assert (money.amount, money.currency, money.per, money.comparator) == (*want, "<=")
    # the figure is the rate's, never a count of kWh nor a place ("Debajo")
    assert not any(isinstance(v, str) and "ebajo" in v for v in task.values.values())


@pytest.mark.parametrize("query", [
    "3,000 kWh a year, 15 hours, under 15p",   # no unit tied to the rate: a comma between
    "mesa para 4p",
])
def test_a_hundredth_with_no_unit_tied_to_it_is_no_rate(query: str) -> None:
    assert "max_energy_price" not in _read(query)


@pytest.mark.parametrize("query, want", [
    # "unit" before a rate's noun names the rate (the price per kWh a tariff charges), no
    # unit of work: no "per item"
    ("electricity in Leeds, unit rate under 15 pence", "0.15 GBP"),
    ("fixed tariff with a unit rate below 21p", "0.21 GBP"),
    ("standing charge under 40 pence, unit rate under 15 pence", "0.15 GBP"),
    # a unit said is still read
    ("unit rate below 24.5p per kWh", "0.245 GBP/kWh"),
])
def test_a_unit_rate_names_the_rate(query: str, want: str) -> None:
    from benchmarks.parse import canonical

    got = build_task(query, TARIFF, today=TODAY).values.get("max_energy_price")
    assert canonical(got) == want
