"""The Task note for a date whose weekday contradicts it ("viernes 12 de diciembre" when
12 December 2026 is a Saturday): the date is kept as written — its day number is what a
booking or a listing names, and the weekday the likelier slip — and the note says which
weekday it is, in the request's language, so the reader can correct it
(:func:`scout.task.dates.wrong_weekday` finds it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scout.task.dates import wrong_weekday
from scout.task.display import display
from scout.task.lang import fold
from scout.task.parse_notes import ParseResult, note


def _day_name(n: int, lang: str) -> str:
    from babel.dates import get_day_names

    return str(get_day_names("wide", "format", lang)[n])


def note_weekday(result: ParseResult, name: str, query: str, when: tuple[Any, ...],
                 _: Callable[[str], str]) -> None:
    """Note on ``name`` when the date ``when`` (value, span, past) read from ``query``
    opens with a weekday its day is not; ``_``: the request's translations."""
    value, (start, end) = when[0], when[1]
    wrong = wrong_weekday(fold(query[start:end]), value)
    if wrong is None:
        return
    said, real = wrong
    lang = result.lang if result.lang in ("en", "es") else "en"
    note(result, name, _(
        "{name}: {value} is a {real}, not a {said}; read as {value}: check the day you "
        "meant").format(name=result.label(name), value=display(value, lang),
                        real=_day_name(real, lang), said=_day_name(said, lang)))
