"""An outside-author kind: pet boarding, home boarders, pet sitters, day care and dog
walkers for the lab's people's pets while they travel (examples/petcare), written from the
docs alone, as the lab asks for them: a place (a city, a neighbourhood, near an airport),
the pet and how many, its size or weight, the service, the dates (a range, Christmas, a
long weekend), a price on the basis the request says it (a night, a visit, a day, a
month), pick-up, insurance, outdoor space, vaccinations required, a rating. Requests are
typed as people type them, in both languages; three runs end to end offline with
scout.testing (module-scoped: CI time). The report must be in the request's language only,
cite its sources, compare prices on the basis asked (a price a night is never compared
with a budget a visit), leave out a carer that does not take the pet's weight or is closed
on the dates, and say nothing a pet-care report has no business saying."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    REPORT_ENGLISH,
    REPORT_SPANISH,
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    parse_request,
    plan_output,
    run_each,
    shortlist_names as _names,
    words_of,
    cap,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "petcare"
KIND = PROJECT / "pipelines" / "petcare.yaml"
TODAY = dt.date(2026, 12, 6)


def _days(start: str, end: str) -> dict:
    return {"start": start, "end": end}


GETAFE_QUERY = ("residencia canina en Getafe para un perro de 30 kg del 20 al 27 de "
                "diciembre, menos de 25 € por noche, con recogida a domicilio")
BRISTOL_QUERY = ("cat sitter in Bristol for two cats, home visits twice a day, over "
                 "Christmas, under £15 a visit")
DUBLIN_QUERY = ("dog boarding near Dublin airport for a large dog, no kennels (home "
                "boarding), insured, vaccinations required")

# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    GETAFE_QUERY:
        ("es", {"place": "Getafe", "pet": "dog", "pets": 1, "weight": 30.0,
                "service": "boarding", "dates": _days("2026-12-20", "2026-12-27"),
                "budget": cap(25, per="night"), "pickup": True}),
    BRISTOL_QUERY:
        ("en", {"place": "Bristol", "pet": "cat", "pets": 2, "service": "sitting",
                "dates": _days("2026-12-24", "2026-12-26"), "budget": cap(15, "GBP")}),
    DUBLIN_QUERY:
        ("en", {"place": "Dublin", "pet": "dog", "size": "large", "service": "home_boarding",
                "insured": True, "vaccinations": True}),
    # the count's noun names the pet too: "2 perros" is two, and dogs
    "residencia para 2 perros en Madrid con patio, máximo 20 € por noche":
        ("es", {"place": "Madrid", "pet": "dog", "pets": 2, "service": "boarding",
                "outdoor": True, "budget": cap(20, per="night")}),
    "alguien que cuide a mi gato en casa en Valencia durante el puente":
        ("es", {"place": "Valencia", "pet": "cat", "service": "sitting",
                "dates": _days("2026-12-06", "2026-12-08")}),
    "guardería de día para un cachorro en Barcelona con patio, 180 € al mes":
        ("es", {"place": "Barcelona", "pet": "dog", "service": "day_care", "outdoor": True,
                "budget": cap(180, per="month")}),
    "dog walker in Leeds for 3 dogs, under £12 a walk, insured":
        ("en", {"place": "Leeds", "pet": "dog", "pets": 3, "service": "walking",
                "budget": cap(12, "GBP"), "insured": True}),
    "cuidadora de gatos en Sevilla, menos de 15 € por visita, del 1 al 10 de enero":
        ("es", {"place": "Sevilla", "pet": "cat", "budget": cap(15),
                "dates": _days("2027-01-01", "2027-01-10")}),
    "small dog day care in Manchester, £25 a day, with a garden":
        ("en", {"place": "Manchester", "pet": "dog", "size": "small", "service": "day_care",
                "budget": cap(25, "GBP", per="day"), "outdoor": True}),
    # "en su casa", "at their place": the carer's home (home boarding), not the pet's
    "alguien que cuide a mi perro en Bilbao en su casa":
        ("es", {"place": "Bilbao", "pet": "dog", "service": "home_boarding"}),
    "someone to look after my cat in Leeds at their place":
        ("en", {"place": "Leeds", "pet": "cat", "service": "home_boarding"}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, false_unasked=True)


# ---------------------------------------------------------------- end to end, offline
# what a search for carers finds, each on a site of its own; a search for one by its name
# finds its page and owners' reviews
GETAFE = [
    Result("Residencia Canina El Encinar", "https://encinar.test/",
           "Residencia canina en Getafe. Perros de hasta 45 kg, amplio patio. 22 € por noche, "
           "recogida a domicilio incluida."),
    Result("Residencia Canina Huellas", "https://huellas.test/tarifas",
           "Residencia canina en Getafe para perros de hasta 40 kg. 19 € por noche, con "
           "recogida a domicilio."),
    Result("Hotel Canino Los Álamos", "https://alamos.test/",
           "Residencia canina con piscina, perros grandes, 32 € por noche, recogida a domicilio."),
    Result("Residencia Miniperros", "https://miniperros.test/",
           "Residencia canina para perros pequeños de hasta 10 kg, 15 € por noche, recogida a "
           "domicilio."),
    Result("Residencia Canina Sur", "https://caninasur.test/",
           "Residencia canina en Getafe, perros de hasta 50 kg, 18 € por noche, recogida a "
           "domicilio. Cerrada del 15 al 31 de diciembre."),
    Result("Residencia Los Pinos", "https://lospinos.test/",
           "Residencia canina en Getafe, perros de hasta 60 kg, 20 € por noche, sin recogida."),
]
GETAFE_REVIEWS = {"Residencia Canina El Encinar": "Valoración de los clientes: 4,8/5.",
                  "Residencia Canina Huellas": "Valoración: 4,3/5."}
BRISTOL = [
    Result("Whiskers Home Visits", "https://whiskers.test/",
           "Cat sitter in Bristol: home visits for cats, £12 per visit, fully insured."),
    Result("Bristol Pet Nanny", "https://petnanny.test/cats",
           "Pet sitter in Bristol, home visits for cats and dogs, £14 a visit."),
    Result("Clifton Cattery", "https://cliftoncattery.test/",
           "Cattery for cats in Bristol, boarding from £18 per night."),
    Result("Paws About Town", "https://pawsabout.test/",
           "Pet sitter in Bristol, home visits for dogs only, £10 per visit."),
    Result("Premium Cat Care", "https://premiumcat.test/",
           "Cat sitter in Bristol, home visits, £22 per visit."),
    Result("Bristol Overnight Sitters", "https://overnight.test/",
           "Cat sitter in Bristol staying at your home, £40 per night."),
]
BRISTOL_REVIEWS = {"Whiskers Home Visits": "Owners rate it 4.9/5.",
                   "Bristol Pet Nanny": "Rated 4.5/5 by owners."}
DUBLIN = [
    Result("Swords Home Dog Boarding", "https://swordsboarding.test/",
           "Home boarding near Dublin Airport in a family home, large dogs welcome, fully "
           "insured, vaccinations required. €35 per night."),
    Result("Airport Kennels Dublin", "https://airportkennels.test/",
           "Boarding kennels beside Dublin Airport, large dogs, insured, vaccinations "
           "required. €25 per night."),
    Result("Malahide Dog Minders", "https://malahide.test/",
           "Home boarding in Malahide for small dogs up to 10 kg, insured, vaccinations "
           "required, €30 per night."),
    Result("Santry Pet Stay", "https://santry.test/",
           "Home boarding near Dublin Airport, large dogs, vaccinations required, €28 per night."),
]
DUBLIN_REVIEWS = {"Swords Home Dog Boarding": "Rated 4.7/5."}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, {"es": (GETAFE_QUERY, GETAFE), "en": (BRISTOL_QUERY, BRISTOL),
                           "home": (DUBLIN_QUERY, DUBLIN)}, tmp_path_factory, today=TODAY,
                    reviews={"es": GETAFE_REVIEWS, "en": BRISTOL_REVIEWS,
                             "home": DUBLIN_REVIEWS})


# the report's own words in the other language: none may leak into a report
ENGLISH = words_of(*REPORT_ENGLISH, "carers?", "pick-up", "insured", "outdoor space", "dog",
                   "night")
SPANISH = words_of(*REPORT_SPANISH, "cuidador(es)?", "recogida", "seguro", "perro", "gato",
                   "noche", "residencia")
# what a pet-care report has no business saying, in either language: a hotel's rooms and
# guests, a job's pay, a shop's stock, a menu
OTHER_KINDS = words_of("hotels?", "check-in", "habitaci[oó]n(es)?", "huéspedes", "guests?",
                       "salary", "salario", "sueldo", "in stock", "shipping", "envío", "menu",
                       "menú",
                       # the kind's identifiers are never shown as written in the YAML
                       "home_boarding", "day_care", "min_rating", ignore_case=True)


def test_a_spanish_request_wants_the_dogs_weight_the_dates_and_pick_up(runs):
    run, queries = runs["es"]
    assert _names(run) == ["Residencia Canina El Encinar", "Residencia Canina Huellas"]
    assert _excluded(run) == {
        "Hotel Canino Los Álamos": ["cuesta más que el presupuesto"],
        # takes dogs up to 10 kg: a 30 kg dog is too heavy
        "Residencia Miniperros": ["admite mascotas de hasta 10 kg"],
        # closed 15-31 December covers every day of 20-27 December
        "Residencia Canina Sur": ["cerrado o completo en las fechas pedidas"],
        # "sin recogida" names no pick-up
        "Residencia Los Pinos": ["no consta recogida"],
    }
    # searches in the request's language, with its words
    assert queries[0] == "residencia perros en Getafe"
    assert '"Residencia Canina El Encinar" tarifas opiniones' in queries


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["es"]
    report = run.report
    for words in ["# Cuidado de mascotas en Getafe", "## Selección",
                  "2 cuidadores de 6 encontrados: residencia, mascota: perro, por como mucho "
                  "25 €/noche, con recogida.",
                  "| Residencia Canina El Encinar | 22 €/noche [1] | sí | no consta | sí | 4,8/5",
                  "| peso | 30 kg | consulta |", "| servicio | residencia | consulta |",
                  "| fechas | 20–27 de diciembre de 2026 | consulta |"]:
        assert words in report, words
    assert_says_nothing_of(ENGLISH, report, GETAFE, ids=True, reviews=GETAFE_REVIEWS)
    assert_says_nothing_of(OTHER_KINDS, report, GETAFE, ids=True, reviews=GETAFE_REVIEWS)
    assert_cites_sources(run, GETAFE, "es")
    assert "## Fuentes" in report and run.report_html and "<html" in run.report_html.lower()


def test_an_english_request_for_a_cat_sitter_compares_prices_a_visit(runs):
    run, queries = runs["en"]
    assert _names(run) == ["Whiskers Home Visits", "Bristol Pet Nanny"]
    excluded = _excluded(run)
    assert excluded["Paws About Town"] == ["does not take this pet: cat"]  # dogs only
    assert excluded["Premium Cat Care"] == ["costs more than the budget"]
    assert "does not offer sitting" in excluded["Clifton Cattery"]        # a cattery boards
    assert queries[0] == "pet sitter cat in Bristol"
    # a listing's price a visit is its unit, said so; a night's is a night's
    items = {i["candidate"]["name"]: i["candidate"] for i in run.artifact("shortlist")["items"]}
    assert items["Whiskers Home Visits"]["price"]["per"] == "visit"


def test_an_english_request_gets_an_english_report(runs):
    run, _ = runs["en"]
    report = run.report
    for words in ["# Pet care in Bristol", "## Shortlist",
                  "2 carers out of 6 found: sitting, for a cat, 2 pets, for at most 15 GBP.",
                  "| Whiskers Home Visits | 12 GBP/visit [1] | not stated | yes |",
                  "**Bristol Overnight Sitters** (40 GBP/night",
                  "| pets | 2 | query |", "| dates | December 24 – 26, 2026 | query |"]:
        assert words in report, words
    assert_says_nothing_of(SPANISH, report, BRISTOL, ids=True, reviews=BRISTOL_REVIEWS)
    assert_says_nothing_of(OTHER_KINDS, report, BRISTOL, ids=True, reviews=BRISTOL_REVIEWS)
    assert_cites_sources(run, BRISTOL, "en")


def test_home_boarding_for_a_large_dog_wants_insurance_and_vaccinations(runs):
    run, queries = runs["home"]
    assert _names(run) == ["Swords Home Dog Boarding"]
    assert _excluded(run) == {
        "Airport Kennels Dublin": ["does not offer home boarding"],
        "Malahide Dog Minders": ["not stated to take large pets"],
        "Santry Pet Stay": ["not stated as insured"],
    }
    assert queries[0] == "home boarding dog in Dublin"
    # an enum word joined into the summary is written as words, never its identifier
    assert "1 carer out of 4 found: home boarding, for a dog, insured, vaccinations " \
           "required." in run.report
    assert_says_nothing_of(SPANISH, run.report, DUBLIN, ids=True, reviews=DUBLIN_REVIEWS)
    assert_says_nothing_of(OTHER_KINDS, run.report, DUBLIN, ids=True, reviews=DUBLIN_REVIEWS)
    assert_cites_sources(run, DUBLIN, "home")


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch, "pipelines/petcare.yaml")


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/petcare.yaml", REQUESTS_ES_PLAN, tmp_path, capsys,
                      monkeypatch)
    for words in ["pets", "2", "Madrid", "20 €/noche", "patio", "F0", "R1", "F6"]:
        assert words in out, words


REQUESTS_ES_PLAN = "residencia para 2 perros en Madrid con patio, máximo 20 € por noche"
