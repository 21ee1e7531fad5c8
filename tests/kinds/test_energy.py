"""An outside-author kind: electricity and gas tariffs (examples/energy), written from the
docs alone. A tariff is compared by what it would cost for the consumption asked (its
price per kWh times the kWh a year, plus its standing charge times 365: per kW of
contracted power a day in Spain, per day in the UK), against caps per kWh and per day and
a budget a month; then its supply (luz, gas, dual fuel), its price type, permanencia, exit
fees and renewable energy. The requests are typed as the lab types them, in both
languages; three run end to end offline with scout.testing (module-scoped: one run each),
and the reports are checked for their language, their citations, and for words that do not
belong to an energy tariff."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    own_pages,
    LODGING_PAY_STOCK,
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
    words_of,
    cap,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "energy"
KIND = PROJECT / "pipelines" / "energy.yaml"
TODAY = dt.date(2026, 12, 6)


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "tarifa de luz para un piso en Madrid, 4,6 kW de potencia, menos de 0,15 €/kWh, sin "
    "permanencia y 100% renovable":
        ("es", {"market": "Madrid", "supply": "electricity", "power": 4.6,
                "max_energy_price": cap(0.15, per="kWh"), "budget": None,
                "commitment": False, "green": True}),
    "cheapest fixed-price electricity tariff in the UK for 2,900 kWh a year, no exit fees":
        ("en", {"market": "UK", "supply": "electricity", "consumption": 2900.0,
                "price_type": "fixed", "exit_fees": False}),
    # the restatement in brackets is the same price type, no place "TD"
    "tarifa con discriminación horaria (2.0TD) para 3.000 kWh al año":
        ("es", {"market": None, "price_type": "time-of-use", "consumption": 3000.0}),
    "dual fuel deal in Dublin, green energy, under €150 a month":
        ("en", {"market": "Dublin", "supply": "dual", "green": True,
                "budget": cap(150, per="month"), "max_energy_price": None}),
    "tarifa de gas para calefacción, consumo de 8.000 kWh/año, Barcelona":
        ("es", {"market": "Barcelona", "supply": "gas", "consumption": 8000.0}),
    # three amounts, each the input its label or its unit names, whatever their order
    "luz en Valencia con término de potencia de menos de 0,10 €/kW día y energía a menos de "
    "0,14 €/kWh, máximo 60 € al mes":
        ("es", {"market": "Valencia", "max_standing_charge": cap(0.10),
                "max_energy_price": cap(0.14, per="kWh"),
                "budget": cap(60, per="month")}),
    # a rate under one unit priced to three decimals is no 129 euros
    "electricity tariff in Madrid under 0.129 EUR/kWh":
        ("en", {"market": "Madrid", "max_energy_price": cap(0.129, per="kWh")}),
    "green electricity deal in Manchester, no exit fees, under £90 a month, 3,100 kWh a year":
        ("en", {"market": "Manchester", "green": True, "exit_fees": False,
                "budget": cap(90, "GBP", per="month"), "consumption": 3100.0}),
    # a British rate and standing charge in pence, each its input by its unit or label
    "standing charge under 53p/day, electricity in London, under 24.5p/kWh":
        ("en", {"market": "London", "max_energy_price": cap(0.245, "GBP", per="kWh"),
                "max_standing_charge": cap(0.53, "GBP", per="day"), "budget": None}),
    "busco tarifa indexada de luz y gas en Sevilla, 5.000 kWh al año, sin permanencia":
        ("es", {"market": "Sevilla", "supply": "dual", "price_type": "variable",
                "consumption": 5000.0, "commitment": False}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


MADRID = [
    Result("Octopus Relax luz", "https://tarifas.test/octopus-relax",
           "Octopus Relax: precio fijo 0,129 €/kWh, término de potencia 0,0889 €/kW día, "
           "sin permanencia, 100% renovable."),
    Result("Naturgy Por Uso Luz", "https://tarifas.test/naturgy-uso",
           "Naturgy Por Uso Luz: 0,139 €/kWh; término de potencia 0,1089 €/kW día; sin "
           "permanencia; energía 100% renovable."),
    Result("Endesa One Luz", "https://tarifas.test/endesa-one",
           "Endesa One Luz: 0,1645 €/kWh, término de potencia 0,1057 €/kW día, sin "
           "permanencia, 100% renovable."),
    Result("Iberdrola Plan Estable", "https://tarifas.test/iberdrola-estable",
           "Iberdrola Plan Estable: 0,1399 €/kWh, término de potencia 0,1089 €/kW día, "
           "permanencia de 12 meses, 100% renovable."),
    Result("Tarifa Clásica Luz Sur", "https://tarifas.test/luzsur-clasica",
           "Tarifa Clásica Luz Sur: 0,119 €/kWh, término de potencia 0,095 €/kW día, sin "
           "permanencia, energía de origen mixto."),
]
UK = [
    Result("Octopus 12M Fixed", "https://energy.test/octopus-12m",
           "Octopus 12M Fixed: fixed price for 12 months, unit rate 24.5p/kWh, standing "
           "charge 53p/day, no exit fees, 100% renewable electricity."),
    Result("EDF Fixed Saver", "https://energy.test/edf-fixed",
           "EDF Fixed Saver: fixed price electricity, unit rate 23.9p/kWh, standing charge "
           "60p/day, exit fee of £75 per fuel."),
    Result("British Gas Fixed Tariff", "https://energy.test/bg-fixed",
           "British Gas Fixed Tariff: fixed price electricity, unit rate 26.1p/kWh, standing "
           "charge 48p/day, no exit fees."),
    Result("OVO Simpler Energy", "https://energy.test/ovo-simpler",
           "OVO Simpler Energy: variable price electricity, unit rate 24.0p/kWh, standing "
           "charge 51p/day, no exit fees."),
]
BARCELONA = [
    Result("Naturgy Gas Por Uso", "https://tarifas.test/naturgy-gas",
           "Naturgy Gas Por Uso: gas natural a 0,0699 €/kWh, término fijo 0,19 €/día, sin "
           "permanencia."),
    Result("Endesa Gas One", "https://tarifas.test/endesa-gas",
           "Endesa Gas One: gas natural a 0,0759 €/kWh, término fijo 0,18 €/día, sin "
           "permanencia."),
    Result("TotalEnergies Gas Fijo", "https://tarifas.test/total-gas",
           "TotalEnergies Gas Fijo: gas natural, precio fijo 0,0899 €/kWh, término fijo "
           "0,21 €/día."),
    Result("Iberdrola Luz Hogar", "https://tarifas.test/iberdrola-luz",
           "Iberdrola Luz Hogar: electricidad a 0,139 €/kWh, término de potencia 0,1089 €/kW "
           "día."),
]

RUNS = {
    "madrid": ("tarifa de luz para un piso en Madrid, 4,6 kW de potencia, 3.000 kWh al año, "
               "menos de 0,15 €/kWh, sin permanencia y 100% renovable", MADRID),
    "uk": ("cheapest fixed-price electricity tariff in the UK for 2,900 kWh a year, no exit "
           "fees", UK),
    "barcelona": ("tarifa de gas para calefacción en Barcelona, consumo de 8.000 kWh/año, "
                  "menos de 60 € al mes", BARCELONA),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=own_pages)


def test_the_cheapest_for_the_consumption_under_the_caps_in_spanish(runs):
    run, queries = runs["madrid"]
    # 0,129 €/kWh × 3.000 + 0,0889 €/kW día × 4,6 kW × 365 = 536,32 € a year, 44,69 € a month
    assert _names(run) == ["Octopus Relax luz", "Naturgy Por Uso Luz"]
    assert _excluded(run) == {"Endesa One Luz": ["energía a 0,1645 €/kWh"],
                              "Iberdrola Plan Estable": ["con permanencia"],
                              "Tarifa Clásica Luz Sur": ["no dice ser renovable"]}
    assert "| 1 | Octopus Relax luz | 0,129 €/kWh | 0,0889 €/kW/día | 44,69 €/mes | " \
           "ninguna | sí |" in run.report
    # the note on how the cost was worked out is a paragraph under the table, not a row
    assert "\n\nCoste estimado: precio por kWh × 3.000 kWh al año" in run.report
    assert re.search(r"<p>Coste estimado: ", run.report_html)
    assert "\">Coste estimado" not in run.report_html
    assert queries[0] == "tarifa de luz sin permanencia renovable Madrid"


def test_a_rate_per_kwh_is_written_with_its_unit(runs):
    """A tariff's price is a rate per kWh: the synthesis and the list of what was left out
    write it so, to the decimals it is priced to, never as a whole price of 0,13 €."""
    run, _ = runs["madrid"]
    # ... and "the cheapest" is by the table's estimated cost (rank's cost: the order_by
    # reads the rates the tariff states), said beside the rate, as the table shows it
    assert "Octopus Relax luz es la opción más barata que encaja con tu petición: " \
           "44,69 €/mes tal como lo compara la clasificación (0,129 €/kWh según la " \
           "fuente). [1]" in run.report
    # left out, it is shown at the month's estimate rank compared, its rate after it
    assert "- **Endesa One Luz** (55,91 €/mes, 0,1645 €/kWh según la fuente [3]): " \
           "energía a 0,1645 €/kWh" in run.report
    assert "| precio máximo por kWh | 0,15 €/kWh | consulta |" in run.report


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["madrid"]
    assert run.report.startswith("# Tarifas de luz y gas")
    assert "2 tarifas de 5 encontradas para 3.000 kWh al año, energía a como mucho " \
           "0,15 €/kWh, sin permanencia, renovable." in run.report
    own = _own_words(run.report, MADRID)
    english = words_of("Shortlist", "Sources", "What you asked", "tariff", "standing charge",
                       "estimated cost", "renewable", "minimum term", "per kWh")
    assert not english.search(own), english.findall(own)


def test_fixed_price_and_no_exit_fees_in_english(runs):
    run, queries = runs["uk"]
    # 24.5p × 2,900 + 53p × 365 = 903.95 GBP a year; British Gas: 26.1p, 48p: 932.10
    assert _names(run) == ["Octopus 12M Fixed", "British Gas Fixed Tariff"]
    assert _excluded(run) == {"EDF Fixed Saver": ["with exit fees"],
                              "OVO Simpler Energy": ["not fixed"]}
    assert run.report.startswith("# Energy tariffs")
    assert "| 1 | Octopus 12M Fixed | 0.245 GBP/kWh | 0.53 GBP/day | 75.33 GBP/month | none " \
           "| yes |" in run.report
    assert queries[0] == "electricity tariff fixed price no exit fees UK"
    own = _own_words(run.report, UK)
    spanish = words_of(*[w for w in ("Selección", "Fuentes", "tarifa", "permanencia",
                                     "renovable", "término de potencia", "coste")])
    assert not spanish.search(own), spanish.findall(own)


def test_the_budget_a_month_is_checked_on_the_cost_for_the_consumption(runs):
    """A gas tariff at 0,0899 €/kWh plus 0,21 €/día is ~66 € a month for 8.000 kWh a year:
    over 60 €; the kind worked the cost out, so the report never says the budget went
    unchecked because a price per kWh is no price per month."""
    run, _ = runs["barcelona"]
    assert _names(run) == ["Naturgy Gas Por Uso", "Endesa Gas One"]
    assert _excluded(run) == {
        "TotalEnergies Gas Fijo": ["cuesta unos 66,32 €/mes para 8.000 kWh al año"],
        "Iberdrola Luz Hogar": ["cuesta unos 92,67 €/mes para 8.000 kWh al año",
                                "no es de gas"]}
    assert "no se puede comparar" not in run.report
    assert "no se ha comprobado el presupuesto" not in run.report


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        assert re.search(r"\[\d+\]", run.report.split("## ")[2]), key   # the synthesis


# words of other kinds: lodging, pay, stock, phone plans' data, tickets
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "GB", "datos", "roaming", "tickets?", "entradas",
                       "rating unknown", "valoración desconocida", ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_plan_shows_the_rates_as_asked(tmp_path, capsys, monkeypatch):
    out = plan_output(PROJECT, "pipelines/energy.yaml",
                      "luz en Valencia, término de potencia de menos de 0,10 €/kW día y "
                      "menos de 0,14 €/kWh", tmp_path, capsys, monkeypatch)
    assert "0,14 €/kWh" in out and "0,10 €" in out
    assert "0,13 €" not in out and "140 €" not in out


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
