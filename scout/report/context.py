"""What a report template sees about the mission itself: phase states, costs, notices.

Built from two sources of truth — the phase states the orchestrator recorded and the
request journal lines of this mission — so the report can never claim a degradation
that did not happen, or hide one that did ("tavily failed: HTTP 500 — duckduckgo
answered", "perplexity skipped: PERPLEXITY_API_KEY not set").
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

DEGRADED = ("succeeded_partial", "failed_retryable", "failed_terminal", "skipped",
            "blocked_missing_input", "stale")


@dataclass
class PhaseRow:
    id: str
    uses: str
    status: str
    description: str = ""
    reason: str | None = None
    answered_by: str | None = None
    attempts: int = 0
    items_total: int | None = None
    items_failed: int = 0
    errors: list[str] = field(default_factory=list)
    optional: bool = False

    @property
    def degraded(self) -> bool:
        return self.status in DEGRADED


@dataclass
class CostRow:
    adapter: str
    calls: int = 0
    cache_hits: int = 0
    errors: int = 0
    skipped: int = 0
    usd: float = 0.0


@dataclass
class MissionView:
    mission_id: str
    pipeline: str
    phases: list[PhaseRow] = field(default_factory=list)
    costs: list[CostRow] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    mermaid: str = ""
    budget_stopped: bool = False
    max_cost: float | None = None

    @property
    def total_usd(self) -> float:
        return round(sum(c.usd for c in self.costs), 6)

    @property
    def degraded_phases(self) -> list[PhaseRow]:
        return [p for p in self.phases if p.degraded]

    def phase(self, pid: str) -> PhaseRow | None:
        return next((p for p in self.phases if p.id == pid), None)


def summarise_journal(entries: list[dict[str, Any]]) -> tuple[list[CostRow], list[str]]:
    """Costs per adapter and plain-language notices of failovers and skips."""
    costs: "OrderedDict[str, CostRow]" = OrderedDict()
    failures: "OrderedDict[tuple[str, str], list[str]]" = OrderedDict()
    answered: dict[tuple[str, str], str] = {}
    skips: "OrderedDict[str, str]" = OrderedDict()
    for e in entries:
        adapter = str(e.get("adapter") or "?")
        phase = str(e.get("phase") or "?")
        result = str(e.get("result") or "")
        row = costs.setdefault(adapter, CostRow(adapter))
        usd = float(((e.get("cost") or {}).get("usd")) or 0.0)
        row.usd = round(row.usd + usd, 6)
        chain = e.get("chain") or {}
        if chain.get("answered_by"):
            answered[(phase, str(chain.get("name") or ""))] = str(chain["answered_by"])
        if result == "cache_hit":
            row.cache_hits += 1
        elif result in ("skipped", "circuit_open"):
            row.skipped += 1
            why = e.get("error") or e.get("message") or result.replace("_", " ")
            skips.setdefault(adapter, f"{adapter} skipped: {why}")
        elif result in ("ok", ""):
            row.calls += 1
        else:
            row.calls += 1
            row.errors += 1
            summary = e.get("response_summary") or {}
            status = summary.get("status")
            what = str(e.get("error") or result)
            if status:
                what += f" (HTTP {status})"
            failures.setdefault((phase, adapter), []).append(what)
    notices = list(skips.values())
    for (phase, adapter), errs in failures.items():
        kinds = sorted(set(errs))
        who = [a for (p, _), a in answered.items() if p == phase and a != adapter]
        tail = f"; {who[0]} answered instead" if who else ""
        notices.append(f"{phase}: {adapter} failed {len(errs)}x ({', '.join(kinds)}){tail}")
    return list(costs.values()), notices
