"""parse32: the misreads left last stop: an "e" typed for the euro, a capitalised opener or a
number word taken for the place, a bare "H to H" after a day, a wine's "harvest", and the
benchmark passing each kind's name as a real run does."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 7)  # a Monday
BUDGET = {"budget": InputSpec(type="money")}


def _money(query: str, inputs: dict[str, InputSpec] = BUDGET, name: str = "budget") -> str | None:
    from benchmarks.parse import canonical

    return canonical(parse_query(query, inputs, today=TODAY).values.get(name))


@pytest.mark.parametrize(("query", "want"), [
    # an "e" for the euro after a cap's or a floor's word, glued or apart at the end
    ("portátil 16 GB hasta 650e", "650 EUR"),
    ("laptop for uni, no more than 850e", "850 EUR"),
    ("monitor 27 pulgadas max 300 e", "300 EUR"),
    ("bici eléctrica a partir de... no, desde 1.200e", ">= 1200 EUR"),
    # a range's ends, and a period after it
    ("tablet entre 200e y 350e", "200..350 EUR"),
    ("auriculares 80-120e", "80..120 EUR"),
    ("room in Lisbon, 45e per night", "45 EUR/night"),
    ("habitación 400e/mes", "400 EUR/month"),
])
def test_an_e_typed_for_the_euro(query, want):
    assert _money(query) == want


@pytest.mark.parametrize("query", [
    "iphone 16e case",  # a model's "e"
    "Samsung S24e, any price",
    "de 2 e Ibiza",  # Spanish "e" for "y"
    "max 3 e Ibiza",
])
def test_an_e_that_is_no_euro(query):
    assert _money(query) is None


TUTOR = {"subject": InputSpec(type="subject"), "place": InputSpec(type="place"),
         "weekly_hours": InputSpec(type="duration", aliases=["a week", "per week", "a la semana"])}
STORAGE = {"city": InputSpec(type="place"), "size": InputSpec(type="area"),
           "budget": InputSpec(type="money")}


@pytest.mark.parametrize("query", [
    # a number word opens or counts: no place
    "three 45-minute sessions a week",
    "Two one-hour lessons per week, chemistry",
    "physics tutor, four lessons a week",
    "Cuatro clases de guitarra a la semana",
    "dos clases de inglés a la semana para mi hijo",
])
def test_a_number_word_is_no_place(query):
    task = build_task(query, TUTOR, today=TODAY)
    assert task.values.get("place") is None, task.values


@pytest.mark.parametrize(("query", "city"), [
    # a known place still named after the count
    ("three lessons a week in Leeds", "Leeds"),
    ("dos clases a la semana en Tres Cantos", "Tres Cantos"),
])
def test_a_count_before_a_place(query, city):
    assert build_task(query, TUTOR, today=TODAY).values["place"] == city


@pytest.mark.parametrize(("query", "city"), [
    # the capitalised thing a request opens with is no place; the known place after it is
    ("Warehouse space Bristol, 20 m2", "Bristol"),
    ("Lockers Glasgow under £40 a month", "Glasgow"),
    ("Guardamuebles Zaragoza 10 m2", "Zaragoza"),
    ("Trasteros baratos Bilbao", "Bilbao"),
])
def test_a_capitalised_opener_is_no_place(query, city):
    # (no kind's name passed: the opener is no kind word the parser was told about)
    assert build_task(query, STORAGE, today=TODAY).values["city"] == city


@pytest.mark.parametrize(("query", "city"), [
    # a place the gazetteer knows may open the request
    ("Manchester storage unit, 10 m2", "Manchester"),
    ("Sevilla, trastero de 5 m2", "Sevilla"),
])
def test_a_known_opener_is_the_place(query, city):
    assert build_task(query, STORAGE, today=TODAY).values["city"] == city


COURT = {"place": InputSpec(type="place"), "day": InputSpec(type="date"),
         "length": InputSpec(type="duration", from_times=True)}


@pytest.mark.parametrize(("query", "seconds"), [
    # two bare hours right after a day said: that day's slot
    ("tennis court in Valencia next Friday 10 to 13", 3 * 3600),
    ("pista de pádel en Bilbao el jueves 19 a 21", 2 * 3600),
    ("squash court tomorrow 7-9, Leeds", 2 * 3600),
    ("pista el 19 de diciembre 17 a 20 en Málaga", 3 * 3600),
    ("padel court, Sunday, 11 to 14", 3 * 3600),
])
def test_bare_hours_after_a_day(query, seconds):
    task = build_task(query, COURT, today=TODAY)
    assert task.values["length"] == seconds, task.values


@pytest.mark.parametrize("query", [
    # a unit after them, or no day before them: no slot
    "campus de tenis el sábado para niños 9 a 14 años",
    "padel court on Friday 10 to 12 players",
    "pista de pádel el viernes 10 a 12 €",
    "court hire 10 to 12",
])
def test_bare_numbers_that_are_no_slot(query):
    from scout.task.lang import fold
    from scout.task.timespan import slot_length

    assert slot_length(fold(query)) is None


WINE = {"variety": InputSpec(type="subject"), "vintage": InputSpec(type="year", aliases=["vintage", "cosecha"]),
        "budget": InputSpec(type="money")}


@pytest.mark.parametrize("query", [
    # a Spanish speaker's "harvest" (cosecha) beside a year is the vintage, no subject
    "a wine white of the harvest 2020 under 30 euros",
    "tempranillo, 2018 harvest, less than 20 euros",
])
def test_harvest_beside_a_year_is_the_vintage(query):
    task = build_task(query, WINE, today=TODAY, kind="wines", nouns=["wine", "wines", "vino"])
    assert task.values["vintage"] in (2018, 2020)
    assert "harvest" not in str(task.values.get("variety", "")).lower()


def test_benchmark_passes_the_kind_name(tmp_path):
    """A corpus kind names its pipeline (``{pipeline: path}``: the pipeline's ``name:``;
    ``{name:, inputs:}`` written out), and the scorer parses with it as ``scout apply``
    does: the kind's own word is no place; inputs written out alone name none (as before)."""
    from benchmarks import parse as bench

    corpus = tmp_path / "c.yaml"
    corpus.write_text(
        "today: 2026-12-07\n"
        "kinds:\n"
        "  named: {name: lockers, inputs: {city: {type: place}}}\n"
        "  bare: {city: {type: place}}\n"
        "  real: {pipeline: examples/storage/pipelines/storage.yaml}\n"
        "requests:\n"
        "- {kind: named, q: 'lockers bristol', city: Bristol}\n"
        "- {kind: bare, q: 'hotels in Bristol', city: Bristol}\n"
        "- {kind: real, q: 'storage units bristol', city: Bristol}\n", encoding="utf-8")
    held = bench.load_corpus(corpus)
    assert held["names"] == {"named": "lockers", "bare": "", "real": "storage"}
    assert set(held["kinds"]["named"]) == {"city"}
    report = bench.score(held)
    assert report["misses"] == [], report["misses"]


RENT = {"rent": InputSpec(type="money")}


@pytest.mark.parametrize(("query", "amount", "unit", "code"), [
    # an amount with no currency and a period after it: the note keeps the period, beside
    # the place's currency where the place says one (parse33), else beside EUR and USD
    # (the place's language not the request's: parse38 reads it where they agree)
    ("estudio en Boston hasta 3100/mo", "3100", "/mo", "USD"),
    ("habitación en Dublín, máximo 900 al mes", "900", " al mes", "EUR"),
    ("room in Lima under 1500 a month", "1500", " a month", "PEN"),
    ("casa rural por menos de 90 la noche", "90", " la noche", None),
    ("a room under 700 a month, near the university", "700", " a month", None),
])
def test_a_bare_amount_keeps_its_period_in_the_note(query, amount, unit, code):
    result = parse_query(query, RENT, today=TODAY)
    assert "rent" not in result.values
    said = f"{amount}{unit} has no currency" if result.lang == "en" \
        else f"{amount}{unit} no lleva moneda"
    write = f"{amount} {code}{unit}" if code else f"{amount} EUR{unit}, {amount} USD{unit}"
    assert any(said in n and write in n for n in result.notes), result.notes


def test_a_bare_amount_with_no_period_keeps_the_short_note():
    notes = parse_query("cheap flat under 950", RENT, today=TODAY).notes
    assert notes == ["rent: 950 has no currency, so it was not read; write it as 950 EUR, "
                     "950 USD or the like"]
    notes = parse_query("flat in Seville under 950", RENT, today=TODAY).notes
    assert notes == ["rent: 950 has no currency, so it was not read; if it is in euros "
                     "(EUR), the currency of Spain, write it as 950 EUR"]
    # in the place's own language: read, its period kept (parse38)
    rent = parse_query("1-bed in Boston under 3100/mo", RENT, today=TODAY).values["rent"]
    assert (rent.amount, rent.currency, rent.per) == (3100, "USD", "month")


@pytest.mark.parametrize("query", [
    # an amount in e-notation is no euro
    "piso por menos de 1.2E+3 dólares",
    "under 9e+2 dollars",
])
def test_e_notation_is_no_euro(query):
    assert "EUR" not in str(_money(query))


ENERGY = {"budget": InputSpec(type="money"),
          "max_energy_price": InputSpec(type="money", aliases=["kWh", "precio de la energía",
                                                                "término de energía", "unit rate"]),
          "max_standing_charge": InputSpec(type="money", aliases=["término de potencia",
                                                                   "standing charge"])}


@pytest.mark.parametrize(("query", "name", "want"), [
    # a unit of work said bare before the cap on a fraction of the currency: its rate
    ("green tariff, kWh below £0.18", "max_energy_price", "0.18 GBP/kWh"),
    ("tarifa fija, el kWh por debajo de 0,11 €", "max_energy_price", "0.11 EUR/kWh"),
    # the input's own label before a cap in cents, no unit: the amount
    ("tarifa con el precio de la energía por debajo de 10 céntimos", "max_energy_price", "0.1 EUR"),
    ("tarifa con término de potencia por debajo de 5 céntimos", "max_standing_charge", "0.05 EUR"),
    ("standing charge under 45 pence", "max_standing_charge", "0.45 GBP"),
])
def test_a_rate_said_around_its_unit_or_label(query, name, want):
    assert _money(query, ENERGY, name) == want


@pytest.mark.parametrize(("query", "want"), [
    # a whole amount after a unit's word is no rate of it
    ("tariff, 2900 kWh a year, under £85 a month", "85 GBP/month"),
    # a unit's bare noun names the rate, no unit it is per
    ("fixed tariff, unit rate below 0.22 GBP", None),
    # pence with no cap and no unit are not read as money ("4p" may be four people)
    ("dinner for 4p", None),
])
def test_no_rate_where_none_is_said(query, want):
    read = parse_query(query, ENERGY, today=TODAY).values
    if want is None:
        assert all(v.per is None for v in read.values()), read
    else:
        assert _money(query, ENERGY) == want


ATTRACTIONS = {"adults": InputSpec(type="integer", aliases=["adults", "adultos", "people", "personas"]),
               "children": InputSpec(type="integer", aliases=["niños", "children", "kids"]),
               "seniors": InputSpec(type="integer", aliases=["seniors", "senior", "jubilados",
                                                             "pensioners", "mayores"])}


@pytest.mark.parametrize(("query", "seniors"), [
    # who among the party a count is, said with a verb between
    ("castle tickets, there are six of us and three are pensioners", 3),
    ("entradas al museo, somos 4 y uno es jubilado", 1),
    ("zoo for 5 people, two of them are seniors", 2),
    ("acuario, 6 personas, dos de ellos son mayores", 2),
])
def test_seniors_said_among_the_party(query, seniors):
    assert build_task(query, ATTRACTIONS, today=TODAY).values["seniors"] == seniors


@pytest.mark.parametrize("query", [
    # a number before a verb and another noun is no count of seniors
    "museum tickets, 2 adults, the seniors discount is 3 euros",
    "zoo, 4 is the number of adults",
])
def test_no_senior_count_without_one(query):
    assert build_task(query, ATTRACTIONS, today=TODAY).values.get("seniors") is None


PRICE = {"budget": InputSpec(type="money"), "city": InputSpec(type="place")}


@pytest.mark.parametrize(("query", "word", "code"), [
    # a currency word several countries say, with no place that says whose: read, and the
    # note names it as one guess among them
    ("depa amoblado, hasta 400 lucas al mes", "lucas", "ARS"),
    ("used pickup, max 9 palos", "palos", "ARS"),
    ("cabaña por 90 mil pesos la noche", "pesos", "MXN"),
])
def test_a_shared_currency_word_with_no_place_is_noted(query, word, code):
    result = parse_query(query, PRICE, today=TODAY)
    assert result.values["budget"].currency == code
    note = next(n for n in result.notes if word in n)
    assert ("several currencies" in note or "varias monedas" in note) and code in note, note


@pytest.mark.parametrize(("query", "code"), [
    # a place the gazetteer places in one of the countries that say it: its currency
    ("cabaña en Pucón por 60 lucas la noche", "CLP"),
    ("depto en La Plata hasta 300 lucas", "ARS"),
    ("apartaestudio en Pereira, 2 palos al mes", "COP"),
    ("hotel en Mazatlán, 1500 pesos", "MXN"),
])
def test_a_shared_currency_word_takes_the_places(query, code):
    result = parse_query(query, PRICE, today=TODAY)
    assert result.values["budget"].currency == code
    assert not any("varias monedas" in n or "several currencies" in n for n in result.notes)


def _stated_age(text: str, of: list[str]) -> float | None:
    from scout.spec.stated import stated

    return stated({"name": "X", "evidence": [{"text": text}]}, "años", "years", of=of,
                  pick="max")


FREE = ["gratis", "gratuita", "gratuito", "free"]


@pytest.mark.parametrize(("text", "age"), [
    # an age with no unit, a cap beside the free word: the free age
    ("Castle. Adult £14, child £8, under 5 free.", 5),
    ("Zoo. Adulto 24 €, niño 16 €, menores de 3 gratis.", 3),
    ("Farm park: under-2s go free, everyone else £9", 2),
    # an amount, a length or a count after the number is none
    ("Parking under 3 hours free", None),
    ("Entrada 10 €, menores de 12 € gratis los domingos", None),
    ("Groups under 10 people free guide", None),
])
def test_a_free_age_said_without_its_unit(text, age):
    assert _stated_age(text, FREE) == age
