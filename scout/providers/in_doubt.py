"""Paid calls *in doubt*: journaled as ``sent`` but never answered in the journal.

Before each paid request leaves (an adapter whose tariff prices a call above 0), the
providers layer writes a ``sent`` line whose ``response_summary.call`` is a fresh id; the
line that ends that try (``ok``, ``retry``, ``token_rotated``, ``error``) carries the same
id. A process killed while the request is in flight (or after the answer arrived but
before it was recorded) leaves the ``sent`` line alone: the provider may have billed it,
scout cannot know. ``scout audit``, ``scout cost`` and the report's cost table show such
calls as *in doubt*, with their estimated price, instead of pretending they cost nothing.

While a mission is running its calls in flight look the same; the figure is final once
no process works on the mission.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scout.fsutil import loads_stored, open_stored
from scout.providers.journal import MAX_LINE_BYTES

SENT = "sent"
#: what a call id looks like (a fresh hex id per paid try)
CALL_ID = re.compile(r"[0-9a-f]{8,32}")
_CALL = re.compile(rb'"call":\s*"([0-9a-f]{8,32})"')
_SENT = re.compile(rb'"result":\s*"sent"')


@dataclass
class InDoubt:
    """The unanswered ``sent`` lines (in journal order) and their estimated USD."""

    lines: list[dict[str, Any]] = field(default_factory=list)

    @property
    def calls(self) -> int:
        return len(self.lines)

    @property
    def usd(self) -> float:
        return round(sum(_estimate(e) for e in self.lines), 8)

    def to_dict(self) -> dict[str, Any]:
        return {"calls": self.calls, "usd_estimate": round(self.usd, 6),
                "lines": [{"ts": e.get("ts"), "mission_id": e.get("mission_id"),
                           "phase": e.get("phase"), "adapter": e.get("adapter"),
                           "token_name": e.get("token_name"),
                           "call": (e.get("response_summary") or {}).get("call"),
                           "estimate_usd": _estimate(e)} for e in self.lines]}


def _estimate(entry: dict[str, Any]) -> float:
    value = (entry.get("response_summary") or {}).get("estimate_usd")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else 0.0


def call_id(entry: dict[str, Any]) -> str | None:
    summary = entry.get("response_summary")
    value = summary.get("call") if isinstance(summary, dict) else None
    return value if isinstance(value, str) else None


def in_doubt_of(entries: Iterable[dict[str, Any]],
                keep: Callable[[dict[str, Any]], bool] | None = None) -> InDoubt:
    """The ``sent`` lines among ``entries`` that no later line answers (same call id);
    ``keep`` filters the ``sent`` lines (a mission, an adapter ...)."""
    pending: dict[str, dict[str, Any]] = {}
    for e in entries:
        cid = call_id(e)
        if cid is None:
            continue
        if e.get("result") == SENT:
            if keep is None or keep(e):
                pending[cid] = e
        else:
            pending.pop(cid, None)
    return InDoubt(list(pending.values()))


#: how much of a journal file :func:`scan_in_doubt` holds at once
_CHUNK = 1 << 20


def _call_lines(path: Path) -> Iterator[bytes]:
    """The lines of ``path`` in blocks of about :data:`_CHUNK` bytes (a night's journal
    is tens of MB a file: never held whole), a block with no call id skipped unsplit."""
    try:  # a regular file (a FIFO standing there waited for a writer forever)
        f = open_stored(path)
    except OSError:
        return
    with f:
        rest = b""
        skipping = False  # inside a line too long to hold (a damaged or hostile file)
        while True:
            chunk = f.read(_CHUNK)
            if not chunk:
                break
            data = rest + chunk
            cut = data.rfind(b"\n")
            if cut < 0:
                skipping = skipping or len(data) > MAX_LINE_BYTES
                rest = b"" if skipping else data
                continue
            block, rest = data[:cut], data[cut + 1:]
            if skipping:  # the block's first line is the long line's end: not a line
                block, skipping = block.partition(b"\n")[2], False
            if b'"call"' in block:
                yield from (line for line in block.split(b"\n")
                            if len(line) <= MAX_LINE_BYTES)
        if rest and not skipping and b'"call"' in rest:
            yield rest


def scan_in_doubt(runtime_dir: str | Path,
                  keep: Callable[[dict[str, Any]], bool] | None = None) -> InDoubt:
    """:func:`in_doubt_of` over every journal file, parsing only the lines that carry a
    call id (a byte search first), so it stays fast on a 50 MB journal; read a
    block at a time, so its memory does not grow with the files."""
    from scout.providers.journal import journal_files

    pending: dict[str, dict[str, Any]] = {}
    for path in journal_files(runtime_dir):
        for raw in _call_lines(path):
            m = _CALL.search(raw)
            if m is None:
                continue
            cid = m.group(1).decode()
            if _SENT.search(raw):
                try:
                    e = loads_stored(raw)
                except ValueError:
                    continue  # a torn line: the read reports it elsewhere
                if isinstance(e, dict) and e.get("result") == SENT and call_id(e) == cid \
                        and (keep is None or keep(e)):
                    pending[cid] = e
            else:
                pending.pop(cid, None)
    return InDoubt(list(pending.values()))
