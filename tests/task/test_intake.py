"""A request as it arrives: decomposed Unicode (macOS, some agents: "Ma\\u0301laga") and
terminal colours pasted with it ("\\x1b[31mBarcelona\\x1b[0m") read like the plain text,
and the mission quotes and names the plain text."""

from __future__ import annotations

import datetime as dt
import json
import unicodedata
from pathlib import Path

import pytest

from scout import api
from scout.task.parser import parse_query
from scout.spec.models import InputSpec

ROOT = Path(__file__).resolve().parents[2]
TODAY = dt.date(2026, 12, 1)
HOTEL = {"destination": InputSpec(type="place", required=True),
         "month": InputSpec(type="month"), "budget": InputSpec(type="money")}
REQUESTS = ["hoteles en Málaga en octubre por menos de 90 €",
            "hoteles en Córdoba para mayo", "hotels in Zürich in June under 300 CHF",
            "alojamiento en A Coruña en agosto", "hôtels à Besançon en juillet"]


def _values(query: str) -> dict[str, object]:
    return {k: str(v) for k, v in parse_query(query, HOTEL, today=TODAY).values.items()}


@pytest.mark.parametrize("query", REQUESTS)
def test_a_decomposed_request_reads_like_the_composed_one(query: str) -> None:
    nfd = unicodedata.normalize("NFD", query)
    assert nfd != query
    assert _values(nfd) == _values(query)
    assert _values(query)["destination"]  # read at all


@pytest.mark.parametrize("query", REQUESTS)
def test_terminal_colours_pasted_with_a_request_are_not_part_of_it(query: str) -> None:
    place = str(parse_query(query, HOTEL, today=TODAY).values["destination"])
    coloured = query.replace(place, f"\x1b[1;31m{place}\x1b[0m", 1)
    assert coloured != query
    assert _values(coloured) == _values(query)


def test_the_mission_quotes_and_names_the_plain_request(tmp_path: Path) -> None:
    query = unicodedata.normalize("NFD", "busco hoteles en \x1b[31mMálaga\x1b[0m")
    _, _, request = api.prepare(ROOT / "pipelines" / "hotel_research.yaml", query=query,
                                runs_dir=tmp_path)
    assert request.query == "busco hoteles en Málaga"
    assert "\x1b" not in request.mission_id and "31m" not in request.mission_id
    assert json.dumps(request.query, ensure_ascii=False) == '"busco hoteles en Málaga"'
