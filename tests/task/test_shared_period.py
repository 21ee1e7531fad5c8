"""scout/task/sharedperiod.py: a period a page says once after a list of amounts is each
one's ("grado I 1.850 €, grado II 2.100 €, grado III 2.400 € al mes"), for any kind: care
homes by grade or room, hotel rooms, a school's stages; never a fee's, an extra's or
another thing's amount said before a price with a period."""

from __future__ import annotations

import pytest

from scout.task.amounts import listed_amounts


def _read(text: str) -> list[tuple[float, str | None]]:
    return [(m.amount, m.per) for m, _ in listed_amounts(text)]


@pytest.mark.parametrize(("text", "want"), [
    ("Precios por grado: grado I 1.850 €, grado II 2.100 €, grado III 2.400 € al mes.",
     [(1850.0, "month"), (2100.0, "month"), (2400.0, "month")]),
    ("Habitación individual 1.900 €, compartida 1.650 € mensuales, IVA exento.",
     [(1900.0, "month"), (1650.0, "month")]),
    ("Residential £1,050, nursing £1,350 and dementia care £1,450 a week.",
     [(1050.0, "week"), (1350.0, "week"), (1450.0, "week")]),
    ("Single room £1,150 or shared room £980 per week", [(1150.0, "week"), (980.0, "week")]),
    ("Tarifas: 1.850 €, 2.100 € o 2.400 € al mes", [(1850.0, "month"), (2100.0, "month"),
                                                      (2400.0, "month")]),
    # another kind: a hotel's rooms, a school's stages
    ("Doble 95 €, triple 120 € por noche", [(95.0, "night"), (120.0, "night")]),
    ("Infantil 420 €, Primaria 480 € y ESO 560 € al mes",
     [(420.0, "month"), (480.0, "month"), (560.0, "month")]),
    ("Standard room $140, deluxe $190 a night", [(140.0, "night"), (190.0, "night")]),
])
def test_a_period_said_once_is_each_amount_of_the_list(text, want):
    assert _read(text) == want


@pytest.mark.parametrize(("text", "want"), [
    # a fee, an extra or the thing's price before a running cost keeps its own footing
    ("Cuota 30 €, matrícula 20 € al año", [(30.0, None)]),
    ("Entrada 12 €, parking 5 € al día", [(12.0, None)]),
    ("Precio 300.000 €, comunidad 60 €/mes", [(300000.0, None), (60.0, "month")]),
    ("Installation £60, £29.99 a month", [(60.0, None), (29.99, "month")]),
    ("instalación 60 €, 29,90 €/mes", [(60.0, None), (29.9, "month")]),
    # amounts far apart are no versions of one thing
    ("Bono 10 sesiones 300 €, sesión suelta 35 € a la semana", [(300.0, None),
                                                                (35.0, "week")]),
    # a head is said of its own amount (a child's beside an adult's is no price at all:
    # scout/task/audienceprice.py), and a sentence ends a list
    ("Adultos 20 €, niños 10 € por persona", [(20.0, None)]),
    ("Sala 20 €, taller 10 € por persona", [(20.0, None), (10.0, "person")]),
    ("Individual 1.900 €. Doble 1.600 € al mes.", [(1900.0, None), (1600.0, "month")]),
])
def test_no_period_is_shared_across_what_is_no_list(text, want):
    assert _read(text) == want
