"""An outside-author kind: custom cakes and catering trays from bakeries
(examples/bakeries), written from the docs alone. A bakery is compared on the price of
the servings asked: the size that feeds them ("30 cm (28-32 raciones) 69 €"), a price per
serving or slice times them ("3,50 €/ración", "£4 per slice", "$65 MXN por rebanada"),
plus the delivery asked; a minimum order above the servings asked leaves it out, and so
does a diet asked that it does not state. A rate per kilo is never a whole cake's price,
and the spend above which delivery is free is no price. The requests are typed as the
lab types them, in both languages; three run end to end offline with scout.testing."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.task.amounts import listed_amounts
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

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "bakeries"
KIND = PROJECT / "pipelines" / "bakeries.yaml"
TODAY = dt.date(2026, 12, 2)   # a Wednesday

REQUESTS = {
    "tarta para 30 personas en Valencia para el viernes, sin gluten, menos de 120 €":
        ("es", {"place": "Valencia", "servings": 30, "budget": cap(120.0),
                "date": "2026-12-04", "diet": ["gluten_free"]}),
    "birthday cake for 12 in Bristol, vegan, under £60, delivered":
        ("en", {"place": "Bristol", "servings": 12, "budget": cap(60.0, "GBP"),
                "diet": ["vegan"], "delivery": True}),
    "pastel de tres leches para 20 en CDMX, máximo 1.500 pesos, con mensaje escrito":
        ("es", {"item": "tres leches", "place": "CDMX", "servings": 20,
                "budget": cap(1500.0, "MXN"), "message": True}),
    "tarta de chocolate para 15 en Sevilla, recogida en tienda el sábado, sin lactosa":
        ("es", {"item": "chocolate", "place": "Sevilla", "servings": 15,
                "date": "2026-12-05", "diet": ["lactose_free"], "pickup": True}),
    "lemon drizzle traybake for 24 slices, London, halal, max £45, pick up Thursday":
        ("en", {"place": "London", "servings": 24, "budget": cap(45.0, "GBP"),
                "diet": ["halal"], "pickup": True, "date": "2026-12-03"}),
    "Hi, we need a farewell cake for about 25 people at the lab in Manchester next Friday, "
    "gluten free and lactose free if possible, budget £90":
        ("en", {"item": "farewell", "place": "Manchester", "servings": 25,
                "budget": cap(90.0, "GBP"), "diet": ["gluten_free", "lactose_free"]}),
    "cake for 25 in Leeds, £90 including delivery, vegan":
        ("en", {"item": None, "place": "Leeds", "servings": 25, "budget": cap(90.0, "GBP"),
                "delivery": True, "diet": ["vegan"]}),
    "necesitamos tarta vegana para 40 comensales en Bilbao, con dedicatoria, envío a "
    "domicilio, hasta 150 euros":
        ("es", {"place": "Bilbao", "servings": 40, "budget": cap(150.0),
                "diet": ["vegan"], "message": True, "delivery": True}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


@pytest.mark.parametrize("text, want", [
    # a rate per kilo is never a whole price; the spend that makes delivery free is none
    ("Obrador: tartas a 24 €/kg. Envío 5 € en la ciudad, gratis desde 60 €.", [24.0, 5.0]),
    ("Cakes £30, free delivery on orders over £50", [30.0]),
    ("Envío gratuito a partir de 40 €. Tarta 35 €", [35.0]),
    ("Free delivery. Cakes from £45", [45.0]),
    ("entrega gratis, tartas desde 30 €", [30.0]),
    # a price list by size: the next size is no cents of the price before it
    ("8 inch cake (serves 12) £38, 10 inch (serves 20) £55", [38.0, 55.0]),
    ("20 cm 28 €, 26 cm 42 €", [28.0, 42.0]),
    ("$119. 95", [119.95]),
])
def test_amounts_a_bakery_page_states(text, want):
    assert [m.amount for m, _ in listed_amounts(text)] == want


VALENCIA = [
    Result("Pastelería Turia", "https://tartas.test/turia",
           "Pastelería Turia: tartas por encargo a 3,50 €/ración, mínimo 10 raciones. Opción "
           "sin gluten. Encargos con 48 h de antelación. Señal del 50 %."),
    Result("Dulces del Carmen", "https://tartas.test/carmen",
           "Dulces del Carmen: tarta sin gluten 20 cm (8-10 raciones) 28 €, 26 cm (16-18 "
           "raciones) 42 €, 30 cm (28-32 raciones) 69 €. Topper personalizado +6 €."),
    Result("Obrador Ruzafa", "https://tartas.test/ruzafa",
           "Obrador Ruzafa: tartas a 24 €/kg, sin gluten bajo pedido. Envío 5 € en la ciudad, "
           "gratis desde 60 €."),
    Result("La Tahona de Benimaclet", "https://tartas.test/tahona",
           "La Tahona de Benimaclet: tarta para 30 personas desde 145 €, sin gluten. "
           "Fondant +15 %."),
    Result("Horno San Nicolás", "https://tartas.test/horno",
           "Horno San Nicolás: tartas de 2,90 € por persona, pedido mínimo 40 personas."),
]
BRISTOL = [
    Result("Clifton Cake Co", "https://cakes.test/clifton",
           "Clifton Cake Co: vegan celebration cakes, £4 per slice, min. 10 portions. "
           "Delivery £8 within Bristol."),
    Result("Harbourside Bakes", "https://cakes.test/harbourside",
           "Harbourside Bakes: vegan cakes from £45 (serves 12), local delivery £5. Order 72 "
           "hours ahead."),
    Result("Gloucester Road Bakery", "https://cakes.test/glos",
           "Gloucester Road Bakery: 8 inch cake (serves 12) £38, 10 inch (serves 20) £55. "
           "Made with butter and eggs."),
    Result("Stokes Croft Patisserie", "https://cakes.test/stokes",
           "Stokes Croft Patisserie: vegan cakes £6 per serving + VAT, free delivery."),
]
CDMX = [
    Result("Pastelería La Condesa", "https://pasteles.test/condesa",
           "Pastelería La Condesa: pastel de tres leches para 20 personas $1,350 MXN, mensaje "
           "escrito sin costo. Pedidos con 48 horas de anticipación."),
    Result("Dulcería Coyoacán", "https://pasteles.test/coyoacan",
           "Dulcería Coyoacán: tres leches por rebanada $65 MXN, pedido mínimo 15 porciones. "
           "Dedicatoria +$50."),
    Result("Repostería Polanco", "https://pasteles.test/polanco",
           "Repostería Polanco: pasteles personalizados desde $1,800 MXN, envío incluido."),
    Result("Pastelería Roma Norte", "https://pasteles.test/roma",
           "Pastelería Roma Norte: pastel de tres leches, pedido mínimo 40 porciones, $55 MXN "
           "por porción."),
]
RUNS = {
    "valencia": ("tarta para 30 personas en Valencia para el viernes, sin gluten, menos de "
                 "120 €", VALENCIA),
    "bristol": ("birthday cake for 12 in Bristol, vegan, under £60, delivered", BRISTOL),
    "cdmx": ("pastel de tres leches para 20 en CDMX, máximo 1.500 pesos, con mensaje escrito",
             CDMX),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=own_pages)


def test_the_size_that_feeds_them_or_servings_times_the_rate_in_spanish(runs):
    run, _ = runs["valencia"]
    # Carmen's 30 cm (28-32 raciones) 69 € feeds 30; Turia's 3,50 €/ración × 30 = 105 €;
    # Ruzafa's 24 €/kg is a rate, kept unchecked, never a 24 € cake (nor its "gratis
    # desde 60 €" a 60 € one)
    assert _names(run) == ["Dulces del Carmen", "Pastelería Turia", "Obrador Ruzafa"]
    assert _excluded(run) == {
        "La Tahona de Benimaclet": ["por encima del presupuesto"],
        "Horno San Nicolás": ["pedido mínimo por encima de las raciones pedidas",
                              "no indica opción sin gluten"]}
    assert "| 1 | Dulces del Carmen | 69 € [1] ≤ 120 € |" in run.report
    assert "105 € (3,50 €/persona según la fuente)" in run.report
    assert "24 €/kg" in run.report and "| 60 €" not in run.report
    assert run.report.startswith("# Tartas y bandejas de pastelería: Valencia · 30 personas")
    english = words_of(*REPORT_ENGLISH, "servings", "delivery", "gluten-free")
    own = _own_words(run.report, VALENCIA)
    assert not english.search(own), english.findall(own)


def test_a_vegan_cake_for_twelve_delivered_in_english(runs):
    run, _ = runs["bristol"]
    # delivery was asked: Harbourside's £45 cake serves 12, plus its £5 delivery; Clifton
    # £4 per slice × 12 = 48 GBP, plus its £8 delivery (once not added: £8 is dearer than
    # one slice); Stokes Croft £6 per serving × 12 = 72 GBP + VAT; Gloucester Road's 8
    # inch at £38 (never "£38.10") states no vegan cake
    assert _names(run) == ["Harbourside Bakes", "Clifton Cake Co"]
    assert _excluded(run) == {"Gloucester Road Bakery": ["no vegan option stated"],
                              "Stokes Croft Patisserie": ["over budget"]}
    assert "56 GBP (4 GBP/person as stated)" in run.report
    assert "45 GBP + 5 GBP (local delivery £5) = 50 GBP" in run.report
    assert "48 GBP + 8 GBP (Delivery £8 within Bristol) = 56 GBP" in run.report
    assert "38.10" not in run.report
    assert run.report.startswith("# Bakery cakes and catering trays: Bristol · 12 servings")
    spanish = words_of(*REPORT_SPANISH, "raciones", "entrega", "pastelería")
    own = _own_words(run.report, BRISTOL)
    assert not spanish.search(own), spanish.findall(own)


def test_a_minimum_order_and_a_price_per_slice_in_pesos(runs):
    run, _ = runs["cdmx"]
    # Coyoacán's $65 por rebanada × 20 = 1.300 MXN; La Condesa's cake for 20 at 1.350;
    # Roma Norte's minimum of 40 porciones is over the 20 asked; Polanco from 1.800
    assert _names(run) == ["Dulcería Coyoacán", "Pastelería La Condesa"]
    assert _excluded(run) == {
        "Repostería Polanco": ["por encima del presupuesto"],
        "Pastelería Roma Norte": ["pedido mínimo por encima de las raciones pedidas"]}
    assert "1.300 MXN (65 MXN/persona según la fuente)" in run.report
    english = words_of(*REPORT_ENGLISH, "servings", "slice")
    own = _own_words(run.report, CDMX)
    assert not english.search(own), english.findall(own)


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "tarifa", "tariff", "permanencia", "tickets?",
                       "entradas", "rating unknown", "valoración desconocida",
                       ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_a_rate_per_kilo_times_the_weight_asked(tmp_path):
    """A kind that asks a weight multiplies a rate per kilo by it (rank's ``volume: {kg:
    weight}``), as a mover's rate per m³: "24 €/kg" for "2 kg" is 48 €, never a 24 € cake;
    "35 €/kg" is 70 €, over 60 €."""
    import shutil

    from tests.kinds import run_kind

    project = tmp_path / "cakes"
    shutil.copytree(PROJECT, project)
    pipeline = project / "pipelines" / "bakeries.yaml"
    spec = pipeline.read_text(encoding="utf-8")
    spec = spec.replace("  budget:     {type: money",
                        "  weight:     {type: weight}\n  budget:     {type: money", 1)
    spec = spec.replace("      tiers: servings\n",
                        "      tiers: servings\n      volume: {kg: weight}\n", 1)
    pipeline.write_text(spec, encoding="utf-8")
    listings = [
        Result("Obrador Ruzafa", "https://tartas.test/ruzafa",
               "Obrador Ruzafa: tartas a 24 €/kg, sin gluten bajo pedido."),
        Result("Horno Caro", "https://tartas.test/caro", "Horno Caro: tartas a 35 € el kilo."),
    ]
    run, _ = run_kind(pipeline, tmp_path / "run", "tarta de 2 kg en Valencia, menos de 60 €",
                      listings, today=TODAY, seed=own_pages)
    assert _names(run) == ["Obrador Ruzafa"]
    assert _excluded(run) == {"Horno Caro": ["por encima del presupuesto"]}
    price = run.artifact("shortlist")["items"][0]["candidate"]["price_converted"]
    assert (price["amount"], price["per"]) == (48.0, "total")


@pytest.mark.parametrize("query, listings, kept, dropped, said", [
    ("36 rosquillas en Zaragoza, como mucho 0,80 € la unidad",
     [Result("Horno Ebro", "https://dulces.test/ebro", "Horno Ebro: rosquillas a 7,20 € la docena."),
      Result("Pastelería Pilar", "https://dulces.test/pilar",
             "Pastelería Pilar: rosquillas, 0,95 € la unidad."),
      Result("Obrador Delicias", "https://dulces.test/delicias",
             "Obrador Delicias: bandeja de 30 rosquillas por 27 €.")],
     ["Horno Ebro"], ["Obrador Delicias", "Pastelería Pilar"],
     "precio de un lote de 12 dividido entre sus piezas"),
    ("40 mini scones for a seminar in York, no more than £1.20 each",
     [Result("Minster Bakes", "https://scones.test/minster",
             "Minster Bakes: mini scones, pack of 10 for £11."),
      Result("Shambles Pantry", "https://scones.test/shambles",
             "Shambles Pantry: mini scones, box of 24 pieces £30."),
      Result("Ouse Kitchen", "https://scones.test/ouse", "Ouse Kitchen: mini scones £1 each.")],
     ["Ouse Kitchen", "Minster Bakes"], ["Shambles Pantry"],
     "price for a pack of 10 divided by its pieces"),
])
def test_a_budget_per_piece_divides_a_dozen_or_a_pack(tmp_path, query, listings, kept,
                                                      dropped, said):
    """A budget per piece ("0,80 € la unidad", "£1.20 each") compares a pack's price per
    piece: "7,20 € la docena" is 0,60 € a piece, "bandeja de 30 por 27 €" 0,90 €, "pack of
    10 for £11" £1.10, "box of 24 pieces £30" £1.25; never a whole dozen held against one
    piece's budget, nor kept unchecked as stating no unit. The report says how."""
    from tests.kinds import run_kind

    run, _ = run_kind(KIND, tmp_path / "run", query, listings, today=TODAY, seed=own_pages)
    assert _names(run) == kept
    assert sorted(_excluded(run)) == dropped
    assert said in run.report
    assert "no unit" not in run.report and "ninguna unidad" not in run.report
