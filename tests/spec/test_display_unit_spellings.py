"""The ``value`` filter's ``units`` read by the spellings the request parser reads
("miles", "millas", "lbs", "sq ft", "kms"), not only the display's codes
(scout.units.display_unit): a length asked in miles is shown in miles."""

from __future__ import annotations

import pytest

from scout.spec.filters import value
from scout.units import display_unit


@pytest.mark.parametrize("kind, unit, shown", [
    ("length", "miles", "mi"), ("length", "Millas", "mi"), ("length", "mi.", "mi"),
    ("length", "feet", "ft"), ("length", "pies", "ft"), ("length", "kms", "km"),
    ("length", "mts", "m"), ("weight", "lbs", "lb"), ("weight", "libras", "lb"),
    ("weight", "ounces", "oz"), ("volume", "cubic feet", "ft3"), ("area", "sq ft", "ft2"),
    ("area", "pies cuadrados", "ft2"),
    # another type's unit, or a word of none, is kept as given
    ("length", "lbs", "lbs"), ("weight", "hrs", "hrs"), ("length", "parsecs", "parsecs"),
])
def test_display_unit(kind: str, unit: str, shown: str) -> None:
    assert display_unit(kind, unit) == shown


@pytest.mark.parametrize("v, kind, units, lang, text", [
    (8046.72, "length", {"length": "miles"}, "en", "5 mi (8.05 km)"),
    (8046.72, "length", {"length": "millas"}, "es", "5 mi (8,05 km)"),
    (1.361, "weight", {"weight": "lbs"}, "en", "3 lb (1.36 kg)"),
    (46.5, "area", {"area": "square feet"}, "en", "500 ft² (46.5 m²)"),
    # a metric spelling: the metric display, on its own scale
    (5, "length", {"length": "kms"}, "en", "5 m"),
    (15000, "length", {"length": "kms"}, "es", "15 km"),
])
def test_value_reads_the_spelling(v: float, kind: str, units: dict[str, str], lang: str,
                                  text: str) -> None:
    assert value(v, kind, lang=lang, units=units) == text
