"""Task values written for people in the request's language (for the Task notes).

Months and date ranges are formatted by Babel from CLDR patterns ("septiembre de 2026",
"3–7 de junio de 2027": a range as the report writes it, :func:`scout.i18n.values.format_range`), money and decimal numbers as the language writes them ("200 €",
"1.200 €/mes" with its unit, "8,5"); whole numbers are written without grouping (a year
or a count reads the same in both languages); a boolean is "yes" / "sí" (not Python's
``True``); everything else is its ``str()``. Babel is imported on use.

The input's type, when given, says what a bare number is, and it is written as the
report's value display writes that type (:func:`scout.i18n.values.format_value`): an area with
its unit and no ".0" ("60 m²", not "60,0"), a rating on its scale ("8,0/10": read from
"4 estrellas", a bare "8,0" hides the scale it was converted to), a duration in hours and
minutes, a number with no ".0" ("3", not "3.0").
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from scout.i18n import translations
from scout.i18n.numbers import format_number
from scout.i18n.values import format_money, format_range, format_value, money_digits
from scout.schemas.task import DateRange, Money, Month


def display(value: Any, lang: str, type_name: str = "", rating_scale: int = 10,
            unit: str | None = None) -> str:
    """``value`` for the notes; ``unit``: the one the request wrote a length, a weight, an
    area or a volume in ("mi": '5 mi (8.05 km)', as the report shows it)."""
    if value is not None and type_name in ("area", "data_size", "weight", "length", "volume",
                                           "rating", "duration") and \
            isinstance(value, (int, float)) and not isinstance(value, bool):
        return format_value(value, type_name, lang, rating_scale,
                            {type_name: unit} if unit else None)
    if type_name == "number" and isinstance(value, float):
        return format_number(value, lang)  # 3.0 → "3", 2.5 → "2,5"
    if isinstance(value, (list, tuple)):  # a list input: its items, not a Python repr
        return ", ".join(display(v, lang) for v in value)
    if isinstance(value, bool):
        return translations(lang).gettext("yes" if value else "no")
    if isinstance(value, Money):  # with its unit: "1,500 EUR/month", "1.500 €/mes"
        # cents, and a rate under one unit to its decimals ("0.245 GBP/kWh", not 0.24)
        return format_money(value, lang, 0 if float(value.amount).is_integer()
                            else max(2, money_digits(value.amount)))
    try:
        from babel.dates import format_date, format_skeleton

        if isinstance(value, Month):
            return format_skeleton("yMMMM", dt.date(value.year, value.month, 1), locale=lang)
        if isinstance(value, DateRange):  # as the report writes it: one style per language
            return format_range(value.start, value.end, lang)
        if isinstance(value, dt.date):
            return format_date(value, "long", locale=lang)
        if isinstance(value, float) and not value.is_integer():
            return format_number(value, lang)
        if isinstance(value, float):
            return format_number(value, lang, 1)  # a rating read as 8 is 8.0 / 8,0
    except (ImportError, ValueError, LookupError):
        pass
    return str(value)
