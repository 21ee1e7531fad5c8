"""The totals of a runs dir's listing: how many missions, how many of each status, how
many failed, how many are damaged, and what the journal says they cost, over *every*
mission (not the page shown): what an operator asks of a night of 3,000 missions first.
``scout runs`` prints it as a last line; ``GET /api/missions``, MCP's ``runs`` and the
dashboard carry it too (this model is their schema's, as :class:`~scout.audit.runs.RunRow`
is the row's).

Counted from the runs cache's entries the listing already read (no run dir is read
again); a mission whose state says ``running`` is checked for a live apply as its row is
(``interrupted`` otherwise). The cost is one sum over the journal index (calls in doubt
are not looked for, as the listing's own costs are not).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from scout.audit.cost import cost_summary
from scout.audit.filters import JournalFilter
from scout.orchestrator.lockinfo import apply_alive

#: statuses of a mission that did not succeed and is not running or interrupted
FAILED_PREFIX = "failed"


class RunsSummary(BaseModel):
    """Every mission's totals: ``missions``; ``by_status`` (a live check made of each
    ``running``); ``failed``, those whose status says failed; ``damaged``, those whose
    files are damaged or unreadable; ``cost_usd``, the journal's sum for every mission
    it names (None when there is no journal)."""

    model_config = ConfigDict(extra="forbid")

    missions: int = Field(description="how many missions there are (every page's)")
    by_status: dict[str, int] = Field(default_factory=dict, description=(
        "how many of each status (a `running` one whose apply is gone counts as "
        "`interrupted`)"))
    failed: int = Field(default=0, description="those whose status says failed")
    damaged: int = Field(default=0, description=(
        "those whose files are damaged or unreadable (`problems` names them)"))
    cost_usd: float | None = Field(default=None, description=(
        "what the request journal says every mission cost (null: no journal)"))

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump()

    def line(self) -> str:
        """'3000 missions: 2412 succeeded, 301 succeeded_partial, 187 failed, 100
        interrupted; 4 damaged; $12.3456 spent (the journal's total)'."""
        order = sorted(self.by_status.items(), key=lambda kv: (-kv[1], kv[0]))
        said = ", ".join(f"{n} {status}" for status, n in order)
        parts = [f"{self.missions} mission{'s' if self.missions != 1 else ''}"
                 + (f": {said}" if said else "")]
        if self.damaged:
            parts.append(f"{self.damaged} damaged")
        if self.cost_usd is not None:
            parts.append(f"${self.cost_usd:.4f} spent (the journal's total)")
        return "; ".join(parts)


def summarize(entries: list[tuple[Path, dict[str, Any]]],
              runtime_dir: str | Path | None, use_index: bool = True) -> RunsSummary:
    """The totals of ``entries`` ((run dir, its runs-cache entry) of every mission)."""
    by_status: dict[str, int] = {}
    damaged = 0
    for run_dir, entry in entries:
        status = str(entry["status"])
        if status == "running" and not apply_alive(run_dir):
            status = "interrupted"
        by_status[status] = by_status.get(status, 0) + 1
        damaged += bool(entry.get("problem"))
    failed = sum(n for status, n in by_status.items() if status.startswith(FAILED_PREFIX))
    cost = None
    if runtime_dir is not None and Path(runtime_dir).is_dir():
        # one sum over the index, not a group per mission: the same figure, for the
        # journal holds only these runs' calls (a mission removed since still cost it)
        total = cost_summary(runtime_dir, [], JournalFilter(), use_index=use_index,
                             in_doubt=False).total
        cost = round(total.usd, 6)
    return RunsSummary(missions=len(entries), by_status=by_status, failed=failed,
                       damaged=damaged, cost_usd=cost)
