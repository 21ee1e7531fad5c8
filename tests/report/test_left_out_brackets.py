"""A left-out candidate's figures are in one pair of brackets, "(price [n]; rating [m])":
what a price's own brackets would hold elsewhere (the price its page states, the tax
added, a bundle's price, a rating's own scale) is said after a comma there, never brackets
inside brackets ("47.20 GBP in total (28 GBP as stated) [2]" read as one figure nested in
another), and a rating after a price said in two parts follows a semicolon, so it never
reads as a third part of the price. In both languages, for any footing."""

from __future__ import annotations

import re

import pytest

from scout.schemas.records import Candidate, Shortlist
from scout.schemas.task import Money
from tests.report.test_left_out_cited import CHANGES, ROOT, left_out
from scout.report.citations import Citations
from scout.report.render import make_report_env
from scout.schemas.records import Candidates


def _render(lang: str, c: Candidate, costs: dict[str, float] | None = None,
            per: str | None = None) -> str:
    env = make_report_env(ROOT / "templates", lang)
    shortlist = Shortlist(items=[], excluded=[(c, ["price <= budget"])],
                          criteria=["price <= budget"], excluded_costs=costs or {},
                          excluded_cost_per=per)
    md = env.from_string(CHANGES).render(shortlist=shortlist,
                                         candidates=Candidates(items=[c]),
                                         citations=Citations())
    return next(line for line in md.splitlines() if line.startswith("- **"))


def _flat(line: str) -> None:
    """One pair of brackets around the figures, none inside (a citation's [n] aside)."""
    inside = re.sub(r"\[\d+\]", "", line.split("**", 2)[2].rsplit("):", 1)[0])
    assert inside.count("(") == 1 and inside.count(")") == 0, line


def _priced(c: Candidate, price: Money, converted: Money | None = None,
            **more: object) -> Candidate:
    return c.model_copy(update={
        "price": price, "price_converted": converted, **more,
        "evidence": [e.model_copy(update={"price": price}) if e.price else e
                     for e in c.evidence]})


@pytest.mark.parametrize("lang, words", [
    ("en", "- **Hotel Arts** (47.20 GBP in total, 28 GBP as stated [1]; 8.9/10 [2]): "
           "over budget"),
    ("es", "- **Hotel Arts** (47,20 GBP en total, 28 GBP según la fuente [1]; 8,9/10 [2]): "
           "por encima del presupuesto"),
])
def test_a_worked_out_order_then_the_stated_price_after_a_comma(lang: str, words: str) -> None:
    c = _priced(left_out(), Money(amount=28, currency="GBP"))
    line = _render(lang, c, {"arts": 47.2}, "total")
    assert line == words
    _flat(line)


@pytest.mark.parametrize("lang, words", [
    ("en", "(6.75 EUR/person, 18 EUR/hour as stated [1]; 8.9/10 [2])"),
    ("es", "(6,75 €/persona, 18 €/hora según la fuente [1]; 8,9/10 [2])"),
])
def test_a_price_put_on_another_footing_is_flat_too(lang: str, words: str) -> None:
    c = _priced(left_out(), Money(amount=18, currency="EUR", per="hour"),
                Money(amount=6.75, currency="EUR", per="person"))
    line = _render(lang, c)
    assert words in line
    _flat(line)


@pytest.mark.parametrize("lang, words", [
    ("en", "(4,600 EUR excl. tax, 5,566 EUR incl. tax at 21 % [1]; 8.9/10 [2])"),
    ("es", "(4.600 € sin impuestos, 5.566 € impuestos incluidos al 21 % [1]; 8,9/10 [2])"),
])
def test_a_tax_added_is_said_with_its_rate_in_the_same_brackets(lang: str, words: str) -> None:
    c = _priced(left_out(), Money(amount=4600, currency="EUR", tax="excluded"),
                Money(amount=5566, currency="EUR", tax="included"))
    line = _render(lang, c)
    assert words in line
    _flat(line)


@pytest.mark.parametrize("lang, words", [
    ("en", "(2.99 USD/hour, 23.92 USD/hour for a bundle of 8 [1]; 8.9/10 [2])"),
    ("es", "(2,99 US$/hora, 23,92 US$/hora por un lote de 8 [1]; 8,9/10 [2])"),
])
def test_a_bundles_share_is_flat(lang: str, words: str) -> None:
    c = _priced(left_out(), Money(amount=23.92, currency="USD", per="hour"),
                Money(amount=2.99, currency="USD", per="hour"), bundle=8)
    line = _render(lang, c)
    assert words in line
    _flat(line)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_single_price_keeps_the_comma_before_the_rating(lang: str) -> None:
    """Nothing said in two parts: the list's plain "(price [n], rating [m])"."""
    line = _render(lang, left_out())
    assert re.search(r"\(320 (EUR|€)/(night|noche) \[1\], 8[.,]9/10 \[2\]\)", line), line


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_shortlist_table_keeps_its_brackets(lang: str) -> None:
    """In a table cell nothing encloses the price: "X (Y as stated)" reads at once there,
    so only the left-out list says it flat."""
    env = make_report_env(ROOT / "templates", lang)
    c = _priced(left_out(), Money(amount=18, currency="EUR", per="hour"),
                Money(amount=6.75, currency="EUR", per="person"))
    md = env.from_string('{% import "_report.md.j2" as r with context %}'
                         '{{ r.price_shown(c) }}').render(c=c, citations=Citations())
    assert md == ("6.75 EUR/person (18 EUR/hour as stated)" if lang == "en"
                  else "6,75 €/persona (18 €/hora según la fuente)")
