"""The report's pictures: the DAG and the price-vs-rating chart are well-formed SVG, say
what the run did (one box per phase, filled by its state; one arrow per dependency;
shortlisted candidates highlighted; the budget and minimum lines where they belong),
are byte-identical for the same input, and never carry markup from provider text."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from scout.spec.dag import PhaseGraph
from scout.report.svg import STATE_FILL, Point, dag_svg, price_rating_svg
from scout.validate import load_valid_pipeline

NS = {"s": "http://www.w3.org/2000/svg"}
HOTEL = "pipelines/hotel_research.yaml"


def _graph() -> tuple[PhaseGraph, list[tuple[str, str]], dict[str, str]]:
    spec, _ = load_valid_pipeline(HOTEL)
    g = PhaseGraph.of(spec.model)
    labels = {pid: p.uses + (f" × {p.for_each}" if p.for_each else "")
              for pid, p in spec.model.phases.items()}
    return g, list(g.graph.edges()), labels


def test_the_dag_has_a_box_per_phase_and_an_arrow_per_dependency() -> None:
    g, edges, labels = _graph()
    states = {pid: "succeeded" for pid in g.order()}
    states["Y1"] = "failed_terminal"
    svg = dag_svg(g.waves(), edges, labels, states, title="Phases of hotel-research")
    root = ET.fromstring(svg)
    nodes = root.findall("s:g[@class='node']", NS)
    assert {n.get("data-phase") for n in nodes} == set(g.order())
    y1 = next(n for n in nodes if n.get("data-phase") == "Y1")
    assert y1.find("s:rect", NS).get("fill") == STATE_FILL["failed_terminal"]
    assert y1.get("data-state") == "failed_terminal"
    arrows = {(e.get("data-from"), e.get("data-to")) for e in root.findall("s:path", NS)}
    assert arrows == set(edges)
    # waves go top to bottom: every arrow points down
    y = {n.get("data-phase"): float(n.find("s:rect", NS).get("y")) for n in nodes}
    assert all(y[u] < y[v] for u, v in edges)
    assert dag_svg(g.waves(), edges, labels, states) == dag_svg(g.waves(), edges, labels, states)


def test_state_words_can_be_translated() -> None:
    g, edges, labels = _graph()
    svg = dag_svg(g.waves(), edges, labels, {"F0": "succeeded"},
                  state_names={"succeeded": "completada", "pending": "pendiente"})
    root = ET.fromstring(svg)
    f0 = next(n for n in root.findall("s:g[@class='node']", NS) if n.get("data-phase") == "F0")
    first = f0.findall("s:text", NS)[0]
    assert "".join(first.itertext()) == "F0 · completada"
    # the word sits in its own element, so a live page (the dashboard) can replace it
    assert first.find("s:tspan[@class='state']", NS).text == "completada"
    assert "pendiente" in svg and "succeeded" not in "".join(root.itertext())


def _points() -> list[Point]:
    return [Point("Casa Bonay", 180, 9.2, True, 1), Point("Hotel Praktik Rambla", 135, 8.6, True, 2),
            Point("Hotel Arts Barcelona", 420, 9.3), Point("Generator Barcelona", 95, 7.1),
            Point("No price yet", None, 8.0)]


def test_the_chart_marks_the_shortlist_and_the_thresholds() -> None:
    svg = price_rating_svg(_points(), budget=200, min_rating=8.0, currency="EUR")
    assert svg is not None
    root = ET.fromstring(svg)
    short = root.findall("s:g[@class='point shortlisted']", NS)
    others = root.findall("s:g[@class='point']", NS)
    assert [g.get("data-name") for g in short] == ["Hotel Praktik Rambla", "Casa Bonay"]
    assert {g.get("data-name") for g in others} == {"Hotel Arts Barcelona", "Generator Barcelona"}
    budget = root.find("s:line[@class='budget']", NS)
    minimum = root.find("s:line[@class='min-rating']", NS)
    assert budget is not None and minimum is not None

    def cx(name: str) -> float:
        g = next(g for g in short + others if g.get("data-name") == name)
        return float(g.find("s:circle", NS).get("cx"))

    def cy(name: str) -> float:
        g = next(g for g in short + others if g.get("data-name") == name)
        return float(g.find("s:circle", NS).get("cy"))

    bx, my = float(budget.get("x1")), float(minimum.get("y1"))
    assert cx("Hotel Arts Barcelona") > bx > cx("Casa Bonay")  # over budget: right of the line
    assert cy("Generator Barcelona") > my > cy("Hotel Praktik Rambla")  # below the minimum
    assert svg == price_rating_svg(_points(), budget=200, min_rating=8.0, currency="EUR")


def test_every_label_stays_inside_the_chart() -> None:
    """The priciest candidate sits at the right edge: its name goes to the left of its
    point ('Hotel Arts Ba' was all a reader saw of 'Hotel Arts Barcelona')."""
    from scout.report.svg import CHART_W

    root = ET.fromstring(price_rating_svg(_points(), budget=200, min_rating=8.0,
                                          currency="EUR") or "")
    for g in root.findall("s:g[@data-name]", NS):
        circle, label = g.find("s:circle", NS), g.findall("s:text", NS)[-1]
        x, size = float(label.get("x")), float(label.get("font-size"))
        wide = len(label.text or "") * size * 0.6
        if label.get("text-anchor") == "end":
            assert x - wide >= 0 and x < float(circle.get("cx")), g.get("data-name")
        else:
            assert x + wide <= CHART_W, g.get("data-name")
    arts = next(g for g in root.findall("s:g[@data-name]", NS)
                if g.get("data-name") == "Hotel Arts Barcelona")
    assert arts.findall("s:text", NS)[-1].get("text-anchor") == "end"


def test_the_chart_writes_numbers_the_report_language_way() -> None:
    from scout.i18n.numbers import format_number

    svg = price_rating_svg(_points(), budget=150, min_rating=8.5, currency="EUR",
                           words={"minimum": "mínimo"},
                           number=lambda v: format_number(v, "es")) or ""
    assert "mínimo 8,5</text>" in svg and "mínimo 8.5" not in svg
    assert "Hotel Praktik Rambla: 135 EUR, 8,6/10</title>" in svg


def test_the_legend_says_what_a_filled_and_a_hollow_point_mean() -> None:
    """Shortlisted points are filled, the others hollow: the legend names both, in the
    report's words, above the plot; a chart with one kind of point names only that one."""
    from scout.report.svg import CHART_W, TOP

    svg = price_rating_svg(_points(), budget=200, currency="EUR",
                           words={"shortlisted": "en la selección", "other": "otros"}) or ""
    legend = ET.fromstring(svg).find("s:g[@class='legend']", NS)
    assert legend is not None
    circles, texts = legend.findall("s:circle", NS), legend.findall("s:text", NS)
    assert [t.text for t in texts] == ["en la selección", "otros"]
    assert circles[0].get("fill") != "#fff" and circles[1].get("fill") == "#fff"
    for c, t in zip(circles, texts, strict=True):
        assert float(c.get("cy")) + float(c.get("r")) <= TOP  # in the margin, not the plot
        assert float(t.get("x")) + len(t.text or "") * 11 * 0.6 <= CHART_W
    only_short = price_rating_svg([Point("a", 100, 9.0, True, 1)]) or ""
    texts = ET.fromstring(only_short).findall("s:g[@class='legend']/s:text", NS)
    assert [t.text for t in texts] == ["shortlisted"]


def test_no_chart_without_a_candidate_with_price_and_rating() -> None:
    assert price_rating_svg([Point("a", None, 9.0), Point("b", 100, None)]) is None


def test_provider_text_cannot_inject_markup() -> None:
    evil = '<script>alert(1)</script>" onload="x'
    svg = price_rating_svg([Point(evil, 100, 9.0, True, 1)], budget=150, currency='<b>')
    assert svg is not None and "<script" not in svg and 'onload="x' not in svg
    root = ET.fromstring(svg)  # still well-formed
    assert root.find("s:g[@data-name]", NS).get("data-name") == evil
    dag = dag_svg([["F0"]], [], {"F0": evil}, {"F0": evil})
    assert "<script" not in dag
    ET.fromstring(dag)


def test_the_dag_picture_names_each_step_in_the_reports_language() -> None:
    """The phase table of a Spanish report says "búsqueda"; its DAG picture said "search"
    (the artifact a fan-out runs over as the report's sections name it: "candidatos")."""
    from pathlib import Path

    from scout.report.context import MissionView
    from scout.spec.loader import load_pipeline
    from scout.steps.report_outputs import dag_picture_of

    pipe = load_pipeline(Path(__file__).resolve().parents[2] / "pipelines"
                         / "hotel_research.yaml").model
    view = MissionView(mission_id="m", pipeline=pipe.name)
    es, en = dag_picture_of(pipe, view, "es"), dag_picture_of(pipe, view, "en")
    assert ">búsqueda × candidatos</text>" in es and ">síntesis</text>" in es
    assert ">search<" not in es and ">synthesize<" not in es
    assert ">search × candidates</text>" in en and ">synthesize</text>" in en


def _chart_of(types: dict[str, str], values: dict[str, object]) -> ET.Element:
    """The report step's chart for a two-candidate shortlist under a Task of ``types``."""
    from types import SimpleNamespace

    from scout.schemas.records import Candidate, RankedItem, Shortlist
    from scout.schemas.task import Money, Task
    from scout.steps.report_outputs import chart_picture

    def cand(name: str, price: float, rating: float) -> Candidate:
        return Candidate(key=name.lower(), name=name, price=Money(amount=price, currency="EUR"),
                         rating=rating)

    shortlist = Shortlist(items=[RankedItem(candidate=cand("Vino A", 20, 9.3), rank=1)],
                          excluded=[(cand("Vino B", 40, 8.0), ["over budget"])])
    task = Task(query="q", values=values, types=types)
    svg = chart_picture(SimpleNamespace(inputs={"shortlist": shortlist}, task=task))
    assert svg is not None
    return ET.fromstring(svg)


def test_the_chart_finds_the_budget_and_minimum_whatever_the_inputs_are_named() -> None:
    # a kind written by someone else: `max_price` and `min_score`, not `budget`/`min_rating`
    from scout.schemas.task import Money

    root = _chart_of({"max_price": "money", "min_score": "rating"},
                     {"max_price": Money(amount=30, currency="EUR"), "min_score": 9.0})
    assert root.find("s:line[@class='budget']", NS) is not None
    assert root.find("s:line[@class='min-rating']", NS) is not None


def test_a_salary_floor_draws_no_budget_line() -> None:
    from scout.schemas.task import Money

    root = _chart_of({"min_salary": "money"}, {"min_salary": Money(amount=30, currency="EUR")})
    assert root.find("s:line[@class='budget']", NS) is None


@pytest.mark.parametrize(("points", "budget", "minimum", "drawn"), [
    ([Point("huge", 1e308, 9.0), Point("b", 100.0, 8.0)], None, None, 1),
    ([Point("inf", float("inf"), 9.0), Point("nan", 100.0, float("nan"))], None, None, 0),
    ([Point("a", 120.0, 8.0)], float("nan"), float("inf"), 1),
    ([Point("a", 120.0, 8.0)], 1e308, -5.0, 1),
])
def test_figures_past_any_axis_are_left_off_not_a_crash(points, budget, minimum, drawn) -> None:
    # a listing's price of 1e308 or a NaN figure: int() of an infinite tick or coordinate
    # raised and the whole report failed; such a point or line is simply not drawn
    svg = price_rating_svg(points, budget=budget, min_rating=minimum, currency="EUR")
    if not drawn:
        assert svg is None
        return
    assert svg is not None and svg.count("<circle") - svg.count('class="legend"') == drawn
    assert "nan" not in svg.lower() and "inf" not in svg.lower()
    assert 'class="budget"' not in svg and 'class="min-rating"' not in svg
