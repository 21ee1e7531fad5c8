"""What a run writes down about its calls: journal lines (:class:`Ledger`) and the
report's notes on skipped links and who answered (:class:`Bookkeeping`).

Every line is built here, fields in the journal's order, with every known secret
scrubbed out (``scout.adapters.contract.redact``) before it is written; the chain and
the link caller only say what happened.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scout.adapters.contract import Request
from scout.adapters.contract import redact as R
from scout.config.models import Config
from scout.config.adaptertypes import ADAPTER_TYPES
from scout.providers.cost import FREE, Cost
from scout.providers.journal import FIELDS, Journal, utc_ts
from scout.text import cut_middle


#: the longest error message a journal line keeps: an adapter's bug on a hostile answer
#: (a KeyError of a 10 MB key) or an error page quoted whole wrote megabytes into the line,
#: and so into the audit, the journal tool and the HTTP API
ERROR_WIDTH = 2000


def _cut(error: Any) -> Any:
    # cut after the scrub: a secret cut in two would no longer be recognised
    message = error.get("message") if isinstance(error, dict) else None
    if not isinstance(message, str) or len(message) <= ERROR_WIDTH:
        return error
    return {**error, "message": cut_middle(message, ERROR_WIDTH)}


class Ledger:
    """The run's journal writer: one scrubbed line per event, counted by result."""

    def __init__(self, journal: Journal, secrets: R.SecretScrubber, mission_id: str,
                 clock: Callable[[], float]) -> None:
        self.journal = journal
        self.secrets = secrets
        self.mission_id = mission_id
        self.clock = clock
        self.results: Counter[str] = Counter()
        self._lock = threading.Lock()

    def entry(self, *, phase: str | None, adapter: str, action: str | None,
              token_name: str | None, request: dict[str, Any] | None,
              response_summary: dict[str, Any], result: str, error: dict[str, Any] | None,
              cost: Cost, chain: dict[str, Any]) -> dict[str, Any]:
        """One journal line (fields in order, secrets scrubbed), not yet written."""
        values = {
            "ts": utc_ts(self.clock()), "mission_id": self.mission_id, "phase": phase,
            "adapter": adapter, "action": action, "token_name": token_name,
            "request": request, "response_summary": R.scrub(response_summary, self.secrets),
            "result": result, "error": _cut(R.scrub(error, self.secrets)), "cost": cost.to_dict(),
            "chain": chain,
        }
        return {k: values[k] for k in FIELDS}

    def append(self, entry: dict[str, Any]) -> None:
        self.journal.append(entry)
        with self._lock:
            self.results[entry["result"]] += 1

    def line(self, **fields: Any) -> None:
        """Write one journal line (see :meth:`entry` for the fields)."""
        self.append(self.entry(**fields))

    def redact_request(self, request: Request) -> dict[str, Any]:
        return R.redact_request(request, self.secrets)

    def safe_text(self, text: str) -> str:
        """``text`` fit to print: personal data and every known secret removed."""
        return self.secrets.text(R.scrub_text(text))


@dataclass
class SkippedLink:
    adapter: str
    reason: str
    chain: str | None
    phases: list[str] = field(default_factory=list)

    @property
    def note(self) -> str:
        return f"{self.adapter} skipped: {self.reason}"


class Bookkeeping:
    """Skipped ``name?`` links (journaled once per phase) and answers per adapter."""

    def __init__(self, config: Config, ledger: Ledger) -> None:
        self.config = config
        self.ledger = ledger
        self.skipped: dict[str, SkippedLink] = {}
        self.answered_by: Counter[str] = Counter()
        self._noted: set[tuple[str, str]] = set()
        self._lock = threading.Lock()

    def note_skip(self, phase: str, chain: str | None, position: int, adapter: str,
                  reason: str, request: Request | None = None) -> None:
        """Record a skipped ``name?`` link; journaled once per phase."""
        with self._lock:
            sk = self.skipped.setdefault(adapter, SkippedLink(adapter, reason, chain))
            if phase not in sk.phases:
                sk.phases.append(phase)
            if (phase, adapter) in self._noted:
                return
            self._noted.add((phase, adapter))
        settings = self.config.adapters.get(adapter)
        action = (request.action if request is not None else
                  ADAPTER_TYPES[settings.type].capability if settings else None)
        self.ledger.line(
            phase=phase, adapter=adapter, action=action, token_name=None,
            request=self.ledger.redact_request(request) if request is not None else None,
            response_summary={"reason": reason}, result="skipped", error=None, cost=FREE,
            chain={"name": chain, "position": position, "answered_by": None})

    def note_answer(self, adapter: str) -> None:
        with self._lock:
            self.answered_by[adapter] += 1

    def skip_notes(self) -> list[str]:
        """Lines for the report, e.g. 'tavily skipped: TAVILY_API_KEY not set'."""
        return [s.note for s in self.skipped.values()]
