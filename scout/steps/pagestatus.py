"""Whether a candidate's own page says it is off: an event cancelled or already past, a
thing sold out, out of stock, discontinued or reserved (held for someone), a job posting
(or any offer dated so) past the last day it is offered, or no thing at all but a list of
them (a ranking or a directory found as a result: :mod:`scout.adapters.itemlist`); or
changed: postponed,
rescheduled, moved online, only on pre-order or back order, of limited availability,
made to order, on presale.

The page adapter reads these from the page's entity (schema.org ``eventStatus``,
``validThrough``, ``endDate`` / an event's ``startDate`` and its offers' ``availability``:
:mod:`scout.adapters.jsonld`) and ``fetch`` carries them on the page's evidence. Search
snippets never set them: only the thing's own page is believed. ``rank`` leaves out what
is off, whatever its ``where`` (a cancelled or past concert is no concert to go to, a
sold-out laptop none to buy, an expired offer none to apply to), with the reason the
report shows; what changed is kept and flagged, since the request's dates or place may no
longer fit it, and the flag reaches the synthesis (:func:`is_page_flag`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from scout.i18n import N_
from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import OPEN_START, DateRange, Month
from scout.steps.listingpage import LISTING

#: what the report says of a page's status that leaves the candidate out
_OFF = {"cancelled": N_("cancelled, its own page says"),
        "sold out": N_("sold out, its own page says"),
        "out of stock": N_("out of stock, its own page says"),
        "discontinued": N_("discontinued, its own page says"),
        "reserved": N_("reserved, its own page says: not available")}
#: what it says of one that keeps it, flagged
_CHANGED = {"postponed": N_("postponed, its own page says: check the new date"),
            "rescheduled": N_("rescheduled, its own page says: check the new date"),
            "moved online": N_("moved online, its own page says"),
            "pre-order": N_("only on pre-order, its own page says: not yet available"),
            "back order": N_("on back order, its own page says: it ships later"),
            "limited availability": N_("limited availability, its own page says"),
            "made to order": N_("made to order, its own page says: allow time to make it"),
            "presale": N_("on presale, its own page says: before general sale, which may "
                          "be open to some buyers only")}
_ENDED = N_("no longer offered: its own page says until {date}")
#: a candidate whose own page lists things: a ranking or a directory, not one of them
_LISTING = N_("a list of {count} things, not one of them, its own page shows: {words}")
#: how many listed names the reason shows
_NAMES_SHOWN = 5
_PAST = N_("already past: its own page dates it {date}")


def _pages(c: Candidate) -> list[Evidence]:
    return [e for e in c.evidence if e.kind == "page"]


def asked_from(task: Any) -> dt.date | None:
    """The first day the request asks about: its ``today``, or an earlier day its own
    dates start on ("conciertos en septiembre de 2025" asked in December 2026 is asked
    about the past on purpose: its concerts are not past to it). None without a today."""
    today: dt.date | None = getattr(task, "today", None)
    if today is None:
        return None
    starts = [v.start if isinstance(v, DateRange) else dt.date(v.year, v.month, 1)
              if isinstance(v, Month) else dt.date(v.year, v.month, v.day)  # a datetime's day
              for v in (getattr(task, "values", None) or {}).values()
              if isinstance(v, (DateRange, Month, dt.date))]
    # an open start ("before March") asks about no past day
    return min([today, *(d for d in starts if d != OPEN_START)])


def off_reasons(c: Candidate, today: dt.date | None,
                since: dt.date | None = None) -> list[str]:
    """Why ``c`` is off by its own page (cancelled, sold out; offered until a day before
    ``today``, the run's; its event held last before ``since``, the first day asked,
    :func:`asked_from`, else ``today``); empty when it is not. With no ``today`` no date
    is past."""
    out: list[str] = []
    day = today.isoformat() if today is not None else None
    held = (since or today).isoformat() if today is not None else None
    for e in _pages(c):
        said = [_OFF.get(e.event_status or ""), _OFF.get(e.availability or "")]
        if day is not None and e.valid_through and e.valid_through < day:
            said.append(_ENDED.format(date=e.valid_through))
        if held is not None and e.event_end and e.event_end < held:
            said.append(_PAST.format(date=e.event_end))
        if len(e.listed) >= 2:
            names = ", ".join(t.name for t in e.listed[:_NAMES_SHOWN]) + ("…" if len(e.listed) > _NAMES_SHOWN
                                                          else "")
            said.append(_LISTING.format(count=len(e.listed), words=names))
        out += [s for s in said if s is not None and s not in out]
    if LISTING in c.flags and not any(e.listed for e in _pages(c)):
        out.append(LISTING)  # a listing by its title whose page named nothing it lists
    return out


def changed_flags(c: Candidate) -> list[str]:
    """What ``c``'s own page says changed (postponed, rescheduled, moved online) or
    limits having it (pre-order, back order, limited availability, made to order,
    presale)."""
    out: list[str] = []
    for e in _pages(c):
        for status in (e.event_status, e.availability):
            said = _CHANGED.get(status or "")
            if said is not None and said not in out and said not in c.flags:
                out.append(said)
    return out


def is_page_flag(flag: str) -> bool:
    """Whether a candidate's flag is one :func:`changed_flags` set: what a reader must
    know of it whatever else the answer says."""
    return flag in _CHANGED.values()
