"""How a report template's problems are shown (scout.validate.templates): its file named
as the spec's is (:func:`shown_path`), a msgid's problem at its call
(:func:`msgid_column`), and what to write when ``_()`` is used as a filter
(:data:`TRANSLATE_HINT`)."""

from __future__ import annotations

import re
from pathlib import Path


def shown_path(path: Path, relative: bool) -> str:
    """``path`` as the problems name the spec's file: from the current folder when the
    spec's path was given so and ``path`` is inside it (a template is found under the
    research root, an absolute path), else as it is."""
    if not relative:
        return str(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


#: gettext's names: functions in a template, never filters (``map('gettext')``)
GETTEXT_NAMES = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext"})
#: the filter that translates a value, and (through ``map``) each value of a list
TRANSLATE_HINT = ("_() and gettext are functions, not filters: translate a value with "
                  "x | l10n, each one of a list with xs | map('l10n') (the kind's catalog, "
                  "then scout's)")

#: a gettext call in a template's line; ``{% trans %}`` is a block
_GETTEXT_CALL = re.compile(r"(?<![\w.])(?:_|gettext|ngettext|pgettext|npgettext)\s*\(")
_TRANS = re.compile(r"\{%-?\s*(trans)\b")


def msgid_column(line: str, msgid: str) -> int:
    """The 1-based column of the call that passes ``msgid`` in ``line``: the gettext name
    before the msgid's literal (``_(`` of ``_("car")`` among other calls), else the line's
    first call or ``{% trans %}``, else 1 (a literal written with escapes, a call that
    starts on an earlier line)."""
    calls = [m.start() for m in _GETTEXT_CALL.finditer(line)]
    quoted = [line.find(q + msgid + q) for q in ('"', "'")]
    at = min((q for q in quoted if q >= 0), default=-1)
    if at >= 0:
        return max((c for c in calls if c < at), default=at) + 1
    if calls:
        return calls[0] + 1
    trans = _TRANS.search(line)
    return trans.start(1) + 1 if trans else 1

