"""Classes of phrasing the parser misread (parse20: leftovers blind16 and parse18 saw, and
the example kinds' own words), each probed on the example kinds as their authors wrote them
(read as ``scout apply`` reads them: the kind's name, nouns and catalogs), in both
languages, with guards for what must stay. The clock is injected (today is Sunday 6
December 2026)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.kinds import parse_request

TODAY = dt.date(2026, 12, 6)  # a Sunday
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def read(kind: str, query: str) -> dict[str, object]:
    """The values ``query`` gives the example kind ``kind``, those read only."""
    path = EXAMPLES / kind / "pipelines" / f"{kind}.yaml"
    return {k: v for k, v in parse_request(path, query, TODAY).values.items()
            if v is not None}


# ------------------------------ 1. a job title's head in lower case is no town
@pytest.mark.parametrize("query, role, city", [
    ("chamba de data scientist remota", "data scientist", None),
    ("data analyst remoto", "data analyst", None),
    ("Data Engineer remote", "Data Engineer", None),
    # guards: a town the gazetteer knows after the title is still the place
    ("data engineer barcelona remoto", "data engineer", "Barcelona"),
    ("profesor sevilla remoto", "profesor", "Sevilla"),
])
def test_job_title_head_is_no_town(query: str, role: str, city: str | None) -> None:
    got = read("jobs", query)
    assert (got.get("role"), got.get("city")) == (role, city)


def test_negated_relative_clause_verb_is_no_town() -> None:
    # blind16 #39: "que no pidan" is the clause's verb, as "que pidan" was
    got = read("jobs", "chamba de data scientist remota, mínimo 2.500 verdes al mes, "
                       "que no pidan más de 3 años de experiencia")
    assert got.get("city") is None and got["role"] == "data scientist"
