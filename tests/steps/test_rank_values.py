"""rank's ``with.values``: an expression named once (``total: "<expr>"``) and read by name
in ``where``, ``order_by`` and the reasons, kept on each ranked item for templates. A
value that reads the price counts as reading it (the "price unknown" flag, the cost the
synthesis calls the cheapest), as the expression written out would."""

from __future__ import annotations

import datetime as dt

import pytest
from pydantic import ValidationError

from scout.schemas.records import Candidates, RankedItem
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.spec.namedvalues import expand, expanded, uses
from scout.stepkit.params import RankParams
from scout.steps import rank
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat

INPUTS = {"city": InputSpec(type="place"), "budget": InputSpec(type="money"),
          "nights": InputSpec(type="integer")}
VALUES = {"per_night": "hotel.price.amount if hotel.price else none",
          "total": "per_night * (task.nights or 1)"}


def _eur(amount: float) -> Money:
    return Money(amount=amount, currency="EUR", comparator="=", per=None)


def _rank(query: str, values: dict[str, str] | None = None, **params):
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 2))
    task.values["nights"] = 3  # the parser's reading of nights is not what is tested here
    hotels = [_flat("alba", ("https://h.test/alba", _eur(90))),
              _flat("brisa", ("https://h.test/brisa", _eur(60))),
              _flat("cala", ("https://h.test/cala", _eur(150))),
              _flat("duna")]
    ranked = RankParams(items="candidates", as_="hotel", values=values or VALUES, descending=False,
                        **params)
    return rank.run(_ctx(ranked, {"candidates": Candidates(items=hotels)}, task))


@pytest.mark.parametrize("query", ["hotel in Sevilla for 3 nights under 300 EUR",
                                   "hotel en Sevilla 3 noches por menos de 300 €"])
def test_a_value_is_read_by_name_in_where_order_by_and_reasons(query: str) -> None:
    short = _rank(query, where=["total is none or total <= task.budget.amount"],
                  reasons=["{{ 'costs %d for the stay' % total }}"], order_by=["total"])
    assert [i.candidate.key for i in short.items] == ["brisa", "alba", "duna"]
    assert [i.values["total"] for i in short.items] == [180, 270, None]
    assert short.excluded[0][0].key == "cala"
    assert short.excluded[0][1] == ["costs 450 for the stay"]


def test_a_value_reading_the_price_reads_it() -> None:
    """The where and order read the price only through ``total``: the record with no
    price is flagged for it, and the order is the cost the synthesis calls cheapest."""
    short = _rank("hotel in Sevilla for 3 nights under 300 EUR",
                  where=["total is none or total <= task.budget.amount"], order_by=["total"])
    by_key = {i.candidate.key: i for i in short.items}
    assert "price unknown" in by_key["duna"].candidate.flags
    assert by_key["brisa"].cost == 180 and not short.prices_unread


@pytest.mark.parametrize("values", [
    # nights billed up to a weekly cap of two: the least of two counts, times the price
    {"billed": "[task.nights or 1, 2] | min", "total": "hotel.price.amount * billed"},
    # a stay's price, or a flat rate where dearer: the least of two amounts
    {"total": "[hotel.price.amount * (task.nights or 1), 400] | min"},
    {"total": "(hotel.price.amount * ([task.nights, 1] | max), 400) | min"},
])
def test_a_value_taking_the_least_or_most_is_still_the_cost(values: dict[str, str]) -> None:
    """``| min`` / ``| max`` made the order no amount of money: rank kept no cost, and the
    synthesis no "cheapest"."""
    short = _rank("hotel en Sevilla para 3 noches", values=values,
                  order_by=["total if hotel.price else none"])
    by_key = {i.candidate.key: i for i in short.items}
    assert by_key["brisa"].cost == by_key["brisa"].values["total"] is not None
    assert short.items[0].candidate.key == "brisa"


def test_items_keep_no_values_where_the_phase_names_none() -> None:
    item = RankedItem.model_validate({"candidate": {"key": "a", "name": "a"}, "rank": 1})
    assert "values" not in item.model_dump()  # cassettes and cache keys unchanged
    kept = item.model_copy(update={"values": {"total": 180}})
    assert kept.model_dump()["values"] == {"total": 180}


def test_only_variable_reads_are_written_out() -> None:
    done = expanded({"of": "1", "round": "2", "price": "x.price.amount",
                     "twice": "price * 2"})
    assert done["twice"] == "(x.price.amount) * 2"
    text = "x.price and x | stated('a', of=['b']) | round(1) and y is round and of"
    assert expand(text, done) == ("x.price and x | stated('a', of=['b']) | round(1) "
                                  "and y is round and (1)")
    assert expand("'of' ~ \"price\"", done) == "'of' ~ \"price\""  # strings are no names
    assert uses("twice + of + x.of", set(done)) == ["twice", "of"]


@pytest.mark.parametrize("values", [{"hotel": "1"}, {"task": "1"}, {"none": "1"},
                                    {"a": "1", "b": " + ".join(["a"] * 1000),
                                     "c": " + ".join(["b"] * 1000)}])
def test_a_value_that_hides_a_name_or_grows_past_bounds_is_refused(values) -> None:
    with pytest.raises(ValidationError, match="values"):
        RankParams(items="candidates", as_="hotel", values=values)


@pytest.mark.parametrize("values", [
    # a list a later value indexes: the sides of a size, the nights of two stays
    {"sides": "'3x2x1'.split('x')", "billed": "(sides[0] | int) * (task.nights or 1)",
     "total": "hotel.price.amount * billed / 3"},
    {"stays": "[task.nights or 1, 1]", "total": "hotel.price.amount * (stays | first)"},
])
def test_a_later_value_reads_an_earlier_one_as_worked_out(values: dict[str, str]) -> None:
    """A value kept on the item is its text where it is no number (a list), but a later
    value reads it as worked out, as ``where`` and ``order_by`` do (its expression written
    out): a courier kind's volumetric weight read ``dims[0]`` of the list's text, none, so
    the report's total (an 8 kg tier) was not the one the filter and the order compared
    (16 kg), and a reason said '8 kg' of a record left out for 16."""
    short = _rank("hotel en Sevilla para 3 noches bajo 300 €", values=values,
                  where=["total <= task.budget.amount"],
                  reasons=["{{ 'costs %d' % total }}"], order_by=["total"])
    assert [(i.candidate.key, i.values["total"]) for i in short.items] == \
        [("brisa", 180), ("alba", 270), ("duna", None)]
    assert short.excluded[0][1] == ["costs 450"]
