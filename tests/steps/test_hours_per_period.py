"""A price per hour and a budget per month (or the other way round) on one footing in
``rank`` when the request says how many hours a week it wants (rank's ``hours_per``,
scout/steps/workbasis.py and rank_periods.py): "clases de 2 horas a la semana, máximo 200 €
al mes" compares a tutor's 20 €/hora at the ~8.7 hours a month holds (~174 €), and
"máximo 25 €/hora" a month's 180 € that states no hours over them (~20,70 €/hora); flagged
in both languages with the hours. Without the hours asked, nothing is compared as before.
Written with a kind of its own, not one of the examples."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from pydantic import ValidationError

from scout.i18n.messages import localize
from scout.schemas.records import Candidates
from scout.spec.models import InputSpec
from scout.stepkit.params import RankParams
from scout.steps import rank
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_work_basis import WHERE, _offer

TODAY = dt.date(2026, 12, 6)
KIND = {"subject": InputSpec(type="subject"),
        "weekly_hours": InputSpec(type="duration", aliases=["a la semana", "a week"]),
        "budget": InputSpec(type="money")}


def _rank(query: str, offers: list, **with_: object):
    task = build_task(query, KIND, today=TODAY)
    params = RankParams(items="candidates", as_="p", where=[WHERE],
                        order_by=["p.price.amount if p.price else none"], descending=False,
                        **with_)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=offers)}, task))
    return short, {i.candidate.key: i.candidate for i in short.items}


@pytest.mark.parametrize("query, currency", [
    ("clases de matemáticas, 2 horas a la semana, máximo 200 € al mes", "EUR"),
    ("maths tutor, 2 hours a week, under 200 EUR a month", "EUR"),
])
def test_a_price_per_hour_at_the_hours_asked_a_month(query: str, currency: str) -> None:
    short, kept = _rank(query, [
        _offer("hourly", 20, currency, "hour"),     # ~173,93 a month: within
        _offer("dear", 25, currency, "hour"),       # ~217 a month: over
        _offer("monthly", 180, currency, "month")], hours_per={"week": "weekly_hours"})
    assert [c.key for c, _ in short.excluded] == ["dear"]
    got = kept["hourly"].price_converted
    assert got is not None and (got.amount, got.per) == (173.93, "month")
    flag = ("price per hour times 8.7 hours per month (the hours asked) to compare it with "
            "the budget")
    assert kept["hourly"].flags == [flag]
    assert localize(flag, "es") == ("precio por hora multiplicado por 8,7 horas por mes (las "
                                    "horas pedidas) para compararlo con el presupuesto")
    assert kept["monthly"].flags == []        # a month's price against a month's budget
    assert ("2 prices per hour were multiplied by the hours asked per month to compare them "
            "with the budget") in short.notes


def test_a_months_price_stating_no_hours_over_the_hours_asked() -> None:
    short, kept = _rank("clases de inglés, 2 horas a la semana, máximo 25 €/hora", [
        _offer("monthly", 180, "EUR", "month"),     # ~20,70 an hour: within
        _offer("dear", 240, "EUR", "month"),        # ~27,60 an hour: over
        _offer("hourly", 22, "EUR", "hour")], hours_per={"week": "weekly_hours"})
    assert [c.key for c, _ in short.excluded] == ["dear"]
    got = kept["monthly"].price_converted
    assert got is not None and (got.amount, got.per) == (20.7, "hour")
    flag = kept["monthly"].flags[0]
    assert flag == ("price per month divided by the 8.7 hours asked in it to compare it with "
                    "the budget per hour")
    assert localize(flag, "es") == ("precio por mes dividido entre las 8,7 horas pedidas en "
                                    "ese periodo para compararlo con el presupuesto por hora")
    note = next(n for n in short.notes if "divided" in n)
    assert localize(note, "es") == ("2 precios por mes se han dividido entre las horas "
                                    "pedidas en ese periodo para compararlos con el "
                                    "presupuesto por hora")


@pytest.mark.parametrize("with_", [{}, {"hours_per": {"week": "weekly_hours"}}])
def test_without_the_hours_asked_an_hour_is_no_month(with_: dict) -> None:
    # no hours a week said (or no hours_per declared): nothing to put an hour on a month by
    query = ("clases de matemáticas, máximo 200 € al mes" if with_ else
             "clases de matemáticas, 2 horas a la semana, máximo 200 € al mes")
    _short, kept = _rank(query, [_offer("hourly", 20, "EUR", "hour")], **with_)
    assert kept["hourly"].price_converted is None
    assert kept["hourly"].flags == ["price per hour cannot be compared with a budget per month"]


@pytest.mark.parametrize("hours_per, match", [
    ({"semana": "weekly_hours"}, "no period"),
    ({"week": "weekly_hours", "month": "monthly_hours"}, "one period"),
])
def test_hours_per_names_one_period(hours_per: dict, match: str) -> None:
    with pytest.raises(ValidationError, match=match):
        RankParams(items="candidates", hours_per=hours_per)


@pytest.mark.parametrize(("hours_per", "said"), [
    ("{week: weekly_hour}", "did you mean 'weekly_hours'?"),
    ("{week: service}", "a string input"),
])
def test_hours_per_names_an_input_that_counts_hours(tmp_path: Path, hours_per: str,
                                                    said: str) -> None:
    """SPEC080: the hours asked are a duration's, or an integer's or a number's."""
    from scout.validate import validate_paths
    from tests.spec.test_rank_items import CONFIG, HEAD

    inputs = ("inputs:\n  weekly_hours: {type: duration}\n"
              "  service: {type: string, enum: [maths, physics]}\n")
    head = HEAD.replace("phases:\n", inputs + "phases:\n")
    path = tmp_path / "p.yaml"
    rank_ = ("  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
             "with: {items: candidates, hours_per: %s}}\n")
    path.write_text(head + rank_ % "{week: weekly_hours}")
    assert [p.code for p in validate_paths([path], config=CONFIG).files[0].errors] == []
    path.write_text(head + rank_ % hours_per)
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC080" and said in p.message + (p.hint or "")
