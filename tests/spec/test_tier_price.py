"""``tier_price``: the amount a record states for the quantity asked, read from a price
list by quantity as shops write one (a print shop's flyers, a caterer's trays, a maker's
mugs or badges): the smallest tier that holds the count, never the page's dearest or
cheapest amount, never a tier's price taken per unit (scout/spec/tiersaid.py). Checked in
a rank expression's cost too (scout/steps/costorder.py) and by ``scout validate``
(SPEC057) for what a call needs."""

from __future__ import annotations

import pytest

from scout.spec.filters import FILTERS, tier_price
from scout.spec.filtersig import call_problem
from scout.spec.templating import analyse
from scout.steps.costorder import MONEY, order_kind

COPIES = ["uds", "unidades", "copias", "copies", "flyers", "cards", "tarjetas", "tazas",
          "mugs", "chapas", "badges"]


@pytest.mark.parametrize(("text", "count", "amount"), [
    # count before its amount, several tiers in one line (Spanish, English)
    ("Flyers A5: 100 uds 25 €, 250 uds 39 €, 500 uds 55 €, 1.000 uds 79 €", 200, 39),
    ("Flyers A5: 100 uds 25 €, 250 uds 39 €, 500 uds 55 €, 1.000 uds 79 €", 250, 39),
    ("Flyers A5: 100 uds 25 €, 250 uds 39 €, 500 uds 55 €, 1.000 uds 79 €", 1000, 79),
    ("100 flyers £19 | 250 flyers £29 | 500 flyers £45", 101, 29),
    ("A5, 170 g, 100 uds a doble cara: 32 €; 250 uds a doble cara: 49 €", 180, 49),
    ("Tazas personalizadas - 12 tazas 59,90 € - 24 tazas 99 €", 20, 99),
    # the amount before its count: in brackets, after "for" / "por", an article
    ("Business cards: £12 for 100 cards, £18 for 250 cards", 200, 18),
    ("25 € (100 uds) · 39 € (250 uds)", 150, 39),
    ("39 € las 250 uds, 55 € las 500 uds", 300, 55),
    ("Chapas de 38 mm: 45 € por 100 chapas, 80 € por 250 chapas", 100, 45),
    # one tier alone, a unit price beside it
    ("Pack 500 tarjetas 19,90 €. Envío 4,95 €.", 200, 19.9),
    ("Tarjetas de visita 0,08 €/ud, 1.000 tarjetas: 45 €", 1000, 45),
    ("Badges from £0.60 each, 50 badges £30", 50, 30),
])
def test_the_tier_that_holds_the_count(text: str, count: int, amount: float) -> None:
    assert tier_price(text, count, "€", "£", words=COPIES) == amount


SAMPLES = ["muestras", "muestra", "samples", "sample"]


@pytest.mark.parametrize(("text", "count", "amount"), [
    # a tier said as a floor holds every count from it on: a lab's batches, a shop's bulk
    ("1-23 muestras 95 €, 24-95 muestras 80 €, 96+ muestras 65 €", 100, 65),
    ("1-23 muestras 95 €, 24-95 muestras 80 €, 96+ muestras 65 €", 96, 65),
    ("1-23 muestras 95 €, 24-95 muestras 80 €, 96+ muestras 65 €", 24, 80),
    ("1-23 muestras 95 €, 24-95 muestras 80 €, 96+ muestras 65 €", 5, 95),
    ("de 1 a 9 muestras 95 €, a partir de 10 muestras 80 €", 40, 80),
    ("de 1 a 9 muestras 95 €, a partir de 10 muestras 80 €", 9, 95),
    ("1 sample £120; 10 or more samples £95; over 50 samples: £80", 50, 95),
    ("1 sample £120; 10 or more samples £95; over 50 samples: £80", 51, 80),
    ("Hasta 24 muestras: 90 €. Más de 24 muestras: 70 €.", 30, 70),
    ("Hasta 24 muestras: 90 €. Más de 24 muestras: 70 €.", 24, 90),
])
def test_a_tier_said_as_a_floor_holds_what_is_above_it(text: str, count: int,
                                                        amount: float) -> None:
    assert tier_price(text, count, "€", "£", words=SAMPLES) == amount
    assert tier_price(text, count, "€", "£", words=SAMPLES, pick="min") == amount


@pytest.mark.parametrize(("text", "count", "amount"), [
    ("100 uds 25 €, 250 uds 39 €, 500 uds o más 55 €", 2000, 55),
    ("250 flyers £29, 500+ flyers £45", 800, 45),
    ("100 copies £9, 500 copies £25, from 1,000 copies £40", 3000, 40),
    ("100 copies £9, 500 copies £25, from 1,000 copies £40", 300, 25),
])
def test_a_shops_bulk_tier_holds_a_larger_order(text: str, count: int, amount: float) -> None:
    assert tier_price(text, count, "€", "£", words=COPIES) == amount


@pytest.mark.parametrize(("text", "count"), [
    ("Flyers A5: 100 uds 25 €, 250 uds 39 €, 500 uds 55 €", 600),   # above every tier
    ("Precio por unidad 0,25 €/ud para 100 uds", 100),              # a unit price: no tier
    ("Impresión de tesis 0,04 €/página, entrega en 48 horas, 3 copias", 3),
    ("A0 poster printing from £18, next-day delivery £6.50", 1),     # no count stated
    ("220 páginas 35 € tapa dura", 4),                               # counts no copies
])
def test_no_tier_for_the_count_is_none(text: str, count: int) -> None:
    assert tier_price(text, count, "€", "£", words=COPIES) is None


def test_sources_that_disagree_and_no_count_asked() -> None:
    record = {"name": "Imprenta Sol", "evidence": [
        {"text": "100 uds 25 €, 250 uds 39 €"}, {"text": "250 uds 42 €, 500 uds 60 €"}]}
    assert tier_price(record, 200, "€", words=COPIES) == 42          # max: the dearer says
    assert tier_price(record, 200, "€", words=COPIES, pick="min") == 39
    assert tier_price(record, 200, "€", words=COPIES, pick="first") == 39
    assert tier_price(record, None, "€", words=COPIES) is None
    assert tier_price(record, 0, "€", words=COPIES) is None


def test_a_call_needs_a_currency_and_its_words() -> None:
    assert "tier_price" in FILTERS
    for call, wrong in [("c | tier_price(task.copies, words=['uds'])", "currency"),
                        ("c | tier_price(task.copies, '€')", "words="),
                        ("c | tier_price(task.copies, '€', words=['uds'], pick='median')", "pick")]:
        problems = [call_problem(n, c) for n, c in analyse(call, expression=True).calls]
        assert any(p and wrong in p for p in problems), (call, problems)
    ok = "c | tier_price(task.copies, '€', '£', words=['uds', 'copies'])"
    assert not any(call_problem(n, c) for n, c in analyse(ok, expression=True).calls)


def test_a_tier_is_an_amount_of_money_in_a_cost_order() -> None:
    assert order_kind("(c | tier_price(task.copies, '€', words=['uds'])) + "
                      "(c | stated('€', of=['envío']) or 0)", "c") == MONEY


@pytest.mark.parametrize("text, count, words, want", [
    # a tier's price said per parcel or per shipment, the tiers counting its weight: the
    # tier's price (a courier's list: "22 € por bulto" was read as per one, no tier)
    ("hasta 5 kg 9,50 €, hasta 10 kg 14 €, hasta 20 kg 21 € por bulto.", 15, ["kg"], 21),
    ("Up to 5 kg £9 per parcel, up to 10 kg £14 per parcel", 7, ["kg"], 14),
    ("hasta 2 kg 6,95 € por envío, hasta 5 kg 9,50 € por envío", 3, ["kg"], 9.5),
    ("Pack 50 chapas 45 € por pedido, pack 100 chapas 80 € por pedido", 60, ["chapas"], 80),
    # per one of what the tiers count, in the singular or the plural, or a unit's word:
    # still per one, no tier's
    ("100 uds 0,25 € por copia, 250 uds 39 €", 100, ["uds", "copias"], 39),
    ("250 flyers £0.12 per flyer, 500 flyers £40", 300, ["flyers"], 40),
    ("100 tazas 3 € por unidad, 250 tazas 600 €", 100, ["tazas"], 600),
    ("4 ejemplares 150 €, 35 € por ejemplar", 5, ["ejemplares"], None),
])
def test_a_tiers_price_per_another_thing_is_the_tiers(text, count, words, want):
    assert tier_price(text, count, "€", "£", words=words) == want
