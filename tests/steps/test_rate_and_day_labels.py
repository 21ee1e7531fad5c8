"""A page's amounts read on the footing it says: a day's length written before the amount
is its period ("Jornada completa desde 950 €", "Half day £500, full day £900"), and a rate
per a distance is no fixed amount (``stated('€')`` never reads "desplazamiento 0,30
€/km" as a 0,30 € call-out; ``stated('€/km')`` does). In both languages, and through
kinds written by others (examples/trades, examples/photographers)."""

from __future__ import annotations

import pytest

from scout.spec.stated import stated
from scout.task.amounts import listed_amounts
from tests.steps.kindrank import kept, rank_kind


@pytest.mark.parametrize("text, periods", [
    ("Reportaje de boda, jornada completa desde 950 €", ["day"]),
    ("Media jornada: 600 €", ["half day"]),
    ("Corporate headshots. Full day from £950", ["day"]),
    ("Half day £500, full day £900", ["half day", "day"]),
    ("Medias jornadas a 300 €; jornadas completas a 520 €", ["half day", "day"]),
])
def test_a_day_s_length_before_the_amount_is_its_period(text, periods) -> None:
    assert [m.per for m, _ in listed_amounts(text)] == periods


def test_a_label_after_another_amount_is_that_one_s() -> None:
    # "600 € jornada completa, 350 € ...": the 350 is no full day's
    assert [m.per for m, _ in listed_amounts("600 € jornada completa, 350 € por la tarde")][1] \
        is None


@pytest.mark.parametrize("text, fixed, rate", [
    ("Fontanería Ruzafa: 40 €/hora. Desplazamiento 0,30 €/km.", None, 0.3),
    ("Electricista: desplazamiento 0,35 €/km y salida 25 €", 25, 0.35),
    ("Travel charged at £0.45 per mile; call-out £30", 30, None),
    ("Desplazamiento 20 € dentro de Valencia", 20, None),
])
def test_a_rate_per_distance_is_no_fixed_amount(text, fixed, rate) -> None:
    of = ["salida", "desplazamiento", "call-out", "travel"]
    assert stated(text, "€", "£", of=of) == fixed
    assert stated(text, "€/km", of=["desplazamiento"]) == rate


@pytest.mark.parametrize("query, text, price", [
    ("fontanero en Valencia para 2 horas, máximo 100 €",
     "Fontanería Turia: 35 €/hora. Desplazamiento 0,30 €/km.", 70),
    ("electricista en Zaragoza 3 horas, hasta 150 €",
     "Voltio Aragón: 30 €/hora; desplazamiento 0,40 € por km; salida 15 €", 105),
])
def test_the_trades_kind_adds_no_rate_per_km_as_a_call_out(query, text, price) -> None:
    short = rank_kind("trades", query, {"t": text})
    [item] = short.items
    assert item.values["job_cost"] == price and "t" in kept(short)


def test_the_photographers_kind_reads_the_full_day_s_period() -> None:
    short = rank_kind("photographers", "fotógrafo de boda en Sevilla, máximo 1.000 € al día",
                      {"p": "Luz de Triana, fotografía de bodas: jornada completa desde 950 €"})
    [c] = kept(short).values()
    assert c.price.amount == 950 and c.price.per == "day"
