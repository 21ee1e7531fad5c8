"""An outside-author kind: photographers and videographers for an event, a portrait
session or a product shoot (examples/photographers), written from the docs alone. A
photographer is compared on the cost of what was asked: a day rate for the days asked, a
price per person for the people asked, a price per photo (or a pack of photos put on one)
against a budget per photo; then album, drone, second shooter, video, raw files,
insurance, a licence and a language. The requests are typed as the lab types them, in both
languages; three run end to end offline with scout.testing (module-scoped: one run each),
and the reports are checked for their language, their citations, and for words that do not
belong to photographers."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    LODGING_PAY_STOCK,
    REPORT_ENGLISH,
    REPORT_SPANISH,
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    cap,
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    run_each,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "photographers"
KIND = PROJECT / "pipelines" / "photographers.yaml"
TODAY = dt.date(2026, 12, 7)
WEEK = 7 * 86400

# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "fotógrafo para congreso en Salamanca, 2 días, entrega de las fotos en 1 semana, "
    "máximo 1.500 €":
        ("es", {"service": "event", "place": "Salamanca", "dates": None, "delivery": WEEK,
                "hours": 2 * 86400, "budget": cap(1500.0)}),
    "headshots for 12 staff in Dublin, on site, under €600 in total":
        ("en", {"service": "headshots", "place": "Dublin", "people": 12, "on_site": True,
                "budget": cap(600.0, "EUR", "total")}),
    "fotógrafo de boda en Oaxaca, 8 horas, con álbum, hasta 25 mil pesos":
        ("es", {"service": "wedding", "place": "Oaxaca", "hours": 8 * 3600, "album": True,
                "budget": cap(25000.0, "MXN")}),
    "product photos for 40 items, white background, London, under £10 per photo":
        ("en", {"service": "product", "place": "London", "photos": 40,
                "budget": cap(10.0, "GBP", "item")}),
    # new phrasings: an agent's sentence, a wait said "within", a price per image
    "Please find a documentary-style photographer in Leeds for our 2-day symposium; "
    "edited photos must be delivered within 2 weeks, budget £1,800.":
        ("en", {"style": "documentary", "place": "Leeds", "delivery": 2 * WEEK,
                "dates": None, "budget": cap(1800.0, "GBP")}),
    "fotos de producto en Valencia, 60 fotos, como mucho 7 € por imagen, con licencia "
    "comercial":
        ("es", {"service": "product", "place": "Valencia", "photos": 60, "licence": True,
                "budget": cap(7.0, "EUR", "item")}),
    "videógrafo para boda en Sevilla con dron y segundo fotógrafo, máx 2.000 €":
        ("es", {"service": "wedding", "place": "Sevilla", "video": True, "drone": True,
                "second_shooter": True, "budget": cap(2000.0)}),
    "corporate headshots Madrid 8 people english-speaking photographer under 400 EUR":
        ("en", {"service": "headshots", "place": "Madrid", "people": 8, "language": "English",
                "budget": cap(400.0)}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


def test_a_wait_for_the_photos_is_no_dates():
    """'entrega en 1 semana' is how long the photos may take, never the week from today
    a day rate would be counted over."""
    task = parse_request(KIND, "fotógrafo en Salamanca con entrega en 10 días", TODAY)
    got = assert_read_as(task, "es", {"delivery": 10 * 86400, "dates": None}, every=False)
    assert got["place"] == "Salamanca"


SALAMANCA = [
    Result("Lucía Prieto Fotografía", "https://luciaprieto.test/congresos",
           "Fotografía de congresos y eventos corporativos en Salamanca. Tarifa de día "
           "completo 650 €. Entrega de fotos editadas en 5 días."),
    Result("Estudio Tormes", "https://estudiotormes.test/tarifas",
           "Reportaje de eventos a partir de 550 € por día. Entrega de la galería en 15 días."),
    Result("Foco Eventos", "https://focoeventos.test/",
           "Cobertura de congresos: 950 € + IVA por jornada. Señal del 30 % para reservar."),
]
DUBLIN = [
    Result("Lens & Light Studio", "https://lenslight.test/headshots",
           "Corporate headshots on site in Dublin: €35 per person, minimum 5 people. Edited "
           "images delivered in 3 working days."),
    Result("Liffey Portraits", "https://liffeyportraits.test/",
           "Team headshots at your office: €55 per person, retouching included. Travel "
           "within Dublin free."),
    Result("Northside Photo", "https://northsidephoto.test/corporate",
           "Half-day on-site headshot session from €450, up to 20 people. Commercial "
           "licence included."),
]
LONDON = [
    Result("Packshot Lab", "https://packshotlab.test/pricing",
           "E-commerce product photography in London: £8 per image on a white background, "
           "48-hour turnaround."),
    Result("Studio Eleven", "https://studioeleven.test/",
           "Product photos on white from £12 per photo, lifestyle shots £25 per image."),
    Result("Clapham Product Studio", "https://claphamstudio.test/packages",
           "Packages: 50 photos for £450, 100 photos for £800. VAT included."),
]
# packs of hours: the one covering the hours asked, or one plus the extra hours the page
# prices (examples/photographers' README; scout/steps/packterm.py)
SEVILLA = [
    Result("Luz de Triana Bodas", "https://luzdetriana.test/packs",
           "Fotografía de boda en Sevilla. Pack 4 h: 450 €, Pack 8 h: 800 €. Álbum aparte."),
    Result("Giralda Foto", "https://giraldafoto.test/tarifas",
           "Reportaje de boda: 3 horas 390 €; 6 horas 690 €; 10 horas 990 €."),
    Result("Estudio Alameda", "https://estudioalameda.test/",
           "Cobertura de boda 5 h 600 €, hora extra 90 €. Entrega online."),
]
BRISTOL = [
    Result("Harbourside Weddings", "https://harbourside.test/packages",
           "Wedding packages: 4 hours £650, 8 hours £1,050, additional hours £120 each."),
    Result("Clifton Light", "https://cliftonlight.test/",
           "Wedding photography: 2-hour mini session £250; half day (4 hrs) £500; "
           "full day (8 hrs) £1,100."),
]
RUNS = {
    "sevilla": ("fotógrafo de boda en Sevilla, 8 horas de cobertura, máximo 900 €", SEVILLA),
    "bristol": ("wedding photographer in Bristol for 6 hours, under £1,000", BRISTOL),
    "salamanca": ("fotógrafo para congreso en Salamanca del 18 al 19 de marzo, entrega de "
                  "las fotos en 1 semana, máximo 1.500 €", SALAMANCA),
    "dublin": ("headshots for 12 staff in Dublin, on site, under €600 in total", DUBLIN),
    "london": ("product photos for 40 items, white background, London, under £10 per photo",
               LONDON),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_a_day_rate_for_the_days_asked_in_spanish(runs):
    run, _ = runs["salamanca"]
    assert _names(run) == ["Estudio Tormes", "Lucía Prieto Fotografía"]
    assert _excluded(run) == {"Foco Eventos": ["por encima del presupuesto"]}
    # the day rate times the two days asked, and how it was worked out
    assert "1.300 € en total (650 €/día según la fuente)" in run.report
    assert "1.100 € en total (550 €/día según la fuente)" in run.report
    # a wait for the photos is no dates: the title names the days asked, not a week ahead
    assert "18–19 de marzo de 2027" in run.report.splitlines()[0]


def test_the_pack_that_covers_the_hours_asked_in_spanish(runs):
    run, _ = runs["sevilla"]
    # 8 hours: the 8-hour pack's 800 € (once its first 450 €); 5 h + 3 extra hours at
    # 90 € is 870 €; 10 hours' 990 € is the least that covers 8 (once 390 €, kept)
    assert _names(run) == ["Luz de Triana Bodas", "Estudio Alameda"]
    assert _excluded(run) == {"Giralda Foto": ["por encima del presupuesto"]}
    assert "Pack 8 h: 800 €" in run.report
    assert "la más barata de las tarifas de la página que cubre las 8 horas pedidas" \
        in run.report
    assert "5 h 600 €, más 3 × hora extra 90 €" in run.report


def test_packs_of_hours_in_english_sum_only_what_the_page_adds(runs):
    run, _ = runs["bristol"]
    # 6 hours: £650 for 4 plus 2 additional hours at £120 (£890) beats the 8-hour £1,050;
    # the mini session is never booked three times over, the page says no such thing:
    # the full day's £1,100 covers the 6 hours, over the £1,000 asked
    assert _names(run) == ["Harbourside Weddings"]
    assert _excluded(run) == {"Clifton Light": ["over budget"]}
    assert "890 GBP" in run.report
    assert "the cheapest of the page's packs for the 6 hours asked: 4 hours £650, plus 2 " \
        "× additional hours £120 each" in run.report


def test_a_deposit_is_shown_apart(runs):
    run, _ = runs["salamanca"]
    items = run.artifact("shortlist")["items"]
    assert all(i["values"]["deposit"] is None for i in items)
    run, _ = runs["dublin"]
    assert "Liffey Portraits" in _excluded(run)


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["salamanca"]
    own = _own_words(run.report, SALAMANCA)
    english = words_of(*REPORT_ENGLISH, "photographer", "deposit", "travel", "per day")
    assert not english.search(own), english.findall(own)


def test_headshots_per_person_for_the_people_asked_in_english(runs):
    run, _ = runs["dublin"]
    assert _names(run)[0] == "Lens & Light Studio"
    assert "420 EUR (35 EUR/person as stated)" in run.report
    # €55 a head is 660 EUR for 12: over the €600 asked in total
    assert _excluded(run) == {"Liffey Portraits": ["over budget"]}
    own = _own_words(run.report, DUBLIN)
    spanish = words_of(*REPORT_SPANISH, "fotógrafo", "señal", "desplazamiento", "por persona")
    assert not spanish.search(own), spanish.findall(own)


def test_a_budget_per_photo_is_compared_per_photo(runs):
    run, _ = runs["london"]
    assert _names(run) == ["Packshot Lab", "Clapham Product Studio"]
    assert _excluded(run) == {"Studio Eleven": ["over budget"]}
    # a pack of 50 photos for £450 is £9 a photo, and the report says so
    assert "9 GBP/item (450 GBP as stated)" in run.report
    assert "8 GBP/item" in run.report and "≤ 10 GBP/item" in run.report


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "tarifa de luz", "permanencia", "kWh", "Wp",
                       "alquiler", "rent", "menu", "menú")


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
