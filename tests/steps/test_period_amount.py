"""A source whose price is per a period the budget's cannot be put on, and that states
another amount on one it can, is compared at that amount (scout/steps/rank_enrich.py,
``_on_period``): a car park's "desde 1,95 €/h ... Abono mensual 75 €/mes" against "menos
de 90 € al mes" is 75 €/mes, not a rate per hour left unchecked. A rate per hour the
hours asked put on a day stays (scout/steps/dailycap.py), and so does a price with no
amount on such a period."""

from __future__ import annotations

from scout.schemas.records import Candidate, Evidence, EvidenceSet
from scout.schemas.task import Money
from scout.steps.rank_enrich import enrich
from scout.steps.workbasis import Work


def _ranked(text: str, price: Money, per: str, work: Work | None = None) -> Candidate:
    ev = Evidence(id="e", kind="snippet", subject="c", url="https://aparca.test/c",
                  title="Aparcament", text=text, price=price)
    c = Candidate(key="c", name="Aparcament", url="https://aparca.test/c")
    out, _ = enrich([c], [EvidenceSet(items=[ev])], "EUR", None, frozenset({"price"}),
                    per=per, periods={}, work=work)
    return out[0]


HOURLY = Money(amount=1.95, currency="EUR", per="hour", comparator="=")
TEXT = "Aparcament Comte d'Urgell: desde 1,95 €/h, máximo diario 22 €. Abono mensual 75 €/mes."


def test_the_amount_on_the_budgets_period_is_compared():
    c = _ranked(TEXT, HOURLY, "month")
    assert (c.price.amount, c.price.per, c.price.comparator) == (75.0, "month", "=")
    assert not any("cannot be compared" in f for f in c.flags)


def test_the_quote_states_the_amount_compared_and_the_phase_keeps_its_own():
    """The report's evidence line shows a quote's price beside it: the amount compared,
    never the rate left uncompared beside a table showing 75 €/mes; the evidence set the
    other phases read is left as it was."""
    ev = Evidence(id="e", kind="snippet", subject="c", url="https://aparca.test/c",
                  title="Aparcament", text=TEXT, price=HOURLY)
    c = Candidate(key="c", name="Aparcament", url="https://aparca.test/c")
    out, _ = enrich([c], [EvidenceSet(items=[ev])], "EUR", None, frozenset({"price"}),
                    per="month", periods={})
    assert [(e.price.amount, e.price.per) for e in out[0].evidence] == [(75.0, "month")]
    assert (ev.price.amount, ev.price.per) == (1.95, "hour")


def test_a_week_converts_to_a_month_when_no_month_is_stated():
    c = _ranked("Parking: 2 €/hora, bono semanal 20 €/semana.", HOURLY, "month")
    assert c.price.per == "week" and c.price_converted.per == "month"


def test_an_hourly_rate_for_the_hours_asked_stays_for_the_day():
    c = _ranked(TEXT, HOURLY, "day", Work(volume={"hour": 3.0}))
    assert c.price.per == "hour" and c.price_converted.amount == 5.85


def test_with_no_amount_on_such_a_period_the_price_is_left_as_stated():
    c = _ranked("Parking Sants: 2,40 €/hora. Abierto 24 horas.",
                Money(amount=2.4, currency="EUR", per="hour"), "month")
    assert c.price.per == "hour" and c.price_converted is None
    assert c.flags == ["price per hour cannot be compared with a budget per month"]
