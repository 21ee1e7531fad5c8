"""Two sources stating one thing's price per different periods (scout/steps/rank_enrich.py):
the dearer is picked with both on one period, never by their raw figures ("15 €/mes" is
dearer than "120 € al año"), with or without a budget's period to put them on."""

from __future__ import annotations

import pytest

from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import Money
from scout.steps.rank_enrich import enrich


def _two(first: tuple[float, str, str], second: tuple[float, str, str],
         currency: str = "EUR") -> Candidate:
    evs = [Evidence(id=f"e{i}", kind="price", url=f"https://s{i}.example/p", title="Plan",
                    text=text, subject="c",
                    price=Money(amount=amount, currency=currency, comparator="=", per=per))
           for i, (amount, per, text) in enumerate((first, second))]
    return Candidate(key="c", name="Plan", url="https://s0.example/p", evidence=evs)


@pytest.mark.parametrize("first, second, dearer", [
    ((120, "year", "Cuota anual 120 €"), (15, "month", "o 15 €/mes"), (15, "month")),
    ((15, "month", "15 €/mes"), (120, "year", "120 € al año"), (15, "month")),
    ((9.5, "week", "Storage £9.50 a week"), (35, "month", "£35 pcm"), (9.5, "week")),
    ((200, "year", "$200 per year"), (15, "month", "$15/mo"), (200, "year")),
    ((60, "day", "60 € al día"), (350, "week", "350 € la semana"), (60, "day")),
])
@pytest.mark.parametrize("per", [None, "month", "year"])
def test_the_dearer_source_on_one_period(first, second, dearer, per) -> None:
    currency = "GBP" if "£" in first[2] + second[2] else "USD" if "$" in first[2] else "EUR"
    out, _ = enrich([_two(first, second, currency)], [], currency, None, per=per)
    price = out[0].price
    assert price is not None and (price.amount, price.per) == dearer


def test_one_period_compares_the_figures_as_before() -> None:
    out, _ = enrich([_two((15, "month", "15 €/mes"), (18, "month", "18 €/mes"))], [], "EUR",
                    None)
    assert out[0].price is not None and out[0].price.amount == 18
