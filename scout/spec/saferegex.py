"""An author's regular expression run over outside text (a result's title or address, a
request) within a bounded time, or a clear error naming the pattern's place.

``scout validate`` refuses the patterns whose backtracking is known to explode
(scout.spec.regexcheck), but no static check sees every shape, and Python's ``re`` can be
stopped by nothing once a match starts: a phase runs in a worker thread, where no signal
reaches it. So the patterns run on the ``regex`` package (PyPI; ``re``'s syntax and
meaning, version 0), whose matcher takes a ``timeout`` and releases the GIL while it
works: a pattern past :data:`MATCH_SECONDS` on one text is :class:`PatternTimeout`
(RUN024), the phase's failure at once. ``regex`` also stops the common blow-ups that
``re`` does not (``(x+x+)+y`` is 1 ms where ``re`` takes a second per 22 characters,
doubling each), so a kind validated before these checks still runs. ``regex`` is a pinned
core dependency: an install without it fails at import, loudly, rather than running
author patterns unbounded.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from scout.errors import StepError

#: the seconds one pattern may take on one text: a real one reads a title in microseconds
#: and a request in well under a millisecond ("regex" reads its clock now and then, so a
#: stopped match may run up to about a second past it)
MATCH_SECONDS = 1.0

# imported by name through importlib: the package ships no type stubs
_REGEX: Any = importlib.import_module("regex")


class PatternTimeout(StepError):
    """An author's pattern took more than :data:`MATCH_SECONDS` on one text: it backtracks
    without end on some texts; never retried, the same text would stop it again."""

    code = "RUN024"


@lru_cache(maxsize=512)
def _compiled(pattern: str, flags: int) -> Any:
    # the flags scout passes (re.I) have the same values in regex (A does not: never passed)
    try:
        return _REGEX.compile(pattern, flags | _REGEX.VERSION0)
    except _REGEX.error as exc:  # what a caller of re expects of a pattern that is wrong
        raise re.error(str(exc)) from None


def _stopped(pattern: str, where: str, text: str) -> PatternTimeout:
    return PatternTimeout(
        f"{where} {pattern!r} took more than {MATCH_SECONDS:g} s on a text of {len(text):,} "
        f"characters and was stopped: it backtracks without end on some texts",
        hint="make each repeated part start or end with something it needs ('(\\w+\\s)+', "
             "not '(\\w+\\s?)+'), or write the repeat possessive ('++', '*+'); "
             "`scout validate` names the shapes it knows")


def _timeout() -> dict[str, Any]:
    # read at each call: tests shorten the bound
    return {"timeout": MATCH_SECONDS, "concurrent": True}


def search(pattern: str, text: str, flags: int = 0, *, where: str) -> Any:
    """``re.search(pattern, text, flags)`` within the bound; ``where`` names the
    pattern's place in the kind (``extract.exclude_patterns[1]``)."""
    try:
        return _compiled(pattern, flags).search(text, **_timeout())
    except TimeoutError:
        raise _stopped(pattern, where, text) from None


def sub(pattern: str, repl: str, text: str, flags: int = 0, *, where: str) -> str:
    """``re.sub(pattern, repl, text, flags=flags)`` within the bound."""
    try:
        return str(_compiled(pattern, flags).sub(repl, text, **_timeout()))
    except TimeoutError:
        raise _stopped(pattern, where, text) from None


def finditer(pattern: str, text: str, flags: int = 0, *, where: str) -> Iterator[Any]:
    """``re.finditer(pattern, text, flags)`` within the bound, each match found in turn
    (the bound is the whole walk's)."""
    try:
        yield from _compiled(pattern, flags).finditer(text, **_timeout())
    except TimeoutError:
        raise _stopped(pattern, where, text) from None
