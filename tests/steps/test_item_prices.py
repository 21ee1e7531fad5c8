"""An add-on's amount beside the price of what a kind sells is no price: "Silla de niño
5 €. Traslado 60 €" is a 60 € transfer, its seat added where the request asks for one
(scout.task.itemprice, scout.steps.extracharge). The add-on's words are the kind's own
yes/no inputs' (two kinds here, both languages, phrasings beside the one that found it);
a version's price near the other's (a student's, a night train's) stays a price."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.schemas.records import Candidate, Candidates, Evidence
from scout.spec.loader import load_pipeline
from scout.spec.models import Phase, Pipeline
from scout.steps import rank
from scout.steps.listprice import find_price
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from scout.task.itemprice import item_words
from scout.task.lang import fold
from tests.steps.test_extract_rank import _ctx

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _kind(path: str) -> Pipeline:
    model = load_pipeline(EXAMPLES / path).model
    assert isinstance(model, Pipeline)
    return model


TRANSFERS = _kind("transfers/pipelines/transfers.yaml")
BOATS = _kind("boats/pipelines/boats.yaml")


def _words(kind: Pipeline) -> tuple[tuple[str, ...], list[str]]:
    return item_words(kind.inputs), [fold(n) for n in kind.nouns]


@pytest.mark.parametrize(("kind", "text", "before", "after"), [
    (TRANSFERS, "Silla de niño 5 €. Traslado 60 €", 5, 60),
    (TRANSFERS, "Alzador 4 € por trayecto · Traslado privado aeropuerto-hotel 55 €", 4, 55),
    (TRANSFERS, "Car seat £8, private transfer to Brighton £85", 8, 85),
    (TRANSFERS, "Booster seats available for $10. Sedan to the hotel $75", 10, 75),
    (BOATS, "Patrón 150 €/día, barco 400 €/día", 150, 400),
    (BOATS, "Skipper €150 per day. 38ft yacht €900 per day", 150, 900),
    (BOATS, "Equipo de snorkel 15 €. Velero 12 m 480 €", 15, 480),
])
def test_an_add_ons_amount_before_the_things_is_no_price(kind: Pipeline, text: str,
                                                        before: float, after: float) -> None:
    plain = find_price(text, "EUR")
    assert plain is not None and plain.amount == before  # the first amount, as it was
    price = find_price(text, "EUR", *_words(kind))
    assert price is not None and price.amount == after


@pytest.mark.parametrize(("kind", "text", "amount"), [
    # a page stating only the add-on states nothing else to price it by
    (TRANSFERS, "Silla de niño 5 €", 5),
    # a return beside a single is a fare's version, near it: the first stays
    (TRANSFERS, "Ida y vuelta 110 €, ida 60 €", 110),
    # a kind's noun names the thing's own amount, whatever the add-on costs beside it
    (BOATS, "Paddle surf 40 €, barco 60 €", 60),
    # an amount naming the thing and the add-on is the thing with it
    (BOATS, "Barco con patrón 550 €, barco 400 €", 550),
])
def test_what_stays(kind: Pipeline, text: str, amount: float) -> None:
    price = find_price(text, "EUR", *_words(kind))
    assert price is not None and price.amount == amount


@pytest.mark.parametrize(("aliases", "text", "amount"), [
    # a version's price near the other's is a price (a student's pass, a night train)
    (["estudiante", "student"], "Estudiante 45 €, adulto 60 €", 45),
    (["nocturno", "night train"], "Night train £40, day train £60", 40),
])
def test_a_versions_price_near_the_other_stays(aliases: list[str], text: str,
                                               amount: float) -> None:
    price = find_price(text, "EUR", tuple(fold(a) for a in aliases))
    assert price is not None and price.amount == amount


def _ranked(kind: Pipeline, query: str, text: str) -> Candidate:
    task = build_task(query, kind.inputs, today=dt.date(2026, 12, 7))
    price = find_price(text, "EUR")
    cand = Candidate(key="a", name="a", url="https://a.test/", evidence=[
        Evidence(id="a", kind="snippet", subject="a", url="https://a.test/", text=text,
                 price=price)], price=price)
    params = RankParams(items="candidates", as_="v", where=[
        "task.budget is none or v.price is none or v.price.amount <= task.budget.amount"],
        order_by=["v.price.amount if v.price else none"])
    ctx = _ctx(params, {"candidates": Candidates(items=[cand])}, task)
    ctx.pipeline = kind.model_copy(update={"phases": {"R1": Phase(uses="rank")}})
    out = rank.run(ctx)
    return [i.candidate for i in [*out.items, *out.excluded]][0]


@pytest.mark.parametrize(("query", "amount"), [
    ("traslado del aeropuerto de Málaga a Marbella con silla de niño, máximo 90 €", 65),
    ("airport transfer Malaga to Marbella with a car seat, under 90 EUR", 65),
    ("traslado del aeropuerto de Málaga a Marbella, máximo 90 €", 60),
])
def test_rank_prices_the_ride_and_adds_the_seat_asked(query: str, amount: float) -> None:
    c = _ranked(TRANSFERS, query, "Silla de niño 5 €. Traslado Málaga-Marbella 60 €")
    price = c.price_converted or c.price
    assert price is not None and price.amount == amount


@pytest.mark.parametrize("query", [
    "alquiler de barco con patrón en Ibiza, máximo 600 € al día",
    "skippered boat hire in Ibiza, under 600 EUR a day",
])
def test_rank_prices_the_boat_never_the_skipper(query: str) -> None:
    c = _ranked(BOATS, query, "Patrón 150 €/día, barco 400 €/día")
    price = c.price_converted or c.price
    assert price is not None and price.amount >= 400


REMOVALS = _kind("removals/pipelines/removals.yaml")
BAKERIES = _kind("bakeries/pipelines/bakeries.yaml")
LAUNDRIES = _kind("laundries/pipelines/laundries.yaml")


@pytest.mark.parametrize(("kind", "text", "amount", "per"), [
    # a rate per a measure beside an add-on's whole amount: its amount is no match for the
    # rate's (items_only weighs amounts of one period), so the add-on took the price
    # ("2,90 €/kg ... Recogida a domicilio 5 €" was a 5 € laundry: wt/laundries)
    (LAUNDRIES, "Lavado por kilo desde 2,90 €/kg. Servicio exprés +50 %. Recogida a "
                "domicilio 5 €.", 2.9, "kg"),
    (LAUNDRIES, "Wash & fold £2.50 per kg; collection and delivery £3.99.", 2.5, "kg"),
    (REMOVALS, "Mudanzas locales: 35 €/m³. Montaje de muebles 60 €.", 35, "m3"),
    (REMOVALS, "Removals £30 per cubic metre, packing service £90.", 30, "m3"),
    (BAKERIES, "Tarta de chocolate 24 €/kg. Entrega a domicilio 6 €.", 24, "kg"),
])
def test_an_add_ons_amount_beside_a_rate_per_a_measure_is_no_price(
        kind: Pipeline, text: str, amount: float, per: str) -> None:
    price = find_price(text, "EUR", *_words(kind))
    assert price is not None and (price.amount, price.per) == (amount, per)


def test_a_fee_no_add_on_names_beside_a_rate_stays_as_it_was() -> None:
    """A kind with no yes/no input naming the fee keeps reading the whole amount: nothing
    says it is an add-on (the rule reads the kind's words, never a list of fees)."""
    price = find_price("Wash & fold £2.50 per kg; collection and delivery £3.99.", "EUR")
    assert price is not None and price.amount == 3.99
