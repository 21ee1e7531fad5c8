"""Hours a page prices at a rate of their own are no pack another amount buys
(scout.steps.packprice): "kit de embrague 280 €, mano de obra 5 horas a 40 €/h" is a kit's
price beside labour at 40 € an hour, never a 5-hour pack at 56 € an hour; a pack still is
one ("Bono de 10 horas por 300 €")."""

from __future__ import annotations

import pytest

from scout.steps.packprice import pack_count


@pytest.mark.parametrize("text, unit", [
    ("Cambio de embrague Golf: kit de embrague 280 €, mano de obra 5 horas a 40 €/h.", "hour"),
    ("Clutch kit £240, labour 4 hours at £85 per hour.", "hour"),
    ("Distribución 190 € en piezas y 3 horas a 45 € la hora.", "hour"),
    ("Fitting $120, plus 2 hours @ $95/hr of diagnostics.", "hour"),
    ("Maquetación 150 €, 10 páginas a 12 € la página.", "page"),
    ("Subtitles $60 set-up, 30 minutes at $2 per minute.", "minute"),
])
def test_hours_priced_at_their_own_rate_are_no_pack(text: str, unit: str) -> None:
    assert pack_count(text, unit) is None


@pytest.mark.parametrize("text, unit, count", [
    ("Bono de 10 horas por 300 €.", "hour", 10),
    ("Pack of 10 hours: £250", "hour", 10),
    ("Bono 10 horas a 300 €", "hour", 10),       # the pack's own price, no rate per hour
    ("20 páginas por 400 €", "page", 20),
    ("5 hours of tutoring for £150 in total", "hour", 5),
])
def test_a_pack_is_still_a_pack(text: str, unit: str, count: int) -> None:
    assert pack_count(text, unit) == count
