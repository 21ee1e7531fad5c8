"""An outside-author kind: lab equipment (examples/labequipment), written from the docs
alone. The lab buys instruments: a centrifuge's rpm, a freezer's litres and its
temperature below zero, a balance's readability, each a minimum or a maximum; a price cap
with VAT included or on top (``+ IVA``), compared on one basis; new, refurbished or used; a
warranty in years and a delivery time in weeks (two ``duration`` inputs told apart by their
words); how many; brands ruled out (``que no sea Eppendorf ni Hettich``). Requests are
typed as the lab types them, in both languages; four run end to end offline with
scout.testing (module-scoped: one run each), and the report is checked for its language,
its citations and for words that do not belong to lab equipment."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.schemas.task import Money
from scout.testing import Result
from tests.kinds import (
    LODGING_PAY_STOCK,
    MONEY,
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons,
    parse_request,
    plan_output,
    run_each,
    shortlist_names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "labequipment"
KIND = PROJECT / "pipelines" / "labequipment.yaml"
TODAY = dt.date(2026, 12, 2)
YEAR, WEEK, DAY = 31557600, 604800, 86400


def _money(amount: float, currency: str = "EUR", tax: str | None = None) -> dict:
    # tax: the VAT basis the request says (Money.tax), None when it says none
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": None, "tax": tax}


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "centrífuga refrigerada de sobremesa, mínimo 15.000 rpm, menos de 6.000 € IVA incluido, "
    "garantía de 2 años, proveedor en España":
        ("es", {"instrument": "centrífuga refrigerada de sobremesa", "min_speed": 15000.0,
                "budget": _money(6000, tax="included"), "min_warranty": 2 * YEAR,
                "delivery_place": "España"}),
    "a refurbished -80 °C ultra-low freezer, at least 500 L, under $8,000, delivery to "
    "Mexico City":
        ("en", {"instrument": "ultra-low freezer", "temperature": -80.0, "min_capacity": 500.0,
                "budget": _money(8000, "USD"), "condition": "refurbished",
                "delivery_place": "Mexico City"}),
    # "vale": refurbished will do; "+ IVA": the budget is before VAT, never a place
    "microscopio de fluorescencia invertido con cámara, reacondicionado vale, hasta 20 mil "
    "euros + IVA":
        ("es", {"instrument": "microscopio de fluorescencia invertido con cámara",
                "condition": "refurbished", "budget": _money(20000, tax="excluded")}),
    "balanza analítica de 0,1 mg de precisión, nueva, entrega en menos de 2 semanas":
        ("es", {"instrument": "balanza analítica", "readability": 0.1, "condition": "new",
                "max_delivery": 2 * WEEK}),
    # the same classes, other words
    "benchtop centrifuge under 5,000 EUR plus VAT, 3-year warranty":
        ("en", {"instrument": "benchtop centrifuge", "budget": _money(5000, tax="excluded"),
                "min_warranty": 3 * YEAR}),
    "congelador de -86 ºC de segunda mano, al menos 400 litros, entrega en 10 días":
        ("es", {"instrument": "congelador", "temperature": -86.0, "condition": "used",
                "min_capacity": 400.0, "max_delivery": 10 * DAY}),
    "centrífuga de sobremesa que no sea Eppendorf ni Hettich, hasta 4.000 € + IVA":
        ("es", {"instrument": "centrífuga de sobremesa", "budget": _money(4000, tax="excluded"),
                "excluded_brands": ["eppendorf", "hettich"]}),
    "8-channel multichannel pipette, 3 units, no Eppendorf or Gilson, under 900 EUR":
        ("en", {"instrument": "8-channel multichannel pipette", "quantity": 3,
                "excluded_brands": ["eppendorf", "gilson"], "budget": _money(900)}),
    "new analytical balance with 0.1 mg readability, 2-year warranty, delivered within 3 weeks":
        ("en", {"instrument": "analytical balance", "condition": "new", "readability": 0.1,
                "min_warranty": 2 * YEAR, "max_delivery": 3 * WEEK}),
    "ultracongelador reacondicionado de -80 °C, garantía de un año, hasta 9.000 € IVA incluido":
        ("es", {"instrument": "ultracongelador", "condition": "refurbished",
                "temperature": -80.0, "min_warranty": YEAR,
                "budget": _money(9000, tax="included")}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    task = parse_request(KIND, query, TODAY)
    assert_read_as(task, lang, want, money=(*MONEY, "tax"))


def test_two_lengths_of_time_are_told_apart_by_their_words():
    """A warranty and a delivery time are both durations: each is read next to its own
    words, and one said with neither's words is not guessed at (the note says so)."""
    task = parse_request(KIND, "balanza analítica, 2 años de garantía y plazo de entrega de "
                               "3 semanas", TODAY)
    assert (task.values["min_warranty"], task.values["max_delivery"]) == (2 * YEAR, 3 * WEEK)
    task = parse_request(KIND, "analytical balance, 2 weeks", TODAY)
    assert task.values.get("min_warranty") is None and task.values.get("max_delivery") is None
    assert any(n.startswith("'2 weeks' could be minimum warranty / maximum delivery time")
               for n in task.notes), task.notes


CENTRIFUGES = [
    Result("Eppendorf Centrifuge 5425 R", "https://shop.test/eppendorf-5425r",
           "Centrífuga refrigerada de sobremesa Eppendorf 5425 R: 21.300 rpm, garantía de 2 "
           "años. 5.490 € IVA incluido."),
    # before VAT 4.600 € is 5.566 € with it: within 6.000 € VAT included, but dearer than
    # the Eppendorf's 5.490 €
    Result("Hettich Mikro 220 R", "https://lab.test/hettich-mikro-220r",
           "Centrífuga refrigerada Hettich Mikro 220 R, 18.000 rpm, garantía de 3 años. "
           "4.600 € + IVA."),
    Result("Thermo Sorvall Legend Micro 17R", "https://distri.test/legend-micro-17r",
           "Centrífuga refrigerada Sorvall Legend Micro 17R: 14.800 rpm, garantía de 2 años. "
           "4.200 € IVA incluido."),
    # 5.100 € + IVA is 6.171 €: over a 6.000 € cap with VAT, though 5.100 is under it
    Result("Sigma 1-16K", "https://lab.test/sigma-1-16k",
           "Centrífuga refrigerada Sigma 1-16K, 15.300 rpm, garantía de 2 años. 5.100 € + IVA."),
    Result("Labnet Prism R", "https://market.test/prism-r",
           "Centrífuga refrigerada Labnet Prism R, 15.000 rpm, garantía de 1 año. 3.900 € IVA "
           "incluido."),
]
FREEZERS = [
    Result("Thermo Scientific TSX600 ULT freezer (refurbished)", "https://refurb.test/tsx600",
           "Refurbished Thermo Scientific TSX600 ultra-low freezer: -86 °C, 550 L capacity, "
           "1-year warranty. $6,900."),
    Result("PHC VIP ECO MDF-DU502VH (refurbished)", "https://refurb.test/phc-502",
           "Refurbished PHCbi VIP ECO ULT freezer, -86 °C, 528 L, 6-month warranty. $7,400."),
    Result("Haier DW-86L490 ULT freezer", "https://market.test/haier-490",
           "New Haier DW-86L490 ultra-low freezer: -86 °C, 490 L. $7,900."),
    Result("Stirling SU780XLE", "https://market.test/stirling-780",
           "Used Stirling SU780XLE ultra-low freezer, -80 °C, 780 L. $5,200."),
    Result("Eppendorf CryoCube F570h (refurbished)", "https://refurb.test/cryocube",
           "Refurbished Eppendorf CryoCube F570h freezer, -40 °C, 570 L. $4,800."),
]
BALANCES = [
    Result("Sartorius Quintix 125D", "https://shop.test/quintix-125d",
           "Balanza analítica Sartorius Quintix 125D, nueva: precisión 0,01 mg, entrega en 1 "
           "semana. 4.900 €."),
    Result("Ohaus Explorer EX224", "https://distri.test/ohaus-ex224",
           "Balanza analítica Ohaus Explorer EX224, nueva, precisión 0,1 mg, plazo de entrega: "
           "3 semanas. 2.950 €."),
    Result("Mettler Toledo ME204", "https://shop.test/me204",
           "Balanza analítica Mettler Toledo ME204, nueva, precisión 0,1 mg, entrega en 2 "
           "semanas. 2.400 €."),
    Result("Kern ABT 220-5DNM", "https://refurb.test/kern-abt",
           "Balanza analítica Kern ABT 220-5DNM reacondicionada, precisión 0,01 mg, entrega en "
           "1 semana. 1.900 €."),
    Result("PCE-BT 200", "https://market.test/pce-bt-200",
           "Balanza de precisión PCE-BT 200, nueva, precisión 1 mg, entrega en 1 semana. 350 €."),
]
PIPETTES = [
    Result("Eppendorf Research plus 8-channel", "https://shop.test/research-plus-8",
           "Eppendorf Research plus 8-channel pipette, 10-100 µL. €780."),
    Result("Gilson PIPETMAN M8", "https://shop.test/pipetman-m8",
           "Gilson PIPETMAN M 8-channel pipette, 10-100 µL. €640."),
    Result("Sartorius Tacta 8-channel", "https://distri.test/tacta-8",
           "Sartorius Tacta 8-channel mechanical pipette, 10-100 µL. €310."),
    Result("Thermo Finnpipette F1 8-channel", "https://distri.test/f1-8",
           "Thermo Scientific Finnpipette F1 8-channel pipette, 10-100 µL. €285."),
    Result("DLAB MicroPette Plus 8-channel set", "https://market.test/dlab-set",
           "DLAB MicroPette Plus 8-channel pipettes, 10-100 µL: set of 3 pipettes. €690."),
]

RUNS = {
    "centrifuge": ("centrífuga refrigerada de sobremesa, mínimo 15.000 rpm, menos de 6.000 € "
                   "IVA incluido, garantía de 2 años, proveedor en España", CENTRIFUGES),
    "freezer": ("a refurbished -80 °C ultra-low freezer, at least 500 L, under $8,000, "
                "delivery to Mexico City", FREEZERS),
    "balance": ("balanza analítica de 0,1 mg de precisión, nueva, entrega en menos de 2 "
                "semanas", BALANCES),
    "pipettes": ("8-channel multichannel pipette, 3 units, no Eppendorf or Gilson, under 900 "
                 "EUR", PIPETTES),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The four runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_specs_warranty_and_the_price_on_one_vat_basis(runs):
    run, queries = runs["centrifuge"]
    # cheapest on the budget's basis, VAT included: 5.490 € before 4.600 € + IVA (5.566 €)
    assert shortlist_names(run) == ["Eppendorf Centrifuge 5425 R", "Hettich Mikro 220 R"]
    assert excluded_reasons(run) == {
        "Thermo Sorvall Legend Micro 17R": ["solo 14.800 rpm"],
        "Sigma 1-16K": ["por encima del presupuesto"],
        "Labnet Prism R": ["garantía de 1 año"],
    }
    report = run.report
    assert report.startswith("# Equipos de laboratorio")
    assert "2 equipos de 5 encontrados: centrífuga refrigerada de sobremesa, al menos 15.000 " \
           "rpm, garantía de al menos 2 años, entrega en España, por como mucho 6.000 € " \
           "impuestos incluidos." in report
    assert "| garantía mínima | 2 años |" in report
    # each price on the basis its listing states it
    assert "| 1 | Eppendorf Centrifuge 5425 R | 5.490 € impuestos incluidos [1] | no consta | 2 años |" \
        in report
    # and, put on the budget's at the config's 21 %, as compared
    assert "| 2 | Hettich Mikro 220 R | 4.600 € sin impuestos (5.566 € impuestos incluidos, 21 %) [2] |" \
        in report
    assert queries[0] == "centrífuga refrigerada de sobremesa 15.000 rpm precio"


def test_a_temperature_below_zero_and_the_condition(runs):
    run, queries = runs["freezer"]
    assert shortlist_names(run) == ["Thermo Scientific TSX600 ULT freezer (refurbished)",
                                    "PHC VIP ECO MDF-DU502VH (refurbished)"]
    assert excluded_reasons(run) == {
        "Haier DW-86L490 ULT freezer": ["only 490 L", "not said to be refurbished"],
        "Stirling SU780XLE": ["not said to be refurbished"],
        "Eppendorf CryoCube F570h (refurbished)": ["reaches only -40 °C"],
    }
    report = run.report
    assert "2 instruments out of 5 found: ultra-low freezer, refurbished, at least 500 L, " \
           "down to -80 °C, delivered to Mexico City, for at most 8,000 USD." in report
    assert "| temperature (°C) | -80 |" in report
    assert queries[0] == "ultra-low freezer refurbished 500 L -80 °C price"


def test_readability_and_delivery_in_weeks(runs):
    run, _ = runs["balance"]
    assert shortlist_names(run) == ["Mettler Toledo ME204", "Sartorius Quintix 125D"]
    assert excluded_reasons(run) == {
        "Ohaus Explorer EX224": ["entrega en 3 semanas"],
        "Kern ABT 220-5DNM": ["no consta que sea nuevo"],
        "PCE-BT 200": ["precisión de 1 mg"],
    }
    assert "| plazo de entrega máximo | 2 semanas |" in run.report
    # "entrega en 2 semanas" is read: no "could not check: entrega" for what the page says
    assert "no se pudo comprobar" not in run.report


def test_the_quantity_a_set_and_brands_ruled_out(runs):
    run, _ = runs["pipettes"]
    # three pipettes at 285 € are 855 €; a set of 3 is its own price; 3 × 310 € is over
    assert shortlist_names(run) == ["DLAB MicroPette Plus 8-channel set",
                                    "Thermo Finnpipette F1 8-channel"]
    assert excluded_reasons(run) == {
        "Eppendorf Research plus 8-channel": ["by a brand ruled out", "over budget for 3 units"],
        "Gilson PIPETMAN M8": ["by a brand ruled out", "over budget for 3 units"],
        "Sartorius Tacta 8-channel": ["over budget for 3 units"],
    }
    assert "| brands ruled out | eppendorf, gilson |" in run.report
    # the synthesis's "cheapest" is the ranking's: the set of 3 at 690 €, not one pipette
    # at 285 € (855 € for the 3 asked)
    assert "DLAB MicroPette Plus 8-channel set is the cheapest option that fits your " \
           "request: 690 EUR." in run.report
    assert "Finnpipette F1 8-channel is the cheapest" not in run.report


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        assert run.report_html and "<html" in run.report_html.lower()
        assert "stated(" not in run.report and "mentions(" not in run.report


# words of other kinds: lodging, a job's pay, a shop's stock, tickets, wine, a laptop's specs
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "tickets?", "entradas", "bottles?", "vintage",
                       "RAM", "km", "rating unknown", "valoración desconocida", ignore_case=True)
ENGLISH = words_of("Shortlist", "Sources", "What you asked", "not stated", "over budget",
                   "instruments?", "warranty")
SPANISH = words_of("Selección", "Fuentes", "no consta", "equipos?", "garantía", "presupuesto")


def test_the_reports_speak_the_request_s_language_and_nothing_else(runs):
    for key, (run, _) in runs.items():
        listings = RUNS[key][1]
        assert_says_nothing_of(OTHER_KINDS, run.report, listings, key)
        other = SPANISH if run.artifact("task")["lang"] == "en" else ENGLISH
        assert_says_nothing_of(other, run.report, listings, key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/labequipment.yaml",
                      "congelador de -86 ºC de segunda mano, al menos 400 litros, entrega en "
                      "10 días", tmp_path, capsys, monkeypatch)
    for words in ["temperature", "-86", "congelador", "10 días", "F0", "R1", "F6"]:
        assert words in out, words


@pytest.mark.parametrize("query,kept", [
    # one unit's budget: each price against it as it is
    ("3 multichannel pipettes, 300 EUR each", ["finn"]),
    ("3 pipetas multicanal, hasta 300 € cada una", ["finn"]),
    ("necesitamos 3 pipetas multicanal, 300 € por unidad", ["finn"]),
    # a budget for all of them: the unit price times the quantity (3 × 285 = 855)
    ("3 multichannel pipettes, under 900 EUR", ["finn"]),
    ("3 multichannel pipettes, under 300 EUR", []),
])
def test_a_budget_each_is_one_units_and_a_budget_for_all_is_the_quantitys(query, kept):
    """R1 multiplies a unit price by the quantity only for a budget for all: "300 € cada
    una" was read per person and compared with 3 × 285 € (every pipette over it)."""
    from scout.schemas.records import Candidates
    from scout.stepkit.params import RankParams
    from scout.steps import rank
    from tests.kinds import _pipeline
    from tests.steps.test_extract_rank import _ctx
    from tests.steps.test_rank_periods import _flat

    task = parse_request(KIND, query, TODAY)
    assert task.values["quantity"] == 3
    params = RankParams(**_pipeline(KIND.resolve()).phases["R1"].with_)
    items = [_flat(k, (f"https://lab.test/{k}", Money(amount=a, currency="EUR", comparator="=")))
             for k, a in (("finn", 285), ("tacta", 310))]
    short = rank.run(_ctx(params, {"candidates": Candidates(items=items)}, task))
    assert [i.candidate.key for i in short.items] == kept


@pytest.mark.parametrize("query, kept", [
    ("200 nitrile gloves, under £0.10 each", ["gloves-c", "gloves-a"]),
    ("necesitamos 500 puntas de pipeta, máximo 0,05 € cada una", ["tips-b"]),
])
def test_a_budget_each_divides_a_box_by_its_pieces(tmp_path, query, kept):
    """One unit's budget ("£0.10 each", "0,05 € cada una") against a box or a pack ("box
    of 100 for £9", "caja de 1000 por 40 €"): the box's price per piece, flagged, never the
    whole box's against one piece's budget (every box over it)."""
    from tests.kinds import own_pages, run_kind

    listings = [
        Result("Gloves A", "https://lab.test/gloves-a", "Gloves A: nitrile gloves, box of 100 for £9."),
        Result("Gloves B", "https://lab.test/gloves-b", "Gloves B: nitrile gloves £0.15 each."),
        Result("Gloves C", "https://lab.test/gloves-c", "Gloves C: nitrile gloves, pack of 50 for £3."),
    ] if "gloves" in query else [
        Result("Tips A", "https://lab.test/tips-a", "Tips A: puntas de pipeta, caja de 96 por 6 €."),
        Result("Tips B", "https://lab.test/tips-b", "Tips B: puntas de pipeta, caja de 1000 por 40 €."),
    ]
    run, _ = run_kind(KIND, tmp_path / "run", query, listings, today=TODAY, seed=own_pages)
    assert [i["candidate"]["url"].rsplit("/", 1)[-1]
            for i in run.artifact("shortlist")["items"]] == kept
    assert "divided by its pieces" in run.report or "dividido entre sus piezas" in run.report
