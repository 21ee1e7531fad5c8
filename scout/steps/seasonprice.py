"""A listing stating a price for each season, for ``rank``: a hotel's "temporada alta 60 €,
baja 45 €", a ski pass's "Peak £120, off-peak £80", "High season (Dec 20–Jan 6): €60/day;
low season €45/day".

The price read from such a page is its first amount, whichever season's it is, so a
low-season price could pass a budget the dates asked would break. Where the page dates
its seasons beside their labels ("temporada alta (julio y agosto)", "High season (Dec
20–Jan 6)") and the request asks dates, the price compared is the season's the dates
fall in (:func:`scout.spec.datesaid.on_dates`); otherwise the dearest of the seasons' (of
the same period as the one read). Flagged either way. A page labelling no season, or only
one, is left as it states.
"""

from __future__ import annotations

import re

from typing import Any

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.spec.datesaid import asked_span, on_dates
from scout.task.amounts import find_amounts
from scout.task.lang import fold

# how far back an amount's label is looked for ("Temporada alta (20 dic - 6 ene): ")
_BACK = 45
#: a high season's label, folded: "temporada alta", "alta", "high season", "peak" (never
#: "off-peak")
_HIGH = re.compile(r"(?<![\w-])(?:temporada\s+alta|alta\s+temporada|high(?:\s+season)?|"
                   r"(?<!off\s)(?<!off-)peak(?:\s+season)?|alta)(?!\w)")
#: a low season's: "temporada baja", "baja", "low season", "off-peak", "off season",
#: "fuera de temporada"
_LOW = re.compile(r"(?<![\w-])(?:temporada\s+baja|baja\s+temporada|low(?:\s+season)?|"
                  r"off[\s-]?peak|off[\s-]season|fuera\s+de\s+temporada|baja)(?!\w)")
#: bare "alta" / "baja", "high" / "low" name a season only where the page says seasons
_SEASONS = re.compile(r"\b(?:temporadas?|seasons?|peak)\b")

DATED_FLAG = N_("the price of the season the dates asked fall in, as the page dates its "
                "seasons")
SEASON_FLAG = N_("the dearest season's price of those the page states, compared as the "
                 "dates asked may fall in it")


def season_amounts(text: str) -> tuple[list[float], list[float]] | None:
    """The amounts ``text`` labels as a high season's and as a low season's ([high],
    [low]), each by the label right before it; None unless it labels both."""
    labelled = _labelled(text)
    if labelled is None:
        return None
    return ([a for high, a, _ in labelled if high], [a for high, a, _ in labelled if not high])


def _labelled(text: str) -> list[tuple[bool, float, str]] | None:
    """Each season-labelled amount of ``text``: (whether the high season's, the amount,
    the words from the amount before to it, where the season's dates are said); None
    unless a high and a low season's are labelled."""
    folded = fold(text or "")
    if len(folded) != len(text or "") or not _SEASONS.search(folded):
        return None
    labelled: list[tuple[bool, float, str]] = []
    previous = 0
    for money, (start, end) in find_amounts(text):
        label = folded[max(previous, start - _BACK):start]
        # the label nearest the amount says whose it is ("alta 60 €, baja 45 €")
        h = max((m.end() for m in _HIGH.finditer(label)), default=-1)
        lo = max((m.end() for m in _LOW.finditer(label)), default=-1)
        if h != lo:
            labelled.append((h > lo, money.amount, text[previous:start]))
        previous = end
    kinds = {high for high, _, _ in labelled}
    return labelled if kinds == {True, False} else None


def asked_dates(task: Any) -> Any:
    """The request's first date, date range or month (a Task's value), or None."""
    types = getattr(task, "types", None) or {}
    values = getattr(task, "values", None) or {}
    return next((values[n] for n, t in types.items() if t in ("date", "month")
                 and values.get(n) is not None and asked_span(values[n]) is not None), None)


def _dated(labelled: list[tuple[bool, float, str]], dates: Any) -> set[float]:
    """The amounts of the season the ``dates`` asked fall in, by the dates the page gives
    beside the seasons' labels: a season whose dates meet them, or the other seasons when
    every high season's dates miss them; none when the page dates no season."""
    meets = {a: on_dates([said], dates) for _, a, said in labelled}
    hit = {a for a, m in meets.items() if m}
    if hit:
        return hit
    highs = [meets[a] for high, a, _ in labelled if high]
    if highs and all(m is False for m in highs):
        return {a for high, a, _ in labelled if not high}
    return set()


def for_season(c: Candidate, dates: Any = None) -> None:
    """``c``'s price the season's the request's ``dates`` fall in where a page stating it
    labels a high and a low season's price and dates them, else the dearest season's, of
    the same period as the price read; flagged. Left as it is otherwise."""
    price = c.price
    if price is None:
        return
    for e in c.evidence:
        if e.price is None or e.price.amount != price.amount:
            continue
        text = f"{e.title or ''} {e.text or ''}"
        labelled = _labelled(text)
        if labelled is None or price.amount not in {a for _, a, _ in labelled}:
            continue
        dated = _dated(labelled, dates) if dates is not None else set()
        pool = dated or {a for _, a, _ in labelled}
        dearest = max((m for m, _ in find_amounts(text)
                       if m.amount in pool and m.per == price.per
                       and m.currency == price.currency),
                      key=lambda m: m.amount, default=None)
        if dearest is not None and dearest.amount != price.amount \
                and (dated or dearest.amount > price.amount):
            c.price = dearest.model_copy(update={"comparator": price.comparator})
        flag = DATED_FLAG if dated else SEASON_FLAG
        if flag not in c.flags:
            c.flags.append(flag)
        return
