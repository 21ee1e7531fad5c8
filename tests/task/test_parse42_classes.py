"""What the last stops left (the brief of wt/parse42), each probed with kinds written for
the test and phrasings the corpora do not hold, in both languages, with guards for what
must stay:

- a thing's year typed bare after its name's capital, before any word but what a number
  counts ("Seat León 2018 diésel", "my Honda 2012 petrol"); a year after a make and model
  typed in lower case is no count of the town after it ("audi a4 2019 leeds");
- a capitalised name the gazetteer does not know after a possessive ("mi Renault", "my
  Toyota") or after "un" / "an" / English "a" before a model's year, a clause's end or a
  joining word ("un Toyota 2015 y ...") is a thing's, no place.
"""

from __future__ import annotations

import pytest

from tests.task.test_blind25_classes import kind, read

CARS = kind(
    job={"type": "subject"},
    place={"type": "place"},
    year={"type": "year"},
    budget={"type": "money", "aliases": ["presupuesto", "máximo", "hasta"]},
)
# another kind with a year: a second-hand boat, its year the first one wanted
BOATS = kind(
    model={"type": "subject"},
    port={"type": "place"},
    built={"type": "year"},
    price={"type": "money"},
)


# --- 1. a thing's year, a make's name, the town after ----------------------------------

@pytest.mark.parametrize("query, year", [
    ("Seat León 2018 diésel en Valencia", "2018"),
    ("revisión completa de un Renault Clio 2014 gasolina, Sevilla", "2014"),
    ("brake pads for my Honda 2012 petrol in Leeds", "2012"),
    ("busco taller para el Citroën 2016 gasolina", "2016"),
    ("a Renault Clio 2014 service before March", "2014"),
    ("I drive a Mazda 2019 hybrid, garage in Cork", "2019"),
    ("Opel Astra 2013 automático, Zaragoza", "2013"),
])
def test_a_year_after_a_capitalised_name_is_the_things(query: str, year: str) -> None:
    assert read(query, CARS).get("year") == year


@pytest.mark.parametrize("query", [
    "Toyota 2015 service in Leeds",          # the sentence's own capital: no sign
    "posted 2019 reviews about garages",
    "Garaje en Madrid, Barcelona 2000 euros",  # what the number counts
])
def test_a_year_with_no_name_typed_before_it_stays_unread(query: str) -> None:
    assert "year" not in read(query, CARS)


def test_a_boats_year_after_its_model() -> None:
    got = read("velero Beneteau Oceanis 2008 teak deck, port near Palma", BOATS)
    assert got.get("built") == "2008"


@pytest.mark.parametrize("query, year, place", [
    ("audi a4 2019 leeds under £15k", "2019", "Leeds"),
    ("vw golf 2016 bristol under £300", "2016", "Bristol"),
    ("opel corsa 1.2 2012 malaga max 200 euros", "2012", "Malaga"),
])
def test_a_lower_case_model_and_year_then_the_town(query: str, year: str, place: str) -> None:
    got = read(query, CARS)
    assert (got.get("year"), got.get("place")) == (year, place)


def test_a_lower_case_model_and_year_then_the_town_for_a_kind_with_no_year() -> None:
    assert read("audi a4 2019 leeds under £15k", kind(place={"type": "place"},
                                                      budget={"type": "money"}))["place"] == "Leeds"


@pytest.mark.parametrize("query", [
    "2 bed 1 bath bristol",                  # a count before a town's word stays a count
    "piso 3 habitaciones 2 baños madrid",
])
def test_a_count_before_a_word_stays(query: str) -> None:
    assert read(query, kind(place={"type": "place"})).get("place") in ("Bristol", "Madrid")


@pytest.mark.parametrize("query", [
    "necesito pastillas de freno para un Toyota 2015",
    "the brakes on my Toyota are squeaking",
    "revisión de mi Renault, presupuesto 200 €",
    "clutch for a Vauxhall 2014",
    "tengo un Kia y necesito cambiar las ruedas",
    "our Skoda needs a cambelt, budget £400",
])
def test_a_make_after_a_possessive_or_one_of_is_no_place(query: str) -> None:
    assert "place" not in read(query, CARS)


@pytest.mark.parametrize("query, place", [
    ("tengo un Toyota 2015 y vivo en Sevilla", "Sevilla"),   # where one lives: the place
    ("my Honda 2012 needs new brakes, I live in Leeds", "Leeds"),
    ("festival tickets Glastonbury 2027", "Glastonbury"),    # a year alone says nothing
    ("cambio de aceite para un Seat en León", "León"),
])
def test_the_town_beside_a_make_stays(query: str, place: str) -> None:
    assert read(query, CARS).get("place") == place


# --- 2. a route's ends: a landmark's town after the destination's cue; a date's label ----

TRANSFER = kind(
    origin={"type": "place", "aliases": ["from", "desde", "de"]},
    destination={"type": "place", "aliases": ["to", "a", "al", "hasta"]},
    day={"type": "date"},
    passengers={"type": "integer", "aliases": ["personas", "passengers"]},
)
# another kind with two ends: a removal's old and new home
MOVE = kind(
    from_city={"type": "place", "aliases": ["desde", "from", "de"]},
    to_city={"type": "place", "aliases": ["a", "al", "to", "hasta"]},
)
TRAINS = kind(
    origin={"type": "place", "aliases": ["from", "desde", "de"]},
    destination={"type": "place", "aliases": ["to", "a", "hasta"]},
    date={"type": "date", "aliases": ["ida", "outbound", "departing"]},
    return_date={"type": "date", "aliases": ["vuelta", "regreso", "returning"]},
)
FLIGHTS = kind(
    origin={"type": "place", "aliases": ["from", "desde", "de"]},
    destination={"type": "place", "aliases": ["to", "a", "hasta"]},
    depart={"type": "date", "aliases": ["salida", "outbound", "leaving"]},
    back={"type": "date", "aliases": ["vuelta", "return", "back"]},
)


@pytest.mark.parametrize("query, ends", [
    ("Zamora, traslado al aeropuerto de Barajas", ("Zamora", "Barajas")),
    ("Segovia: transfer a la estación de Atocha el viernes, 3 personas", ("Segovia", "Atocha")),
    ("Leeds, taxi to the airport of Manchester", ("Leeds", "Manchester")),
    # a landmark said first is no end when a name follows the cue later
    ("Llegamos al aeropuerto de Barcelona. Necesitamos traslado del aeropuerto de El Prat "
     "a Sitges, 5 personas", ("El Prat", "Sitges")),
])
def test_a_landmarks_town_after_the_destinations_cue(query: str, ends: tuple[str, str]) -> None:
    got = read(query, TRANSFER)
    assert (got.get("origin"), got.get("destination")) == ends


def test_a_landmarks_town_for_another_kind() -> None:
    got = read("Cuenca, mudanza al puerto de Valencia", MOVE)
    assert (got.get("from_city"), got.get("to_city")) == ("Cuenca", "Valencia")


@pytest.mark.parametrize("query, want", [
    ("billete de ida de Madrid a Barcelona el 12 de noviembre",
     ("Madrid", "Barcelona", "2027-11-12")),
    ("tren de ida de Sevilla a Córdoba mañana", ("Sevilla", "Córdoba", "2027-10-29")),
    ("outbound from Leeds to York on 3 November", ("Leeds", "York", "2027-11-03")),
])
def test_a_dates_label_before_the_route_leaves_the_route(query: str,
                                                         want: tuple[str, str, str]) -> None:
    got = read(query, TRAINS)
    assert (got.get("origin"), got.get("destination"), got.get("date")) == want


def test_a_dates_label_before_the_route_for_another_kind() -> None:
    got = read("salida de Bilbao a Lisboa el 4 de diciembre, vuelta el 9", FLIGHTS)
    assert (got.get("origin"), got.get("destination"), got.get("depart"), got.get("back")) \
        == ("Bilbao", "Lisboa", "2027-12-04", "2027-12-09")


# --- 3. a weekday and a day number, no month -------------------------------------------
# (TODAY is Thursday 28 October 2027)

DAY = kind(day={"type": "date"}, place={"type": "place"})


def notes(query: str) -> list[str]:
    from scout.task.parser import parse_query
    from tests.task.test_blind25_classes import TODAY

    return list(parse_query(query, DAY, today=TODAY).notes)


@pytest.mark.parametrize("query, day", [
    ("Fri 29th in Leeds", "2027-10-29"),
    ("table for two, Sat 30th", "2027-10-30"),
    ("Friday 5, Bristol", "2027-11-05"),
    ("mesa en Sevilla sábado 30 por la tarde", "2027-10-30"),
    ("cena vie 5 en Madrid", "2027-11-05"),
    ("dom 31 por la mañana en Granada", "2027-10-31"),
    ("el vie 5", "2027-11-05"),                             # with "el" as before
])
def test_a_weekday_and_a_day_number_read_the_next_such_day(query: str, day: str) -> None:
    assert read(query, DAY).get("day") == day
    assert not notes(query)


@pytest.mark.parametrize("query, day, said", [
    ("sábado 9 por la tarde", "2027-11-09", "sábado"),      # 9 November is a Tuesday
    ("Fri 11th in Leeds", "2027-11-11", "Friday"),          # 11 November is a Thursday
])
def test_a_weekday_the_day_is_not_is_noted(query: str, day: str, said: str) -> None:
    assert read(query, DAY).get("day") == day
    assert any(said in n for n in notes(query))


@pytest.mark.parametrize("query", [
    "abierto sábado 10 a 14",                               # hours, no day
    "open Saturday 10 to 2",
    "el sábado 4 adultos",                                  # a count
])
def test_a_weekday_before_hours_or_a_count_reads_no_day_number(query: str) -> None:
    assert read(query, DAY).get("day") in (None, "2027-10-30")


# --- 5. a country or state written after a route's end -----------------------------------

FLIGHT = kind(
    origin={"type": "place", "aliases": ["from", "desde", "de"]},
    destination={"type": "place", "aliases": ["to", "a", "hasta"]},
    day={"type": "date"},
)
# a kind whose second place input reads countries keeps the country for that input
STAY = kind(
    city={"type": "place", "aliases": ["en", "in"]},
    country={"type": "place", "aliases": ["country", "país"]},
)


@pytest.mark.parametrize("query, ends", [
    ("flight from Cambridge (Massachusetts) to Paris, Texas", ("Cambridge, Massachusetts",
                                                               "Paris, Texas")),
    ("vuelo de Mérida (Venezuela) a Bogotá el 3 de noviembre", ("Mérida, Venezuela", "Bogotá")),
    # a name the gazetteer already counts in the country written stays the city
    ("vuelo de Córdoba (Argentina) a Santiago de Chile", ("Córdoba", "Santiago de Chile")),
])
def test_a_routes_end_keeps_the_country_written(query: str, ends: tuple[str, str]) -> None:
    got = read(query, FLIGHT)
    assert (got.get("origin"), got.get("destination")) == ends
    assert "(" not in str(got.get("day", ""))


def test_a_transfers_end_keeps_the_state_written() -> None:
    got = read("transfer from Portland to Cambridge (Massachusetts), 3 passengers", TRANSFER)
    assert got.get("destination") == "Cambridge, Massachusetts"


def test_a_kind_reading_countries_keeps_its_country() -> None:
    got = read("hotel en Mérida (Venezuela)", STAY)
    assert got.get("city") == "Mérida"


# --- 6. an address's label and its building, no place ------------------------------------

LAB = kind(
    place={"type": "place"},
    analysis={"type": "string", "enum": ["rna-seq", "proteomics"],
              "synonyms": {"rna-seq": ["RNA-seq", "secuenciación de ARN"],
                           "proteomics": ["proteómica"]}},
    samples={"type": "integer", "aliases": ["samples", "muestras"]},
    budget={"type": "money"},
)


@pytest.mark.parametrize("query", [
    "We need RNA-seq for 24 samples of cells, budget €5,000 total. Lab address: Building 7, "
    "Room 214.",
    "Need proteomics for 16 samples. Institute address: 12 Hill Road.",
    "Secuenciación de ARN para 10 muestras, máximo 3.000 €. Dirección del laboratorio: "
    "Edificio 7, sala 3.",
])
def test_an_address_line_names_no_place(query: str) -> None:
    assert "place" not in read(query, LAB)


@pytest.mark.parametrize("query, place", [
    ("Need proteomics for 16 samples. Delivery address: Bristol", "Bristol"),
    ("Secuenciación de ARN para 10 muestras. Dirección de entrega: Valencia", "Valencia"),
    ("We need RNA-seq for 24 samples in Leeds. Lab address: Building 7", "Leeds"),
])
def test_a_town_in_or_beside_an_address_line_stays(query: str, place: str) -> None:
    assert read(query, LAB).get("place") == place


# --- 6. an option turned down names no place, when the request names another ------------

HOTEL = kind(
    destination={"type": "place"},
    budget={"type": "money"},
    nights={"type": "date"},
)


@pytest.mark.parametrize("query, place", [
    ("Hotel 1898 in Barcelona looks nice but it's over budget. Find me a hotel in Seville",
     "Seville"),
    ("The place in York is fully booked, so find me something in Leeds for Friday", "Leeds"),
    ("El hotel que vi en Granada es demasiado caro. Busca uno en Córdoba, máximo 90 €",
     "Córdoba"),
    ("el de Toledo está completo, así que busca algo en Segovia", "Segovia"),
])
def test_a_place_turned_down_gives_way_to_the_one_asked(query: str, place: str) -> None:
    assert read(query, HOTEL).get("destination") == place


@pytest.mark.parametrize("query, place", [
    ("hotel in Barcelona, too expensive lately, under 150 a night", "Barcelona"),  # the only one
    ("los hoteles en Málaga se nos salen del presupuesto", "Málaga"),
])
def test_the_only_place_named_stays(query: str, place: str) -> None:
    assert read(query, HOTEL).get("destination") == place


# --- 6. an offer the own words turn down fills nothing but its place ---------------------

LOAN = kind(
    place={"type": "place"},
    loan={"type": "money", "aliases": ["pido", "borrowing", "préstamo", "loan"]},
    payment={"type": "money", "aliases": ["cuota", "repayment", "monthly"]},
)


@pytest.mark.parametrize("query", [
    "> Cuota 1.050 € al mes\n\nEsta oferta me parece mala. Busco hipoteca en Madrid, pido "
    "256.000 €.",
    "> Your repayment would be £1,480/month\n\nThat quote is way too high. Find me a mortgage "
    "in Leeds, borrowing £280,000.",
    "> cuota: 900 €\n\nNo me convence. Hipoteca en Sevilla, préstamo 150.000 €.",
])
def test_a_turned_down_quote_fills_no_figure(query: str) -> None:
    got = read(query, LOAN)
    assert "payment" not in got and "loan" in got


@pytest.mark.parametrize("query, payment", [
    ("> Cuota 1.050 € al mes\n\nPerfecto, me encaja. Busco hipoteca en Madrid, pido 256.000 €.",
     "1050 EUR"),
    ("> Monthly repayment £1,480\n\nSounds fine. Find me a mortgage in Leeds, borrowing £280,000.",
     "1480 GBP"),
])
def test_a_quote_not_turned_down_still_fills(query: str, payment: str) -> None:
    assert read(query, LOAN).get("payment", "").startswith(payment)
