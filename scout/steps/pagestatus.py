"""Whether a candidate's own page says it is off: an event cancelled, a job posting (or
any offer dated so) past the last day it is offered; or changed: postponed, rescheduled,
moved online.

The page adapter reads these from the page's entity (schema.org ``eventStatus`` and
``validThrough``: :mod:`scout.adapters.jsonld`) and ``fetch`` carries them on the page's
evidence. Search snippets never set them: only the thing's own page is believed. ``rank``
leaves out what is off, whatever its ``where`` (a cancelled concert is no concert to go
to, an expired offer none to apply to), with the reason the report shows; what changed is
kept and flagged, since the request's dates or place may no longer fit it.
"""

from __future__ import annotations

import datetime as dt

from scout.i18n import N_
from scout.schemas.records import Candidate

#: what the report says of a page's status that leaves the candidate out
_OFF = {"cancelled": N_("cancelled, its own page says")}
#: what it says of one that keeps it, flagged
_CHANGED = {"postponed": N_("postponed, its own page says: check the new date"),
            "rescheduled": N_("rescheduled, its own page says: check the new date"),
            "moved online": N_("moved online, its own page says")}
_ENDED = N_("no longer offered: its own page says until {date}")


def _pages(c: Candidate) -> list[tuple[str | None, str | None]]:
    return [(e.event_status, e.valid_through) for e in c.evidence
            if e.kind == "page" and (e.event_status or e.valid_through)]


def off_reasons(c: Candidate, today: dt.date | None) -> list[str]:
    """Why ``c`` is off by its own page (cancelled; offered until a day before ``today``,
    the request's); empty when it is not. With no ``today`` no date is past."""
    out: list[str] = []
    for status, until in _pages(c):
        said = _OFF.get(status or "")
        if said is None and until and today is not None and until < today.isoformat():
            said = _ENDED.format(date=until)
        if said is not None and said not in out:
            out.append(said)
    return out


def changed_flags(c: Candidate) -> list[str]:
    """What ``c``'s own page says changed (postponed, rescheduled, moved online)."""
    out: list[str] = []
    for status, _until in _pages(c):
        said = _CHANGED.get(status or "")
        if said is not None and said not in out and said not in c.flags:
            out.append(said)
    return out
