"""scout/task/fundedprice.py: a funded or public place's price beside the one anyone pays
is no price (a care home's "plaza concertada", a nursery's "plaza pública", a UK home's
"council-funded" rooms): whoever asks is assigned no such place by asking, so the private
or self-funded price is compared; a page stating only a funded place's price states its
price so."""

from __future__ import annotations

import pytest

from scout.task.amounts import listed_amounts


def _read(text: str) -> list[tuple[float, str | None]]:
    return [(m.amount, m.per) for m, _ in listed_amounts(text)]


@pytest.mark.parametrize(("text", "want"), [
    ("Residencia Moncayo: plaza concertada desde 1.200 €/mes; plaza privada: habitación "
     "doble 1.700 €/mes, individual 2.300 €/mes.", [(1700.0, "month"), (2300.0, "month")]),
    ("Plaza pública 980 €/mes (según renta). Plaza privada 2.150 €/mes.",
     [(2150.0, "month")]),
    ("Plazas de la Ley de Dependencia desde 850 €; resto de plazas 1.900 € al mes",
     [(1900.0, "month")]),
    ("Council-funded rooms £820 per week; self-funded residents from £1,250 per week.",
     [(1250.0, "week")]),
    ("Weekly fees: £1,250 (self-funded), £820 (local authority funded).",
     [(1250.0, "week")]),
    ("NHS-funded beds £1,050 a week, private residents £1,390 a week", [(1390.0, "week")]),
    # another kind: a nursery's public and private places
    ("Escuela infantil: plazas públicas 110 €/mes, plazas privadas 420 €/mes",
     [(420.0, "month")]),
    ("Nursery: funded places £4.50 an hour, private places £9.80 an hour", [(9.8, "hour")]),
])
def test_a_funded_places_price_is_no_price_beside_a_private_one(text, want):
    assert _read(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("Plaza concertada 1.100 €/mes.", [(1100.0, "month")]),          # alone: its price
    ("Self-funded residents from £1,250 per week.", [(1250.0, "week")]),
    ("Funded places available. Fees from £1,100 a week.", [(1100.0, "week")]),
    ("Proyecto financiado por la UE. Curso 300 €", [(300.0, None)]),
    # a state-assisted school is the thing sold, no place a body assigns
    ("Colegio concertado: 150 €/mes de aportación voluntaria", [(150.0, "month")]),
])
def test_what_is_no_funded_place_beside_another_keeps_its_price(text, want):
    assert _read(text) == want
