"""An off-peak rate beside the rate of the rest of the day is no price of the page
(scout/task/offpeak.py): whoever asks pays the day's rate unless they come in the window.
Found writing the EV charging kind (examples/evcharging): "Valle 0,39 €/kWh de 0 a 8 h,
0,55 €/kWh el resto del día" was priced at 0,39 €/kWh, under a cap of 0,45 €/kWh."""

from __future__ import annotations

import pytest

from scout.steps.listprice import find_price
from scout.task.amounts import listed_amounts


@pytest.mark.parametrize("text, amount, per", [
    ("Zunder: Valle 0,39 €/kWh de 0 a 8 h, 0,55 €/kWh el resto del día.", 0.55, "kWh"),
    ("0,29 €/kWh en horario valle y 0,45 €/kWh en punta", 0.45, "kWh"),
    ("Octopus Go: off-peak 9p/kWh from 00:30 to 04:30, 27p/kWh at other times", 0.27, "kWh"),
    ("Night rate 12p/kWh, day rate 30p/kWh", 0.3, "kWh"),
    ("Aparcamiento Centro: 2 €/hora; tarifa nocturna 1 €/hora", 2, "hour"),
    ("Car park: £3 per hour, £1 per hour overnight", 3, "hour"),
])
def test_the_days_rate_is_the_price(text, amount, per) -> None:
    found = find_price(text)
    assert found is not None and (found.amount, found.per) == (amount, per)


@pytest.mark.parametrize("text, amounts", [
    # an off-peak rate alone is the page's price
    ("Tarifa nocturna 1 €/hora", [1]),
    ("Supervalle: 0,12 €/kWh", [0.12]),
    # a place's name or a stay's night is no off-peak rate
    ("Hotel Valle del Jerte: 90 € la noche, suite 150 € la noche", [90, 150]),
    # time-of-day prices with no off-peak label are left as they were (a court's hours)
    ("Pista 10 €/hora de 9 a 17 h, 14 €/hora de 17 a 23 h", [10, 14]),
    # another unit beside it: a rate per kWh at night beside a fee a month stays
    ("Off-peak 0,10 €/kWh, cuota 5 €/mes", [5]),
])
def test_other_pages_keep_their_amounts(text, amounts) -> None:
    assert [m.amount for m, _ in listed_amounts(text)] == amounts
