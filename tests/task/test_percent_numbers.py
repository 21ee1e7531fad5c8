"""A number written as a percentage is read with its sign for the input its name or an
alias labels, before it or after it ("4.5% APR", "10% deposit", "TAE por debajo del 3 %",
"financiar el 80%"), and a label that is also another input's enum word is left to that
input ("TIN máximo 2,5%" sets a rate cap and a rate basis). Found writing the mortgages
kind: every rate cap but one written as "TIN máximo 2,5" went unread, and "10% deposit"
was taken for the rate cap by its "%"."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 7)
# a kind of anything priced by a rate: no word here is a mortgage's alone
KIND = {
    "basis": InputSpec(type="string", enum=["apr", "nominal"],
                       synonyms={"apr": ["TAE", "APR"], "nominal": ["TIN"]}),
    "max_rate": InputSpec(type="number", aliases=["TAE", "TIN", "APR", "interest rate"]),
    "deposit": InputSpec(type="number", aliases=["deposit", "de entrada"]),
    "share": InputSpec(type="number", aliases=["financiar", "LTV"]),
    "rooms": InputSpec(type="integer", aliases=["habitaciones", "rooms"]),
}


@pytest.mark.parametrize("query,want", [
    ("under 4.5% APR", {"max_rate": 4.5, "basis": "apr"}),
    ("TAE por debajo del 3 %", {"max_rate": 3.0, "basis": "apr"}),
    ("una TAE máxima del 2,8% por favor", {"max_rate": 2.8}),
    ("APR under 4.5%", {"max_rate": 4.5}),
    ("interest rate of 3.2 per cent", {"max_rate": 3.2}),
    ("10% deposit, fixed rate under 4.5% APR", {"deposit": 10.0, "max_rate": 4.5}),
    ("20 % de entrada y TAE del 3,1%", {"deposit": 20.0, "max_rate": 3.1}),
    ("financiar el 80% de un piso, TIN máximo 2,5%",
     {"share": 80.0, "max_rate": 2.5, "basis": "nominal"}),
    ("80% LTV", {"share": 80.0}),
])
def test_a_percentage_is_its_labels(query, want) -> None:
    got = parse_query(query, KIND, today=TODAY).values
    assert {k: got.get(k) for k in want} == want, got


@pytest.mark.parametrize("query", [
    "TAE, 3% de descuento",          # a comma ends the label's clause
    "TAE para 2 habitaciones y 3 %",  # another number stands between
])
def test_a_percentage_is_not_read_across_a_clause_or_another_number(query) -> None:
    assert parse_query(query, KIND, today=TODAY).values.get("max_rate") is None


def test_a_count_is_no_percentage_and_its_label_stays_read() -> None:
    got = parse_query("3 habitaciones, TAE del 3%", KIND, today=TODAY).values
    assert got.get("rooms") == 3 and got.get("max_rate") == 3.0
