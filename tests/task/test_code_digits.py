"""A digit glued after a letter is a code's, never a count of its own: "A5 flyers" is a
paper format, "A0 poster" one too, "H100" a GPU, "T2" a flat's type. The count reader took
the 5 of "A5 flyers" for five flyers (and the 0 of "A0 poster" for none), dropped the
"100 copies" said after it and left the format unread (scout/task/numberinput.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)
# kinds written here, not the examples': a print order, a furnished flat
PRINT = {"product": InputSpec(type="string", enum=["flyer", "poster", "card"],
                              synonyms={"flyer": ["flyers", "folletos"],
                                        "poster": ["póster", "cartel", "carteles"],
                                        "card": ["tarjetas", "cards"]}),
         "copies": InputSpec(type="integer", aliases=["copies", "copias", "uds", "flyers",
                                                      "folletos", "posters", "carteles",
                                                      "cards", "tarjetas"]),
         "size": InputSpec(type="string", enum=["A0", "A1", "A2", "A3", "A4", "A5", "A6"]),
         "place": InputSpec(type="place")}
FLATS = {"bedrooms": InputSpec(type="integer", aliases=["bedrooms", "habitaciones", "dormitorios"]),
         "place": InputSpec(type="place")}


@pytest.mark.parametrize(("query", "copies", "size"), [
    ("A5 flyers, 100 copies, Madrid", 100, "A5"),
    ("A0 poster in Leeds", None, "A0"),
    ("print an A3 poster for my talk in York", None, "A3"),
    ("folletos A6 en Bilbao, 250 uds", 250, "A6"),
    ("cartel A1 para el congreso en Málaga", None, "A1"),
    ("2 carteles A2 en Sevilla", 2, "A2"),
    ("500 flyers A5 a doble cara en Madrid", 500, "A5"),
    ("A4 cards x 50 please, Glasgow", None, "A4"),
    # the code between the count and what it counts: the count is the number before it
    ("1000 A5 flyers, 350gsm gloss, Bristol", 1000, "A5"),
    ("2 A0 posters in Leeds", 2, "A0"),
    ("imprimir 300 A6 folletos en Zaragoza", 300, "A6"),
])
def test_a_format_code_is_no_count(query: str, copies: int | None, size: str) -> None:
    values = build_task(query, PRINT, today=TODAY).values
    assert values.get("copies") == copies, values
    assert values.get("size") == size, values


@pytest.mark.parametrize(("query", "bedrooms"), [
    ("T2 flat in Lisbon with 2 bedrooms", 2),
    ("piso T3 en Oporto, 3 habitaciones", 3),
    ("3 bedrooms near the R4 ring road in Madrid", 3),
])
def test_a_code_beside_a_count_leaves_the_count(query: str, bedrooms: int) -> None:
    assert build_task(query, FLATS, today=TODAY).values.get("bedrooms") == bedrooms
