"""A pack of units of work against a budget per one: "Bono de 10 horas por 300 €" is 30 €
an hour, divided, flagged in both languages, and checked against "máximo 25 €/hora"
(scout.steps.packprice); how often and one class's length buy no pack."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.steps.packprice import pack_count, period_hours
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat

INPUTS = {"subject": InputSpec(type="subject"), "budget": InputSpec(type="money")}
WHERE = ["task.budget is none or t.price is none or t.price.amount <= task.budget.amount"]


@pytest.mark.parametrize("text, unit, count", [
    ("Bono de 10 horas por 300 €.", "hour", 10),
    ("Pack of 10 hours: £250", "hour", 10),
    ("300 € (8 horas de clase)", "hour", 8),
    ("Traducción: 20 páginas por 400 €", "page", 20),
    ("10 walks for £100", "walk", 10),
    ("Clases de 2 horas, 40 €", "hour", None),          # one class's length
    ("2 horas a la semana, 80 €", "hour", None),         # how often
    ("Two hours a week: 10 hours per month, £200", "hour", None),
    ("Open 10 hours a day. 300 €", "hour", None),
    ("Bono de 10 horas.", "hour", None),                 # no amount in the sentence
    ("10 horas por 300 €", "word", None),                # hours are no words
])
def test_how_many_units_a_price_buys(text: str, unit: str, count: int | None) -> None:
    assert pack_count(text, unit) == count


def _tutor(key: str, text: str, amount: float, per: str | None = None):
    c = _flat(key, (f"https://{key}.test/", Money(amount=amount, currency="EUR",
                                                  comparator="=", per=per)))
    c.evidence[0].text = text
    return c


@pytest.mark.parametrize("query", ["maths tutor under 25 euros an hour",
                                   "profesor de matemáticas, máximo 25 €/hora"])
def test_a_pack_is_compared_per_hour_with_a_budget_per_hour(query: str) -> None:
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    assert task.values["budget"].per == "hour"
    tutors = [_tutor("dear", "Bono de 10 horas por 300 €.", 300),          # 30 an hour
              _tutor("cheap", "Pack of 10 hours: 200 €", 200),              # 20 an hour
              _tutor("hourly", "22 €/hora", 22, "hour"),                    # as it stands
              _tutor("loose", "Clases de matemáticas desde 40 €", 40)]      # no pack: kept
    params = RankParams(items="candidates", as_="t", where=WHERE)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=tutors)}, task))
    assert sorted(i.candidate.key for i in short.items) == ["cheap", "hourly", "loose"]
    cheap = next(i.candidate for i in short.items if i.candidate.key == "cheap")
    assert cheap.price_converted == Money(amount=20, currency="EUR", comparator="=",
                                          per="hour")
    # "10 × 1 hour": what the pack buys as a reader says it, never "10 × hour"
    flag = "price for 10 × 1 hour, divided evenly to compare it with the budget per hour"
    assert cheap.flags == [flag]
    assert localize(flag, "es") == ("precio de 10 × 1 hora, dividido entre 10 para "
                                    "compararlo con el presupuesto por hora")
    # a run stored with the flag's former wording reads the same when rendered again
    assert localize("price for 10 × hour divided by them, to compare it with the budget "
                    "per hour", "es") == localize(flag, "es")
    loose = next(i.candidate for i in short.items if i.candidate.key == "loose")
    assert loose.price_converted is None


@pytest.mark.parametrize("text, unit, hours", [
    ("80 € al mes por 4 clases de 1,5 horas en grupos reducidos.", "hour", 6),
    ("£120 a month for 4 lessons of 1 hour.", "hour", 4),
    ("160 € al mes: 8 sesiones de 90 minutos", "hour", 12),
    ("160 € al mes: 8 sesiones de 90 minutos", "minute", 720),
    ("$200 a month for 10 hours of tutoring", "hour", 10),
    ("80 € al mes por 4 clases", "hour", None),          # how long each is: not said
    ("2 horas a la semana, 80 € al mes", "hour", None),  # how often
    ("4 lessons of 1 hour a month", "hour", None),       # no amount in the sentence
    ("£120 a month for 4 lessons of 1 hour.", "page", None),
])
def test_the_hours_a_period_s_price_holds(text: str, unit: str, hours: float | None) -> None:
    assert period_hours(text, unit) == hours


@pytest.mark.parametrize("query, lang", [("maths tutor under 25 euros an hour", "en"),
                                         ("profesor de matemáticas, máximo 25 €/hora", "es")])
def test_a_month_s_price_is_compared_per_hour_by_the_hours_it_holds(query: str,
                                                                    lang: str) -> None:
    """What a report shows per hour (a month's price over the classes it holds) is what
    the budget per hour was checked against, never a month 'that cannot be compared'."""
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    tutors = [_tutor("euler", "80 € al mes por 4 clases de 1,5 horas.", 80, "month"),  # 13,33
              _tutor("dear", "£ 300 a month for 10 lessons of 1 hour.", 300, "month"),  # 30
              _tutor("vague", "Clases en grupo, 60 € al mes.", 60, "month")]           # kept
    params = RankParams(items="candidates", as_="t", where=WHERE)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=tutors)}, task))
    kept = {i.candidate.key: i.candidate for i in short.items}
    assert sorted(kept) == ["euler", "vague"]
    assert kept["euler"].price_converted == Money(amount=13.33, currency="EUR",
                                                  comparator="=", per="hour")
    assert localize(kept["euler"].flags[0], lang).startswith(
        "price for 6 × 1 hour, " if lang == "en" else "precio de 6 × 1 hora, ")
    # a month holding no hours it says stays incomparable, and no figure is made up for it
    assert kept["vague"].price_converted is None
    assert any("cannot be compared" in f for f in kept["vague"].flags)


def test_with_no_money_asked_a_pack_stands_beside_the_others_prices_per_hour() -> None:
    task = build_task("apoyo escolar en Barcelona", INPUTS, today=dt.date(2026, 12, 6))
    tutors = [_tutor("hourly", "18 €/hora", 18, "hour"),
              _tutor("pack", "Bono de 8 horas por 160 €.", 160)]
    params = RankParams(items="candidates", as_="t", where=WHERE)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=tutors)}, task))
    pack = next(i.candidate for i in short.items if i.candidate.key == "pack")
    assert pack.price_converted == Money(amount=20, currency="EUR", comparator="=",
                                         per="hour")
    flag = ("price for 8 × 1 hour, divided evenly to compare it with the others' prices "
            "per hour")
    assert pack.flags == [flag]
    assert localize(flag, "es") == ("precio de 8 × 1 hora, dividido entre 8 para "
                                    "compararlo con los precios por hora de los demás")
