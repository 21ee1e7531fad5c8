"""A shortlisted candidate's evidence lines show the price a quote states only where the
kind compares prices: a kind whose rank reads none (a mortgage, compared by its rates,
``Shortlist.prices_unread``) shows its quotes alone, as a figure the extractor took for a
price there (an arrangement fee) would read as the offer's price."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.report.citations import Citations
from scout.report.render import make_report_env
from scout.schemas.records import Candidate, Evidence, RankedItem, Shortlist
from scout.schemas.task import Money

ROOT = Path(__file__).resolve().parents[2]
SECTION = '{% import "_report.md.j2" as r with context %}{{ r.candidates_section(shortlist, "Offers") }}'
QUOTE = "Harbour 5-Year Fixed: 3.39% fixed. £999 arrangement fee. Apply online."


def render(lang: str, prices_unread: bool) -> str:
    ev = Evidence(id="e1", kind="snippet", subject="h", text=QUOTE,
                  url="https://h.example/", adapter="tavily", phase="F1",
                  price=Money(amount=999, currency="GBP"))
    c = Candidate(key="h", name="Harbour 5-Year Fixed", url="https://h.example/",
                  evidence=[ev])
    shortlist = Shortlist(items=[RankedItem(candidate=c, rank=1)], prices_unread=prices_unread)
    env = make_report_env(ROOT / "templates", lang)
    return env.from_string(SECTION).render(shortlist=shortlist, citations=Citations())


@pytest.mark.parametrize("lang, price", [("en", "999 GBP"), ("es", "999 GBP")])
def test_a_kind_that_compares_no_price_shows_its_quotes_alone(lang: str, price: str) -> None:
    line = next(x for x in render(lang, True).splitlines() if x.startswith("- "))
    assert "arrangement fee" in line and f"— {price}" not in line


def test_a_kind_that_compares_prices_shows_the_price_a_quote_states() -> None:
    line = next(x for x in render("en", False).splitlines() if x.startswith("- "))
    assert "— 999 GBP [1]" in line
