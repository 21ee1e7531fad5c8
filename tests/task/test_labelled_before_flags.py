"""A ``labelled`` enum reads its word only beside its own label ("procedimiento abierto",
"open procedure", "plan básico"), but booleans read first, so a flag whose alias is that
word alone ("abierto", "open": still open to bids) took it and the enum was left unread.
A labelled enum now reads before the booleans: its word with its label is the enum's, and
the same word alone is still the flag's."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 6)
KIND = {"topic": InputSpec(type="subject"),
        "open_call": InputSpec(type="boolean", aliases=["open", "abierto", "abierta", "abiertas"]),
        "procedure": InputSpec(type="string", enum=["open", "restricted"], labelled=True,
                               aliases=["procedure", "procedimiento"],
                               synonyms={"open": ["abierto"], "restricted": ["restringido"]})}


def _read(query: str) -> tuple:
    values = build_task(query, KIND, today=TODAY, nouns=["tender", "licitación"]).values
    return values.get("open_call"), values.get("procedure")


@pytest.mark.parametrize("query, want", [
    ("licitaciones de software, procedimiento abierto", (None, "open")),
    ("tenders for software, open procedure", (None, "open")),
    ("licitaciones abiertas de software por procedimiento restringido", (True, "restricted")),
    ("open tenders for software", (True, None)),
])
def test_the_word_with_its_label_is_the_enums(query, want):
    assert _read(query) == want
