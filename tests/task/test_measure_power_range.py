"""A square or cubic measure's power is no range's low end: "piso de 80 m2 a 900 €" was
read as "2 a 900 €", a price of 2 € (from "m2"), and a storage list's "5 m2 a 55 €/mes" as
2-55 €. A range written as ranges are still is one (scout/task/money.py)."""

from __future__ import annotations

import pytest

from scout.task.amounts import listed_amounts
import datetime as dt

from scout.spec.models import InputSpec
from scout.task.build import build_task


@pytest.mark.parametrize("text, want", [
    ("piso de 80 m2 a 900 €", [(900.0, None)]),
    ("Trasteros de 2 m2 a 35 €/mes · de 5 m2 a 55 €/mes", [(35.0, None), (55.0, None)]),
    ("Nave de 300 m2 - 1.800 € al mes", [(1800.0, None)]),
    ("Unit 50 ft2 - £45 a month", [(45.0, None)]),
    ("Depósito de 10 m3 a 120 €", [(120.0, None)]),
    # ranges as written stay ranges
    ("de 80 a 120 €/noche", [(80.0, 120.0), (120.0, None)]),
    ("£28–£34 a month", [(28.0, 34.0), (34.0, None)]),
    ("Trastero 5 m², de 40 a 55 €/mes", [(40.0, 55.0), (55.0, None)]),
])
def test_a_measures_power_is_no_ranges_low_end(text, want):
    assert [(m.amount, m.max) for m, _span in listed_amounts(text)] == want


@pytest.mark.parametrize("query", ["piso de 80 m2 a 900 € en Madrid",
                                   "office of 120 m2 - 2,000 EUR a month in Leeds"])
def test_a_request_reads_the_amount_not_the_power(query):
    inputs = {"city": InputSpec(type="place"), "area": InputSpec(type="area"),
              "budget": InputSpec(type="money")}
    money = build_task(query, inputs, today=dt.date(2026, 12, 7)).values["budget"]
    assert money is not None and money.amount in (900.0, 2000.0) and money.min is None
