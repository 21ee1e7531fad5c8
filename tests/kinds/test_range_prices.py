"""A listing's price range, end to end offline through rank and the report, for kinds
written by others (scout/task/amounts.py, scout/steps/listprice.py): a gym's, a broadband
plan's and a tour's range is priced from its low end against the budget (a range that
starts under it is kept, one that starts over it is not) and shown with both ends in the
shortlist, the evidence and the synthesis, in the request's language. Dates, ages, hours
and a phone number beside a price never make a range."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import excluded_reasons, run_each, shortlist_names

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TODAY = dt.date(2026, 12, 2)

GYMS = [
    Result("Irwell Leisure", "https://irwell.test/gym",
           "Gym and pool. Memberships from £28 to £34 a month depending on the plan."),
    Result("Castlefield Fitness", "https://castlefield.test/gym",
           "Classes and weights. £35–£42 a month, no contract."),
    Result("Ancoats Gym", "https://ancoats.test/gym",
           "Open 7am-10pm, call 0161 496 0000. £25 a month."),
]
BROADBAND = [
    Result("Fibra Turia 600Mb", "https://isp.test/turia",
           "Fibra 600 Mb sin permanencia, entre 28 y 34 €/mes según la zona. Router incluido."),
    Result("Levante Net 600Mb", "https://isp.test/levante",
           "Fibra 600 Mb sin permanencia: de 31 a 36 € al mes."),
    Result("Albufera Fibra 600", "https://isp.test/albufera",
           "Fibra 600 Mb sin permanencia, 27 €/mes. Atención 9-18h, llama al 961 234 567."),
]
TOURS = [
    Result("Gótico a pie", "https://gotico.test/visita",
           "Visita guiada en español por el Barrio Gótico, sábado por la mañana. De 15 a 25 € "
           "por persona según el grupo."),
    Result("Barcelona medieval", "https://medieval.test/visita",
           "Visita guiada en español por el Barrio Gótico por la mañana, entre 22 y 30 € por "
           "persona. Niños de 4 a 12 años gratis."),
    Result("Gótico esencial", "https://esencial.test/visita",
           "Visita guiada en español por el Barrio Gótico el sábado por la mañana, del 5 al 6 "
           "de diciembre, 18 € por persona."),
]
KINDS = {"gyms": EXAMPLES / "gyms/pipelines/gyms.yaml",
         "broadband": EXAMPLES / "broadband/pipelines/broadband.yaml",
         "tours": EXAMPLES / "tours/pipelines/tours.yaml"}
RUNS = {
    "gyms": ("gym in Manchester under £30 a month", GYMS),
    "broadband": ("fibra 600 Mb en Valencia por menos de 30 € al mes sin permanencia",
                  BROADBAND),
    "tours": ("visita guiada en español por el Barrio Gótico de Barcelona el sábado por la "
              "mañana, máximo 20 € por persona", TOURS),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return {key: run_each(KINDS[key], {key: RUNS[key]}, tmp_path_factory, today=TODAY)[key][0]
            for key in RUNS}


def test_a_gyms_range_is_kept_from_its_low_end_in_english(runs):
    run = runs["gyms"]
    assert sorted(shortlist_names(run)) == ["Ancoats Gym", "Irwell Leisure"]
    assert list(excluded_reasons(run)) == ["Castlefield Fitness"]
    assert "| 28-34 GBP/month [" in run.report
    assert "— 28-34 GBP/month [" in run.report  # the evidence line
    assert "**Castlefield Fitness** (35-42 GBP/month" in run.report
    assert "— 25 GBP/month [" in run.report  # hours and a phone number are no range
    assert "28 GBP/month" not in run.report.replace("28-34 GBP/month", "")


def test_a_broadband_plans_range_is_averaged_as_a_range_in_spanish(runs):
    run = runs["broadband"]
    assert shortlist_names(run) == ["Albufera Fibra 600", "Fibra Turia 600Mb"]
    assert excluded_reasons(run) == {
        "Levante Net 600Mb": ["por encima del presupuesto de media al mes"]}
    assert "| Fibra Turia 600Mb | 28-34 €/mes [" in run.report
    assert "**Levante Net 600Mb** (31-36 €/mes" in run.report
    assert "— 27 €/mes [" in run.report


def test_a_tours_range_a_person_reads_as_a_range_in_the_synthesis(runs):
    run = runs["tours"]
    assert shortlist_names(run) == ["Gótico a pie", "Gótico esencial"]
    assert excluded_reasons(run) == {
        "Barcelona medieval": ["por encima del presupuesto por persona"]}
    # called the cheapest by its low end, which the 20 € asked is over: said "desde"
    assert "Gótico a pie es la opción más barata que encaja con tu petición: desde 15 "\
        "€/persona (15-25 €/persona)." in run.report
    assert "22-30 €/persona frente a 20 €/persona" in run.report
    assert "| Gótico esencial | 18 €/persona [" in run.report  # its dates are no range


def test_a_range_straddling_the_budget_is_the_cheapest_from_its_low_end(tmp_path):
    """A range called the cheapest by its low end (documented: a range is priced from it)
    says so: "from 26 GBP/month (26-38 GBP/month)", never as if the whole range cost 26,
    when its top is over the budget asked."""
    from tests.kinds import run_kind

    listings = [
        Result("Salford Quays Gym", "https://quays.test/gym",
               "Gym and classes, between £26 and £38 a month depending on the plan."),
        Result("Deansgate Fit", "https://deansgate.test/gym", "Weights and pool. £29 a month."),
    ]
    run, _ = run_kind(KINDS["gyms"], tmp_path / "run", "gym in Salford for £30 a month max",
                      listings, today=TODAY)
    assert shortlist_names(run)[0] == "Salford Quays Gym"
    assert "Salford Quays Gym is the cheapest option that fits your request: from 26 "\
        "GBP/month (26-38 GBP/month)." in run.report
