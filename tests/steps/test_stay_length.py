"""How long the stay asked lasts, for a price a month against a budget in total
(scout.steps.staylength): a duration with no dates ("para 3 meses") is the stay's length,
dates covering whole calendar months ("de enero a junio") are that many months, and a
duration the kind compares or counts work by is no stay."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.steps.staylength import Span, days_used, stay_span
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat

INPUTS = {"city": InputSpec(type="place"), "stay": InputSpec(type="duration"),
          "dates": InputSpec(type="date"), "budget": InputSpec(type="money")}
WHERE = ["task.budget is none or u.price is none or u.price.amount <= task.budget.amount"]
TODAY = dt.date(2026, 12, 2)


def _unit(key: str, amount: float, per: str, currency: str = "EUR"):
    return _flat(key, (f"https://{key}.test/", Money(amount=amount, currency=currency,
                                                     comparator="=", per=per)))


def _rank(query: str, *units, where: list[str] = WHERE, inputs=None):
    task = build_task(query, inputs or INPUTS, today=TODAY)
    params = RankParams(items="candidates", as_="u", where=where)
    return rank.run(_ctx(params, {"candidates": Candidates(items=list(units))}, task))


def _total(short, key: str) -> float | None:
    kept = [i.candidate for i in short.items] + [c for c, _ in short.excluded]
    c = next(c for c in kept if c.key == key)
    v = c.price_converted
    return v.amount if v is not None and v.per == "total" else None


@pytest.mark.parametrize("query", [
    "trastero en Madrid para 3 meses, máximo 200 € en total",
    "storage unit in Madrid for 3 months, max 200 EUR in total"])
def test_a_duration_is_the_stay_s_length_for_a_total_budget(query: str) -> None:
    short = _rank(query, _unit("dear", 70, "month"), _unit("cheap", 60, "month"))
    assert [i.candidate.key for i in short.items] == ["cheap"]
    assert [c.key for c, _ in short.excluded] == ["dear"]
    assert _total(short, "cheap") == 180 and _total(short, "dear") == 210
    cheap = short.items[0].candidate
    flag = ("price per month times 3 for the length asked, to compare it with the total "
            "budget")
    assert cheap.flags == [flag]
    assert localize(flag, "es") == ("precio por mes multiplicado por 3 para la duración "
                                    "pedida, para compararlo con el presupuesto total")
    assert short.notes == ["2 prices per month were multiplied by the length asked to "
                           "compare them with the total budget"]


@pytest.mark.parametrize("query, currency", [
    ("self-storage in London, from January to June, max £254 in total", "GBP"),
    ("trastero en Madrid de enero a junio, máximo 254 € en total", "EUR")])
def test_whole_calendar_months_count_as_months(query: str, currency: str) -> None:
    # 42.50 a month for January to June is 255 (6 months), not 181 days' worth (~251)
    short = _rank(query, _unit("unit", 42.50, "month", currency))
    assert _total(short, "unit") == 255
    assert short.items == []


def test_dates_not_whole_months_and_a_night_s_price_keep_their_days() -> None:
    span = Span(nights=180.0, months=6)
    assert days_used(span, "night") == 180 and days_used(span, "day") == 181
    assert days_used(span, "month") == pytest.approx(6 * 365.25 / 12)
    partial = stay_span(build_task("trastero en Madrid del 10 de enero al 20 de junio",
                                   INPUTS, today=TODAY))
    assert partial is not None and partial.months is None


def test_a_duration_s_days_are_its_days_of_use() -> None:
    # a car for 3 days at 40 € a day is 120 €, never a fourth day
    short = _rank("coche en Madrid para 3 días, máximo 130 € en total",
                  _unit("car", 40, "day"))
    assert [i.candidate.key for i in short.items] == ["car"]
    assert _total(short, "car") == 120


def test_a_duration_the_kind_compares_is_no_stay() -> None:
    inputs = {**INPUTS, "stay": InputSpec(type="duration", description="longest flight")}
    bound = ["task.stay is none or u.name != ''", *WHERE]
    short = _rank("trastero en Madrid para 3 meses, máximo 200 € en total",
                  _unit("dear", 70, "month"), where=bound, inputs=inputs)
    assert _total(short, "dear") is None  # not multiplied by a bound's length


@pytest.mark.parametrize("query", ["clases 30 horas, máximo 200 € en total",
                                   "class for 5 hours, max 200 EUR in total"])
def test_a_length_under_a_day_or_in_hours_is_no_stay(query: str) -> None:
    task = build_task(query, INPUTS, today=TODAY)
    assert isinstance(task.values.get("stay"), int)
    assert stay_span(task) is None
