"""``scout journal replay ENTRY``: send a journaled request again, through the same adapter.

The entry (found by its id, see :mod:`scout.audit.journal_query`) must hold the request
exactly as it was sent. It is refused (``USE021``) when it does not:

* no request was recorded (a ``skipped`` link, a ``circuit_open`` line);
* a free-text field was stored as keywords only (``SynthesisRequest.question``,
  ``.evidence``, ``.task``: see :mod:`scout.adapters.contract.redact`), or e-mail addresses,
  phone numbers or secret values were scrubbed out of it — sending what the journal
  holds would be a different request, and the comparison would mean nothing;
* the recorded type or fields no longer validate, or the adapter is not configured.

Otherwise the request is rebuilt as its typed model and sent through a fresh
:class:`~scout.providers.runtime.ProviderRuntime` — token pool, retries, rate cap,
journal and cost, the one path every call takes — with the cache off (a cached answer
would not be a replay) and the adapter as a one-link chain. The new lines are journaled
under the pseudo mission ``_replay`` (never a valid mission id, so a replay's cost never
counts against a mission's ``max_cost``), with the original phase.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from pydantic import ValidationError

from scout.audit.journal_lines import entry_id
from scout.audit.journal_query import JournalEntry, find_entry
from scout.config.models import ChainLink, Config
from scout.errors import NotReplayable, ProviderError
from scout.adapters.contract import REQUEST_TYPES, Request
from scout.providers.journal import Journal
from scout.suggest import did_you_mean

REPLAY_MISSION = "_replay"
_BY_NAME: dict[str, type[Request]] = {cls.__name__: cls for cls in REQUEST_TYPES.values()}
_SCRUB_MARKS = ("[email]", "[phone]", "[secret:")
#: response_summary fields shown side by side (in this order), then the rest
SUMMARY_KEYS = ("status", "items", "duration_ms", "attempt", "rate_wait_ms", "credits",
                "tokens", "wait_ms", "reason")


def _refuse(entry: JournalEntry, why: str, hint: str) -> NotReplayable:
    return NotReplayable(f"journal entry {entry.id} cannot be replayed: {why}", hint=hint)


def _scrubbed(value: Any, path: str = "") -> list[str]:
    """Paths of strings in ``value`` that carry a scrub mark."""
    if isinstance(value, str):
        return [path or "request"] if any(m in value for m in _SCRUB_MARKS) else []
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _scrubbed(v, f"{path}.{k}" if path else k)]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _scrubbed(v, f"{path}[{i}]")]
    return []


def rebuild_request(entry: JournalEntry) -> Request:
    """The typed request an entry recorded, or ``USE021`` saying why it cannot be sent."""
    doc = entry.data.get("request")
    force = (f"rerun the phase instead: scout apply ... --mission-id "
             f"{entry.data.get('mission_id')} --force {entry.data.get('phase')}")
    if not isinstance(doc, dict):
        raise _refuse(entry, f"it records no request (result {entry.data.get('result')!r})",
                      "replay a line whose result is ok, error, retry or token_rotated")
    doc = dict(doc)
    type_name = str(doc.pop("type", ""))
    cls = _BY_NAME.get(type_name)
    if cls is None:
        raise _refuse(entry, f"unknown request type {type_name!r}",
                      "it was written by another version of scout")
    redacted = sorted(k for k in cls.redact
                      if isinstance(doc.get(k), dict) and set(doc[k]) == {"keywords"})
    if redacted:
        raise _refuse(entry, f"its request was redacted when journaled: "
                      f"{', '.join(redacted)} stored as keywords only, so the journal does "
                      "not hold what was sent", force)
    scrubbed = _scrubbed(doc)
    if scrubbed:
        raise _refuse(entry, "its request was redacted when journaled: e-mail, phone or "
                      f"secret values scrubbed from {', '.join(scrubbed)}", force)
    try:
        return cls.model_validate(doc)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise _refuse(entry, f"the recorded {cls.__name__} does not validate "
                      f"({'.'.join(map(str, first['loc']))}: {first['msg']})",
                      "it was written by another version of scout") from None


class _CapturingJournal(Journal):
    """The runtime's journal, remembering the lines this replay wrote."""

    def __init__(self, runtime_dir: Path, max_bytes: int | None = None) -> None:
        super().__init__(runtime_dir, max_bytes=max_bytes)
        self.lines: list[bytes] = []

    def append_raw(self, line: bytes) -> None:
        super().append_raw(line)
        self.lines.append(line)


def summary(entry: dict[str, Any]) -> dict[str, Any]:
    """The comparable part of a journal line, flat, for the side-by-side view."""
    rs = entry.get("response_summary") or {}
    out: dict[str, Any] = {"ts": entry.get("ts"), "result": entry.get("result"),
                           "token": entry.get("token_name")}
    for k in SUMMARY_KEYS:
        if k in rs:
            out[k] = rs[k]
    cost = entry.get("cost") or {}
    out["cost_usd"] = cost.get("usd")
    out["cost_basis"] = cost.get("basis")
    err = entry.get("error")
    out["error"] = (f"{err.get('kind')}: {err.get('message')}" if isinstance(err, dict)
                    else None)
    out["answered_by"] = (entry.get("chain") or {}).get("answered_by")
    return out


@dataclass
class ReplayResult:
    entry: JournalEntry
    new_lines: list[dict[str, Any]] = field(default_factory=list)  # with "id"
    ok: bool = False
    error: dict[str, Any] | None = None

    @property
    def old(self) -> dict[str, Any]:
        return summary(self.entry.data)

    @property
    def new(self) -> dict[str, Any]:
        final = self.new_lines[-1] if self.new_lines else {}
        out = summary(final)
        out["tries"] = len([x for x in self.new_lines if x.get("result") not in ("skipped", "sent")])
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"entry": self.entry.id, "adapter": self.entry.data.get("adapter"),
                "action": self.entry.data.get("action"), "ok": self.ok, "error": self.error,
                "old": self.old, "new": self.new,
                "new_entries": [x["id"] for x in self.new_lines],
                "request": self.entry.data.get("request")}


def replay(
    root: Path,
    ref: str,
    config: Config,
    *,
    env: Mapping[str, str] | None = None,
    adapter_factory: Callable[..., Any] | None = None,
    transport: httpx.BaseTransport | None = None,
    sleep: Callable[[float], None] | None = None,
) -> ReplayResult:
    """Replay the journal entry ``ref`` (an id or unique prefix) under ``root``."""
    from scout.providers.runtime import ProviderRuntime

    runtime_dir = root / "runtime"
    entry = find_entry(runtime_dir, ref)
    request = rebuild_request(entry)
    adapter = str(entry.data.get("adapter") or "")
    if adapter not in config.adapters:
        raise _refuse(entry, f"adapter {adapter!r} is not in {config.path}",
                      did_you_mean(adapter, config.adapters, what="adapters")
                      or "replay with the config the mission ran with (--config)")
    kw: dict[str, Any] = {"sleep": sleep} if sleep is not None else {}
    journal = _CapturingJournal(runtime_dir)
    rt = ProviderRuntime(config, root, REPLAY_MISSION, no_cache=True, env=env,
                         adapter_factory=adapter_factory, transport=transport,
                         journal=journal, **kw)
    result = ReplayResult(entry)
    try:
        gw = rt.gateway(str(entry.data.get("phase") or "replay"), links=(ChainLink(adapter),))
        try:
            gw.call(request)
            result.ok = True
        except ProviderError as exc:
            result.error = {"code": exc.code, "kind": exc.kind,
                            "message": rt.ledger.safe_text(exc.message),
                            "hint": rt.ledger.safe_text(exc.hint) if exc.hint else None}
    finally:
        rt.close()
    for raw in journal.lines:
        line = raw.rstrip(b"\n")
        result.new_lines.append({"id": entry_id(line), **json.loads(line)})
    return result
