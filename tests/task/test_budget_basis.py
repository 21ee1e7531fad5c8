"""A money input's declared basis (``InputSpec.per``) and the asking verbs of Latin
America's Spanish (``rentar``, ``arrendar``), found by an outside author's equipment-hire
kind (examples/hire): "3 días, máximo 400 €" was a cap of 400 € compared with a price a
day as it is (a 350 €/día projector kept for three days), and "rentar una cámara" read
the subject as "rentar"."""

from __future__ import annotations

import datetime as dt

import pytest
from pydantic import ValidationError

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 7)


def read(query: str, **inputs: InputSpec) -> dict:
    return parse_query(query, inputs, today=TODAY).values


WHOLE = InputSpec(type="money", per="total")
DAYS = InputSpec(type="duration")


@pytest.mark.parametrize("query, amount, currency", [
    ("alquiler de una furgoneta 4 días, máximo 400 €", 400.0, "EUR"),
    ("barco en Ibiza para una semana hasta 3.000 euros", 3000.0, "EUR"),
    ("hire a cement mixer for 2 weeks, under £180", 180.0, "GBP"),
    ("a sound system for three days, budget 900 USD", 900.0, "USD"),
])
def test_a_budget_saying_no_basis_takes_the_kinds(query, amount, currency) -> None:
    money = read(query, budget=WHOLE, length=DAYS)["budget"]
    assert (money.amount, money.currency, money.per) == (amount, currency, "total")


@pytest.mark.parametrize("query, per", [
    ("furgoneta 4 días, máximo 60 € al día", "day"),
    ("hire a van for 2 weeks, under £150 a week", "week"),
    ("oficina en Madrid, hasta 900 € al mes", "month"),
])
def test_a_basis_the_request_says_is_kept(query, per) -> None:
    assert read(query, budget=WHOLE, length=DAYS)["budget"].per == per


def test_a_kind_with_no_basis_reads_none() -> None:
    assert read("furgoneta 4 días, máximo 400 €", budget=InputSpec(type="money"),
                length=DAYS)["budget"].per is None


def test_a_period_may_be_the_kinds_basis() -> None:
    spec = InputSpec(type="money", per="day")
    assert read("coche en Málaga hasta 40 €", budget=spec)["budget"].per == "day"


@pytest.mark.parametrize("kind", ["integer", "string", "duration"])
def test_per_is_refused_on_an_input_that_is_no_money(kind) -> None:
    with pytest.raises(ValidationError, match="'per' is the basis of an amount of money"):
        InputSpec(type=kind, per="total")


def test_per_is_one_of_the_bases() -> None:
    with pytest.raises(ValidationError):
        InputSpec(type="money", per="fortnightly")


SUBJECT = InputSpec(type="subject")
PLACE = InputSpec(type="place")


@pytest.mark.parametrize("query, subject, place", [
    ("rentar una cámara en CDMX", "cámara", "CDMX"),
    ("necesito rentar un auto en Guadalajara", "auto", "Guadalajara"),
    ("quiero arrendar un taladro en Santiago", "taladro", "Santiago"),
    ("rento una camioneta en Monterrey", "camioneta", "Monterrey"),
    ("alquilamos una carpa en Sevilla", "carpa", "Sevilla"),
])
def test_rentar_is_asking_not_the_subject(query, subject, place) -> None:
    values = read(query, topic=SUBJECT, city=PLACE)
    assert (values.get("topic"), values.get("city")) == (subject, place)
