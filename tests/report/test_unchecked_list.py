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


# --- a price worked out (an extra added, a distance, a count) is no doubt -------------

def _worked_out() -> list[str]:
    from scout.steps import distancerate, extracharge, nounprice, pricerise, rank_enrich

    return [
        extracharge.ADDED.format(base="45 EUR", extra="20 %", words="suplemento nocturno 20%",
                                 after="54 EUR"),
        extracharge.ADDED.format(base="£30", extra="£5", words="airport fee £5", after="£35"),
        distancerate.ADDED.format(rate="0.3 EUR", unit="km", distance="100 km"),
        nounprice.FLAG.format(count=8, price="45 EUR", noun="headshot"),
        pricerise.RISE_FLAG.format(words="sube 2 € al año"),
        rank_enrich.MEMBER_FLAG, rank_enrich.CHILD_FLAG,
    ]


def _doubts() -> list[str]:
    from scout.steps import distancerate, extracharge, pricerise, tierprice

    return [
        extracharge.APART.format(words="peajes no incluidos"),
        extracharge.MAYBE.format(words="suplemento nocturno"),
        extracharge.UNPRICED.format(words="tolls not included"),
        distancerate.EXTRA.format(rate="£0.45", unit="mile"),
        pricerise.INDEX_FLAG.format(words="CPI + 3.9%"),
        tierprice.NO_TIER.format(value="5 bedrooms", words="4 bedrooms £220"),
    ]


@pytest.mark.parametrize("lang, kept", [
    ("en", "Kept, though not everything could be checked"),
    ("es", "Se mantienen, aunque no se pudo comprobar todo"),
])
def test_a_price_worked_out_is_not_listed_as_a_doubt(lang: str, kept: str) -> None:
    c = Candidate(key="a", name="A", flags=_worked_out())
    assert c.unchecked_flags == []
    assert kept not in render(lang, _worked_out())


@pytest.mark.parametrize("i", range(6))
def test_an_extra_or_a_cost_left_out_is_still_a_doubt(i: int) -> None:
    flag = _doubts()[i]
    md = render("en", [*_worked_out(), flag])
    assert "Kept, though not everything could be checked" in md
    line = next(x for x in md.splitlines() if x.startswith("- **Sala A**"))
    assert line.endswith(flag.replace("[", "\\[").replace("]", "\\]")) or flag[:30] in line
    assert "= 54 EUR" not in line and "the number asked" not in line
