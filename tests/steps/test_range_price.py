"""A listing's price range is a range, not its low end (scout/task/amounts.py,
scout/steps/listprice.py): "entre 28 y 34 €/mes" is priced from 28 (``amount``, what a
budget is compared with) up to 34 (``max``), carried through rank's conversions and shown
"28-34 €/mes" / "28-34 EUR/month". Two numbers beside a price that are no amounts (dates,
ages, sizes, hours, a phone number) never make one."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.adapters.localefmt import Formatter
from scout.config.loader import load_config
from scout.i18n import translations
from scout.i18n.values import format_money
from scout.schemas.records import Candidates, EvidenceSet
from scout.schemas.task import Money
from scout.steps import rank
from scout.steps.extract import find_price, to_candidates, to_evidence
from scout.steps.placenames import request_places
from scout.steps.rank_enrich import convert
from scout.steps.rank_periods import to_period
from scout.stepkit.params import ExtractRules, RankParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import F1_RULES, HOTEL_INPUTS, HOTEL_SPEC, ROOT, S, _ctx


@pytest.mark.parametrize("text, low, top, currency, per", [
    # broadband and phone plans, both languages, each way a range is written
    ("Fibra 1 Gb: entre 29,90 y 39,90 € al mes según cobertura.", 29.9, 39.9, "EUR", "month"),
    ("Tarifas de 25 a 32 euros mensuales, sin permanencia.", 25, 32, "EUR", "month"),
    ("Full fibre 900: £31-£38 per month depending on your area.", 31, 38, "GBP", "month"),
    ("SIM only plans from $20 to $35 a month, no contract.", 20, 35, "USD", "month"),
    # lodging a night
    ("Habitaciones entre 95 y 140 euros por noche, desayuno incluido.", 95, 140, "EUR", "night"),
    ("Double rooms €150–€210 a night near the beach.", 150, 210, "EUR", "night"),
    # gyms
    ("Cuotas de 35 a 49 € al mes según el horario.", 35, 49, "EUR", "month"),
    ("Memberships between £40 and £55 a month.", 40, 55, "GBP", "month"),
    # tours and classes a person
    ("Excursión a Toledo de 45 a 60 € por persona.", 45, 60, "EUR", "person"),
    ("Walking tours from €12 to €20 per person, daily.", 12, 20, "EUR", "person"),
])
def test_a_stated_range_keeps_both_ends_priced_from_its_low_end(
        text: str, low: float, top: float, currency: str, per: str) -> None:
    price = find_price(text)
    assert price is not None
    assert (price.amount, price.max, price.currency, price.per) == (low, top, currency, per)
    assert price.min is None  # a listing's range is never read as a request's


@pytest.mark.parametrize("text, amount", [
    # two numbers beside a price that are no amounts: a stay's dates, ages, a size, hours,
    # a phone number, a year span
    ("Hotel junto al mar del 12 al 15 de agosto, 110 € la noche.", 110),
    ("Stay from 3 to 5 May, rooms €95 per night.", 95),
    ("Campamento para niños de 6 a 14 años, 280 € la semana.", 280),
    ("Kids aged 5-11 welcome, £18 per person.", 18),
    ("Estudios de 25-35 m², 650 € al mes.", 650),
    ("Rooms 18-22 sq m, €120 a night.", 120),
    ("Horario 8-22h, cuota 32 € al mes.", 32),
    ("Open 6am-11pm, £29.99 a month.", 29.99),
    ("Reservas en el 952 123 456 o 600-123-456. Visita guiada 15 € por persona.", 15),
    ("Call 020 7946 0958. Rooms £89 a night.", 89),
    ("Temporada 2026-2027: 40 € al mes.", 40),
])
def test_numbers_that_are_no_amounts_make_no_range(text: str, amount: float) -> None:
    price = find_price(text)
    assert price is not None
    assert (price.amount, price.max) == (amount, None)


@pytest.mark.parametrize("text, low, top", [
    # a currency said before the first figure covers a bare top
    ("$80-120 a night", 80, 120),
    ("EUR 80-120 per night", 80, 120),
    ("Rooms $95 to 130 per night", 95, 130),
    ("de 40 € a 55 € al mes", 40, 55),
])
def test_a_currency_before_the_first_figure_or_at_both_ends_makes_a_range(
        text: str, low: float, top: float) -> None:
    price = find_price(text)
    assert price is not None and (price.amount, price.max) == (low, top)


@pytest.mark.parametrize("text, amount", [
    # a currency said only right after the low figure leaves the next number bare: a
    # discount, a length, a count, no range's top
    ("Oferta 19,99 € - 25% dto.", 19.99),
    ("Clase suelta 30 € - 45 min", 30),
    ("Promo £24 - 10 per cent off the first month", 24),
])
def test_a_bare_number_after_a_price_is_no_ranges_top(text: str, amount: float) -> None:
    price = find_price(text)
    assert price is not None and (price.amount, price.max) == (amount, None)


def test_two_prices_that_are_no_range_stay_as_they_were() -> None:
    # a price struck through, a promotion, two rooms: never one range
    assert find_price("Antes 120 € - Ahora 99 €").max is None
    was = find_price("Was $120.00 Now $60.00")
    assert (was.amount, was.max) == (60, None)
    promo = find_price("9 €/mes durante 6 meses, luego 14 €/mes")
    assert (promo.amount, promo.max) == (14, None)
    rooms = find_price("Individual 60 € la noche, doble 85 € la noche")
    assert (rooms.amount, rooms.max) == (60, None)


@pytest.mark.parametrize("lang, want", [("es", "28-34 €/mes"), ("en", "28-34 EUR/month")])
def test_the_report_and_the_synthesis_write_both_ends(lang: str, want: str) -> None:
    price = find_price("entre 28 y 34 €/mes")
    assert format_money(price, lang) == want
    assert Formatter(lang, translations(lang)).money(price) == want
    assert str(price) == "28-34 EUR"


def test_a_range_with_cents_keeps_them_at_both_ends() -> None:
    price = find_price("Plans £24.50–£31 a month")
    assert format_money(price, "en") == "24.50-31.00 GBP/month"
    assert format_money(price, "es") == "24,50-31,00 GBP/mes"


def test_rank_conversions_carry_the_top_with_the_amount() -> None:
    price = find_price("Rooms between $80 and $120 per night")
    table = load_config(ROOT / "config/adapters.yaml").currency
    euros = convert(price, "EUR", table)
    assert euros is not None and euros.currency == "EUR"
    assert euros.max == pytest.approx(120 / 80 * euros.amount, abs=0.02)
    stay = to_period(euros, "total", days=3)
    assert stay is not None and stay.per == "total"
    assert (stay.amount, stay.max) == (round(euros.amount * 3, 2), round(euros.max * 3, 2))


def test_a_range_is_never_set_beside_a_requests_min_nor_upside_down() -> None:
    with pytest.raises(ValueError):
        Money(amount=34, currency="EUR", max=28)
    with pytest.raises(ValueError):
        Money(amount=34, currency="EUR", min=28, max=40)
    # unset, it is left out of the JSON: stored prices and cache keys are unchanged
    assert "max" not in Money(amount=28, currency="EUR").model_dump(mode="json")


def test_hotels_are_compared_from_a_ranges_low_end_through_rank() -> None:
    task = build_task("hotels in Barcelona under 130 EUR", HOTEL_INPUTS,
                      today=dt.date(2026, 11, 29))
    results = [
        S("Hotel Mar Bella", "https://marbella.test/", "Rated 8.7/10. Rooms €110–€150 a night"),
        S("Hotel Sants", "https://sants.test/", "Rated 8.2/10. Habitaciones de 140 a 180 € la noche"),
        S("Hotel Gràcia", "https://gracia.test/", "Rated 8.5/10. Rooms 125 € per night, 15-20 m²"),
    ]
    cands, _ = to_candidates(results, F1_RULES, adapter="duckduckgo", phase="F1",
                             places=request_places(task))
    prices = EvidenceSet(items=to_evidence(
        [S("Hotel Gràcia", "https://gracia.test/p", "from 125 EUR a night")],
        ExtractRules(record="price"), kind="price", subject=cands[2], adapter="tavily",
        phase="F4")[0])
    params = RankParams(**HOTEL_SPEC["phases"]["R1"]["with"])
    short = rank.run(_ctx(params, {"candidates": Candidates(items=cands), "prices": prices},
                          task))
    kept = {i.candidate.name: i.candidate.price for i in short.items}
    excluded = {c.name: reasons for c, reasons in short.excluded}
    # 110-150 is priced from 110, under 130; 140-180 is over it at its low end
    assert set(kept) == {"Hotel Mar Bella", "Hotel Gràcia"}
    assert (kept["Hotel Mar Bella"].amount, kept["Hotel Mar Bella"].max) == (110, 150)
    assert kept["Hotel Gràcia"].max is None
    assert any("budget" in r for r in excluded["Hotel Sants"])
