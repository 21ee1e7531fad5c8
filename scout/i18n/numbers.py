"""Numbers as the reader's language writes them, with Babel's CLDR data.

:func:`format_number` (``1,234.5`` / ``1234,5``), an amount in a currency
(:func:`format_money_parts`), a rating, a length of time, a data size and a cost in
dollars as the console writes it (:func:`console_usd`). English keeps
the ISO currency code after the amount (``200 EUR``), as scout's English reports always
wrote it; other languages use their CLDR currency pattern (``200 €``). Money values, dates
and the rest of a Task's values are :mod:`scout.i18n.values`'.
"""

from __future__ import annotations

import math
import re
from decimal import Context, Decimal, localcontext
from typing import Any

from scout.i18n import lang_of

_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2009": " "})


#: the precision Babel rounds in: every digit of a float (1e308 has 309) or of an int JSON
#: reads (up to Python's 4,300), where the default 28 made ``quantize`` raise
#: InvalidOperation on any figure of 29 digits or more — a listing's price of 1e30 or a
#: view count of 10**30 crashed the report
WIDE = Context(prec=4400)


def plain_spaces(text: str) -> str:
    # CLDR puts no-break and thin spaces in "200 €" and "3 – 7": plain spaces read the
    # same in Markdown, and a reader searching for "200 €" finds it
    return text.translate(_SPACES)


def _rounded(value: Any, digits: int) -> Decimal:
    # Python's own rounding first, so every language shows the same digits English did
    return Decimal(f"{float(value):.{max(digits, 0)}f}")


def _fraction(digits: int) -> str:
    return "." + "0" * digits if digits > 0 else ""


def format_number(value: Any, lang: str = "en", digits: int | None = None) -> str:
    """1234.5 → '1,234.5' (en), '1234,5' (es); ``digits`` fixes the decimals."""
    if value is None:
        return "—"
    from babel.numbers import format_decimal

    with localcontext(WIDE):
        if digits is None:
            return plain_spaces(format_decimal(value, locale=lang_of(lang)))
        return plain_spaces(format_decimal(_rounded(value, digits),
                                           format="#,##0" + _fraction(digits),
                                           locale=lang_of(lang)))


def format_money_parts(amount: Any, currency: str, lang: str = "en", digits: int = 0) -> str:
    """200, 'EUR' → '200 EUR' (en), '200 €' (es)."""
    from babel.numbers import format_currency

    lang = lang_of(lang)
    if lang == "en":
        pattern = "#,##0" + _fraction(digits) + " ¤¤"
    else:
        from babel import Locale

        standard = Locale.parse(lang).currency_formats["standard"].pattern.split(";")[0]
        pattern = re.sub(r"0\.0+", "0" + _fraction(digits), standard)
    try:
        with localcontext(WIDE):
            return plain_spaces(format_currency(_rounded(amount, digits), currency,
                                                format=pattern, currency_digits=False,
                                                locale=lang))
    except Exception:  # an unknown currency code from the web: say it plainly
        return f"{format_number(amount, lang, digits)} {currency}"


def format_rating(value: Any, lang: str = "en", scale: int = 10) -> str:
    """8.25 → '8.2/10' (en), '8,2/10' (es); on a scale of 100, as critics score, whole
    points unless the score has a fraction: 9.3 → '93/100', 9.25 → '92.5/100'."""
    if value is None:
        return "—"
    try:
        shown = float(value) * scale / 10
    except (TypeError, ValueError):  # a record's own text ("n/a", "4 stars"): as it is
        return str(value)
    if math.isnan(shown):
        return "—"
    digits = 0 if scale >= 100 and round(shown, 1).is_integer() else 1
    return f"{format_number(shown, lang, digits)}/{scale}"


# the calendar's units, largest first, as scout.task.durations counts them (a year is
# 365.25 days, a month a twelfth of it): (seconds, ((en one, en many), (es one, es many)))
_CALENDAR = ((31557600, (("year", "years"), ("año", "años"))),
             (2629800, (("month", "months"), ("mes", "meses"))),
             (604800, (("week", "weeks"), ("semana", "semanas"))),
             (86400, (("day", "days"), ("día", "días"))))


def format_duration(seconds: Any, lang: str = "en") -> str:
    """A length of time as people write it: 912 → '15 min 12 s', 5400 → '1 h 30 min',
    1.5 → '1.5 s' ('1,5 s' in Spanish); the units read the same in English and Spanish,
    but for a whole number of the calendar's: 63115200 → '2 years' / '2 años', 1209600 →
    '2 weeks' / '2 semanas', a turnaround's 259200 → '3 days' / '3 días' (90000, no whole
    days, stays '25 h')."""
    if seconds is None:
        return "—"
    s = float(seconds)
    if not 0 <= s < math.inf:  # a provider's NaN, infinite or negative length: none
        return "—"
    for unit, words in _CALENDAR:  # a warranty's "2 years", a delivery's "2 weeks"
        if s >= unit and (s / unit).is_integer():
            n = int(s / unit)
            return f"{format_number(n, lang)} {words[lang == 'es'][n != 1]}"
    if s < 1:
        return f"{s * 1000:.0f} ms"
    if s < 60:
        return format_number(round(s, 1), lang) + " s"
    h, rest = divmod(int(round(s)), 3600)
    m, sec = divmod(rest, 60)
    parts = ([f"{h} h"] if h else []) + ([f"{m} min"] if m else []) + \
        ([f"{sec} s"] if sec and not h else [])
    return " ".join(parts)


def format_length(metres: Any, lang: str = "en", unit: str | None = None) -> str:
    """A length in metres as a listing states it: 300 → '300 m', 1500 → '1.5 km' ('1,5 km'
    in Spanish), 15000 → '15 km', 0.5 → '0.5 m'. The symbols read the same in English and
    Spanish (CLDR's short forms). ``unit``: the one the request wrote lengths in, when
    miles or feet ('mi', 'ft': scout.units.IMPERIAL): the value in that system, a mile or
    more in miles, less in feet, with the metric one in brackets: 8046.72 → '5 mi (8.05
    km)', 304.8 → '1,000 ft (304.8 m)' (scout keeps and compares metres)."""
    v = float(metres)
    if not 0 <= v < math.inf:  # a provider's NaN or negative length: none
        return "—"
    metric = (f"{format_number(round(v / 1000, 2), lang)} km" if v >= 1000 else
              f"{format_number(round(v, 1), lang)} m")
    if unit not in ("mi", "ft"):
        return metric
    miles = v / 1609.344
    said = (f"{format_number(round(miles, 2), lang)} mi" if miles >= 1 else
            f"{format_number(round(v / 0.3048), lang)} ft")
    return f"{said} ({metric})"


def format_weight(kilograms: Any, lang: str = "en", unit: str | None = None) -> str:
    """A weight in kilograms: 1.36 → '1.36 kg' ('1,36 kg' in Spanish). ``unit``: the one
    the request wrote weights in, when pounds or ounces ('lb', 'oz'): a pound or more in
    pounds, less in ounces, the kilograms in brackets: 1.361 → '3 lb (1.36 kg)'."""
    v = float(kilograms)
    if not 0 <= v < math.inf:  # NaN or negative: none
        return "—"
    metric = f"{format_number(round(v, 2), lang)} kg"
    if unit not in ("lb", "oz"):
        return metric
    pounds = v / 0.45359237
    said = (f"{format_number(round(pounds, 2), lang)} lb" if pounds >= 1 else
            f"{format_number(round(pounds * 16, 1), lang)} oz")
    return f"{said} ({metric})"


def format_volume(cubic_metres: Any, lang: str = "en", unit: str | None = None) -> str:
    """A volume in cubic metres: 10 → '10 m³', 2.5 → '2,5 m³' in Spanish; under one cubic
    metre in litres, as a locker or a fridge states it (0.3 → '300 l'). ``unit``: 'ft3' when
    the request wrote volumes in cubic feet (scout.units.IMPERIAL): that first, the cubic
    metres in brackets: 1.416 → '50 ft³ (1.42 m³)' (scout keeps and compares m³)."""
    v = float(cubic_metres)
    if not 0 <= v < math.inf:  # NaN or negative: none
        return "—"
    metric = (f"{format_number(round(v * 1000, 1), lang)} l" if 0 < v < 1 else
              f"{format_number(round(v, 2), lang)} m³")
    if unit != "ft3":
        return metric
    return f"{format_number(round(v / 0.028316846592, 1), lang)} ft³ ({metric})"


def format_data_size(gigabytes: Any, lang: str = "en") -> str:
    """A data size in gigabytes as products state it: 16 → '16 GB', 1000 → '1 TB', 1500 →
    '1.5 TB' ('1,5 TB' in Spanish), 0.5 → '512 MB'... in decimal units (1 TB = 1,000 GB)."""
    v = float(gigabytes)
    if v >= 1000 and round(v / 1000, 1) * 1000 == round(v, 6):
        return f"{format_number(round(v / 1000, 1), lang)} TB"
    if 0 < v < 1:
        return f"{format_number(round(v * 1000, 1), lang)} MB"
    return f"{format_number(round(v, 2), lang)} GB"


def usd_number(value: float, lang: str) -> str:
    """A cost in dollars as the console's ``${usd}`` msgids take it: the number to four
    places in ``lang``'s digits ("0.0080", "0,0080"); the msgid puts the sign ("$0.0080",
    "0,0080 US$"). A Spanish line read "0.0080 US$": the decimal point of another locale."""
    return format_number(value, lang, 4)


def console_usd(value: float, lang: str) -> str:
    """A cost in dollars on its own in a console line: "$0.0080" (en), "0,0080 US$" (es)."""
    from scout.i18n import translations

    return translations(lang_of(lang)).pgettext("console", "${usd}").format(
        usd=usd_number(value, lang))
