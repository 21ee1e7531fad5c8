"""Several money inputs of one kind told apart by their labels (scout.task.moneylabels): a
fee a month and a sign-up fee, a rent and a deposit; an input said to be absent ("sin
matrícula", "no deposit") is 0; and an author's pattern that reads a time of day sees it
(scout.task.noise.untimed)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.noise import untimed

TODAY = dt.date(2026, 12, 6)
# a fee a month whose alias "fee" stands inside the sign-up fee's "joining fee"
FEES = {"place": InputSpec(type="place"),
        "budget": InputSpec(type="money", aliases=["fee", "cuota"]),
        "signup_fee": InputSpec(type="money", aliases=["joining fee", "matrícula"])}
# a rent and a deposit, the deposit declared first
RENT = {"place": InputSpec(type="place"), "deposit": InputSpec(type="money", aliases=["fianza"]),
        "rent": InputSpec(type="money", aliases=["alquiler", "renta"])}


def _money(query: str, inputs: dict[str, InputSpec]) -> dict:
    values = build_task(query, inputs, today=TODAY).values
    return {n: (v.amount, v.currency) for n, v in values.items() if isinstance(v, Money)}


@pytest.mark.parametrize("inputs, query, want", [
    # the longer label names the amount, whichever comes first
    (FEES, "gym in Leeds, joining fee under £20, under £35 a month",
     {"signup_fee": (20, "GBP"), "budget": (35, "GBP")}),
    (FEES, "gimnasio en Madrid, cuota de 30 € o menos, matrícula máxima 20 €",
     {"budget": (30, "EUR"), "signup_fee": (20, "EUR")}),
    (FEES, "gimnasio en Madrid, matrícula de 15 € como mucho y cuota de 40 €",
     {"signup_fee": (15, "EUR"), "budget": (40, "EUR")}),
    # an amount no label names goes to the first declared that has none of its own
    (FEES, "gym in Leeds under £35 a month", {"budget": (35, "GBP")}),
    (RENT, "piso en Valencia, alquiler de 900 €, fianza de 1.800 € como mucho",
     {"rent": (900, "EUR"), "deposit": (1800, "EUR")}),
    # said to be absent: 0, in the request's other money's currency or its country's
    (FEES, "gimnasio cerca de Atocha, menos de 40 € al mes y sin matrícula",
     {"budget": (40, "EUR"), "signup_fee": (0, "EUR")}),
    (FEES, "gym in London with no joining fee, under £30 a month",
     {"budget": (30, "GBP"), "signup_fee": (0, "GBP")}),
    (FEES, "gimnasio sin matrícula en Madrid", {"signup_fee": (0, "EUR")}),
])
def test_an_amount_goes_to_the_input_its_label_names(inputs, query, want):
    assert _money(query, inputs) == want


def test_one_money_input_reads_the_first_amount_as_before():
    one = {"place": InputSpec(type="place"), "budget": InputSpec(type="money")}
    assert _money("gym in Leeds, joining fee under £20", one) == {"budget": (20, "GBP")}
    # and an absent thing is no budget of 0
    assert _money("gimnasio sin matrícula en Madrid", one) == {}


def test_a_zero_needs_a_currency():
    # no amount, no country whose currency the request is in: nothing is guessed
    assert "signup_fee" not in _money("gym with no joining fee", FEES)


PATTERN = r"(?:abierto|opens?)\s+(?:a\s+las|at|by)\s+(?P<value>\d{1,2}(?::\d{2})?\s*(?:am)?)"


def test_a_time_an_authors_pattern_reads_is_kept():
    assert untimed("gimnasio abierto a las 6:30, cena a las 21h", keep=[PATTERN]) \
        == "gimnasio abierto a las 6:30, cena"
    assert untimed("gym that opens at 6am", keep=[PATTERN]) == "gym that opens at 6am"
    assert untimed("gym that opens at 6am") == "gym that opens"
    assert untimed("gym at 6am", keep=["(unclosed"]) == "gym"   # a bad pattern keeps nothing
    spec = {"opens_by": InputSpec(type="string", pattern=PATTERN),
            "place": InputSpec(type="place")}
    task = build_task("gimnasio en Chamberí abierto a las 6:30", spec, today=TODAY)
    assert (task.values["opens_by"], task.values["place"]) == ("6:30", "Chamberí")
