"""An outside-author kind: accountants and tax advisers (gestorías, asesorías) for the
lab's self-employed and small companies (examples/accountants), written from the docs
alone. A firm is compared on what the request needs a month: the fee of the client type
asked (rank's ``variants``: "autónomos desde 45 €/mes, SL desde 95 €/mes"), the payslips
asked at the page's price per payslip, and the filings asked that the fee does not include
(a yearly "Renta 60 €" over twelve months, "VAT returns £25 per quarter" four times), on
the budget's tax basis; then online, certified, English and specialities. The requests are
typed as the lab types them, in both languages; three run end to end offline with
scout.testing (module-scoped: one run each), and the reports are checked for their
language, their citations, and for words that do not belong to accountants."""

from __future__ import annotations

import datetime as dt
import re
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
    own_pages,
    own_words as _own_words,
    parse_request,
    run_each,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "accountants"
KIND = PROJECT / "pipelines" / "accountants.yaml"
TODAY = dt.date(2026, 12, 7)


def _net(amount: float, currency: str = "EUR", per: str | None = "month") -> dict:
    return {**cap(amount, currency, per), "tax": "excluded"}


# request → (lang, every value it states: one read that is not here fails)
REQUESTS = {
    "gestoría para autónomo en Valencia, menos de 60 € al mes, que lleve la renta":
        ("es", {"place": "Valencia", "client": "freelancer", "budget": cap(60, per="month"),
                "filings": ["income_tax"]}),
    "accountant for a UK limited company in Manchester, under £120 a month, VAT returns "
    "included":
        ("en", {"place": "Manchester", "client": "company",
                "budget": cap(120, "GBP", "month"), "filings": ["vat"]}),
    # "+ IVA" is the budget's basis, never a VAT filing asked (it was read as both)
    "asesoría online para una SL, contabilidad y nóminas de 3 empleados, máximo 150 €/mes "
    "+ IVA":
        ("es", {"client": "company", "payslips": 3, "online": True,
                "budget": _net(150)}),
    "contador en Bogotá para declaración de renta persona natural, menos de 400.000 pesos":
        ("es", {"place": "Bogotá", "client": "freelancer", "filings": ["income_tax"],
                "budget": cap(400000, "COP")}),
    # terse, "mes" bare after the amount: a fee a month (it was a budget for nothing)
    "gestoria barata autonomos valencia 40 euros mes":
        ("es", {"place": "Valencia", "client": "freelancer", "budget": cap(40, per="month")}),
    # an agent's: "plus VAT" is the budget's basis, the rest each its input
    "Please find an ICAEW chartered accountant in London for a limited company with 2 "
    "employees on payroll, up to 30 invoices a quarter, budget £150 per month plus VAT":
        ("en", {"place": "London", "client": "company", "payslips": 2, "invoices": 30,
                "certified": True, "budget": _net(150, "GBP")}),
    "autónoma en Madrid, busco gestoría colegiada que hable inglés, hasta 50 €/mes IVA "
    "incluido":
        ("es", {"place": "Madrid", "client": "freelancer", "certified": True, "english": True,
                "budget": {**cap(50, per="month"), "tax": "included"}}),
    "spin-off in Cambridge needs accounting, corporation tax and annual accounts, under "
    "£200 a month + VAT":
        ("en", {"place": "Cambridge", "speciality": ["startups"],
                "filings": ["corporate_tax", "annual_accounts"],
                "budget": _net(200, "GBP")}),
    "accountant for non-residents in Spain, online, English-speaking, under 80 EUR a month":
        ("en", {"place": "Spain", "online": True, "english": True,
                "speciality": ["non_residents"], "budget": cap(80, per="month")}),
    "Asesoría para investigadores autónomos en Granada, que lleve IVA y renta, menos de "
    "70 €/mes":
        ("es", {"place": "Granada", "client": "freelancer", "speciality": ["researchers"],
                "filings": ["vat", "income_tax"], "budget": cap(70, per="month")}),
}
MONEY_TAX = ("amount", "currency", "comparator", "per", "tax")


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    want = {k: {"tax": None, **v} if isinstance(v, dict) and "amount" in v else v
            for k, v in want.items()}
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, money=MONEY_TAX,
                   false_unasked=True)


VALENCIA = [
    Result("Gestoría Turia", "https://gestorias.test/turia",
           "Gestoría Turia: autónomos desde 45 €/mes + IVA, sociedades desde 95 €/mes + IVA. "
           "Declaración de la renta 60 €. Alta en Hacienda gratis."),
    Result("Asesoría Ruzafa", "https://gestorias.test/ruzafa",
           "Asesoría Ruzafa: cuota autónomo 39 € al mes IVA incluido, renta incluida en la "
           "cuota. Primer mes gratis."),
    Result("Gestoría Levante Online", "https://gestorias.test/levante",
           "Gestoría Levante Online: a partir de 50 €/mes + IVA para autónomos. Renta: 80 €."),
    Result("Consultoría Albufera", "https://gestorias.test/albufera",
           "Consultoría Albufera: planes para SL desde 120 €/mes. Autónomos: 55-70 €/mes "
           "según facturas."),
]
MANCHESTER = [
    Result("Northern Ledger Accountants", "https://accountants.test/northern",
           "Northern Ledger Accountants: sole traders from £35 a month. Limited companies "
           "from £95 a month + VAT, including VAT returns and annual accounts. ICAEW "
           "chartered."),
    Result("Mancunian Tax Co", "https://accountants.test/mancunian",
           "Mancunian Tax Co: limited company package £110/month + VAT. VAT returns £25 per "
           "quarter."),
    Result("Deansgate Bookkeeping", "https://accountants.test/deansgate",
           "Deansgate Bookkeeping: limited company accounts £79 per month inc. VAT, VAT "
           "returns included, payroll £5 per payslip."),
    Result("Salford Startup Accounts", "https://accountants.test/salford",
           "Salford Startup Accounts: onboarding £99, then £60 a month for limited "
           "companies."),
]
BARCELONA = [
    Result("Assessoria Gràcia", "https://gestorias.test/gracia",
           "Assessoria Gràcia: SL desde 110 €/mes + IVA (hasta 30 facturas/trimestre). "
           "Nóminas: 8 € por nómina. Impuesto de Sociedades 250 €."),
    Result("Eixample Assessors", "https://gestorias.test/eixample",
           "Eixample Assessors: sociedades a partir de 150 € al mes, IVA incluido; nóminas "
           "+10 €/nómina; Impuesto de Sociedades incluido."),
    Result("Asesoría Sants", "https://gestorias.test/sants",
           "Asesoría Sants: SL 90 €/mes + IVA, 15 € por nómina, Impuesto de Sociedades "
           "300 € + IVA."),
    Result("Gestoría Poblenou", "https://gestorias.test/poblenou",
           "Gestoría Poblenou: autónomos 40 €/mes, altas y bajas gratis."),
]
BOGOTA = [
    Result("Contadores Chapinero", "https://contadores.test/chapinero",
           "Contadores Chapinero: declaración de renta persona natural desde $350.000. "
           "Asesoría tributaria."),
    Result("Tributaria Usaquén", "https://contadores.test/usaquen",
           "Tributaria Usaquén: declaración de renta para personas naturales entre $300.000 "
           "y $450.000 según ingresos."),
    Result("Contable Express Bogotá", "https://contadores.test/express",
           "Contable Express Bogotá: declaración de renta $480.000 IVA incluido, revisión "
           "gratis."),
]

RUNS = {
    "valencia": ("gestoría para autónomo en Valencia, menos de 60 € al mes, que lleve la "
                 "renta", VALENCIA),
    "manchester": ("accountant for a UK limited company in Manchester, under £120 a month, "
                   "VAT returns included", MANCHESTER),
    "barcelona": ("asesoría para SL en Barcelona con 5 nóminas, impuesto de sociedades, "
                  "máximo 200 € al mes", BARCELONA),
    "bogota": ("contador en Bogotá para declaración de renta persona natural, menos de "
               "400.000 pesos", BOGOTA),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=own_pages)


def test_the_fee_of_the_client_type_asked_with_the_filing_added_in_spanish(runs):
    run, queries = runs["valencia"]
    # Ruzafa: 39 € IVA incluido, renta in the fee; Turia: 45 € + 21 % = 54,45 € and its
    # "Renta 60 €" over twelve months, 59,45 €; Albufera's fee for the self-employed is
    # 55-70 € (its SL plan 120 € is no price of theirs) and it prices no renta: kept,
    # unchecked; Levante: 60,50 € + 80 € / 12 = 67,17 €
    assert _names(run) == ["Asesoría Ruzafa", "Gestoría Turia", "Consultoría Albufera"]
    assert _excluded(run) == {
        "Gestoría Levante Online": ["cuesta 67,17 € por lo pedido, más que el presupuesto"]}
    assert queries[0] == "asesoría para autónomos en Valencia precios"
    for words in ["| Gestoría Turia | 45 €/mes sin impuestos (54,45 €/mes impuestos "
                  "incluidos, 21 %)  [2] | — | 60 € | 59,45 € |",
                  "| Consultoría Albufera | 55-70 €/mes  [3] | — | — | desconocido |",
                  "Asesoría Ruzafa es la opción más barata que encaja con tu petición: "
                  "39 €/mes impuestos incluidos.",
                  "- **Consultoría Albufera**: no se pudo comprobar: coste"]:
        assert words in run.report, words


def test_a_page_pricing_only_another_client_type_states_no_price(runs):
    run, _ = runs["barcelona"]
    # Gràcia: 110 € + IVA = 133,10 €, 5 × 8 € payslips, 250 € / 12 of corporate tax:
    # 193,93 €; Eixample: 150 € IVA incluido + 5 × 10 € = 200 €, its corporate tax in the
    # fee; Sants: 108,90 € + 75 € + 300 € + IVA / 12 = 214,15 €; Poblenou prices only the
    # self-employed: no price for a company (it was compared at their 40 €)
    assert _names(run) == ["Assessoria Gràcia", "Eixample Assessors", "Gestoría Poblenou"]
    assert _excluded(run) == {
        "Asesoría Sants": ["cuesta 214 € por lo pedido, más que el presupuesto"]}
    for words in ["| Assessoria Gràcia | 110 €/mes sin impuestos (133 €/mes impuestos "
                  "incluidos, 21 %)  [1] | 40 € | 250 € | 194 € |",
                  "| Eixample Assessors | 150 €/mes impuestos incluidos  [2] | 50 € | — | "
                  "200 € |",
                  "| Gestoría Poblenou | —  | — | — | desconocido |",
                  "- **Gestoría Poblenou**: precio desconocido"]:
        assert words in run.report, words


def test_a_company_under_a_cap_a_month_in_english(runs):
    run, queries = runs["manchester"]
    # Deansgate: £79 inc. VAT, VAT returns included; Northern: £95 + 20 % = £114; Salford's
    # onboarding £99 is paid once, its fee £60 a month, and it prices no VAT returns: kept,
    # unchecked, never "the cheapest"; Mancunian: £132 + £25 × 4 / 12 = £140.33
    assert _names(run) == ["Deansgate Bookkeeping", "Northern Ledger Accountants",
                           "Salford Startup Accounts"]
    assert _excluded(run) == {
        "Mancunian Tax Co": ["costs 140 GBP for what is asked, over the budget"]}
    assert queries[0] == "accountant for limited companies in Manchester fees"
    for words in ["Deansgate Bookkeeping is the cheapest option that fits your request: "
                  "79 GBP/month incl. tax.",
                  "| Salford Startup Accounts | 60 GBP/month  [3] | — | — | unknown |",
                  "- **Salford Startup Accounts**: could not check: cost"]:
        assert words in run.report, words
    assert "Salford Startup Accounts is the cheapest" not in run.report
    assert "99 GBP" not in run.report
    own = _own_words(run.report, MANCHESTER)
    spanish = words_of(*REPORT_SPANISH, "cuota", "nóminas", "declaraciones", "autónomo",
                       "sociedad", "coste")
    assert not spanish.search(own), spanish.findall(own)


def test_one_filing_priced_once_against_a_budget_in_pesos(runs):
    run, _ = runs["bogota"]
    # a declaration priced once, with no period, against a budget with none: compared as
    # it is, the page's "$" the request's pesos; a range from its low end
    assert _names(run) == ["Tributaria Usaquén", "Contadores Chapinero"]
    assert _excluded(run) == {
        "Contable Express Bogotá": ["cuesta 480.000 COP por lo pedido, más que el "
                                    "presupuesto"]}
    assert "| 2 | Contadores Chapinero | 350.000 COP [2] ≤ 400.000 COP |" in run.report


def test_a_spanish_request_gets_a_spanish_report(runs):
    for key in ("valencia", "barcelona", "bogota"):
        run, _ = runs[key]
        assert run.report.startswith("# Gestorías y asesorías: "), key
        own = _own_words(run.report, RUNS[key][1])
        english = words_of(*REPORT_ENGLISH, "monthly fee", "payslips", "filings", "cost",
                           "unknown", "freelancer", "company")
        assert not english.search(own), (key, english.findall(own))
    assert runs["manchester"][0].report.startswith("# Accountants and tax advisers: company")


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        synthesis = re.search(r"^## (?:Síntesis|Synthesis)\n(.*?)^## ", run.report,
                              flags=re.M | re.S)
        assert synthesis and re.search(r"\[\d+\]", synthesis.group(1)), key


# words of other kinds: lodging, pay, stock, energy tariffs, tickets, lawyers' procedures
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "tarifa", "tariff", "permanencia", "tickets?",
                       "entradas", "rating unknown", "valoración desconocida", "procedure",
                       "procedimiento", ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
