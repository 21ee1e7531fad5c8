"""An outside-author kind: wines (examples/wines), written from the docs alone. Wine is
scored on other scales than 0-10: critics out of 100 ("más de 90 puntos", "92+ Parker"),
drinkers out of 5 ("4.2 on Vivino"); scout keeps every rating on 0-10 and the report
shows it out of 100 (``rating(100)``). The requests are typed as the lab types them, in
both languages; four run end to end offline with scout.testing (module-scoped: one run
each), and the report is checked for its language, its citations, and for words that do
not belong to a bottle of wine."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.testing import Result
from tests.kinds import (
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    plan_output,
    run_each,
    run_kind,
    shortlist_names as _names,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "wines"
KIND = PROJECT / "pipelines" / "wines.yaml"
TODAY = dt.date(2026, 12, 2)


def _money(amount: float, currency: str = "EUR") -> dict:
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": None}


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "un ribera del duero crianza de 2019 por menos de 25 € con más de 90 puntos":
        ("es", {"vintage": 2019, "budget": _money(25), "min_score": 9.0}),
    "natural orange wine from Georgia under $40":
        ("en", {"style": "orange", "country": "Georgia", "natural": True,
                "budget": _money(40, "USD")}),
    "albariño para una cena de marisco, hasta 15 euros":
        ("es", {"variety": "albariño", "pairing": "marisco", "budget": _money(15)}),
    # other scales: a critic's 100 points named by the critic, a drinkers' app out of 5
    "un rioja reserva de 2016, 92+ Parker, máximo 30 euros":
        ("es", {"vintage": 2016, "min_score": 9.2, "budget": _money(30)}),
    "pinot noir from Oregon, 4.2 on Vivino, under $50":
        ("en", {"variety": "pinot noir", "country": "Oregon", "min_score": 8.4,
                "budget": _money(50, "USD")}),
    "malbec con 4,2 en Vivino por menos de 20 euros":
        ("es", {"variety": "malbec", "min_score": 8.4, "budget": _money(20)}),
    "priorat cosecha 2015 con 95 puntos Peñín":
        ("es", {"variety": "priorat", "vintage": 2015, "min_score": 9.5}),
    "organic Chianti, 2016 vintage, rated 93 points or more":
        ("en", {"organic": True, "vintage": 2016, "min_score": 9.3}),
    "vino tinto ecológico cosecha 2018 de al menos 92 puntos":
        ("es", {"style": "red", "organic": True, "vintage": 2018, "min_score": 9.2}),
    "a white Burgundy to pair with roast chicken, at least 90 points":
        ("en", {"style": "white", "pairing": "roast chicken", "min_score": 9.0}),
    "cava para acompañar con jamón, máximo 12 €":
        ("es", {"style": "sparkling", "pairing": "jamón", "budget": _money(12)}),
    "champagne under 60 GBP with 94+ points from Wine Spectator":
        ("en", {"style": "sparkling", "min_score": 9.4, "budget": _money(60, "GBP")}),
}


@pytest.fixture(scope="module")
def inputs():
    return load_pipeline(KIND).model.inputs


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(inputs, query):
    lang, want = REQUESTS[query]
    got = assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)
    # the cue of a pattern ("to pair with", "para acompañar") and the kind's own noun
    # are nobody's place or subject
    assert got.get("country") not in {"Pair", "Acompañar"}
    assert got.get("variety") not in {"wine", "vino", "vinos", "acompañar"}


RIBERA = [
    Result("Pago de Carraovejas Crianza 2019 - Vinissimus", "https://vinos.test/carraovejas-2019",
           "Pago de Carraovejas Crianza 2019, Ribera del Duero. 93 puntos Parker. 24,90 €."),
    Result("Protos Crianza 2019", "https://vinos.test/protos-crianza-2019",
           "Protos Crianza 2019, Ribera del Duero: 90 puntos Guía Peñín. 14,50 €."),
    Result("Emilio Moro 2019", "https://vinos.test/emilio-moro-2019",
           "Emilio Moro 2019, Ribera del Duero, 92 puntos Peñín. 21,00 €."),
    Result("Vega Sicilia Valbuena 5º 2019", "https://vinos.test/valbuena-2019",
           "Valbuena 5º 2019, Ribera del Duero: 96 puntos Parker. 149,00 €."),
    Result("Viña Pedrosa Crianza 2018", "https://vinos.test/pedrosa-2018",
           "Viña Pedrosa Crianza 2018, Ribera del Duero: 91 puntos. 22,50 €."),
    Result("Arzuaga Crianza 2019", "https://vinos.test/arzuaga-2019",
           "Arzuaga Crianza 2019, Ribera del Duero: 88 puntos Parker. 19,90 €."),
]
GEORGIA = [
    Result("Pheasant's Tears Rkatsiteli 2021", "https://wineshop.test/pheasants-tears",
           "Pheasant's Tears Rkatsiteli, natural amber wine from Kakheti, Georgia, made in "
           "qvevri. 91 points. $32."),
    Result("Orgo Rkatsiteli Qvevri 2020", "https://wineshop.test/orgo",
           "Orgo Rkatsiteli, natural skin-contact orange wine, no added sulfites. 92 points. $38."),
    Result("Tbilvino Qvevris Rkatsiteli 2021", "https://wineshop.test/tbilvino",
           "Tbilvino Qvevris, a conventional orange wine from Georgia. 89 points. $19."),
    Result("Iago's Chinuri 2020", "https://wineshop.test/iago-chinuri",
           "Iago's Chinuri, natural orange wine from Georgia. 93 points. $55."),
]
OREGON = [
    Result("Domaine Drouhin Oregon Pinot Noir 2021", "https://wineshop.test/drouhin",
           "Domaine Drouhin Pinot Noir, Dundee Hills. 4.4/5 on Vivino. $45."),
    Result("Willamette Valley Vineyards Pinot Noir 2022", "https://wineshop.test/wvv",
           "Willamette Valley Vineyards Pinot Noir. 4.1/5 on Vivino. $28."),
    Result("Eyrie Vineyards Pinot Noir 2020", "https://wineshop.test/eyrie",
           "The Eyrie Vineyards Pinot Noir. 4.3/5 on Vivino. $39.50."),
]
RIAS = [
    Result("Pazo de Señoráns Albariño 2023", "https://vinos.test/senorans",
           "Pazo de Señoráns Albariño 2023, Rías Baixas: ideal con marisco. 92 puntos. 14,90 €."),
    Result("Martín Códax Albariño 2023", "https://vinos.test/codax",
           "Martín Códax Albariño 2023, Rías Baixas. 89 puntos. 9,95 €."),
    Result("Terras Gauda O Rosal 2023", "https://vinos.test/terras-gauda",
           "Terras Gauda O Rosal 2023, Rías Baixas. 91 puntos. 16,50 €."),
]

RUNS = {
    "ribera": ("un ribera del duero crianza de 2019 por menos de 25 € con más de 90 puntos", RIBERA),
    "georgia": ("natural orange wine from Georgia under $40", GEORGIA),
    "oregon": ("pinot noir from Oregon, 4.2 on Vivino, under $50", OREGON),
    "rias": ("albariño para una cena de marisco, hasta 15 euros", RIAS),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The four runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_critics_points_rank_within_budget_and_vintage(runs):
    run, _ = runs["ribera"]
    # best score first; over budget, under 90 points and another vintage are left out
    assert _names(run) == ["Pago de Carraovejas Crianza 2019", "Emilio Moro 2019",
                           "Protos Crianza 2019"]
    assert _excluded(run) == {"Vega Sicilia Valbuena 5º 2019": ["por encima del presupuesto"],
                              "Viña Pedrosa Crianza 2018": ["no es de la añada 2019"],
                              "Arzuaga Crianza 2019": ["puntuado con 88/100"]}


def test_a_spanish_request_gets_a_spanish_report_out_of_100(runs):
    run, queries = runs["ribera"]
    report = run.report
    assert report.startswith("# Vinos")
    assert "3 vinos de 6 encontrados: por como mucho 25 € la botella, con 90/100 o más, " \
           "de la añada 2019." in report
    assert "| 1 | Pago de Carraovejas Crianza 2019 | 24,90 € [1] | 93/100 [1] |" in report
    # a price keeps its cents: 14,50 € is not a 14 € bottle
    assert "| 3 | Protos Crianza 2019 | 14,50 € [3] | 90/100 [3] |" in report
    own = _own_words(report, RIBERA)
    for english in ("Shortlist", "Sources", "What you asked", "bottle", "over budget", "unknown"):
        assert english not in own, english
    assert queries[0].startswith("vino ")


def test_the_shared_sections_and_the_synthesis_speak_points_out_of_100(runs):
    """The kind declares `scale: 100`: what was asked, who was left out, the synthesis and
    its near miss write "93/100" as the kind's table does, never "9,3/10"."""
    run, _ = runs["ribera"]
    report = run.report
    assert "| puntuación mínima | 90/100 | consulta |" in report
    # each figure of a left-out wine carries its source number (the wine's own page), and
    # so does the near miss the synthesis names first: the same number in both
    assert "- **Arzuaga Crianza 2019** (19,90 € [4], 88/100 [4]): puntuado con 88/100" in report
    assert "88/100 frente a 90/100; no está en la selección. [4]" in report
    assert "mejor valorada que encaja con tu petición: 93/100." in report
    assert "88/100 frente a 90/100" in report
    assert "puntuación mínima: se ha leído «90/100» de «más de 90 puntos»" in report
    for key, (each, _) in runs.items():
        assert not re.search(r"\d/10\b", each.report), (key, re.search(r".*\d/10\b.*",
                                                                       each.report))
        assert not re.search(r"\d/10\b", json.dumps(each.artifact("synthesis"))), key
    english, _ = runs["georgia"]
    assert re.search(r"\b9\d/100\b", json.dumps(english.artifact("synthesis")))


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        assert re.search(r"\[\d+\]", run.artifact("synthesis")["answer"]
                         if "answer" in run.artifact("synthesis") else run.report)


def test_natural_orange_wine_in_english(runs):
    run, queries = runs["georgia"]
    task = run.artifact("task")
    assert task["lang"] == "en" and task["values"]["natural"] is True
    # over $40 and not natural are left out; the rest by score
    assert _names(run) == ["Orgo Rkatsiteli Qvevri 2020", "Pheasant's Tears Rkatsiteli 2021"]
    assert _excluded(run) == {"Iago's Chinuri 2020": ["over budget"],
                              "Tbilvino Qvevris Rkatsiteli 2021": ["not a natural wine"]}
    assert run.report.startswith("# Wines")
    assert "| 1 | Orgo Rkatsiteli Qvevri 2020 | 38 USD [1] | 92/100 [1] |" in run.report
    assert "orange wine" in queries[0] and "natural" in queries[0]
    own = _own_words(run.report, GEORGIA)
    for spanish in ("Selección", "Fuentes", "botella", "puntuación"):
        assert spanish not in own, spanish


def test_a_five_point_app_score_is_read_and_compared(runs):
    """'4.2 on Vivino' is 8.4 on 0-10; a listing's '4.1/5 on Vivino' (8.2) is under it."""
    run, _ = runs["oregon"]
    assert run.artifact("task")["values"]["min_score"] == 8.4
    assert _names(run) == ["Domaine Drouhin Oregon Pinot Noir 2021",
                           "Eyrie Vineyards Pinot Noir 2020"]
    assert list(_excluded(run)) == ["Willamette Valley Vineyards Pinot Noir 2022"]
    # the source's own "4.3/5" beside the score compared, so the reader finds it there
    assert "| 2 | Eyrie Vineyards Pinot Noir 2020 | 39.50 USD [2] | 86/100 (4.3/5 in the " \
        "source) [2] |" in run.report


def test_the_pairing_reaches_the_report(runs):
    run, _ = runs["rias"]
    assert run.artifact("task")["values"]["pairing"] == "marisco"
    assert "para acompañar marisco" in run.report
    assert _names(run) == ["Pazo de Señoráns Albariño 2023", "Martín Códax Albariño 2023"]
    assert _excluded(run) == {"Terras Gauda O Rosal 2023": ["por encima del presupuesto"]}


# words of other kinds: lodging, tickets, jobs, the price period of a stay or a rent
OTHER_KINDS = re.compile(r"(?i)\b(hotels?|nights?|noches?|habitaci[oó]n(es)?|rooms?|stay|guests?|"
                         r"huéspedes|estrellas|stars|salary|salario|tickets?|entradas|al mes|"
                         r"per month|/night|/noche)\b")


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_nothing_found_says_so_in_the_request_language(tmp_path):
    # every search answers zero results: no fan-out, fast
    run, _ = run_kind(KIND, tmp_path,
                      "un txakoli de getaria por menos de 12 euros",
                      [], today=TODAY)
    assert "Ningún vino cumple la petición" in run.report
    assert "no se encontró ninguna botella." in run.report


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/wines.yaml",
                      "priorat cosecha 2015 con 95 puntos Peñín",
                      tmp_path, capsys, monkeypatch)
    for words in ["vintage", "2015", "min_score", "priorat", "F0", "R1", "F6"]:
        assert words in out, words
