"""What the last blind sets and the outside kinds left (the brief of wt/parse40), each probed
with kinds written for the test and phrasings the corpora do not hold, in both languages,
with guards for what must stay:

- a capitalised word right after a thing's capitalised word is that thing's name, no
  place: a car's make and model ("Seat León", "Opel Zafira", "Kia XCeed"), a code
  ("Toyota CX-5", "Hyundai i30"), a product and its format ("200 Folletos Díptico");
  opening the sentence the pair is a name only before a model's size, year or code
  ("Ramen Barcelona", "Tacos Exeter" stay the town);
- a car's year after its engine size ("Focus 1.6 2015") or before a town with no cue
  ("Audi A4 2019 Leeds");
- "solo ida", "one way", "a single ticket" set a kind's round-trip flag false; "one way"
  after a weekday is no day of the month;
- an abbreviation of a count's unit ("48 pags", "3 hrs") and a word with an accent
  ("págs") say no English.
"""

from __future__ import annotations

import pytest

from scout.task.lang import spelling
from tests.task.test_blind25_classes import kind, read

CARS = kind(
    job={"type": "subject"},
    place={"type": "place"},
    year={"type": "year"},
    budget={"type": "money", "aliases": ["presupuesto", "máximo", "hasta"]},
)
PRINT = kind(
    product={"type": "string", "enum": ["flyer", "poster", "booklet"],
             "synonyms": {"flyer": ["folletos", "folleto", "flyers", "leaflets"],
                          "poster": ["carteles", "cartel", "posters"],
                          "booklet": ["cuadernillos", "booklets"]}},
    copies={"type": "integer", "aliases": ["copias", "copies"]},
    pages={"type": "integer", "aliases": ["páginas", "págs", "pages"]},
    place={"type": "place"},
)
TRANSFER = kind(
    origin={"type": "place", "aliases": ["desde", "from"]},
    destination={"type": "place", "aliases": ["a", "to", "hasta"]},
    day={"type": "date"},
    return_trip={"type": "boolean", "aliases": ["return", "round trip", "ida y vuelta"]},
    passengers={"type": "integer", "aliases": ["pasajeros", "passengers", "personas"]},
)


# --- 1. a thing's name is no place --------------------------------------------------------

@pytest.mark.parametrize("query", [
    "revisión de los 90.000 km Opel Zafira 1.6, hasta 300 €",
    "cambio de correa de distribución Seat León, presupuesto 400 €",
    "brake discs Kia Ceed 1.4, under £250",
    "pastillas de freno Peugeot 3008, hasta 120 €",
    "cambiar la batería del Toyota CX-5, máximo 180 €",
    "Hyundai i30 clutch, budget £700",
])
def test_a_make_and_model_is_no_place(query: str) -> None:
    assert "place" not in read(query, CARS)


@pytest.mark.parametrize("query, year", [
    ("Seat Ibiza 1.4 2012 cambio de embrague", "2012"),
    ("Renault Megane 1.5 2017 timing belt", "2017"),
    ("Opel Corsa 1,2 2011 revisión", "2011"),
])
def test_a_name_opening_the_sentence_before_its_engine_is_no_place(query: str,
                                                                    year: str) -> None:
    got = read(query, CARS)
    assert "place" not in got and got.get("year") == year


@pytest.mark.parametrize("query, place", [
    ("Ramen Barcelona, menos de 20 €", "Barcelona"),      # the thing, then the town
    ("Pizza Madrid barata", "Madrid"),
    ("cambio de aceite para un Seat en León", "León"),     # after a cue: the town
    ("MOT in Leeds for a Ford Focus", "Leeds"),
])
def test_a_town_after_a_thing_or_a_cue_stays(query: str, place: str) -> None:
    assert read(query, CARS).get("place") == place


@pytest.mark.parametrize("query", [
    "imprimir 200 Folletos Díptico para la feria",
    "necesito 300 Carteles Plegable para la feria",
    "Folletos Plegable A5, 1000 copias",
])
def test_a_products_format_is_no_place(query: str) -> None:
    assert "place" not in read(query, PRINT)


def test_a_dish_then_a_town_the_gazetteer_lacks_stays() -> None:
    dish = kind(city={"type": "place"}, dish={"type": "subject"}, budget={"type": "money"})
    assert read("Tacos Exeter under £15", dish)["city"] == "Exeter"


def test_a_product_then_a_known_town_stays() -> None:
    assert read("Carteles Sevilla, 50 copias", PRINT)["place"] == "Sevilla"


@pytest.mark.parametrize("query, place", [
    ("parking junto al aeropuerto de Lavacolla T2, del 3 al 5", "Lavacolla T2"),
    ("climate data for Arizona 2015-2020, CSV", "Arizona"),   # a year after a name: data's
    ("festival tickets Glastonbury 2027", "Glastonbury"),
])
def test_a_places_part_or_year_keeps_the_place(query: str, place: str) -> None:
    assert read(query, CARS).get("place") == place


@pytest.mark.parametrize("query, year", [
    ("timing belt for a Ford Fiesta 1.25 2009", None),     # two decimals: no engine's size
    ("correa de un Golf 1.9 TDI 2004 en Toledo", "2004"),
    ("clutch on a Vauxhall Corsa 1.4 2013, under £500", "2013"),
    ("revisión Peugeot 3008 2019 Valencia", "2019"),        # before a town with no cue
    ("service for a Skoda Octavia 2016 Bristol", "2016"),
    ("posted 2019 reviews", None),                          # no town after it
])
def test_a_cars_year_after_its_engine_or_before_a_town(query: str, year: str | None) -> None:
    assert read(query, CARS).get("year") == year


# --- 2. one way -----------------------------------------------------------------------------

@pytest.mark.parametrize("query", [
    "traslado del aeropuerto de Sevilla al centro, sólo ida, 3 personas",
    "taxi de Barajas a Toledo solamente ida, el 4 de noviembre",
    "shuttle from Gatwick to Brighton, one-way, 2 passengers",
    "a single journey from Heathrow to Oxford on Friday",
    "just one way, Faro airport to Albufeira, 5 passengers",
])
def test_one_way_sets_the_return_flag_false(query: str) -> None:
    assert read(query, TRANSFER)["return_trip"] == "False"


@pytest.mark.parametrize("query", [
    "traslado de ida y vuelta del aeropuerto de Sevilla al centro",
    "round trip transfer from Gatwick to Brighton",
    "transfer from Gatwick to Brighton on 4 Nov",              # nothing said: unset
])
def test_a_return_or_nothing_is_not_one_way(query: str) -> None:
    assert read(query, TRANSFER).get("return_trip") in ("True", None)
    assert "transfer from Gatwick" not in query or "round" in query \
        or "return_trip" not in read(query, TRANSFER)


@pytest.mark.parametrize("query, day", [
    ("shuttle from Gatwick to Brighton on Saturday, one way", "2027-10-30"),
    ("traslado de Barajas a Toledo el sábado, 1 trayecto", "2027-10-30"),
    ("transfer Faro to Lagos on Monday one-way", "2027-11-01"),
])
def test_one_way_after_a_weekday_is_no_day_number(query: str, day: str) -> None:
    assert read(query, TRANSFER)["day"] == day


# --- 3. abbreviations and accents say no English ------------------------------------------

@pytest.mark.parametrize("text", [
    "cuadernillos 36 pags grapados",
    "tesis 80 págs",
    "clases 2 hrs semanales",
    "apuntes grs. reciclados",
])
def test_an_abbreviation_is_no_english_spelling(text: str) -> None:
    assert spelling(text)[1] == 0


@pytest.mark.parametrize("query, lang", [
    ("cuadernillos 36 pags grapados color", "es"),
    ("200 carteles 4 pags", "es"),
    ("booklets 36 pages stapled", "en"),                      # a word still English
])
def test_a_terse_request_with_an_abbreviation(query: str, lang: str) -> None:
    from scout.task.parser import parse_query
    from tests.task.test_blind25_classes import TODAY

    assert parse_query(query, PRINT, today=TODAY).lang == lang


# --- 4. counts beside another input's words -------------------------------------------------

WEEKLY = kind(visits={"type": "integer", "aliases": ["días a la semana", "days a week",
                                                     "veces por semana", "times a week"]},
              nights={"type": "integer", "aliases": ["days", "días"]})


@pytest.mark.parametrize("query, visits", [
    ("limpiadora cada 3 semanas en Lugo", None),        # how often, no days a week
    ("gardener every two weeks in Derby", None),
    ("limpiadora 2 días a la semana en Lugo", "2"),      # said: read
])
def test_weeks_are_no_days_a_week(query: str, visits: str | None) -> None:
    assert read(query, WEEKLY).get("visits") == visits


def test_weeks_are_still_a_count_of_days() -> None:
    assert read("a 2-week trip to Peru", kind(days={"type": "integer",
                                                    "aliases": ["days"]}))["days"] == "14"


STATIONERY = kind(
    product={"type": "string", "enum": ["business_card", "letterhead"],
             "synonyms": {"business_card": ["tarjetas de presentación", "business cards"],
                          "letterhead": ["hojas membretadas", "papel membretado"]}},
    copies={"type": "integer", "aliases": ["copias", "tarjetas", "hojas", "cards", "copies"]},
)


@pytest.mark.parametrize("query, product, copies", [
    ("400 hojas membretadas para la oficina", "letterhead", "400"),
    ("250 tarjetas de presentación mate", "business_card", "250"),
    ("300 business cards, matte", "business_card", "300"),
    ("200 tarjetas en papel grueso", None, "200"),      # the count's noun alone: no product
])
def test_a_counts_noun_that_opens_a_things_name(query: str, product: str | None,
                                               copies: str) -> None:
    got = read(query, STATIONERY)
    assert (got.get("product"), got.get("copies")) == (product, copies)


# --- 5. a landmark's "de" belongs to the cue before it ---------------------------------------

ROUTE = kind(
    origin={"type": "place", "aliases": ["from", "desde", "de"]},
    destination={"type": "place", "aliases": ["to", "a", "hasta"]},
)


@pytest.mark.parametrize("query, origin, destination", [
    ("taxi al aeropuerto de Alicante desde Elche", "Elche", "Alicante"),
    ("traslado hasta la estación de Córdoba desde Montilla", "Montilla", "Córdoba"),
    ("transfer to the airport of Faro from Lagos", "Lagos", "Faro"),
    # the origin's own cue before the landmark keeps it the origin's
    ("taxi desde el aeropuerto de Alicante a Benidorm", "Alicante", "Benidorm"),
    ("traslado del aeropuerto de Vigo a Baiona", "Vigo", "Baiona"),
])
def test_a_landmarks_place_is_its_cues_end(query: str, origin: str, destination: str) -> None:
    got = read(query, ROUTE)
    assert (got.get("origin"), got.get("destination")) == (origin, destination)
