"""An amount a kind reads in its ``values`` with ``stated`` over units in two currencies
(``c | stated('€/m²', '£/m²')``) was compared with the budget as a raw number: a UK page's
"£0.45/m²" as 0,45 €. Each currency's units are read apart now and converted to the money
rank compares in, at the config's dated rates; units in one currency are read as written,
and a currency with no rate reads nothing (scout/spec/statedmoney.py)."""

from __future__ import annotations

import pytest

from scout.spec.filters import stated
from scout.spec.statedmoney import by_currency, stated_in, unit_currency
from tests.steps.kindrank import kept, left_out, rank_kind

RATES = {"EUR": 1.0, "GBP": 0.85, "USD": 1.1}


@pytest.mark.parametrize("unit, code", [
    ("€", "EUR"), ("£/m²", "GBP"), ("EUR/kWh", "EUR"), ("$/GPU-hr", "USD"), ("GBP", "GBP"),
    ("km", None), ("p/kWh", None), ("horas", None),
])
def test_the_currency_a_unit_is_priced_in(unit, code):
    assert unit_currency(unit) == code


def test_only_units_of_two_currencies_or_more_are_read_apart():
    assert by_currency(["€/Wp", "EUR/Wp", "£/Wp"]) == {"EUR": ["€/Wp", "EUR/Wp"], "GBP": ["£/Wp"]}
    assert by_currency(["€/Wp", "EUR/Wp"]) is None          # one currency: as written
    assert by_currency(["€", "km"]) is None                 # a unit naming none


@pytest.mark.parametrize("text, pick, want", [
    ("Office cleaning £0.45/m² per visit", "first", 0.5294),
    ("Limpieza 0,50 €/m² por servicio", "first", 0.5),
    # both stated: the compared currency's own first; max and min over both, converted
    ("0,50 €/m² o £0.51/m²", "first", 0.5),
    ("0,50 €/m² o £0.51/m²", "max", 0.6),
    ("0,50 €/m² o £0.51/m²", "min", 0.5),
])
def test_each_currency_is_converted_to_the_one_compared(text, pick, want):
    got = stated_in(stated, text, ["€/m²", "£/m²"], ("EUR", RATES), {"pick": pick})
    assert got == pytest.approx(want, abs=0.0001)


def test_a_currency_with_no_rate_reads_nothing():
    assert stated_in(stated, "Cleaning CHF 0.60/m²", ["€/m²", "CHF/m²"], ("EUR", RATES),
                     {}) is None


@pytest.mark.parametrize("query, listings, cost, over", [
    # cleaning: £0.45/m² × 100 m² × 8,67 visits is ~459 €, not the ~390 € of 0,45 €
    ("limpieza de oficina de 100 m² en Málaga, 2 veces por semana, máximo 450 € al mes",
     {"uk": "Costa Clean Ltd: office cleaning, £0.45/m² per visit.",
      "es": "Limpiezas Málaga: 0,40 €/m² por servicio."}, {"es": 346.67}, "uk"),
    # and an English request in pounds: a Spanish page's 0,50 €/m² is ~£0.425
    ("office cleaning in Gibraltar, 100 m², 2 days per week, max £380 a month",
     {"es": "Limpiezas La Línea: 0,50 €/m² por servicio.",
      "uk": "Rock Clean Ltd: office cleaning, £0.45/m² per visit."}, {"es": 368.33}, "uk"),
])
def test_a_kinds_cost_in_another_currency_is_converted(query, listings, cost, over):
    short = rank_kind("cleaning", query, listings)
    got = {i.candidate.key: i.values["cost"] for i in short.items}
    assert got == pytest.approx(cost, abs=0.5)
    assert over in left_out(short)


def test_a_trades_callout_in_another_currency_is_converted():
    # trades: "call-out £50" read in euros (≈58,82 €): with the £40 job (≈47 €) over 100 €;
    # read as 50 € it was 97 €, under it
    short = rank_kind("trades", "fontanero en Gibraltar para cambiar un grifo, máximo 100 €", {
        "rock": "Rock Plumbing: tap replacement £40, call-out £50."})
    [c] = left_out(short).values()
    assert left_out(short) and c.key == "rock"


@pytest.mark.parametrize("text, want", [
    ("96+ samples £70, 24-95 samples £85", 82.3529),        # £70 is ~82,35 €
    ("96+ muestras 65 €, 24-95 muestras 80 €", 65),
    ("Price list: 1-50 samples CHF 90, 51+ samples CHF 75", None),  # no rate: nothing
])
def test_a_tier_in_another_currency_is_converted(text, want):
    # tier_price over units in two currencies, in scope, reads each apart as stated does
    from scout.spec.tiersaid import tier_price

    def read(value, *units, **kw):
        return tier_price(value, 100, *units, **kw)

    got = stated_in(read, text, ["€", "£", "CHF"], ("EUR", {**RATES, "CHF": 0}),
                    {"words": ["muestras", "samples"]})
    assert got == (pytest.approx(want, abs=0.0001) if want is not None else None)


@pytest.mark.parametrize("query", [
    "secuenciación de 100 muestras de ADN, máximo 7.000 € en total",
    "DNA sequencing for 100 samples, at most 7,000 EUR in total",
])
def test_a_kinds_tier_price_in_another_currency_is_converted(query):
    # labservices' tier_price(task.samples, '€', '£', ...): a UK core's "96+ samples £70"
    # is ~82,35 € a sample, 8.235 € for 100, over 7.000 €; read as 70 € it was 7.000 €
    short = rank_kind("labservices", query, {
        "uk": "Cambridge Genomics core: DNA sequencing, 24-95 samples £85, 96+ samples £70.",
        "es": "Servicio de secuenciación de ADN: 24-95 muestras 80 €, 96+ muestras 65 €."})
    assert "es" in kept(short) and "uk" in left_out(short)
