"""The Task note for a date whose weekday contradicts it ("viernes 12 de diciembre" when
12 December 2026 is a Saturday): the date is kept as written — its day number is what a
booking or a listing names, and the weekday the likelier slip — and the note says which
weekday it is, in the request's language, so the reader can correct it
(:func:`scout.task.dates.wrong_weekday` finds it)."""

from __future__ import annotations

import re
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
    said = _weekday_words(result, name, query, when[0], when[1], _)
    if said is not None:
        note(result, name, said)


def _weekday_words(result: ParseResult, name: str, query: str, value: Any,
                   span: tuple[int, int], _: Callable[[str], str]) -> str | None:
    """The note :func:`note_weekday` writes for ``value`` read at ``span``, or None. The
    span may open with the input's label ("vuelta el domingo 13", "back on Sunday the
    13th"): the weekday is looked for from each word on."""
    start, end = span
    words = fold(query[start:end])
    wrong = None
    for at in [0, *(m.end() for m in re.finditer(r"\s+", words))]:
        wrong = wrong_weekday(words[at:], value)
        if wrong is not None or at and re.match(r"\d", words[at:]):
            break
    if wrong is None:
        return None
    said, real = wrong
    lang = result.lang if result.lang in ("en", "es") else "en"
    return _(
        "{name}: {value} is a {real}, not a {said}; read as {value}: check the day you "
        "meant").format(name=result.label(name), value=display(value, lang),
                        real=_day_name(real, lang), said=_day_name(said, lang))


def renote_weekdays(result: ParseResult, before: dict[str, Any], at: dict[str, tuple[int, int]],
                    names: list[str], query: str, _: Callable[[str], str]) -> None:
    """The weekday notes of the date inputs ``names`` once their days were settled
    against each other (``before``: the values as first read; ``at``: where each was
    read): "back on Sunday the 13th" read as the 13th after the outward day says that
    day's weekday, not the one of the 13th first read, and a day read after its label
    ("vuelta el domingo 13") is checked as any other."""
    for name in names:
        if name not in at or name not in result.values:
            continue
        old = _weekday_words(result, name, query, before.get(name), at[name], _)
        new = _weekday_words(result, name, query, result.values[name], at[name], _)
        if old is not None and old != new:
            if old in result.notes:
                result.notes.remove(old)
            if old in result.field_notes.get(name, []):
                result.field_notes[name].remove(old)
        if new is not None and new not in result.notes:
            note(result, name, new)
