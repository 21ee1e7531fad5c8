"""“Kept, though not everything could be checked” lists what went unchecked, never a
price that was only converted (to the budget's currency or period, or shared by the
people asked) and then checked (scout.schemas.records.Candidate.unchecked_flags)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.report.render import make_report_env
from scout.report.citations import Citations
from scout.schemas.records import Candidate, Candidates, RankedItem, Shortlist
from scout.schemas.task import Money

ROOT = Path(__file__).resolve().parents[2]
CHANGES = '{% import "_report.md.j2" as r with context %}{{ r.changes_section(shortlist, candidates) }}'
CHECKED = ["price converted from USD (approximate)",
           "price per day converted to per week (approximate)",
           "price per group divided by 4 people, to compare it with the budget per person",
           "promotional price, compared at the price after it: “3 months at 9 €”"]
UNCHECKED = ["could not check: capacity", "price per half day cannot be compared with a "
             "budget per day", "price in XAF, no rate to EUR", "rating unknown"]


def render(lang: str, flags: list[str]) -> str:
    c = Candidate(key="a", name="Sala A", url="https://a.example/",
                  price=Money(amount=90, currency="USD"), flags=flags)
    shortlist = Shortlist(items=[RankedItem(candidate=c, rank=1)])
    env = make_report_env(ROOT / "templates", lang)
    return env.from_string(CHANGES).render(shortlist=shortlist, candidates=Candidates(items=[c]),
                                           citations=Citations())


@pytest.mark.parametrize("lang, kept, nothing", [
    ("en", "Kept, though not everything could be checked", "Nothing: every candidate"),
    ("es", "Se mantienen, aunque no se pudo comprobar todo", "Nada: todos los candidatos"),
])
def test_a_converted_price_that_was_checked_is_not_listed_unchecked(
        lang: str, kept: str, nothing: str) -> None:
    md = render(lang, CHECKED)
    assert kept not in md and nothing in md


@pytest.mark.parametrize("flag", UNCHECKED)
def test_what_went_unchecked_is_listed_alone(flag: str) -> None:
    md = render("en", [*CHECKED, flag])
    assert "Kept, though not everything could be checked" in md
    line = next(x for x in md.splitlines() if x.startswith("- **Sala A**"))
    assert flag.split(":")[0] in line and "converted" not in line and "divided" not in line
