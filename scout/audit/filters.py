"""Time filters (``--since``) and the journal filter shared by the CLI and the HTTP API.

``--since`` takes an instant or an age:

* ``2026-09-01``, ``2026-09-01T10:00``, ``2026-09-01T10:00:00Z``, ``...+02:00`` (an ISO
  date or date-time; without an offset it is UTC, like the journal);
* ``30m``, ``2h``, ``7d`` (that long before now; units ``ms s m h d``).

Journal timestamps are fixed-width UTC strings (``2026-09-01T10:00:00.123Z``), so a
parsed instant is turned into the same form and compared as text: no line is parsed to
a datetime on the hot path.
"""

from __future__ import annotations

import datetime as dt
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scout.errors import BadRequestValue, UsageError
from scout.i18n import N_
from scout.providers.journal import utc_ts
from scout.spec.basics import parse_duration

#: results of a journal line whose request failed (they carry an ``error``)
FAILED_RESULTS = frozenset({"error", "retry", "token_rotated", "budget_exceeded"})

SINCE_HINT = N_("give an ISO date or date-time (2026-09-01, 2026-09-01T10:00Z) or an age "
                "such as 30m, 2h or 7d")
#: the first year a journal line can be stamped in: none is older than the Unix epoch (a
#: 50-digit string that Python's ``fromisoformat`` reads as 1111-11-11T11:11:11.111 is no
#: date anybody means); a later date than any line, 2999-01-01, is a filter that lists
#: nothing, as asked
FIRST_YEAR = 1970
#: an ISO date, maybe a time after it: its dashes written (Python also takes
#: "11111111111111111111" as a compact date-time, which nobody types as one)
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ][0-9:.,+\-Zz]{1,40})?")


def parse_since(text: str | None, *, now: Callable[[], float] = time.time,
                name: str = "--since") -> str | None:
    """``text`` as a journal timestamp string (``None`` stays ``None``); ``name`` is how
    errors call the option (``since`` in the HTTP API). The messages are msgids: a Spanish
    locale reads them in Spanish (scout.cli.render)."""
    if text is None or not str(text).strip():
        return None
    raw = str(text).strip()
    try:
        seconds = parse_duration(raw)
    except ValueError:
        pass
    else:
        try:
            stamp = utc_ts(now() - seconds)
        except (OverflowError, OSError, ValueError):
            raise BadRequestValue(N_("{option} {value}: out of range (before year 1)").format(
                option=name, value=repr(raw)), hint=SINCE_HINT) from None
        return _in_years(stamp, int(stamp[:4]), raw, name)
    iso = raw[:-1] + "+00:00" if raw.endswith(("Z", "z")) else raw
    try:
        if not _ISO.fullmatch(raw):
            raise ValueError(raw)
        when = dt.datetime.fromisoformat(iso)
    except ValueError:
        raise UsageError(N_("{option} {value}: not a date, date-time or age").format(
            option=name, value=repr(raw)), hint=SINCE_HINT) from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    try:
        stamp = utc_ts(when.timestamp())
    except (OverflowError, OSError, ValueError):
        raise BadRequestValue(N_("{option} {value}: out of range").format(
            option=name, value=repr(raw)), hint=SINCE_HINT) from None
    return _in_years(stamp, when.year, raw, name)


def _in_years(stamp: str, year: int, raw: str, name: str) -> str:
    """``stamp``, when ``year`` is one a journal line can hold (:data:`FIRST_YEAR` on)."""
    if year < FIRST_YEAR:
        raise BadRequestValue(
            N_("{option} {value}: the year {year} is before any journal ({first} or "
               "later)").format(option=name, value=repr(raw), year=year, first=FIRST_YEAR),
            hint=SINCE_HINT)
    return stamp


def is_failed(entry: dict[str, Any]) -> bool:
    """A line whose request failed: it has an error (retries, rotations, errors, budget)."""
    return entry.get("error") is not None or entry.get("result") in FAILED_RESULTS


@dataclass(frozen=True)
class JournalFilter:
    """Which journal lines a query wants (every field optional; all must match)."""

    mission: str | None = None
    token: str | None = None
    adapter: str | None = None
    phase: str | None = None
    failed: bool = False
    since: str | None = None  # a journal timestamp string (see parse_since)
    #: any of these missions (a page of ``scout runs`` looks up its rows' costs only)
    missions: tuple[str, ...] | None = None

    def matches(self, e: dict[str, Any]) -> bool:
        if self.mission is not None and e.get("mission_id") != self.mission:
            return False
        if self.missions is not None and e.get("mission_id") not in self.missions:
            return False
        if self.token is not None and e.get("token_name") != self.token:
            return False
        if self.adapter is not None and e.get("adapter") != self.adapter:
            return False
        if self.phase is not None and e.get("phase") != self.phase:
            return False
        if self.failed and not is_failed(e):
            return False
        if self.since is not None and str(e.get("ts") or "") < self.since:
            return False
        return True

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v not in (None, False)}
