"""Leftovers of blind sets 25 and 26 (their headers), each probed with kinds written for the
test and phrasings the corpora do not hold, in both languages, with guards for what must stay:

- a terse request with no function word of either language is in the language of the
  kind's own words it uses: the catalog's Spanish for an input or enum value ("mate" for
  "matte"), an alias or synonym written with Spanish marks ("encuadernación") typed without
  them; a filler that is one of the kind's words ("mate") stays;
- an amount after a budget's word with a scale ("Presupuesto de 1.5 millones", "budget: 2
  million") is read in the place's one currency;
- a number with a capital letter glued to it ("16S", "18S") is a code, no length;
- a numeric date after a noun of an occasion ("first visit 12/3", "cita 10/1") is a date;
- a head said after a trip's words ("60 € ida y vuelta por persona") is the amount's, and
  the trip's words stay the round-trip flag's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.task.kindlang import kind_vocabulary
from scout.task.parser import parse_query
from scout.task.spoken import unspoken
from tests.task.test_blind25_classes import TODAY, kind, read

PRINT = kind(
    product={"type": "string", "enum": ["poster", "leaflet", "booklet"],
             "synonyms": {"poster": ["cartel", "carteles", "póster"],
                          "leaflet": ["leaflets", "octavilla", "octavillas"],
                          "booklet": ["booklets", "cuadernillo", "cuadernillos"]}},
    finish={"type": "string", "enum": ["matte", "gloss"],
            "synonyms": {"matte": ["matt", "mate"], "gloss": ["glossy", "brillo"]}},
    binding={"type": "string", "enum": ["spiral", "stapled"],
             "synonyms": {"spiral": ["espiral", "wire-o"], "stapled": ["grapado"]}},
    size={"type": "string", "enum": ["A3", "A4", "A5"]},
    pages={"type": "integer", "aliases": ["pages", "páginas", "págs"]},
    copies={"type": "integer", "aliases": ["copies", "copias", "ejemplares"]},
)

_PO = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "matte"
msgstr "mate"

msgid "gloss"
msgstr "brillo"

msgid "copies"
msgstr "copias"
'''


@pytest.fixture
def locales(tmp_path: Path) -> Path:
    po = tmp_path / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(_PO, encoding="utf-8")
    return tmp_path / "locales"


# --- 1. a terse request's language, by the kind's own words ----------------------------------

@pytest.mark.parametrize("query", [
    "octavillas A5, 170 gr, mate",
    "cuadernillo A4, brillo",
    "carteles A3 mate",
])
def test_the_catalogs_spanish_words_say_spanish(query: str, locales: Path) -> None:
    assert parse_query(query, PRINT, today=TODAY, locales=locales).lang == "es"


@pytest.mark.parametrize("query", [
    "cuadernillos A5, 40 paginas, grapado",  # "páginas" typed without its accent
    "tesis A4, 120 paginas, espiral",
])
def test_an_alias_spelt_in_spanish_says_spanish_typed_bare(query: str) -> None:
    assert parse_query(query, PRINT, today=TODAY).lang == "es"


@pytest.mark.parametrize("query", [
    "leaflets A5, 170 gsm, matt",
    "posters A3 gloss",
    "booklet A4, 40 pages, stapled",
])
def test_english_terse_requests_stay_english(query: str, locales: Path) -> None:
    assert parse_query(query, PRINT, today=TODAY, locales=locales).lang == "en"


def test_a_kind_word_set_apart_is_no_filler(locales: Path) -> None:
    got = parse_query("octavillas A5, 170 gr, mate", PRINT, today=TODAY, locales=locales)
    assert got.values["finish"] == "matte"
    # a filler that is no word of the kind still goes
    assert "mate" not in unspoken("hotel in Perth, mate")
    assert unspoken("folletos A5, mate", kept={"mate"}) == "folletos A5, mate"


def test_a_word_both_languages_write_counts_for_neither(locales: Path) -> None:
    words = kind_vocabulary(PRINT, locales=locales)
    assert words["mate"] == "es" and words["matte"] == "en"
    assert "poster" not in words  # the enum value, and the folded "póster"
    assert words["paginas"] == "es" and words["leaflets"] == "en"


# --- 2. a budget's word and a scale, with no currency ------------------------------------------

JOB = kind(place={"type": "place"}, budget={"type": "money"})


@pytest.mark.parametrize("query, budget", [
    ("reforma de cocina en Medellín, presupuesto de 2 millones", "2e+06 COP"),
    ("pintar la casa en Lima. Presupuesto: 3 mil", "3000 PEN"),
    ("kitchen refit in Denver, budget: 1.5 million", "1.5e+06 USD"),
    ("roof repair in Phoenix, budget of 2 million", "2e+06 USD"),
])
def test_a_budget_word_and_a_scale(query: str, budget: str) -> None:
    assert read(query, JOB)["budget"] == budget


def test_a_budget_in_a_place_of_two_currencies_stays_unread() -> None:
    assert "budget" not in read("reforma en Santiago, presupuesto de 2 millones", JOB)


# --- 3. a code with a capital glued to its number ---------------------------------------------

LAB = kind(analysis={"type": "string", "enum": ["amplicon", "wgs"],
                     "synonyms": {"amplicon": ["16S", "ITS"]}},
           samples={"type": "integer", "aliases": ["samples", "muestras"]},
           turnaround={"type": "duration", "aliases": ["turnaround", "plazo"]},
           hours={"type": "duration", "aliases": ["hours", "horas", "session", "sesión"]})
CLIP = kind(length={"type": "duration"})


@pytest.mark.parametrize("query", [
    "secuenciación 16S de 30 muestras de heces, plazo 3 semanas",
    "16S run on 24 samples, turnaround 10 days",
    "18S de 12 muestras en Valencia",
])
def test_a_capital_glued_to_a_number_is_no_length(query: str) -> None:
    assert "hours" not in read(query, LAB)


@pytest.mark.parametrize("query, seconds", [
    ("a 16s clip for the intro", "16"),
    ("vídeo de 20s para redes", "20"),
    ("a 2h workshop", "7200"),
])
def test_a_lower_case_unit_is_still_a_length(query: str, seconds: str) -> None:
    assert read(query, CLIP)["length"] == seconds


def test_a_code_on_a_kind_of_one_length() -> None:
    assert "length" not in read("kit 16S para 40 muestras", CLIP)


# --- 4. a numeric date after a noun of an occasion -------------------------------------------

VISIT = kind(place={"type": "place"}, date={"type": "date"}, budget={"type": "money"})


@pytest.mark.parametrize("query, date", [
    ("dog groomer in Austin, appointment 12/9, budget $60", "2027-12-09"),
    ("peluquería canina en Sevilla, cita 10/1, máx 40 €", "2028-01-10"),
    ("fisioterapeuta en Lima, primera consulta 4/12", "2027-12-04"),
    ("interview coach in Leeds, meeting 3/12, max £50", "2027-12-03"),
])
def test_an_occasions_numeric_date(query: str, date: str) -> None:
    assert read(query, VISIT)["date"] == date


def test_an_occasions_fraction_is_no_date() -> None:
    assert "date" not in read("dentist in Leeds rated 4/5", VISIT)


# --- 5. a head after a trip's words ------------------------------------------------------------

TRAIN = kind(origin={"type": "place", "aliases": ["from", "desde", "de"]},
             destination={"type": "place", "aliases": ["to", "a", "hasta"]},
             round_trip={"type": "boolean", "aliases": ["ida y vuelta", "round trip", "return"]},
             budget={"type": "money"})


@pytest.mark.parametrize("query, budget", [
    ("autobús de Lima a Cusco, hasta 150 soles ida y vuelta por persona", "150 PEN/person"),
    ("train from Leeds to London, max £70 return per person", "70 GBP/person"),
    ("train from Boston to Albany, under $90 round trip per passenger", "90 USD/person"),
    ("tren de Sevilla a Cádiz, 30 € ida y vuelta por cabeza", "30 EUR/person"),
])
def test_a_head_after_the_trip(query: str, budget: str) -> None:
    got = read(query, TRAIN)
    assert got["budget"] == budget
    assert got["round_trip"] == "True"


def test_a_trip_with_no_head_keeps_its_amount_whole() -> None:
    got = read("tren de Sevilla a Cádiz, máx 30 € ida y vuelta", TRAIN)
    assert got["budget"] == "30 EUR" and got["round_trip"] == "True"
