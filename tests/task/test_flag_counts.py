"""A number that counts a flag's word ("3 vegans", "2 celíacos": how many of the guests
need it) is how many of what was read, which no input holds: no "could not read" note,
while a number before words nobody read still gets one."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 6)
INPUTS = {"place": InputSpec(type="place"), "date": InputSpec(type="date"),
          "guests": InputSpec(type="integer", aliases=["people", "personas", "guests"]),
          "vegan": InputSpec(type="boolean", aliases=["vegans", "veganos", "vegan"]),
          "gluten_free": InputSpec(type="boolean", aliases=["celíacos", "coeliacs",
                                                           "sin gluten"])}


@pytest.mark.parametrize("query, flag, unread", [
    ("catering for 25 people in Leeds, 3 vegans", "vegan", None),
    ("catering para 45 personas en Valencia, 2 celíacos", "gluten_free", None),
    ("lunch for 30 guests in York with 4 coeliacs", "gluten_free", None),
    # guard: a number before words nobody read is still said
    ("catering for 25 people in Leeds, 3 vegans, 7 chairs", "vegan", "7 chairs"),
])
def test_a_count_of_a_flag_s_word_is_no_number_left_unread(query: str, flag: str,
                                                           unread: str | None) -> None:
    task = build_task(query, INPUTS, today=TODAY)
    assert task.values[flag] is True and task.values["guests"] in (25, 45, 30)
    said = [n for n in task.notes if "could not read" in n or "no se ha podido" in n]
    assert said == ([] if unread is None else [
        ("no se ha podido interpretar: «{}»" if task.lang == "es" else
         "could not read: '{}'").format(unread)]), said
