"""An outside-author kind: equipment hire (examples/hire), written from the docs alone.
Projectors, sound, cameras, generators and tools hired by the day or the week, compared
on the total for the days or the length asked against a budget for the whole hire (the
budget input's ``per: total``: "3 días, máximo 400 €" is 400 € for the three days, never
a cap of 400 € a day). The requests are typed as the lab types them, in both languages;
three run end to end offline with scout.testing (module-scoped: one run each), and the
reports are checked for their language, their citations, and for words that do not
belong to equipment hire."""

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
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    run_each,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "hire"
KIND = PROJECT / "pipelines" / "hire.yaml"
TODAY = dt.date(2026, 12, 7)      # a Monday


def _total(amount: float, currency: str) -> dict[str, object]:
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": "total"}


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "alquiler de proyector y pantalla para un congreso en Valencia, 3 días, entrega y "
    "recogida incluidas, máximo 400 €":
        ("es", {"equipment": "proyector y pantalla", "place": "Valencia",
                "budget": _total(400.0, "EUR"), "delivery": True}),
    "rentar una cámara Sony FX3 con 2 lentes en CDMX del jueves al lunes, hasta 6.000 pesos":
        ("es", {"equipment": "cámara", "place": "CDMX", "brand": "sony",
                "budget": _total(6000.0, "MXN")}),
    "necesito rentar un generador en Monterrey para el fin de semana con técnico":
        ("es", {"equipment": "generador", "place": "Monterrey", "technician": True}),
    "alquilamos una mesa de mezclas en Sevilla para el sábado, con seguro, hasta 90 €":
        ("es", {"equipment": "mesa de mezclas", "place": "Sevilla", "insurance": True,
                "budget": _total(90.0, "EUR")}),
    "generator hire 5 kVA for one week in Dublin under €300 plus VAT":
        ("en", {"equipment": "generator", "place": "Dublin"}),
    "The user needs a camera from Canon in Manchester for 4 days, under £200 in total, "
    "delivered to the venue":
        ("en", {"place": "Manchester", "brand": "canon", "delivery": True,
                "budget": _total(200.0, "GBP")}),
    "hire a projector in Leeds, max £60 a day":
        ("en", {"equipment": "projector", "place": "Leeds",
                "budget": {"amount": 60.0, "currency": "GBP", "comparator": "<=", "per": "day"}}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


VALENCIA = [
    Result("AudioVisual Turia", "https://turia-av.test/",
           "Alquiler de proyector Epson 5.000 lúmenes: 1 día 60 €, fin de semana 90 €, "
           "semana 180 €. Pantalla de 2 m incluida. Precios + IVA."),
    Result("Congresos Levante AV", "https://levante-av.test/",
           "Pack conferencia: proyector + pantalla + micro 120 €/día IVA incluido. Entrega "
           "y recogida gratis en Valencia. Fianza 300 €."),
    Result("ProyectaYa", "https://proyectaya-av.test/",
           "Alquiler de proyectores a partir de 45 € al día. Recogida en tienda."),
    Result("Eventos Malvarrosa", "https://malvarrosa-av.test/",
           "Proyector láser 10.000 lúmenes con técnico: 350 €/día + IVA, entrega incluida."),
]
GLASGOW = [
    Result("Clyde PA Hire", "https://clyde-av.test/",
           "PA system hire from £85 per day, delivered and collected across Glasgow. "
           "Damage waiver 10%."),
    Result("Merchant City Sound", "https://merchant-av.test/",
           "Two-speaker PA with mixer: £150 a day ex VAT. Collection only."),
    Result("Kelvin Events AV", "https://kelvin-av.test/",
           "Line array PA with an engineer on site, £420 per day."),
]
CDMX = [
    Result("Renta Cine Roma", "https://roma-av.test/",
           "Renta de Sony FX3 con 2 lentes: $1,100 MXN por día. Depósito en garantía."),
    Result("Polanco Rental House", "https://polanco-av.test/",
           "Cámara Sony FX3 kit completo, 2.500 pesos al día, seguro incluido."),
]

# a list of terms: the cheapest covering the days asked, a first day plus the extra days
# only where the page prices them so (scout/steps/packterm.py)
MADRID = [
    Result("Sonido Lavapiés", "https://lavapies-sonido.test/",
           "Altavoces autoamplificados: 1 día 30 €, fin de semana 45 €, semana 90 €."),
    Result("Chamberí Audio", "https://chamberi-audio.test/",
           "Altavoz con trípode: 25 € el primer día y 10 € cada día adicional."),
    Result("Retiro Eventos", "https://retiro-eventos.test/",
           "Alquiler de altavoces 22 €/día, recogida en tienda."),
]
BRISTOL = [
    Result("Avon Tool & AV", "https://avon-av.test/",
           "Projector hire: £40 first day, £20 each extra day. Delivery extra."),
    Result("Bedminster Hire", "https://bedminster-hire.test/",
           "Projector hire rates - 1 day £25, weekend £35, week £75. Collect from the shop."),
    Result("Temple Meads Rentals", "https://templemeads.test/",
           "HD projectors from £18 per day."),
]

RUNS = {
    "madrid": ("alquiler de altavoces en Madrid durante 5 días, máximo 100 €", MADRID),
    "bristol": ("hire a projector in Bristol for 5 days, under £100 in total", BRISTOL),
    "valencia": ("alquiler de proyector y pantalla para un congreso en Valencia, 3 días, "
                 "entrega y recogida incluidas, máximo 400 €", VALENCIA),
    "glasgow": ("hire a PA system for 2 days in Glasgow, under £250, delivered", GLASGOW),
    "cdmx": ("rentar una cámara Sony FX3 en CDMX del jueves al lunes, hasta 6.000 pesos", CDMX),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_a_rate_a_day_is_compared_for_the_days_asked_in_spanish(runs):
    run, queries = runs["valencia"]
    # 3 días × 350 €/día is 1.050 €, over the 400 € the whole hire may cost (once
    # compared as 350 € against 400 €, and kept); 45 €/día × 3 is 135 €, the cheapest
    assert _names(run) == ["ProyectaYa", "AudioVisual Turia", "Congresos Levante AV"]
    assert _excluded(run) == {"Eventos Malvarrosa": ["por encima del presupuesto"]}
    assert "135 € en total (45 €/día según la fuente)" in run.report
    assert "360 € en total impuestos incluidos (120 €/día" in run.report
    assert "≤ 400 € en total" in run.report
    assert queries[0].startswith("hire proyector y pantalla in Valencia")


def test_the_cheapest_term_that_covers_the_days_asked_in_spanish(runs):
    run, _ = runs["madrid"]
    # 5 días: 25 € + 4 días adicionales × 10 € = 65 €; la semana (90 €), no 5 × 30 €
    # (150 €, antes); 22 €/día × 5 = 110 €, por encima de 100 €
    assert _names(run) == ["Chamberí Audio", "Sonido Lavapiés"]
    assert _excluded(run) == {"Retiro Eventos": ["por encima del presupuesto"]}
    assert "semana 90 €" in run.report and "que cubre los 5 días pedidos" in run.report
    assert "25 € el primer día, más 4 × 10 € cada día adicional" in run.report


def test_the_cheapest_term_that_covers_the_days_asked_in_english(runs):
    run, _ = runs["bristol"]
    # 5 days: the week's £75 (once the first day's £25); £18 × 5 = £90; £40 + 4 × £20 =
    # £120, over the £100 asked (once compared at its £40)
    assert _names(run) == ["Bedminster Hire", "Temple Meads Rentals"]
    assert _excluded(run) == {"Avon Tool & AV": ["over budget"]}
    assert "the cheapest of the page's terms that covers the 5 days asked: week £75" \
        in run.report


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["valencia"]
    assert run.report.startswith("# Alquiler: proyector y pantalla · Valencia · 3 días · "
                                 "con entrega")
    own = _own_words(run.report, VALENCIA)
    english = words_of(*REPORT_ENGLISH, "delivery", "technician", "insurance")
    assert not english.search(own), english.findall(own)


def test_an_english_budget_for_two_days(runs):
    run, _ = runs["glasgow"]
    # £85 × 2 = 170 GBP; £150 × 2 = 300 GBP over £250; £420 × 2 = 840 GBP
    assert _names(run) == ["Clyde PA Hire"]
    assert set(_excluded(run)) == {"Merchant City Sound", "Kelvin Events AV"}
    assert "170 GBP in total" in run.report
    own = _own_words(run.report, GLASGOW)
    spanish = words_of(*REPORT_SPANISH, "entrega", "técnico", "seguro", "alquiler")
    assert not spanish.search(own), spanish.findall(own)


def test_pesos_for_the_days_of_a_thursday_to_monday(runs):
    run, _ = runs["cdmx"]
    # del jueves al lunes: 10-14 December, 5 days of use; 1.100 × 5 = 5.500 MXN, within
    # 6.000; 2.500 × 5 = 12.500 MXN is not
    assert _names(run) == ["Renta Cine Roma"]
    assert list(_excluded(run)) == ["Polanco Rental House"]
    assert "5.500 MXN en total" in run.report


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


# words of other kinds: lodging, pay, stock, energy tariffs, tickets
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "tarifa", "tariff", "permanencia", "tickets?",
                       "entradas", "rating unknown", "valoración desconocida",
                       ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
