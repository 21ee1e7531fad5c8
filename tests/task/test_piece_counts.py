"""A count of pieces said by the dozen or by the container ("2 docenas de cupcakes", "a
tray of 40 mini brownies") is the value of the kind's integer input that counts how many
are asked, and the item stays the thing (scout/task/piececount.py). Phrasings beyond the
ones that found it, in both languages, on the bakeries' kind and on kinds counting copies
and units; a price per dozen, a size and a count of people stay what they were."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.task.piececount import piece_count
from tests.kinds import parse_request

ROOT = Path(__file__).resolve().parents[2]
BAKERIES = ROOT / "examples" / "bakeries" / "pipelines" / "bakeries.yaml"
PRINTING = ROOT / "examples" / "printing" / "pipelines" / "printing.yaml"
LAB = ROOT / "examples" / "labequipment" / "pipelines" / "labequipment.yaml"
RESTAURANTS = ROOT / "pipelines" / "restaurant_research.yaml"
TODAY = dt.date(2026, 12, 2)


@pytest.mark.parametrize("free, value, said", [
    ("4 docenas de rosquillas", 48, "4 docenas de"),
    ("cinco docenas de palmeritas", 60, "cinco docenas de"),
    ("docena y media de churros", 18, "docena y media de"),
    ("dos docenas y media de buñuelos", 30, "dos docenas y media de"),
    ("a dozen and a half scones", 18, "a dozen and a half"),
    ("half-dozen pastel de nata", 6, "half-dozen"),
    ("one dozen eclairs", 12, "one dozen"),
    ("lote de 60 galletas", 60, "lote de 60"),
    ("3 packs of 8 muffins", 24, "3 packs of 8"),
    ("un surtido de 36 petit fours", 36, "un surtido de 36"),
])
def test_the_pieces_and_the_words_saying_them(free, value, said):
    got = piece_count(free, free)
    assert got is not None
    assert got[0] == value
    assert free[got[1][0]:got[1][1]] == said


@pytest.mark.parametrize("free", [
    "cupcakes a 10 euros la docena",      # a price per dozen: its unit
    "scones at £12 a dozen",
    "churros a 9 € la docena y media",
    "dozens of options",                  # no count said
    "por docena",
    "bandeja de 30 cm",                   # a size
    "caja de 2 kg de turrón",
    "box of 3 kilos of fudge",
    "bandeja para 20 personas",           # people, read by the input's aliases
    "a tray of 15 people",
    "a dozen options for pipettes",      # results, no pieces
    "una docena de proveedores de tartas",
    "a dozen years of experience",
    "paquete de 10 horas de clases",     # a length of time
    "a pack of 5 days of lessons",
])
def test_no_pieces(free):
    assert piece_count(free, free) is None


@pytest.mark.parametrize("query, pieces, item", [
    ("encargamos 3 docenas de rosquillas para el seminario en Zaragoza", 36, "rosquillas"),
    ("quiero media docena de palmeras de chocolate en Bilbao", 6, "palmeras de chocolate"),
    ("docena y media de churros en Granada para el viernes", 18, "churros"),
    ("una bandeja de 60 mini napolitanas en Valencia, máximo 70 €", 60, "mini napolitanas"),
    ("dos bandejas de 25 pastelitos en Sevilla", 50, "pastelitos"),
    ("we need four dozen bagels delivered in Manchester", 48, "bagels"),
    ("half a dozen cinnamon rolls in York", 6, "cinnamon rolls"),
    ("a platter of 30 mini quiches in Bristol under £80", 30, "mini quiches"),
    ("two boxes of 12 doughnuts in Cardiff", 24, "doughnuts"),
    ("bandeja de 40 piezas de sushi en Madrid", 40, "sushi"),
])
def test_a_bakery_order_counts_its_pieces(query, pieces, item):
    values = parse_request(BAKERIES, query, TODAY).values
    assert values["servings"] == pieces
    assert values["item"] == item


@pytest.mark.parametrize("query, servings", [
    ("3 dozen cupcakes for 30 guests in Leeds", 30),          # the people asked win
    ("cupcakes de vainilla en Madrid, hasta 12 € la docena", None),
    ("tarta para 12 en Madrid", 12),
])
def test_people_and_prices_per_dozen_stay_theirs(query, servings):
    assert parse_request(BAKERIES, query, TODAY).values["servings"] == servings


@pytest.mark.parametrize("kind, query, name, count", [
    (PRINTING, "imprenta en Valencia: 2 cajas de 500 tarjetas de visita", "copies", 1000),
    (PRINTING, "a dozen A1 posters printed in Glasgow", "copies", 12),
    (PRINTING, "media docena de pósters A0 en Madrid", "copies", 6),
    (LAB, "necesitamos media docena de micropipetas en Barcelona", "quantity", 6),
    (LAB, "a box of 96 PCR tubes, under 200 EUR", "quantity", 96),
])
def test_other_kinds_counting_how_many(kind, query, name, count):
    assert parse_request(kind, query, TODAY).values[name] == count


def test_printing_keeps_its_product_beside_the_boxes():
    values = parse_request(PRINTING, "print shop in Leeds: three boxes of 250 business cards",
                           TODAY).values
    assert values["copies"] == 750
    assert values["product"] == "business_card"


def test_a_kind_counting_no_pieces_keeps_the_dish():
    # the restaurants' kind counts people, no pieces: a dozen oysters is the dish's words
    values = parse_request(RESTAURANTS, "media docena de ostras en Cádiz", TODAY).values
    assert "ostras" in (values.get("dish") or "")
