"""``stated`` reads a rate written in a currency's hundredth with the rate in the whole
currency asked (``stated('£/kWh')`` reads "59p/kWh" as 0.59, ``stated('€/kWh')`` "35
céntimos el kWh" as 0.35), as a request's "under 59p/kWh" is read; and a range said after
a rate's unit ends where a unit of its own follows it ("0,39 €/kWh de 0 a 8 h" is a
tariff's hours, never a price from 0 to 8). Found writing the EV charging kind
(examples/evcharging), whose off-peak rate read as 8 € per kWh and whose UK pages' pence
read as nothing."""

from __future__ import annotations

import pytest

from scout.spec.stated import stated


@pytest.mark.parametrize("text,units,pick,want", [
    ("Rapid hub: 59p/kWh, contactless", ("£/kWh",), "max", 0.59),
    ("unit rate 24.5p per kWh", ("£/kWh", "GBP/kWh"), "max", 0.245),
    ("Off-peak 45p/kWh from midnight to 7am, 79p/kWh otherwise", ("£/kWh",), "min", 0.45),
    ("Off-peak 45p/kWh from midnight to 7am, 79p/kWh otherwise", ("£/kWh",), "max", 0.79),
    ("la energía a 35 céntimos el kWh", ("€/kWh",), "max", 0.35),
    ("Tarifa nocturna: 19 cts/kWh", ("€/kWh", "EUR/kWh"), "max", 0.19),
    ("Supercharger: 45¢/kWh for non-owners", ("$/kWh",), "max", 0.45),
    ("traducción de audio a 90 céntimos/min", ("€/min",), "max", 0.9),
    ("cleaning from 12 pence per m2", ("£/m2",), "max", 0.12),
    # a rate stated whole and one in hundredths are read together
    ("£0.79/kWh pay as you go; 65p/kWh with the app", ("£/kWh",), "min", 0.65),
])
def test_a_rate_in_hundredths_is_read_in_the_whole_currency(text, units, pick, want) -> None:
    assert stated(text, *units, pick=pick) == pytest.approx(want)


@pytest.mark.parametrize("text,units", [
    ("1080p video, 60 kWh battery", ("£/kWh",)),        # a resolution, no rate
    ("59p/kWh", ("€/kWh",)),                              # pence are no euro's hundredth
    ("35 céntimos el kWh", ("£/kWh",)),
    ("a 4p meeting", ("£/kWh",)),
])
def test_a_hundredth_of_another_currency_or_no_rate_is_none(text, units) -> None:
    assert stated(text, *units) is None


@pytest.mark.parametrize("text,units,pick,want", [
    ("Valle 0,39 €/kWh de 0 a 8 h, 0,55 €/kWh el resto del día.", ("€/kWh",), "max", 0.55),
    ("Valle 0,39 €/kWh de 0 a 8 h, 0,55 €/kWh el resto del día.", ("€/kWh",), "min", 0.39),
    ("0,29 €/kWh de 0 a 8h", ("€/kWh",), "max", 0.29),
    ("off-peak £0.45/kWh from 0 to 7am", ("£/kWh",), "max", 0.45),
    ("Parking 2 €/h de 9 a 21 h", ("€/h",), "max", 2),
    ("tarifa 0,35 €/kWh entre 50 y 150 kW", ("€/kWh",), "max", 0.35),
    ("aparcamiento 12 €/día de 8:00 a 20:00", ("€/día",), "max", 12),
])
def test_a_range_after_a_unit_with_a_unit_of_its_own_is_not_the_units(text, units, pick,
                                                                       want) -> None:
    assert stated(text, *units, pick=pick) == pytest.approx(want)


@pytest.mark.parametrize("text,units,pick,want", [
    ("ages 6-12", ("ages",), "max", 12),                  # a range after its word still is one
    ("RAM: 8-16 GB", ("RAM",), "max", 16),
    ("precio: 40-60 €", ("precio",), "max", 60),
])
def test_a_range_after_its_word_is_still_read(text, units, pick, want) -> None:
    assert stated(text, *units, pick=pick) == want
