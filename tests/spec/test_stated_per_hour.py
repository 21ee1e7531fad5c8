"""A rate per hour read however a page spells the hour (scout.units.UNIT_SPELLINGS):
``stated('€/h', '£/h', '$/h')`` reads "45 €/hora", "£85 per hour", "40 € la hora",
"$95/hr", as ``stated('€/Wp')`` reads "£1.60 per watt"; a price that is no rate is none."""

from __future__ import annotations

import pytest

from scout.spec.stated import stated

HOURLY = ("€/h", "£/h", "$/h")


@pytest.mark.parametrize("text, rate", [
    ("Mano de obra 45 €/hora, IVA incluido", 45),
    ("Labour £85 per hour + VAT", 85),
    ("mano de obra: 40 € la hora", 40),
    ("Diagnostics $95/hr", 95),
    ("Mano de obra 38 €/h", 38),
    ("Limpieza por horas: 14 € por hora", 14),
    ("Court hire £12 an hour", 12),
    ("Tutoring 25 € / hora", 25),
])
def test_an_hour_in_any_spelling(text: str, rate: float) -> None:
    assert stated(text, *HOURLY) == rate


@pytest.mark.parametrize("text", [
    "Cambio de aceite y filtros desde 89 €",
    "MOT £54.85, 1 hour wait",
    "Hora de pista 12 €",
    "0,15 €/kWh",
])
def test_no_rate_per_hour(text: str) -> None:
    assert stated(text, *HOURLY) is None
