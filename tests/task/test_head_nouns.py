"""A word of quality or price that is what a topic is about, for any kind: "calidad del
aire", "precios de la vivienda", "air quality", "house prices" name their topic whole,
while "sushi de calidad", "quality sushi", "good quality" and "buenos precios" still say
how good or cheap it should be. Inputs are written here: a subject and a place, as
`scout init` writes a kind it knows nothing of."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)
INPUTS = {"topic": InputSpec(type="subject"), "place": InputSpec(type="place")}


def read(query: str) -> tuple[object, object]:
    values = parse_query(query, INPUTS, today=TODAY).values
    return values.get("topic"), values.get("place")


@pytest.mark.parametrize("query, topic, place", [
    ("datos de calidad del aire en Madrid", "calidad del aire", "Madrid"),
    ("calidad del agua en Galicia", "calidad del agua", "Galicia"),
    ("series de precios de la vivienda en España", "precios de la vivienda", "España"),
    ("air quality in Madrid", "air quality", "Madrid"),
    ("water quality in Portugal", "water quality", "Portugal"),
    ("house prices in London", "house prices", "London"),
])
def test_the_word_heads_the_topic(query, topic, place):
    assert read(query) == (topic, place)


@pytest.mark.parametrize("query, topic, place", [
    ("sushi de calidad en Madrid", "sushi", "Madrid"),
    ("quality sushi in Madrid", "sushi", "Madrid"),
    ("good quality headphones in London", "headphones", "London"),
    ("ramen a buen precio en Lyon", "ramen", "Lyon"),
    ("tapas baratas de calidad en Sevilla", "tapas", "Sevilla"),
])
def test_how_good_or_cheap_stays_out_of_the_topic(query, topic, place):
    assert read(query) == (topic, place)
