"""The line "Prices marked ~ were converted…" stands under a table only when a price that
table shows is marked ~ (scout/report/builtin/_report.md.j2, converted_note): a left-out
offer's conversion said nothing about the shortlist, whose prices were all as stated."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.report.render import make_report_env
from scout.report.citations import Citations
from scout.schemas.records import Candidate, Candidates, RankedItem, Shortlist
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.build import build_task

ROOT = Path(__file__).resolve().parents[2]
SECTIONS = ('{% import "_report.md.j2" as r with context %}'
            '{{ r.shortlist_section(shortlist, task, "hotel", "none") }}\n@@\n'
            '{{ r.changes_section(shortlist, candidates) }}')


def _hotel(key: str, amount: float, usd: bool) -> Candidate:
    stated = Money(amount=amount * 1.08 if usd else amount,
                   currency="USD" if usd else "EUR", comparator="=")
    return Candidate(key=key, name=key.title(), url=f"https://hotels.test/{key}",
                     domain="hotels.test", price=stated,
                     price_converted=Money(amount=amount, currency="EUR", comparator="=")
                     if usd else None)


def _render(lang: str, kept_usd: bool, left_usd: bool) -> tuple[str, str]:
    task = build_task("hotel in Lisbon under 150 €", {"budget": InputSpec(type="money")},
                      today=dt.date(2026, 12, 6))
    kept, left = _hotel("kept", 100, kept_usd), _hotel("left", 300, left_usd)
    shortlist = Shortlist(items=[RankedItem(rank=1, candidate=kept)],
                          excluded=[(left, ["over budget"])], approximate_currency=True,
                          rates_as_of="2026-11-01")
    env = make_report_env(ROOT / "templates", lang)
    text = env.from_string(SECTIONS).render(task=task, shortlist=shortlist,
                                            candidates=Candidates(items=[kept, left]),
                                            citations=Citations())
    table, changes = text.split("@@")
    return table, changes


@pytest.mark.parametrize("lang, mark", [("en", "Prices marked ~"), ("es", "marcados con ~")])
def test_the_note_is_said_only_under_the_prices_it_explains(lang: str, mark: str) -> None:
    table, changes = _render(lang, kept_usd=False, left_usd=True)
    assert "~" not in table and mark not in table, table          # nothing converted shown
    assert "~300" in changes and mark in changes, changes          # the left-out one's
    table, changes = _render(lang, kept_usd=True, left_usd=False)
    assert "~100" in table and mark in table, table
    assert mark not in changes, changes


@pytest.mark.parametrize("lang, said, mark", [
    ("en", "2.99 USD/hour, 23.92 USD/hour for a bundle of 8", "Prices marked ~"),
    ("es", "2,99 US$/hora, 23,92 US$/hora por un lote de 8", "marcados con ~")])
def test_a_bundle_s_share_is_exact_and_says_the_bundle(lang: str, said: str,
                                                       mark: str) -> None:
    """An 8-GPU instance's price divided by 8 in its own currency was shown "~2,99" under
    a note saying ~ means converted with reference rates: no rate was used. (left out: the
    bundle's price after a comma, inside the list's one pair of brackets)"""
    def usd(amount: float) -> Money:
        return Money(amount=amount, currency="USD", comparator="=", per="hour")

    task = build_task("8 H100 under 2.50 USD an hour", {"budget": InputSpec(type="money")},
                      today=dt.date(2026, 12, 6))
    node = Candidate(key="node", name="Node", url="https://gpus.test/node",
                     domain="gpus.test", price=usd(23.92), price_converted=usd(2.99),
                     bundle=8)
    shortlist = Shortlist(items=[], excluded=[(node, ["over budget"])],
                          approximate_currency=True, rates_as_of="2026-11-01")
    env = make_report_env(ROOT / "templates", lang)
    text = env.from_string(SECTIONS).render(task=task, shortlist=shortlist,
                                            candidates=Candidates(items=[node]),
                                            citations=Citations())
    assert said in text and "~" not in text and mark not in text, text


def _priced(key: str, stated: Money, compared: Money, flags: list[str]) -> Candidate:
    return Candidate(key=key, name=key.title(), url=f"https://x.test/{key}", domain="x.test",
                     price=stated, price_converted=compared, flags=flags)


def _m(amount: float, currency: str = "EUR", per: str | None = None,
       each: str | None = None) -> Money:
    return Money.model_validate({"amount": amount, "currency": currency, "comparator": "=",
                                 "per": per, **({"each": each} if each else {})})


# ~ says an estimate: a conversion at reference rates or a period by an average. The exact
# arithmetic of the request's footing in the price's own currency was marked too (a car
# park's rate held to the daily maximum its page states, a head's price times the people)
@pytest.mark.parametrize("lang, candidate, shown", [
    ("en", _priced("park", _m(3.2, "GBP", "hour"), _m(14, "GBP", "day"),
                   ["price per hour times 9 for the length asked, capped at the daily maximum "
                    "it states, to compare it with the budget"]),
     "14 GBP/day (3.20 GBP/hour as stated)"),
    ("es", _priced("menu", _m(35, per="person"), _m(1400),
                   ["price per person times 40 people, to compare it as the group's"]),
     "1.400 € (35 €/persona según la fuente)"),
    ("en", _priced("stay", _m(45, per="night", each="person"), _m(135, per="total", each="person"),
                   ["price per night times 3 for the dates asked, to compare it with the "
                    "budget per person"]),
     "135 EUR/person in total (45 EUR/person/night as stated)"),
    # estimates keep it: another currency, a week's rent a month
    ("es", _priced("flat", _m(250, per="week"), _m(1087, per="month"),
                   ["price per week converted to per month (approximate)"]),
     "~1.087 €/mes (250 €/semana según la fuente)"),
    ("en", _priced("usd", _m(108, "USD"), _m(100),
                   ["price converted from USD (approximate)"]),
     "~100 EUR"),
])
def test_only_an_estimate_is_marked(lang: str, candidate: Candidate, shown: str) -> None:
    task = build_task("hotel in Lisbon under 1.500 €", {"budget": InputSpec(type="money")},
                      today=dt.date(2026, 12, 6))
    shortlist = Shortlist(items=[RankedItem(rank=1, candidate=candidate)],
                          approximate_currency=True, rates_as_of="2026-11-01")
    env = make_report_env(ROOT / "templates", lang)
    text = env.from_string(SECTIONS).render(task=task, shortlist=shortlist,
                                            candidates=Candidates(items=[candidate]),
                                            citations=Citations())
    assert f"| {candidate.name} | {shown} [" in text.replace("\u00a0", " "), text
    note = "Prices marked ~" if lang == "en" else "marcados con ~"
    assert (note in text) == shown.startswith("~")
