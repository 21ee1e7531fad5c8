"""A slot between two clock times is its length for a ``duration`` input that opts in
(``from_times: true``), in both languages: "de 19 a 21" is two hours, "6-7:30pm" ninety
minutes, "from 10 to 12" two hours. Before, a court's length stayed empty and its price
per hour was not compared. Never for an input that does not opt in, nor a window to start
in ("salida entre las 8 y las 10"), a count, a length range or dates; a length said apart
from the slot wins. ``from_times`` on any other type is refused when the kind loads."""

from __future__ import annotations

import datetime as dt
import time

import pytest
from pydantic import ValidationError

from scout.spec.models import InputSpec
from scout.task.parser import parse_query
from scout.task.timespan import slot_length
from scout.text import fold

TODAY = dt.date(2026, 12, 2)
SLOT = {"place": InputSpec(type="place"), "day": InputSpec(type="date"),
        "length": InputSpec(type="duration", from_times=True, aliases=["minutos", "hours"]),
        "players": InputSpec(type="integer", aliases=["players", "jugadores", "somos"])}
PLAIN = {**SLOT, "length": InputSpec(type="duration", aliases=["minutos", "hours"])}


@pytest.mark.parametrize("query, seconds", [
    ("pista de pádel en Chamberí el jueves de 19 a 21, somos 4", 7200),
    ("tennis court in Hackney this Friday 6-7:30pm, 2 players", 5400),
    ("padel court in Madrid on Saturday from 10 to 12", 7200),
    ("pista de tenis en Valencia el sábado de 10:00 a 11:30 h", 5400),
    ("pista de pádel en Sevilla el viernes de 19h a 20h30", 5400),
    ("squash court in Leeds tomorrow 11-1pm", 7200),
    ("pista de pádel en Madrid el jueves de 19 a 21, hora y media", 5400),  # said apart: wins
])
def test_a_slot_is_its_length_where_the_kind_says_so(query: str, seconds: int) -> None:
    assert parse_query(query, SLOT, today=TODAY).values.get("length") == seconds


def test_no_slot_is_a_length_unless_the_kind_says_so() -> None:
    assert "length" not in parse_query("padel court in Madrid on Saturday from 10 to 12", PLAIN,
                                       today=TODAY).values


@pytest.mark.parametrize("text", [
    "vuelo a Londres, salida entre las 8 y las 10",
    "between 6-8pm",
    "de 19 a 21 de marzo",
    "from 10 to 12 people",
    "de 2 a 3 horas",
    "clases de 2 a 3h",
    "3-4 nights",
    "2-3 habitaciones",
    "de 19:00 a 19:00",
])
def test_a_window_a_count_a_length_range_or_dates_is_no_slot(text: str) -> None:
    assert slot_length(fold(text)) is None


def test_from_times_is_a_durations_only() -> None:
    with pytest.raises(ValidationError, match="from_times"):
        InputSpec(type="integer", from_times=True)


def test_a_long_request_of_near_slots_is_read_in_linear_time() -> None:
    # each near slot once looked back over the whole text before it: 15 s for this
    started = time.process_time()  # CPU time: the machine's load does not stretch it
    assert slot_length("de 1 a 2 x " * 5000) is None
    assert time.process_time() - started < 3
