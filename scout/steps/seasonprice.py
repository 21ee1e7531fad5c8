"""A listing stating a price for each season, for ``rank``: a hotel's "temporada alta 60 €,
baja 45 €", a ski pass's "Peak £120, off-peak £80", "High season (Dec 20–Jan 6): €60/day;
low season €45/day".

The price read from such a page is its first amount, whichever season's it is, so a
low-season price could pass a budget the dates asked would break. Until the seasons'
dates a page gives are matched with the dates asked, the price compared is the dearer of
the seasons' (of the same period as the one read), flagged so the reader knows another
season may cost less. A page labelling no season, or only one, is left as it states.
"""

from __future__ import annotations

import re

from scout.i18n import N_
from scout.schemas.records import Candidate
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

SEASON_FLAG = N_("the dearest season's price of those the page states, compared as the "
                 "dates asked may fall in it")


def season_amounts(text: str) -> tuple[list[float], list[float]] | None:
    """The amounts ``text`` labels as a high season's and as a low season's ([high],
    [low]), each by the label right before it; None unless it labels both."""
    folded = fold(text or "")
    if len(folded) != len(text or "") or not _SEASONS.search(folded):
        return None
    high: list[float] = []
    low: list[float] = []
    previous = 0
    for money, (start, end) in find_amounts(text):
        label = folded[max(previous, start - _BACK):start]
        # the label nearest the amount says whose it is ("alta 60 €, baja 45 €")
        h = max((m.end() for m in _HIGH.finditer(label)), default=-1)
        lo = max((m.end() for m in _LOW.finditer(label)), default=-1)
        if h > lo:
            high.append(money.amount)
        elif lo > h:
            low.append(money.amount)
        previous = end
    return (high, low) if high and low else None


def for_season(c: Candidate) -> None:
    """``c``'s price the dearest season's where a page stating it labels a high and a low
    season's price (:func:`season_amounts`), of the same period as the price read;
    flagged. Left as it is otherwise."""
    price = c.price
    if price is None:
        return
    for e in c.evidence:
        if e.price is None or e.price.amount != price.amount:
            continue
        text = f"{e.title or ''} {e.text or ''}"
        seasons = season_amounts(text)
        if seasons is None or price.amount not in (*seasons[0], *seasons[1]):
            continue
        dearest = max((m for m, _ in find_amounts(text)
                       if m.amount in (*seasons[0], *seasons[1]) and m.per == price.per
                       and m.currency == price.currency),
                      key=lambda m: m.amount, default=None)
        if dearest is not None and dearest.amount > price.amount:
            c.price = dearest.model_copy(update={"comparator": price.comparator})
        if SEASON_FLAG not in c.flags:
            c.flags.append(SEASON_FLAG)
        return
