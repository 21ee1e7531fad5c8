"""An outside-author kind: tours (examples/tours), guided tours and day trips, written from
the docs alone. A tour is somewhere (`place`), or a day trip goes there from an `origin`:
two place inputs told apart by the words before each ("a Toledo desde Madrid", "from
Lisbon to Sintra"). Prices are per person, per group ("private tour for up to 6: 240 €",
shared by the people asked, and the report says so) or free with tips (said so). The
requests are typed as the lab types them, in both languages; four run end to end offline
with scout.testing, and each report is in the request's language, cites its sources and
says nothing of a hotel's, a flight's or a restaurant's."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons,
    parse_request,
    plan_output,
    run_each,
    shortlist_names,
)

KIND = Path(__file__).resolve().parents[2] / "examples" / "tours" / "pipelines" / "tours.yaml"
TODAY = dt.date(2026, 12, 2)   # a Wednesday: "el sábado" is 5 December, "next Friday" the 11th


def _cap(amount: float, currency: str = "EUR", per: str | None = "person") -> dict:
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": per}


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "visita guiada en español por el barrio gótico de Barcelona el sábado por la mañana, "
    "menos de 25 € por persona, grupo pequeño":
        ("es", {"place": "Barcelona", "date": "2026-12-05", "time_of_day": "morning",
                "language": "spanish", "budget": _cap(25), "small_group": True}),
    "excursión de un día a Toledo desde Madrid para 6 personas, con entradas incluidas":
        ("es", {"place": "Toledo", "origin": "Madrid", "people": 6, "tickets": True,
                "day_part": "full-day"}),  # "de un día": the kind's full-day synonym
    "tour gastronómico en Ciudad de México para 4, en la tarde":
        ("es", {"place": "Ciudad de México", "people": 4, "time_of_day": "afternoon",
                "theme": "gastronómico"}),
    "ruta de tapas por Sevilla el viernes por la noche, grupo reducido, 2 horas":
        ("es", {"place": "Sevilla", "date": "2026-12-04", "time_of_day": "evening",
                "duration": 7200, "small_group": True, "theme": "ruta de tapas"}),
    "excursión de día completo a Segovia desde Madrid el próximo sábado, 4 adultos, "
    "máximo 60 euros por persona":
        ("es", {"place": "Segovia", "origin": "Madrid", "date": "2026-12-05", "people": 4,
                "budget": _cap(60), "day_part": "full-day"}),
    "excursión a Sintra desde Lisboa con recogida en el hotel, guía en inglés, máximo 70€ "
    "por persona, somos 3":
        ("es", {"place": "Sintra", "origin": "Lisboa", "language": "english", "people": 3,
                "budget": _cap(70), "pickup": True}),
    "free tour por Madrid mañana en español":
        ("es", {"place": "Madrid", "date": "2026-12-03", "language": "spanish", "free": True}),
    "day trip from Lisbon to Sintra with hotel pick-up, under €80 per person, "
    "English-speaking guide, next Friday":
        ("en", {"place": "Sintra", "origin": "Lisbon", "date": "2026-12-11",
                "language": "english", "budget": _cap(80), "pickup": True}),
    "free walking tour in Kraków in English, 2-3 hours":
        ("en", {"place": "Kraków", "language": "english", "duration": 7200, "free": True}),
    "half-day food tour in Rome for 2 people tomorrow afternoon":
        ("en", {"place": "Rome", "date": "2026-12-03", "time_of_day": "afternoon", "people": 2,
                "day_part": "half-day", "theme": "food"}),
    "street art walking tour in Lisbon this weekend, wheelchair accessible":
        ("en", {"place": "Lisbon", "date": {"start": "2026-12-05", "end": "2026-12-06"},
                "accessible": True, "theme": "street art"}),
    "history tour in Edinburgh in the evening, 90 minutes, under £20 each":
        ("en", {"place": "Edinburgh", "time_of_day": "evening", "duration": 5400,
                "budget": _cap(20, "GBP"), "theme": "history"}),
    "private tour of Toledo from Madrid for 6, tickets included":
        ("en", {"place": "Toledo", "origin": "Madrid", "people": 6, "tickets": True,
                "small_group": True}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(query):
    lang, want = REQUESTS[query]
    task = parse_request(KIND, query, TODAY)
    assert_read_as(task, lang, want, false_unasked=True)
    # every word is someone's: nothing is left unread
    assert not [n for n in task.notes if "could not read" in n or "no se ha podido" in n], \
        task.notes


BARCELONA = [
    Result("Barrio Gótico: visita guiada en español", "https://civitatis.test/gotico",
           "Visita guiada en español por el Barrio Gótico, sábado 5 de diciembre por la "
           "mañana. Grupo reducido de máximo 12 personas. 18 € por persona. Valoración 9,2/10."),
    Result("Free tour Barrio Gótico", "https://freetours.test/gotico",
           "Free tour en español por el Barrio Gótico todos los días por la mañana. Gratis, a "
           "propina. Grupo reducido."),
    Result("Gothic Quarter walking tour in English", "https://bcnwalks.test/gothic",
           "Walking tour in English, every morning, small group, 15 € per person."),
    Result("Leyendas del Gótico de noche", "https://nocturnas.test/gotico",
           "Visita guiada en español por la noche, sábado 5 de diciembre, 20 € por persona, "
           "grupo reducido."),
    Result("Gran tour de Barcelona en autobús", "https://bus.test/bcn",
           "Tour guiado en español el sábado por la mañana, 45 € por persona, grupo reducido."),
]
SINTRA = [
    Result("Sintra and Cascais full-day trip from Lisbon", "https://sintratrips.test/full",
           "Full-day trip to Sintra from Lisbon with hotel pick-up, English-speaking guide, "
           "Friday 11 December, small group, €65 per person. Rated 4.7/5."),
    Result("Private Sintra tour from Lisbon", "https://privatesintra.test/",
           "Private tour for up to 6 people with hotel pickup, guide in English, 240 € per "
           "group. Rated 4.9/5."),
    Result("Sintra by train: self-guided day trip", "https://selfguided.test/sintra",
           "Day trip from Lisbon by train, audio guide in English, €35 per person. No pick-up."),
    Result("Excursión a Sintra en español", "https://sintraes.test/",
           "Excursión a Sintra desde Lisboa en español con recogida en el hotel, 70 € por persona."),
]
KRAKOW = [
    Result("Old Town free walking tour", "https://freewalks.test/krakow",
           "Free walking tour of the Old Town in English, 2 hours, tip-based: pay what you want."),
    Result("Jewish Quarter walking tour", "https://kazimierz.test/",
           "Walking tour of Kazimierz in English, 2.5 hours, 25 € per person."),
    Result("Auschwitz and salt mine day trip", "https://daytrips.test/krakow",
           "Full-day trip in English, 11 hours, hotel pick-up, 120 € per person."),
]
TOLEDO = [
    Result("Toledo privado desde Madrid", "https://toledopriv.test/",
           "Excursión privada a Toledo desde Madrid para hasta 8 personas, con entradas "
           "incluidas a la catedral, 480 € por grupo."),
    Result("Toledo en grupo con entradas", "https://toledogrupo.test/",
           "Excursión de un día a Toledo desde Madrid, entradas incluidas, 95 € por persona."),
    Result("Toledo y Segovia en un día", "https://toledosegovia.test/",
           "Excursión a Toledo y Segovia desde Madrid, 75 € por persona, entradas no incluidas."),
]

RUNS = {
    "bcn": ("visita guiada en español por el barrio gótico de Barcelona el sábado por la "
            "mañana, menos de 25 € por persona, grupo pequeño", BARCELONA),
    "sintra": ("day trip from Lisbon to Sintra with hotel pick-up for 4 people, under €80 per "
               "person, English-speaking guide, next Friday", SINTRA),
    "krakow": ("free walking tour in Kraków in English, 2-3 hours", KRAKOW),
    "toledo": ("excursión de un día a Toledo desde Madrid para 6 personas, con entradas "
               "incluidas, menos de 100 € por persona", TOLEDO),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_spanish_tours_in_the_language_slot_and_price_asked(runs):
    run, queries = runs["bcn"]
    # free first (with tips), then the cheapest per person; each in Spanish, in the morning
    assert shortlist_names(run) == ["Free tour Barrio Gótico",
                                    "Barrio Gótico: visita guiada en español"]
    assert excluded_reasons(run) == {
        "Gothic Quarter walking tour in English": ["no dice que la guía sea en español"],
        "Leyendas del Gótico de noche": ["no dice que sea por la mañana"],
        "Gran tour de Barcelona en autobús": ["por encima del presupuesto por persona"],
    }
    # the search was in Spanish, with the day as Spanish writes it
    assert queries[0] == "visita guiada  Barcelona en español 5 de diciembre de 2026"


def test_a_free_tour_is_free_and_says_tips_are_expected(runs):
    report = runs["bcn"][0].report
    assert re.search(r"\| Free tour Barrio Gótico \| gratis, con propina( \[\d+\])? \|", report)
    assert "| 18 €/persona | 9,2/10 [2] |" in report  # the rating cites its page
    krakow = runs["krakow"][0].report
    assert re.search(r"\| Old Town free walking tour \| free, tips expected( \[\d+\])? \|", krakow)


def test_english_day_trip_a_private_price_is_shared_by_the_people_asked(runs):
    run, queries = runs["sintra"]
    # the private tour: 240 € for the group, 60 € each for 4, under the 80 € cap; first
    assert shortlist_names(run) == ["Private Sintra tour from Lisbon",
                                    "Sintra and Cascais full-day trip from Lisbon"]
    assert excluded_reasons(run) == {
        "Sintra by train: self-guided day trip": ["no hotel pick-up said"],
        "Excursión a Sintra en español": ["not said to be guided in English"],
    }
    assert "| 240 EUR/group [1] | 60 EUR (shared by 4) | 4.9/5 [1] |" in run.report  # rating cited
    assert queries[0].startswith("day trip from Lisbon to Sintra")


def test_a_group_price_over_the_cap_each_is_left_out(runs):
    run, _ = runs["toledo"]
    # 480 € for the group shared by 6 is 80 € each: under 100 €; the other has no tickets
    assert shortlist_names(run) == ["Toledo privado desde Madrid", "Toledo en grupo con entradas"]
    assert excluded_reasons(run) == {"Toledo y Segovia en un día":
                                     ["no dice que incluya las entradas"]}
    assert "| 480 €/grupo [1] | 80 € (entre 6) |" in run.report


def test_a_duration_range_keeps_tours_that_fit_it(runs):
    run, _ = runs["krakow"]
    assert shortlist_names(run) == ["Old Town free walking tour"]
    assert excluded_reasons(run) == {"Jewish Quarter walking tour": ["not said to be free"],
                                     "Auschwitz and salt mine day trip":
                                     ["not said to be free", "takes 11 hours"]}


# the report's own words in the other language: none may leak into a report
ENGLISH = re.compile(r"\b(Shortlist|Synthesis|tours?|price|each|rating|unknown|free|"
                     r"What you asked|Sources|not given|query|guided in|people)\b")
SPANISH = re.compile(r"\b(Selección|Síntesis|visitas?|precio|por persona|valoración|"
                     r"desconocid[oa]|Fuentes|no indicado|consulta|personas|gratis)\b")


@pytest.mark.parametrize("key, words, other", [
    ("bcn", ["# Visitas guiadas: Barcelona, 5 de diciembre de 2026", "## Selección",
             "| idioma | español | consulta |", "| momento del día | mañana | consulta |",
             "2 de 5 visitas encontradas encajan: 5 de diciembre de 2026, mañana, "
             "con guía en español, hasta 25 €/persona."], ENGLISH),
    ("toledo", ["# Visitas guiadas: Madrid → Toledo", "| origen | Madrid | consulta |",
                "| entradas incluidas | sí | consulta |", "6 personas"], ENGLISH),
    ("sintra", ["# Tours: Lisbon → Sintra, December 11, 2026", "## Shortlist",
                "| language | English | query |", "| hotel pick-up | yes | query |",
                "guided in English, up to 80 EUR/person, 4 people, hotel pick-up."], SPANISH),
    ("krakow", ["# Tours: Kraków", "| duration | 2 h | query |"], SPANISH),
])
def test_the_report_is_in_the_requests_language_and_cites(runs, key, words, other):
    run, _ = runs[key]
    listings = RUNS[key][1]
    for said in words:
        assert said in run.report, (key, said)
    assert_says_nothing_of(other, run.report, listings, key, ids=True)
    assert_cites_sources(run, listings, key)
    assert run.report_html and "<html" in run.report_html.lower()


# what a report of another kind would say: a room, a night's price, a flight, a table
OTHER_KINDS = re.compile(r"(?i)\b(rooms?|habitaci[oó]n(es)?|/night|/noche|flights?|vuelos?|"
                         r"check-in|menu|menú|mesa|cuisine|cocina|salary|salario)\b")


@pytest.mark.parametrize("key", list(RUNS))
def test_the_report_says_nothing_of_another_kind(runs, key):
    assert_says_nothing_of(OTHER_KINDS, runs[key][0].report, RUNS[key][1], key)


def test_a_group_price_is_not_called_dearer_than_a_price_each(runs):
    # 240 € for the group is 60 € each for 4: the synthesis never compares it with 65 €
    # a person as if both were prices each; shared by rank (`people`), it is the cheaper
    report = runs["sintra"][0].report
    synthesis = report.split("## Synthesis")[1].split("\n## ")[0]
    assert "Between the top two, Private Sintra tour from Lisbon is rated higher" in synthesis
    assert "more (240 EUR against 65 EUR/person)" not in synthesis
    assert "costs 5 EUR/person less (240 EUR/group (≈ 60 EUR/person) against 65 EUR/person)" \
        in synthesis


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(KIND.parents[1], capsys, monkeypatch, "pipelines/tours.yaml")


def test_plan_shows_the_request_as_read(tmp_path, capsys, monkeypatch):
    out = plan_output(KIND.parents[1], "pipelines/tours.yaml",
                      "excursión de un día a Toledo desde Madrid para 6 personas", tmp_path,
                      capsys, monkeypatch)
    for said in ["Toledo", "Madrid", "6"]:
        assert said in out, said
