"""Coerce a value written by a person into the declared input type.

Used for pipeline defaults, Mission ``inputs:`` and ``--set key=value``: the value is
already isolated, so this is strict (the free-text query parser lives in
``scout.task.parser``). Every function raises ``ValueError`` with a message a user can
act on; callers attach the location.
"""

from __future__ import annotations

import datetime as dt
import functools
import importlib
import math
import re
from typing import Any, Callable

from pydantic import ValidationError

from scout.schemas.task import DateRange, Money, Month
from scout.text import cut_middle, read_number


def currency_code(token: str) -> str | None:
    """ISO 4217 code for a symbol, code or currency name (CLDR, English and Spanish)."""
    from scout.task.currencyword import currency_of

    return currency_of(token)


def _month_names() -> dict[str, int]:
    from scout.task.cldr import months

    return {name: num for name, (num, _full) in months().items()}


# '1.234,50' (European) and '1,234.50' (English) both occur in the wild
_number = read_number

#: the widest whole number an input holds: past it no float can stand for it (a price or a
#: stated figure compared with it raised OverflowError)
MAX_INT_BITS = 1023


@functools.cache
def _money_re() -> re.Pattern[str]:
    # compiled on first use: its Unicode classes take ms, and `scout validate` imports
    # this module for every spec but parses money only for a default or mission input
    return re.compile(_MONEY)


_MONEY = (
    r"^\s*(?P<cmp><=|>=|<|>|~)?\s*"
    r"(?:(?P<pre>[A-Za-z]{0,2}[$€£¥₹₩₽₺₫฿₱₪₴₦])\s*(?P<a1>\d[\d.,\s]*)"
    r"|(?P<a2>\d[\d.,]*)\s*(?P<post>[^\W\d_][^\W\d]{2,}(?:\s+[^\W\d_]+)?|[$€£¥₹₩₽₺₫฿₱₪₴₦]))\s*$"
)


def parse_money(value: Any) -> Money:
    if isinstance(value, Money):
        return value
    if isinstance(value, dict):
        return Money.model_validate(value)
    if not isinstance(value, str):
        raise ValueError("money is written as an amount with a currency, e.g. '200 EUR'")
    r = re.fullmatch(r"\s*(\d[\d.,]*)\s*(?:-|–|\.\.)\s*(.+)", value)
    if r:  # a range: "80-120 EUR"
        high = parse_money(r.group(2))
        low = _number(r.group(1))
        if low > high.amount:
            raise ValueError(f"'{value}': the range starts above its end")
        return high.model_copy(update={"min": low})
    m = _money_re().match(value)
    if not m:
        raise ValueError(f"'{value}' is not an amount with a currency, e.g. '200 EUR' or '€200'")
    cur_tok = m.group("pre") or m.group("post")
    amount_s = m.group("a1") or m.group("a2")
    cur = currency_code(cur_tok)
    if cur is None:
        raise ValueError(f"'{cur_tok}' is not a currency; use an ISO code such as EUR or USD")
    cmp_ = m.group("cmp") or "<="  # one of Money's comparators (_MONEY), checked there
    return Money.model_validate({"amount": _number(amount_s), "currency": cur,
                                 "comparator": cmp_})


def parse_month(value: Any, *, today: dt.date | None = None) -> Month | DateRange:
    """A month ("2026-09", "September 2026", "septiembre de 2026") or, since a month input
    may name days too, a date range ("2027-06-03..2027-06-07")."""
    if isinstance(value, (Month, DateRange)):
        return value
    if isinstance(value, dict):
        if "start" in value:
            return DateRange.model_validate(value)
        return Month.model_validate(value)
    if isinstance(value, str) and re.fullmatch(r"\s*\d{4}-\d{2}-\d{2}\s*(\.\.\s*\d{4}-\d{2}-\d{2}\s*)?",
                                               value):
        day = parse_date(value)
        return day if isinstance(day, DateRange) else DateRange(start=day, end=day)
    if isinstance(value, dt.date):
        return Month(year=value.year, month=value.month)
    if not isinstance(value, str):
        raise ValueError("a month is written as '2026-09' or 'September 2026'")
    from scout.task.lang import fold

    months = _month_names()
    s = fold(value.strip())
    m = re.fullmatch(r"(\d{4})-(\d{1,2})", s)
    if m:
        return _month(int(m.group(1)), int(m.group(2)), value)
    m = re.fullmatch(r"([a-z]+)\.?,?\s+(?:(?:de|del|of)\s+)?(\d{4})", s)
    if m and m.group(1) in months:
        return _month(int(m.group(2)), months[m.group(1)], value)
    m = re.fullmatch(r"(?:next\s+|(?:el\s+)?proximo\s+)?([a-z]+)", s)
    if m and m.group(1) in months:
        today = today or dt.date.today()
        month = months[m.group(1)]
        year = today.year if month > today.month else today.year + 1
        return Month(year=year, month=month)
    raise ValueError(f"'{value}' is not a month; write '2026-09' or 'September 2026'")


def _month(year: int, month: int, text: str) -> Month:
    if not 1 <= month <= 12:
        raise ValueError(f"'{text}': there is no month {month}; months run from 01 to 12")
    if not 1900 <= year <= 2200:
        raise ValueError(f"'{text}': the year {year} is out of range (1900-2200)")
    return Month(year=year, month=month)


def parse_date(value: Any) -> dt.date | DateRange:
    if isinstance(value, (dt.date, DateRange)):
        return value
    if isinstance(value, dict):
        return DateRange.model_validate(value)
    if not isinstance(value, str):
        raise ValueError("a date is written as '2026-09-15' (or a range '2026-09-15..2026-09-20')")
    s = value.strip()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}(?:\s*\.\.\s*\d{4}-\d{2}-\d{2})?", s):
        # Python's fromisoformat also takes "11111111" (a compact 1111-11-11) and week
        # dates ("2026W011"): nobody means those as a date here
        raise ValueError(f"'{value}' is not a date; write YYYY-MM-DD")
    try:
        if ".." in s:
            a, b = s.split("..", 1)
            start, end = dt.date.fromisoformat(a.strip()), dt.date.fromisoformat(b.strip())
        else:
            start = end = dt.date.fromisoformat(s)
    except ValueError:
        # Python's own reason ("day is out of range for month") is English in any
        # request: the day written is what the person checks
        raise ValueError(f"'{value}' is not a day of the calendar") from None
    for day in (start, end):  # the years a month may name too (_month)
        if not 1900 <= day.year <= 2200:
            raise ValueError(f"'{value}': the year {day.year} is out of range (1900-2200)")
    if end < start:
        raise ValueError(f"date range '{value}' ends before it starts")
    return start if ".." not in s else DateRange(start=start, end=end)


def parse_rating(value: Any, scale: int | None = None) -> float:
    """Normalise to a 0-10 scale: '4.5/5' → 9.0, '8/10' → 8.0, 4.5 → 4.5. A bare number
    is on ``scale``, the input's declared one (``scale: 100``: 93 → 9.3; ``scale: 5``:
    4.5 → 9.0); one written with its scale ('4.5/5') is read on that."""
    if scale not in (None, 10) and not (isinstance(value, str) and re.search(r"/|out of",
                                                                             value)):
        return _on_scale(value, int(scale or 10))
    if isinstance(value, bool):
        raise ValueError("a rating is a number from 0 to 10, or written like '4.5/5'")
    if isinstance(value, (int, float)):
        score = float(value)
    elif isinstance(value, str):
        m = re.fullmatch(r"\s*(\d+(?:[.,]\d+)?)\s*(?:/|out of)\s*(\d+)\s*(?:\+\s*)?", value)
        if m:
            num, out_of = float(m.group(1).replace(",", ".")), float(m.group(2))
            if not (math.isfinite(num) and math.isfinite(out_of)):
                raise ValueError(f"'{cut_middle(value, 25)}' is not a finite number")
            if out_of <= 0 or num > out_of:
                raise ValueError(f"'{value}' is not a valid rating")
            score = num * 10.0 / out_of
        else:
            try:
                score = float(value.strip().rstrip("+").replace(",", "."))
            except ValueError:
                raise ValueError(
                    f"'{value}' is not a rating; write a number from 0 to 10 or '4.5/5'"
                ) from None
    else:
        raise ValueError("a rating is a number from 0 to 10, or written like '4.5/5'")
    if not math.isfinite(score):  # '9' * 5000, '1e400', 'nan': no rating, not 'rating inf'
        raise ValueError(f"'{cut_middle(str(value), 25)}' is not a finite number")
    if 10.0 < score <= 100.0:  # a critic's points, a percentage: say how to write its scale
        raise ValueError(f"rating {score:g} is outside the 0-10 scale; write the scale it is "
                         f"on, '{score:g}/100' (read as {score / 10:g})")
    if not 0.0 <= score <= 10.0:
        raise ValueError(f"rating {score:g} is outside the 0-10 scale")
    return round(score, 2)


def _on_scale(value: Any, scale: int) -> float:
    """A bare number on ``scale`` (5, 100) as 0-10; '93' → 9.3 on 100."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"a rating here is a number from 0 to {scale}, or written like "
                         f"'4.5/5'")
    try:
        num = float(str(value).strip().rstrip("+").replace(",", "."))
    except ValueError:
        raise ValueError(f"'{value}' is not a rating; write a number from 0 to {scale} "
                         f"or '4.5/5'") from None
    if not math.isfinite(num):
        raise ValueError(f"'{cut_middle(str(value), 25)}' is not a finite number")
    if not 0.0 <= num <= scale:
        raise ValueError(f"rating {num:g} is outside this input's 0-{scale} scale")
    return round(num * 10.0 / scale, 2)


def parse_boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "yes", "on", "1"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("false", "no", "off", "0"):
        return False
    raise ValueError(f"'{value}' is not a boolean; write true or false")


def parse_integer(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError("expected a whole number, got a boolean")
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        value = int(value)
    if isinstance(value, int):
        if value.bit_length() > MAX_INT_BITS:  # compared with a float, it raised
            raise ValueError(f"'{cut_middle(str(value), 25)}' is too large a whole number")
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise ValueError(f"'{value}' is not a whole number")


def parse_number(value: Any) -> float:
    if isinstance(value, bool):
        raise ValueError("expected a number, got a boolean")
    number: float | None = None
    if isinstance(value, (int, float, str)):
        try:  # an int of 400 digits (YAML's) overflows a float
            number = float(value.strip() if isinstance(value, str) else value)
        except OverflowError:
            number = math.inf
        except ValueError:
            pass
    if number is not None and math.isfinite(number):
        return number
    shown = cut_middle(str(value), 25)  # a --set value of megabytes is not repeated whole
    if number is not None:  # "nan", "inf", 1e400, 10**400: a number, but no finite one
        raise ValueError(f"'{shown}' is not a finite number")
    raise ValueError(f"'{shown}' is not a number")


def parse_string(value: Any) -> str:
    if isinstance(value, (dict, list)):
        raise ValueError("expected text, got a " + ("mapping" if isinstance(value, dict) else "list"))
    if value is None:
        raise ValueError("expected text, got nothing")
    return str(value).strip()


def parse_place(value: Any) -> str:
    s = parse_string(value)
    if not s:
        raise ValueError("a place cannot be empty")
    return s


def parse_subject(value: Any) -> str:
    s = parse_string(value)
    if not s:
        raise ValueError("a subject cannot be empty; leave the input out instead")
    return s


def _parser(module: str, name: str) -> Callable[[Any], Any]:
    """``module.name``, imported on first call: the year, area and duration grammars
    compile their patterns at import, and `scout validate` coerces none of those types
    in most specs (benchmarks/cli.py)."""

    def parse(value: Any) -> Any:
        return getattr(importlib.import_module(module), name)(value)

    parse.__name__ = parse.__qualname__ = name
    return parse


parse_year = _parser("scout.task.year", "parse_year")
parse_area = _parser("scout.task.area", "parse_area")
parse_data_size = _parser("scout.task.quantity", "parse_data_size")
parse_weight = _parser("scout.task.quantity", "parse_weight")
parse_length = _parser("scout.task.quantity", "parse_length")
parse_volume = _parser("scout.task.quantity", "parse_volume")
parse_duration = _parser("scout.task.durations", "parse_duration")


PARSERS: dict[str, Callable[[Any], Any]] = {
    "string": parse_string,
    "subject": parse_subject,
    "integer": parse_integer,
    "year": parse_year,
    "number": parse_number,
    "area": parse_area,
    "data_size": parse_data_size,
    "weight": parse_weight,
    "length": parse_length,
    "volume": parse_volume,
    "boolean": parse_boolean,
    "place": parse_place,
    "month": parse_month,
    "date": parse_date,
    "money": parse_money,
    "rating": parse_rating,
    "duration": parse_duration,
}


def coerce(type_name: str, value: Any, *, items: str | None = None,
           scale: int | None = None) -> Any:
    """Coerce ``value`` to the declared input type; raises ``ValueError``. ``scale``: a
    rating input's declared scale, which a bare number is read on."""
    if type_name == "list":
        if isinstance(value, str):
            parts = [p.strip() for p in value.split(",") if p.strip()]
        elif isinstance(value, list):
            parts = value
        else:
            raise ValueError("expected a list, e.g. [a, b] or 'a, b'")
        item_type = items or "string"
        out = []
        for i, v in enumerate(parts, 1):
            try:
                out.append(coerce(item_type, v))
            except ValueError as exc:
                raise ValueError(f"item {i}: {exc}") from None
        return out
    try:
        parser = PARSERS[type_name]
    except KeyError:
        raise ValueError(f"unknown input type '{type_name}'") from None
    try:
        return parse_rating(value, scale) if type_name == "rating" else parser(value)
    except ValidationError as exc:
        # a mapping written for a money/month/date value: say which field is wrong, in
        # words, without pydantic's banner and URL
        raise ValueError(_validation_message(type_name, exc)) from None


def _validation_message(type_name: str, exc: ValidationError) -> str:
    parts = []
    for err in exc.errors(include_url=False):
        where = ".".join(str(x) for x in err.get("loc", ())) or type_name
        msg = err.get("msg", "invalid")
        parts.append(f"{where}: {msg[0].lower() + msg[1:]}")
    return f"not a valid {type_name} ({'; '.join(parts)})"


def to_jsonable(value: Any) -> Any:
    """Typed input values as JSON (models dumped, dates as ISO strings)."""
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, list):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):  # e.g. the coerced --set values of a mission
        return {k: to_jsonable(v) for k, v in value.items()}
    return value
