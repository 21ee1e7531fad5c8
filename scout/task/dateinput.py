"""The date and month inputs' reading, one turn of the request parser's reading loop
(:func:`scout.task.parser.parse_query`): the dates an input of type ``date`` or ``month``
reads, past the schedules and waits claimed before it, with the notes a date asks for:
a feast that moves with the moon ("Ramadan"), two dates far apart offered as either
("Pascua o Navidad"), a weekday that does not match its date, a date already past. How a
date is written lives in :mod:`scout.task.datereader`."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from scout.schemas.task import looks_back
from scout.spec.models import InputSpec
from scout.task.datereader import find_date
from scout.task.display import display
from scout.task.feasts import unfixed
from scout.task.parse_notes import ParseResult, note
from scout.task.readers import QueryText
from scout.task.waitlength import wait_spans
from scout.task.weekdaynote import note_weekday


def read_date(name: str, spec: InputSpec, inputs: dict[str, InputSpec], text: QueryText,
              result: ParseResult, today: dt.date, schedules: list[tuple[int, int]],
              count_nights: bool, _: Callable[[str], str]) -> tuple[Any, tuple[int, int]] | None:
    """The value and span the date or month input ``name`` reads from ``text``, or None;
    what it could not read, and a date already past (flagged ``past:<name>``), noted."""
    q = text.original
    hit: tuple[Any, tuple[int, int]] | None = None
    moon = unfixed(text.free)
    if moon is not None:  # "Ramadan", "Chinese New Year": not guessed
        text.claim(moon)
        note(result, name, _(
            "{name}: {text} moves with the moon or differs by country, so its "
            "dates were not read; write them").format(
                name=result.label(name),
                text=("«{}»" if result.lang == "es" else "'{}'").format(
                    q[moon[0]:moon[1]].strip())))
    # "entrega en 1 semana": a wait a duration input labels, no dates
    waits = wait_spans(text.free, inputs)
    when = text.aside(schedules + waits, lambda: find_date(
        text, today, spec.type, count_nights=count_nights,
        back=looks_back([name, *spec.aliases])))
    if when is not None and when[0] is None:  # "Pascua o Navidad"
        text.claim(when[1])
        note(result, name, _(
            "{name}: {text} offers two dates far apart, so neither was read; "
            "ask for one at a time").format(
                name=result.label(name),
                text=("«{}»" if result.lang == "es" else "'{}'").format(
                    q[when[1][0]:when[1][1]].strip())))
    elif when is not None:
        hit = (when[0], when[1])
        note_weekday(result, name, q, when, _)
        if when[2]:
            result.flags.append(f"past:{name}")
            note(result, name, _(
                "{name}: {value} is already past (today is {today}); kept as "
                "asked").format(name=result.label(name),
                               value=display(when[0], result.lang),
                               today=display(today, result.lang)))
    return hit
