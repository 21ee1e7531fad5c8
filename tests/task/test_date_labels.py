"""A kind with two date inputs (a tender's closing date and its publication date; an
event's dates and its booking deadline) filled them in declaration order, whatever the
request said: "publicados este mes" became the closing date and "published since" the
subject. A date right after an input's own label (its name or an alias) is that input's,
in both languages and whichever order the request says them; an unlabelled date still goes
to the first, and one date input alone reads as before."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import DateRange
from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 6)
TWO = {"topic": InputSpec(type="subject"), "region": InputSpec(type="place"),
       "closing": InputSpec(type="date", aliases=["deadline", "closes", "plazo", "cierre"]),
       "published": InputSpec(type="date", aliases=["publicados", "publicadas", "publicado"])}
JAN = DateRange(start=dt.date(2027, 1, 1), end=dt.date(2027, 1, 31))
DEC = DateRange(start=dt.date(2026, 12, 1), end=dt.date(2026, 12, 31))


def _dates(query: str, inputs: dict[str, InputSpec] = TWO) -> dict:
    values = build_task(query, inputs, today=TODAY, nouns=["tender", "licitación"]).values
    return {n: values.get(n) for n in inputs if inputs[n].type == "date"} | {
        "topic": values.get("topic")}


@pytest.mark.parametrize("query, want", [
    ("licitaciones de software publicadas este mes", {"published": DEC, "closing": None,
                                                      "topic": "software"}),
    ("licitaciones de software publicadas este mes con plazo en enero",
     {"published": DEC, "closing": JAN, "topic": "software"}),
    ("tenders for software with a deadline in January, published this month",
     {"published": DEC, "closing": JAN, "topic": "software"}),
    # no label: the first date input, as before
    ("tenders for software in January", {"closing": JAN, "published": None,
                                          "topic": "software"}),
])
def test_a_date_goes_to_the_input_its_label_names(query, want):
    assert _dates(query) == want


def test_one_date_input_reads_as_before():
    one = {"topic": InputSpec(type="subject"), "dates": InputSpec(type="date")}
    assert _dates("tenders for jazz concerts in January", one) == {
        "dates": JAN, "topic": "jazz concerts"}
