"""An outside-author kind: clinics and doctors (examples/clinics), written from the docs
alone. A practice is asked for by its specialty and place, the languages its doctors
speak, the insurance it takes, weekend hours, a price cap per visit and its stars on a maps
listing (out of 5: the rating input's ``scale: 5``). Requests are typed as the lab types
them, in both languages; three run end to end offline with scout.testing (module-scoped:
one run each), and the report is checked for its language, its citations, for saying what
a clinic does not state, and for words that do not belong to a clinic."""

from __future__ import annotations

import datetime as dt
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
    shortlist_names as _names,
    cap,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "clinics"
KIND = PROJECT / "pipelines" / "clinics.yaml"
TODAY = dt.date(2026, 12, 2)


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "dentista en Valencia que hable inglés, que acepte Sanitas, abierto los sábados":
        ("es", {"specialty": "dentist", "city": "Valencia", "languages": ["english"],
                "insurance": "sanitas", "weekend": True}),
    "English-speaking paediatrician in Madrid, Chamberí, rated 4.5+ on Google":
        ("en", {"specialty": "paediatrician", "city": "Madrid", "area": "Chamberí",
                "languages": ["english"], "min_rating": 9.0}),
    # the neighbourhood by its word, the city by its own
    "pediatra que hable inglés en Madrid, barrio de Chamberí":
        ("es", {"specialty": "paediatrician", "city": "Madrid", "area": "Chamberí",
                "languages": ["english"]}),
    "dentist near Ruzafa in Valencia":
        ("en", {"specialty": "dentist", "city": "Valencia", "area": "Ruzafa"}),
    "fisioterapeuta cerca de Sants con cita esta semana, menos de 50 € la sesión":
        ("es", {"specialty": "physiotherapist", "area": "Sants", "budget": cap(50)}),
    "English-speaking dentist in Valencia accepting Sanitas, open on Saturdays":
        ("en", {"specialty": "dentist", "city": "Valencia", "languages": ["english"],
                "insurance": "sanitas", "weekend": True}),
    "physio near Sants, max €50 per session":
        ("en", {"specialty": "physiotherapist", "area": "Sants", "budget": cap(50)}),
    "pediatra en Madrid con Adeslas, 4,5 estrellas o más":
        ("es", {"specialty": "paediatrician", "city": "Madrid", "insurance": "adeslas",
                "min_rating": 9.0}),
    "dermatologist in Barcelona that takes DKV, under 80 EUR a visit":
        ("en", {"specialty": "dermatologist", "city": "Barcelona", "insurance": "dkv",
                "budget": cap(80)}),
    "psicólogo en Sevilla que hable francés y catalán, privado, máximo 60 euros":
        ("es", {"specialty": "psychologist", "city": "Sevilla",
                "languages": ["french", "catalan"], "insurance": "private",
                "budget": cap(60)}),
    "médico de cabecera en Bilbao, Mapfre, abierto fines de semana":
        ("es", {"specialty": "gp", "city": "Bilbao", "insurance": "mapfre", "weekend": True}),
    "ophthalmologist in Málaga, German-speaking, no insurance, rated at least 4 stars":
        ("en", {"specialty": "ophthalmologist", "city": "Málaga", "languages": ["german"],
                "insurance": "private", "min_rating": 8.0}),
}


@pytest.fixture(scope="module")
def inputs():
    return load_pipeline(KIND).model.inputs


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(inputs, query):
    lang, want = REQUESTS[query]
    got = assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)
    # a language's or a day's cue is nobody's place
    assert got.get("city") not in {"Inglés", "English", "Saturdays", "Google"}
    assert got.get("area") not in {"Inglés", "English", "Saturdays", "Google"}


VALENCIA = [
    Result("Clínica Dental Ruzafa - Doctoralia", "https://clinicas.test/ruzafa",
           "Clínica Dental Ruzafa, Valencia. Hablamos inglés. Aceptamos Sanitas y Adeslas. "
           "Horario: lunes a sábado de 9:00 a 14:00. Valoración 4,8/5 en Google. "
           "Primera consulta 40 €."),
    Result("Dental Campanar", "https://clinicas.test/campanar",
           "Dental Campanar, Valencia. English spoken. Sanitas. Abierto los sábados por la "
           "mañana. 4,6/5 en Google."),
    Result("Clínica Dental Benimaclet", "https://clinicas.test/benimaclet",
           "Clínica Dental Benimaclet, Valencia. Hablamos inglés. Trabajamos con Adeslas y "
           "DKV. Horario: lunes a sábado. 4,9/5 en Google. Consulta 35 €."),
    Result("Centro Dental El Carmen", "https://clinicas.test/carmen",
           "Centro Dental El Carmen, Valencia. Aceptamos Sanitas. Se habla inglés. "
           "Horario: lunes a viernes de 9:00 a 20:00. 4,7/5 en Google. Consulta 30 €."),
    Result("Dentistas Patraix", "https://clinicas.test/patraix",
           "Dentistas Patraix, Valencia. Sanitas y Mapfre. Abierto sábados. 4,5/5 en Google. "
           "Consulta 25 €."),
]
MADRID = [
    Result("Chamberí Kids Clinic", "https://clinics.test/chamberi-kids",
           "Paediatric clinic in Chamberí, Madrid. English-speaking paediatricians. "
           "Rated 4.8/5 on Google. Consultation €70."),
    Result("Pediatría Ríos Rosas", "https://clinics.test/rios-rosas",
           "Pediatría Ríos Rosas, Chamberí, Madrid. We speak English. Rated 4.3/5 on Google. "
           "Consultation €55."),
    Result("Little Steps Paediatrics", "https://clinics.test/little-steps",
           "Little Steps Paediatrics, Madrid. Spanish only. Rated 4.9/5 on Google."),
    Result("Dr. Moreno Paediatrician", "https://clinics.test/moreno",
           "Dr. Moreno, paediatrician in Chamberí, Madrid. English spoken. Rated 4.6/5 on "
           "Google."),
]
SANTS = [
    Result("Fisio Sants", "https://fisio.test/sants",
           "Fisio Sants, Barcelona. Sesión de fisioterapia 40 €. 4,7/5 en Google."),
    Result("Centre de Fisioteràpia Hostafrancs", "https://fisio.test/hostafrancs",
           "Fisioterapia cerca de Sants. Sesión 65 €. 4,9/5 en Google."),
    Result("Physio Plaça de Sants", "https://fisio.test/placa",
           "Fisioterapeuta en Plaça de Sants, Barcelona. 4,4/5 en Google. Citas esta semana."),
]

RUNS = {
    "valencia": ("dentista en Valencia que hable inglés, que acepte Sanitas, abierto los "
                 "sábados", VALENCIA),
    "madrid": ("English-speaking paediatrician in Madrid, Chamberí, rated 4.5+ on Google",
               MADRID),
    "sants": ("fisioterapeuta cerca de Sants con cita esta semana, menos de 50 € la sesión",
              SANTS),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_insurance_language_and_weekend_filter_best_rated_first(runs):
    run, queries = runs["valencia"]
    # takes Sanitas, speaks English, opens on Saturdays; by stars
    # the directory's name is stripped; two clinics named by the kind's category words
    # ("Clínica Dental ...") on one site stay two
    assert _names(run) == ["Clínica Dental Ruzafa", "Dental Campanar"]
    assert _excluded(run) == {
        "Clínica Dental Benimaclet": ["no dice que acepte Sanitas"],
        "Centro Dental El Carmen": ["no dice que abra el fin de semana"],
        "Dentistas Patraix": ["no dice que se hable inglés"],
    }
    assert queries[0].startswith("dentista en Valencia")


def test_a_spanish_request_gets_a_spanish_report_in_stars_out_of_5(runs):
    run, _ = runs["valencia"]
    report = run.report
    assert report.startswith("# Clínicas y médicos — Valencia")
    assert "2 clínicas de 5 encontradas: dentista, que hablen inglés, que acepten Sanitas, " \
           "abiertas el fin de semana." in report
    assert re.search(r"\| 1 \| Clínica Dental Ruzafa[^|]*\| 40 € \[1\] \| 4,8/5 \[1\] \| abre \|", report)
    # a clinic that states no price says so, never a guess
    assert re.search(r"\| 2 \| Dental Campanar \| no consta \| 4,6/5 \[2\] \| abre \|", report)
    own = _own_words(report, VALENCIA)
    for english in ("Shortlist", "Sources", "What you asked", "not stated", "unknown",
                    "over the price cap"):
        assert english not in own, english
    assert not re.search(r"\d/10\b", report)


def test_english_request_rating_floor_out_of_5(runs):
    run, queries = runs["madrid"]
    task = run.artifact("task")
    assert task["lang"] == "en" and task["values"]["min_rating"] == 9.0
    assert _names(run) == ["Chamberí Kids Clinic", "Dr. Moreno Paediatrician"]
    assert _excluded(run) == {"Pediatría Ríos Rosas": ["rated 4.3/5"],
                              "Little Steps Paediatrics": [
                                  "does not say its doctors speak English"]}
    report = run.report
    assert report.startswith("# Clinics and doctors")
    assert "| 1 | Chamberí Kids Clinic | 70 EUR [1] | 4.8/5 [1] |" in report
    assert "| 2 | Dr. Moreno Paediatrician | not stated | 4.6/5 [2] | hours not stated |" in report
    # the kind's locales/en names its enum values for English readers, in its own
    # sentences and in the shared "What you asked" table alike
    assert "2 clinics out of 4 found: paediatrician, speaking English, rated 4.5/5 or more." \
        in report
    assert "| languages | English | query |" in report
    assert "paediatrician" in queries[0] and "English" in queries[0]  # as the report says
    own = _own_words(report, MADRID)
    for spanish in ("Selección", "Fuentes", "clínica", "no consta", "valoración"):
        assert spanish not in own, spanish
    assert not re.search(r"\d/10\b", report)


def test_price_cap_per_session(runs):
    run, _ = runs["sants"]
    assert run.artifact("task")["values"]["budget"]["amount"] == 50.0
    assert "Centre de Fisioteràpia Hostafrancs" in _excluded(run)
    assert _excluded(run)["Centre de Fisioteràpia Hostafrancs"] == \
        ["por encima del precio máximo"]
    # the one that states no price is kept, and the report says so
    assert _names(run) == ["Fisio Sants", "Physio Plaça de Sants"]
    assert re.search(r"\| 2 \| Physio Plaça de Sants \| no consta \|", run.report)


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


# words of other kinds: lodging, tickets, jobs, wine, the price period of a stay or a rent
OTHER_KINDS = re.compile(r"(?i)\b(hotels?|nights?|noches?|habitaci[oó]n(es)?|rooms?|stay|"
                         r"guests?|huéspedes|salary|salario|tickets?|entradas|al mes|"
                         r"per month|/night|/noche|bottles?|botellas?|vintage|añada)\b")


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/clinics.yaml",
                      "pediatra en Madrid con Adeslas, 4,5 estrellas o más",
                      tmp_path, capsys, monkeypatch)
    for words in ["insurance", "adeslas", "min_rating", "F0", "R1", "F6"]:
        assert words in out, words
