"""An outside-author kind: printing and binding (examples/printing), written from the docs
alone. A print shop is compared on what the whole order asked would cost: the tier of its
price list for the copies asked ("100 uds 25 €, 250 uds 39 €"), or its price per page
times the pages and the copies, or its price per copy times the copies; plus binding per
copy, a set-up fee, shipping unless picking up, an express surcharge only when its usual
turnaround misses the deadline, and VAT where it prices without it; against the budget,
with how the total was worked out. The requests are typed as the lab types them, in both
languages; four run end to end offline with scout.testing (module-scoped: one run each),
and the reports are checked for their language, their citations, and for words that do
not belong to print shops."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    own_pages,
    REPORT_ENGLISH,
    REPORT_SPANISH,
    assert_cheapest_agrees,
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    cap,
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    plan_output,
    run_each,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "printing"
KIND = PROJECT / "pipelines" / "printing.yaml"
TODAY = dt.date(2026, 12, 7)   # a Monday


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    # Latin America's words: "tarjetas de presentación", "para retirar"; a check of the
    # files said as a clause (wt/parse40)
    "250 tarjetas de presentación a color, para retirar en Córdoba":
        ("es", {"product": "business_card", "copies": 250, "pickup": True}),
    "60 pósters A2 en Bilbao y que revisen los archivos":
        ("es", {"product": "poster", "copies": 60, "file_check": True}),
    "imprimir y encuadernar 4 copias de la tesis, 220 páginas, tapa dura, en Granada, antes "
    "del viernes, máximo 120 €":
        ("es", {"product": "thesis", "copies": 4, "pages": 220, "binding": "hardcover",
                "place": "Granada", "budget": cap(120)}),
    "A0 poster for a conference, matte, delivered in Leeds by Tuesday, under £40":
        ("en", {"product": "poster", "size": "A0", "copies": None, "finish": "matte",
                "place": "Leeds", "budget": cap(40, "GBP")}),
    "500 flyers A5 a doble cara en Madrid, papel 170 g, lo más barato":
        ("es", {"product": "flyer", "copies": 500, "size": "A5", "double_sided": True,
                "paper_weight": 170, "place": "Madrid", "budget": None}),
    "200 business cards, recycled paper, Berlin, under 30 EUR":
        ("en", {"product": "business_card", "copies": 200, "recycled": True,
                "place": "Berlin", "budget": cap(30)}),
    "Necesito imprimir 30 cuadernillos de 48 págs grapados a color en Sevilla para el 15 de "
    "diciembre, hasta 200 euros + IVA":
        ("es", {"product": "booklet", "copies": 30, "pages": 48, "binding": "stapled",
                "colour": "colour", "place": "Sevilla", "deadline": "2026-12-15",
                "budget": cap(200)}),
    "Please find a print shop in Manchester that can print 3 copies of my PhD thesis (180 "
    "pages, black and white, softcover) by next Friday; budget £90, I'd like to pick them "
    "up in person":
        ("en", {"product": "thesis", "copies": 3, "pages": 180, "colour": "black_and_white",
                "binding": "softcover", "pickup": True, "place": "Manchester",
                "budget": cap(90, "GBP")}),
    "cartel A1 brillo 2 copias valencia para mañana":
        ("es", {"product": "poster", "size": "A1", "finish": "gloss", "copies": 2,
                "place": "Valencia", "deadline": "2026-12-08"}),
    "tarjetas de visita 250 uds papel reciclado 350 gr, Bilbao, menos de 40€":
        ("es", {"product": "business_card", "copies": 250, "recycled": True,
                "paper_weight": 350, "place": "Bilbao", "budget": cap(40)}),
    "1000 A5 flyers, 350gsm gloss, Bristol, max £60":
        ("en", {"product": "flyer", "copies": 1000, "size": "A5", "paper_weight": 350,
                "finish": "gloss", "place": "Bristol", "budget": cap(60, "GBP")}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


def test_a_deadline_said_as_a_bound_runs_from_today():
    """"antes del viernes" and "by Tuesday" (Monday 7 December) are ranges ending the day
    before Friday and on Tuesday; "para el 15 de diciembre" is that day."""
    for query, start, end in [
            ("4 copias de la tesis en Granada antes del viernes", "2026-12-07", "2026-12-10"),
            ("A0 poster in Leeds by Tuesday", "2026-12-07", "2026-12-08"),
            ("flyers in York by 14 December", "2026-12-07", "2026-12-14")]:
        deadline = parse_request(KIND, query, TODAY).values["deadline"]
        assert (str(deadline.start), str(deadline.end)) == (start, end), query


def test_a_format_is_no_count_of_copies():
    """"A5 flyers", "A0 poster": the format, never five flyers or none; a count said beside
    it is the copies."""
    for query, copies, size in [("A5 flyers, 100 copies, Madrid", 100, "A5"),
                                ("A0 poster in Leeds", None, "A0"),
                                ("2 pósters A1 en Málaga", 2, "A1")]:
        values = parse_request(KIND, query, TODAY).values
        assert (values.get("copies"), values.get("size")) == (copies, size), query


GRANADA = [
    Result("Copistería Albaicín", "https://print.test/albaicin",
           "Copistería Albaicín: impresión de tesis 0,04 €/página b/n, 0,25 € color. "
           "Encuadernación tapa dura 18 €/ud. Entrega en 48 horas."),
    Result("Imprenta Genil", "https://print.test/genil",
           "Imprenta Genil: tesis encuadernadas en tapa dura desde 35 € por ejemplar (hasta 300 "
           "páginas). Urgente 24 h +30%. Precios sin IVA."),
    Result("Reprografía Darro", "https://print.test/darro",
           "Reprografía Darro: encuadernación en espiral 3 €, impresión 0,03 €/página. Listo en "
           "24 horas."),
    Result("Tesis Express Granada", "https://print.test/tesisexpress",
           "Tesis Express: pack tesis tapa dura, 4 ejemplares, 150 €. Plazo de entrega 7 días "
           "laborables."),
]
LEEDS = [
    Result("Leeds Print Hub", "https://print.test/leedshub",
           "Leeds Print Hub: A0 poster printing from £18, matt or gloss. Delivery £6.50. Ready "
           "in 1 day."),
    Result("Poster Express UK", "https://print.test/posterexpress",
           "Poster Express UK: A0 posters £28 each, matte 200gsm. Ready in 3 days; express 24h "
           "+40%. Delivery £8."),
    Result("Headingley Copy Shop", "https://print.test/headingley",
           "Headingley Copy Shop: A0 poster £22 + VAT, gloss only. Delivery £5. Ready in 24 "
           "hours."),
    Result("Yorkshire Large Format", "https://print.test/yorkshirelf",
           "Yorkshire Large Format: A1 and A2 posters from £12, matte finish. Delivery £4.95."),
]
MADRID = [
    Result("Imprenta Lavapiés", "https://print.test/lavapies",
           "Imprenta Lavapiés: flyers A5 a doble cara, 170 g: 100 uds 25 €, 250 uds 39 €, 500 "
           "uds 55 €, 1.000 uds 79 €. Precios sin IVA. Envío gratis."),
    Result("Copias Chamberí", "https://print.test/chamberi",
           "Copias Chamberí: flyers A5 a doble cara, papel 135 g, 500 flyers por 42 € IVA "
           "incluido."),
    Result("Gráficas Retiro", "https://print.test/retiro",
           "Gráficas Retiro: folletos A5 de 170 g a doble cara desde 0,09 €/ud (pedido mínimo "
           "250 uds). Gastos de envío 6 €."),
    Result("Print Malasaña", "https://print.test/malasana",
           "Print Malasaña: flyers A6 y A5 a una cara, 500 uds 35 €."),
]
BERLIN = [
    Result("Druckerei Kreuzberg", "https://print.test/kreuzberg",
           "Druckerei Kreuzberg: business cards on 100% recycled paper: 100 cards €14, 250 "
           "cards €22, 500 cards €35. Shipping €4.90."),
    Result("Mitte Print Studio", "https://print.test/mitte",
           "Mitte Print Studio: recycled business cards from €0.12 each, minimum 100. Design "
           "fee €15."),
    Result("Prenzlauer Copy", "https://print.test/prenzlauer",
           "Prenzlauer Copy: business cards 250 for €19, glossy 350gsm."),
]

RUNS = {
    "granada": ("imprimir y encuadernar 4 copias de la tesis, 220 páginas, tapa dura, en "
                "Granada, antes del viernes, máximo 120 €", GRANADA),
    "leeds": ("A0 poster for a conference, matte, delivered in Leeds by Tuesday, under £40",
              LEEDS),
    "madrid": ("500 flyers A5 a doble cara en Madrid, papel 170 g, lo más barato", MADRID),
    "berlin": ("200 business cards, recycled paper, Berlin, under 30 EUR", BERLIN),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The four runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=own_pages)


def test_a_thesis_on_pages_times_copies_and_binding_per_copy(runs):
    run, queries = runs["granada"]
    # Albaicín: 220 × 4 × 0,04 € = 35,20 € + 4 × 18 € binding = 107,20 €; Genil's 35 € a
    # copy is before VAT: 4 × 35 € + 21 % = 169,40 €; Tesis Express's pack is 150 € and
    # takes 7 working days, past Friday; Darro binds in spiral only
    assert _names(run) == ["Copistería Albaicín"]
    assert _excluded(run) == {
        "Imprenta Genil": ["el pedido cuesta unos 169 €"],
        "Reprografía Darro": ["no indica encuadernación en tapa dura"],
        "Tesis Express Granada": ["el pedido cuesta unos 150 €", "no está listo antes del plazo"]}
    assert ("| 1 | Copistería Albaicín | 107,20 € [1](https://print.test/albaicin) ≤ 120 € | 220 páginas × 4 copias a 0,04 € "
            "la página + encuadernación 18,00 € × 4 | 2 días |") in run.report
    assert queries[0] == "imprenta tesis tapa dura Granada"


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["granada"]
    assert run.report.startswith("# Imprenta: tesis · 4 copias · 220 páginas · tapa dura · "
                                 "Granada")
    assert "107 € en total tal como lo compara la clasificación (" in run.report
    own = _own_words(run.report, GRANADA)
    english = words_of(*REPORT_ENGLISH, "copies", "pages", "binding", "shipping", "order",
                       "print shop", "worked out", "ready in", "days?")
    assert not english.search(own), english.findall(own)
    # no left-out shop is said to be named by the answer for sharing the request's words
    assert "Tesis Express Granada, que la clasificación dejó fuera" not in run.report


def test_the_express_surcharge_only_when_the_deadline_needs_it(runs):
    run, queries = runs["leeds"]
    # by Tuesday is 1 day: Poster Express takes 3, so its 24 h express +40 % is paid:
    # £28 × 1.4 + £8 delivery = £47.20; Leeds Print Hub is ready in a day: £18 + £6.50
    assert _names(run) == ["Leeds Print Hub"]
    assert _excluded(run) == {
        "Poster Express UK": ["the order costs about 47.20 GBP"],
        "Headingley Copy Shop": ["no matte finish said"],
        "Yorkshire Large Format": ["no A0 said"]}
    assert run.report.startswith("# Printing: poster · A0 · Leeds")
    assert ("| 1 | Leeds Print Hub | 24.50 GBP [1](https://print.test/leedshub) ≤ 40 GBP | the price it states, 18 GBP + "
            "shipping 6.50 GBP | 1 day |") in run.report
    assert queries[0] == "print shop poster A0 Leeds"
    own = _own_words(run.report, LEEDS)
    spanish = words_of(*REPORT_SPANISH, "copias", "páginas", "encuadernación", "envío", "pedido",
                       "imprenta", "urgente")
    assert not spanish.search(own), spanish.findall(own)


def test_the_tier_for_the_copies_asked_in_spanish(runs):
    run, _ = runs["madrid"]
    # Lavapiés: the 500 tier, 55 € before VAT, is 66,55 €; Retiro: 500 × 0,09 € + 6 € envío
    # = 51 €; Chamberí's paper is 135 g; Malasaña prints one side
    assert _names(run) == ["Gráficas Retiro", "Imprenta Lavapiés"]
    assert _excluded(run) == {"Copias Chamberí": ["papel de menos gramaje que el pedido"],
                              "Print Malasaña": ["no indica impresión a doble cara"]}
    for row in ["| 1 | Gráficas Retiro | 51,00 € [1](https://print.test/retiro) | 500 copias a 0,09 € cada una + envío "
                "6,00 € | no consta |",
                "| 2 | Imprenta Lavapiés | 66,55 € [2](https://print.test/lavapies) | 500 copias al precio de su tramo, 55,00 € "
                "+ IVA del 21 % añadido (sus precios no lo incluyen) | no consta |"]:
        assert row in run.report, row
    assert assert_cheapest_agrees(run.report, 2, "es") == "Gráficas Retiro"


def test_the_tier_for_the_copies_asked_in_english(runs):
    run, _ = runs["berlin"]
    # 200 cards are the 250 tier's €22 + €4.90 shipping; Mitte's €0.12 each × 200 + a €15
    # design fee is €39; Prenzlauer says nothing of recycled paper
    assert _names(run) == ["Druckerei Kreuzberg"]
    assert _excluded(run) == {"Mitte Print Studio": ["the order costs about 39 EUR"],
                              "Prenzlauer Copy": ["no recycled paper said"]}
    assert ("| 1 | Druckerei Kreuzberg | 26.90 EUR [1](https://print.test/kreuzberg) ≤ 30 EUR | 200 copies at the tier for "
            "them, 22.00 EUR + shipping 4.90 EUR | not stated |") in run.report


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


# words of other kinds: lodging, pay, tariffs, tickets, people
OTHER_KINDS = words_of("hotels?", "nights?", "per night", "check-in", "noches?", "por noche",
                       r"habitaci[oó]n(es)?", "salary", "salario", "sueldo", "tarifa", "tariff",
                       "tickets?", "entradas", "per person", "por persona", "rating unknown",
                       "valoración desconocida", ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_plan_shows_the_order_as_asked(tmp_path, capsys, monkeypatch):
    out = plan_output(PROJECT, "pipelines/printing.yaml",
                      "500 flyers A5 a doble cara en Madrid, papel 170 g, lo más barato",
                      tmp_path, capsys, monkeypatch)
    assert "500" in out and "A5" in out and "170" in out


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
