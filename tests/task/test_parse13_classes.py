"""Classes of phrasing the parser misread (parse13), each probed on the example kinds'
inputs as their authors wrote them (or a kind written here with a place, a subject and
money), in both languages, with guards for what must stay. The clock is injected (today
is Sunday 6 December 2026)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.schemas.task import Money
from scout.spec.loader import load_spec
from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)  # a Sunday
ROOT = Path(__file__).resolve().parents[2]


def kind_inputs(name: str) -> dict[str, InputSpec]:
    """The inputs of an example kind as its author wrote them."""
    loaded, _ = load_spec(str(ROOT / "examples" / name / "pipelines" / f"{name}.yaml"))
    assert loaded is not None
    return dict(loaded.model.inputs)


JOBS = kind_inputs("jobs")
COURSES = kind_inputs("courses")
# a kind someone else wrote: a place, what is sought, a budget (no kind name in requests)
SHOP = {"place": InputSpec(type="place"), "what": InputSpec(type="subject"),
        "budget": InputSpec(type="money")}


# ------------------------------ an approximate amount with no currency is no subject
@pytest.mark.parametrize("kind, query, subject, amount", [
    (JOBS, "cocinero alrededor de 150 mil", "cocinero", "150 mil"),
    (JOBS, "chef around 40k", "chef", "40k"),
    (JOBS, "chef roughly 40k", "chef", "40k"),
    (JOBS, "chef about 40k", "chef", "40k"),
    (JOBS, "cocinero, aproximadamente 30 mil al año", "cocinero", "30 mil"),
    (JOBS, "cocinero en torno a 30 mil", "cocinero", "30 mil"),
    (COURSES, "curso de python alrededor de 200", "python", "200"),
    (SHOP, "piso alrededor de 900", "piso", "900"),
])
def test_approximate_bare_amount_leaves_subject_and_place(kind: dict[str, InputSpec], query: str,
                                                          subject: str, amount: str) -> None:
    got = parse_query(query, kind, today=TODAY)
    subjects = [v for n, v in got.values.items() if kind[n].type == "subject"]
    assert subjects == [subject], got.values
    assert not any(kind[n].type == "place" for n in got.values), got.values
    assert any(amount in n for n in got.notes), got.notes  # said as missing its currency


@pytest.mark.parametrize("query, amount", [
    ("chef around 40k EUR", 40000), ("cocinero alrededor de 30.000 euros", 30000),
])
def test_approximate_amount_with_currency_still_read(query: str, amount: float) -> None:
    got = parse_query(query, JOBS, today=TODAY).values
    assert isinstance(got.get("min_salary"), Money) and got["min_salary"].amount == amount, got
