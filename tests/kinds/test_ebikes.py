"""An outside-author kind: electric bikes for commuting (examples/ebikes), written from the
docs alone. A type (an enum with synonyms in both languages), a budget, a range in km or
miles, a battery in Wh, a weight in kg or lb, the motor's position and maker, a frame size
or the rider's height, the brakes, the gears and where it is delivered. Shops' pages state
a maker's range and reviews a tester's: the report says whose each figure is and cites it.
Requests are typed as the lab types them, in both languages; three run end to end offline
with scout.testing (module-scoped: one run each)."""

from __future__ import annotations

import datetime as dt
import re
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
    own_words as _own_words,
    parse_request,
    plan_output,
    run_each,
    shortlist_names as _names,
    cap,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "ebikes"
KIND = PROJECT / "pipelines" / "ebikes.yaml"
TODAY = dt.date(2026, 12, 6)


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "bici eléctrica urbana de menos de 2.000 €, autonomía de al menos 80 km, que pese "
    "menos de 22 kg, para una persona de 1,80 m":
        ("es", {"bike_type": "urban", "budget": cap(2000), "min_range": 80000.0,
                "max_weight": 22.0, "rider_height": 1.8}),
    "folding e-bike under £1,500 with a 500Wh battery, max 20 kg, hydraulic brakes":
        ("en", {"bike_type": "folding", "budget": cap(1500, "GBP"), "min_battery": 500.0,
                "max_weight": 20.0, "brakes": "hydraulic"}),
    "ebike de montaña con motor central Bosch, talla L":
        ("es", {"bike_type": "mountain", "motor": "mid", "motor_brand": "bosch",
                "frame_size": "l"}),
    # the same classes, other words: miles and pounds converted, a commuter is urban
    "commuter e-bike with at least 50 miles of range, under 40 lbs, mid-drive motor, "
    "8 speeds, delivered to Ireland":
        ("en", {"bike_type": "urban", "min_range": 80467.2, "max_weight": 18.144,
                "motor": "mid", "min_gears": 8, "country": "Ireland"}),
    "bicicleta eléctrica plegable hasta 1500 euros con batería de 400 Wh y frenos "
    "hidráulicos, envío a Portugal":
        ("es", {"bike_type": "folding", "budget": cap(1500), "min_battery": 400.0,
                "brakes": "hydraulic", "country": "Portugal"}),
    "cargo e-bike with a Shimano motor, size M, under 4000 EUR":
        ("en", {"bike_type": "cargo", "budget": cap(4000), "motor_brand": "shimano",
                "frame_size": "m"}),
    "I'm 6 ft tall, want a city ebike under $2,000 with 60 km range":
        ("en", {"bike_type": "urban", "budget": cap(2000, "USD"), "min_range": 60000.0,
                "rider_height": 1.829}),
    "bici eléctrica urbana con autonomía de 100 km y 9 velocidades, máximo 1.800 €":
        ("es", {"bike_type": "urban", "budget": cap(1800), "min_range": 100000.0,
                "min_gears": 9}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    task = parse_request(KIND, query, TODAY)
    assert_read_as(task, lang, want)


def test_the_notes_name_the_inputs_in_spanish():
    # "range mín." would be English in a Spanish note: the kind's catalog names its inputs
    task = parse_request(KIND, "bici eléctrica con autonomía de 80 km y batería de 500 Wh",
                         TODAY)
    notes = " ".join(str(n) for n in task.notes)
    assert "autonomía mínima" in notes and "batería mínima" in notes, notes
    assert "range" not in notes and "battery" not in notes, notes


URBAN = [
    # the maker's range on the shop's page, in stock, within everything
    Result("Orbea Vibe H30", "https://shop.test/orbea-vibe-h30",
           "Orbea Vibe H30 bicicleta eléctrica urbana: 1.899 €, motor de buje Mahle X35, "
           "batería 250 Wh, autonomía de hasta 90 km, peso 15,4 kg. En stock."),
    # range stated only as a number next to km, heavier than asked
    Result("Cube Kathmandu Hybrid", "https://shop.test/cube-kathmandu",
           "Cube Kathmandu Hybrid, bicicleta eléctrica de trekking y urbana: 1.999 €, motor "
           "central Bosch, batería 625 Wh, autonomía 120 km, peso 26,5 kg."),
    # over budget
    Result("Riese & Müller Roadster", "https://shop.test/rm-roadster",
           "Riese & Müller Roadster urbana: 4.299 €, motor central Bosch, batería 625 Wh, "
           "autonomía 150 km, 23 kg."),
    # a range too short, said in miles: 40 miles is 64 km
    Result("Ampler Curt", "https://shop.test/ampler-curt",
           "Ampler Curt urban e-bike: €1,790, rear hub motor, 336 Wh battery, range up to "
           "40 miles, 17.4 kg, in stock."),
    # not urban: a mountain e-bike
    Result("Haibike AllMtn 3", "https://shop.test/haibike-allmtn",
           "Haibike AllMtn 3 e-MTB de montaña: 1.950 €, motor Yamaha, batería 600 Wh, "
           "autonomía 100 km, 24 kg."),
]
FOLDING = [
    Result("Brompton Electric C Line", "https://shop.test/brompton-electric",
           "Brompton Electric C Line folding e-bike: £1,450, front hub motor, 300 Wh "
           "battery, range up to 70 km, 17.4 kg, hydraulic brakes not fitted: rim brakes."),
    Result("Tern Vektron Q9", "https://shop.test/tern-vektron",
           "Tern Vektron Q9 folding e-bike: £1,399, Bosch mid motor, 500 Wh battery, "
           "hydraulic disc brakes, range 100 km, 22.6 kg. Out of stock."),
    Result("Fiido X", "https://shop.test/fiido-x",
           "Fiido X folding e-bike: £1,299, hub motor, 522 Wh battery, hydraulic brakes, "
           "range 130 km, 19.6 kg, in stock."),
    Result("Gocycle G4", "https://shop.test/gocycle-g4",
           "Gocycle G4 folding e-bike: £2,999, 300 Wh battery, hydraulic brakes, 17.6 kg."),
]
MOUNTAIN = [
    Result("Orbea Wild H30", "https://shop.test/orbea-wild",
           "Orbea Wild H30 e-MTB de montaña: 5.499 €, motor central Bosch Performance CX, "
           "batería 750 Wh, 25,3 kg, talla L disponible."),
    Result("Canyon Spectral:ON CF 7", "https://shop.test/canyon-spectral",
           "Canyon Spectral:ON CF 7 e-MTB: 5.299 €, motor central Shimano EP801, batería "
           "900 Wh, 23,9 kg, tallas S, M, L."),
    Result("Rockrider E-EXPL 500", "https://shop.test/rockrider-e-expl",
           "Rockrider E-EXPL 500 bicicleta eléctrica de montaña: 1.999 €, motor de buje "
           "trasero, batería 500 Wh, autonomía 70 km, 25 kg."),
    Result("Cube Stereo Hybrid 140", "https://shop.test/cube-stereo",
           "Cube Stereo Hybrid 140 e-MTB: 4.999 €, motor central Bosch, batería 750 Wh, "
           "autonomía de hasta 140 km según el fabricante, 24,6 kg."),
]
# what a tester measured, on a review page of its own: a range the report must credit to it
REVIEWS = {"Orbea Vibe H30": "En nuestra prueba recorrimos 62 km de autonomía real en "
                             "modo medio, con un ciclista de 80 kg."}
REVIEW_URL = "https://tests.test/orbea-vibe-h30"


def _seed_reviews(fake, listings):
    """F2's search for a listing by its name finds its page and, for a name in REVIEWS, a
    tester's review page of its own."""
    for r in listings:
        said = [r] + ([Result(f"{r.title}: prueba", REVIEW_URL, REVIEWS[r.title])]
                      if r.title in REVIEWS else [])
        fake.search("^" + re.escape(r.title) + " ", said)

RUNS = {
    "urban": ("bici eléctrica urbana de menos de 2.000 €, autonomía de al menos 80 km, que "
              "pese menos de 22 kg", URBAN),
    "folding": ("folding e-bike under £1,500 with a 500Wh battery, max 20 kg, hydraulic "
                "brakes", FOLDING),
    "mountain": ("ebike de montaña con motor central Bosch, talla L", MOUNTAIN),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=_seed_reviews)


def test_a_range_credited_to_whoever_measured_it_in_spanish(runs):
    run, queries = runs["urban"]
    assert run.artifact("task")["lang"] == "es"
    assert _names(run) == ["Orbea Vibe H30"]
    # a rider's 80 kg in the tester's review is not the bike's weight
    assert _excluded(run) == {
        "Cube Kathmandu Hybrid": ["pesa 26,5 kg"],
        "Riese & Müller Roadster": ["por encima del presupuesto", "pesa 23 kg"],
        "Ampler Curt": ["autonomía de 64,37 km"],          # 40 miles, under 80 km
        "Haibike AllMtn 3": ["no es una bicicleta urbana", "pesa 24 kg"]}
    report = run.report
    assert report.startswith("# Bicicletas eléctricas")
    # the listing's 90 km and the tester's 62 km, each cited to its own page
    row = next(line for line in report.splitlines() if line.startswith("| 1 | Orbea Vibe H30"))
    n_shop = re.search(r"\[(\d+)\]\(https://shop\.test/orbea-vibe-h30\)", report).group(1)
    n_test = re.search(r"(\d+)\. \[[^\]]*\]\(" + re.escape(REVIEW_URL) + r"\)", report).group(1)
    assert f"90 km (dato del anuncio) [{n_shop}]; 62 km (dato de una prueba) [{n_test}]" in row
    assert "| 1.899 € [" in row and "| 250 Wh | 15,4 kg | en el buje | en stock |" in row
    assert "1 bicicleta eléctrica de 5 anuncios: urbana, por como mucho 2.000 €, autonomía " \
           "de al menos 80 km, de como mucho 22 kg." in report
    assert queries[0] == "bicicleta eléctrica urbana 2000 EUR"
    own = _own_words(report, URBAN, quoted=(REVIEWS["Orbea Vibe H30"],))
    for english in REPORT_ENGLISH + ("range", "battery", "weighs", "listing's figure"):
        assert not re.search(r"\b" + english + r"\b", own), english


def test_battery_weight_and_brakes_filter_in_english(runs):
    run, queries = runs["folding"]
    assert run.artifact("task")["lang"] == "en"
    assert _names(run) == ["Fiido X"]
    assert _excluded(run) == {
        "Brompton Electric C Line": ["a 300 Wh battery", "no hydraulic brakes stated"],
        "Tern Vektron Q9": ["weighs 22.6 kg"],
        "Gocycle G4": ["over budget", "a 300 Wh battery"]}
    report = run.report
    assert "| 1 | Fiido X | 1,299 GBP [1] | 130 km (the listing's figure) [1] | 522 Wh | " \
           "19.6 kg | hub | in stock |" in report
    assert "a battery of at least 500 Wh, at most 20 kg, hydraulic brakes." in report
    assert queries[0] == "folding e-bike 500Wh 1500 GBP"
    own = _own_words(report, FOLDING)
    for spanish in REPORT_SPANISH + ("autonomía", "batería", "pesa", "bicicleta"):
        assert not re.search(r"\b" + spanish + r"\b", own), spanish


def test_motor_position_and_maker_and_the_size_asked(runs):
    run, queries = runs["mountain"]
    assert _names(run) == ["Cube Stereo Hybrid 140", "Orbea Wild H30"]
    assert _excluded(run) == {
        "Canyon Spectral:ON CF 7": ["no consta motor Bosch"],          # a Shimano motor
        "Rockrider E-EXPL 500": ["no consta motor central", "no consta motor Bosch"]}
    report = run.report
    # a range no page states is said so, never made up; "talla L disponible" is no stock
    assert "| 2 | Orbea Wild H30 | 5.499 € [2] | no consta | 750 Wh | 25,3 kg | central | " \
           "no consta |" in report
    assert "consulta la tabla de tallas de cada fabricante para la talla L." in report
    assert queries[0] == "bicicleta eléctrica de montaña motor central bosch talla L"


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        assert run.report_html and "<html" in run.report_html.lower()


# words of other kinds: lodging, a job's pay, tickets, a place's rating or a laptop's parts
OTHER_KINDS = re.compile(r"(?i)\b(hotels?|nights?|noches?|habitaci[oó]n(es)?|rooms?|guests?|"
                         r"huéspedes|salary|salario|tickets?|entradas|location|ubicación|"
                         r"atmosphere|ambiente|neighbourhood|barrio|/10|RAM|SSD|GB|"
                         r"per night|por noche|per month|al mes)\b")


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        # the review's words are quoted, none the report's own ("central" motor: no
        # location; "talla L disponible": no stock)
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)
        assert "stated(" not in run.report and "mentions(" not in run.report
        assert "Namespace" not in run.report and "{'amount'" not in run.report


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/ebikes.yaml",
                      "folding e-bike under £1,500 with a 500Wh battery, max 20 kg",
                      tmp_path, capsys, monkeypatch)
    for words in ["bike_type", "folding", "1,500 GBP", "500", "20 kg", "F0", "R1", "F6"]:
        assert words in out, words
