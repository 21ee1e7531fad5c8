"""Response models of the HTTP API: they shape the OpenAPI document and every response is
validated against them on the way out (a mismatch is a 500, which the Schemathesis test
would catch)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from scout.audit.runs import RunRow
from scout.audit.runs_summary import RunsSummary


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorBody(_Model):
    code: str
    message: str
    hint: str | None = None


class ErrorResponse(_Model):
    error: ErrorBody


class Health(_Model):
    status: str
    version: str


class CostRow(_Model):
    key: str | None
    calls: int
    ok: int
    failed: int
    cache_hits: int
    usd: float


class InDoubtLine(_Model):
    ts: str | None
    mission_id: str | None
    phase: str | None
    adapter: str | None
    token_name: str | None
    call: str | None
    estimate_usd: float


class InDoubt(_Model):
    """Paid requests journaled as sent with no answer recorded (scout.providers.in_doubt)."""

    calls: int
    usd_estimate: float
    lines: list[InDoubtLine]


class CostSummary(_Model):
    filters: dict[str, Any]
    total: CostRow
    by_mission: list[CostRow] | None = None
    by_adapter: list[CostRow] | None = None
    by_token: list[CostRow] | None = None
    by_phase: list[CostRow] | None = None
    #: the rows each grouping left out (``?limit=``: the costliest kept), and what was
    by_mission_left_out: int | None = None
    by_adapter_left_out: int | None = None
    by_token_left_out: int | None = None
    by_phase_left_out: int | None = None
    rows_note: str | None = None
    source: str
    note: str | None
    torn_lines: int
    in_doubt: InDoubt | None = None
    #: names (a mission, an adapter…) that held control characters, cleaned before grouping
    cleaned_names: int = 0


class Missions(_Model):
    runs: list[RunRow]  # the row `scout runs` lists (scout.audit.runs), not a copy of it
    #: how many missions there are, and what was left out (``?limit=``), as MCP's runs
    total: int
    note: str | None = None
    #: the ``cursor`` of the next page (None: this is the last), and the ids of every
    #: mission whose files are damaged or unreadable (each row's ``problem`` says what)
    next_cursor: str | None = None
    problems: list[str] = Field(default_factory=list)
    #: every mission's totals, not the page's, as `scout runs`' last line
    summary: RunsSummary | None = None


class MissionState(_Model):
    mission_id: str
    status: str
    runs: int
    pid: int | None
    pipeline: str | None
    started_at: str | None
    finished_at: str | None
    exit_code: int | None
    reason: str | None
    #: which cap stopped a ``stopped_budget`` mission: RUN004 its own, RUN008 its batch's
    stop_code: str | None = None
    seq: int
    phases: dict[str, dict[str, Any]]
    #: how many phases there are, and what was left out (``?phases=``), as MCP's status
    phases_count: int
    phases_note: str | None = None
    #: what to do about a mission that failed or stopped at its cost cap (an input to
    #: give with ``--set``, a higher ``--max-cost``…), as ``scout status`` says it
    hint: str | None = None


class TornLine(_Model):
    file: str
    line: int | None
    text: str
    incomplete: bool


class JournalPage(_Model):
    mission_id: str
    count: int
    entries: list[dict[str, Any]]
    torn: list[TornLine]
    files: list[str]
    source: str
    note: str | None


class LastError(_Model):
    at: str | None
    kind: str | None
    message: str | None


class PoolToken(_Model):
    pool: str
    name: str
    strategy: str
    weight: int
    value_from: str
    value_set: bool
    status: str
    until: str | None
    requests: int
    errors: int
    last_error: LastError | None
    last_success: str | None
    last_used: str | None


class Pool(_Model):
    configured: bool
    tokens: list[PoolToken]
