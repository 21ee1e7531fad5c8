"""Cents set apart from a figure by a space ("$119. 95", "€ 1.837, 32") are joined to it,
but not a count that starts a list's next item after a comma: "Lessons £36, 10 hours for
£340" is £36 and £340, never £36.10. Found writing the driving schools kind, whose lesson
prices in pounds gained ten pence (scout.task.pageprices)."""

from __future__ import annotations

import pytest

from scout.task.amounts import find_amounts


@pytest.mark.parametrize(("text", "amounts"), [
    ("Lessons £36, 10 hours for £340", [36, 340]),
    ("Drop-in class £12, 10-class pass £100", [12, 100]),
    ("$45, 10 lessons for $400", [45, 400]),
    ("Clases £30, 20 horas £560", [30, 560]),
    ("Session €80, 12-month membership €600", [80, 600]),
    ("Day pass $15, 20 visits $250", [15, 250]),
])
def test_a_count_after_a_comma_is_no_cents(text: str, amounts: list[float]) -> None:
    assert [m.amount for m, _ in find_amounts(text)] == amounts


@pytest.mark.parametrize(("text", "amount"), [
    ("Price: $119. 95 today", 119.95),
    ("$ 8. 94", 8.94),
    ("€ 1.837, 32 euros", 1837.32),   # a currency's own plural is no count
    ("€ 1.837, 32", 1837.32),
])
def test_cents_set_apart_are_still_cents(text: str, amount: float) -> None:
    assert [m.amount for m, _ in find_amounts(text)] == [pytest.approx(amount)]
