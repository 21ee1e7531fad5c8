"""Classes of phrasing a software tools kind (examples/software) met, read for any kind: a
price for each user, seat or licence in a period ("€30 per user per month", "12 € por
usuario y mes": the period is the price's, the user what it is sold for, as a hotel's
"per room per night"), a list a request joins with "y" / "and" / "o" ("compatible con
Word y LibreOffice": two items), what stands in for a named thing ("alternative to
Slack": the subject keeps what it replaces), and an enum whose words are everyday words
(a plan's "team", "business") read only next to its label (``labelled``). The clock is
injected."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from scout.i18n.values import format_money
from scout.spec.models import InputSpec
from scout.task.money import iter_money
from scout.task.parser import parse_query
from scout.task.values import coerce
from scout.text import fold

TODAY = dt.date(2027, 3, 3)
# a kind with a subject, a budget and nothing else, as `scout init` would start one
KIND = {"topic": InputSpec(type="subject"), "budget": InputSpec(type="money")}


def _values(query: str, inputs: dict[str, InputSpec]) -> dict[str, Any]:
    return parse_query(query, inputs, today=TODAY).values


@pytest.mark.parametrize("query, amount, currency, per, each", [
    ("survey tool under €30 per user per month", 30, "EUR", "month", "user"),
    ("herramienta de encuestas, menos de 30 € por usuario al mes", 30, "EUR", "month", "user"),
    ("herramienta de encuestas, máximo 12 € por usuario y mes", 12, "EUR", "month", "user"),
    ("helpdesk software under $10 per seat per month", 10, "USD", "month", "seat"),
    ("antivirus por menos de 9 € por licencia al año", 9, "EUR", "year", "licence"),
    ("CRM under £20 per member a month", 20, "GBP", "month", "user"),
    ("gestor de contraseñas, hasta 3 € por dispositivo al mes", 3, "EUR", "month", "device"),
    # what was read before stays as it was: a hotel's room is what its price is for anyway
    ("hotel in Leeds under £90 per room per night", 90, "GBP", "night", None),
    ("survey tool under €30 per user", 30, "EUR", None, None),
    ("survey tool under €30 a month", 30, "EUR", "month", None),
])
def test_a_price_for_each_user_keeps_its_period(query: str, amount: float, currency: str,
                                                per: str | None, each: str | None) -> None:
    values = _values(query, KIND)
    budget = values["budget"]
    assert (budget.amount, budget.currency, budget.per, budget.each) == \
        (amount, currency, per, each)
    # the period's words are the budget's: no "month" left for the subject
    assert values.get("topic") not in {"month", "mes", "year"}


def test_a_price_for_each_user_says_so_in_both_languages() -> None:
    budget = _values("survey tool under €30 per user per month", KIND)["budget"]
    assert format_money(budget, "en") == "30 EUR/user/month"
    assert format_money(budget, "es") == "30 €/usuario/mes"
    # a Task stored before keeps its JSON: no "each" when there is none
    assert "each" not in _values("hotel under £90 per room per night", KIND)["budget"] \
        .model_dump(mode="json")


@pytest.mark.parametrize("listing, amount, per", [
    ("Pro: €8/user/month, billed annually.", 8, "month"),
    ("Business: 96 € por usuario al año.", 96, "year"),
    ("Team: $12 per seat per month", 12, "month"),
    ("100 euros y mes", None, None),  # no unit of sale: "y" joins nothing
])
def test_a_listing_s_price_for_each_user_keeps_its_period(listing: str, amount: float | None,
                                                          per: str | None) -> None:
    got = [(m.amount, m.per) for m, _span, _assumed in iter_money(fold(listing), listing, [])]
    assert got[:1] == ([(amount, per)] if amount is not None else [(100.0, None)])


WITH = InputSpec(type="list", items="string",
                 pattern=r"(?:compatible\s+con|works\s+with)\s+(?P<value>(?-i:[A-Z][\w&]*)"
                         r"(?:(?:\s*,\s*|\s+(?:y|and|o|or)\s+)(?-i:[A-Z][\w&]*))*)")


@pytest.mark.parametrize("query, items", [
    ("gestor de referencias compatible con Word y LibreOffice", ["Word", "LibreOffice"]),
    ("reference manager that works with Zotero, Word and Slack", ["Zotero", "Word", "Slack"]),
    ("editor compatible con Word o Pages", ["Word", "Pages"]),
    ("reference manager that works with Zotero", ["Zotero"]),
    ("reference manager that works with Zotero, Word and Zotero", ["Zotero", "Word"]),
    ("CRM that works with AT&T", ["AT&T"]),
])
def test_a_list_a_request_joins_in_words_is_its_items(query: str, items: list[str]) -> None:
    assert _values(query, {"topic": InputSpec(type="subject"), "apps": WITH})["apps"] == items


def test_a_list_given_by_set_is_split_by_its_commas_only() -> None:
    # `--set apps="Word and Excel, Slack"`: what a person types there, as before
    assert coerce("list", "Word and Excel, Slack") == ["Word and Excel", "Slack"]


@pytest.mark.parametrize("query, topic", [
    ("open-source alternative to Slack we can self-host", "open-source alternative to Slack"),
    ("an alternative to Trello for the lab", "alternative to Trello"),
    ("alternativa a Doodle gratuita", "alternativa a Doodle"),
    ("alternativas a Overleaf", "alternativas a Overleaf"),
    # an adjective before a noun is no stand-in
    ("alternative rock concerts", "alternative rock concerts"),
])
def test_what_stands_in_for_a_named_thing_keeps_it(query: str, topic: str) -> None:
    assert _values(query, KIND).get("topic") == topic


PLAN = {"topic": InputSpec(type="subject"),
        "plan": InputSpec(type="string", enum=["basic", "team", "business"],
                          synonyms={"basic": ["básico"], "team": ["equipo"]},
                          aliases=["plan", "tier"], labelled=True),
        "seats": InputSpec(type="list", items="string", enum=["team", "business"],
                           aliases=["edition"], labelled=True)}


@pytest.mark.parametrize("query, plan, topic", [
    ("survey tool, the Team plan", "team", "survey tool"),
    ("software de encuestas, plan básico", "basic", "software de encuestas"),
    ("survey tool on the business tier", "business", "survey tool"),
    # without its label an everyday word is the request's, not the plan's
    ("open-source team chat", None, "open-source team chat"),
    ("herramienta de encuestas para empresas de equipo pequeño", None, None),
])
def test_a_labelled_enum_is_read_only_next_to_its_label(query: str, plan: str | None,
                                                        topic: str | None) -> None:
    values = _values(query, PLAN)
    assert values.get("plan") == plan
    assert "seats" not in values
    if topic is not None:
        assert values.get("topic") == topic


def test_a_labelled_list_enum_too() -> None:
    assert _values("chat tool, team edition", PLAN)["seats"] == ["team"]


def test_labelled_needs_an_enum() -> None:
    with pytest.raises(ValueError, match="labelled"):
        InputSpec(type="string", labelled=True)


RULED_OUT = InputSpec(type="list", items="string",
                      pattern=r"(?:\bsin|\bnot\s+with|\bneither)\s+(?P<value>(?-i:[A-Z])\w+"
                              r"(?:\s*(?:,|\bni\b|\bnor\b|\bor\b)\s*(?-i:[A-Z])\w+)*)")


@pytest.mark.parametrize("query, items", [
    ("vuelos a Roma sin Ryanair ni Vueling", ["Ryanair", "Vueling"]),
    ("flights to Rome, neither Ryanair nor Vueling", ["Ryanair", "Vueling"]),
    ("flights to Rome not with Ryanair, Wizz or Vueling", ["Ryanair", "Wizz", "Vueling"]),
])
def test_a_list_of_what_is_ruled_out_is_its_items(query: str, items: list[str]) -> None:
    assert _values(query, {"destination": InputSpec(type="place"), "no": RULED_OUT})["no"] == items


@pytest.mark.parametrize("query, amount, currency", [
    ("GPU cloud under $2.50 per GPU-hour", 2.5, "USD"),
    ("H100 en la nube, menos de 2,50 $/GPU-hora", 2.5, "USD"),
    ("cloud GPUs under 3 EUR per GPU hour", 3, "EUR"),
    ("GPU en la nube a menos de 2 € por GPU y hora", 2, "EUR"),
    ("HPC cluster under €0.40 per node-hour", 0.4, "EUR"),
])
def test_a_compound_unit_of_a_thing_and_its_hour_is_per_hour(query: str, amount: float,
                                                              currency: str) -> None:
    # the thing is what one amount is for, the hour its period: never a length of 1 h
    inputs = {**KIND, "length": InputSpec(type="duration")}
    values = _values(query, inputs)
    budget = values["budget"]
    assert (budget.amount, budget.currency, budget.per) == (amount, currency, "hour")
    assert values.get("length") is None


@pytest.mark.parametrize("listing, amount", [
    ("Nebius: H100 SXM 80 GB, $2.00 per GPU-hour on-demand", 2.0),
    ("DataCrunch: H100 SXM5 80GB, $2.19/GPU/hr", 2.19),
    ("Scaleway: 1x H100 PCIe, 2,73 €/GPU-hora", 2.73),
])
def test_a_listing_s_price_per_gpu_hour_is_per_hour(listing: str, amount: float) -> None:
    got = [(m.amount, m.per) for m, _span, _assumed in iter_money(fold(listing), listing, [])]
    assert got[:1] == [(amount, "hour")]
