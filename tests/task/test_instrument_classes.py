"""Classes of phrasing the request parser misread for a kind of instruments to buy
(examples/labequipment), written with plain InputSpecs so each holds for any kind: a measure
below zero, a tax said after an amount (``+ IVA``, ``plus VAT``), an enum word that starts
or ends with a sign, a list input of what the request rules out (``que no sea Eppendorf ni
Hettich``), and ``vale`` / ``ok`` (it will do) as no place. Both languages; guards for what
must stay as it was."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 2)
VAT = InputSpec(type="string", enum=["included", "excluded"],
                synonyms={"included": ["IVA incluido", "VAT included"],
                          "excluded": ["+ IVA", "+IVA", "plus VAT", "+ VAT"]})
BRANDS = ["eppendorf", "gilson", "hettich", "sartorius"]


def _read(query: str, **inputs: InputSpec) -> dict:
    return build_task(query, inputs, today=TODAY).values


@pytest.mark.parametrize("query,value", [
    ("congelador de -80 °C", -80.0),
    ("a -86 ºC ultra-low freezer", -86.0),
    ("cámara a −20 °C", -20.0),
    ("incubator at 37 °C", 37.0),                     # guard: no sign, as before
    ("baño de 10-20 °C", 10.0),                       # guard: a range's dash is no sign
])
def test_a_measure_below_zero_keeps_its_sign(query, value) -> None:
    got = _read(query, temperature=InputSpec(type="number", aliases=["°C", "ºC"]))
    assert got["temperature"] == value


def test_a_count_is_never_below_zero() -> None:
    got = _read("pack -3 units", quantity=InputSpec(type="integer", aliases=["units"]))
    assert got["quantity"] == 3


@pytest.mark.parametrize("query,amount,vat", [
    ("hasta 20 mil euros + IVA", 20000.0, "excluded"),
    ("hasta 20.000 € +IVA", 20000.0, "excluded"),
    ("under 5,000 EUR + VAT", 5000.0, "excluded"),
    ("menos de 6.000 € IVA incluido", 6000.0, "included"),
])
def test_a_tax_after_the_amount_is_no_floor_and_no_place(query, amount, vat) -> None:
    got = _read(query, budget=InputSpec(type="money"), vat=VAT,
                city=InputSpec(type="place"))
    assert got["budget"].amount == amount and got["budget"].comparator == "<="
    assert got["vat"] == vat and got["city"] is None


def test_a_plus_alone_is_still_a_floor() -> None:
    got = _read("salary of 40k EUR+", min_salary=InputSpec(type="money"))
    assert got["min_salary"].comparator == ">="


def test_an_enum_word_that_starts_or_ends_with_a_sign_is_read() -> None:
    lang = InputSpec(type="string", enum=["cpp", "csharp"],
                     synonyms={"cpp": ["C++"], "csharp": ["C#"]})
    assert _read("curso de C++ online", language=lang)["language"] == "cpp"
    assert _read("a C# course", language=lang)["language"] == "csharp"


@pytest.mark.parametrize("query,brands", [
    ("centrífuga que no sea Eppendorf ni Hettich", ["eppendorf", "hettich"]),
    ("multichannel pipette, no Eppendorf or Gilson", ["eppendorf", "gilson"]),
    ("balanza Sartorius, sin Gilson", ["gilson"]),
    ("pipettes, excluding Gilson, Hettich and Eppendorf", ["eppendorf", "gilson", "hettich"]),
])
def test_an_input_of_what_is_ruled_out_takes_the_ruled_out_words(query, brands) -> None:
    got = _read(query, excluded_brands=InputSpec(type="list", items="string", enum=BRANDS),
                brands=InputSpec(type="list", items="string", enum=BRANDS))
    assert sorted(got["excluded_brands"]) == brands
    # an input of what is wanted still passes the ruled-out words over
    assert not set(got["brands"] or []) & set(brands)


def test_it_will_do_is_no_place() -> None:
    for query in ("microscopio reacondicionado vale", "microscope, refurbished is ok"):
        got = _read(query, city=InputSpec(type="place"), what=InputSpec(type="subject"))
        assert got["city"] is None, query
    assert _read("hotel en Valencia", city=InputSpec(type="place"))["city"] == "Valencia"
