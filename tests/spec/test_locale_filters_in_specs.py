"""The locale filters in a pipeline's own templates (an e-mail subject, a query, a rank
reason) write in the request's language, as they do in a report: the subject of a Spanish
request's e-mail read "September 2026"."""

from __future__ import annotations

import pytest

from scout.orchestrator.scope import render
from scout.schemas.task import Money, Month


@pytest.mark.parametrize("lang, month, money, number", [
    ("es", "septiembre de 2026", "1.200 €", "85.000"),
    ("en", "September 2026", "1,200 EUR", "85,000"),
])
def test_a_pipeline_template_formats_in_the_requests_language(
        lang: str, month: str, money: str, number: str) -> None:
    task = {"lang": lang, "month": Month(year=2026, month=9),
            "budget": Money(amount=1200, currency="EUR"), "km": 85000}
    assert render("{{ task.month | month }}", {"task": task}) == month
    assert render("{{ task.budget | money }}", {"task": task}) == money
    assert render("{{ task.km | number }}", {"task": task}) == number


def test_a_language_the_template_names_wins_and_no_task_is_english() -> None:
    task = {"lang": "es", "month": Month(year=2026, month=9)}
    assert render("{{ task.month | month(lang='en') }}", {"task": task}) == "September 2026"
    assert render("{{ m | month }}", {"m": Month(year=2026, month=9)}) == "September 2026"
