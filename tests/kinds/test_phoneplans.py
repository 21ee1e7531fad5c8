"""An outside-author kind: mobile phone plans (examples/phoneplans), written from the docs
alone. A plan is compared by its price per month against a monthly cap, its data against
a floor ("más de 50 GB", "ilimitados"), its commitment ("sin permanencia", "no contract")
and what it includes (5G, EU roaming, eSIM); a travel eSIM by the days it lasts. The
requests are typed as the lab types them, in both languages; three run end to end offline
with scout.testing (module-scoped: one run each), and the report is checked for its
language, its citations, a promotional price that rises, and for words that do not belong
to a phone plan."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.testing import Result
from tests.kinds import (
    own_pages,
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    run_each,
    shortlist_names as _names,
    cap,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "phoneplans"
KIND = PROJECT / "pipelines" / "phoneplans.yaml"
TODAY = dt.date(2026, 12, 2)


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "tarifa móvil con más de 50 GB por menos de 15 € al mes sin permanencia en España":
        ("es", {"country": "España", "min_data": 50.0, "budget": cap(15, per="month"),
                "commitment": False}),
    "SIM only plan in the UK, unlimited data, under £20 a month, 5G, EU roaming included":
        ("en", {"country": "UK", "unlimited": True, "budget": cap(20, "GBP", per="month"),
                "five_g": True, "eu_roaming": True}),
    "eSIM para viajar a Japón 10 días, 20 GB":
        ("es", {"country": "Japón", "esim": True, "trip_days": 10, "min_data": 20.0}),
    "tarifa con datos ilimitados y 5G, máximo 20 euros al mes":
        ("es", {"unlimited": True, "five_g": True, "budget": cap(20, per="month")}),
    "busco una tarifa sin permanencia de al menos 30 gigas, hasta 10 euros al mes":
        ("es", {"commitment": False, "min_data": 30.0, "budget": cap(10, per="month")}),
    "cheap sim only deal in Spain, 30GB, no contract, under 10 EUR per month":
        ("en", {"country": "Spain", "min_data": 30.0, "budget": cap(10, per="month"),
                "commitment": False}),
    "travel eSIM for Japan, 14 days, at least 10 GB, under $30":
        ("en", {"country": "Japan", "esim": True, "trip_days": 14, "min_data": 10.0,
                "budget": cap(30, "USD")}),
    "5G plan with EU roaming, max 12 months contract, under 25 EUR/month":
        ("en", {"five_g": True, "eu_roaming": True, "max_commitment_months": 12,
                "budget": cap(25, per="month")}),
    "tarifa 5G con roaming en la UE y eSIM por menos de 12 € al mes":
        ("es", {"five_g": True, "eu_roaming": True, "esim": True, "budget": cap(12, per="month")}),
}


@pytest.fixture(scope="module")
def inputs():
    return load_pipeline(KIND).model.inputs


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(inputs, query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


SPAIN = [
    Result("Digi Móvil 50 GB sin permanencia", "https://tarifas.test/digi-50",
           "Digi Móvil: 50 GB y llamadas ilimitadas por 7 €/mes, sin permanencia. 5G incluido."),
    Result("Lowi 70 GB", "https://tarifas.test/lowi-70",
           "Lowi 70 GB por 12 €/mes, sin permanencia, llamadas ilimitadas."),
    Result("Simyo 100 GB", "https://tarifas.test/simyo-100",
           "Simyo 100 GB por 9 €/mes durante 6 meses, luego 14 €/mes. Sin permanencia."),
    Result("Movistar Ilimitada", "https://tarifas.test/movistar",
           "Movistar datos ilimitados por 30 €/mes, sin permanencia."),
    Result("Pepephone 25 GB", "https://tarifas.test/pepephone-25",
           "Pepephone 25 GB por 8 €/mes, sin permanencia."),
    Result("Vodafone 60 GB", "https://tarifas.test/vodafone-60",
           "Vodafone 60 GB por 13 €/mes con permanencia de 12 meses."),
]
UK = [
    Result("giffgaff Unlimited", "https://plans.test/giffgaff",
           "giffgaff unlimited data, 5G, EU roaming included, £20 a month, rolling, no contract."),
    Result("Smarty Unlimited", "https://plans.test/smarty",
           "Smarty unlimited data, 5G, £15 a month, no contract. EU roaming included."),
    Result("Three Unlimited", "https://plans.test/three",
           "Three unlimited data, 5G, £12 a month for 6 months then £22 a month, "
           "24 month contract, EU roaming included."),
    Result("Lebara 100GB", "https://plans.test/lebara",
           "Lebara 100GB, 5G, EU roaming included, £10 a month, no contract."),
    Result("iD Mobile Unlimited", "https://plans.test/id",
           "iD Mobile unlimited data, 4G only, EU roaming included, £14 a month, no contract."),
]
JAPAN = [
    Result("Airalo Japan 20 GB 30 days", "https://esim.test/airalo-japan",
           "Airalo eSIM Japan: 20 GB, 30 días, 26 €."),
    Result("Holafly Japón ilimitados 10 días", "https://esim.test/holafly-japan",
           "Holafly eSIM Japón: datos ilimitados, 10 días, 34 €."),
    Result("Ubigi Japan 10 GB 30 days", "https://esim.test/ubigi-japan",
           "Ubigi eSIM Japan: 10 GB, 30 días, 15 €."),
    Result("Nomad Japan 20 GB 7 days", "https://esim.test/nomad-japan",
           "Nomad eSIM Japan: 20 GB, 7 días, 18 €."),
]

RUNS = {
    "spain": ("tarifa móvil con más de 50 GB por menos de 15 € al mes sin permanencia en España",
              SPAIN),
    "uk": ("SIM only plan in the UK, unlimited data, under £20 a month, 5G, EU roaming included",
           UK),
    "japan": ("eSIM para viajar a Japón 10 días, 20 GB", JAPAN),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=own_pages)


def test_within_budget_data_and_no_commitment_in_spanish(runs):
    run, queries = runs["spain"]
    # cheapest first; over budget, under 50 GB and a 12-month term are left out
    assert _names(run) == ["Digi Móvil 50 GB sin permanencia", "Lowi 70 GB", "Simyo 100 GB"]
    assert _excluded(run) == {"Movistar Ilimitada": ["por encima del presupuesto"],
                              "Pepephone 25 GB": ["solo 25 GB de datos"],
                              "Vodafone 60 GB": ["con permanencia"]}
    assert queries[0].startswith("tarifa móvil") and "sin permanencia" in queries[0]


def test_a_promotional_price_is_compared_at_what_it_rises_to(runs):
    """'9 €/mes durante 6 meses, luego 14 €/mes' is a 14 € plan; the listing's own words,
    quoted in the report, still show the promotion."""
    run, _ = runs["spain"]
    assert "| 3 | Simyo 100 GB | 14 €/mes [3] | 100 GB | ninguna |" in run.report
    # how the price was compared is said beside the plan, not among what could not be
    # checked (the price was checked, at what it rises to)
    flag = ("*precio promocional, comparado con el precio posterior: "
            "«9 €/mes durante 6 meses, luego 14 €/mes»*")
    assert flag in run.report.split("### 3. Simyo 100 GB", 1)[1]
    assert "- **Simyo 100 GB**: precio promocional" not in run.report
    uk, _ = runs["uk"]
    # £12 for 6 months then £22: over a £20 cap once the promotion ends
    assert _excluded(uk)["Three Unlimited"] == ["over budget"]


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["spain"]
    assert run.report.startswith("# Tarifas móviles")
    assert "3 tarifas de 6 encontradas por como mucho 15 €/mes, con al menos 50 GB de " \
           "datos, sin permanencia." in run.report
    assert "| permanencia | no | consulta |" in run.report
    own = _own_words(run.report, SPAIN)
    for english in ("Shortlist", "Sources", "What you asked", "over budget", "unknown",
                    "plan", "commitment"):
        assert not re.search(rf"\b{english}\b", own), english


def test_unlimited_5g_and_roaming_in_english(runs):
    run, queries = runs["uk"]
    task = run.artifact("task")["values"]
    assert task["unlimited"] is True and task["five_g"] is True and task["eu_roaming"] is True
    assert _names(run) == ["Smarty Unlimited", "giffgaff Unlimited"]
    assert _excluded(run)["Lebara 100GB"] == ["data not unlimited"]
    assert _excluded(run)["iD Mobile Unlimited"] == ["no 5G"]
    assert run.report.startswith("# Phone plans")
    assert "| 1 | Smarty Unlimited | 15 GBP/month [1] | unlimited | none |" in run.report
    assert queries[0].startswith("SIM only plan unlimited data 5G roaming")
    own = _own_words(run.report, UK)
    for spanish in ("Selección", "Fuentes", "tarifa", "permanencia", "datos"):
        assert spanish not in own, spanish


def test_a_travel_esim_by_its_days(runs):
    run, queries = runs["japan"]
    task = run.artifact("task")["values"]
    assert task["esim"] is True and task["trip_days"] == 10 and task["country"] == "Japón"
    assert "eSIM" in queries[0] and "10 días" in queries[0]
    assert "2 tarifas de 4 encontradas con al menos 20 GB de datos, para un viaje de 10 días." \
        in run.report
    # one comparison site's offers that differ by their GB or days are four plans, not one
    assert _names(run) == ["Airalo Japan 20 GB 30 days", "Holafly Japón ilimitados 10 días"]
    assert _excluded(run) == {"Ubigi Japan 10 GB 30 days": ["solo 10 GB de datos"],
                              "Nomad Japan 20 GB 7 days": ["dura 7 días"]}
    assert "| 2 | Holafly Japón ilimitados 10 días | 34 € [2] | ilimitados |" in run.report


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        assert re.search(r"\[\d+\]", run.report.split("## ")[2]), key   # the synthesis


# words of other kinds: lodging, tickets, jobs, critics' scores
OTHER_KINDS = re.compile(r"(?i)\b(hotels?|nights?|noches?|habitaci[oó]n(es)?|rooms?|stay|guests?|"
                         r"huéspedes|estrellas|stars|salary|salario|tickets?|entradas|"
                         r"/night|/noche|bottles?|botellas?)\b")


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
