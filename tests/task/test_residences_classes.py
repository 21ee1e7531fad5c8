"""Classes of phrasing the request parser misread for an outside author's kind
(examples/residences, written from the docs), probed with other kinds' inputs, in both
languages, with guards for what must stay as it was (the academic calendar has its own
file, test_academic_calendar.py):

- a yes/no input said with a prefix that negates it was read as asked for
  ("non-smoking room" → smoking yes, "non-refundable" → refundable yes), and one that
  halves it as the whole ("semi-furnished" → furnished yes): "non-" is "un-"'s, and
  "semi-" / "half-" say neither.
"""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 6)
FLAGS = {"place": InputSpec(type="place"),
         "refundable": InputSpec(type="boolean", aliases=["reembolsable"]),
         "furnished": InputSpec(type="boolean", aliases=["amueblado"]),
         "smoking": InputSpec(type="boolean", aliases=["fumadores"])}


@pytest.mark.parametrize("query, want", [
    ("hotel in Rome, non-refundable rate", {"refundable": False}),
    ("non-smoking room in Paris", {"smoking": False}),
    ("non smoking room in Paris", {"smoking": False}),
    ("no-smoking room in Paris", {"smoking": False}),
    # halved: neither asked for nor refused, and no topic nor place of its words
    ("flat in Leeds, semi-furnished", {}),
    ("piso semi-amueblado en Madrid", {}),
    # guards: the word, "un-", "no", "sin", a Spanish article before it
    ("unfurnished flat in Leeds", {"furnished": False}),
    ("furnished flat in Leeds", {"furnished": True}),
    ("no smoking room in Paris", {"smoking": False}),
    ("hotel en Roma, tarifa reembolsable", {"refundable": True}),
    ("hotel en Roma, sin fumadores", {"smoking": False}),
    ("un piso amueblado en Madrid", {"furnished": True}),
])
def test_a_prefix_that_negates_or_halves_a_flag(query: str, want: dict) -> None:
    task = build_task(query, FLAGS, today=TODAY)
    flags = {k: v for k, v in task.values.items() if k != "place" and v is not None}
    assert flags == want, task.notes
    assert task.values.get("place") not in (None, "Semi", "Non"), task.values
