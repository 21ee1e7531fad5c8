"""An outside-author kind: public tenders (examples/tenders: licitaciones y concursos
públicos), written from the docs alone, as the lab's manager asks for calls the lab or its
spin-off can bid on: what is bought, where, a CPV code, the estimated value as a floor and a
cap (two money inputs, ``min_value`` and ``max_value``) with or without VAT, when bids
close and when the call was published (two date inputs told apart by their labels), the
procedure (a ``labelled`` enum: ``procedimiento abierto`` is no "still open"), the contract
type, lots. Requests are typed as the lab types them, in both languages; three missions and
one with nothing found run offline with scout.testing (module-scoped: one run each). A call
whose deadline has passed is out; calls about the subject come first, then the fewest days
left; the report is in the request's language only, cites its sources and speaks of
estimated values, never of a price to pay, "the cheapest", a budget or a stay."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    MONEY,
    LODGING_PAY_STOCK,
    REPORT_ENGLISH,
    REPORT_SPANISH,
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    parse_request,
    plan_output,
    run_each,
    run_kind,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "tenders"
KIND = PROJECT / "pipelines" / "tenders.yaml"
TODAY = dt.date(2026, 12, 6)


def _floor(amount: float, tax: str | None = None) -> dict:
    # tax: the VAT basis the request says the amount on (Money.tax), None when none
    return {"amount": amount, "currency": "EUR", "comparator": ">=", "per": None, "tax": tax}


def _cap(amount: float, tax: str | None = None) -> dict:
    return {"amount": amount, "currency": "EUR", "comparator": "<=", "per": None, "tax": tax}


def _span(start: str, end: str) -> dict:
    return {"start": start, "end": end}


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "licitaciones públicas de servicios de traducción en Andalucía con presupuesto de más de "
    "50.000 € y plazo hasta finales de enero":
        ("es", {"subject": "traducción", "place": "Andalucía", "min_value": _floor(50000),
                "closing": _span("2026-12-06", "2027-01-31"), "contract_type": "services"}),
    "open tenders for lab equipment in Portugal closing in January, budget over €100k":
        ("en", {"subject": "lab equipment", "place": "Portugal", "min_value": _floor(100000),
                "closing": _span("2027-01-01", "2027-01-31"), "open_call": True}),
    "concursos de software en la Comunidad de Madrid publicados este mes, procedimiento "
    "abierto":
        ("es", {"subject": "software", "place": "Comunidad de Madrid",
                "published": _span("2026-12-01", "2026-12-31"), "procedure": "open"}),
    "tenders for data analysis services in the EU, CPV 72300000-8, estimated value under 200k "
    "EUR excl. VAT":
        ("en", {"subject": "data analysis", "place": "EU", "cpv": "72300000-8",
                "max_value": _cap(200000, "excluded"), "contract_type": "services"}),
    "contratos menores de suministro de reactivos en universidades de Chile":
        ("es", {"subject": "reactivos", "place": "Chile", "procedure": "minor",
                "contract_type": "supplies"}),
    # the same classes, other words
    "tenders for translation services in Spain, estimated value between 50,000 and 200,000 "
    "EUR":
        ("en", {"subject": "translation", "place": "Spain", "min_value": _floor(50000),
                "max_value": _cap(200000), "contract_type": "services"}),
    "licitaciones de obras en Valencia de menos de 300.000 € sin impuestos":
        ("es", {"place": "Valencia", "max_value": _cap(300000, "excluded"),
                "contract_type": "works"}),
    "licitaciones abiertas de limpieza por procedimiento restringido, divididas en lotes":
        ("es", {"subject": "limpieza", "open_call": True, "procedure": "restricted",
                "lots": True}),
    "restricted procedure tenders for consulting in Germany, deadline in February":
        ("en", {"subject": "consulting", "place": "Germany", "procedure": "restricted",
                "closing": _span("2027-02-01", "2027-02-28")}),
    "licitaciones de mantenimiento con plazo en enero, publicadas este mes":
        ("es", {"subject": "mantenimiento", "published": _span("2026-12-01", "2026-12-31"),
                "closing": _span("2027-01-01", "2027-01-31")}),
    # a VAT basis said of no amount says nothing to check
    "minor contracts for reagents in Chile, VAT included":
        ("en", {"subject": "reagents", "place": "Chile", "procedure": "minor"}),
    # what the kind finds, said in more words, is no subject
    "public procurement for cleaning services in Madrid":
        ("en", {"subject": "cleaning", "place": "Madrid", "contract_type": "services"}),
    "licitaciones de contratación pública de limpieza":
        ("es", {"subject": "limpieza"}),
    "licitación pública de software en Galicia con CPV 48000000-8":
        ("es", {"subject": "software", "place": "Galicia", "cpv": "48000000-8"}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, false_unasked=True,
                   money=(*MONEY, "tax"))


# ---------------------------------------------------------------- end to end, offline
# calls as portals and contracting authorities list them, in both languages: values with
# or without VAT, deadlines as a day or in numbers, publication dates (today: 6 Dec 2026)
LISTINGS = [
    Result("Servicios de traducción e interpretación - Junta de Andalucía",
           "https://contratacion.test/junta-trad",
           "Procedimiento abierto. Servicios de traducción. Valor estimado del contrato: "
           "180.000 € (IVA excluido). Dividido en 2 lotes. Fecha de publicación: 2 de "
           "diciembre de 2026. Plazo de presentación de ofertas: 20/01/2027."),
    Result("Supply of laboratory equipment - Universidade de Lisboa", "https://ted.test/lisboa",
           "Open procedure. Supplies. Estimated value excluding VAT: 250,000 EUR. Published: "
           "28 November 2026. Time limit for receipt of tenders: 25 January 2027."),
    Result("Servicio de traducción jurada - Ayuntamiento de Sevilla",
           "https://contratacion.test/sevilla-trad",
           "Procedimiento negociado. Servicios de traducción jurada. Valor estimado: 30.000 € "
           "(IVA excluido). Plazo: 15 de enero de 2027."),
    Result("Traducción de documentación técnica - Universidad de Granada",
           "https://contratacion.test/ugr-trad",
           "Procedimiento abierto. Servicios de traducción. Valor estimado: 90.000 € (IVA "
           "excluido). Fecha límite de presentación de ofertas: 30 de noviembre de 2026."),
    Result("Data analysis services - European Commission", "https://ted.test/ec-data",
           "Open procedure. Services. CPV 72300000-8. Estimated value excluding VAT: 150,000 "
           "EUR. Deadline: 12 February 2027."),
    Result("Licencias de software de gestión - Comunidad de Madrid",
           "https://contratacion.test/madrid-sw",
           "Procedimiento abierto. Suministros. Presupuesto base de licitación (IVA "
           "incluido): 242.000 €. Fecha de publicación: 1 de diciembre de 2026. Plazo de "
           "presentación de ofertas: 10 de enero de 2027."),
    Result("Translation services - Courts Service of Ireland", "https://ted.test/ie-courts",
           "Open procedure. Translation services. Estimated value excluding VAT: 120,000 EUR. "
           "Deadline: 28 February 2027."),
]
NAMES = [r.title for r in LISTINGS]
JUNTA, LISBOA, SEVILLA, GRANADA, EC, MADRID, IRELAND = NAMES

RUNS = {
    "en": ("open tenders for translation services, estimated value between 50,000 and "
           "200,000 EUR excl. VAT", LISTINGS),
    "es": ("licitaciones de servicios de traducción en Andalucía de más de 50.000 € sin impuestos, "
           "con plazo hasta finales de enero", LISTINGS),
    "published": ("concursos de software en la Comunidad de Madrid publicados este mes, "
                  "procedimiento abierto", LISTINGS),
}

# what a report on calls to bid on has no business saying, in either language: a price to
# pay, the cheapest, a budget, a stay, a salary
FOREIGN = words_of(*LODGING_PAY_STOCK, "cheapest", "price", "prices", "budget", "rating",
                   "availability", "m[aá]s barat[oa]", "precios?", "presupuesto",
                   "valoraci[oó]n", "disponibilidad", "what you pay", "lo que pagas",
                   ignore_case=True)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_english_keeps_the_open_calls_in_the_value_window_subject_first(runs):
    run, queries = runs["en"]
    # deadline passed (Granada), under the floor (Sevilla), over the cap and no services
    # (Lisboa), supplies (Madrid) are out; the call that names translation in the request's
    # words first, then the fewest days left to bid
    excluded = _excluded(run)
    assert excluded[GRANADA] == ["bids closed on November 30, 2026"]
    assert excluded[SEVILLA] == ["estimated at 30,000 EUR excl. tax, under 50,000 EUR excl. tax"]
    assert excluded[LISBOA] == ["estimated at 250,000 EUR excl. tax, over 200,000 EUR excl. tax",
                                "not said to be a services contract"]
    # stated with VAT where the request asks without: its value is not compared
    assert excluded[MADRID] == ["not said to be a services contract"]
    assert _names(run) == [IRELAND, JUNTA, EC]
    assert queries[0] == "tender translation"


def test_english_report_speaks_english_of_values_and_cites(runs):
    run, _ = runs["en"]
    report = run.report
    for words in ["# Public tenders: translation", "## Shortlist",
                  "| # | call for tenders | estimated value | bids due | days left | link |",
                  f"| {IRELAND} | 120,000 EUR excl. tax | February 28, 2027 | 84 |",
                  f"| {JUNTA} | 180,000 EUR excl. tax | January 20, 2027 | 45 |",
                  "3 of 7 calls for tenders found fit: translation, estimated at least 50,000 "
                  "EUR excl. tax, estimated at most 200,000 EUR excl. tax, still open to bids, "
                  "services.",
                  "| maximum value | 200,000 EUR excl. tax | query |",
                  "Amounts are what the sources stated"]:
        assert words in report, words
    assert_cites_sources(run, LISTINGS, "en")
    assert_says_nothing_of(words_of(*REPORT_SPANISH, "licitaci[oó]n(es)?", "plazo"), report,
                           LISTINGS, "en")
    assert_says_nothing_of(FOREIGN, report, LISTINGS, "en")
    assert run.report_html and "<html" in run.report_html.lower()


def test_spanish_keeps_the_calls_closing_in_the_window_on_the_vat_basis_asked(runs):
    run, queries = runs["es"]
    assert _names(run) == [JUNTA]
    excluded = _excluded(run)
    assert excluded[SEVILLA] == ["valor estimado de 30.000 € sin impuestos, menos de 50.000 € sin impuestos"]
    assert excluded[IRELAND] == ["el plazo de ofertas no cae en las fechas pedidas"]
    # closed: said once, not also "no cae en las fechas pedidas"
    assert excluded[GRANADA] == ["el plazo de ofertas se cerró el 30 de noviembre de 2026"]
    assert queries[0] == "licitación traducción Andalucía"


def test_spanish_report_speaks_spanish_and_cites(runs):
    run, _ = runs["es"]
    report = run.report
    for words in ["# Licitaciones públicas: traducción en Andalucía", "## Selección",
                  "| # | licitación | valor estimado | plazo de ofertas | días restantes | "
                  "enlace |",
                  f"| {JUNTA} | 180.000 € sin impuestos | 20 de enero de 2027 | 45 |",
                  "1 de 7 licitaciones encontradas encaja: traducción, Andalucía, con un valor "
                  "estimado de al menos 50.000 € sin impuestos, con plazo de ofertas 6 de "
                  "diciembre de 2026 – 31 de enero de 2027, servicios.",
                  "| valor estimado mínimo | 50.000 € sin impuestos | consulta |",
                  "Las cantidades son las que daban las fuentes"]:
        assert words in report, words
    assert_cites_sources(run, LISTINGS, "es")
    assert_says_nothing_of(words_of(*REPORT_ENGLISH, "tenders?", "bids?", "deadline"), report,
                           LISTINGS, "es", ids=True)
    assert_says_nothing_of(FOREIGN, report, LISTINGS, "es")


def test_published_this_month_and_the_open_procedure(runs):
    run, _ = runs["published"]
    # published in November (Lisboa) or by a negotiated procedure (Sevilla) is out; a call
    # that states no publication date is kept; software first, then the soonest to close
    excluded = _excluded(run)
    assert excluded[LISBOA] == ["no se publicó en las fechas pedidas"]
    assert excluded[SEVILLA] == ["no dice que el procedimiento sea abierto"]
    # the call's name less the place asked, as the report writes it
    assert _names(run) == [MADRID.removesuffix(" - Comunidad de Madrid"), JUNTA, EC, IRELAND]
    assert "| publicación | 1–31 de diciembre de 2026 | consulta |" in run.report
    assert "| procedimiento | abierto | consulta |" in run.report


def test_nothing_found_says_so_in_the_request_language(tmp_path):
    run, _ = run_kind(KIND, tmp_path, "licitaciones de restauración de vidrieras en Soria", [],
                      today=TODAY)
    assert "no se encontró ninguna licitación." in run.report


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch, "pipelines/tenders.yaml")


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/tenders.yaml",
                      "tenders for data analysis services in the EU, CPV 72300000-8, estimated "
                      "value under 200k EUR excl. VAT", tmp_path, capsys, monkeypatch)
    for words in ["subject", "data analysis", "cpv", "72300000-8", "max_value", "200",
                  "excl. tax", "F0", "R1", "F6"]:
        assert words in out, words
