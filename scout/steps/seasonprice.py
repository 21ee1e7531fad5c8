"""A listing stating a price for each season, for ``rank``: a hotel's "temporada alta 60 €,
media 52 €, baja 45 €", a ski pass's "Peak £120, off-peak £80", "High season (Dec 20–Jan
6): €60/day; low season €45/day"; a season between them ("temporada media", "mid season",
"shoulder season") is a season of its own.

The price read from such a page is its first amount, whichever season's it is, so a
low-season price could pass a budget the dates asked would break. Where the page dates
its seasons beside their labels ("temporada alta (julio y agosto)", "High season (Dec
20–Jan 6)") and the request asks dates, the price compared is the season's the dates
fall in (:func:`scout.spec.datesaid.on_dates`; of those its dates do not rule out, the
dearest); otherwise the dearest of the seasons' (of the same period as the one read).
Flagged either way. A page labelling no season, or only one, is left as it states.
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
#: a season between them: "temporada media", "media temporada", "mid season", "mid-season",
#: "shoulder season", "temporada intermedia"; bare "media" / "mid" / "shoulder" only before
#: the amount or the season's dates ("media (junio): 52 €"), never "media pensión 20 €",
#: "mid week" nor "mid-range"
_MID = re.compile(r"(?<![\w-])(?:temporada\s+(?:media|intermedia)|media\s+temporada|"
                  r"mid[\s-]?season|shoulder\s+season|"
                  r"(?:media|intermedia|mid|shoulder)(?![\w-])(?!\s*[a-z]))(?!\w)")
#: bare "alta" / "baja", "high" / "low" name a season only where the page says seasons
_SEASONS = re.compile(r"\b(?:temporadas?|seasons?|peak)\b")
#: the seasons' order, dearest last: a season's level in :func:`_labelled`
_LEVELS = ((0, _LOW), (1, _MID), (2, _HIGH))

DATED_FLAG = N_("the price of the season the dates asked fall in, as the page dates its "
                "seasons")
SEASON_FLAG = N_("the dearest season's price of those the page states, compared as the "
                 "dates asked may fall in it")


def season_amounts(text: str) -> tuple[list[float], list[float], list[float]] | None:
    """The amounts ``text`` labels as a high season's, a mid season's and a low season's
    ([high], [mid], [low]), each by the label right before it; None unless it labels two
    seasons or more."""
    labelled = _labelled(text)
    if labelled is None:
        return None
    high, mid, low = ([a for level, a, _ in labelled if level == n] for n in (2, 1, 0))
    return high, mid, low


def _labelled(text: str) -> list[tuple[int, float, str]] | None:
    """Each season-labelled amount of ``text``: (its season's level: 2 high, 1 mid, 0
    low; the amount; the words from the amount before to it, where the season's dates are
    said); None unless two seasons or more are labelled."""
    folded = fold(text or "")
    if len(folded) != len(text or "") or not _SEASONS.search(folded):
        return None
    labelled: list[tuple[int, float, str]] = []
    previous = 0
    for money, (start, end) in find_amounts(text):
        label = folded[max(previous, start - _BACK):start]
        # the label nearest the amount says whose it is ("alta 60 €, media 52 €")
        ends = {level: max((m.end() for m in pattern.finditer(label)), default=-1)
                for level, pattern in _LEVELS}
        nearest = max(ends.values())
        if nearest >= 0 and list(ends.values()).count(nearest) == 1:
            labelled.append((max(ends, key=lambda n: ends[n]), money.amount,
                             text[previous:start]))
        previous = end
    levels = {level for level, _, _ in labelled}
    return labelled if len(levels) > 1 else None


def asked_dates(task: Any) -> Any:
    """The request's first date, date range or month (a Task's value), or None."""
    types = getattr(task, "types", None) or {}
    values = getattr(task, "values", None) or {}
    return next((values[n] for n, t in types.items() if t in ("date", "month")
                 and values.get(n) is not None and asked_span(values[n]) is not None), None)


def _dated(labelled: list[tuple[int, float, str]], dates: Any) -> tuple[set[float], bool]:
    """The amounts of the seasons the ``dates`` asked may fall in, by the dates the page
    gives beside the seasons' labels, and whether that is one season: a season whose dates
    meet them, or the other seasons when every amount of some season is dated and misses
    them (the high season's in July and August, the mid's in June: March is the low's; with
    the mid undated, March is the mid's or the low's); none when the page dates no season."""
    meets = {a: on_dates([said], dates) for _, a, said in labelled}
    hit = {a for a, m in meets.items() if m}
    if hit:
        return hit, True
    missed = {level for level, _, _ in labelled
              if all(meets[a] is False for n, a, _ in labelled if n == level)}
    if not missed:
        return set(), False
    left = {(level, a) for level, a, _ in labelled if level not in missed}
    return {a for _, a in left}, len({level for level, _ in left}) == 1


def for_season(c: Candidate, dates: Any = None) -> None:
    """``c``'s price the season's the request's ``dates`` fall in where a page stating it
    labels two seasons' prices or more (high, mid, low) and dates them, else the dearest
    season's (of those the dates may fall in), of
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
        dated, one = _dated(labelled, dates) if dates is not None else (set(), False)
        pool = dated or {a for _, a, _ in labelled}
        dearest = max((m for m, _ in find_amounts(text)
                       if m.amount in pool and m.per == price.per
                       and m.currency == price.currency),
                      key=lambda m: m.amount, default=None)
        if dearest is not None and dearest.amount != price.amount \
                and (dated or dearest.amount > price.amount):
            c.price = dearest.model_copy(update={"comparator": price.comparator})
        flag = DATED_FLAG if one else SEASON_FLAG
        if flag not in c.flags:
            c.flags.append(flag)
        return
