"""An outside-author kind: cruises (examples/cruises), written from the docs alone. A
cruise is compared on what it costs the party asked: a fare per person based on double
occupancy ("desde 899 € por persona en camarote doble"), for the whole cabin ("£1,890 for
two", "2.100 € el camarote (precio total para 2 personas)") or per person per night
("from £95 pppn", times the nights), plus the port taxes and gratuities a page states apart
("tasas de embarque 180 € no incluidas", "gratuities $16 per person per night"), against
a budget per person or for the party; then the cabin grade, all-inclusive, the nights, the
month and the line. The requests are typed as the lab types them, in both languages;
three run end to end offline with scout.testing (module-scoped: one run each), and the
reports are checked for their language, their citations, and for words that do not belong
to cruises."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    own_pages,
    cap,
    REPORT_ENGLISH,
    REPORT_SPANISH,
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    run_each,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "cruises"
KIND = PROJECT / "pipelines" / "cruises.yaml"
TODAY = dt.date(2026, 12, 7)


_money = cap


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "crucero por el Mediterráneo en septiembre de 2027, 7 noches, 2 adultos, menos de "
    "1.500 € por persona, con todo incluido":
        ("es", {"region": "Mediterráneo", "month": {"year": 2027, "month": 9}, "nights": 7,
                "adults": 2, "all_inclusive": True, "budget": _money(1500, per="person")}),
    "crucero por el Caribe saliendo de Miami, 2 adultos y 2 niños de 6 y 9 años, interior, "
    "agosto":
        ("es", {"region": "Caribe", "port": "Miami", "month": {"year": 2027, "month": 8},
                "adults": 2, "children": 2, "cabin": "interior", "budget": None}),
    "crucero MSC por el Mediterráneo, suite, 10 noches, octubre, 2 adultos":
        ("es", {"region": "Mediterráneo", "line": "msc", "cabin": "suite", "nights": 10,
                "month": {"year": 2027, "month": 10}}),
    "busco crucero por el Báltico desde Copenhague para 2 adultos y un niño de 4 años, "
    "camarote exterior, junio de 2027, presupuesto total 4.000 €":
        ("es", {"region": "Báltico", "port": "Copenhague", "adults": 2, "children": 1,
                "cabin": "oceanview", "budget": _money(4000, per="total")}),
    "crucero Caribe desde Miami 2 adultos 2 niños interior agosto todo incluido hasta "
    "1200€ pp":
        ("es", {"region": "Caribe", "port": "Miami", "adults": 2, "children": 2,
                "all_inclusive": True, "budget": _money(1200, per="person")}),
    "Norwegian fjords cruise from Southampton in June, balcony cabin, under £2,000 for two":
        ("en", {"region": "Norwegian fjords", "port": "Southampton",
                "month": {"year": 2027, "month": 6}, "adults": 2, "cabin": "balcony",
                "budget": _money(2000, "GBP")}),
    "Looking for a 7-night Western Mediterranean cruise departing Barcelona in September "
    "2027 for 2 adults, oceanview cabin, all-inclusive drinks, budget up to €3,000 in total":
        ("en", {"region": "Western Mediterranean", "port": "Barcelona", "nights": 7,
                "adults": 2, "cabin": "oceanview", "all_inclusive": True,
                "budget": _money(3000, per="total")}),
    "Royal Caribbean Alaska cruise from Seattle in July, balcony, under $1,500 per person":
        ("en", {"region": "Alaska", "port": "Seattle", "line": "royal caribbean",
                "cabin": "balcony", "budget": _money(1500, "USD", "person")}),
    "Alaska cruise from Vancouver, 7 nights, 2 adults, suite, max $6,000 total":
        ("en", {"region": "Alaska", "port": "Vancouver", "nights": 7, "adults": 2,
                "cabin": "suite", "budget": _money(6000, "CAD", "total")}),  # $ in Vancouver
    "crucero islas griegas 5 noches desde Atenas mayo, 2 personas, máximo 900 € por persona":
        ("es", {"port": "Atenas", "nights": 5, "adults": 2,
                "budget": _money(900, per="person")}),
    "Caribbean cruise from Miami, 2 adults + 2 kids, inside cabin, August, under $5,000 total":
        ("en", {"region": "Caribbean", "port": "Miami", "adults": 2, "children": 2,
                "cabin": "interior", "budget": _money(5000, "USD", "total")}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    want, lang = dict(REQUESTS[query][1]), REQUESTS[query][0]
    month = want.pop("month", None)
    task = parse_request(KIND, query, TODAY)
    assert_read_as(task, lang, want, every=False)
    if month is not None:
        got = task.values["month"]
        assert (got.year, got.month) == (month["year"], month["month"]), got


MED = [
    Result("MSC Grandiosa Mediterráneo Occidental", "https://cruceros.test/msc-grandiosa",
           "MSC Grandiosa, 7 noches por el Mediterráneo desde Barcelona, salida el 12 de "
           "septiembre de 2027. Desde 899 € por persona en camarote doble interior. Tasas de "
           "embarque 180 € no incluidas. Paquete de bebidas Easy incluido: todo incluido."),
    Result("Costa Smeralda Joyas del Mediterráneo", "https://cruceros.test/costa-smeralda",
           "Costa Smeralda: 7 noches, Savona, Marsella, Barcelona, Palma, Roma. Septiembre de "
           "2027. A partir de 1.390 € por persona, camarote con balcón, tasas incluidas. Todo "
           "incluido con bebidas."),
    Result("Norwegian Epic Islas Baleares", "https://cruceros.test/ncl-epic",
           "Norwegian Epic, 7 noches Mediterráneo, 19 de septiembre de 2027. Camarote exterior "
           "para dos: 2.100 € el camarote (precio total para 2 personas). Todo incluido (Free "
           "at Sea). Cargos por servicio 16 € por persona y noche."),
    Result("Royal Caribbean Wonder Italia y Francia", "https://cruceros.test/rc-wonder",
           "Wonder of the Seas, 10 noches desde Barcelona, septiembre de 2027, desde 1.250 € "
           "por persona. Bebidas no incluidas."),
    Result("Celestyal Journey Mediterráneo", "https://cruceros.test/celestyal",
           "Celestyal Journey, 7 noches, septiembre de 2027, todo incluido. Precio: 1.420 € por "
           "persona. Tasas portuarias 210 € por persona no incluidas."),
]
FJORDS = [
    Result("P&O Iona Norwegian Fjords", "https://cruises.test/po-iona",
           "Iona: 7 nights Norwegian Fjords from Southampton, sailing 12 June 2027. Balcony "
           "cabin from £95 pppn. Gratuities included."),
    Result("Cunard Queen Victoria Fjords", "https://cruises.test/cunard-qv",
           "Queen Victoria, 7 nights from Southampton to the Norwegian fjords, June 2027. "
           "Balcony stateroom £1,890 for two. Gratuities £14.50 per person per night not "
           "included."),
    Result("Fred. Olsen Borealis Fjordland", "https://cruises.test/fo-borealis",
           "Borealis: Norway's fjords, 7 nights from Southampton, 19 June 2027. Balcony from "
           "£1,299pp based on double occupancy, all-inclusive drinks."),
    Result("MSC Euribia Northern Europe", "https://cruises.test/msc-euribia",
           "MSC Euribia, 7 nights from Southampton in June 2027. Inside cabin from £649 per "
           "person."),
]
CARIBBEAN = [
    Result("Carnival Celebration Eastern Caribbean", "https://cruceros.test/carnival-celebration",
           "Carnival Celebration desde Miami, 7 noches, agosto de 2027. Interior desde 749 $ por "
           "persona en base doble; 3.er y 4.º pasajero niños 299 $. Propinas 16 $ por persona y "
           "noche no incluidas."),
    Result("Royal Caribbean Icon Caribe Occidental", "https://cruceros.test/rc-icon",
           "Icon of the Seas desde Miami, agosto de 2027, 7 noches. Camarote interior familiar "
           "para 4 personas: 4.980 $ (tasas incluidas)."),
    Result("MSC Seascape Caribe", "https://cruceros.test/msc-seascape",
           "MSC Seascape desde Miami, 7 noches, agosto de 2027. Balcón desde 1.099 $ por persona; "
           "los niños navegan gratis."),
    Result("Norwegian Joy Caribe", "https://cruceros.test/ncl-joy",
           "Norwegian Joy desde Miami, 7 noches, 15 de agosto de 2027. Camarote interior desde "
           "899 $ por persona. Tasas e impuestos 190 $ por persona no incluidas."),
]

RUNS = {
    "med": ("crucero por el Mediterráneo en septiembre de 2027, 7 noches, 2 adultos, menos "
            "de 1.500 € por persona, con todo incluido", MED),
    "fjords": ("Norwegian fjords cruise from Southampton in June, balcony cabin, under "
               "£2,000 for two", FJORDS),
    "caribbean": ("crucero por el Caribe saliendo de Miami, 2 adultos y 2 niños, interior, "
                  "agosto, máximo 5.000 $ en total", CARIBBEAN),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=own_pages)


def test_the_party_total_per_person_with_taxes_in_spanish(runs):
    run, queries = runs["med"]
    # MSC 899 + 180 of port taxes = 1.079 € a head; the NCL cabin for two is 1.050 € a
    # head, + 16 € × 7 nights of service charges = 1.162 €; Celestyal 1.420 + 210 = 1.630 €
    assert _names(run) == ["MSC Grandiosa Mediterráneo Occidental",
                           "Norwegian Epic Islas Baleares",
                           "Costa Smeralda Joyas del Mediterráneo"]
    assert _excluded(run) == {
        "Royal Caribbean Wonder Italia y Francia": ["no es todo incluido",
                                                    "10 noches, no las pedidas"],
        "Celestyal Journey Mediterráneo": ["cuesta 1.630 €/persona con tasas y propinas"]}
    assert "| 1 | MSC Grandiosa Mediterráneo Occidental | 899 €/persona | 180 | — | " \
           "1.079 €/persona | [1]" in run.report
    assert "| 2 | Norwegian Epic Islas Baleares | 2.100 € | — | 16 | 1.162 €/persona | [2]" \
        in run.report
    assert queries[0] == "crucero Mediterráneo septiembre de 2027 7 noches todo incluido"


def test_a_spanish_request_gets_a_spanish_report(runs):
    for key in ("med", "caribbean"):
        run, _ = runs[key]
        assert run.report.startswith("# Cruceros: "), key
        own = _own_words(run.report, RUNS[key][1], ids=True)
        english = words_of(*REPORT_ENGLISH, "cruises?", "cabin", "port taxes", "gratuities",
                           "nights", "party")
        assert not english.search(own), (key, english.findall(own))


def test_a_fare_per_night_and_a_cabin_for_two_in_english(runs):
    run, queries = runs["fjords"]
    # Iona £95 pppn × 7 nights × 2 = £1,330 (gratuities included); Cunard £1,890 for two +
    # £14.50 × 7 × 2 of gratuities = £2,093; Fred. Olsen £1,299pp × 2 = £2,598
    assert _names(run) == ["P&O Iona Norwegian Fjords"]
    assert _excluded(run) == {
        "Cunard Queen Victoria Fjords": ["costs 2,093 GBP with port taxes and gratuities"],
        "Fred. Olsen Borealis Fjordland": ["over budget"],
        "MSC Euribia Northern Europe": ["no balcony cabin said"]}
    assert "| 1 | P&O Iona Norwegian Fjords | 95 GBP/person/night | — | — | 1,330 GBP | [1]" \
        in run.report
    assert run.report.startswith("# Cruises: Norwegian fjords · from Southampton · June 2027")
    own = _own_words(run.report, FJORDS, ids=True)
    spanish = words_of(*REPORT_SPANISH, "cruceros?", "camarote", "tasas", "propinas", "noches")
    assert not spanish.search(own), spanish.findall(own)
    assert queries[0] == "cruise Norwegian fjords from Southampton June 2027 balcony"


def test_a_family_on_a_total_budget(runs):
    run, _ = runs["caribbean"]
    # Carnival 749 $ × 4 + 16 $ × 7 × 4 of gratuities = 3.444 $; Norwegian Joy 899 $ × 4 +
    # 190 $ × 4 = 4.356 $; Icon's family cabin for 4 4.980 $ with taxes; MSC's is a balcony
    assert _names(run) == ["Carnival Celebration Eastern Caribbean", "Norwegian Joy Caribe",
                           "Royal Caribbean Icon Caribe Occidental"]
    assert _excluded(run) == {"MSC Seascape Caribe": ["no dice que tenga camarote interior"]}


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


# words of other kinds: lodging, pay, stock, tickets, tariffs
OTHER_KINDS = words_of("hotels?", "check-in", "habitaci[oó]n(es)?", "huéspedes", "salary",
                       "salario", "in stock", "envío", "shipping", "tickets?", "entradas",
                       "tarifa", "tariff", "permanencia", ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
