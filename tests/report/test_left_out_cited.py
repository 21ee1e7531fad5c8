"""Every figure the report shows carries its source number: a left-out candidate's price
and rating (“What changed the shortlist”) cite the evidence they were read from, and the
Sources list holds what those lines cite, even when nothing fits the request."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scout.report.render import make_report_env
from scout.report.citations import Citations
from scout.schemas.records import Candidate, Candidates, Evidence, Shortlist
from scout.schemas.task import Money

ROOT = Path(__file__).resolve().parents[2]

CHANGES = ('{% import "_report.md.j2" as r with context %}'
           '{{ r.changes_section(shortlist, candidates) }}\n{{ r.sources_section() }}')


def left_out() -> Candidate:
    """Two sources disagree; the conservative price and rating are each one source's."""
    price = Money(amount=320, currency="EUR", per="night")
    return Candidate(
        key="arts", name="Hotel Arts", url="https://arts.example/", rating=8.9,
        price=price,
        evidence=[Evidence(id="a", kind="rating", text="9.1", url="https://rev.example/a",
                           title="Reviews A", rating=9.1),
                  Evidence(id="b", kind="price", text="320", url="https://shop.example/b",
                           title="Shop B", price=price),
                  Evidence(id="c", kind="rating", text="8.9", url="https://rev.example/c",
                           title="Reviews C", rating=8.9)])


def render(lang: str, candidate: Candidate) -> str:
    env = make_report_env(ROOT / "templates", lang)
    shortlist = Shortlist(items=[], excluded=[(candidate, ["price <= budget"])],
                          criteria=["price <= budget"])
    return env.from_string(CHANGES).render(
        shortlist=shortlist, candidates=Candidates(items=[candidate]),
        citations=Citations())


@pytest.mark.parametrize("lang, line", [
    ("en", "- **Hotel Arts** (320 EUR/night [1], 8.9/10 [2]): over budget\n"),
    ("es", "- **Hotel Arts** (320 €/noche [1], 8,9/10 [2]): por encima del presupuesto\n"),
])
def test_left_out_figures_cite_the_source_they_came_from(lang: str, line: str) -> None:
    md = render(lang, left_out())
    assert line in md
    listed = dict(re.findall(r"^(\d+)\. \[.*?\]\((\S+?)\)", md, re.M))
    assert listed == {"1": "https://shop.example/b", "2": "https://rev.example/c"}
    assert "No sources were cited." not in md and "No se citó ninguna fuente." not in md


def test_a_figure_with_no_evidence_cites_the_candidates_page() -> None:
    c = left_out().model_copy(update={"evidence": [], "rating": None})
    md = render("en", c)
    assert "- **Hotel Arts** (320 EUR/night [1]): over budget\n" in md
    assert re.search(r"^1\. \[Hotel Arts\]\(https://arts\.example/\)", md, re.M)


def test_a_left_out_with_a_rating_and_no_price_still_shows_its_rating() -> None:
    """Left out for what it lacks (no English spoken, another vintage) with no price
    found: the rating it was read with is still shown, cited; with neither, no brackets."""
    c = left_out().model_copy(update={"price": None})
    assert "- **Hotel Arts** (8,9/10 [1]): por encima del presupuesto\n" in render("es", c)
    bare = c.model_copy(update={"rating": None})
    assert "- **Hotel Arts**: over budget\n" in render("en", bare)


def test_a_left_out_converted_price_is_marked_approximate_as_in_the_table() -> None:
    c = left_out()
    c = c.model_copy(update={"price_converted": Money(amount=352, currency="EUR",
                                                      per="night"),
                             # ~ marks an estimate: one a conversion was flagged for
                             "flags": ["price converted from USD (approximate)"]})
    assert "- **Hotel Arts** (~352 EUR/night [1], 8.9/10 [2]): over budget\n" in render("en", c)


TABLE = ('{% import "_report.md.j2" as r with context %}'
         '{{ r.shortlist_section(shortlist, task, _("hotel"), "none") }}\n{{ r.sources_section() }}')


@pytest.mark.parametrize("lang, cells", [
    ("en", "| ~352 EUR/night [1] > 300 EUR/night | 8.9/10 [2] ≥ 8.0/10 |"),
    ("es", "| ~352 €/noche [1] > 300 €/noche | 8,9/10 [2] ≥ 8,0/10 |"),
])
def test_the_shortlist_tables_figures_cite_the_source_they_came_from(lang: str,
                                                                     cells: str) -> None:
    """The table's price (converted or not) and rating carry the number of the source that
    stated them, as the text's figures do, not only the candidate's link."""
    import datetime as dt

    from scout.schemas.records import RankedItem
    from scout.spec.models import InputSpec
    from scout.task.build import build_task

    c = left_out()
    c = c.model_copy(update={"price_converted": Money(amount=352, currency="EUR",
                                                      per="night"),
                             # ~ marks an estimate: one a conversion was flagged for
                             "flags": ["price converted from USD (approximate)"]})
    query = ("hotels in Barcelona under 300 EUR a night rated 8 or more" if lang == "en"
             else "hoteles en Barcelona por menos de 300 € la noche con nota de 8 o más")
    task = build_task(query, {"city": InputSpec(type="place"),
                              "budget": InputSpec(type="money"),
                              "min_rating": InputSpec(type="rating")},
                      today=dt.date(2026, 12, 6))
    env = make_report_env(ROOT / "templates", lang)
    md = env.from_string(TABLE).render(
        task=task, shortlist=Shortlist(items=[RankedItem(rank=1, candidate=c)]),
        citations=Citations())
    assert cells in md
    listed = dict(re.findall(r"^(\d+)\. \[.*?\]\((\S+?)\)", md, re.M))
    assert listed == {"1": "https://shop.example/b", "2": "https://rev.example/c"}


@pytest.mark.parametrize("lang, heading", [("en", "## What changed the shortlist"),
                                           ("es", "## Qué cambió la selección")])
def test_the_changes_heading_stands_on_its_own_line(lang: str, heading: str) -> None:
    """The heading is a line of its own, a blank line before the list's lead-in: a
    template comment that trims whitespace once glued them ("## …selecciónDescartados")."""
    md = render(lang, left_out())
    assert re.search("^" + re.escape(heading) + r"\n\n\S", md, re.M), md[:200]


@pytest.mark.parametrize("lang, line", [
    ("en", "- **Hotel Arts** (10.50 EUR/person, 28 EUR/hour as stated [1]; 8.9/10 [2]): "
           "over budget\n"),
    ("es", "- **Hotel Arts** (10,50 €/persona, 28 €/hora según la fuente [1]; 8,9/10 [2]): "
           "por encima del presupuesto\n"),
])
def test_a_price_put_on_the_requests_footing_shows_the_price_its_source_states(
        lang: str, line: str) -> None:
    """A court's 28 € an hour, for the 90 minutes asked shared by 4, is compared as 10,50 €
    each: that figure alone is in no source its citation opens, so the stated one follows
    it (any price a kind put on another footing in its own currency: per hour, per
    person, in total); exact arithmetic in its own currency, so no ~."""
    hour = Money(amount=28, currency="EUR", per="hour")
    c = left_out()
    c = c.model_copy(update={
        "price": hour, "price_converted": Money(amount=10.5, currency="EUR", per="person"),
        "evidence": [e.model_copy(update={"price": hour}) if e.price else e
                     for e in c.evidence]})
    assert line in render(lang, c)
