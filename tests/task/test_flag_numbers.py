"""A yes/no input's alias that holds a number ("24h", "24/7", "24 horas" for 24-hour
access) is that flag's word, never a length of time another input reads (found writing
the self-storage kind, which has both: "trastero con acceso 24h" was a stay of one day and
no 24-hour access)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 2)
KIND = {"city": InputSpec(type="place"), "stay": InputSpec(type="duration"),
        "access_24h": InputSpec(type="boolean", aliases=["24h", "24/7", "24 horas"])}


@pytest.mark.parametrize("query,stay", [
    ("trastero en Bilbao con acceso 24h", None),
    ("storage in Leeds, 24/7, for 3 months", 3 * 365.25 / 12 * 86400),
    ("trastero 24h en Madrid durante 2 semanas", 14 * 86400),
])
def test_a_flags_number_word_is_the_flags(query, stay) -> None:
    got = parse_query(query, KIND, today=TODAY).values
    assert got.get("access_24h") is True
    assert got.get("stay") == (pytest.approx(stay, abs=1) if stay else None), got


def test_without_such_a_flag_24h_is_still_a_length() -> None:
    inputs = {"city": InputSpec(type="place"), "stay": InputSpec(type="duration")}
    assert parse_query("parking en Madrid 24h", inputs, today=TODAY).values["stay"] == 86400
