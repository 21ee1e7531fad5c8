"""The `subject` input type (scout/task/subject.py): what a request asks about, read from
real requests typed as people type them (both languages, accents or none, lower case,
typos of the request words), through the restaurant kind's real inputs and through kinds
of other authors (laptops, talks), with the known failures of the dish pattern it
replaced. The requests here are this file's own, not the corpora's."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml

from scout.spec.models import InputSpec
from scout.task.parser import parse_query
from scout.task.subject import find_subject

TODAY = dt.date(2029, 3, 7)  # a Wednesday
ROOT = Path(__file__).resolve().parents[2]
RESTAURANT = {k: InputSpec(**v) for k, v in yaml.safe_load(
    (ROOT / "pipelines" / "restaurant_research.yaml").read_text(encoding="utf-8"))["inputs"].items()}
LAPTOPS = {"product": InputSpec(type="subject"), "budget": InputSpec(type="money"),
           "min_rating": InputSpec(type="rating")}


def eat(query: str) -> tuple[str | None, str | None]:
    values = parse_query(query, RESTAURANT, today=TODAY).values
    city = values.get("city")
    return (str(city) if city is not None else None, values.get("dish"))


def test_the_restaurant_kind_declares_a_subject_and_no_pattern() -> None:
    assert RESTAURANT["dish"].type == "subject" and RESTAURANT["dish"].pattern is None


# ---------------------------------------------------- the dish pattern's known failures
@pytest.mark.parametrize("query, city", [
    ("Palma de Mallorca", "Palma de Mallorca"),
    ("Santiago de Compostela", "Santiago de Compostela"),
    ("palma de mallorca", "Palma de Mallorca"),
    ("santiago de compostela", "Santiago de Compostela"),
    ("Las Palmas de Gran Canaria", "Las Palmas de Gran Canaria"),
])
def test_a_bare_name_with_de_is_the_place_not_a_dish(query: str, city: str) -> None:
    assert eat(query) == (city, None)


@pytest.mark.parametrize("query, want", [
    ("madrid sushi barato", ("Madrid", "sushi")),
    ("lisboa bacalhau barato", ("Lisboa", "bacalhau")),
    ("Buenos Aires empanadas", ("Buenos Aires", "empanadas")),
    ("roma carbonara 20 euros", ("Roma", "carbonara")),
])
def test_a_known_place_first_is_never_the_subject(query: str, want: tuple[str, str]) -> None:
    assert eat(query) == want


@pytest.mark.parametrize("query", ["pizza", "sushi", "Ramen", "croquetas", "dim sum",
                                   "pad thai", "fish and chips"])
def test_a_request_that_is_only_a_dish_reads_the_dish_and_no_city(query: str) -> None:
    assert eat(query) == (None, query)


@pytest.mark.parametrize("query, city", [("Barcelona", "Barcelona"), ("sevilla", "Sevilla"),
                                         ("Oaxaca", "Oaxaca"), ("restaurantes soria", "Soria")])
def test_a_request_that_is_only_a_city_stays_the_city(query: str, city: str) -> None:
    assert eat(query) == (city, None)


@pytest.mark.parametrize("query, want", [
    # no cue, a place nobody lists: as chat writes "dish city price", the city is the word
    # before the price or quality word, or the capitalised one
    ("tapas ronda baratas", ("Ronda", "tapas")),
    ("pulpo betanzos 20€", ("Betanzos", "pulpo")),
    ("ramen Ronda", ("Ronda", "ramen")),
    ("empanadas san juan baratas", ("San Juan", "empanadas")),
])
def test_no_cue_and_a_place_the_gazetteer_does_not_know(query: str,
                                                       want: tuple[str, str]) -> None:
    assert eat(query) == want


@pytest.mark.parametrize("query, want", [
    ("Los Angeles", "Los Angeles"),
    ("la paz en marzo", "La Paz"),
    ("Las Palmas de Gran Canaria", "Las Palmas de Gran Canaria"),
    # an article before a request word is no name's
    ("El Mejor Hotel de Madrid", "Madrid"),
    ("los mejores hoteles en sevilla", "Sevilla"),
])
def test_a_request_that_opens_with_a_name_and_its_article(query: str, want: str) -> None:
    hotel = {"destination": InputSpec(type="place"), "month": InputSpec(type="month")}
    assert str(parse_query(query, hotel, today=TODAY).values.get("destination")) == want


# ---------------------------------------------------------- requests of both languages
@pytest.mark.parametrize("query, want", [
    ("¿Dónde puedo cenar un buen cochinillo en Segovia?", ("Segovia", "cochinillo")),
    ("donde puedo cenar un buen cochinillo en segovia", ("Segovia", "cochinillo")),
    ("DÓNDE COMER FABADA EN OVIEDO", ("Oviedo", "fabada")),  # shouted: read in lower case (blind14)
    ("me apetecen unas gambas al ajillo en huelva", ("Huelva", "gambas al ajillo")),
    ("hola, busco un sitio típico para comer migas en teruel, gracias", ("Teruel", "migas")),
    ("algún restaurante auténtico de cocido en madrid?", ("Madrid", "cocido")),
    ("quiero probar arroz con leche en gijon", ("Gijon", "arroz con leche")),
    ("un sitio con buenas croquetas en zaragoza", ("Zaragoza", "croquetas")),
    ("cenar con amigos en bilbao", ("Bilbao", None)),
    ("restaurante para 6 personas en leon", ("Leon", None)),
    ("las mejores bravas de madrid", ("Madrid", "bravas")),
    ("Where can I get really good pho in Hanoi?", ("Hanoi", "pho")),
    ("i'm craving authentic ramen in lyon tonight", ("Lyon", "ramen")),
    ("find me a cheap spot for bagels in NYC", ("NYC", "bagels")),
    ("looking for the best fish & chips near Brighton", ("Brighton", "fish & chips")),
    ("we'd love to try proper Neapolitan pizza in Naples", ("Naples", "Neapolitan pizza")),
    ("restaurants in leeds with a terrace", ("Leeds", None)),
    ("where to have dinner in porto", ("Porto", None)),
    ("sunday roast near Islington", ("Islington", "sunday roast")),
])
def test_the_dish_in_requests_of_both_languages(query: str, want: tuple[str, str | None]) -> None:
    assert eat(query) == want


@pytest.mark.parametrize("query, want", [
    ("dnde comer paella en valencia", ("Valencia", "paella")),
    ("qiero comer pulpo en lugo", ("Lugo", "pulpo")),
    ("resturantes de marisco en vigo", ("Vigo", "marisco")),
    ("recomiendame un restorante de sushi en malaga", ("Malaga", "sushi")),
    ("bset tacos in austin", ("Austin", "tacos")),
    ("wehre to eat dumplings in shanghai", ("Shanghai", "dumplings")),
    ("restaurnts in madrid", ("Madrid", None)),
])
def test_request_words_typed_with_a_typo_are_not_the_dish(query: str,
                                                          want: tuple[str, str | None]) -> None:
    assert eat(query) == want


def test_what_other_readers_own_is_not_the_subject() -> None:
    # a time the restaurant kind does not declare, an amount, a rating
    assert eat("ramen para el sábado en lyon") == ("Lyon", "ramen")
    assert eat("sushi this weekend in leeds under 30 GBP") == ("Leeds", "sushi")
    assert eat("tapas en granada con 4,5 estrellas o más") == ("Granada", "tapas")
    # but a weekday that names the dish stays in it
    assert eat("sunday roast in york") == ("York", "sunday roast")


def test_nothing_left_means_no_subject_not_an_empty_one() -> None:
    for query in ("restaurantes en Madrid", "where to eat in Soria", "best places",
                  "dónde cenar barato", "¿?", ""):
        values = parse_query(query, RESTAURANT, today=TODAY).values
        assert "dish" not in values, (query, values)


def test_a_subject_is_never_the_place_read() -> None:
    for query in ("madrid sushi", "sushi madrid", "tacos cdmx", "Lima ceviche",
                  "pizza en roma", "ramen de lyon"):
        city, dish = eat(query)
        assert city is not None and dish is not None and city.lower() not in dish.lower()


# ------------------------------------------------------------------- other authors' kinds
@pytest.mark.parametrize("query, want", [
    ("best gaming laptop under 1000 EUR", "gaming laptop"),
    ("quiero un portátil ligero por menos de 800 euros", "portátil ligero"),
    ("busco un thinkpad barato con buenas opiniones", "thinkpad"),
    ("rtx 4090 laptop, max $3000", "rtx 4090 laptop"),
    ("macbook air m2", "macbook air m2"),
])
def test_a_product_kind_reads_its_product(query: str, want: str) -> None:
    assert parse_query(query, LAPTOPS, today=TODAY).values.get("product") == want


def test_a_kind_without_a_place_still_leaves_places_out() -> None:
    # no place input: "in Madrid" is still a place, never the product
    assert parse_query("laptop shops in Madrid", LAPTOPS, today=TODAY).values.get("product") \
        == "laptop shops"
    assert parse_query("Madrid", LAPTOPS, today=TODAY).values.get("product") is None


def test_aliases_are_words_the_subject_follows() -> None:
    talks = {"topic": InputSpec(type="subject", aliases=["on"])}
    v = parse_query("lectures on graph theory", talks, today=TODAY).values
    assert v["topic"] == "graph theory"
    # "about" / "sobre" always are
    v = parse_query("algo sobre teoría de grafos", {"topic": InputSpec(type="subject")},
                    today=TODAY).values
    assert v["topic"] == "teoría de grafos"


def test_the_span_is_the_text_as_typed() -> None:
    query = "Quiero comer Pescaíto Frito en Cádiz"
    from scout.task.lang import fold

    hit = find_subject(fold(query), query, today=TODAY, place_input=True)
    assert hit is not None
    assert hit[0] == "Pescaíto Frito" and query[hit[1][0]:hit[1][1]] == "Pescaíto Frito"


def test_the_subject_reader_never_raises_on_odd_text() -> None:
    for query in ("€€€ ¿¿ !!", "\x00\x00 pizza", "de de de de", "a" * 3000, "12 34 56",
                  "🍣🍣 en 🗼", "con con con"):
        parse_query(query, RESTAURANT, today=TODAY)  # no exception


@pytest.mark.parametrize("query, want", [
    # a dish that holds "en" / "in": the place reader passes over the name after the first
    # cue for a place it knows after a later one, and the subject reader follows its choice
    ("chile en nogada en puebla", ("Puebla", "chile en nogada")),
    ("Chile en nogada en Puebla", ("Puebla", "Chile en nogada")),
    ("dónde comer chile en nogada en Puebla por 300 pesos", ("Puebla", "chile en nogada")),
    ("mussels in white wine in brussels", ("Brussels", "mussels in white wine")),
    ("Mussels in white wine in Brussels", ("Brussels", "Mussels in white wine")),
    ("strawberries in cream in london", ("London", "strawberries in cream")),
    # the rest of the class, with one cue: the dish before it, the place after it
    ("paella en Valencia", ("Valencia", "paella")),
    ("pulpo a feira en Santiago", ("Santiago", "pulpo a feira")),
    ("sopa de ajo en Madrid", ("Madrid", "sopa de ajo")),
    ("ropa vieja en La Habana", ("La Habana", "ropa vieja")),
    ("ropa vieja en la habana", ("La Habana", "ropa vieja")),
    ("fish and chips in London", ("London", "fish and chips")),
])
def test_a_dish_holding_en_or_in_keeps_it_when_the_place_follows(
        query: str, want: tuple[str, str]) -> None:
    assert eat(query) == want


@pytest.mark.parametrize("query, want", [
    # an article or a request word after the passed-over cue opens the place's area,
    # and a landmark after "near" stays a place: neither joins the dish
    ("Tapas en el centro de Madrid", ("Madrid", "Tapas")),
    ("Sushi en la playa en Cádiz", ("Cádiz", "Sushi")),
    ("cenar pulpo en el centro de lugo", ("Lugo", "pulpo")),
])
def test_a_cue_that_opens_the_places_area_does_not_join_the_dish(
        query: str, want: tuple[str, str]) -> None:
    assert eat(query) == want


# ------------------------------------------------------- model names with numbers in them
PRODUCT = {"product": InputSpec(type="subject"), "budget": InputSpec(type="money"),
           "min_rating": InputSpec(type="rating")}


@pytest.mark.parametrize("query, want", [
    # a number right after a name ends the model's name, whatever follows it
    ("laptop RTX 4060 under 1500 USD", "laptop RTX 4060"),
    ("iPhone 15 Pro por menos de 900 €", "iPhone 15 Pro"),
    ("iphone 15 por menos de 900 €", "iphone 15"),
    ("portátil con RTX 4070", "portátil con RTX 4070"),
    ("Dell XPS 13", "Dell XPS 13"),
    ("dell xps 13, max $1400", "dell xps 13"),
    ("PlayStation 5 under 500 EUR", "PlayStation 5"),
    ("Pixel 8 con 4,5 estrellas o más", "Pixel 8"),
    ("nintendo switch 2 barata", "nintendo switch 2"),
    # a model token with letters and digits is a word of the name, as before
    ("Galaxy S24 Ultra", "Galaxy S24 Ultra"),
    ("Sony WH-1000XM5 headphones", "Sony WH-1000XM5 headphones"),
    ("PS5 barata", "PS5"),
    ("Canon EOS R50", "Canon EOS R50"),
    # the product's condition is no part of it
    ("un MacBook Air M2 de segunda mano", "MacBook Air M2"),
    ("used macbook air m2", "macbook air m2"),
    ("iphone 13 reacondicionado", "iphone 13"),
])
def test_a_number_glued_to_a_product_name_stays_in_it(query: str, want: str) -> None:
    result = parse_query(query, PRODUCT, today=TODAY)
    assert result.values.get("product") == want
    assert not any("could not read" in n or "no se pudo leer" in n for n in result.notes), \
        result.notes


SPECS = {"product": InputSpec(type="subject"), "budget": InputSpec(type="money"),
         "year": InputSpec(type="year"), "min_rating": InputSpec(type="rating"),
         "screen": InputSpec(type="number", aliases=["pulgadas", "inches"]),
         "rooms": InputSpec(type="integer", aliases=["habitaciones", "bedrooms"]),
         "ram": InputSpec(type="data_size"), "weight": InputSpec(type="weight"),
         "area": InputSpec(type="area")}


@pytest.mark.parametrize("query, want, other", [
    # what other inputs read leaves the name: amounts, ratings, sizes, counts, years
    ("iphone 15 por 900 euros", "iphone 15", "budget"),
    ("ps5 4 estrellas", "ps5", "min_rating"),
    ("iphone 15 128gb", "iphone 15", "ram"),
    ("portátil 16 GB RAM", "portátil", "ram"),
    ("tele 55 pulgadas", "tele", "screen"),
    ("tele samsung de 55 pulgadas", "tele samsung", "screen"),
    ("piso de 2 habitaciones", "piso", "rooms"),
    ("bici de 10 kg", "bici", "weight"),
    ("piso 80 m2", "piso", "area"),
    ("dell xps 13 de 2024", "dell xps 13", "year"),
])
def test_what_other_inputs_read_still_leaves_the_name(query: str, want: str,
                                                      other: str) -> None:
    values = parse_query(query, SPECS, today=TODAY).values
    assert values.get("product") == want and other in values, values


@pytest.mark.parametrize("query, want", [
    ("toyota corolla 2015", "toyota corolla"),  # a kind that reads years: a year is no model
    ("ramen 2 personas", "ramen"),  # a word the number counts
    ("portátil 1.500", "portátil"),  # an amount's thousands
    ("piso de 3", "piso"),  # after a connector: no name's number
])
def test_numbers_that_are_no_models_number_stay_out(query: str, want: str) -> None:
    kind = dict(PRODUCT, year=InputSpec(type="year"))
    assert parse_query(query, kind, today=TODAY).values.get("product") == want


def test_a_trailing_number_still_ends_a_chat_place() -> None:
    # with a place to find after the subject, a number still tells where the place ends
    assert eat("tapas ronda 20") == ("Ronda", "tapas")
    assert eat("ramen girona barato") == ("Girona", "ramen")


# ------------------------------------ what an events kind searches for is no subject
EVENTS = {"city": InputSpec(type="place"), "genre": InputSpec(type="subject")}


@pytest.mark.parametrize("query, want", [
    ("family friendly events in Chicago", None),
    ("events in Berlin", None),
    ("plan para el finde en malaga", None),
    ("planes en valencia", None),
    ("eventos en Madrid", None),
    ("things to do in Lisbon", None),
    ("jazz events in London", "jazz"),
    ("eventos de flamenco en Sevilla", "flamenco"),
    ("actividades en Bilbao", None),
])
def test_events_and_plans_are_what_is_searched_for(query: str, want: str | None) -> None:
    assert parse_query(query, EVENTS, today=TODAY).values.get("genre") == want


@pytest.mark.parametrize("query, want", [
    ("kid-friendly shows in Dublin", "shows"),
    ("teatro para todos los publicos en Madrid", "teatro"),
    ("family friendly jazz in Madrid", "jazz"),
])
def test_who_an_event_suits_is_no_part_of_its_subject(query: str, want: str) -> None:
    assert parse_query(query, EVENTS, today=TODAY).values.get("genre") == want


@pytest.mark.parametrize("query, want", [
    ("whats on in edinburgh during the festival next august", "festival"),
    ("conciertos en Bilbao durante las fiestas", "conciertos"),
])
def test_during_is_a_function_word_not_the_subject(query: str, want: str) -> None:
    assert parse_query(query, EVENTS, today=TODAY).values.get("genre") == want


# ------------------------------------------- a gathering is what is searched for, not its topic
MEETINGS = {"topic": InputSpec(type="subject"), "place": InputSpec(type="place"),
            "budget": InputSpec(type="money")}


@pytest.mark.parametrize("query, want", [
    ("congresos de lingüística computacional en España", ("lingüística computacional", "España")),
    ("NLP conferences in Europe under 400 EUR", ("NLP", "Europe")),
    ("congreso de historia medieval en Salamanca", ("historia medieval", "Salamanca")),
    ("simposios de física en Valencia", ("física", "Valencia")),
    ("seminarios de derecho romano en Sevilla", ("derecho romano", "Sevilla")),
    ("bioinformatics symposia in Lyon", ("bioinformatics", "Lyon")),
])
def test_conferences_and_congresses_are_what_is_searched_for(query: str,
                                                             want: tuple[str, str]) -> None:
    values = parse_query(query, MEETINGS, today=TODAY).values
    assert (values.get("topic"), str(values.get("place"))) == want
