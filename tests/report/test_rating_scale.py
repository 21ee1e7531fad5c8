"""A rating input's ``scale`` (5, 10, 100): declared and validated in the spec, carried in
the Task (``scales``, ``rating_scale``), and used wherever a rating of that kind is
written: the report's filters and tables, rank's reasons, the chart, the dashboard's
request, a Task note. Values stay 0-10; a bare number a person gives is on the scale."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from scout.i18n.values import format_value
from scout.report.render import make_report_env
from scout.report.svg import Point, price_rating_svg
from scout.report.tables import fmt
from scout.schemas.task import Task
from scout.spec.models import InputSpec
from scout.spec.scopefilters import in_language
from scout.spec.templating import make_env
from scout.task.build import build_task
from scout.task.values import coerce
from scout.validate import validate_paths

TODAY = dt.date(2026, 12, 2)
CONFIG = Path(__file__).resolve().parents[1] / "spec" / "fixtures" / "adapters.yaml"


# --- the spec ---------------------------------------------------------------------------

@pytest.mark.parametrize("scale", [5, 10, 100])
def test_a_rating_declares_its_scale(scale):
    assert InputSpec(type="rating", scale=scale).scale == scale


@pytest.mark.parametrize(("spec", "says"), [
    ({"type": "rating", "scale": 90}, "5, 10 or 100"),
    ({"type": "rating", "scale": "cien"}, "5, 10 or 100"),
    ({"type": "money", "scale": 5}, "'scale' is the scale of a rating"),
])
def test_another_scale_or_a_scale_on_another_type_is_refused(spec, says):
    with pytest.raises(ValidationError, match=re.escape(says)):
        InputSpec(**spec)


PIPELINE = """apiVersion: scout/v1
kind: Pipeline
name: apps
inputs:
  min_stars: {type: rating, SCALE}
phases:
  F0: {uses: task, produces: [task]}
  F1:
    uses: search
    needs: [task]
    produces: [candidates]
    chain: web
    with: {query: "apps rated {{ task.min_stars }}"}
"""


@pytest.mark.parametrize(("scale", "codes"), [("scale: 5", []), ("scale: 7", ["SPEC012"]),
                                              ("scale: 5, default: 6", ["SPEC014"])])
def test_validate_locates_a_scale_it_does_not_know(tmp_path, scale, codes):
    path = tmp_path / "apps.yaml"
    path.write_text(PIPELINE.replace("SCALE", scale))
    problems = [p for p in validate_paths([path], config=CONFIG).files[0].problems
                if p.severity == "error"]
    assert [p.code for p in problems] == codes
    if codes == ["SPEC012"]:
        assert "5, 10 or 100" in problems[0].message and problems[0].location.line == 5
    if codes == ["SPEC014"]:  # a default of 6 stars: outside the input's scale
        assert "0-5 scale" in problems[0].message


# --- values a person gives --------------------------------------------------------------

@pytest.mark.parametrize(("value", "scale", "want"), [
    ("93", 100, 9.3), (90, 100, 9.0), ("92,5", 100, 9.25), ("4.5", 5, 9.0), (4, 5, 8.0),
    ("4.5/5", 100, 9.0),    # written with its own scale: read on that one
    ("8", None, 8.0), ("8", 10, 8.0),
])
def test_a_bare_number_is_on_the_inputs_scale(value, scale, want):
    assert coerce("rating", value, scale=scale) == want


@pytest.mark.parametrize(("value", "scale"), [("120", 100), (6, 5), ("mucho", 100), (True, 5)])
def test_a_number_off_the_scale_says_which(value, scale):
    with pytest.raises(ValueError, match=f"0(-| to ){scale}"):
        coerce("rating", value, scale=scale)


def test_the_task_carries_the_scale_and_reads_set_values_on_it():
    inputs = {"min_score": InputSpec(type="rating", scale=100)}
    task = build_task("", inputs, today=TODAY, set_values={"min_score": "93"})
    assert task.values["min_score"] == 9.3 and task.scales == {"min_score": 100}
    assert task.rating_scale == 100
    # the orchestrator's overrides come coerced: not read on the scale a second time
    again = build_task("", inputs, today=TODAY, overrides={"min_score": 9.3})
    assert again.values["min_score"] == 9.3
    back = Task.model_validate(task.model_dump(mode="json"))
    assert back.rating_scale == 100


def test_a_kind_on_ten_dumps_its_task_as_before():
    task = build_task("", {"min_rating": InputSpec(type="rating", default=8)}, today=TODAY)
    assert "scales" not in task.model_dump() and task.rating_scale == 10


@pytest.mark.parametrize(("query", "shown"), [
    ("un crianza con más de 90 puntos", "«90/100»"),
    ("a crianza rated 92 points or more", "'92/100'"),
])
def test_the_note_of_what_was_read_shows_the_scale(query, shown):
    inputs = {"min_score": InputSpec(type="rating", scale=100)}
    task = build_task(query, inputs, today=TODAY)
    assert [n for n in task.notes if shown in n], task.notes
    assert not [n for n in task.notes if re.search(r"/10\b", n)], task.notes


# --- where a rating is written ----------------------------------------------------------

@pytest.mark.parametrize(("lang", "scale", "want"), [
    ("en", 100, "93/100"), ("es", 100, "93/100"), ("en", 5, "4.7/5"), ("es", 5, "4,7/5"),
    ("en", 10, "9.3/10"), ("es", 10, "9,3/10")])
def test_values_tables_and_filters_write_the_scale(tmp_path, lang, scale, want):
    assert format_value(9.3, "rating", lang, scale) == want
    assert fmt("rating", 9.3, lang, scale) == want
    (tmp_path / "t.md.j2").write_text("{{ r | rating }} {{ r | value('rating') }} "
                                      "{{ r | rating(10) }}")
    env = make_report_env(tmp_path, lang, rating_scale=scale)
    ten = "9,3/10" if lang == "es" else "9.3/10"
    assert env.get_template("t.md.j2").render(r=9.3) == f"{want} {want} {ten}"


@pytest.mark.parametrize(("scale", "rating", "want"), [
    (0, 9.3, "93/100"), (-5, 9.3, "93/100"), (7, 9.3, "93/100"), ("10", 9.3, "93/100"),
    (True, 9.3, "93/100"), (5, 9.3, "4.7/5"),       # a scale computed: the kind's unless declarable
    (None, float("nan"), "—"), (None, "n/a", "n/a"), (None, "9.3", "93/100"),  # a record's own
])
def test_a_computed_scale_or_a_record_of_text_never_breaks_the_rating(tmp_path, scale, rating,
                                                                       want):
    (tmp_path / "s.md.j2").write_text("{{ r | rating(s) }}")
    env = make_report_env(tmp_path, "en", rating_scale=100)
    assert env.get_template("s.md.j2").render(r=rating, s=scale) == want


def test_a_constant_rating_is_not_compiled_into_another_kinds_report(tmp_path):
    """The compiled templates are shared per language, by every kind whatever its scale."""
    (tmp_path / "c.md.j2").write_text("{{ 9.3 | rating }}")
    assert make_report_env(tmp_path, "es", rating_scale=100).get_template(
        "c.md.j2").render() == "93/100"
    assert make_report_env(tmp_path, "es").get_template("c.md.j2").render() == "9,3/10"


@pytest.mark.parametrize(("lang", "want"), [("es", "puntuado con 88/100"),
                                            ("en", "scored 88/100")])
def test_rank_reasons_write_the_scale(lang, want):
    env = in_language(make_env(), lang, 100)
    text = env.from_string("{{ 'puntuado con' if lang == 'es' else 'scored' }} "
                           "{{ c.rating | rating }}").render(c={"rating": 8.8}, lang=lang)
    assert text == want


def test_a_with_template_writes_the_tasks_scale():
    task = build_task("", {"min_score": InputSpec(type="rating", scale=100, default=90)},
                      today=TODAY)
    assert make_env().from_string("{{ task.min_score | rating }}").render(task=task) == "90/100"


def test_the_chart_labels_its_axis_and_minimum_on_the_scale():
    points = [Point("Alta", 20.0, 9.3, True, 1), Point("Baja", 15.0, 8.8, False, None)]
    svg = price_rating_svg(points, min_rating=9.0, currency="EUR", rating_scale=100)
    assert svg is not None and "(0-100)" in svg and "minimum 90<" in svg
    assert "Alta: 20 EUR, 93/100" in svg and "/10<" not in svg
    ten = price_rating_svg(points, min_rating=9.0, currency="EUR")
    assert ten is not None and "(0-10)" in ten and "minimum 9<" in ten


def test_the_dashboard_shows_each_rating_on_its_inputs_scale():
    from scout.server.dashboard_data import request_view

    task = build_task("", {"min_score": InputSpec(type="rating", scale=100, default=90),
                           "min_app": InputSpec(type="rating", scale=5, default=4.5)},
                      today=TODAY)
    rows = {r[1] for r in request_view(task.model_dump(mode="json"), "es").rows}
    assert {"90/100", "4,5/5"} <= rows
