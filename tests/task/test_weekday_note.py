"""A request's date whose weekday contradicts it ("viernes 12 de diciembre" when 12
December 2026 is a Saturday) is kept as written and said in a Task note, in the request's
language; one whose weekday agrees, or that names none, gets no note."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.dates import wrong_weekday

TODAY = dt.date(2026, 12, 6)  # a Sunday
INPUTS = {"place": InputSpec(type="place"), "when": InputSpec(type="date")}


@pytest.mark.parametrize("query, note", [
    ("sala en Madrid el viernes 12 de diciembre",
     "when: el 12 de diciembre de 2026 es sábado, no viernes; se lee el 12 de diciembre de "
     "2026: comprueba qué día querías"),
    ("a room in Dublin on Friday 12 December",
     "when: December 12, 2026 is a Saturday, not a Friday; read as December 12, 2026: check "
     "the day you meant"),
    ("tour en Toledo el lunes 15 de marzo", "when: el 15 de marzo de 2027 es lunes"),
])
def test_a_weekday_that_contradicts_its_date_is_noted_and_the_date_kept(
        query: str, note: str) -> None:
    task = build_task(query, INPUTS, today=TODAY)
    said = [n for n in task.notes if "check the day" in n or "comprueba qué día" in n]
    if "lunes" in query:  # 15 March 2027 is a Monday: it agrees, nothing to say
        assert task.values["when"] == dt.date(2027, 3, 15) and not said
    else:
        assert task.values["when"] == dt.date(2026, 12, 12) and said == [note]


@pytest.mark.parametrize("said, day, wrong", [
    ("viernes 12 de diciembre", dt.date(2026, 12, 12), (4, 5)),
    ("el vie. 12 de diciembre", dt.date(2026, 12, 12), (4, 5)),
    ("sabado 12 de diciembre", dt.date(2026, 12, 12), None),
    ("12 de diciembre", dt.date(2026, 12, 12), None),
    ("mar 12", dt.date(2027, 3, 12), None),  # "mar" is March too: no weekday said
])
def test_wrong_weekday(said: str, day: dt.date, wrong: tuple[int, int] | None) -> None:
    assert wrong_weekday(said, day) == wrong
