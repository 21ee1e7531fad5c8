"""An outside-author kind: catering for the lab's events (examples/catering), written
from the docs alone, as the lab asks for it: a city, a campus or a venue, a day, how many
guests, a budget per person or in total (with or without VAT), dietary needs (vegan,
gluten-free, halal, kosher, nut-free), a service style (buffet, cóctel, finger food, box
lunches, coffee break), staff, delivery and set-up, drinks, tableware and sustainable
packaging. Requests are typed as people type them, in both languages; three runs end to
end offline with scout.testing (module-scoped: CI time). The report must be in the
request's language only, cite its sources, say the total for the guests asked and per
person on the tax basis asked, flag a minimum order, delivery and staff fees and the
dietary needs each caterer covers, and say nothing a catering report has no business
saying."""

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
    parse_request,
    plan_output,
    run_each,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "catering"
KIND = PROJECT / "pipelines" / "catering.yaml"
TODAY = dt.date(2026, 12, 6)


def _money(amount: float, per: str | None = None, currency: str = "EUR",
           comparator: str = "<=") -> dict:
    return {"amount": amount, "currency": currency, "comparator": comparator, "per": per}


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    # the hour ("a las 13:00") is no date, no count and no money
    "catering para 40 personas en Valencia el 15 de marzo a las 13:00, máximo 25 € por "
    "persona, con opciones veganas y sin gluten":
        ("es", {"place": "Valencia", "date": "2027-03-15", "guests": 40,
                "budget": _money(25, "person"), "vegan": True, "gluten_free": True}),
    "coffee break for about 25 people near Imperial College next Thursday at 11, under "
    "£600 total, nut-free":
        ("en", {"place": "Imperial College", "date": "2026-12-10", "guests": 25,
                "service": "coffee_break", "budget": _money(600, "total", "GBP"),
                "nut_free": True}),
    "cóctel para la defensa de tesis, 60 invitados, entrega en el campus de Bellaterra, "
    "máximo 15 €/pax IVA incluido":
        ("es", {"place": "Bellaterra", "guests": 60, "service": "cocktail",
                "budget": _money(15, "person"), "delivery": True}),
    "team lunch for 12 in Manchester on Friday 12 March, box lunches, vegetarian and halal "
    "options, under £15 a head":
        ("en", {"place": "Manchester", "date": "2027-03-12", "guests": 12,
                "service": "boxed_lunch", "budget": _money(15, "person", "GBP"),
                "vegetarian": True, "halal": True}),
    "comida de empresa para 30 personas en Madrid el 20 de mayo, buffet con camareros y "
    "bebidas incluidas, presupuesto total de 900 €":
        ("es", {"place": "Madrid", "date": "2027-05-20", "guests": 30, "service": "buffet",
                "budget": _money(900, "total"), "staff": True, "drinks": True}),
    # "3 vegans": how many of the guests, no number left unread
    "finger food for 50 guests in Barcelona, 3 vegans, kosher, with waiters and tableware, "
    "sustainable packaging":
        ("en", {"place": "Barcelona", "guests": 50, "service": "finger_food", "vegan": True,
                "kosher": True, "staff": True, "tableware": True, "eco": True}),
    "catering sin gluten para 20 personas en Sevilla, máximo 300 € + IVA, con vajilla y "
    "envases compostables":
        ("es", {"place": "Sevilla", "guests": 20, "budget": _money(300),
                "gluten_free": True, "tableware": True, "eco": True}),
    "catering vegano y sin gluten para 30 en Valencia el viernes":
        ("es", {"place": "Valencia", "date": "2026-12-11", "guests": 30, "vegan": True,
                "gluten_free": True}),
    "box lunches for 15 people at the Francis Crick Institute on 4 March, £12 each":
        ("en", {"place": "Francis Crick Institute", "date": "2027-03-04", "guests": 15,
                "service": "boxed_lunch", "budget": _money(12, "person", "GBP")}),
    "catering for a thesis defence party, 40 guests, Edinburgh, canapés and drinks, under "
    "£25 pp":
        ("en", {"place": "Edinburgh", "guests": 40, "service": "finger_food",
                "budget": _money(25, "person", "GBP"), "drinks": True}),
    "pica-pica para 80 personas en Barcelona el 3 de junio, máx. 18 €/persona sin IVA":
        ("es", {"place": "Barcelona", "date": "2027-06-03", "guests": 80,
                "budget": _money(18, "person")}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    task = parse_request(KIND, query, TODAY)
    assert_read_as(task, lang, want, false_unasked=True)
    # nothing left unread: a count of a dietary need or an hour is no number lost
    assert not any("could not read" in n or "no se ha podido" in n for n in task.notes), \
        task.notes


@pytest.mark.parametrize("query, tax", [
    ("cóctel para 60 invitados en Bellaterra, máximo 15 €/pax IVA incluido", "included"),
    ("pica-pica para 80 personas en Barcelona, máx. 18 €/persona sin IVA", "excluded"),
    ("buffet for 30 people in Leeds, £20 per person VAT included", "included"),
    ("catering para 40 personas en Valencia, máximo 25 € por persona", None),
])
def test_the_budget_keeps_the_tax_basis_the_request_says(query, tax):
    task = parse_request(KIND, query, TODAY)
    assert task.values["budget"].tax == tax


# ---------------------------------------------------------------- end to end, offline
# what a search for caterers finds, each on a site of its own; a search for one caterer by
# its name finds its page and clients' reviews
VALENCIA = [
    Result("Catering La Huerta", "https://lahuerta.test/menus",
           "Menús de bufé desde 19 €/persona con opciones veganas y sin gluten. Mínimo 20 "
           "personas. Entrega en Valencia: 40 €."),
    Result("Sabores del Turia", "https://turia.test/coctel",
           "Cóctel a 28 €/persona, con platos veganos y sin gluten bajo pedido."),
    Result("Catering Mediterráneo", "https://mediterraneo.test/empresa",
           "Menú de empresa a 22 € por persona. Mínimo 50 personas. Opciones veganas y sin "
           "gluten."),
    Result("Vegan Box Valencia", "https://veganbox.test/box",
           "Box lunch vegano a 14 €/persona, entrega gratuita."),
    Result("El Celler Càtering", "https://celler.test/grupos",
           "Bufé a 23 €/persona con opciones veganas y sin gluten, halal bajo pedido. "
           "Camareros incluidos."),
    Result("Catering Albufera", "https://albufera.test/eventos",
           "Menú de 20 €/persona con opciones veganas y sin gluten. Disponible del 16 al 31 "
           "de marzo de 2027."),
]
VALENCIA_REVIEWS = {"Catering La Huerta": "Valoración de los clientes: 4,6/5.",
                    "El Celler Càtering": "Opiniones: 4,8/5."}
LONDON = [
    Result("Kensington Coffee Breaks", "https://kcb.test/coffee",
           "Coffee break packages from £9.50 per person, nut-free on request. Minimum 10 "
           "guests. Delivery to South Kensington: £25."),
    Result("South Ken Catering", "https://southken.test/breaks",
           "Coffee break for groups at £30 per person, nut-free kitchen, waiters included."),
    Result("Platter Co", "https://platter.test/office",
           "Breakfast and coffee break platters, £12 per person + VAT, nut-free options."),
    Result("Imperial Events Kitchen", "https://iek.test/catering",
           "Coffee break at £8 per person, nut-free. Minimum order 40 guests."),
    Result("Brompton Bakes", "https://brompton.test/office",
           "Coffee break pastries at £10 per person, baked fresh daily."),
    Result("Exhibition Road Catering", "https://exroad.test/lunch",
           "Buffet lunches at £15 per person, nut-free, delivered to South Kensington."),
]
LONDON_REVIEWS = {"Kensington Coffee Breaks": "Clients rate it 4.7/5.",
                  "Platter Co": "Clients rate it 4.2/5."}
BELLATERRA = [
    Result("Càtering Vallès", "https://valles.test/coctel",
           "Cóctel a 12 €/persona + IVA, con entrega y montaje en el campus."),
    Result("Càtering Sabadell", "https://sabadell.test/coctel",
           "Cóctel de 14 €/persona + IVA, entrega incluida en el Vallès."),
    Result("Bellaterra Gourmet", "https://gourmet.test/coctel",
           "Cóctel a 14,50 €/persona IVA incluido. Entrega en Bellaterra: 30 €."),
    Result("Can Cerdanyola", "https://cerdanyola.test/coctel",
           "Cóctel a 11 €/persona IVA incluido. Recogida en la tienda."),
]

VALENCIA_QUERY, LONDON_QUERY, BELLATERRA_QUERY = list(REQUESTS)[:3]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, {"es": (VALENCIA_QUERY, VALENCIA), "en": (LONDON_QUERY, LONDON),
                           "vat": (BELLATERRA_QUERY, BELLATERRA)}, tmp_path_factory,
                    today=TODAY, reviews={"es": VALENCIA_REVIEWS, "en": LONDON_REVIEWS})


# the report's own words in the other language: none may leak into a report
ENGLISH = words_of(*REPORT_ENGLISH, "caterers?", "guests?", "per person", "minimum",
                   "delivery", "staff", "dietary", "vegan", "gluten-free", "could not check")
SPANISH = words_of(*REPORT_SPANISH, "caterings", "invitados?", "por persona", "mínimo",
                   "entrega", "camareros", "dietas", "vegano", "sin gluten")
# what a catering report has no business saying, in either language: lodging, a job's
# pay, a shop's stock, a venue's layout or a room's capacity
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "aforo", "capacity", "montaje en", "layout",
                       "seats?", ignore_case=True)


def test_a_spanish_request_shortlists_the_caterers_that_fit(runs):
    run, queries = runs["es"]
    # best rated first, then cheapest
    assert _names(run) == ["El Celler Càtering", "Catering La Huerta"]
    assert _excluded(run) == {
        "Sabores del Turia": ["cuesta más que el presupuesto"],
        "Catering Mediterráneo": ["pide un mínimo de 50 invitados, más de los pedidos"],
        "Vegan Box Valencia": ["no indica opciones sin gluten"],
        "Catering Albufera": ["no está libre en la fecha pedida"],
    }
    # searches in the request's language, with its words
    assert queries[0] == "catering 40 personas en Valencia 15 de marzo de 2027"
    assert '"El Celler Càtering" menú precio por persona opiniones' in queries


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["es"]
    report = run.report
    for words in ["# Catering para un evento en Valencia", "## Selección",
                  "2 caterings de 6 encontrados: para 40 invitados, 15 de marzo de 2027, por "
                  "como mucho 25 €/persona, vegano, sin gluten.",
                  "| # | catering | precio | para 40 invitados | por persona | mínimo | entrega "
                  "| camareros | dietas | valoración | enlace |",
                  # the total for the guests, the minimum, the delivery fee, the diets
                  "| Catering La Huerta | 19 €/persona [3] | 760 € | 19 € | 20 invitados | 40 € "
                  "| no consta | vegano, sin gluten |",
                  "| El Celler Càtering | 23 €/persona [1] | 920 € | 23 € | no consta | no consta "
                  "| sí, sin precio indicado | vegano, sin gluten, halal |",
                  "| invitados | 40 | consulta |", "| servicio | — | no indicado |"]:
        assert words in report, words
    assert_says_nothing_of(ENGLISH, report, VALENCIA, ids=True, reviews=VALENCIA_REVIEWS)
    assert_says_nothing_of(OTHER_KINDS, report, VALENCIA, ids=True, reviews=VALENCIA_REVIEWS)
    assert_cites_sources(run, VALENCIA, "es")
    assert "## Fuentes" in report and run.report_html and "<html" in run.report_html.lower()


def test_an_english_request_compares_a_price_per_person_with_a_total_budget(runs):
    run, queries = runs["en"]
    # £30 a head for 25 is £750, over £600; a minimum of 40 guests is more than 25; a
    # coffee break with nuts, or a buffet when a coffee break is asked, does not fit
    assert _names(run) == ["Kensington Coffee Breaks", "Platter Co"]
    assert _excluded(run) == {
        "South Ken Catering": ["costs more than the budget"],
        "Imperial Events Kitchen": ["takes at least 40 guests, more than asked"],
        "Brompton Bakes": ["nut-free not stated"],
        "Exhibition Road Catering": ["service style not stated"],
    }
    kcb = run.artifact("shortlist")["items"][0]["candidate"]
    assert kcb["price_converted"]["amount"] == 237.5
    # a caterer that states no minimum takes any number: no doubt flagged; its price said
    # before VAT is compared with it, as the request says no basis (money20)
    assert run.artifact("shortlist")["items"][1]["candidate"]["flags"] == [
        "price per person times 25 people, to compare it as the group's",
        "amount stated before tax, 20 % tax added to compare it"]
    assert queries[0] == ("coffee break catering 25 people near Imperial College "
                          "December 10, 2026")


def test_an_english_request_gets_an_english_report(runs):
    run, _ = runs["en"]
    report = run.report
    for words in ["# Event catering near Imperial College", "## Shortlist",
                  "2 caterers out of 6 found: for 25 guests, coffee break, on December 10, "
                  "2026, for at most 600 GBP in total, nut-free.",
                  "| Kensington Coffee Breaks | 238 GBP (9.50 GBP/person as stated) [1] | 238 GBP | 9.50 GBP | 10 guests | "
                  "25 GBP | not stated | nut-free |",
                  # a price before VAT says so, and is shown as compared, with it (20 %)
                  "| Platter Co | 360 GBP incl. tax (12 GBP/person excl. tax as stated) [3] | "
                  "360 GBP incl. tax | 14.40 GBP incl. tax |",
                  "prices said before tax were compared with the tax added (20 % GBP), as the "
                  "request says no basis: what is paid",
                  "| service | coffee break | query |"]:
        assert words in report, words
    assert "could not check" not in report
    assert_says_nothing_of(SPANISH, report, LONDON, ids=True, reviews=LONDON_REVIEWS)
    assert_says_nothing_of(OTHER_KINDS, report, LONDON, ids=True, reviews=LONDON_REVIEWS)
    assert_cites_sources(run, LONDON, "en")


def test_prices_before_vat_are_compared_with_it_as_the_request_asks(runs):
    run, _ = runs["vat"]
    # 12 € + 10 % IVA is 13,20 €: within 15 € IVA incluido; 14 € + IVA is 15,40 €: over;
    # collection in the shop is no delivery
    assert _names(run) == ["Càtering Vallès", "Bellaterra Gourmet"]
    assert _excluded(run) == {"Càtering Sabadell": ["cuesta más que el presupuesto"],
                              "Can Cerdanyola": ["no indica entrega"]}
    for words in ["para 60 invitados, cóctel, por como mucho 15 €/persona impuestos "
                  "incluidos, con entrega y montaje.",
                  "| Càtering Vallès | 12 €/persona sin impuestos (13,20 €/persona impuestos "
                  "incluidos, 10 %) [1] | 792 € impuestos incluidos | 13,20 € impuestos "
                  "incluidos |",
                  "| Bellaterra Gourmet | 14,50 €/persona impuestos incluidos [2] | 870 € "
                  "impuestos incluidos | 14,50 € impuestos incluidos | no consta | 30 € |"]:
        assert words in run.report, words
    # no minimum stated is no doubt: only the ratings nobody gave are said unknown
    assert "no se pudo comprobar: " not in run.report
    assert_says_nothing_of(ENGLISH, run.report, BELLATERRA, ids=True)
    assert_cites_sources(run, BELLATERRA, "vat")


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch, "pipelines/catering.yaml")


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/catering.yaml",
                      "box lunches for 15 people at the Francis Crick Institute on 4 March, "
                      "£12 each, vegetarian", tmp_path, capsys, monkeypatch)
    for words in ["guests", "15", "service", "boxed_lunch", "Francis Crick Institute",
                  "vegetarian", "F0", "R1", "F6"]:
        assert words in out, words
