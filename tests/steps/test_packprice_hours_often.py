"""A price per a period whose sentence says the hours a shorter period holds is put on an
hour by them: a cleaner's "4 horas semanales 220 €/mes" is ~17,4 hours a month (~12,65 €
an hour against a budget per hour), where it was once kept unchecked as a price per month;
a tutor's "2 h/semana por 90 € al mes" likewise. Hours a longer period holds say nothing of
a shorter one's price."""

from __future__ import annotations

import pytest

from scout.steps.packprice import period_hours


@pytest.mark.parametrize("text,per,hours", [
    ("4 horas semanales 220 €/mes", "month", 17.39),
    ("4 hours a week, £260 a month", "month", 17.39),
    ("Clases de inglés: 2 h/semana por 90 € al mes", "month", 8.7),
    ("3 horas al día, 300 € a la semana", "week", 21.0),
    ("80 € al mes por 4 clases de 1,5 horas", "month", 6.0),     # classes first
    ("£120 a month for 10 hours", "month", 10),                  # a pack's count first
])
def test_hours_said_per_a_shorter_period(text, per, hours):
    assert period_hours(text, "hour", per) == pytest.approx(hours, abs=0.01)


@pytest.mark.parametrize("text,per", [
    ("10 horas al mes por 120 € a la semana", "week"),   # a month's hours, a week's price
    ("60 € al mes", "month"),
    ("4 horas semanales", "month"),                       # no amount in the sentence
])
def test_no_hours_for_the_price(text, per):
    assert period_hours(text, "hour", per) is None
