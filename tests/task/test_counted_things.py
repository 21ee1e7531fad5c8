"""What a kind counts, said with its own noun in a request: an amount per one of them is
one's, never the budget for all ("máximo 80 € por muestra" for 24 samples, "under £12 per
parcel" for 4 parcels: scout.task.itemcount.counted_price); a count read across the kind's
words for which of them ("12 human samples", "3 double rooms": scout.task.numberinput);
and a word a kind lists as one of its values is no place ("proteomics LC-MS/MS ..., London":
scout.task.placeinput). Each checked in both languages, on kinds other than the one that
found it."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.kinds import parse_request

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TODAY = dt.date(2026, 12, 7)


def _kind(name: str) -> Path:
    return EXAMPLES / name / "pipelines" / f"{name}.yaml"


def _values(kind: str, query: str) -> dict:
    return parse_request(_kind(kind), query, TODAY).model_dump(mode="json")["values"]


@pytest.mark.parametrize(("kind", "query", "money", "count"), [
    ("labservices", "secuenciación de ARN de 24 muestras, máximo 80 € por muestra",
     ("budget", 80.0, "EUR"), ("samples", 24)),
    ("labservices", "exome sequencing for 30 samples, under £250 per sample",
     ("budget", 250.0, "GBP"), ("samples", 30)),
    ("labservices", "ICP-MS de 40 muestras en Monterrey, hasta 900 pesos por cada muestra",
     ("budget", 900.0, "MXN"), ("samples", 40)),
    ("labservices", "RNA-seq, 16 samples, $120/sample max",
     ("budget", 120.0, "USD"), ("samples", 16)),
    ("couriers", "enviar 3 cajas de Madrid a Lisboa, máximo 15 € por caja",
     ("budget", 15.0, "EUR"), ("parcels", 3)),
    ("couriers", "ship 4 parcels from London to Paris, under £12 per parcel",
     ("budget", 12.0, "GBP"), ("parcels", 4)),
    ("printing", "print 50 A2 posters in Leeds, under £4 per poster",
     ("budget", 4.0, "GBP"), ("copies", 50)),
])
def test_an_amount_per_one_of_what_the_kind_counts_is_ones(kind, query, money, count):
    values = _values(kind, query)
    name, amount, currency = money
    assert values[name]["amount"] == amount and values[name]["currency"] == currency
    assert values[name]["each"] == "unit" and values[name]["per"] is None, values[name]
    assert values[count[0]] == count[1]


@pytest.mark.parametrize(("kind", "query", "name", "per", "each"), [
    # a budget for all of them stays one
    ("labservices", "RNA-seq de 24 muestras, presupuesto de 2.000 € en total", "budget",
     "total", None),
    ("labservices", "24 samples for RNA-seq, budget 2000 EUR", "budget", None, None),
    # a head is rank's people or heads, a period the period reader's
    ("petcare", "residencia canina en Valencia para 2 perros, máximo 20 € por perro",
     "budget", None, None),
    ("petcare", "dog sitter in Leeds for 2 dogs, under £15 per dog", "budget", None, None),
    ("labservices", "hora de microscopio confocal, menos de 40.000 CLP la hora", "budget",
     "hour", None),
])
def test_an_amount_for_all_a_head_or_a_period_is_not_ones(kind, query, name, per, each):
    values = _values(kind, query)
    assert values[name]["per"] == per and values[name].get("each") == each, values[name]


@pytest.mark.parametrize(("kind", "query", "want"), [
    ("labservices", "whole genome sequencing for 12 human samples, under £400 per sample",
     {"samples": 12, "sample_type": "human"}),
    ("labservices", "we need ICP-MS on 40 soil samples from Monterrey",
     {"samples": 40, "sample_type": "soil"}),
    ("labservices", "RNA-seq of 8 human tissue samples in Madrid",
     {"samples": 8, "sample_type": "tissue"}),
    ("labservices", "ICP-MS de 20 muestras de agua en Monterrey",
     {"samples": 20, "sample_type": "water"}),
])
def test_a_count_across_the_kinds_words_for_which(kind, query, want):
    values = _values(kind, query)
    assert {k: values[k] for k in want} == want


@pytest.mark.parametrize(("kind", "query", "place"), [
    ("labservices", "proteomics LC-MS/MS for 16 plasma samples, London, £150 a sample max",
     "London"),
    ("labservices", "metabolómica LC-MS de 10 muestras, Valencia, máximo 200 € por muestra",
     "Valencia"),
])
def test_a_value_the_kind_lists_is_no_place(kind, query, place):
    assert _values(kind, query)["place"] == place


@pytest.mark.parametrize(("kind", "query", "money", "count"), [
    # Spanish prices one of a thing with its singular article as a price list writes it:
    # "3 € la camisa" is one shirt's, as "3 € por camisa" was (wt/laundries)
    ("laundries", "tintorería en Sevilla para 20 camisas, menos de 3 € la camisa",
     ("budget", 3.0, "EUR"), ("items", 20)),
    ("laundries", "lavar 30 manteles en Bilbao, como mucho 5 € el mantel",
     ("budget", 5.0, "EUR"), ("items", 30)),
    ("labservices", "secuenciación de 24 muestras de ADN en Madrid, máximo 80 € la muestra",
     ("budget", 80.0, "EUR"), ("samples", 24)),
    ("printing", "imprimir 10 pósters A0 en Valencia, hasta 25 € el póster",
     ("budget", 25.0, "EUR"), ("copies", 10)),
    ("couriers", "enviar 4 cajas de Madrid a Oporto, no más de 18 € la caja",
     ("budget", 18.0, "EUR"), ("parcels", 4)),
])
def test_an_amount_with_the_singular_article_is_ones(kind, query, money, count):
    values = _values(kind, query)
    name, amount, currency = money
    assert values[name]["amount"] == amount and values[name]["currency"] == currency
    assert values[name]["each"] == "unit" and values[name]["per"] is None, values[name]
    assert values[count[0]] == count[1]


@pytest.mark.parametrize(("kind", "query"), [
    # the plural article is all of them: the budget for the whole order
    ("laundries", "tintorería en Bilbao, máximo 150 € los 30 manteles"),
    ("labservices", "secuenciación de ADN, 900 € las 24 muestras como mucho"),
    # a period's article is the period reader's, as before
    ("laundries", "lavandería autoservicio en Valencia, máximo 40 € la semana"),
])
def test_an_amount_for_all_or_a_period_with_an_article_is_not_ones(kind, query):
    values = _values(kind, query)
    assert values["budget"].get("each") != "unit", values["budget"]
