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


TRIP = {"origin": InputSpec(type="place", aliases=["from", "de"]),
        "destination": InputSpec(type="place", aliases=["to", "a"]),
        "departure": InputSpec(type="date", aliases=["ida", "departing"]),
        "return_date": InputSpec(type="date", aliases=["vuelta", "returning", "back"])}


@pytest.mark.parametrize("query, departure, back", [
    # a bare day after a later month's date is that month's (or the next), never this one's
    ("vuelo de Santiago a Lima el 5 de febrero, vuelta el 9", dt.date(2027, 2, 5),
     dt.date(2027, 2, 9)),
    ("vuelo de Madrid a Lima, ida el 20 de marzo y vuelta el 3", dt.date(2027, 3, 20),
     dt.date(2027, 4, 3)),
    ("flight from Lisbon to Paris departing March 3, returning the 10th", dt.date(2027, 3, 3),
     dt.date(2027, 3, 10)),
    # already after it: as read
    ("vuelo de Madrid a Lima el 8 de diciembre, vuelta el 20", dt.date(2026, 12, 8),
     dt.date(2026, 12, 20)),
    # a month written with the day is kept as written
    ("vuelo de Madrid a Lima el 5 de febrero, vuelta el 9 de diciembre", dt.date(2027, 2, 5),
     dt.date(2026, 12, 9)),
])
def test_a_bare_later_day_follows_the_date_said_before_it(query, departure, back):
    values = build_task(query, TRIP, today=TODAY).values
    assert (values["departure"], values["return_date"]) == (departure, back)
