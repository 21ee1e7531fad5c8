"""``rank``'s ``tiers:`` (scout/steps/tierprice.py): a page listing its prices by size or
count ("1 dormitorio 45 €, 2 dormitorios 60 €", "Studio £70 / 2-bed £95", "hasta 50 m²
39 €, hasta 100 m² 59 €", "100 uds 25 €, 500 uds 55 €") was read at its lowest whatever
the request asked. The tier that holds the request's value is compared now; none holding
it, or none asked, the lowest, flagged in the reader's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.i18n.messages import localize
from scout.schemas.task import Money
from scout.steps.tierprice import NO_TIER, UNASKED, UPWARD, label_pattern, tier_prices
from scout.validate import validate_paths
from tests.spec.test_rank_items import CONFIG, HEAD
from tests.steps.kindrank import kept, left_out, rank_kind

ROOMS = label_pattern(["bedrooms", "bedroom", "bed", "habitaciones", "dormitorios"], False)
AREA = label_pattern([], True)
UNITS = label_pattern(["units", "uds", "unidades", "copies"], False)


PATTERNS = {"rooms": ROOMS, "area": AREA, "units": UNITS}


def _read(text: str, pattern) -> list[tuple[float | None, float | None, float]]:
    pattern = PATTERNS.get(pattern, pattern)
    return [(t and t.low, t and t.high, m.amount) for t, m, _w in tier_prices(text, pattern)]


@pytest.mark.parametrize("text, pattern, want", [
    ("Limpieza general: 1 dormitorio 45 €, 2 dormitorios 60 €, 3 dormitorios 80 €", "rooms",
     [(1, 1, 45), (2, 2, 60), (3, 3, 80)]),
    ("Piso de 1 habitación 70 €; 2 habitaciones 95 €", "rooms", [(1, 1, 70), (2, 2, 95)]),
    # an amount in the list no count labels is a tier of its own, fitting no value
    ("Studio £70 / 2-bed £95 / 3-bed £120", "rooms",
     [(2, 2, 95), (3, 3, 120), (None, None, 70)]),
    # labels after their amounts: each its own
    ("£80 one-off for 1 bedroom, £110 for 2 bedrooms", "rooms", [(1, 1, 80), (2, 2, 110)]),
    ("1-2 beds: £120; 3+ beds: £200", "rooms", [(1, 2, 120), (3, float("inf"), 200)]),
    ("hasta 50 m² 39 €, hasta 100 m² 59 €, más de 100 m²: 89 €", "area",
     [(0, 50, 39), (0, 100, 59), (100, float("inf"), 89)]),
    ("Trasteros de 2 m2 a 35 €/mes · de 5 m2 a 55 €/mes", "area", [(2, 2, 35), (5, 5, 55)]),
    ("100 uds 25 €, 500 uds 55 €, 1.000 uds 90 €", "units",
     [(100, 100, 25), (500, 500, 55), (1000, 1000, 90)]),
    ("250 copies for £40 or 1,000 copies for £95", "units", [(250, 250, 40), (1000, 1000, 95)]),
    # one label is what the thing is, no price list; a count of another thing is no tier
    ("limpieza de oficinas hasta 150 m², 15 €/hora", "area", []),
    ("2 horas 30 €, 3 horas 40 €", "rooms", []),
])
def test_a_price_list_by_size_or_count(text, pattern, want):
    assert _read(text, pattern) == want


def test_square_feet_are_read_in_square_metres():
    [(a, b, _), (c, d, _)] = _read("Up to 25 sq ft £30 a month, up to 50 sq ft £45 a month",
                                   "area")
    assert (a, c) == (0, 0) and b == pytest.approx(2.32, abs=0.01) \
        and d == pytest.approx(4.65, abs=0.01)


TIERS = {"tiers": ["bedrooms", "area"]}


@pytest.mark.parametrize("query, text, price", [
    ("limpieza a fondo de un piso de 3 dormitorios en Valencia, hasta 100 €",
     "Turia Hogar: limpieza a fondo. 1 dormitorio 45 €, 2 dormitorios 60 €, 3 dormitorios "
     "80 €", 80),
    ("end of tenancy clean for a 2 bedroom flat in Leeds, under £150",
     "Aire Clean: Studio £70 / 2-bed £95 / 3-bed £120", 95),
    ("limpieza de oficina de 80 m² en Madrid, máximo 70 €",
     "Ofilimp: hasta 50 m² 39 €, hasta 100 m² 59 €, más de 100 m² 89 €", 59),
])
def test_the_tier_asked_is_compared(query, text, price):
    short = rank_kind("cleaning", query, {"c": text}, **TIERS)
    [c] = kept(short).values()
    assert c.price.amount == price
    assert not [f for f in c.flags if "by size" in f]


@pytest.mark.parametrize("query, text, largest, value", [
    # more than any tier: the largest, never the studio's (a studio is no count of beds)
    ("deep clean of a 5-bed house in York, under £150",
     "Minster Maids: Studio £70 / 2-bed £95 / 3-bed £120", "3-bed £120", "5 bed"),
    ("limpieza de un piso de 4 habitaciones en Sevilla, máximo 120 €",
     "Giralda Limpia: 1 habitación 50 €, 2 habitaciones 65 €", "2 habitaciones 65 €",
     "4 habitaciones"),
    ("limpieza de fin de obra, casa de 6 dormitorios en Toledo, hasta 200 €",
     "Alcázar Limpiezas: estudio 40 €; 1 dormitorio 55 €; 4 dormitorios 110 €",
     "4 dormitorios 110 €", "6 dormitorios"),
])
def test_no_tier_for_the_value_asked_is_the_largest_flagged(query, text, largest, value):
    short = rank_kind("cleaning", query, {"c": text}, **TIERS)
    [c] = kept(short).values()
    flag = NO_TIER.format(value=value, words=largest)
    assert flag in c.flags
    assert localize(flag, "es").startswith("sus precios por tamaño o cantidad no dan ninguno "
                                           "que cubra")


@pytest.mark.parametrize("query, text, price, words", [
    # a count no tier states exactly: the smallest tier holding it, never the lowest's
    ("limpieza de un piso de 2 dormitorios en Málaga, hasta 100 €",
     "Costa Clean: 1 dormitorio 45 €, 3 dormitorios 80 €", 80, "3 dormitorios 80 €"),
    ("end of tenancy clean, 3 bedroom house in Hull, under £200",
     "Humber Shine: 2 bedrooms £90 / 4 bedrooms £150 / studio £60", 150, "4 bedrooms £150"),
])
def test_a_count_between_tiers_is_the_next_one_up(query, text, price, words):
    short = rank_kind("cleaning", query, {"c": text}, **TIERS)
    [c] = kept(short).values()
    assert c.price.amount == price
    flag = next(f for f in c.flags if f.startswith("its prices by count"))
    assert f"compared at the next one up, “{words}”" in flag
    assert localize(flag, "es").startswith("sus precios por cantidad no dan ninguno para "
                                           "exactamente")


def test_none_asked_is_the_lowest_flagged():
    short = rank_kind("cleaning", "cleaning service in Bath, under £100",
                      {"c": "Bath Maids: 1 bedroom £60, 2 bedrooms £80"}, **TIERS)
    [c] = kept(short).values()
    assert c.price.amount == 60
    assert UNASKED.format(words="1 bedroom £60") in c.flags


@pytest.mark.parametrize("query, text, price", [
    # the storage kind: the unit holding the size asked, never the smallest's 35 €
    ("trastero de 3 m² en Madrid, menos de 50 € al mes",
     "BoxMadrid en Madrid: trasteros de 2 m² 35 €/mes, 5 m² 55 €/mes, 10 m² 90 €/mes", 55),
    ("storage unit of 40 sq ft in Leeds, under £40 a month",
     "Leeds Box, Leeds: 25 sq ft £30 a month, 50 sq ft £45 a month", 45),
])
def test_a_bigger_unit_holds_the_size_asked(query, text, price):
    short = rank_kind("storage", query, {"box": text})
    [c] = left_out(short).values()      # over the budget at the size asked
    assert c.price.amount == price
    assert any(f.startswith("its prices by size list none for exactly") for f in c.flags)
    assert localize(UPWARD.format(value="3 m²", words="5 m² 55 €/mes"), "es") \
        .startswith("sus precios por tamaño no dan ninguno para exactamente 3 m²")


def test_storage_at_the_size_asked_is_kept():
    short = rank_kind("storage", "trastero de 5 m² en Madrid, menos de 60 € al mes",
                      {"box": "BoxMadrid en Madrid: 2 m² 35 €/mes, 5 m² 55 €/mes"})
    assert kept(short)["box"].price.amount == 55


@pytest.mark.parametrize("name, hint", [
    ("bedroms", "did you mean 'bedrooms'?"),
    ("topic", "name the integer, number or area input"),
])
def test_tiers_names_an_integer_number_or_area_input(tmp_path: Path, name, hint):
    """SPEC080: a price list is labelled with a count or a size."""
    head = HEAD.replace("phases:\n", "inputs:\n  bedrooms: {type: integer}\n"
                        "  topic: {type: subject}\nphases:\n")
    path = tmp_path / "p.yaml"
    rank = ("  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
            "with: {items: candidates, tiers: %s}}\n")
    path.write_text(head + rank % "bedrooms")
    assert [p.code for p in validate_paths([path], config=CONFIG).files[0].errors] == []
    path.write_text(head + rank % name)
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC080" and f"'tiers: {name}'" in p.message
    assert p.hint is not None and p.hint.startswith(hint)


def test_a_money_left_alone_without_tiers():
    # the kind's phase without tiers: the lowest, as before, and no flag
    short = rank_kind("storage", "trastero de 3 m² en Madrid, menos de 50 € al mes",
                      {"box": "BoxMadrid en Madrid: 2 m² 35 €/mes, 5 m² 55 €/mes"}, tiers=None)
    assert kept(short)["box"].price == Money(amount=35, currency="EUR", comparator="=",
                                             per="month")


SERVES = label_pattern(["servings", "personas", "raciones", "serves", "feeds", "sirve",
                        "sirven"], False)


@pytest.mark.parametrize("text, want", [
    # the word before the number, as a cake's size is often said
    ("8 inch cake (serves 12) £38, 10 inch (serves 20) £55", [(12, 12, 38), (20, 20, 55)]),
    ("Small cake feeds 8 for £24; large cake feeds 16 for £40", [(8, 8, 24), (16, 16, 40)]),
    ("Tarta mediana, sirven 10-12: 30 €. Tarta grande, sirven 20: 48 €",
     [(10, 12, 30), (20, 20, 48)]),
    # a number the price follows is that price, no size ("personas 12 €")
    ("Menú personas 12 €, raciones 15 €", []),
])
def test_a_size_said_before_its_number(text, want):
    assert _read(text, SERVES) == want


@pytest.mark.parametrize("kind, query, listings, flagged, fine", [
    ("bakeries", "tarta de cumpleaños para 18 personas en Granada, menos de 70 €", {
        "small": "Horno Albaicín: tarta de queso 30 €, sirve 10 raciones.",
        "twelve": "Pastelería Realejo: tarta para 12 personas 38 €.",
        "exact": "Dulces Genil: tarta de chocolate para 18 personas, 52 €.",
        "big": "Obrador Sacromonte: tarta para 25 personas, 60 €."},
     {"small", "twelve"}, {"exact", "big"}),
    ("bakeries", "cake for 14 people in Bath, under £70", {
        "eight": "Pulteney Cakes: sponge cake £26, serves 8.",
        "fourteen": "Royal Crescent Bakes: celebration cake (feeds 14) £45.",
        "twenty": "Abbey Patisserie: large cake, serves 20, £58."},
     {"eight"}, {"fourteen", "twenty"}),
    ("cleaning", "limpieza de piso de 3 dormitorios en Sevilla, menos de 100 €", {
        "two": "Limpiezas Sol: limpieza de piso de 2 dormitorios, 50 €.",
        "four": "Brillo Sevilla: pisos de hasta 4 dormitorios 90 €.",
        "three": "Casa Limpia: piso de 3 dormitorios, 75 €."},
     {"two"}, {"four", "three"}),
    ("cleaning", "end of tenancy clean, 3 bedroom flat in Leeds, under £250", {
        "one": "ShinyHomes: end of tenancy from £150 (1 bedroom).",
        "three": "Sparkle: end of tenancy, 3 bedroom flat, £220."},
     {"one"}, {"three"}),
])
def test_one_size_smaller_than_asked_is_flagged(kind, query, listings, flagged, fine):
    """A page stating one size (a cake for 12, a flat of 2 bedrooms): one that feeds or
    holds at least the value asked is fine; a smaller one is flagged in both languages,
    as the order may cost more than its price."""
    short = rank_kind(kind, query, listings)
    said = {k: [f for f in c.flags if "less than the" in f] for k, c in kept(short).items()}
    assert {k for k, f in said.items() if f} == flagged
    assert all(not said[k] for k in fine)
    for k in flagged:
        assert localize(said[k][0], "es").startswith("su precio es para «")
