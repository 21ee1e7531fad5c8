"""Numbers, money, ratings and dates written the way the request's language writes them.

The synthesis writes its own sentences ("X is the cheapest option: 135 €/noche"), so it
formats values with Babel's CLDR data for the request's language: decimal separators,
currency symbols and their position, month names. Whole amounts drop their decimals
("180 €", not "180,00 €"); a rating keeps one decimal ("9,0/10"). Units of a price
("night", "person") are translated through the message catalog when it knows them.
"""

from __future__ import annotations

import datetime as dt
import functools
import gettext
import re
from decimal import localcontext
from typing import Any

from babel.dates import format_date, format_skeleton, get_month_names
from babel.numbers import format_decimal

from scout.i18n.values import EACH_WORDS, tax_words, unit_word
from scout.adapters.text import fold
from scout.schemas.task import Money
from scout.units import TOTAL

#: the CLDR locale each request language is written in
LOCALES = {"en": "en", "es": "es_ES"}


class Formatter:
    """Formatting for one language; ``tr`` is that language's gettext catalog,
    ``rating_scale`` the scale the kind's ratings are shown on (its rating input's)."""

    def __init__(self, lang: str, tr: gettext.NullTranslations,
                 rating_scale: int = 10) -> None:
        self.lang = lang if lang in LOCALES else "en"
        self.locale = LOCALES[self.lang]
        self.tr = tr
        self.rating_scale = rating_scale

    def number(self, value: float, digits: int = 0) -> str:
        from scout.i18n.numbers import WIDE

        pattern = "#,##0" + ("." + "0" * digits if digits else "")
        with localcontext(WIDE):
            return format_decimal(value, format=pattern, locale=self.locale)

    def amount(self, amount: float, currency: str) -> str:
        # the same spelling as the report's own tables ("135 EUR" in English, "135 €" in
        # Spanish), so one price never reads two ways on one page
        from scout.i18n.numbers import format_money_parts
        from scout.i18n.values import money_digits

        return format_money_parts(amount, currency, self.lang, money_digits(amount))

    def money(self, money: Money | None, free: bool = True) -> str:
        """An amount with what it is for and its unit and tax basis ("0,15 €/kWh IVA
        incluido", "75 €/persona/media jornada"), a listing's range with both ends
        ("28-34 €/mes"); ``free``: a
        price of nothing as the word (a limit of 0 stays an amount)."""
        if money is None:
            return ""
        from scout.i18n.values import is_free

        if free and is_free(money):  # "the cheapest option: free", not "0 €"
            return self.tr.pgettext("price", "free")
        text = self.amount(money.amount, money.currency)
        if money.max is not None and money.max > money.amount:
            # a listing's range, both ends as the report's tables write it: "28-34 €/mes"
            from scout.i18n.numbers import format_money_parts, format_number
            from scout.i18n.values import money_digits

            digits = money_digits(money.amount, money.max)
            text = format_number(money.amount, self.lang, digits) + "-" + format_money_parts(
                money.max, money.currency, self.lang, digits)
        each = EACH_WORDS.get(money.each or "")
        if each:  # one head's or seat's, as the report's tables write it: "75 €/persona/día"
            text += "/" + self.tr.gettext(each)
        if money.per == TOTAL:  # for the whole of the dates asked, as the report writes it
            text += " " + self.tr.gettext("in total")
        elif money.per:
            text += "/" + unit_word(money.per, self.tr)
        return text + tax_words(money, self.tr)

    def rating(self, value: float) -> str:
        # as the report's tables write it (format_rating): '9,0/10', '93/100', '4,5/5'
        from scout.i18n.numbers import format_rating

        return format_rating(value, self.lang, self.rating_scale)

    def date(self, value: dt.date) -> str:
        return format_date(value, format="long", locale=self.locale)

    def month(self, year: int, month: int) -> str:
        return format_skeleton("yMMMM", dt.date(year, month, 1), locale=self.locale)

    def period(self, value: Any) -> str:
        """A Task's month, date range or day (as dumped to JSON) in words; '' when none.
        A ``date`` input holds one day as an ISO string ("next Friday": a train's, a
        play's), which the caveat names as it names a month."""
        if isinstance(value, str):
            day = parse_date(value)
            return self.date(day) if day is not None else ""
        if isinstance(value, dict):
            if "year" in value and "month" in value:
                try:
                    return self.month(int(value["year"]), int(value["month"]))
                except (TypeError, ValueError):
                    return ""
            if "start" in value and "end" in value:
                start, end = parse_date(value["start"]), parse_date(value["end"])
                if start and end:  # as the report's tables and notes write a range
                    from scout.i18n.values import format_range

                    return format_range(start, end, self.lang)
        return ""


def parse_date(value: Any) -> dt.date | None:
    """The date at the start of an ISO 8601 string (``2026-10-01``, ``2026-10-01T08:00Z``)."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if not isinstance(value, str) or len(value) < 10:
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


@functools.lru_cache(maxsize=1)
def _month_numbers() -> dict[str, int]:
    """Month names and abbreviations of both languages (CLDR), folded: 'oct' → 10."""
    out: dict[str, int] = {}
    for locale in LOCALES.values():
        for width in ("wide", "abbreviated"):
            for number, name in get_month_names(width, locale=locale).items():
                out.setdefault(fold(name).rstrip("."), number)
    return out


_UNITS = {"minute": 0, "minuto": 0, "hour": 0, "hora": 0, "day": 1, "dia": 1, "week": 7,
          "semana": 7, "month": 30, "mes": 30, "year": 365, "ano": 365}
_AGO = re.compile(r"^(\d+)\s+([a-z]+?)(?:s|es)?\s+ago$|^hace\s+(\d+)\s+([a-z]+?)(?:s|es)?$")
_DMY = re.compile(r"^(\d{1,2})(?:\s+de)?\s+([a-z]+)\.?,?(?:\s+de)?\s+(\d{4})$")
_MDY = re.compile(r"^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$")


def parse_published(value: Any, reference: dt.date | None = None) -> dt.date | None:
    """A published date as providers write it: ISO 8601, "Oct 1, 2026", "1 de octubre de
    2026", or relative to ``reference`` (the retrieval date): "3 days ago", "hace 2 meses"."""
    iso = parse_date(value)
    if iso is not None or not isinstance(value, str):
        return iso
    text = " ".join(fold(value).replace(",", " ").split()).strip()
    if (m := _AGO.match(text)) and reference is not None:
        count, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        days = _UNITS.get(unit)
        return reference - dt.timedelta(days=int(count) * days) if days is not None else None
    day = month = year = None
    if m := _DMY.match(text):
        day, month, year = m.group(1), m.group(2), m.group(3)
    elif m := _MDY.match(text):
        month, day, year = m.group(1), m.group(2), m.group(3)
    number = _month_numbers().get(month or "")
    if number is None:
        return None
    try:
        return dt.date(int(year or 0), number, int(day or 0))
    except ValueError:
        return None
