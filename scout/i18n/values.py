"""A Task value as the reader's language writes it: money with its unit, dates, months,
date ranges, and :func:`format_value`, which picks the way by the value's declared type.

Dates and intervals come from Babel's CLDR data (``September 15, 2026`` / ``15 de
septiembre de 2026``); numbers and amounts are :mod:`scout.i18n.numbers`'.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from typing import Any

from scout.i18n import N_, gettext_for, lang_of, translations
from scout.i18n.messages import localize
from scout.i18n.numbers import (
    format_data_size,
    format_length,
    format_volume,
    format_weight,
    format_duration,
    format_money_parts,
    format_number,
    format_rating,
    plain_spaces,
)


# what one amount is for, beside its period (Money.each): '30 EUR/user/month'
EACH_WORDS = {"user": N_("user"), "seat": N_("seat"), "licence": N_("licence"),
         "device": N_("device"), "unit": N_("unit"), "person": N_("person"),
         "pet": N_("pet")}


def format_money(value: Any, lang: str = "en", digits: int | None = None) -> str:
    """A Money value with its unit: '180 EUR/night' (en), '180 €/noche' (es), and what
    one amount is for when it says ('30 EUR/user/month', '30 €/usuario/mes'); a price
    stated as nothing ('free admission') is 'free' / 'gratis'. ``digits`` None: cents
    when an amount under 100 has them ('14,50 €', never '14 €' for a bottle a budget of
    14 € does not buy); from 100 on, whole units, where cents change little and a
    converted amount (a weekly rent as a monthly one) has none to state. Its tax basis
    when said: '4.600 € sin impuestos', '5,490 EUR incl. tax' (:func:`tax_words`). A
    range, a request's (``min``) or a listing's (``max``), shows both ends: '28-34 €/mes'."""
    if value is None:
        return "—"
    amount, currency = getattr(value, "amount", None), getattr(value, "currency", None)
    if amount is None or not currency:
        return str(value)
    if is_free(value):
        return translations(lang_of(lang)).pgettext("price", "free")
    if digits is None:
        digits = money_digits(amount, getattr(value, "min", None), getattr(value, "max", None))
    text = format_money_parts(amount, currency, lang, digits)
    low = getattr(value, "min", None)
    if low is not None:  # a range: '80-120 EUR' (en), '80-120 €' (es)
        low_text = format_number(low, lang, digits)
        text = low_text + "-" + text
    top = getattr(value, "max", None)
    if top is not None and top > amount:  # a listing's range, from its amount: '28-34 EUR/month'
        text = format_number(amount, lang, digits) + "-" + format_money_parts(
            top, currency, lang, digits)
    each = EACH_WORDS.get(getattr(value, "each", None) or "")
    per = getattr(value, "per", None)
    if each == "unit" and per == "item":
        each = ""  # one unit's price per item is said once: "120 €/unidad", never twice
    if each:
        text = f"{text}/{localize(each, lang)}"
    if per == "total":  # scout.units.TOTAL (below i18n): "600 € en total", not "/total"
        text = f"{text} {localize('in total', lang)}"
    elif per:
        # the catalog's "price unit" words, as the synthesis writes them: "hour" or "word"
        # has other senses (and plain msgids) of its own
        text = f"{text}/{unit_word(per, translations(lang_of(lang)))}"
    return text + tax_words(value, translations(lang_of(lang)))


#: how a measure a rate is per (scout.units.MEASURE_UNITS) is written after the amount in
#: English, its msgid in the catalog's "price unit" words: "35 EUR/m³", "2.50 GBP/mile"
MEASURE_WORDS = {"m2": "m²", "m3": "m³", "mi": "mile", "kg": "kg", "lb": "lb", "l": "l",
                 "gal": "gal"}


def unit_word(per: str, tr: Any) -> str:
    """``per`` as an amount's unit is written after it: the catalog's "price unit" word
    ("noche", "palabra", "milla"), a measure as its sign ("m³")."""
    return str(tr.pgettext("price unit", MEASURE_WORDS.get(per, per)))


def artifact_word(name: str, tr: Any) -> str:
    """An artifact's name in the reader's words, as the default report's section headings
    say it ("candidates" is "candidatos"); one the catalog does not know, as the pipeline
    writes it."""
    said = str(tr.gettext(name.replace("_", " ")))
    return name if said == name.replace("_", " ") else said


def tax_words(value: Any, tr: Any) -> str:
    """The tax basis a Money value was said on, after it: " sin impuestos" / " excl. tax",
    " impuestos incluidos" / " incl. tax"; "" when it was not said (Money.tax)."""
    tax = getattr(value, "tax", None)
    if tax not in ("included", "excluded"):
        return ""
    return " " + (tr.pgettext("price", "excl. tax") if tax == "excluded"
                  else tr.pgettext("price", "incl. tax"))


def money_digits(*amounts: Any) -> int:
    """The decimals an amount is written with, wherever the report writes it (its tables,
    the synthesis's sentences): cents under 100 when it has them, whole units from 100
    on (a converted 1,017.59 EUR is written 1,018 EUR, as approximate as it is). A rate
    under one unit keeps the decimals it is priced to, up to four: an energy tariff's
    0,129 €/kWh is no 0,13 €, and 24.5p as pounds is 0.245 GBP; so does one under ten
    priced to a tenth of a cent, as fuel is (1,459 €/l is no 1,46 €/l, which a cap of
    1,46 € would let through, and 139.9p a litre is 1.399 GBP)."""
    said = [float(a) for a in amounts if a is not None]
    whole = all(a >= 100 or abs(a - round(a)) < 0.005 for a in said)
    if whole:
        return 0
    return max([2, *(next(d for d in (2, 3, 4) if d == 4 or abs(a - round(a, d)) < 1e-9)
                     for a in said if 0 < a < 1),
                *(3 for a in said if 1 <= a < 10 and abs(a - round(a, 3)) < 1e-9
                  and abs(a - round(a, 2)) >= 1e-9)])


def is_free(value: Any) -> bool:
    """Whether ``value`` is a price stated as nothing (a free listing's 0, comparator
    "="): a cap of 0 ("<=") or a range is not."""
    return (getattr(value, "amount", None) == 0 and getattr(value, "comparator", None) == "="
            and getattr(value, "min", None) is None)


def format_date(value: Any, lang: str = "en", form: str = "long") -> str:
    """A date: 'September 15, 2026' (en), '15 de septiembre de 2026' (es)."""
    if value is None:
        return "—"
    if isinstance(value, str):
        try:
            value = dt.date.fromisoformat(value[:10])
        except ValueError:
            return value
    from babel.dates import format_date as babel_date

    if isinstance(value, dt.datetime):
        value = value.date()
    return plain_spaces(babel_date(value, form, locale=lang_of(lang)))


def _iso_day(text: str) -> dt.date | None:
    """The day an ISO string starts with ("2027-09-01"), None when it names none."""
    try:
        return dt.date.fromisoformat(text[:10])
    except ValueError:
        return None


def format_month(value: Any, lang: str = "en") -> str:
    """A Month (or date): 'September 2026' (en), 'septiembre de 2026' (es). A `month`
    input may hold a date range ("curso 2027-28", "del 3 al 7 de junio"): written as the
    report writes one (:func:`format_range`), never as its ISO ends."""
    if value is None:
        return "—"
    ends = [value.get(k) for k in ("start", "end")] if isinstance(value, dict) else \
        [getattr(value, k, None) for k in ("start", "end")]
    start, end = (_iso_day(e) if isinstance(e, str) else e for e in ends)
    if isinstance(start, dt.date) and isinstance(end, dt.date):
        return format_range(start, end, lang)
    year, month = getattr(value, "year", None), getattr(value, "month", None)
    if not isinstance(year, int) or not isinstance(month, int):
        return str(value)
    from babel.dates import format_skeleton

    return plain_spaces(format_skeleton("yMMMM", dt.date(year, month, 1), locale=lang_of(lang)))


def format_range(start: dt.date, end: dt.date, lang: str = "en") -> str:
    """A date range, the one way the report, its notes and the synthesis write one: as a
    single date does (month in full), shared parts said once, by CLDR's interval
    patterns: 'December 5 – 6, 2026', '5–6 de diciembre de 2026', '28 de noviembre – 3
    de diciembre de 2026'. CLDR gives English no month-in-full interval, so its
    abbreviated one is widened (the width adjustment TR 35 describes); Babel's own
    fallback would abbreviate the month, which a single date never does."""
    if start == end:
        return format_date(start, lang)
    # a bound ("closing after 15 January", "published before 1 December"): one end only
    if end == dt.date.max:
        return gettext_for(lang)("from %(day)s") % {"day": format_date(start, lang)}
    if start == dt.date.min:
        return gettext_for(lang)("until %(day)s") % {"day": format_date(end, lang)}
    if end < start:
        start, end = end, start
    from babel import Locale
    from babel.dates import parse_pattern

    locale = Locale.parse(lang_of(lang))
    formats = locale.interval_formats
    wide = "yMMMMd" in formats
    pieces = formats["yMMMMd" if wide else "yMMMd"]
    field = "y" if start.year != end.year else "M" if start.month != end.month else "d"
    text = "".join(
        parse_pattern(pattern if wide else _MMM.sub("MMMM", pattern)).apply(day, locale)
        for pattern, day in zip(pieces[field], (start, end)))
    return plain_spaces(text)


_MMM = re.compile(r"(?<![M'])MMM(?!M)")


# one square foot in square metres (scout.units.SQ_FT_IN_M2: i18n sits beside units, below
# neither, so the exact figure is written here as the other units' are in numbers.py)
SQ_FT_IN_M2 = 0.09290304


def _square_feet(m2: float) -> int:
    """The whole square feet an area kept in m² to one decimal was asked in: of the counts
    that round to it, the roundest (46.5 m² is 500 sq ft, not the 501 its division gives)."""
    raw = m2 / SQ_FT_IN_M2
    fits = [n for n in range(max(1, int(raw) - 3), int(raw) + 4)
            if round(n * SQ_FT_IN_M2, 1) == round(m2, 1)]
    if not fits:
        return round(raw)

    def zeros(n: int) -> int:
        return len(str(n)) - len(str(n).rstrip("0"))
    return max(fits, key=lambda n: (zeros(n), -abs(n - raw)))


def format_value(value: Any, type_name: str = "", lang: str = "en",
                 rating_scale: int = 10, units: Mapping[str, str] | None = None) -> str:
    """A Task value as the reader's language writes it, by its declared type; a rating on
    ``rating_scale`` (its input's declared scale: '90/100', '4,5/5', '9,0/10'); a length,
    a weight, an area or a volume in the unit the request wrote its type in (``units``:
    Task.shown_units, '5 mi (8.05 km)', '50 ft² (4.6 m²)', '50 ft³ (1.42 m³)')."""
    if value is None or value == "":
        return "—"
    if type_name == "money" or (hasattr(value, "currency") and hasattr(value, "amount")):
        return format_money(value, lang)
    if type_name == "rating":
        return format_rating(value, lang, rating_scale)
    if type_name == "area" and isinstance(value, (int, float)):
        metric = f"{format_number(value, lang, 0 if float(value).is_integer() else 1)} m²"
        if (units or {}).get("area") != "ft2":
            return metric
        # asked in square feet ("50 sq ft"): in them first, as a length in miles is
        return f"{format_number(_square_feet(float(value)), lang)} ft² ({metric})"
    if type_name == "data_size" and isinstance(value, (int, float)):
        return format_data_size(value, lang)
    if type_name == "weight" and isinstance(value, (int, float)):
        return format_weight(value, lang, (units or {}).get("weight"))
    if type_name == "length" and isinstance(value, (int, float)):
        return format_length(value, lang, (units or {}).get("length"))
    if type_name == "volume" and isinstance(value, (int, float)):
        return format_volume(value, lang, (units or {}).get("volume"))
    if type_name == "year" and isinstance(value, int) and not isinstance(value, bool):
        return str(value)  # a year is a name, not a quantity: never '2,019' or '2.019'
    if type_name == "duration" and isinstance(value, (int, float)):
        return format_duration(value, lang)
    start, end = getattr(value, "start", None), getattr(value, "end", None)
    if isinstance(start, dt.date) and isinstance(end, dt.date):
        return format_range(start, end, lang)
    if type_name == "month" or (hasattr(value, "year") and hasattr(value, "month")
                                and not isinstance(value, dt.date)):
        return format_month(value, lang)
    if isinstance(value, dt.date):
        return format_date(value, lang)
    if isinstance(value, bool):
        return gettext_for(lang)("yes" if value else "no")
    if isinstance(value, (int, float)):
        return format_number(value, lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(format_value(v, "", lang) for v in value)
    return str(value)
