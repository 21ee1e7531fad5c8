"""What was spent, from the request journal: sums by mission, adapter, token or phase.

Every journal line carries ``cost.usd`` (0 for free adapters, cache hits and failed
calls; see :mod:`scout.providers.cost`). A row of a summary counts, for one value of the
grouping key: ``calls`` (journal lines: every try, cache hit and skip), ``ok``,
``failed`` (lines with an error: retries, token rotations, errors, budget stops),
``cache_hits`` and ``usd``. Filters: mission, adapter, token, phase, since. ``sent``
lines (a paid request about to leave) are not counted: the line that ends the try is;
unanswered ones are listed apart as ``in_doubt`` (:mod:`scout.providers.in_doubt`).

Two ways to the same numbers: through the index (fast; the default) and a cold scan of
every journal file (``use_index=False``; also the fallback when the index cannot be
written). ``benchmarks/cost_summary.py`` times both side by side; the tests check they
agree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scout.audit.filters import JournalFilter, is_failed
from scout.audit.journal_query import in_doubt_lookup, open_index
from scout.errors import UsageError
from scout.providers.in_doubt import SENT, InDoubt, scan_in_doubt
from scout.providers.journal import TornLine, iter_journal
from scout.providers.spend import usd_of
from scout.suggest import did_you_mean
from scout.termsafe import clean

BY = ("mission", "adapter", "token", "phase")
_FIELD = {"mission": "mission_id", "adapter": "adapter", "token": "token_name",
          "phase": "phase", "action": "action", "result": "result"}


@dataclass
class CostRow:
    key: str | None
    calls: int = 0
    ok: int = 0
    failed: int = 0
    cache_hits: int = 0
    usd: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "calls": self.calls, "ok": self.ok, "failed": self.failed,
                "cache_hits": self.cache_hits, "usd": round(self.usd, 6)}


@dataclass
class CostSummary:
    """Rows per grouping, the total, and how the numbers were read."""

    groups: dict[str, list[CostRow]]
    total: CostRow
    filters: dict[str, Any] = field(default_factory=dict)
    source: str = "index"
    note: str | None = None
    torn: int = 0
    in_doubt: InDoubt = field(default_factory=InDoubt)
    #: how many names (a mission, an adapter…) held control characters, cleaned before
    #: grouping (:func:`_cleaned`)
    cleaned: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"filters": self.filters, "total": self.total.to_dict(),
                **{f"by_{by}": [r.to_dict() for r in rows] for by, rows in self.groups.items()},
                "source": self.source, "note": self.note, "torn_lines": self.torn,
                "in_doubt": self.in_doubt.to_dict(), "cleaned_names": self.cleaned}


def check_by(by: str) -> str:
    if by not in BY:
        raise UsageError(f"cannot group costs by {by!r}", code="USE001",
                         hint=did_you_mean(by, BY, what="groupings") or
                         f"one of: {', '.join(BY)}")
    return by


def _sorted(rows: Iterable[CostRow]) -> list[CostRow]:
    return sorted(rows, key=lambda r: (-round(r.usd, 9), -r.calls, r.key or ""))


def _cleaned(rows: Iterable[CostRow]) -> tuple[list[CostRow], list[str]]:
    """The rows with their keys as a terminal shows them (:func:`scout.termsafe.clean`),
    those that then read the same summed into one: a journal line's "tav\\x00ily" is
    "tavily", never a second "tavily" row. Also the cleaned names, to say so."""
    merged: dict[str | None, CostRow] = {}
    changed: list[str] = []
    for r in rows:
        key = r.key if r.key is None else clean(r.key)
        if key != r.key and r.key is not None:
            changed.append(r.key)
        row = merged.setdefault(key, CostRow(key))
        row.calls += r.calls
        row.ok += r.ok
        row.failed += r.failed
        row.cache_hits += r.cache_hits
        row.usd += r.usd
    return _sorted(merged.values()), changed


def scan_aggregate(runtime_dir: str | Path, bys: Iterable[str], flt: JournalFilter
                   ) -> tuple[dict[str, list[CostRow]], CostRow, int]:
    """The cold path: one pass over every journal file, no index."""
    bys = list(bys)
    acc: dict[str, dict[Any, CostRow]] = {by: {} for by in bys}
    total = CostRow("total")
    torn: list[TornLine] = []
    for e in iter_journal(runtime_dir, torn):
        if not flt.matches(e) or e.get("result") == SENT:  # the try's own line counts
            continue
        usd = usd_of(e)
        result = e.get("result")
        failed = is_failed(e)
        for row in [total] + [_row(acc[by], e.get(_FIELD[by])) for by in bys]:
            row.calls += 1
            row.usd += usd
            if result == "ok":
                row.ok += 1
            elif result == "cache_hit":
                row.cache_hits += 1
            if failed:
                row.failed += 1
    return {by: _sorted(acc[by].values()) for by in bys}, total, len(torn)


def _row(rows: dict[Any, CostRow], key: Any) -> CostRow:
    k = key if key is None or isinstance(key, str) else str(key)
    row = rows.get(k)
    if row is None:
        row = rows[k] = CostRow(k)
    return row


def cost_summary(runtime_dir: str | Path, bys: Iterable[str] = ("mission",),
                 flt: JournalFilter | None = None, *, use_index: bool = True,
                 in_doubt: bool = True) -> CostSummary:
    """Sums grouped by each of ``bys`` (mission, adapter, token, phase) under ``flt``;
    without ``in_doubt`` the calls in doubt are not looked for (a listing that needs
    only the sums: it would read every journal file for them)."""
    bys = [check_by(b) for b in bys]
    flt = flt or JournalFilter()
    runtime_dir = Path(runtime_dir)
    idx, note = open_index(runtime_dir) if use_index else (None, None)
    if idx is None:
        doubt = scan_in_doubt(runtime_dir, flt.matches) if in_doubt else InDoubt()
        groups, total, torn = scan_aggregate(runtime_dir, bys, flt)
        return _summary(groups, total, flt, "scan", note, torn, doubt)
    try:
        # a lookup in the index, each line it names checked against the journal; a
        # journal that keeps disagreeing with it is read whole, as without an index
        found = in_doubt_lookup(idx, runtime_dir, flt.matches) if in_doubt else InDoubt()
        doubt = found if found is not None else scan_in_doubt(runtime_dir, flt.matches)
        if bys:
            rows = idx.aggregate(bys, flt)
            groups = {by: _sorted(CostRow(**r) for r in rows[by]) for by in bys}
            total = _total(groups[bys[0]])
        else:
            groups = {}
            total = _total(CostRow(**r) for r in idx.aggregate(["result"], flt)["result"])
        torn = len(idx.torn_lines())
    finally:
        idx.close()
    return _summary(groups, total, flt, "index", None, torn, doubt)


def _summary(groups: dict[str, list[CostRow]], total: CostRow, flt: JournalFilter,
             source: str, note: str | None, torn: int, doubt: InDoubt) -> CostSummary:
    """The summary, each grouping's names cleaned (:func:`_cleaned`), counted once each."""
    changed: set[str] = set()
    for by in list(groups):
        groups[by], names = _cleaned(groups[by])
        changed.update(names)
    return CostSummary(groups, total, flt.to_dict(), source, note, torn, doubt, len(changed))


def _total(rows: Iterable[CostRow]) -> CostRow:
    t = CostRow("total")
    for r in rows:
        t.calls += r.calls
        t.ok += r.ok
        t.failed += r.failed
        t.cache_hits += r.cache_hits
        t.usd += r.usd
    return t

